#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-module.sh - libslab as an out-of-tree module, loaded in QEMU.
#
#   1. build an x86_64 kernel from the series tree with modules and KUnit
#      but without libslab (kernel/configs/module-host.config), in
#      $LIBSLAB_KERNEL_DIR/build-x86_64-module; the oracle's suite is
#      built in too (run-oracle.sh boots the same kernel) and filtered out;
#   2. copy lib/libslab/ of the series out of the tree and build it with
#      "make -C <tree> O=<build> M=<copy>": libslab.ko and libslab_kunit.ko;
#   3. boot that kernel in QEMU (TCG, two CPUs) with a busybox initramfs
#      whose init loads both modules (KUnit runs the suites on load),
#      unloads them and reboots, which ends QEMU;
#   4. read the serial console: every suite passed, the modules unloaded,
#      no splat.
# Never loads anything into the host kernel.
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TREE=$LIBSLAB_TREE
BUILD=$LIBSLAB_HOST_BUILD
MODSRC=$LIBSLAB_BASE/module-src
STAMP=$(date +%Y%m%d-%H%M%S)
LOG=$LIBSLAB_LOGDIR/module-$STAMP.log
CONSOLE=$LIBSLAB_LOGDIR/module-console-$STAMP.log
CC=$(libslab_kernel_cc)
# The options the module is built with: Kconfig does not see an external
# module, so its symbols come on the command line.
MODULE_OPTIONS=(CONFIG_LIBSLAB=m CONFIG_LIBSLAB_KUNIT_TEST=m
	"KCFLAGS=-DCONFIG_LIBSLAB_DEBUG=1 -DCONFIG_LIBSLAB_STATS=1")
say() { echo "run-module: $*"; }

if [ "${LIBSLAB_SERIES_READY:-0}" != 1 ]; then
	"$LIBSLAB_REPO/kernel/scripts/make-series.sh" --out "$LIBSLAB_REPO/build/kernel-series" ||
		fail "make-series.sh"
fi
t0=$(date +%s)

# 1. the host kernel (shared with run-oracle.sh)
libslab_build_host_kernel "$LOG" ||
	{ tail -40 "$LOG"; fail "host kernel build (log $LOG)"; }
grep -q '^CONFIG_LIBSLAB=' "$BUILD/.config" && fail "the host kernel must not have libslab built in"
say "host kernel built ($(( $(date +%s) - t0 )) s)"

# 2. the module, from a copy of the series' lib/libslab/
mkdir -p "$MODSRC"
rsync -a --delete --exclude='*.o' --exclude='*.ko' --exclude='.*.cmd' --exclude='*.mod*' \
	--exclude='Module.symvers' --exclude='modules.order' "$TREE/lib/libslab/" "$MODSRC/"
make -C "$TREE" O="$BUILD" M="$MODSRC" CC="$CC" W=1 -j"$LIBSLAB_JOBS" \
	"${MODULE_OPTIONS[@]}" modules >> "$LOG" 2>&1 ||
	{ grep -E -A3 '(error|warning|ERROR):' "$LOG" | head -60; fail "module build (log $LOG)"; }
if grep -E "$MODSRC/.*(warning|error):|^(WARNING|ERROR): modpost" "$LOG"; then
	fail "the module build warns (log $LOG)"
fi
for ko in libslab.ko libslab_kunit.ko; do
	[ -f "$MODSRC/$ko" ] || fail "no $ko built"
done
say "libslab.ko and libslab_kunit.ko built out of tree"

# 3. boot, load, unload
INIT=$(mktemp)
INITRD=$LIBSLAB_BASE/module-initramfs.cpio.gz
trap 'rm -f "$INIT"' EXIT
cat > "$INIT" <<'INIT_EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sysfs /sys
echo "libslab-module: loading libslab.ko"
if insmod /lib/modules/libslab.ko cmdline="slub_min_objects=8"; then
	echo "libslab-module: libslab loaded"
	insmod /lib/modules/libslab_kunit.ko && echo "libslab-module: libslab_kunit loaded"
	rmmod libslab_kunit && rmmod libslab && echo "libslab-module: unloaded"
fi
echo "libslab-module: done"
# Without ACPI there is no power-off; a reboot ends QEMU (-no-reboot).
reboot -f
INIT_EOF
"$LIBSLAB_REPO/kernel/scripts/make-initramfs.sh" "$INITRD" "$INIT" \
	"$MODSRC/libslab.ko:/lib/modules/libslab.ko" \
	"$MODSRC/libslab_kunit.ko:/lib/modules/libslab_kunit.ko" || fail "make-initramfs.sh"
timeout 900 qemu-system-x86_64 -nographic -no-reboot -m 1024 -smp 2 \
	-bios qboot.rom -kernel "$BUILD/arch/x86/boot/bzImage" -initrd "$INITRD" \
	-append "console=ttyS0 panic=-1 oops=panic reboot=t i8042.noaux kunit.filter_glob=libslab*" \
	< /dev/null > "$CONSOLE" 2>&1
qrc=$?
say "QEMU exit $qrc after $(( $(date +%s) - t0 )) s; console $CONSOLE"
# The serial console ends its lines with CR LF.
sed -i 's/\r$//' "$CONSOLE"
libslab_note_console "$CONSOLE"

# 4. the verdict
grep -q 'libslab-module: done' "$CONSOLE" || { tail -30 "$CONSOLE"; fail "init did not finish (QEMU exit $qrc)"; }
grep -q 'libslab-module: unloaded' "$CONSOLE" || { tail -30 "$CONSOLE"; fail "the modules did not load and unload"; }
for suite in libslab_smoke libslab_kmalloc libslab_cache libslab_debug libslab_stress; do
	grep -qE "^(\[ *[0-9.]+\] )? *ok [0-9]+ $suite\$" "$CONSOLE" ||
		fail "suite $suite did not pass in the module (console $CONSOLE)"
done
grep -qE 'not ok [0-9]+ ' "$CONSOLE" && fail "a KUnit case failed (console $CONSOLE)"
libslab_console_clean "$CONSOLE" || fail "the console reports problems ($CONSOLE)"
say "PASS ($(grep -cE ' ok [0-9]+ ' "$CONSOLE") KUnit results ok, modules loaded and unloaded)"
