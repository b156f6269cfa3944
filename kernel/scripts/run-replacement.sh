#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-replacement.sh [--arch x86_64|arm64] [--build-only] [--sparse]
#                    [--stock] [FRAGMENT...]
#
# Build Linux 6.12 with libslab as its slab allocator
# (CONFIG_LIBSLAB_ALLOCATOR, patches 6 and 7 of the series), boot it in
# QEMU (TCG, two CPUs) and check that the kernel runs on libslab.  The
# test command runs it once per architecture (run-kernel-tests.sh).
#
# The kernel is tinyconfig plus kernel/configs/replacement.config,
# replacement-debug.config (PREEMPT with PROVE_LOCKING, DEBUG_PREEMPT,
# DEBUG_ATOMIC_SLEEP, and the slab options), replacement-tests.config (the
# KUnit suites and lib/test_meminit.c), replacement-workload.config (what
# the workload needs), replacement-<arch>.config if there is one, on
# x86_64 Debian's slab options (debian-slab.config in the build directory,
# written by debian-slab-config.py from LIBSLAB_DEBIAN_CONFIG, default
# linux-config-6.12's config.amd64_none_amd64.xz), and the FRAGMENTs (a
# later fragment's value of an option wins); it is built in
# $LIBSLAB_KERNEL_DIR/build-<arch>-replacement (LIBSLAB_BUILD_DIR
# overrides).  The tree is the one make-series.sh checks out (it runs
# first, unless LIBSLAB_SERIES_READY=1).  The boot has init_on_alloc=1
# init_on_free=1, for test_meminit; on x86_64 the machine is QEMU's NUMA
# (nodes 0 and 1 with memory, node 2 with a DIMM left offline at boot).
# Its /init is replacement-init.sh in a busybox initramfs (the host's
# busybox-static; for arm64 the same Debian package's arm64 build,
# downloaded once, libslab_busybox in common.sh): after the built-in KUnit
# suites it brings offline memory online and loads
# lib/libslab/libslab_hotplug_kunit.ko for its node, and loads
# lib/slub_kunit.ko where the kernel has the kernel's slab test as a
# module (x86_64: replacement-x86_64.config), makes directories in a tmpfs
# from a cgroup of its own where the kernel has MEMCG (their slab objects'
# charge is checked against memory.stat), turns on the kmem events, runs the
# trace capture's workload (trace-workload.sh), prints /proc/meminfo and
# /proc/slabinfo, then /sys/kernel/slab, debugfs's slab files and the
# kernel's tools/mm/slabinfo (compiled here from the tree, static) run on
# them (slabinfo-tool-init.sh), writes a dump of the events in capture-boot-trace.sh's
# format, gzipped and base64-encoded, on the console, and restarts the
# machine.
#
# Fails when
#   - kernel/replace/stock-<arch>.txt, stock-slabinfo-<arch>.txt or
#     stock-sysfs-<arch>.txt (below)
#     is missing, or was recorded from another configuration: its
#     "# fingerprint:" line (the kernel's version and the sha256 of the
#     fragments, in order) is not this run's; checked before the build;
#   - debian-slab-config.py fails (no Debian config, an option its table
#     does not know, ...);
#   - the choice is not in .config, or an option a fragment sets or
#     unsets is not so in .config;
#   - vmlinux does not link (the missing symbols are listed with the
#     objects that reference them), mm/slub.o or mm/slab_common.o is
#     linked, vmlinux lacks libslab's functions or has SLUB's, or (with
#     tracepoints) a kmem event;
#   - the console does not show libslab's start-up line exactly once, or
#     init's last line, or shows a kernel problem outside expected-report
#     brackets;
#   - a KUnit suite fails; slub_test (lib/slub_kunit.c, built in or the
#     module) or test_meminit counts differ from the stock SLUB kernel's,
#     recorded in kernel/replace/stock-<arch>.txt;
#   - /proc/meminfo's Slab is 0 or not SReclaimable + SUnreclaim, or
#     /proc/slabinfo is not version 2.1 with a kmalloc-64 line;
#   - the workload did not run, QEMU did not end by the guest's
#     restart (exit 0), the cache names, objsize, objperslab or
#     pagesperslab of /proc/slabinfo differ from stock SLUB's on the same
#     configuration and workload (kernel/replace/stock-slabinfo-<arch>.txt)
#     where kernel/replace/slabinfo-replacement-<arch>.txt does not explain
#     the difference (compare-slabinfo.py), or /sys/kernel/slab, its
#     debugfs files or slabinfo -a, -T, -v, -S -z disagree with stock
#     SLUB's (kernel/replace/stock-sysfs-<arch>.txt) where
#     kernel/replace/sysfs-replacement-<arch>.txt does not explain the
#     difference, or with /proc/slabinfo (compare-slabinfo-tool.py), or
#     "slabsim replay" of the
#     boot's kmem events fails.  slabsim is $LIBSLAB_SLABSIM, else
#     build/default's or build/release's, else one built here with meson
#     in $LIBSLAB_KERNEL_DIR/slabsim-build.
#
# --stock builds the same kernel with SLUB chosen instead (in the same
# build directory, so only what depends on the choice is rebuilt), boots
# it and rewrites kernel/replace/stock-<arch>.txt,
# kernel/replace/stock-slabinfo-<arch>.txt (its /proc/slabinfo after the
# workload) and kernel/replace/stock-sysfs-<arch>.txt (its sysfs and
# debugfs lines and slabinfo -a) from its console, each with this configuration's fingerprint;
# the next run switches back.  --build-only stops after the link checks.
# --sparse runs sparse (C=2) over lib/libslab/ and mm/libslab_layout.c of
# the replacement build and fails on any report (the side-by-side build
# never compiles replacement mode's files).
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ARCH=x86_64
BUILD_ONLY=0
SPARSE=0
STOCK=0
CFG=$LIBSLAB_REPO/kernel/configs
FRAGMENTS=("$CFG/replacement.config" "$CFG/replacement-debug.config" "$CFG/replacement-tests.config"
	"$CFG/replacement-workload.config")
