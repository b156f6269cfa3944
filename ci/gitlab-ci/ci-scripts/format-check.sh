#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# format-check.sh - clang-format (ci/gitlab-ci/config/clang-format, the
# kernel style) on the lines of the userspace C code (src/ shim/ front/ tests/
# bench/) that the branch changes since its base commit (KCI_BASE_COMMIT,
# or found as lib.sh's ici_find_base_commit says).  clang-format cannot
# state every rule of the kernel style, so what it would change is a
# warning (exit 101) with the diff, never an error.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts format-check
ici_find_base_commit
style=file:$ICI_ROOT/ci/gitlab-ci/config/clang-format
diff=$(git clang-format --style "$style" --extensions c,h --diff "$ICI_BASE_COMMIT" -- \
	src shim front tests bench) || ici_fail "git clang-format failed"
if grep -q '^diff ' <<< "$diff"; then
	echo "$diff" | tee "$ICI_ARTIFACTS/format.diff"
	ici_warn "clang-format would change $(grep -c '^@@' <<< "$diff") hunk(s) of the lines changed since $ICI_BASE_COMMIT (diff above, and in format.diff)"
else
	echo "the lines changed since $ICI_BASE_COMMIT are formatted: $diff"
fi
ici_finish
