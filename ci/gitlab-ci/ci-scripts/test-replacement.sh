#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-replacement.sh ARCH - boot Linux with libslab as its slab allocator
# (replacement mode) in QEMU on ARCH (x86_64, arm64) and check it with
# kernel/scripts/run-replacement.sh, as .ci/run does.  Artifacts: the
# serial console and the build log.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: test-replacement.sh ARCH"
arch=$1
ici_load_settings
ici_artifacts "test-replacement-$arch"
ici_kernel_arch "$arch"
ici_kernel_series
args=(--arch "$arch")
[ "$arch" = x86_64 ] && args+=(--sparse)
status=0
"$ICI_ROOT/kernel/scripts/run-replacement.sh" "${args[@]}" || status=$?
ici_keep_newest_log "boot-$arch-replacement-[0-9]*"
ici_keep_newest_log "build-$arch-replacement-[0-9]*"
[ $status -eq 0 ] || ici_fail "the $arch kernel on libslab failed (logs: $ICI_ARTIFACTS)"
ici_finish
