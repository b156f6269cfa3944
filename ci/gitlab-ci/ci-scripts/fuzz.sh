#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh - the debug scenario's fuzzing job: libFuzzer with ASan and UBSan
# on the model-based fuzz target (tests/fuzz/run-libfuzzer.sh) for
# KCI_FUZZ_SECONDS.  A divergence from the model or a sanitizer report
# fails the job; the crashing input is kept as an artifact.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts fuzz
status=0
bash "$ICI_ROOT/tests/fuzz/run-libfuzzer.sh" "$KCI_FUZZ_SECONDS" 2>&1 |
	tee "$ICI_ARTIFACTS/libfuzzer.log" || status=$?
find "$ICI_ROOT/build/fuzz" -maxdepth 1 -name 'crash-*' -exec cp {} "$ICI_ARTIFACTS/" \;
[ $status -eq 0 ] || ici_fail "libFuzzer found a problem (log and input in $ICI_ARTIFACTS)"
ici_finish
