#!/usr/bin/env bash
# Real programs on SLUB: the sqlite3 shell on a generated workload and a
# subset of python3's own test suite, each run under glibc malloc and
# under LD_PRELOAD of jemalloc, mimalloc, tcmalloc and libslab-malloc.so.
# Every run must exit 0 with the same output as under glibc.  Prints one
# tab-separated line per program, allocator and round:
#   <program> <allocator> <elapsed s> <CPU s> <peak RSS KiB>
# (from /usr/bin/time: CPU is user + system time of the program and its
# children, which a loaded machine inflates less than the elapsed time).
#
# Usage: bash bench/real-programs.sh [--smoke] [--rounds N] LIBSLAB_MALLOC_SO
#   --smoke     a small sqlite3 workload and one python test, against glibc
#               only: the meson test (suite preload) that CI runs
#   --rounds N  rounds of every run (default 3); rounds are interleaved
# python3 runs with PYTHONMALLOC=malloc, so that every allocation,
# small objects included, goes through malloc rather than pymalloc's
# arenas.  A program that is not installed is skipped with a message
# (tests/packages.sh's LIBSLAB_BENCH_PACKAGES lists sqlite3 and
# libpython3.11-testsuite); in --smoke mode exit 77 if neither is.
set -euo pipefail

smoke=0
rounds=3
lib=
while [ $# -gt 0 ]; do
	case "$1" in
	--smoke) smoke=1 ;;
	--rounds)
		rounds=${2:-}
		shift
		;;
	-h | --help)
		sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
		exit 0
		;;
	-*)
		echo "real-programs.sh: unknown option: $1 (try --help)" >&2
		exit 2
		;;
	*) lib=$1 ;;
	esac
	shift
done
case "$rounds" in
'' | *[!0-9]* | 0)
	echo "real-programs.sh: --rounds wants a positive number, not '$rounds'" >&2
	exit 2
	;;
esac
if [ ! -f "$lib" ]; then
	echo "real-programs.sh: libslab-malloc.so not found: '$lib'" >&2
	exit 2
fi
lib=$(realpath "$lib")
timer=/usr/bin/time
if [ ! -x "$timer" ]; then
	echo "real-programs.sh: $timer is missing (Debian package time)" >&2
	[ "$smoke" = 1 ] && exit 77
	exit 2
fi

libdir="/usr/lib/$(gcc -print-multiarch)"
# name, LD_PRELOAD
allocators=("glibc|" "libslab|$lib")
if [ "$smoke" = 0 ]; then
	allocators=("glibc|"
		"jemalloc|$libdir/libjemalloc.so.2"
		"mimalloc|$libdir/libmimalloc.so.2"
		"tcmalloc|$libdir/libtcmalloc_minimal.so.4"
		"libslab|$lib")
	rows=400000
	python_tests=(test_dict test_list test_set test_json test_collections test_re)
else
	rounds=1
	rows=20000
	python_tests=(test_json)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The sqlite3 workload: an in-memory table of $rows rows.
# shellcheck source=bench/sqlite-workload.sh
. "$(dirname "${BASH_SOURCE[0]}")/sqlite-workload.sh"
sqlite_workload "$rows" >"$work/workload.sql"

# program name, then its command (run with the workload on stdin)
programs=()
if command -v sqlite3 >/dev/null; then
	programs+=("sqlite3")
else
	echo "real-programs.sh: sqlite3 is not installed: skipped" >&2
fi
if [ -f /usr/lib/python3.11/test/test_json/__init__.py ]; then
	programs+=("python3-tests")
else
	echo "real-programs.sh: libpython3.11-testsuite is not installed: python3 skipped" >&2
fi
if [ "${#programs[@]}" -eq 0 ]; then
	[ "$smoke" = 1 ] && exit 77
	exit 1
fi

# Run program $1 under LD_PRELOAD $2; its output, normalised, goes to $3.
run_program() {
	local program=$1 preload=$2 out=$3

	case "$program" in
	sqlite3)
		env ${preload:+LD_PRELOAD="$preload"} \
			"$timer" -o "$out.time" -f '%e %U %S %M' \
			sqlite3 :memory: <"$work/workload.sql" >"$out"
		;;
	python3-tests)
		# Durations differ from run to run; the verdicts must not.
		env ${preload:+LD_PRELOAD="$preload"} PYTHONMALLOC=malloc \
			"$timer" -o "$out.time" -f '%e %U %S %M' \
			/usr/bin/python3 -m test "${python_tests[@]}" >"$out.raw" 2>&1
		grep -E '^(All [0-9]+ tests? OK|Tests result: )' "$out.raw" >"$out"
		;;
	esac
}

failed=0
for _ in $(seq "$rounds"); do
	for program in "${programs[@]}"; do
		for a in "${allocators[@]}"; do
			IFS='|' read -r name preload <<<"$a"
			out="$work/$program.$name"
			if ! run_program "$program" "$preload" "$out"; then
				echo "real-programs.sh: $program failed under $name" >&2
				cat "$out.raw" "$out" 2>/dev/null | tail -20 >&2
				failed=1
				continue
			fi
			if ! cmp -s "$out" "$work/$program.glibc"; then
				echo "real-programs.sh: $program's output under $name differs from glibc's:" >&2
				diff "$work/$program.glibc" "$out" | head -20 >&2
				failed=1
				continue
			fi
			read -r elapsed user sys rss <"$out.time"
			printf '%s\t%s\t%s\t%s\t%s\n' "$program" "$name" "$elapsed" \
				"$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" "$rss"
		done
	done
done
exit "$failed"
