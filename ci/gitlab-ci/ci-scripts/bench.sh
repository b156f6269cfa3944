#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh micro|replay - the perf scenario's jobs:
#   micro   the microbenchmarks against glibc, jemalloc, mimalloc and
#           tcmalloc (bench/run-bench.sh --rounds KCI_BENCH_ROUNDS), which
#           rewrite docs/perf.md's microbenchmark section and its plots;
#   replay  the bundled boot trace under every configuration
#           (bench/slabsim.sh): the table and the memory plot.
# Artifacts: the tables, plots and raw results.  Timings on a shared runner
# are noisy: compare the ratios within one job, as docs/perf.md says.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: bench.sh micro|replay"
ici_load_settings
ici_artifacts "bench-$1"
case $1 in
micro)
	bash "$ICI_ROOT/bench/run-bench.sh" --rounds "$KCI_BENCH_ROUNDS" |
		tee "$ICI_ARTIFACTS/microbench.txt" || ici_fail "bench/run-bench.sh failed"
	cp -r "$ICI_ROOT/docs/perf.md" "$ICI_ROOT/docs/perf" "$ICI_ROOT/build/release/bench-results" \
		"$ICI_ARTIFACTS/"
	;;
replay)
	bash "$ICI_ROOT/bench/slabsim.sh" | tee "$ICI_ARTIFACTS/replay.txt" ||
		ici_fail "bench/slabsim.sh failed"
	cp -r "$ICI_ROOT/build/replay" "$ICI_ARTIFACTS/"
	;;
*)
	ici_fail "unknown benchmark '$1' (micro, replay)"
	;;
esac
ici_finish
