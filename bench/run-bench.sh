#!/usr/bin/env bash
# Microbenchmarks of libslab against glibc malloc, jemalloc, mimalloc and
# tcmalloc, all measured in this one run: installs the packages, builds
# libslab (release) into build/release, runs bench/microbench once per
# allocator and round (rounds interleaved, medians taken), counts
# instructions per alloc+free pair under callgrind, prints the ratio table
# and rewrites the "Microbenchmarks" section of docs/perf.md and its plots
# (docs/perf/*.png).  Then it runs real programs (bench/real-programs.sh:
# sqlite3 and python3's tests) under every allocator, libslab through
# libslab-malloc.so, and rewrites docs/perf.md's "Real programs" section.
# The raw results stay in build/release/bench-results/.
#
# Usage: bash bench/run-bench.sh [--rounds N] [--quick]
#   --rounds N  rounds of every timing (default 5, real programs 3; the median
#               is reported)
#   --quick     fewer iterations and rounds, for a smoke run (docs/perf.md
#               is still rewritten)
#   LIBSLAB_SKIP_INSTALL=1: do not check for or install packages.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tests/packages.sh
. "$root/tests/packages.sh"

rounds=5
iters=400000
program_rounds=3
for arg in "$@"; do
	case "$arg" in
	--quick)
		rounds=3
		iters=50000
		program_rounds=1
		;;
	--rounds)
		;;
	-h | --help)
		sed -n '2,18s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
		exit 0
		;;
	*)
		if [ "${prev:-}" = --rounds ]; then
			rounds=$arg
			program_rounds=$arg
		else
			echo "run-bench.sh: unknown argument: $arg (try --help)" >&2
			exit 2
		fi
		;;
	esac
	prev=$arg
done
case "$rounds" in
'' | *[!0-9]* | 0)
	echo "run-bench.sh: --rounds wants a positive number" >&2
	exit 2
	;;
esac

libslab_install_packages "${LIBSLAB_USERSPACE_PACKAGES[@]}" \
	"${LIBSLAB_BENCH_PACKAGES[@]}"
build="$root/build/release"
libslab_meson_setup "$build" "$root" "${LIBSLAB_RELEASE_OPTIONS[@]}" >&2
meson compile -C "$build" >&2
bin="$build/bench/microbench"

# The microbench binary of config name $1: libslab-fast* link libslab-fast.
bin_for() {
	case "$1" in
	libslab-fast*) echo "$bin-fast" ;;
	*) echo "$bin" ;;
	esac
}

multiarch="$(gcc -print-multiarch)"
libdir="/usr/lib/$multiarch"
# name, LD_PRELOAD, microbench --api, LIBSLAB_CMDLINE, iteration divisor
configs=(
	"glibc||malloc||1"
	"jemalloc|$libdir/libjemalloc.so.2|malloc||1"
	"mimalloc|$libdir/libmimalloc.so.2|malloc||1"
	"tcmalloc|$libdir/libtcmalloc_minimal.so.4|malloc||1"
	"libslab-cache||cache||1"
	"libslab-fast||cache||1"
	"libslab-fast-locked||cache|cpu_map=rr|1"
	"libslab-kmalloc||kmalloc||1"
	"libslab-hardened||cache|slab_freelist_hardened=on slab_freelist_random=on init_on_alloc=1 init_on_free=1|1"
	"libslab-debug||cache|slub_debug=FZPU|40"
)
for config in "${configs[@]}"; do
	IFS='|' read -r name preload _ _ _ <<<"$config"
	if [ -n "$preload" ] && [ ! -e "$preload" ]; then
		echo "run-bench.sh: $name: $preload is missing" >&2
		exit 1
	fi
done

out="$build/bench-results"
rm -rf "$out"
mkdir -p "$out"

# Run microbench for config $1 with the remaining arguments.
run_config() {
	local name preload api cmdline div

	IFS='|' read -r name preload api cmdline div <<<"$1"
	shift
	env ${preload:+LD_PRELOAD="$preload"} LIBSLAB_CMDLINE="$cmdline" \
		"$(bin_for "$name")" --api "$api" "$@"
}

