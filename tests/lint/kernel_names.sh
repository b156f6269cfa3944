#!/usr/bin/env bash
# Every global symbol the core defines is renamed for the kernel build
# (kernel/glue/libslab_prelude.h and libslab_core_names.h map it to an
# lslab_ name), so that the module never clashes with the kernel's own SLUB.
# The same check runs on the kernel objects in kernel/scripts/run-kunit.sh;
# this one catches a new global in seconds instead of after a kernel build.
#
# Usage: kernel_names.sh <libslabcore.a> <kernel/glue directory>
set -euo pipefail

core=$1
glue=$2
mapped=$(sed -nE 's/^#define[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]]+lslab_.*/\1/p' \
	"$glue/libslab_prelude.h" "$glue/libslab_core_names.h" | sort -u)
defined=$(nm --defined-only "$core" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' |
	grep -Ev '^(lslab_|libslab_)' | sort -u)
[ -n "$defined" ] || { echo "no global symbol found in $core"; exit 1; }
missing=$(comm -23 <(echo "$defined") <(echo "$mapped"))
if [ -n "$missing" ]; then
	echo "globals of the core without an lslab_ name in $glue:"
	echo "$missing"
	exit 1
fi
echo "$(echo "$defined" | wc -l) globals of the core, each mapped to an lslab_ name"
