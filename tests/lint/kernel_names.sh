#!/usr/bin/env bash
# The kernel build renames the core's names (kernel/glue/libslab_prelude.h
# and libslab_core_names.h map each to an lslab_ name), so that the module
# never clashes with the kernel's own SLUB.  The list is kept by hand and
# checked here against the symbols of the core's objects, both ways:
#   - every global the core defines is mapped;
#   - every name libslab_core_names.h maps is a global the core defines,
#     but for its last section ("Static in the core"), names the core
#     keeps static that a kernel header declares too: each of those is
#     a static definition in src/;
#   - the core archive holds one object per src/*.c, the files the
#     kernel series builds (kernel/scripts/make-series.sh copies src/*.c),
#     so its symbols are the kernel build's.
# The same check of globals runs on the kernel objects in
# kernel/scripts/run-kunit.sh; this one catches a new global or a stale
# line in seconds instead of after a kernel build.
#
# Usage: kernel_names.sh <libslabcore.a> <kernel/glue directory> <src directory>
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: kernel_names.sh <libslabcore.a> <kernel/glue directory> <src directory>, not: $*" >&2; exit 2; }
core=$1
glue=$2
src=$3
names=$glue/libslab_core_names.h
map_line='s/^#define[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]]+lslab_.*/\1/p'
mapped=$(sed -nE "$map_line" "$glue/libslab_prelude.h" "$names" | sort -u)
# The names before the "Static in the core" comment, and after it.
listed=$(sed '/Static in the core/,$d' "$names" | sed -nE "$map_line" | sort -u)
listed_static=$(sed -n '/Static in the core/,$p' "$names" | sed -nE "$map_line" | sort -u)
defined=$(nm --defined-only "$core" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' |
	grep -Ev '^(lslab_|libslab_)' | sort -u)
[ -n "$defined" ] || { echo "no global symbol found in $core"; exit 1; }
status=0

members=$(ar t "$core" | sed -E 's|.*/src_(.*)\.o$|\1|' | sort)
sources=$(for f in "$src"/*.c; do basename "$f"; done | sort)
if [ "$members" != "$sources" ]; then
	echo "$core is not built of $src/*.c, as the kernel series is:"
	diff <(echo "$sources") <(echo "$members") | sed -n 's/^[<>]/&/p'
	status=1
fi

missing=$(comm -23 <(echo "$defined") <(echo "$mapped"))
if [ -n "$missing" ]; then
	echo "globals of the core without an lslab_ name in $glue:"
	echo "$missing"
	status=1
fi
extra=$(comm -13 <(echo "$defined") <(echo "$listed"))
if [ -n "$extra" ]; then
	echo "names $names maps that no object of the core defines as a global (stale lines?):"
	echo "$extra"
	status=1
fi
for name in $listed_static; do
	if ! grep -Eq "^static[^(=]*[^A-Za-z0-9_]$name\\(" "$src"/*.c; then
		echo "$name: under \"Static in the core\" in $names, but no static function of $src/*.c has that name"
		status=1
	fi
done
[ $status -eq 0 ] && echo "$(echo "$defined" | wc -l) globals of the core, each mapped to an lslab_ name;" \
	"$(echo "$listed" | wc -l) names in $names, each a global of the core;" \
	"$(echo "$listed_static" | wc -w) static, each defined in $src"
exit $status