EXTRA=()
while [ $# -gt 0 ]; do
	case $1 in
	--arch) ARCH=$2; shift 2 ;;
	--arch=*) ARCH=${1#--arch=}; shift ;;
	--build-only) BUILD_ONLY=1; shift ;;
	--stock) STOCK=1; shift ;;
	--sparse) SPARSE=1; shift ;;
	-h|--help) sed -n '4,83p' "$0"; exit 0 ;;
	-*) fail "unknown option $1 (try --help)" ;;
	*) [ -f "$1" ] || fail "no config fragment $1"; EXTRA+=("$1"); shift ;;
	esac
done
case $ARCH in
x86_64) CROSS=""; IMAGE=arch/x86/boot/bzImage; CONSOLE_DEV=ttyS0
	QEMU=(qemu-system-x86_64 -bios qboot.rom) ;;
arm64) CROSS=aarch64-linux-gnu-; IMAGE=arch/arm64/boot/Image; CONSOLE_DEV=ttyAMA0
	QEMU=(qemu-system-aarch64 -machine virt -cpu max) ;;
*) fail "unsupported --arch $ARCH (x86_64, arm64)" ;;
esac
[ -f "$CFG/replacement-$ARCH.config" ] && FRAGMENTS+=("$CFG/replacement-$ARCH.config")

BUILD=${LIBSLAB_BUILD_DIR:-$LIBSLAB_BASE/build-$ARCH-replacement}
TREE=$LIBSLAB_TREE
STOCK_FILE=$LIBSLAB_REPO/kernel/replace/stock-$ARCH.txt
STOCK_SLABINFO=$LIBSLAB_REPO/kernel/replace/stock-slabinfo-$ARCH.txt
STOCK_SYSFS=$LIBSLAB_REPO/kernel/replace/stock-sysfs-$ARCH.txt
SLABINFO_EXPLAINED=$LIBSLAB_REPO/kernel/replace/slabinfo-replacement-$ARCH.txt
SYSFS_EXPLAINED=$LIBSLAB_REPO/kernel/replace/sysfs-replacement-$ARCH.txt
STAMP=$(date +%Y%m%d-%H%M%S)
# kfence_test waits up to 100 intervals for each sampled object
KFENCE_INTERVAL_MS=10
KIND=$([ $STOCK = 1 ] && echo stock || echo replacement)
BUILDLOG=$LIBSLAB_LOGDIR/build-$ARCH-$KIND-$STAMP.log
CONSOLE=$LIBSLAB_LOGDIR/boot-$ARCH-$KIND-$STAMP.log
DUMP=$LIBSLAB_LOGDIR/trace-$ARCH-$KIND-$STAMP.txt.gz
MAKE=(make -C "$TREE" O="$BUILD" ARCH="$ARCH" CROSS_COMPILE="$CROSS"
	CC="$(libslab_kernel_cc "$CROSS")" -j"$LIBSLAB_JOBS")
