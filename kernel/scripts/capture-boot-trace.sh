#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# capture-boot-trace.sh [--libslab] [--out FILE.xz] - record a real slab
# workload:
#
#   1. build an x86_64 Linux 6.12 with its own SLUB (libslab not built in)
#      and the kmem trace events (kernel/configs/trace-capture.config) in
#      $LIBSLAB_KERNEL_DIR/build-x86_64-trace;
#   2. boot it in QEMU (TCG, two CPUs) with the events kmalloc, kfree,
#      kmem_cache_alloc, kmem_cache_free, mm_page_alloc and mm_page_free
#      enabled on the command line and a busybox initramfs whose init does
#      a little work (tmpfs files, a directory walk of /proc and /sys,
#      loopback networking), stops tracing, and writes /proc/slabinfo, each
#      cache's attributes from /sys/kernel/slab and the trace buffer to a
#      second serial port, then powers off;
#   3. write that dump, xz-compressed, to FILE (default
#      bench/traces/boot-x86_64.trace.xz), ready for "slabsim replay".
#
# --libslab builds the same configuration with libslab as the kernel's
# slab allocator (plus kernel/configs/trace-capture-libslab.config, in
# $LIBSLAB_KERNEL_DIR/build-x86_64-trace-libslab), boots it with the same
# command line and workload, writes its dump to FILE (default
# $LIBSLAB_KERNEL_DIR/traces/boot-x86_64-libslab.trace.xz; never the
# stock trace of bench/traces/), then compares its slabinfo with the
# stock dump's (compare-slabinfo.py, the differences explained in
# kernel/replace/slabinfo-trace-capture.txt) and replays its events with
# slabsim (from build/release, when bench/slabsim.sh has built it).
# libslab serves /sys/kernel/slab too (kernel/replace/libslab_sysfs.c), so
# its dump has the "caches" and "aliases" sections as well.
#
# The dump is plain text in sections, each opened by a "# libslab-trace:
# <section>" line: "cmdline", "slabinfo", "caches" (one line per cache:
# name object_size size align order flags), "aliases", "trace"
# (ftrace's text output), "end".  Pointers are not hashed
# (no_hash_pointers), so an object's allocation and free carry the same
# address.
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

STOCK_TRACE=$LIBSLAB_REPO/bench/traces/boot-x86_64.trace.xz
OUT=""
LIBSLAB=0
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	--out=*) OUT=${1#--out=}; shift ;;
	--libslab) LIBSLAB=1; shift ;;
	-h|--help) sed -n '4,37p' "$0"; exit 0 ;;
	*) fail "unknown argument $1 (try --help)" ;;
	esac
done
TREE=$LIBSLAB_TREE
KUNITCONFIGS=(--kunitconfig="$LIBSLAB_REPO/kernel/configs/trace-capture.config")
if [ $LIBSLAB = 1 ]; then
	BUILD=$LIBSLAB_BASE/build-x86_64-trace-libslab
	KUNITCONFIGS+=(--kunitconfig="$LIBSLAB_REPO/kernel/configs/trace-capture-libslab.config")
	OUT=${OUT:-$LIBSLAB_BASE/traces/boot-x86_64-libslab.trace.xz}
	[ "$(realpath -m "$OUT")" = "$(realpath -m "$STOCK_TRACE")" ] &&
		fail "--libslab must not overwrite the stock trace $STOCK_TRACE"
else
	BUILD=$LIBSLAB_BASE/build-x86_64-trace
	OUT=${OUT:-$STOCK_TRACE}
fi
STAMP=$(date +%Y%m%d-%H%M%S)
LOG=$LIBSLAB_LOGDIR/trace-build-$STAMP.log
CONSOLE=$LIBSLAB_LOGDIR/trace-console-$STAMP.log
DUMP=$LIBSLAB_BASE/trace-dump-$STAMP.txt
CC=$(libslab_kernel_cc)
EVENTS=kmem:kmalloc,kmem:kfree,kmem:kmem_cache_alloc,kmem:kmem_cache_free
EVENTS=$EVENTS,kmem:mm_page_alloc,kmem:mm_page_free
say() { echo "capture-boot-trace: $*"; }

[ -d "$TREE/.git" ] || "$LIBSLAB_REPO/kernel/scripts/make-series.sh" ||
	fail "make-series.sh (it extracts the kernel tree)"
t0=$(date +%s)

# 1. the kernel, with the kernel's own SLUB: the series is checked out in
# the tree but CONFIG_LIBSLAB stays off.  With --libslab, libslab is the
# slab allocator (kunit.py fails if the choice cannot be made).
python3 "$TREE/tools/testing/kunit/kunit.py" build --arch=x86_64 --build_dir="$BUILD" \
	"${KUNITCONFIGS[@]}" --make_options "CC=$CC" --jobs="$LIBSLAB_JOBS" > "$LOG" 2>&1 ||
	{ tail -40 "$LOG"; fail "kernel build (log $LOG)"; }
grep -q '^CONFIG_LIBSLAB=' "$BUILD/.config" && fail "the capture kernel must not build libslab beside SLUB"
if [ $LIBSLAB = 1 ]; then
	grep -qx 'CONFIG_LIBSLAB_ALLOCATOR=y' "$BUILD/.config" || fail "CONFIG_LIBSLAB_ALLOCATOR is not set"
else
	grep -qx 'CONFIG_SLUB=y' "$BUILD/.config" || fail "the capture kernel must use the kernel's SLUB"
fi
say "kernel built ($(( $(date +%s) - t0 )) s)"

