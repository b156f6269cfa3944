# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# trace-workload.sh - the slab workload that capture-boot-trace.sh records
# and that run-replacement.sh's x86_64 boot runs on libslab: files in a
# tmpfs, a walk of /proc and /sys, loopback networking.  Both copy it into
# their initramfs as /trace-workload.sh; their busybox /init sources it
# with /proc, /sys and /dev mounted.
mount -t tmpfs tmpfs /tmp
for i in 1 2 3 4 5 6 7 8; do
	mkdir -p /tmp/d$i
	for j in 1 2 3 4 5 6 7 8 9 10; do echo "file $i $j" > /tmp/d$i/f$j; done
done
find /proc /sys > /dev/null 2>&1
ls -lR /tmp > /dev/null
rm -rf /tmp/d1 /tmp/d2 /tmp/d3 /tmp/d4
ip link set lo up
ip addr add 127.0.0.1/8 dev lo
ping -c 3 -i 0.2 127.0.0.1 > /dev/null 2>&1
