#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kunit.sh - build Linux 6.12 with the libslab series and run its KUnit
# suites (libslab_smoke, libslab_kmalloc, libslab_cache, libslab_debug,
# libslab_stress) in QEMU with two CPUs.
#
#   run-kunit.sh [--arch x86_64|arm64] [--debug] [--tiny] [--build-only]
#                [kunit.py run options]
#
# --debug adds kernel/configs/debug.config (KASAN, PROVE_LOCKING,
# DEBUG_PREEMPT on a preemptible kernel); --tiny adds tiny.config
# (CONFIG_LIBSLAB_TINY, the SLUB_TINY design).  --build-only stops after
# the build (the pipeline's cache stage fills ccache with it).  The tree is
# the one make-series.sh checks out (it runs first, unless
# LIBSLAB_SERIES_READY=1); each arch/variant keeps its own build directory,
# $LIBSLAB_KERNEL_DIR/build-<arch>[-debug][-tiny], so a change in src/
# rebuilds only lib/libslab/ and relinks.
#
# Fails when
#   - the series cannot be made, or the kernel build fails,
#   - a file of lib/libslab/ warns under W=1 or under sparse (C=2),
#   - a global symbol of lib/libslab/ lacks the lslab_/libslab_ prefix,
#   - a KUnit case fails or a suite did not run, or the run times out,
#   - the console log shows a WARNING, BUG, oops, lockdep/KASAN report...
# Never touches the host kernel: everything runs inside QEMU (TCG).
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ARCH=x86_64
DEBUG=0
TINY=0
BUILD_ONLY=0
EXTRA=()
while [ $# -gt 0 ]; do
	case $1 in
	--arch) ARCH=$2; shift 2 ;;
	--arch=*) ARCH=${1#--arch=}; shift ;;
	--debug) DEBUG=1; shift ;;
	--tiny) TINY=1; shift ;;
	--build-only) BUILD_ONLY=1; shift ;;
	*) EXTRA+=("$1"); shift ;;
	esac
done
case $ARCH in
x86_64) CROSS= ;;
arm64) CROSS=aarch64-linux-gnu- ;;
*) fail "unsupported --arch $ARCH (x86_64, arm64)" ;;
esac
VARIANT=$ARCH$([ $DEBUG = 1 ] && echo -debug)$([ $TINY = 1 ] && echo -tiny)
BUILD=${LIBSLAB_BUILD_DIR:-$LIBSLAB_BASE/build-$VARIANT}
TREE=$LIBSLAB_TREE
CFG=$LIBSLAB_REPO/kernel/configs
CONFIGS=("$CFG/libslab.config" "$CFG/kunit.config")
[ $DEBUG = 1 ] && CONFIGS+=("$CFG/debug.config")
# The tiny kernel also serves the oracle's SLUB_TINY run (run-oracle.sh).
[ $TINY = 1 ] && CONFIGS+=("$CFG/tiny.config" "$LIBSLAB_REPO/kernel/oracle/oracle-tiny.config")
STAMP=$(date +%Y%m%d-%H%M%S)
BUILDLOG=$LIBSLAB_LOGDIR/build-$VARIANT-$STAMP.log
RUNLOG=$LIBSLAB_LOGDIR/kunit-$VARIANT-$STAMP.log
CC=$(libslab_kernel_cc "$CROSS")
MAKE=(make -C "$TREE" O="$BUILD" ARCH="$ARCH" CROSS_COMPILE="$CROSS" CC="$CC" -j"$LIBSLAB_JOBS")
say() { echo "run-kunit[$VARIANT]: $*"; }

if [ "${LIBSLAB_SERIES_READY:-0}" != 1 ]; then
	"$LIBSLAB_REPO/kernel/scripts/make-series.sh" --out "$LIBSLAB_REPO/build/kernel-series" ||
		fail "make-series.sh"
fi

KUNIT=(python3 "$TREE/tools/testing/kunit/kunit.py")
COMMON=(--arch="$ARCH" --build_dir="$BUILD" --make_options "CC=$CC")
[ -n "$CROSS" ] && COMMON+=(--cross_compile="$CROSS")
# The PS/2 mouse probes asynchronously and its "input:" line can land inside
# a KTAP header, which kunit.py then misparses as a crash: no mouse port.
BOOT_ARGS=()
[ "$ARCH" = x86_64 ] && BOOT_ARGS+=(--kernel_args=i8042.noaux)
for c in "${CONFIGS[@]}"; do
	COMMON+=(--kunitconfig="$c")
done

cd "$TREE" || fail "no tree at $TREE"
t0=$(date +%s)

# 1. configure: kunit.py merges the fragments into $BUILD/.config
"${KUNIT[@]}" config "${COMMON[@]}" > "$BUILDLOG" 2>&1 ||
	{ tail -40 "$BUILDLOG"; fail "kunit.py config (log $BUILDLOG)"; }
