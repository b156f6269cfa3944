# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced by the install checks: installs the build directory $1 with
# "meson install --destdir" into a temporary directory (removed on exit)
# and sets where its parts landed:
#   INC     the include directory that pkg-config's Cflags name (.../include/libslab)
#   PCDIR   the directory of libslab.pc
#   PREFIX  the installed tree's prefix (for pkg-config --define-variable=prefix=)
#   BINDIR  the directory of slabsim
# Nothing is read from the source tree afterwards.
set -euo pipefail

fail() {
	echo "FAIL: $*"
	exit 1
}

build=$(cd "$1" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/libslab-install.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
DEST=$WORK/dest
meson install -C "$build" --destdir "$DEST" --no-rebuild --quiet > "$WORK/install.log" 2>&1 ||
	{ cat "$WORK/install.log"; fail "meson install --destdir"; }

pc=$(find "$DEST" -name libslab.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || fail "meson install put no libslab.pc under $DEST"
PCDIR=$(dirname "$pc")
# The .pc file's own prefix, relocated under the destdir.
PREFIX=$DEST$(sed -n 's/^prefix=//p' "$pc")
# shellcheck disable=SC2034  # for the scripts that source this file
BINDIR=$PREFIX/bin
cd "$WORK"

# pkg-config on the installed tree, as a user with a custom prefix runs it.
pkgconf() {
	PKG_CONFIG_PATH=$PCDIR pkg-config --define-variable=prefix="$PREFIX" "$@"
}
# Whether the installed library is a sanitizer build (Cflags -fsanitize=).
sanitizer_build() {
	case $(pkgconf --cflags libslab) in
	*-fsanitize=*) return 0 ;;
	esac
	return 1
}

INC=$(pkgconf --cflags-only-I libslab | sed -E 's/^ *-I([^ ]*).*/\1/')
[ -f "$INC/linux/slab.h" ] || fail "pkg-config's Cflags name $INC, which has no linux/slab.h"

# The C compilers the checks use, those of gcc and clang that exist.
COMPILERS=()
for c in gcc clang; do
	if command -v "$c" > /dev/null; then
		COMPILERS+=("$c")
	else
		echo "note: $c not found, not checked with it"
	fi
done
[ ${#COMPILERS[@]} -gt 0 ] || { echo "no C compiler (gcc, clang) found"; exit 77; }

