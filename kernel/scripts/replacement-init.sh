#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# replacement-init.sh - /init of run-replacement.sh's boots, in a busybox
# initramfs, on every architecture:
#
#   1. mount /proc, /sys, /dev and tracefs; load the kernel's slab test
#      /lib/modules/slub_kunit.ko if run-replacement.sh copied it in (its
#      KUnit suite runs on load); turn on the kmem events
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
