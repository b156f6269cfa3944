#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-replacement.sh [--boot] [FRAGMENT...] - build Linux 6.12 with libslab
# as its slab allocator (CONFIG_LIBSLAB_ALLOCATOR, patches 6 and 7 of the
# series) and, with --boot, boot it in QEMU as far as it goes.  On demand
# only: the test command (tests/run-all.sh) does not run it.
#
# The kernel is tinyconfig plus kernel/configs/replacement.config and the
# FRAGMENTs (e.g. kernel/configs/replacement-debug.config), x86_64, built
# in $LIBSLAB_KERNEL_DIR/build-x86_64-replacement (override with
# LIBSLAB_BUILD_DIR).  The tree is the one make-series.sh checks out (it
# runs first, unless LIBSLAB_SERIES_READY=1).
#
# Fails when
#   - the choice is not in .config (a dependency of it is on),
#   - vmlinux does not link: the symbols it misses are listed, one a line,
#     with the objects that reference them,
#   - mm/slub.o or mm/slab_common.o was built, or vmlinux lacks libslab's
#     functions or has SLUB's, or (with tracepoints) a kmem event,
#   - with --boot (two CPUs, a busybox init that walks /sys and reads
#     /proc/meminfo): the console never shows libslab's start-up line or
#     init's last line, or shows a kernel problem (the console's tail is
#     printed either way, for how far the boot got).
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

BOOT=0
FRAGMENTS=("$LIBSLAB_REPO/kernel/configs/replacement.config")
while [ $# -gt 0 ]; do
	case $1 in
	--boot) BOOT=1; shift ;;
	-h|--help) sed -n '4,24p' "$0"; exit 0 ;;
	-*) fail "unknown option $1 (try --help)" ;;
	*) [ -f "$1" ] || fail "no config fragment $1"; FRAGMENTS+=("$1"); shift ;;
	esac
done

BUILD=${LIBSLAB_BUILD_DIR:-$LIBSLAB_BASE/build-x86_64-replacement}
TREE=$LIBSLAB_TREE
STAMP=$(date +%Y%m%d-%H%M%S)
BUILDLOG=$LIBSLAB_LOGDIR/build-x86_64-replacement-$STAMP.log
CONSOLE=$LIBSLAB_LOGDIR/boot-x86_64-replacement-$STAMP.log
MAKE=(make -C "$TREE" O="$BUILD" ARCH=x86_64 CC="$(libslab_kernel_cc "")" -j"$LIBSLAB_JOBS")
say() { echo "run-replacement: $*"; }

if [ "${LIBSLAB_SERIES_READY:-0}" != 1 ]; then
	"$LIBSLAB_REPO/kernel/scripts/make-series.sh" --out "$LIBSLAB_REPO/build/kernel-series" ||
		fail "make-series.sh"
fi
mkdir -p "$BUILD"
t0=$(date +%s)

# 1. configure: tinyconfig, the fragment, then every other option's default
{
	"${MAKE[@]}" tinyconfig &&
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$BUILD" "$BUILD/.config" \
		"${FRAGMENTS[@]}" &&
	"${MAKE[@]}" olddefconfig
} > "$BUILDLOG" 2>&1 || { tail -20 "$BUILDLOG"; fail "configuration (log $BUILDLOG)"; }
grep -qx 'CONFIG_LIBSLAB_ALLOCATOR=y' "$BUILD/.config" ||
	fail "CONFIG_LIBSLAB_ALLOCATOR is not set in $BUILD/.config (is an option it depends on set?)"
# Every option a fragment sets made it into .config.
dropped=$(grep -hE '^CONFIG_[A-Z0-9_]+=' "${FRAGMENTS[@]}" | grep -vxF -f "$BUILD/.config" || true)
[ -z "$dropped" ] || { echo "$dropped"; fail "options of the fragments not in $BUILD/.config (unmet dependencies?)"; }

