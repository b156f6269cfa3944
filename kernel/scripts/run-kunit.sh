#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kunit.sh - build Linux 6.12 with libslab in lib/libslab/ and run the
# "libslab_smoke" KUnit suite in QEMU (x86_64, TCG).
#
# Fails when
#   - prepare-tree.sh or the kernel build fails,
#   - any of lib/libslab/'s files warns under W=1 (rebuilt explicitly),
#   - a global symbol of lib/libslab/ lacks the lslab_/libslab_ prefix,
#   - a KUnit test fails or the run times out,
#   - the console shows WARNING:, BUG:, Oops, a lockdep report, a panic, ...
#
# Environment: LIBSLAB_KERNEL_DIR (default /var/tmp/libslab), LIBSLAB_CORE_DIR,
#              LIBSLAB_BUILD_DIR (default $LIBSLAB_KERNEL_DIR/build-x86_64),
#              LIBSLAB_KUNITCONFIG (default <repo>/kernel/kunit/.kunitconfig),
#              LIBSLAB_JOBS (default nproc).
# Extra arguments are passed to kunit.py run (e.g. --kernel_args=...).
# Never touches the host kernel: everything runs inside QEMU.
set -uo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BASE=${LIBSLAB_KERNEL_DIR:-/var/tmp/libslab}
export LIBSLAB_KERNEL_DIR=$BASE
TREE=$BASE/linux-source-6.12
BUILD=${LIBSLAB_BUILD_DIR:-$BASE/build-x86_64}
KUNITCONFIG=${LIBSLAB_KUNITCONFIG:-$REPO/kernel/kunit/.kunitconfig}
JOBS=${LIBSLAB_JOBS:-$(nproc)}
LOGDIR=$BASE/logs
STAMP=$(date +%Y%m%d-%H%M%S)
mkdir -p "$LOGDIR"
BUILDLOG=$LOGDIR/w1-$STAMP.log
RUNLOG=$LOGDIR/kunit-$STAMP.log

fail() { echo "run-kunit: FAIL: $*" >&2; exit 1; }

"$REPO/kernel/scripts/prepare-tree.sh" || fail "prepare-tree.sh"

CCOPT=()
if command -v ccache >/dev/null 2>&1; then
	CCOPT=(--make_options "CC=ccache gcc")
	MAKECC=("CC=ccache gcc")
else
	MAKECC=()
fi
KUNIT=(python3 "$TREE/tools/testing/kunit/kunit.py")
COMMON=(--arch=x86_64 --kunitconfig="$KUNITCONFIG" --build_dir="$BUILD"
	--make_options W=1 "${CCOPT[@]}")

cd "$TREE" || fail "no tree at $TREE"

# 1. configure (kunit.py config merges the .kunitconfig into $BUILD/.config)
t0=$(date +%s)
"${KUNIT[@]}" config "${COMMON[@]}" > "$LOGDIR/config-$STAMP.log" 2>&1 ||
	{ cat "$LOGDIR/config-$STAMP.log"; fail "kunit.py config"; }
grep -q '^CONFIG_LIBSLAB=y' "$BUILD/.config" || fail "CONFIG_LIBSLAB not set in $BUILD/.config"

# 2. W=1 build of lib/libslab/ alone, from scratch, so its warnings are seen
#    even when the objects are up to date
rm -f "$BUILD"/lib/libslab/*.o "$BUILD"/lib/libslab/.*.o.cmd
make -C "$TREE" O="$BUILD" ARCH=x86_64 W=1 "${MAKECC[@]}" -j"$JOBS" lib/libslab/ \
	> "$BUILDLOG" 2>&1
rc=$?
if grep -E 'lib/libslab/.*(warning|error):' "$BUILDLOG" >/dev/null || [ $rc -ne 0 ]; then
	grep -E -A4 '(warning|error):' "$BUILDLOG" | head -200
	fail "W=1 build of lib/libslab/ (rc=$rc, log $BUILDLOG)"
fi
echo "run-kunit: lib/libslab/ builds W=1-clean ($(( $(date +%s) - t0 )) s so far)"

# 3. every global symbol of ours carries the prefix
bad=$(nm --defined-only "$BUILD"/lib/libslab/*.o 2>/dev/null |
	awk 'NF == 3 && $2 ~ /^[A-Z]$/ && $2 != "U" { print $3 }' |
	grep -Ev '^(lslab_|libslab_|__UNIQUE_ID|__export_symbol_|__ksymtab|__kstrtab|__kcrctab|__initcall|__exitcall|__addressable|init_module$|cleanup_module$|__mod_|__kunit_suites)' |
	sort -u)
[ -z "$bad" ] || { echo "$bad"; fail "global symbols without the lslab_ prefix (add them to kernel/glue/libslab_core_names.h)"; }

# 4. build the kernel and run the tests
"${KUNIT[@]}" run "${COMMON[@]}" --jobs="$JOBS" --qemu_args='-smp 2' --timeout=600 "$@" \
	> "$RUNLOG" 2>&1
krc=$?
cat "$RUNLOG"
echo "run-kunit: kunit.py run exit $krc after $(( $(date +%s) - t0 )) s; log $RUNLOG, console $BUILD/test.log"

if grep -E 'lib/libslab/.*(warning|error):' "$RUNLOG" >/dev/null; then
	fail "warnings in lib/libslab/ during the kernel build"
fi
[ $krc -eq 0 ] || fail "kunit.py run exit $krc"
grep -q 'ok [0-9]* libslab_smoke' "$BUILD/test.log" || fail "suite libslab_smoke did not run"
grep -q 'not ok [0-9]* libslab_smoke' "$BUILD/test.log" && fail "suite libslab_smoke failed"
if grep -nE 'WARNING:|BUG:|Oops|Kernel panic|general protection fault|kernel BUG|UBSAN:|KASAN:|possible recursive locking|inconsistent lock state|possible circular locking|lock held when returning|suspicious RCU usage|Bad page|bad page state|Call Trace:' "$BUILD/test.log"; then
	fail "kernel console reports problems (see $BUILD/test.log)"
fi
echo "run-kunit: PASS"
