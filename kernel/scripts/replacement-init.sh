#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# replacement-init.sh - /init of run-replacement.sh's boots, in a busybox
# initramfs, on every architecture:
#
#   1. mount /proc, /sys, /dev and tracefs; load the kernel's slab test
#      /lib/modules/slub_kunit.ko if run-replacement.sh copied it in (its
#      KUnit suite runs on load); with a memory controller, charge a
#      cgroup for a task's slab objects and print its memory.stat; turn
#      on the kmem events
#      capture-boot-trace.sh records (here, not on the command line, so
#      that the trace holds the workload rather than the KUnit suites run
#      before init);
#   2. run kernel/scripts/trace-workload.sh (copied in as
#      /trace-workload.sh), then stop tracing;
#   3. copy /proc/meminfo and /proc/slabinfo to the console after marker
#      lines; then /sys/kernel/slab, /sys/kernel/debug/slab and the
#      kernel's tools/mm/slabinfo (slabinfo-tool-init.sh, copied in as
#      /slabinfo-tool-init.sh);
#   4. write a dump in capture-boot-trace.sh's format (cmdline, slabinfo,
#      empty caches and aliases sections; the trace) for "slabsim
#      replay", gzip-compressed (the emulated
#      serial port moves about 100 KiB/s) and base64-encoded on the
#      console, each line after "libslab-dump: " (one console serves
#      every architecture: QEMU's arm64 virt machine has one UART), with
#      the kernel's console messages held back meanwhile so that none
#      splits a line, and printed after it (the console check sees them);
#   5. print its last line and restart the machine, which ends QEMU
#      (-no-reboot).
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tracefs tracefs /sys/kernel/tracing
echo "libslab-replacement: up"
# Memory that came at boot but offline (x86_64: QEMU's DIMM on a node
# without memory) comes online now, as normal memory; the memory-hotplug
# suite then checks that its node serves slab allocations.
for block in /sys/devices/system/memory/memory*; do
	[ "$(cat "$block/state" 2>/dev/null)" = offline ] || continue
	node=
	for link in "$block"/node*; do node=${link##*/}; done
	if echo online_kernel > "$block/state"; then
		echo "libslab-replacement: ${block##*/} of $node online"
		hotplug_node=${node#node}
	else
		echo "libslab-replacement: ${block##*/} of $node does not come online"
	fi
done
echo "libslab-replacement: nodes with normal memory: $(cat /sys/devices/system/node/has_normal_memory 2>/dev/null)"
if [ -f /lib/modules/libslab_hotplug_kunit.ko ]; then
	insmod /lib/modules/libslab_hotplug_kunit.ko "node=${hotplug_node:--1}" &&
		echo "libslab-replacement: libslab_hotplug_kunit.ko loaded for node ${hotplug_node:-(none)}"
fi
if [ -f /lib/modules/slub_kunit.ko ]; then
	insmod /lib/modules/slub_kunit.ko && echo "libslab-replacement: slub_kunit.ko loaded"
fi
# Memory cgroup accounting (kernels with MEMCG): a task in a cgroup of its
# own makes MEMCG_DIRS directories in a tmpfs.  Each is a dentry and a
# shmem inode, both of SLAB_ACCOUNT caches, charged to the cgroup at their
# slab_size plus the obj_cgroup pointer memcg keeps per object
# (mm/memcontrol.c obj_full_size()); the cgroup's memory.stat "slab" line
# must grow by that much, give or take what the task itself allocates and
# what memcg holds back per CPU (less than a page each).
MEMCG_DIRS=2000
if grep -q '^memory' /proc/cgroups 2>/dev/null; then
	mkdir -p /sys/fs/cgroup /memcg-tmp
	mount -t cgroup2 cgroup2 /sys/fs/cgroup
	mount -t tmpfs tmpfs /memcg-tmp
	echo +memory > /sys/fs/cgroup/cgroup.subtree_control
	mkdir /sys/fs/cgroup/libslab
	# shellcheck disable=SC2016 # expanded by the inner shell
	sh -c 'echo $$ > /sys/fs/cgroup/libslab/cgroup.procs
		stat() { sed -n "s/^slab //p" /sys/fs/cgroup/libslab/memory.stat; }
		cd /memcg-tmp || exit
		i=0
		while [ $i -lt '"$MEMCG_DIRS"' ]; do set -- "$@" d$i; i=$((i + 1)); done
		before=$(stat)
		mkdir "$@"
		echo "libslab-replacement: memcg: slab $before -> $(stat) bytes"'
	per_dir=$(( $(cat /sys/kernel/slab/dentry/slab_size) + $(cat /sys/kernel/slab/shmem_inode_cache/slab_size) + 16 ))
	echo "libslab-replacement: memcg: $MEMCG_DIRS directories of $per_dir bytes"
else
	echo "libslab-replacement: memcg: no memory controller"
fi
tr=/sys/kernel/tracing
for e in kmalloc kfree kmem_cache_alloc kmem_cache_free mm_page_alloc mm_page_free; do
	echo 1 > $tr/events/kmem/$e/enable || echo "libslab-replacement: cannot enable kmem:$e"
done
# shellcheck source=kernel/scripts/trace-workload.sh
. /trace-workload.sh
echo 0 > $tr/tracing_on
echo "libslab-replacement: workload run"
echo "libslab-replacement: meminfo"
cat /proc/meminfo
echo "libslab-replacement: slabinfo"
cat /proc/slabinfo
# shellcheck source=kernel/scripts/slabinfo-tool-init.sh
. /slabinfo-tool-init.sh
dmesg -c > /dev/null
dmesg -n 1
echo "libslab-replacement: dump"
{
	echo "# libslab-trace: cmdline"
	cat /proc/cmdline
	echo "# libslab-trace: slabinfo"
	cat /proc/slabinfo
	echo "# libslab-trace: caches"
	echo "# libslab-trace: aliases"
	echo "# libslab-trace: trace"
	cat $tr/trace
	echo "# libslab-trace: end"
} | gzip -c | base64 | sed 's/^/libslab-dump: /'
dmesg -n 7
dmesg
echo "libslab-replacement: done"
reboot -f
