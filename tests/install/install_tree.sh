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

build=$(cd "$1" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/libslab-install.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
DEST=$WORK/dest
meson install -C "$build" --destdir "$DEST" --no-rebuild --quiet > "$WORK/install.log" 2>&1 ||
	{ cat "$WORK/install.log"; echo "meson install --destdir failed"; exit 1; }

pc=$(find "$DEST" -name libslab.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || { echo "meson install put no libslab.pc under $DEST"; exit 1; }
PCDIR=$(dirname "$pc")
# The .pc file's own prefix, relocated under the destdir.
PREFIX=$DEST$(sed -n 's/^prefix=//p' "$pc")
BINDIR=$PREFIX/bin
cd "$WORK"

# pkg-config on the installed tree, as a user with a custom prefix runs it.
pkgconf() {
	PKG_CONFIG_PATH=$PCDIR pkg-config --define-variable=prefix="$PREFIX" "$@"
}
INC=$(pkgconf --cflags-only-I libslab | sed -E 's/^ *-I([^ ]*).*/\1/')
[ -f "$INC/linux/slab.h" ] || { echo "pkg-config's Cflags name $INC, which has no linux/slab.h"; exit 1; }

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

