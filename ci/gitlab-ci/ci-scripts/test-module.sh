#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-module.sh - build libslab of the series as out-of-tree modules
# (make -C <tree> M=...) and load them in QEMU from a busybox initramfs,
# where KUnit runs their suites on load (kernel/scripts/run-module.sh, as
# .ci/run does).  Artifacts: the serial console and the build log.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts test-module
ici_kernel_series
status=0
"$ICI_ROOT/kernel/scripts/run-module.sh" || status=$?
ici_keep_newest_log 'module-console-[0-9]*'
ici_keep_newest_log 'module-[0-9]*'
[ $status -eq 0 ] || ici_fail "the module run failed (logs: $ICI_ARTIFACTS)"
ici_finish