grep -q '^CONFIG_LIBSLAB=y' "$BUILD/.config" || fail "CONFIG_LIBSLAB not set in $BUILD/.config"

# 2. lib/libslab/ alone, from scratch, under W=1 and then sparse, so their
#    warnings are seen even when the objects are up to date
rm -f "$BUILD"/lib/libslab/*.o "$BUILD"/lib/libslab/tests/*.o
"${MAKE[@]}" W=1 lib/libslab/ >> "$BUILDLOG" 2>&1
rc=$?
if [ $rc -ne 0 ] || grep -E 'lib/libslab/.*(warning|error):' "$BUILDLOG" >/dev/null; then
	grep -E -A4 '(warning|error):' "$BUILDLOG" | head -100
	fail "W=1 build of lib/libslab/ (rc=$rc, log $BUILDLOG)"
fi
if command -v sparse >/dev/null 2>&1; then
	SPARSELOG=$LIBSLAB_LOGDIR/sparse-$VARIANT-$STAMP.log
	"${MAKE[@]}" C=2 lib/libslab/ > "$SPARSELOG" 2>&1 ||
		{ tail -40 "$SPARSELOG"; fail "sparse build of lib/libslab/ (log $SPARSELOG)"; }
	if grep -E '^[^ ]*lib/libslab/[^:]*:[0-9]+:[0-9]+: (warning|error):' "$SPARSELOG"; then
		fail "sparse reports problems in lib/libslab/ (log $SPARSELOG)"
	fi
	say "lib/libslab/ is W=1- and sparse-clean"
else
	fail "sparse is not installed (apt-get install sparse)"
fi

# 3. every global symbol of ours carries the prefix
bad=$(nm --defined-only "$BUILD"/lib/libslab/*.o "$BUILD"/lib/libslab/tests/*.o 2>/dev/null |
	awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' |
	grep -Ev '^(lslab_|libslab_|__UNIQUE_ID|__export_symbol_|__ksymtab|__kstrtab|__kcrctab|__initcall|__exitcall|__addressable|init_module$|cleanup_module$|__mod_|__kunit_suites|__param_)' |
	sort -u)
[ -z "$bad" ] || { echo "$bad"; fail "global symbols without the lslab_ prefix (add them to kernel/glue/libslab_core_names.h)"; }

# 4. build the kernel and run libslab's suites (the tiny kernel also has the
#    oracle's, which run-oracle.sh boots on its own)
if [ $BUILD_ONLY = 1 ]; then
	"${KUNIT[@]}" build "${COMMON[@]}" --jobs="$LIBSLAB_JOBS" > "$RUNLOG" 2>&1 ||
		{ tail -40 "$RUNLOG"; fail "kunit.py build (log $RUNLOG)"; }
	say "built in $(( $(date +%s) - t0 )) s (--build-only)"
	exit 0
fi
# kunit.py rewrites test.log only when it boots: its cases count only if
# this run wrote it (the run log is written last, so it is always newer).
console_before=$(stat -c %y "$BUILD/test.log" 2>/dev/null)
"${KUNIT[@]}" run "${COMMON[@]}" "${BOOT_ARGS[@]}" --jobs="$LIBSLAB_JOBS" \
	--qemu_args='-smp 2' --timeout=1200 "${EXTRA[@]}" 'libslab*' > "$RUNLOG" 2>&1
krc=$?
console_after=$(stat -c %y "$BUILD/test.log" 2>/dev/null)
if [ -n "$console_after" ] && [ "$console_after" != "$console_before" ]; then
	libslab_note_console "$BUILD/test.log"
fi
grep -E '^\[..:..:..\] (=|\[|Testing complete|Elapsed)' "$RUNLOG" | grep -vE '\[PASSED\]' | tail -20
say "kunit.py run exit $krc after $(( $(date +%s) - t0 )) s; log $RUNLOG, console $BUILD/test.log"

grep -E 'lib/libslab/.*(warning|error):' "$RUNLOG" && fail "warnings in lib/libslab/ during the kernel build"
[ $krc -eq 0 ] || fail "kunit.py run exit $krc"
for suite in libslab_smoke libslab_kmalloc libslab_cache libslab_debug libslab_stress; do
	grep -qE "^ *ok [0-9]+ $suite\$" "$BUILD/test.log" || fail "suite $suite did not pass"
done
libslab_console_clean "$BUILD/test.log" || fail "the console reports problems (see $BUILD/test.log)"
grep -E 'libslab_stress.*# |workers,' "$BUILD/test.log" | head -3
say "PASS ($(grep -cE '^ *ok [0-9]+ ' "$BUILD/test.log") KUnit results ok)"
