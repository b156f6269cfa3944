#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-meson.sh [--cc gcc|clang] VARIANT [MESON-TEST-ARGS...] - build the
# variant (build-userspace.sh; a no-op when the build job's artifacts are
# here) and run "meson test" on it with the arguments given, e.g.
#   test-meson.sh default                        the suite
#   test-meson.sh default --setup=valgrind       under memcheck
#   test-meson.sh drd --setup=drd --suite stress --no-suite long
#       --no-suite preempt                       the stress runs under DRD
#   test-meson.sh release --suite long           the long stress runs
# then KCI_MESON_TEST_ARGS.  The test logs (text and JUnit) go to the
# job's artifacts.  Last it prints each skip, "SKIP: <test>[ <case>]:
# <reason>", and "<N> passed, <N> failed, <N> skipped" from meson's JSON
# log (tests/tools/stage_counts.py: a cmocka suite counts its cases).
# tests/run-all.sh runs its userspace stages with it.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_userspace_args "usage: test-meson.sh [--cc gcc|clang] VARIANT [meson test args]" "$@"
ici_load_settings
name=$ICI_CC-$ICI_VARIANT$(printf '%s' "${ICI_ARGS[*]}" | tr -c 'a-zA-Z0-9\n' '-' |
	sed 's/^-*/-/;s/-*$//;s/--*/-/g')
ici_artifacts "test-meson-$name"
dir=$(ici_userspace_dir "$ICI_CC" "$ICI_VARIANT")
ici_userspace_build "$ICI_CC" "$ICI_VARIANT" || ici_fail "the $ICI_CC $ICI_VARIANT build failed"

# meson names its log after the setup: testlog-<setup>.json, or testlog.json.
log=testlog
prev=
# shellcheck disable=SC2086 # as above
for arg in "${ICI_ARGS[@]}" $KCI_MESON_TEST_ARGS; do
	if [ "$prev" = --setup ]; then
		log=testlog-$arg
	elif [ "${arg#--setup=}" != "$arg" ]; then
		log=testlog-${arg#--setup=}
	fi
	prev=$arg
done
log=$dir/meson-logs/${log//:/_}.json
# A log left from an earlier run must not be counted as this one.
rm -f "$log"

status=0
# UBSan only prints unless told to stop, and a printed report must fail.
# shellcheck disable=SC2086 # KCI_MESON_TEST_ARGS is a list of arguments
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	meson test -C "$dir" --print-errorlogs --num-processes "$KCI_JOBS" \
	"${ICI_ARGS[@]}" $KCI_MESON_TEST_ARGS || status=$?
cp "$dir"/meson-logs/testlog*.txt "$dir"/meson-logs/testlog*.junit.xml \
	"$ICI_ARTIFACTS/" 2>/dev/null || true
if [ -f "$log" ]; then
	python3 "$ICI_ROOT/tests/tools/stage_counts.py" meson "$log"
else
	echo "test-meson: meson wrote no test log ($log)" >&2
	status=1
fi
[ $status -eq 0 ] ||
	ici_fail "meson test ${ICI_ARGS[*]} on the $ICI_CC $ICI_VARIANT build (logs: $ICI_ARTIFACTS)"
ici_finish
