#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sparse.sh ARCH - the kernel's own static checks on the project's files:
# configure the series tree for ARCH (KCI_DEFCONFIG, the project's
# fragment, KCI_KCONFIGS_ENABLE and the like), then build lib/libslab/ from scratch with
# sparse on every file (C=2) and W=1.  An error fails the job; warnings in
# lib/libslab/ make it warn (exit 101).
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: sparse.sh ARCH"
ici_load_settings
ici_artifacts "sparse-$1"
ici_kernel_series
ici_kernel_configure "$1"
log=$ICI_ARTIFACTS/sparse-$1.log

rm -rf "$ICI_KBUILD/lib/libslab"
status=0
"${ICI_KMAKE[@]}" C=2 W=1 lib/libslab/ > "$log" 2>&1 || status=$?
grep -E '^[^ ]*lib/libslab/[^:]*:[0-9]+:([0-9]+:)? (warning|error):' "$log" || true
[ $status -eq 0 ] || { tail -30 "$log"; ici_fail "the sparse build of lib/libslab/ failed (log $log)"; }
if grep -qE '^[^ ]*lib/libslab/[^:]*:[0-9]+:([0-9]+:)? error:' "$log"; then
	ici_fail "sparse or the compiler reports errors in lib/libslab/"
fi
n=$(grep -cE '^[^ ]*lib/libslab/[^:]*:[0-9]+:([0-9]+:)? warning:' "$log" || true)
[ "$n" -eq 0 ] || ici_warn "$n sparse or W=1 warnings in lib/libslab/ for $1"
echo "sparse and W=1 on lib/libslab/ for $1: $n warnings"
ici_finish
