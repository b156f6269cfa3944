#!/usr/bin/env bash
# The kernel's own slab tool (tools/mm/slabinfo.c of Linux 6.12) reads a
# libslab /sys/kernel/slab snapshot: the snapshot is bind-mounted over
# /sys/kernel/slab in a private mount namespace and the tool run on it.
# Its tracking report (show_tracking()) reads 6.12's debugfs files
# /sys/kernel/debug/slab/<cache>/alloc_traces and free_traces first (the
# sysfs alloc_calls/free_calls it falls back to are gone since 5.17):
# the debugfs snapshot is mounted over /sys/kernel/debug the same way.
# Skips (77) only where a precondition is missing, checked before the run:
# the kernel source, the directories to mount over, root, unshare(1) and a
# mount namespace this process may create.  Once those hold, a failure of
# the mounts or the tool fails the test.
#
# Usage: kernel_slabinfo.sh <test_sysfs binary> <work dir>
set -euo pipefail

exporter=$1
work=$2
tree=${LIBSLAB_KERNEL_TREE:-/var/tmp/libslab/linux-source-6.12}
tarball=/usr/src/linux-source-6.12.tar.xz
mkdir -p "$work"
src="$work/slabinfo.c"

if [ -f "$tree/tools/mm/slabinfo.c" ]; then
	cp "$tree/tools/mm/slabinfo.c" "$src"
elif [ ! -f "$src" ] && [ -f "$tarball" ]; then
	tar -xJOf "$tarball" linux-source-6.12/tools/mm/slabinfo.c > "$src" || rm -f "$src"
fi
[ -s "$src" ] || { echo "SKIP: no tools/mm/slabinfo.c"; exit 77; }
cc -O2 -w -o "$work/slabinfo" "$src"

rm -rf "$work/snapshot" "$work/debug"
mkdir -p "$work/debug"
"$exporter" export "$work/snapshot" "$work/debug/slab"
[ -d /sys/kernel/slab ] || { echo "SKIP: no /sys/kernel/slab to mount over"; exit 77; }
[ -d /sys/kernel/debug ] || { echo "SKIP: no /sys/kernel/debug to mount over"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: a mount namespace needs root"; exit 77; }
command -v unshare >/dev/null || { echo "SKIP: no unshare(1) (util-linux)"; exit 77; }
# An unprivileged container's root may not make a mount namespace at all.
if ! why=$(unshare -m true 2>&1); then
	echo "SKIP: unshare -m is refused here: $why"
	exit 77
fi
# Three runs in one namespace, split by marker lines: the report on
# demo_cache, the aliases (-a), the list of every cache.
if ! out=$(unshare -m sh -c "mount --bind '$work/snapshot' /sys/kernel/slab &&
		mount --bind '$work/debug' /sys/kernel/debug &&
		'$work/slabinfo' demo_cache && echo '#aliases' &&
		'$work/slabinfo' -a && echo '#list' &&
		'$work/slabinfo'" 2>&1); then
	echo "$out"
	exit 1
fi
echo "$out"
grep -q "Slabcache: demo_cache" <<<"$out"
grep -q "Tracking      : On" <<<"$out"
# alloc_traces (slab_debugfs_show()): the 33 live objects' allocation site,
# its stack below it
grep -Eq "^ +33 .*age=[0-9]+ pid=[0-9]+$" <<<"$out"
grep -Eq "^        [^ ]" <<<"$out"
# free_traces: the 33 live objects were never freed (a zeroed free track)
grep -Eq "^ +33 <not-available> age=[0-9]+ pid=0$" <<<"$out"
# 6.12 names a mergeable cache's directory by its unique id
# (create_unique_id()) and links each of its names to it; slabinfo -a
# (alias()) lists them against the id: ":0000096     <- demo_merge_a demo_merge_b"
aliases=$(sed -n '/^#aliases$/,/^#list$/p' <<<"$out")
grep -Eq "^:0000096 +<- demo_merge_a demo_merge_b$" <<<"$aliases"
# an unmergeable cache (SLAB_STORE_USER) has a directory of its own name
# (a bare "! grep" would not stop the script: set -e ignores a "!")
if grep -q "demo_cache" <<<"$aliases"; then
	echo "FAIL: demo_cache is listed as an alias"
	exit 1
fi
# the list: the id keeps its name while two names share it (rename_slabs());
# every link resolved (link_slabs() would stop at "Unresolved alias")
list=$(sed -n '/^#list$/,$p' <<<"$out")
grep -Eq "^:0000096 " <<<"$list"
grep -Eq "^demo_cache " <<<"$list"
