#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-kunit.sh ARCH [VARIANT] - boot the libslab KUnit suites in QEMU (TCG,
# two CPUs) on ARCH (x86_64, arm64) with kernel/scripts/run-kunit.sh, as
# .ci/run does.  VARIANT: plain (default); debug adds KASAN, PROVE_LOCKING
# and DEBUG_PREEMPT; tiny builds the SLUB_TINY design.  KCI_KUNIT_OPTIONS go
# to kunit.py run (e.g. --filter).  Any splat in the console fails the job.
# Artifacts: the console log and kunit.py's log.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	ici_fail "usage: test-kunit.sh ARCH [plain|debug|tiny]"
fi
arch=$1
variant=${2:-plain}
ici_load_settings
ici_artifacts "test-kunit-$arch-$variant"
ici_kernel_arch "$arch"
args=(--arch "$arch")
case $variant in
plain) ;;
debug | tiny) args+=(--"$variant") ;;
*) ici_fail "unknown KUnit variant '$variant' (plain, debug, tiny)" ;;
esac
ici_kernel_series
status=0
# shellcheck disable=SC2086 # KCI_KUNIT_OPTIONS is a list of options
"$ICI_ROOT/kernel/scripts/run-kunit.sh" "${args[@]}" $KCI_KUNIT_OPTIONS || status=$?
name=$arch$([ "$variant" = plain ] || echo "-$variant")
cp "$LIBSLAB_BASE/build-$name/test.log" "$ICI_ARTIFACTS/console-$name.log" 2>/dev/null || true
ici_keep_newest_log "kunit-$name-[0-9]*"
ici_keep_newest_log "build-$name-[0-9]*"
[ $status -eq 0 ] || ici_fail "KUnit on $arch ($variant) failed (logs: $ICI_ARTIFACTS)"
ici_finish
