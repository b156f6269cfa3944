#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kernel-tests.sh - the whole kernel side of the test suite:
#
#   1. make-series.sh   regenerate the patch series and its git tree
#   2. check-series.sh  checkpatch --strict, and git am onto pristine 6.12
#   3. run-replacement.sh --arch x86_64
#                       Linux on libslab as its slab allocator, in QEMU,
#                       two CPUs, PROVE_LOCKING, DEBUG_PREEMPT and
#                       DEBUG_ATOMIC_SLEEP: the kernel's lib/slub_kunit.c
#                       and lib/test_meminit.c against stock SLUB's counts,
#                       the project's KUnit suites through the kernel's
#                       entry points, /proc/meminfo and /proc/slabinfo;
#                       a busybox init runs the trace capture's workload,
#                       slabinfo is compared with stock SLUB's after it
#                       and the boot's kmem events replay with slabsim
#   4. run-replacement.sh --arch arm64
#                       the same, cross-compiled, in qemu-system-aarch64
#   5. run-kunit.sh --arch x86_64 --tiny
#                       libslab beside SLUB: KUnit (smoke, shared cases,
#                       stress) with CONFIG_LIBSLAB_TINY; W=1 and sparse on
#                       lib/libslab/
#   6. run-module.sh    the out-of-tree module loaded in QEMU
#   7. run-oracle.sh    the differential oracle on the same host kernel's
#                       own SLUB, compared with libslab (tests/oracle/)
#
# Runs every step even after a failure; exits non-zero if any failed.
# tests/run-all.sh calls it as its kernel stage.
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

SCRIPTS=$LIBSLAB_REPO/kernel/scripts
failed=()
step() {
	local name=$1 t0=$SECONDS

	shift
	echo "=== kernel: $name"
	if "$@"; then
		echo "=== kernel: $name: PASS ($((SECONDS - t0)) s)"
	else
		echo "=== kernel: $name: FAIL ($((SECONDS - t0)) s)"
		failed+=("$name")
	fi
}

step "make-series" "$SCRIPTS/make-series.sh" || true
if [ ${#failed[@]} -gt 0 ]; then
	fail "no series, nothing else to run"
fi
export LIBSLAB_SERIES_READY=1
step "check-series" "$SCRIPTS/check-series.sh"
step "x86_64 on libslab (replacement mode, lockdep, DEBUG_PREEMPT)" "$SCRIPTS/run-replacement.sh" --arch x86_64 --sparse
step "arm64 on libslab (replacement mode, lockdep, DEBUG_PREEMPT)" "$SCRIPTS/run-replacement.sh" --arch arm64
step "kunit x86_64 SLUB_TINY design" "$SCRIPTS/run-kunit.sh" --arch x86_64 --tiny
step "module in QEMU" "$SCRIPTS/run-module.sh"
step "differential oracle (kernel SLUB against libslab)" "$SCRIPTS/run-oracle.sh"

[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} step(s) failed: ${failed[*]}"
echo "run-kernel-tests: PASS"