# 2. build; the link's undefined references are the worklist
"${MAKE[@]}" bzImage >> "$BUILDLOG" 2>&1
rc=$?
missing=$(sed -nE "s/^(ld: )?([^:]*):.*undefined reference to \`([^']*)'.*/\3 \2/p" "$BUILDLOG" |
	sort -u | awk '{ refs[$1] = refs[$1] " " $2 } END { for (s in refs) print s ":" refs[s] }' | sort)
if [ -n "$missing" ]; then
	echo "$missing"
	fail "vmlinux misses $(echo "$missing" | wc -l) symbols (log $BUILDLOG)"
fi
[ $rc -eq 0 ] || { grep -E -A3 '(error|Error)' "$BUILDLOG" | head -40; fail "build (log $BUILDLOG)"; }
say "built in $(( $(date +%s) - t0 )) s; log $BUILDLOG"

# 3. the allocator in vmlinux is libslab's
for obj in mm/slub.o mm/slab_common.o; do
	[ ! -e "$BUILD/$obj" ] || fail "$obj was built"
done
symbols=$(nm "$BUILD/vmlinux")
for sym in __kmalloc_noprof kmem_cache_alloc_noprof kfree kmalloc_caches kmem_cache_init \
	lslab_slab_alloc_node lslab_calculate_sizes; do
	grep -qE " $sym\$" <<< "$symbols" || fail "vmlinux lacks $sym"
done
# SLUB's own static functions (libslab's are lslab_calculate_sizes, ...).
for sym in calculate_sizes deactivate_slab; do
	grep -qE " $sym\$" <<< "$symbols" && fail "vmlinux has SLUB's $sym"
done
# The kmem events keep their names (the name maps must not rename them).
if grep -qx 'CONFIG_TRACEPOINTS=y' "$BUILD/.config"; then
	for event in kmalloc kmem_cache_alloc kfree kmem_cache_free mm_page_alloc rss_stat; do
		grep -qE " __tracepoint_$event\$" <<< "$symbols" || fail "vmlinux lacks the trace event $event"
	done
fi
say "vmlinux links with libslab as its slab allocator ($(grep -c ' lslab_' <<< "$symbols") lslab_ symbols; no mm/slub.o, no mm/slab_common.o)"
[ $BOOT = 1 ] || exit 0

# 4. boot with two CPUs to a shell that says it is up and powers off
INITRD=$BUILD/replacement-initramfs.cpio.gz
INIT=$BUILD/replacement-init
cat > "$INIT" <<'INIT_EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sysfs /sys
echo "libslab-replacement: up"
ls -R /sys > /dev/null
grep -E '^(Slab|SReclaimable|SUnreclaim):' /proc/meminfo
echo "libslab-replacement: done"
reboot -f
INIT_EOF
"$LIBSLAB_REPO/kernel/scripts/make-initramfs.sh" "$INITRD" "$INIT" || fail "make-initramfs.sh"
t1=$(date +%s)
# qboot's MP table lists both CPUs (SeaBIOS's, without ACPI, only one).
timeout 600 qemu-system-x86_64 -nographic -no-reboot -m 1024 -smp 2 \
	-bios qboot.rom -kernel "$BUILD/arch/x86/boot/bzImage" -initrd "$INITRD" \
	-append "console=ttyS0 panic=-1 oops=panic reboot=t i8042.noaux" \
	< /dev/null > "$CONSOLE" 2>&1
qrc=$?
sed -i 's/\r$//' "$CONSOLE"
say "QEMU exit $qrc after $(( $(date +%s) - t1 )) s; console $CONSOLE; its last lines:"
tail -25 "$CONSOLE"
grep -q "libslab: the kernel's slab allocator" "$CONSOLE" || fail "libslab never started (console $CONSOLE)"
grep -q 'libslab-replacement: done' "$CONSOLE" || fail "init did not finish (console $CONSOLE)"
libslab_console_clean "$CONSOLE" || fail "the console reports problems ($CONSOLE)"
say "PASS: booted to init on libslab"
