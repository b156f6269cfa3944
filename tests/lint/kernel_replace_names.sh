#!/usr/bin/env bash
# Replacement mode's second name map (kernel/replace/libslab_kernel_names.h)
# gives lslab_ names back their kernel spelling.  A line there works only
# if the prelude produces its lslab_ name: a misspelt or stale one is a
# silent no-op that the kernel build reports, if at all, as a missing
# symbol much later.  And the names mm/util.c defines stay lslab_: mapping
# one back would define it twice in vmlinux.  should_failslab, which
# mm/failslab.c defines, is mapped so that the core calls the kernel's:
# then the core's failslab.o must not be built in this mode.  Each name
# mapped back is a global that the core's objects define (a symbol the
# rest of the kernel links against), or a type of the core's API headers
# (kmem_buckets), which no object shows.
#
# Usage: kernel_replace_names.sh <kernel/glue directory> <kernel/replace directory>
#                                <libslabcore.a> <src/include directory>
set -euo pipefail

[ $# -eq 4 ] || { echo "usage: kernel_replace_names.sh <kernel/glue directory> <kernel/replace directory> <libslabcore.a> <src/include directory>, not: $*" >&2; exit 2; }
glue=$1
replace=$2
core=$3
include=$4
defined=$(nm --defined-only "$core" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' | sort -u)
[ -n "$defined" ] || { echo "no global symbol found in $core"; exit 1; }
# What the prelude maps the core's names to.
produced=$(sed -nE 's/^#define[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]+(lslab_[A-Za-z0-9_]*)[[:space:]]*$/\1/p' \
	"$glue/libslab_prelude.h" "$glue/libslab_core_names.h" | sort -u)
mapped=$(sed -nE 's/^#define[[:space:]]+(lslab_[A-Za-z0-9_]*)[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*$/\1 \2/p' \
	"$replace/libslab_kernel_names.h")
[ -n "$mapped" ] || { echo "no lslab_ name mapped in $replace/libslab_kernel_names.h"; exit 1; }
status=0
while read -r name kernel_name; do
	if ! grep -qx "$name" <<< "$produced"; then
		echo "$name (-> $kernel_name): the prelude gives no core name this lslab_ spelling"
		status=1
	fi
	if ! grep -qx "${name#lslab_}" <<< "$defined" &&
		! grep -rqE "^typedef .*[^A-Za-z0-9_]${name#lslab_}(\\[|;)" "$include"; then
		echo "$name (-> $kernel_name): no object of $core defines ${name#lslab_}, and no header of $include makes it a type"
		status=1
	fi
	case ${name#lslab_} in
	kfree_const | kmemdup | kmemdup_array | kmemdup_nul | kstrdup | kstrdup_const | \
	kstrndup | kvfree | kvmalloc_node | kvrealloc)
		echo "$name (-> $kernel_name): mm/util.c defines it; the kernel keeps its own"
		status=1 ;;
	should_failslab)
		if grep -qE '^[^#]*failslab\.o' "$replace/Makefile"; then
			echo "$name (-> $kernel_name): mm/failslab.c defines it, and $replace/Makefile builds the core's failslab.o too"
			status=1
		fi ;;
	esac
done <<< "$mapped"
[ $status -eq 0 ] && echo "$(wc -l <<< "$mapped") lslab_ names mapped back to the kernel's, each one the prelude produces and the core defines"
exit $status
