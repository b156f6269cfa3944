#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kernel-tests.sh - the whole kernel side of the test suite:
#
#   1. make-series.sh   regenerate the patch series and its git tree
#   2. check-series.sh  checkpatch --strict, and git am onto pristine 6.12
#   3. run-kunit.sh --arch x86_64 --debug
#                       KUnit (smoke, shared cases, stress) in QEMU, two
#                       CPUs, with KASAN, PROVE_LOCKING and DEBUG_PREEMPT;
#                       W=1 and sparse on lib/libslab/
#   4. run-kunit.sh --arch arm64
#                       the same suites, cross-compiled, in qemu-system-aarch64
#   5. run-kunit.sh --arch x86_64 --tiny
#                       the same suites with CONFIG_LIBSLAB_TINY
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
step "kunit x86_64 (KASAN, lockdep, DEBUG_PREEMPT)" "$SCRIPTS/run-kunit.sh" --arch x86_64 --debug
step "kunit arm64" "$SCRIPTS/run-kunit.sh" --arch arm64
step "kunit x86_64 SLUB_TINY design" "$SCRIPTS/run-kunit.sh" --arch x86_64 --tiny
step "module in QEMU" "$SCRIPTS/run-module.sh"
step "differential oracle (kernel SLUB against libslab)" "$SCRIPTS/run-oracle.sh"

[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} step(s) failed: ${failed[*]}"
echo "run-kernel-tests: PASS"
