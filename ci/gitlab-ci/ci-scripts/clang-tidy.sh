#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# clang-tidy.sh - clang-tidy (ci/gitlab-ci/config/clang-tidy.yaml: the
# clang static analyzer and the bugprone- checks) on the allocator and its
# runtime, src/ and shim/, with the flags of a clang build.  An analyzer
# report fails the job; a bugprone- report makes it warn.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts clang-tidy
dir=$(ici_compile_commands clang-tidy)
report=$ICI_ARTIFACTS/clang-tidy.txt
status=0
git -C "$ICI_ROOT" ls-files -z 'src/*.c' 'shim/*.c' |
	xargs -0 -P "$KCI_JOBS" -n 1 clang-tidy -p "$dir" --quiet \
		--config-file="$ICI_ROOT/ci/gitlab-ci/config/clang-tidy.yaml" > "$report.raw" 2>&1 ||
	status=$?
# Paths arrive relative to the build directory or absolute.
grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$report.raw" |
	sed "s|^$ICI_ROOT/||; s|^build/clang-tidy/||; s|^\.\./\.\./||" | sort -u > "$report" || true
cat "$report"
errors=$(grep -c ': error: ' "$report" || true)
warnings=$(grep -c ': warning: ' "$report" || true)
[ "$errors" -eq 0 ] || ici_fail "clang-tidy: $errors analyzer report(s) (details in $report.raw)"
[ $status -eq 0 ] || ici_fail "clang-tidy failed (exit $status, see $report.raw)"
[ "$warnings" -eq 0 ] || ici_warn "clang-tidy: $warnings bugprone- report(s) (details in $report.raw)"
echo "clang-tidy: $errors errors, $warnings warnings"
ici_finish
