#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-series.sh - turn the project into a patch series against Linux 6.12.
#
#   1. Extract the pristine linux-source-6.12 into $LIBSLAB_KERNEL_DIR
#      (default /var/tmp/libslab), make it a git tree whose first commit
#      (tag libslab-base) is the tarball exactly, and reuse it while the
#      tarball is the same and the tree has no local changes.
#   2. Commit the project on branch "libslab" as a logical series: the name
#      map, the core from src/ unchanged, the Kconfig/Makefile wiring, the
#      KUnit suites, the documentation.  Commits are built with a private
#      index, so files whose content did not change keep their mtimes and
#      the next kernel build only rebuilds what changed.
#   3. Write "git format-patch --cover-letter" of the series to --out DIR
#      (default <repo>/build/kernel-series).
#
# The series is an output of the repository: never edit it by hand, change
# the repository and run this again.  kernel/scripts/check-series.sh checks
# it; the kernel runs build the checked-out branch.
set -euo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

OUT=$LIBSLAB_REPO/build/kernel-series
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	--out=*) OUT=${1#--out=}; shift ;;
	-h|--help) sed -n '4,22p' "$0"; exit 0 ;;
	*) fail "unknown argument $1 (try --help)" ;;
	esac
done

TREE=$LIBSLAB_TREE
SERIES=$LIBSLAB_REPO/kernel/series
IDENT=${LIBSLAB_SERIES_IDENT:-libslab developers <libslab@example.org>}
IDENT_NAME=${IDENT% <*}
IDENT_MAIL=${IDENT##*<}
IDENT_MAIL=${IDENT_MAIL%>}
git_tree() { git -C "$TREE" -c core.autocrlf=false -c gc.auto=0 "$@"; }

# ---- 1. the pristine tree --------------------------------------------------
tarball_id=$(stat -L -c '%n %s %Y' "$LIBSLAB_TARBALL") ||
	fail "no kernel source tarball $LIBSLAB_TARBALL (apt-get install linux-source-6.12)"
if [ ! -d "$TREE/.git" ] || [ "$(cat "$TREE/.git/libslab-tarball" 2>/dev/null)" != "$tarball_id" ]; then
	echo "make-series: extracting $LIBSLAB_TARBALL into $LIBSLAB_BASE" >&2
	rm -rf "$TREE"
	tar -C "$LIBSLAB_BASE" -xf "$LIBSLAB_TARBALL"
	[ -f "$TREE/Makefile" ] || fail "$TREE/Makefile missing after extraction"
	git -C "$TREE" init -q -b "$LIBSLAB_BRANCH"
	# -f: the base is every file of the tarball, .gitignore or not
	git_tree add -A -f .
	GIT_AUTHOR_NAME=$IDENT_NAME GIT_AUTHOR_EMAIL=$IDENT_MAIL \
	GIT_COMMITTER_NAME=$IDENT_NAME GIT_COMMITTER_EMAIL=$IDENT_MAIL \
		git_tree commit -q -m "Linux $(make -s -C "$TREE" kernelversion) from $(basename "$LIBSLAB_TARBALL")"
	git_tree tag -f "$LIBSLAB_BASE_TAG" >/dev/null
	echo "$tarball_id" > "$TREE/.git/libslab-tarball"
fi
if [ -n "$(git_tree status --porcelain --untracked-files=all --ignored | head -1)" ]; then
	echo "make-series: $TREE had local changes; resetting it to its last commit" >&2
	git_tree reset -q --hard
	git_tree clean -q -f -d -x
fi

# ---- 2. the series ----------------------------------------------------------
STAGE=$(mktemp -d "$LIBSLAB_BASE/.series.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
OVERLAY=$STAGE/tree
LIB=$OVERLAY/lib/libslab
mkdir -p "$LIB/include/linux" "$LIB/tests"
export GIT_INDEX_FILE=$STAGE/index
git_tree read-tree "$LIBSLAB_BASE_TAG"

# Same repository state, same commits: the dates are the project's HEAD's.
DATE=$(git -C "$LIBSLAB_REPO" log -1 --format=%aI 2>/dev/null || date -Iseconds)
export GIT_AUTHOR_NAME=$IDENT_NAME GIT_AUTHOR_EMAIL=$IDENT_MAIL GIT_AUTHOR_DATE=$DATE
export GIT_COMMITTER_NAME=$IDENT_NAME GIT_COMMITTER_EMAIL=$IDENT_MAIL GIT_COMMITTER_DATE=$DATE
parent=$(git_tree rev-parse "$LIBSLAB_BASE_TAG^{commit}")

# Commit the overlay as it stands on top of the previous commit, with the
# message kernel/series/$1.msg plus the sign-off.
commit_step() {
	local msg=$SERIES/$1.msg tree

	[ -f "$msg" ] || fail "missing commit message $msg"
	(cd "$OVERLAY" && find . -type f -printf '%P\n' |
		git --git-dir="$TREE/.git" --work-tree=. update-index --add --stdin)
	tree=$(git_tree write-tree)
	parent=$( { cat "$msg"; printf '\nSigned-off-by: %s\n' "$IDENT"; } |
		git_tree commit-tree "$tree" -p "$parent")
}

# A file as the overlay's starting point for an edit: the base tree's, or
# the version an earlier patch left in the overlay.
from_base() {
	[ -f "$OVERLAY/$1" ] && return
	mkdir -p "$OVERLAY/$(dirname "$1")"
	git_tree show "$LIBSLAB_BASE_TAG:$1" > "$OVERLAY/$1"
}

# 1: the glue headers that map the core's kernel names to lslab_ ones, and
#    the MAINTAINERS entry for everything the series adds
cp "$LIBSLAB_REPO"/kernel/glue/libslab_prelude.h "$LIBSLAB_REPO"/kernel/glue/libslab_core_names.h "$LIB/"
cp "$LIBSLAB_REPO"/kernel/glue/include/slab_platform_impl.h "$LIB/include/"
from_base MAINTAINERS
# The entry goes where it sorts among the section titles.
awk -v entry="$SERIES/MAINTAINERS" '
	function emit() { while ((getline line < entry) > 0) print line; print ""; done = 1 }
	started && !done && prev == "" && /^[A-Z0-9]/ && $0 !~ /^[A-Z]:\t/ && toupper($0) > "LIBSLAB" { emit() }
	/^Maintainers List/ { started = 1 }
	{ print; prev = $0 }' "$OVERLAY/MAINTAINERS" > "$STAGE/MAINTAINERS" &&
	mv "$STAGE/MAINTAINERS" "$OVERLAY/MAINTAINERS"
grep -q '^LIBSLAB' "$OVERLAY/MAINTAINERS" || fail "MAINTAINERS entry not placed"
commit_step 1-name-map

# 2: the core, unchanged from src/
shopt -s nullglob
core_c=("$LIBSLAB_REPO"/src/*.c)
[ ${#core_c[@]} -gt 0 ] || fail "no core sources in $LIBSLAB_REPO/src"
cp "${core_c[@]}" "$LIBSLAB_REPO"/src/*.h "$LIB/"
cp "$LIBSLAB_REPO"/src/include/linux/slab_api.h "$LIBSLAB_REPO"/src/include/linux/libslab.h \
	"$LIB/include/linux/"
cp "$LIBSLAB_REPO"/src/include/slab_platform.h "$LIB/include/"
commit_step 2-core

# 3: Kconfig, Makefile and module init, hooked into lib/
cp "$LIBSLAB_REPO"/kernel/glue/Kconfig "$LIBSLAB_REPO"/kernel/glue/libslab_main.c "$LIB/"
# Every core object the glue Makefile does not already build conditionally.
core_objs=()
for f in "${core_c[@]}"; do
	obj=$(basename "${f%.c}").o
	grep -q "+= $obj\$" "$LIBSLAB_REPO"/kernel/glue/Makefile || core_objs+=("$obj")
done
awk -v objs="${core_objs[*]}" '
	/^# @core-objects@$/ {
		n = split(objs, o, " ")
		for (i = 1; i <= n; i++)
			print "libslab-y += " o[i]
		next
	}
	{ print }' "$LIBSLAB_REPO"/kernel/glue/Makefile > "$LIB/Makefile"
grep -q '^libslab-y += ' "$LIB/Makefile" || fail "kernel/glue/Makefile lacks the @core-objects@ marker"
# Modules (the KUnit suites) call every function of <linux/slab_api.h> and
# <linux/libslab.h>: the core must export each one, next to its definition.
api_funcs=$(grep -hE '^[a-z][a-z0-9_ ]*[ *]+[a-z_][a-z0-9_]*\(' \
		"$LIBSLAB_REPO/src/include/linux/slab_api.h" \
		"$LIBSLAB_REPO/src/include/linux/libslab.h" | grep -v '^static' |
	sed -E 's/^[a-z][a-z0-9_ ]*[ *]+([a-z_][a-z0-9_]*)\(.*/\1/' | sort -u)
for fn in $api_funcs kmalloc_caches; do
	grep -Eq "EXPORT_SYMBOL(_GPL)?\($fn\)" "${core_c[@]}" ||
		fail "src/ does not export $fn of <linux/slab_api.h> or <linux/libslab.h> (add EXPORT_SYMBOL($fn) after it)"
done
from_base lib/Kconfig
printf '\nsource "lib/libslab/Kconfig"\n' >> "$OVERLAY/lib/Kconfig"
from_base lib/Makefile
printf '\nobj-$(CONFIG_LIBSLAB) += libslab/\n' >> "$OVERLAY/lib/Makefile"
commit_step 3-build

# 4: the KUnit suites and the test bodies they share with the cmocka suites
cp "$LIBSLAB_REPO"/kernel/tests/*.c "$LIB/tests/"
cp "$LIBSLAB_REPO"/tests/shared/*.h "$LIB/tests/"
cat "$LIBSLAB_REPO"/kernel/tests/Kconfig >> "$LIB/Kconfig"
cat "$LIBSLAB_REPO"/kernel/tests/Makefile >> "$LIB/Makefile"
commit_step 4-kunit

# 5: the documentation
mkdir -p "$OVERLAY/Documentation/mm"
cp "$SERIES/libslab.rst" "$OVERLAY/Documentation/mm/libslab.rst"
from_base Documentation/mm/index.rst
awk '/^   slub$/ && !done { print; print "   libslab"; done = 1; next } { print }' \
	"$OVERLAY/Documentation/mm/index.rst" > "$STAGE/index.rst" &&
	mv "$STAGE/index.rst" "$OVERLAY/Documentation/mm/index.rst"
grep -qx '   libslab' "$OVERLAY/Documentation/mm/index.rst" || fail "Documentation/mm/index.rst: no slub entry to follow"
commit_step 5-docs

# 6: replacement mode's names: the contract's lslab_ names mapped on to the
#    kernel's, the entry points with the kernel's signatures, the kmem
#    trace events (nothing built yet)
REPLACE=$LIBSLAB_REPO/kernel/replace
cp "$REPLACE"/libslab_kernel_names.h "$REPLACE"/libslab_mm_slab.h "$REPLACE"/libslab_kernel.c \
	"$REPLACE"/libslab_trace.c "$REPLACE"/libslab_sysfs.c "$LIB/"
commit_step 6-kernel-names

# 7: the slab allocator becomes a choice, SLUB or libslab; with libslab,
#    mm/ builds neither slub.o nor slab_common.o and lib/libslab/ is the
#    allocator
from_base mm/Kconfig
awk -v choice="$REPLACE/slab-choice.Kconfig" '
	/^config SLUB$/ { getline next_line
		if (next_line == "\tdef_bool y") {
			while ((getline line < choice) > 0) print line
			done = 1; next
		}
		print; print next_line; next }
	{ print }
	END { if (!done) exit 1 }' "$OVERLAY/mm/Kconfig" > "$STAGE/Kconfig" ||
	fail "mm/Kconfig: no \"config SLUB / def_bool y\" to make a choice of"
mv "$STAGE/Kconfig" "$OVERLAY/mm/Kconfig"
from_base mm/Makefile
if ! grep -q '^			   mm_init.o percpu.o slab_common.o \\$' "$OVERLAY/mm/Makefile" ||
	! grep -qx 'obj-y += slub.o' "$OVERLAY/mm/Makefile"; then
	fail "mm/Makefile: slab_common.o or slub.o is not where 6.12 builds it"
fi
sed -i -e 's/^\(			   mm_init.o percpu.o\) slab_common.o \\$/\1 \\/' \
	-e 's/^obj-y += slub.o$/obj-$(CONFIG_SLUB) += slab_common.o slub.o/' "$OVERLAY/mm/Makefile"
from_base lib/Makefile
printf 'obj-$(CONFIG_LIBSLAB_ALLOCATOR) += libslab/\n' >> "$OVERLAY/lib/Makefile"
cat "$REPLACE/Makefile" >> "$LIB/Makefile"
cp "$REPLACE/libslab_layout.c" "$OVERLAY/mm/"
cp "$REPLACE/libslab_replace_kunit.c" "$REPLACE/libslab_hotplug_kunit.c" "$LIB/"
printf 'obj-$(CONFIG_LIBSLAB_ALLOCATOR) += libslab_layout.o\n' >> "$OVERLAY/mm/Makefile"
commit_step 7-slab-choice

series_tip=$parent
git_tree tag -f "$LIBSLAB_SERIES_TAG" "$series_tip" >/dev/null

# 6: the differential oracle, on top of the series and not part of it: the
#    scenarios of tests/oracle/ as a KUnit suite in mm/ on the kernel's own
#    SLUB (kernel/oracle/), one line at the end of mm/slub.c that lets
#    its observer read SLUB's private state, and one at the end of
#    mm/failslab.c that lets it set failslab's cache filter.  Inert unless
#    CONFIG_SLUB_ORACLE_KUNIT is set (kernel/oracle/oracle.config).
mkdir -p "$OVERLAY/mm"
cp "$LIBSLAB_REPO"/kernel/oracle/slub_oracle_kunit.c "$LIBSLAB_REPO"/tests/oracle/slub_oracle_reads.c \
	"$LIBSLAB_REPO"/tests/oracle/slub_oracle.h "$LIBSLAB_REPO"/tests/oracle/slub_oracle_scenarios.c \
	"$OVERLAY/mm/"
from_base mm/Kconfig
cat "$LIBSLAB_REPO/kernel/oracle/Kconfig" >> "$OVERLAY/mm/Kconfig"
from_base mm/Makefile
cat "$LIBSLAB_REPO/kernel/oracle/Makefile" >> "$OVERLAY/mm/Makefile"
from_base mm/slub.c
printf '\n#ifdef CONFIG_SLUB_ORACLE_KUNIT\n#include "slub_oracle_reads.c"\n#endif\n' >> "$OVERLAY/mm/slub.c"
cp "$LIBSLAB_REPO"/kernel/oracle/slub_oracle_failslab.c "$OVERLAY/mm/"
from_base mm/failslab.c
printf '\n#ifdef CONFIG_SLUB_ORACLE_KUNIT\n#include "slub_oracle_failslab.c"\n#endif\n' >> "$OVERLAY/mm/failslab.c"
SERIES=$LIBSLAB_REPO/kernel/oracle commit_step oracle

unset GIT_INDEX_FILE
# Check out the new series.  reset --hard only rewrites files that changed.
[ "$(git_tree symbolic-ref --short HEAD)" = "$LIBSLAB_BRANCH" ] ||
	git_tree checkout -q -f "$LIBSLAB_BRANCH"
git_tree reset -q --hard "$parent"

# ---- 3. the patches ---------------------------------------------------------
mkdir -p "$OUT"
rm -f "$OUT"/*.patch
git_tree format-patch -q --cover-letter --base="$LIBSLAB_BASE_TAG" -o "$OUT" \
	"$LIBSLAB_BASE_TAG..$series_tip"
cover=$(echo "$OUT"/0000-cover-letter.patch)
subject=$(head -1 "$SERIES/cover-letter.txt")
{
	tail -n +3 "$SERIES/cover-letter.txt"
	echo
	echo "checkpatch.pl --strict is clean on every patch except for these"
	echo "reports, each for the reason given:"
	echo
	awk '!/^#/ && NF { type = $1; patch = $2; sub(/^[^#]*# */, "");
		sub(/^\*-/, "", patch); sub(/\.patch$/, "", patch);
		printf " - %s in %s: %s\n", type, patch, $0 }' "$SERIES/checkpatch-exceptions"
} > "$STAGE/blurb"
awk -v subject="$subject" -v blurb="$STAGE/blurb" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline line < blurb) > 0) print line; next }
	{ print }' "$cover" > "$STAGE/cover" && mv "$STAGE/cover" "$cover"
n=$(ls "$OUT"/*.patch | wc -l)
echo "make-series: $((n - 1)) patches and a cover letter in $OUT; tree $TREE at $(git_tree rev-parse --short HEAD)" >&2
