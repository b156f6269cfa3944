#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# clang-tidy.sh - clang-tidy (ci/gitlab-ci/config/clang-tidy.yaml: the
# clang static analyzer and the bugprone- checks) on the allocator and its
# runtime, src/, shim/ and front/, with the flags of a clang build.  An analyzer
# report fails the job; a bugprone- report makes it warn.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts clang-tidy
dir=$(ici_compile_commands clang-tidy)
raw=$ICI_ARTIFACTS/clang-tidy.raw
status=0
git -C "$ICI_ROOT" ls-files -z 'src/*.c' 'shim/*.c' 'front/*.c' |
	xargs -0 -P "$KCI_JOBS" -n 1 clang-tidy -p "$dir" --quiet \
		--config-file="$ICI_ROOT/ci/gitlab-ci/config/clang-tidy.yaml" > "$raw" 2>&1 ||
	status=$?
ici_tool_reports clang-tidy "$raw"
# Analyzer reports are errors (WarningsAsErrors), so this is another failure.
[ $status -eq 0 ] || ici_fail "clang-tidy failed (exit $status, see $raw)"
ici_finish
