#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-oracle.sh host|hardening - the differential oracle: the kernel's own
# SLUB booted in QEMU once per run of tests/oracle/variants.txt, its
# observations checked against tests/oracle/expected/ and compared with
# libslab's (kernel/scripts/run-oracle.sh, as .ci/run does for host).
# hardening boots the kernel built with Debian's slab hardening, which the
# test command leaves out (run-oracle.sh --hardening).  Artifacts: the
# serial consoles and the build log.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: test-oracle.sh host|hardening"
args=()
case $1 in
host) ;;
hardening) args+=(--hardening) ;;
*) ici_fail "unknown oracle kernel '$1' (host hardening)" ;;
esac
ici_load_settings
ici_artifacts "test-oracle-$1"
ici_userspace_build gcc default || ici_fail "the userspace build (libslab's side of the oracle)"
ici_kernel_series
status=0
"$ICI_ROOT/kernel/scripts/run-oracle.sh" "${args[@]}" \
	--user "$(ici_userspace_dir gcc default)/tests/oracle/oracle_user" || status=$?
ici_keep_newest_log 'oracle-build-[0-9]*'
for name in $(grep -v '^[#m]' "$ICI_ROOT/tests/oracle/variants.txt" | cut -d'|' -f1); do
	ici_keep_newest_log "oracle-$name-[0-9]*"
done
[ $status -eq 0 ] || ici_fail "the oracle on the $1 kernel failed (logs: $ICI_ARTIFACTS)"
ici_finish