# 2. boot; init writes the dump to ttyS1, a file on the host.
INIT=$(mktemp)
INITRD=$BUILD/trace-initramfs.cpio.gz
trap 'rm -f "$INIT"' EXIT
cat > "$INIT" <<'INIT_EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tracefs tracefs /sys/kernel/tracing
echo "libslab-trace: init running"
# The workload (kernel/scripts/trace-workload.sh): files in a tmpfs, a
# walk of /proc and /sys, networking.
. /trace-workload.sh
echo 0 > /sys/kernel/tracing/tracing_on
echo "libslab-trace: tracing stopped"
out=/dev/ttyS1
stty -F $out raw -echo 115200 2>/dev/null
{
	echo "# libslab-trace: cmdline"
	cat /proc/cmdline
	echo "# libslab-trace: slabinfo"
	cat /proc/slabinfo
	# A kernel without /sys/kernel/slab: empty sections.
	[ -d /sys/kernel/slab ] || echo "libslab-trace: no /sys/kernel/slab" > /dev/console
	echo "# libslab-trace: caches"
	[ -d /sys/kernel/slab ] && for d in /sys/kernel/slab/*; do
		[ -L "$d" ] && continue
		n=${d##*/}
		f=""
		for a in reclaim_account hwcache_align destroy_by_rcu cache_dma \
			 store_user red_zone poison sanity_checks; do
			[ "$(cat "$d/$a" 2>/dev/null)" = 1 ] && f="$f${f:+,}$a"
		done
		echo "$n $(cat "$d/object_size") $(cat "$d/slab_size") $(cat "$d/align") $(cat "$d/order") ${f:-none}"
	done
	echo "# libslab-trace: aliases"
	[ -d /sys/kernel/slab ] && for d in /sys/kernel/slab/*; do
		[ -L "$d" ] || continue
		t=$(readlink "$d")
		echo "${d##*/} ${t##*/}"
	done
	echo "# libslab-trace: trace"
	cat /sys/kernel/tracing/trace
	echo "# libslab-trace: end"
} > $out
echo "libslab-trace: dump written"
# Without ACPI there is no power-off; a reboot ends QEMU (-no-reboot).
reboot -f
INIT_EOF
"$LIBSLAB_REPO/kernel/scripts/make-initramfs.sh" "$INITRD" "$INIT" \
	"$LIBSLAB_REPO/kernel/scripts/trace-workload.sh:/trace-workload.sh" || fail "make-initramfs.sh"
CMDLINE="console=ttyS0 panic=-1 reboot=t i8042.noaux no_hash_pointers"
CMDLINE="$CMDLINE trace_event=$EVENTS trace_buf_size=96M"
t1=$(date +%s)
timeout 1800 qemu-system-x86_64 -display none -monitor none -no-reboot -m 2048 -smp 2 \
	-bios qboot.rom -kernel "$BUILD/arch/x86/boot/bzImage" -initrd "$INITRD" \
	-serial "file:$CONSOLE" -serial "file:$DUMP" -append "$CMDLINE" < /dev/null
qrc=$?
sed -i 's/\r$//' "$CONSOLE"
say "QEMU exit $qrc after $(( $(date +%s) - t1 )) s; console $CONSOLE"
grep -q 'libslab-trace: dump written' "$CONSOLE" ||
	{ tail -30 "$CONSOLE"; fail "init did not write the dump (QEMU exit $qrc)"; }
tr -d '\r' < "$DUMP" > "$DUMP.clean" && mv "$DUMP.clean" "$DUMP"
grep -q '^# libslab-trace: end' "$DUMP" || fail "the dump $DUMP is truncated"
# "# entries-in-buffer/entries-written: N/M": M > N means the ring lost events.
awk -F'[ /:]+' '/^# entries-in-buffer\/entries-written:/ { exit !($4 == $5) }' "$DUMP" ||
	say "warning: the trace buffer lost events (see the header of $DUMP)"

# 3. the compressed trace
mkdir -p "$(dirname "$OUT")"
xz -9 -c "$DUMP" > "$OUT" || fail "xz"
say "$(grep -c ': kmalloc: \|: kmem_cache_alloc: ' "$DUMP") allocations," \
	"$(grep -c ': kfree: \|: kmem_cache_free: ' "$DUMP") frees," \
	"$(grep -c ': mm_page_alloc: \|: mm_page_free: ' "$DUMP") page events;" \
	"$OUT is $(du -k "$OUT" | cut -f1) KiB"
[ $LIBSLAB = 1 ] || { say "PASS ($(( $(date +%s) - t0 )) s)"; exit 0; }

# 4. (--libslab) the boot was clean; its slabinfo against the stock
# capture's; its events through slabsim.
status=0
[ "$qrc" = 0 ] || { say "FAIL: QEMU exit $qrc, not a clean restart"; status=1; }
libslab_console_clean "$CONSOLE" || { say "FAIL: a kernel problem on the console $CONSOLE"; status=1; }
grep -c "libslab: the kernel's slab allocator" "$CONSOLE" | grep -qx 1 ||
	{ say "FAIL: libslab's start-up line is not on the console once"; status=1; }
python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo.py" \
	--explained "$LIBSLAB_REPO/kernel/replace/slabinfo-trace-capture.txt" "$STOCK_TRACE" "$DUMP" ||
	{ say "FAIL: slabinfo differs from the stock capture's $STOCK_TRACE"; status=1; }
SLABSIM=${LIBSLAB_SLABSIM:-$LIBSLAB_REPO/build/release/bench/slabsim}
if [ -x "$SLABSIM" ]; then
	"$SLABSIM" replay "$OUT" || { say "FAIL: slabsim replay $OUT"; status=1; }
else
	say "no $SLABSIM (bash bench/slabsim.sh builds it): the replay is left out"
fi
[ $status = 0 ] || fail "the libslab capture failed a check"
say "PASS ($(( $(date +%s) - t0 )) s)"