say() { echo "run-replacement: $*"; }

if [ "${LIBSLAB_SERIES_READY:-0}" != 1 ]; then
	"$LIBSLAB_REPO/kernel/scripts/make-series.sh" --out "$LIBSLAB_REPO/build/kernel-series" ||
		fail "make-series.sh"
fi
mkdir -p "$BUILD" "$LIBSLAB_LOGDIR"
t0=$(date +%s)

# x86_64 takes Debian's slab-relevant options, made afresh from Debian's
# config on every run and merged after the project's fragments, so that
# they win over those; a FRAGMENT of the command line wins over both
if [ "$ARCH" = x86_64 ]; then
	DEBIAN_FRAGMENT=$BUILD/debian-slab.config
	python3 "$LIBSLAB_REPO/kernel/scripts/debian-slab-config.py" -o "$DEBIAN_FRAGMENT" \
		${LIBSLAB_DEBIAN_CONFIG:+"$LIBSLAB_DEBIAN_CONFIG"} ||
		fail "cannot make Debian's slab options (debian-slab-config.py)"
	FRAGMENTS+=("$DEBIAN_FRAGMENT")
fi
FRAGMENTS+=("${EXTRA[@]}")

# 0. the stock baselines hold for this configuration: the kernel's version
# and the fragments' text, in merge order (the sha256 of their
# concatenation), recorded by --stock
fingerprint() {
	local version hash

	version=$(make -s -C "$TREE" kernelversion) || fail "no kernel version in $TREE"
	hash=$(cat "${FRAGMENTS[@]}" | sha256sum) || fail "cannot read the fragments"
	echo "# fingerprint: Linux $version; sha256 ${hash%% *} of$(printf ' %s' "${FRAGMENTS[@]##*/}")"
}
FINGERPRINT=$(fingerprint) || exit 1
if [ $STOCK = 0 ]; then
	for baseline in "$STOCK_FILE" "$STOCK_SLABINFO" "$STOCK_SYSFS"; do
		[ -f "$baseline" ] || fail "no $baseline: record it with run-replacement.sh --arch $ARCH --stock"
		recorded=$(grep '^# fingerprint: ' "$baseline")
		[ "$recorded" = "$FINGERPRINT" ] && continue
		recorded=${recorded#"# fingerprint: "}
		fail "stale baseline $baseline: recorded from ${recorded:-a configuration it does not name}, not from this run's ${FINGERPRINT#"# fingerprint: "}; refresh it with kernel/scripts/run-replacement.sh --arch $ARCH --stock and commit it"
	done
fi

# 1. configure: tinyconfig, the fragments, then every other option's default
STOCK_CONFIG=$BUILD/stock-choice.config
printf 'CONFIG_SLUB=y\n# CONFIG_LIBSLAB_ALLOCATOR is not set\n' > "$STOCK_CONFIG"
MERGE=("${FRAGMENTS[@]}")
[ $STOCK = 1 ] && MERGE+=("$STOCK_CONFIG")
{
	"${MAKE[@]}" tinyconfig &&
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$BUILD" "$BUILD/.config" "${MERGE[@]}" &&
	"${MAKE[@]}" olddefconfig
} > "$BUILDLOG" 2>&1 || { tail -20 "$BUILDLOG"; fail "configuration (log $BUILDLOG)"; }
if [ $STOCK = 0 ]; then
	grep -qx 'CONFIG_LIBSLAB_ALLOCATOR=y' "$BUILD/.config" ||
		fail "CONFIG_LIBSLAB_ALLOCATOR is not set in $BUILD/.config (is an option it depends on set?)"
	# Every option a fragment sets or unsets made it into .config as the
	# last fragment that names it has it.
	dropped=$(grep -hE '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set$)' "${FRAGMENTS[@]}" |
		awk '{ name = $1 == "#" ? $2 : substr($1, 1, index($1, "=") - 1) }
			!(name in value) { order[++n] = name } { value[name] = $0 }
			END { for (i = 1; i <= n; i++) print value[order[i]] }' |
		while IFS= read -r want; do
			if [[ $want == "# "* ]]; then
				name=${want#"# "}; name=${name%% *}
				grep -q "^$name=" "$BUILD/.config" && grep "^$name=" "$BUILD/.config"
			else
				grep -qxF "$want" "$BUILD/.config" || echo "$want"
			fi
		done)
	[ -z "$dropped" ] || { echo "$dropped"; fail "options of the fragments not in $BUILD/.config as the fragments have them (unmet dependencies?)"; }
else
	grep -qx 'CONFIG_SLUB=y' "$BUILD/.config" || fail "CONFIG_SLUB is not set in $BUILD/.config"
fi

# 2. build; the link's undefined references are the worklist
"${MAKE[@]}" "$(basename "$IMAGE")" >> "$BUILDLOG" 2>&1
rc=$?
missing=$(sed -nE "s/^(ld: |aarch64-linux-gnu-ld: )?([^:]*):.*undefined reference to \`([^']*)'.*/\3 \2/p" "$BUILDLOG" |
	sort -u | awk '{ refs[$1] = refs[$1] " " $2 } END { for (s in refs) print s ":" refs[s] }' | sort)
if [ -n "$missing" ]; then
	echo "$missing"
	fail "vmlinux misses $(echo "$missing" | wc -l) symbols (log $BUILDLOG)"
fi
[ $rc -eq 0 ] || { grep -E -A3 '(error|Error)' "$BUILDLOG" | head -40; fail "build (log $BUILDLOG)"; }
# The kernel's slab test as a module, which init loads: built in, its
# test_kfree_rcu skips.
MODULE_FILES=()
if grep -qx 'CONFIG_SLUB_KUNIT_TEST=m' "$BUILD/.config"; then
	"${MAKE[@]}" modules >> "$BUILDLOG" 2>&1 ||
		{ grep -E -A3 '(error|Error|ERROR)' "$BUILDLOG" | head -40; fail "modules build (log $BUILDLOG)"; }
	[ -f "$BUILD/lib/slub_kunit.ko" ] || fail "no $BUILD/lib/slub_kunit.ko built"
	MODULE_FILES+=("$BUILD/lib/slub_kunit.ko:/lib/modules/slub_kunit.ko")
fi
# libslab's memory-hotplug suite, a module that init loads once the node
# that had no memory at boot has some (x86_64)
HOTPLUG_SUITE=()
if grep -qx 'CONFIG_LIBSLAB_HOTPLUG_KUNIT_TEST=m' "$BUILD/.config"; then
	ko=$BUILD/lib/libslab/libslab_hotplug_kunit.ko
	[ -f "$ko" ] || fail "no $ko built"
	MODULE_FILES+=("$ko:/lib/modules/libslab_hotplug_kunit.ko")
	HOTPLUG_SUITE=(libslab_hotplug)
fi
# The kernel's own slab tool, for init to run on /sys/kernel/slab: static,
# so that the busybox initramfs needs no C library.
SLABINFO_TOOL=$BUILD/tools-mm-slabinfo
"${CROSS}gcc" -O2 -Wall -static -o "$SLABINFO_TOOL" "$TREE/tools/mm/slabinfo.c" >> "$BUILDLOG" 2>&1 ||
	{ tail -20 "$BUILDLOG"; fail "${CROSS}gcc -static tools/mm/slabinfo.c (log $BUILDLOG; arm64 needs libc6-dev-arm64-cross)"; }
say "$ARCH $KIND kernel built in $(( $(date +%s) - t0 )) s; log $BUILDLOG"

# The kernel's own KUnit suites whose counts must be stock SLUB's: its slab
# test, and KFENCE's where the kernel has it
KERNEL_SUITE_LIST=(slub_test)
grep -qx 'CONFIG_KFENCE_KUNIT_TEST=y' "$BUILD/.config" && KERNEL_SUITE_LIST+=(kfence)
KERNEL_SUITES=$(IFS='|'; echo "${KERNEL_SUITE_LIST[*]}")

# 3. the allocator in vmlinux is libslab's
if [ $STOCK = 0 ]; then
	# (A stock build in the same directory leaves its objects behind.)
	linked=$(ar t "$BUILD/mm/built-in.a" | sed "s|^$BUILD/||")
	for obj in mm/slub.o mm/slab_common.o; do
		grep -qx "$obj" <<< "$linked" && fail "$obj is linked into vmlinux"
	done
	grep -qx mm/libslab_layout.o <<< "$linked" || fail "mm/libslab_layout.o is not linked"
	symbols=$(nm "$BUILD/vmlinux")
	for sym in __kmalloc_noprof kmem_cache_alloc_noprof kfree kmalloc_caches kmem_cache_init \
		lslab_slab_alloc_node lslab_calculate_sizes; do
		grep -qE " $sym\$" <<< "$symbols" || fail "vmlinux lacks $sym"
	done
	# SLUB's own static functions (libslab's are lslab_calculate_sizes, ...).
	for sym in calculate_sizes deactivate_slab; do
		grep -qE " $sym\$" <<< "$symbols" && fail "vmlinux has SLUB's $sym"
	done
	# Fault injection is mm/failslab.c's: the core's copy is not linked.
	if grep -qx 'CONFIG_FAILSLAB=y' "$BUILD/.config"; then
		grep -qE ' T should_failslab$' <<< "$symbols" || fail "vmlinux lacks mm/failslab.c's should_failslab"
		grep -qE ' libslab_failslab_setup$' <<< "$symbols" &&
			fail "vmlinux has the core's own failslab (src/failslab.c)"
	fi
	# The kmem events keep their names (the name maps must not rename them).
	if grep -qx 'CONFIG_TRACEPOINTS=y' "$BUILD/.config"; then
		for event in kmalloc kmem_cache_alloc kfree kmem_cache_free mm_page_alloc rss_stat; do
			grep -qE " __tracepoint_$event\$" <<< "$symbols" || fail "vmlinux lacks the trace event $event"
		done
	fi
	say "vmlinux links with libslab as its slab allocator ($(grep -c ' lslab_' <<< "$symbols") lslab_ symbols; no mm/slub.o, no mm/slab_common.o)"
	if [ $SPARSE = 1 ]; then
		command -v sparse >/dev/null 2>&1 || fail "sparse is not installed (apt-get install sparse)"
		SPARSELOG=$LIBSLAB_LOGDIR/sparse-$ARCH-replacement-$STAMP.log
		"${MAKE[@]}" C=2 lib/libslab/ mm/libslab_layout.o > "$SPARSELOG" 2>&1 ||
			{ tail -40 "$SPARSELOG"; fail "sparse build of lib/libslab/ (log $SPARSELOG)"; }
		if grep -E '^[^ ]*(lib/libslab/|mm/libslab_)[^:]*:[0-9]+:[0-9]+: (warning|error):' "$SPARSELOG"; then
			fail "sparse reports problems in replacement mode's files (log $SPARSELOG)"
		fi
		say "sparse is clean on lib/libslab/ and mm/libslab_layout.c"
	fi
fi
[ $BUILD_ONLY = 1 ] && exit 0

# 4. boot with two CPUs; the KUnit suites and test_meminit run before init
# busybox init and the workload; the kmem events' ring buffer per CPU,
# pointers unhashed, as capture-boot-trace.sh has them
INITRD=$BUILD/replacement-initramfs.cpio.gz
BUSYBOX=$(libslab_busybox "$ARCH") || exit 1
LIBSLAB_BUSYBOX=$BUSYBOX "$LIBSLAB_REPO/kernel/scripts/make-initramfs.sh" "$INITRD" \
	"$LIBSLAB_REPO/kernel/scripts/replacement-init.sh" \
	"$LIBSLAB_REPO/kernel/scripts/trace-workload.sh:/trace-workload.sh" \
	"$LIBSLAB_REPO/kernel/scripts/slabinfo-tool-init.sh:/slabinfo-tool-init.sh" \
	"$SLABINFO_TOOL:/usr/bin/slabinfo" "${MODULE_FILES[@]}" ||
	fail "make-initramfs.sh"
APPEND="console=$CONSOLE_DEV panic=-1 oops=panic reboot=t init_on_alloc=1 init_on_free=1"
APPEND="$APPEND no_hash_pointers trace_buf_size=32M"
# One cache that tracks its users, for debugfs's trace files and for a
# validate that checks something (slabinfo -v); 6.12 refuses it elsewhere.
APPEND="$APPEND slab_debug=U,shmem_inode_cache"
# x86_64: QEMU's NUMA (ACPI's SRAT): nodes 0 and 1 with a CPU and 512 MiB
# each, so that every cache has two kmem_cache_nodes and the tests and
# workload run on a NUMA machine, and node 2 with neither at boot but a
# 128 MiB DIMM (one memory block), which the kernel leaves offline and
# init brings online; arm64: one node
MACHINE=(-m 1024 -smp 2)
if [ "$ARCH" = x86_64 ]; then
	APPEND="$APPEND i8042.noaux memhp_default_state=offline"
	MACHINE=(-m "1024,slots=1,maxmem=2G" -smp 2
		-object "memory-backend-ram,id=ram0,size=512M" -numa "node,nodeid=0,cpus=0,memdev=ram0"
		-object "memory-backend-ram,id=ram1,size=512M" -numa "node,nodeid=1,cpus=1,memdev=ram1"
		-numa "node,nodeid=2"
		-object "memory-backend-ram,id=dimm2,size=128M" -device "pc-dimm,id=dimm2,memdev=dimm2,node=2")
fi
# KFENCE samples from boot on (Debian's default interval is 0: off), often
# enough that kfence_test, which waits for each sample, stays short
grep -qx 'CONFIG_KFENCE=y' "$BUILD/.config" && APPEND="$APPEND kfence.sample_interval=$KFENCE_INTERVAL_MS"
t1=$(date +%s)
timeout 900 "${QEMU[@]}" -nographic -no-reboot "${MACHINE[@]}" \
	-kernel "$BUILD/$IMAGE" -initrd "$INITRD" -append "$APPEND" \
	< /dev/null > "$CONSOLE" 2>&1
qrc=$?
sed -i 's/\r$//' "$CONSOLE"
libslab_note_console "$CONSOLE"
# The dump, out of the console's prefixed lines (replacement-init.sh).
sed -n 's/^libslab-dump: //p' "$CONSOLE" | base64 -d > "$DUMP" 2>/dev/null
boot_s=$(( $(date +%s) - t1 ))
say "QEMU exit $qrc after $boot_s s; console $CONSOLE"
grep -q 'libslab-replacement: done' "$CONSOLE" ||
	{ tail -30 "$CONSOLE"; fail "init did not finish (console $CONSOLE)"; }

# The pass/fail/skip line of each KUnit suite, and test_meminit's verdict.
suite_counts() {
	sed -nE 's/^ *# ([a-z0-9_]+): (pass:[0-9]+ fail:[0-9]+ skip:[0-9]+ total:[0-9]+)$/\1 \2/p' "$CONSOLE"
}
meminit=$(sed -nE 's/^test_meminit: (all [0-9]+ tests passed!|failures: .*)$/test_meminit \1/p' "$CONSOLE")
kernel_counts=$(suite_counts | grep -E "^($KERNEL_SUITES) "; echo "$meminit")

if [ $STOCK = 1 ]; then
	if [ -z "$meminit" ] || [ "$(suite_counts | grep -cE "^($KERNEL_SUITES) ")" != "${#KERNEL_SUITE_LIST[@]}" ]; then
		tail -30 "$CONSOLE"
		fail "the stock boot printed no test_meminit result or not every count of ${KERNEL_SUITE_LIST[*]}"
	fi
	{
		echo "# The kernel's own slab tests on stock SLUB, $ARCH, the configuration of"
		echo "# run-replacement.sh with CONFIG_SLUB: written by run-replacement.sh --stock."
		[ ${#MODULE_FILES[@]} -gt 0 ] && echo "# slub_test ran as the module lib/slub_kunit.ko."
		grep -q 'kfence.sample_interval=' <<< "$APPEND" &&
			echo "# kfence (mm/kfence/kfence_test.c) ran with kfence.sample_interval=$KFENCE_INTERVAL_MS."
		echo "$FINGERPRINT"
		echo "$kernel_counts"
	} > "$STOCK_FILE"
	say "stock SLUB counts written to $STOCK_FILE:"
	cat "$STOCK_FILE"
	grep -q '^libslab-replacement: workload run$' "$CONSOLE" ||
		fail "the stock boot did not run the workload (console $CONSOLE)"
	{
		echo "# /proc/slabinfo of stock SLUB, $ARCH, the configuration of run-replacement.sh"
		echo "# with CONFIG_SLUB, after init's workload (trace-workload.sh): written by"
		echo "# run-replacement.sh --stock, compared with libslab's by compare-slabinfo.py."
		echo "$FINGERPRINT"
		sed -n '/^libslab-replacement: slabinfo$/,/^libslab-replacement: sysfs$/p' "$CONSOLE" |
			grep -E '^(slabinfo - version|# name|[^ ]+ +[0-9]+ +[0-9]+ .* : tunables )'
	} > "$STOCK_SLABINFO"
	python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo.py" "$STOCK_SLABINFO" "$STOCK_SLABINFO" \
		> /dev/null || fail "no slabinfo in the stock boot's console $CONSOLE"
	say "stock SLUB slabinfo written to $STOCK_SLABINFO ($(grep -c ' : tunables ' "$STOCK_SLABINFO") caches)"
	{
		echo "# /sys/kernel/slab and /sys/kernel/debug/slab of stock SLUB, $ARCH, the"
		echo "# configuration of run-replacement.sh with CONFIG_SLUB, after init's workload"
		echo "# (slabinfo-tool-init.sh), and the kernel's slabinfo -a: written by"
		echo "# run-replacement.sh --stock, compared with libslab's by compare-slabinfo-tool.py."
		echo "$FINGERPRINT"
		python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo-tool.py" --record "$CONSOLE"
	} > "$STOCK_SYSFS" || fail "no /sys/kernel/slab lines in the stock boot's console $CONSOLE"
	python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo-tool.py" "$STOCK_SYSFS" "$CONSOLE" |
		sed 's/^/    /'
	say "stock SLUB sysfs written to $STOCK_SYSFS ($(grep -c '^libslab-sysfs: dir ' "$STOCK_SYSFS") directories)"
	exit 0
fi

status=0
check() {
	if [ "$1" = ok ]; then say "ok: $2"; else say "FAIL: $2"; status=1; fi
}
banners=$(grep -c "libslab: the kernel's slab allocator" "$CONSOLE")
check "$([ "$banners" = 1 ] && echo ok)" "libslab's start-up line, $banners time(s)"
if libslab_console_clean "$CONSOLE"; then clean=ok; else clean=""; fi
check "$clean" "no WARNING, BUG or lockdep report outside expected-report brackets"
counts=$(suite_counts)
echo "$counts" | sed 's/^/    /'
# A suite's verdict is its top-level KTAP line (a suite of one case
# prints no count line).
for suite in "${KERNEL_SUITE_LIST[@]}" libslab_smoke libslab_kmalloc libslab_cache libslab_debug libslab_stress libslab_replace "${HOTPLUG_SUITE[@]}"; do
	line=$(grep "^$suite " <<< "$counts")
	line=${line#"$suite "}
	check "$(grep -qE "^ok [0-9]+ $suite\$" "$CONSOLE" && echo ok)" \
		"KUnit suite $suite ${line:-(one case: its KTAP line)}"
done
# The memory cgroup check of replacement-init.sh, where the kernel has MEMCG:
# the cgroup's slab grows by the directories' charge, to within 8 KiB
# below (memcg's per-CPU byte caches) and 12.5% above (the task's own).
if grep -qx 'CONFIG_MEMCG=y' "$BUILD/.config"; then
	read -r before after < <(sed -n 's/^libslab-replacement: memcg: slab \([0-9]*\) -> \([0-9]*\) bytes.*/\1 \2/p' "$CONSOLE")
	read -r dirs per_dir < <(sed -n 's/^libslab-replacement: memcg: \([0-9]*\) directories of \([0-9]*\) bytes.*/\1 \2/p' "$CONSOLE")
	grown=$(( ${after:-0} - ${before:-0} )) want=$(( ${dirs:-0} * ${per_dir:-0} ))
	check "$([ "$want" -gt 0 ] && [ $grown -ge $((want - 8192)) ] && [ $grown -le $((want + want / 8)) ] && echo ok)" \
		"memcg charged the cgroup's ${dirs:-?} tmpfs directories: its memory.stat slab grew $grown bytes, expected $want (dentry + shmem inode + 2 obj_cgroup pointers each)"
fi
stock=$(grep -v '^#' "$STOCK_FILE")
check "$([ "$stock" = "$kernel_counts" ] && echo ok)" \
	"the kernel's own tests count as on stock SLUB: $(echo "$kernel_counts" | paste -sd ';')"
[ "$stock" = "$kernel_counts" ] || echo "    stock SLUB: $(echo "$stock" | paste -sd ';')"
read -r slab srec sunr < <(awk '/^Slab:/ { a = $2 } /^SReclaimable:/ { b = $2 } /^SUnreclaim:/ { c = $2 }
	END { print a + 0, b + 0, c + 0 }' "$CONSOLE")
check "$([ "$slab" -gt 0 ] && [ "$slab" = $((srec + sunr)) ] && echo ok)" \
	"/proc/meminfo Slab $slab kB = SReclaimable $srec kB + SUnreclaim $sunr kB"
check "$(grep -q '^slabinfo - version: 2.1$' "$CONSOLE" && grep -qE '^kmalloc-64 +[0-9]+ +[0-9]+ +64 ' "$CONSOLE" && echo ok)" \
	"/proc/slabinfo is version 2.1 with a kmalloc-64 line ($(sed -n '/^libslab-replacement: slabinfo$/,/^libslab-replacement: sysfs$/p' "$CONSOLE" | grep -cE '^[^ #].* : tunables ') caches)"
check "$(grep -q '^libslab-replacement: workload run$' "$CONSOLE" && [ "$qrc" = 0 ] && echo ok)" \
	"busybox init ran the trace capture's workload and restarted the machine (QEMU exit $qrc)"
echo "    compare-slabinfo.py $STOCK_SLABINFO (stock) with this boot's:"
python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo.py" --explained "$SLABINFO_EXPLAINED" \
	"$STOCK_SLABINFO" "$CONSOLE" > "$CONSOLE.slabinfo" 2>&1
crc=$?
grep -v '  equal$' "$CONSOLE.slabinfo" | sed 's/^/    /'
check "$([ $crc = 0 ] && echo ok)" \
	"/proc/slabinfo against stock SLUB's: $(grep -E '^[0-9]+ caches on stock' "$CONSOLE.slabinfo" || echo "no comparison")"
echo "    compare-slabinfo-tool.py $STOCK_SYSFS (stock) with this boot's:"
python3 "$LIBSLAB_REPO/kernel/scripts/compare-slabinfo-tool.py" --explained "$SYSFS_EXPLAINED" \
	"$STOCK_SYSFS" "$CONSOLE" > "$CONSOLE.sysfs" 2>&1
trc=$?
sed 's/^/    /' "$CONSOLE.sysfs"
check "$([ $trc = 0 ] && echo ok)" \
	"/sys/kernel/slab, debugfs and tools/mm/slabinfo -a -T -v -S agree with stock SLUB and /proc/slabinfo ($(grep -c '^ok: ' "$CONSOLE.sysfs") checks passed, $(grep -c '^FAIL: ' "$CONSOLE.sysfs") failed)"
# slabsim: given, built by the meson stages, or built here.
slabsim=${LIBSLAB_SLABSIM:-}
for b in default release; do
	[ -z "$slabsim" ] && [ -x "$LIBSLAB_REPO/build/$b/bench/slabsim" ] &&
		slabsim=$LIBSLAB_REPO/build/$b/bench/slabsim
done
if [ -z "$slabsim" ]; then
	sb=$LIBSLAB_BASE/slabsim-build
	{ [ -f "$sb/build.ninja" ] || meson setup "$sb" "$LIBSLAB_REPO" -Dtests=false; } > "$sb.log" 2>&1 &&
		ninja -C "$sb" bench/slabsim >> "$sb.log" 2>&1 && slabsim=$sb/bench/slabsim
fi
if [ -n "$slabsim" ] && gzip -dc "$DUMP" 2>/dev/null | grep -q '^# libslab-trace: end$'; then
	"$slabsim" replay --quiet "$DUMP" > "$DUMP.replay" 2>&1
	rrc=$?
	sed -n '1,12p' "$DUMP.replay" | sed 's/^/    /'
	check "$([ $rrc = 0 ] && grep -q 'malformed lines: 0' "$DUMP.replay" && echo ok)" \
		"slabsim replay of the boot's kmem events ($DUMP)"
else
	check "" "slabsim replay of the boot's kmem events (slabsim: ${slabsim:-not built}; dump $DUMP)"
fi
[ $status = 0 ] || fail "the $ARCH kernel on libslab failed a check (console $CONSOLE)"
say "PASS: $ARCH booted on libslab in $boot_s s of QEMU"