# Every test runs in a process of its own, so that no test's threads or
# memory change the conditions of the next: a process that never started
# a thread keeps glibc's and libslab's single-thread paths, as a
# single-threaded program would, and the remote test's bound threads do
# not switch libslab-fast's rseq commit off for the others.  microbench
# --list names the tests a whole run makes.
mapfile -t tests < <("$bin" --list)
if [ "${#tests[@]}" = 0 ]; then
	echo "run-bench.sh: $bin --list named no test" >&2
	exit 1
fi

# Timings: every round runs every allocator once, so slow phases of the
# shared machine spread over all of them.
for round in $(seq "$rounds"); do
	echo "run-bench.sh: round $round of $rounds" >&2
	for config in "${configs[@]}"; do
		IFS='|' read -r name _ _ _ div <<<"$config"
		: >"$out/$name.$round.tsv"
		for test in "${tests[@]}"; do
			part="$out/$name.$round.$test"
			# A failed run is retried once: another job may have starved it.
			if ! run_config "$config" --test "$test" \
				--iters $((iters / div)) --reps 3 \
				>"$part" 2>"$part.err"; then
				echo "run-bench.sh: $name $test failed in round $round, retrying" >&2
				cat "$part.err" >&2
				run_config "$config" --test "$test" \
					--iters $((iters / div)) --reps 3 >"$part"
			fi
			cat "$part" >>"$out/$name.$round.tsv"
			rm -f "$part" "$part.err"
		done
	done
done

# Instructions per pair: callgrind counts pairs of N and 2N pairs; the
# difference over N leaves out start-up and warm-up exactly.  The loop's
# own instructions (run_pairs(), the function that calls the allocator)
# are counted apart: taking them out leaves the allocator's alone.
count_instructions() {
	local config=$1 size=$2 n=$3 name preload api cmdline div total=() loop=()
	local profile="$out/callgrind.out"

	IFS='|' read -r name preload api cmdline div <<<"$config"
	for k in 1 2; do
		total+=("$(env ${preload:+LD_PRELOAD="$preload"} LIBSLAB_CMDLINE="$cmdline" \
			valgrind --tool=callgrind --callgrind-out-file="$profile" \
			"$(bin_for "$name")" --api "$api" --test count --size "$size" \
			--iters $((k * n)) 2>&1 >/dev/null |
			sed -n 's/.*Collected : \([0-9]*\).*/\1/p')")
		loop+=("$(callgrind_annotate --threshold=100 "$profile" |
			sed -n 's/^ *\([0-9,]*\) .*:run_pairs .*/\1/p' | tr -d ,)")
	done
	rm -f "$profile"
	if [ -z "${loop[0]}" ] || [ -z "${loop[1]}" ]; then
		echo "run-bench.sh: $name: no run_pairs() in the callgrind profile" >&2
		exit 1
	fi
	echo "count	$size	instr_per_pair	$(((total[1] - total[0]) / n))"
	echo "count	$size	allocator_instr_per_pair	$(((total[1] - total[0] - loop[1] + loop[0]) / n))"
}
echo "run-bench.sh: counting instructions under callgrind" >&2
for config in "${configs[@]}"; do
	IFS='|' read -r name _ _ _ div <<<"$config"
	# valgrind has no rseq: libslab-fast counts its locked commit there,
	# the path libslab-fast-locked takes, which need not be counted twice.
	case "$name" in *-locked) continue ;; esac
	for size in 64 1024; do
		count_instructions "$config" "$size" $((20000 / div))
	done >"$out/$name.count.tsv"
done

python3 "$root/bench/report.py" --rounds "$rounds" --iters "$iters" \
	--results "$out" --docs "$root/docs" \
	--configs "$(printf '%s\n' "${configs[@]}" | cut -d'|' -f1,4 | tr '\n' ';')"

# Real programs, each allocator run the same way (LD_PRELOAD, /usr/bin/time).
echo "run-bench.sh: real programs under every allocator" >&2
bash "$root/bench/real-programs.sh" --rounds "$program_rounds" \
	"$build/libslab-malloc.so" >"$out/real-programs.tsv"
echo
python3 "$root/bench/report_programs.py" --results "$out/real-programs.tsv" \
	--docs "$root/docs" --rounds "$program_rounds"
