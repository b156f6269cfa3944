#!/usr/bin/env bash
# The kernel's own userspace suites (tools/testing/radix-tree: xarray, maple,
# idr-test, main, multiorder) built from the linux-source-6.12 tarball twice
# in one run: unmodified, on the toy allocator of tools/testing/shared/linux.c,
# and with libslab in its place (slab_adapter.c, slab_bridge.c).  Runs both,
# and prints each suite's own pass counts and wall time side by side.
# Each suite on each allocator is one check.  A run that fails fails its
# check, unless it is a known failure of the kernel's own suite (the list
# below), which is skipped and printed with its reason.  The last line on
# stdout is "N passed, N failed, N skipped", after a "SKIP: name: reason"
# line per skipped check.  Exits 1 if a check failed, 2 on bad usage.
#
# Usage: bash tests/linux-tools/run-radix-tree.sh [options]
#   --suite NAME    run only NAME (xarray, maple, idr-test, main, multiorder);
#                   repeat for several.  Default: all five.
#   --cmdline P     LIBSLAB_CMDLINE of the libslab runs, e.g. 'slub_debug=FZPU'
#                   (default: $LIBSLAB_CMDLINE, else none).
#   --quick         leave out maple, the long suite (for a quick check).
#   --seed N        random seed for main (default 1); both runs get the same.
#   --dir DIR       work directory, reused between runs
#                   (default /var/tmp/radix-tree-suites).
#   --tarball PATH  the Linux source (default /usr/src/linux-source-6.12.tar.xz).
#   --jobs N        make -j for the suites (default 2).
# The suites build as their Makefile builds them, with ASan and UBSan, so
# libslab is linked from an ASan build of this worktree (meson, in DIR).
# docs/linux-tools.md explains the recipe for any suite that links
# shared/linux.c.
set -euo pipefail

# Known failures of the kernel's own suites: runs that fail for a reason
# of the suite, not of the allocator under it.  Each line is
#   "SUITE|SINCE|EXPRESSION|REASON"
# SINCE the date it was seen (YYYY-MM-DD); EXPRESSION an extended regular
# expression (without a '|') that the failing run's own log matches as a
# whole, so .* spans lines: how it fails, so that another failure is not
# excused (name the suite's function and, for the toy, its own
# allocator's frames); REASON the suite's bug, named.  A
# run on libslab is excused only when libslab reported no error.  Both
# entries are intermittent on this machine (2 cores, 6.12.118 tarball):
# a run that passes prints that its entry did not apply this time.
known_failures=(
	"maple|2026-12-07|maple\.c:3507[567]: run_check_rcu_slowread: Assertion|run_check_rcu_slowread() asserts that its 20 reader threads, each reading a fixed number of times with usleep() between reads, saw the writer's stores, which the writer paces with usleep(5): a wall-clock window of the suite that a slow moment of either allocator's run misses (seen on libslab, where the toy passed, and passing on the rerun)"
	"main|2026-12-07|heap-use-after-free.*iteration_check\.c.*freed by thread.*__kmem_cache_free_locked \.\./shared/linux\.c|the toy's run of iteration_check: ASan sees a reader thread read an XArray node that the toy allocator (shared/linux.c, not libslab) freed from liburcu's call_rcu thread; it passed in the day's earlier runs, made while other builds loaded the machine, and failed in the three after, while libslab's runs of the same seed passed"
)

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/tests/linux-tools"
all_suites=(xarray maple idr-test main multiorder)
suites=()
cmdline="${LIBSLAB_CMDLINE:-}"
quick=0
seed=1
dir=/var/tmp/radix-tree-suites
tarball=/usr/src/linux-source-6.12.tar.xz
jobs=2

die() {
	echo "run-radix-tree.sh: $*" >&2
	exit 2
}

# $1 is a whole number, else die naming option $2.
need_number() {
	[[ "$1" =~ ^[0-9]+$ ]] || die "$2 needs a number, not '$1'"
}

while [ $# -gt 0 ]; do
	case "$1" in
	--suite)
		[ $# -ge 2 ] || die "--suite needs a name"
		case " ${all_suites[*]} " in
		*" $2 "*) suites+=("$2") ;;
		*) die "unknown suite '$2' (one of: ${all_suites[*]})" ;;
		esac
		shift 2
		;;
	--cmdline)
		[ $# -ge 2 ] || die "--cmdline needs a value"
		cmdline=$2
		shift 2
		;;
	--quick)
		quick=1
		shift
		;;
	--seed | --jobs)
		[ $# -ge 2 ] || die "$1 needs a value"
		need_number "$2" "$1"
		if [ "$1" = --seed ]; then seed=$2; else jobs=$2; fi
		shift 2
		;;
	--dir | --tarball)
		[ $# -ge 2 ] || die "$1 needs a value"
		if [ "$1" = --dir ]; then dir=$2; else tarball=$2; fi
		shift 2
		;;
	-h | --help)
		sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
		exit 0
		;;
	*)
		die "unknown argument '$1' (try --help)"
		;;
	esac
done
[ "$jobs" -ge 1 ] || die "--jobs must be at least 1"
[ ${#suites[@]} -gt 0 ] || suites=("${all_suites[@]}")
if [ "$quick" = 1 ]; then
	kept=()
	for s in "${suites[@]}"; do
		[ "$s" = maple ] || kept+=("$s")
	done
	suites=("${kept[@]}")
	[ ${#suites[@]} -gt 0 ] || die "--quick leaves no suite to run"
fi
[ -r "$tarball" ] || die "cannot read the Linux source tarball $tarball"
mkdir -p "$dir" || die "cannot create $dir"
dir="$(cd "$dir" && pwd)"

src="$dir/linux-source-6.12"
testing="$src/tools/testing"
# One log directory per libslab command line, so runs of several can coexist.
logs="$dir/logs/$(printf '%s' "${cmdline:-default}" | tr -c 'A-Za-z0-9=,._-' '_')"
libslab_build="$dir/libslab-asan"

# Progress goes to stderr; the table is the only thing on stdout.
note() {
	echo "== $*" >&2
}

# The parts of the tree the suites read: tools/, include/ and lib/.
extract_tree() {
	[ -f "$src/.extracted" ] && return
	note "extracting tools/, include/ and lib/ from $tarball into $dir"
	rm -rf "$src"
	tar -xJf "$tarball" -C "$dir" linux-source-6.12/tools \
		linux-source-6.12/include linux-source-6.12/lib
	touch "$src/.extracted"
}

# A copy of tools/testing/radix-tree named $1, beside it so that its
# relative paths (../shared, ../../include) still hold.
suite_dir() {
	local copy="$testing/$1"

	[ -d "$copy" ] || cp -a "$testing/radix-tree" "$copy"
	echo "$copy"
}

# Copy file $1 into directory $2 unless the copy is already the same, so
# that make rebuilds only what changed.
sync_file() {
	cmp -s "$1" "$2/$(basename "$1")" || cp "$1" "$2/"
}

# libslab as one relocatable object that exports only the bridge's calls:
# its own kernel names (kmalloc, kmem_cache_free, printk, scnprintf...)
# become local, so they cannot clash with the suite's definitions.
build_libslab_object() {
	local out=$1 cflags built_from

	note "building libslab (ASan) in $libslab_build"
	# A directory set up from another checkout would build that one's
	# sources, not these: set it up afresh.
	built_from=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["directories"]["source"])' \
		"$libslab_build/meson-info/meson-info.json" 2>/dev/null) || built_from=
	if [ -n "$built_from" ] && [ "$built_from" != "$root" ]; then
		note "$libslab_build was set up from $built_from: setting it up from $root"
		rm -rf "$libslab_build"
	fi
	if [ ! -f "$libslab_build/build.ninja" ]; then
		meson setup "$libslab_build" "$root" \
			-Db_sanitize=address,undefined -Db_lundef=false >&2
	fi
	ninja -C "$libslab_build" -j"$jobs" libslab.a >&2
	cflags=$(PKG_CONFIG_PATH="$libslab_build/meson-uninstalled" \
		pkg-config --cflags libslab)
	# shellcheck disable=SC2086 # pkg-config output is a list of words
	cc -c -O2 -g -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE $cflags \
		"$here/slab_bridge.c" -o "$dir/slab_bridge.o"
	ld -r -o "$dir/libslab-whole.o" "$dir/slab_bridge.o" \
		--whole-archive "$libslab_build/libslab.a" --no-whole-archive
	nm -g --defined-only "$dir/slab_bridge.o" | awk '{ print $3 }' \
		>"$dir/slab_bridge.syms"
	objcopy --keep-global-symbols="$dir/slab_bridge.syms" \
		"$dir/libslab-whole.o" "$out.new"
	# The suites' Makefile does not know this object: when it changed,
	# delete the programs that link it so that make links them again.
	if cmp -s "$out.new" "$out"; then
		rm "$out.new"
	else
		mv "$out.new" "$out"
		(cd "$(dirname "$out")" && rm -f "${all_suites[@]}")
	fi
}

# Build targets $2... in suite copy $1; the rest of the arguments are
# make variable overrides, after a -- .
make_suites() {
	local copy=$1

	shift
	note "building in $copy: $*"
	make -C "$copy" -j"$jobs" "$@" >"$logs/build-$(basename "$copy").log" 2>&1 ||
		{
			tail -n 30 "$logs/build-$(basename "$copy").log" >&2
			return 1
		}
}

# The arguments suite $1 runs with: main's regressions say when they pass
# only with -v; a fixed seed makes both runs walk the same path.
suite_args() {
	case "$1" in
	main) echo "-v -s $seed" ;;
	multiorder) echo "-v" ;;
	esac
}

# Run suite $2 of variant $1 (toy or libslab) in copy $3, logging its output;
# records its exit status and seconds in status_$1_$2 and time_$1_$2.
run_suite() {
	local variant=$1 suite=$2 copy=$3 log="$logs/$1-$2.log" start end rc=0
	local -a args env=()

	read -r -a args <<<"$(suite_args "$suite")"
	[ "$variant" = libslab ] && env=(LIBSLAB_CMDLINE="$cmdline")
	note "running $suite on $variant"
	start=$(date +%s.%N)
	(cd "$copy" && env "${env[@]}" ./"$suite" "${args[@]}") >"$log" 2>&1 || rc=$?
	end=$(date +%s.%N)
	printf -v "status_${variant}_${suite//-/_}" '%s' "$rc"
	printf -v "time_${variant}_${suite//-/_}" '%s' \
		"$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
}

# The suite's own verdict lines from log $1: "N of M tests passed" counts,
# main's regression lines, its "tests completed", a leak line, and the
# adapter's count of libslab's error reports.
own_counts() {
	grep -E -o '[A-Za-z_]+: [0-9]+ of [0-9]+ tests passed|regression test [0-9]+(, done| passed)|tests completed|nr_allocated = [0-9]+|libslab: error reports: [0-9]+' "$1" |
		sed -E 's/regression test ([0-9]+).*/regression \1 ok/; s/ tests passed//' |
		paste -sd ';' - | sed 's/;/; /g'
}

# The adapter's count of libslab's error reports in log $1, or "none" if the
# program ended before printing it.
libslab_errors() {
	local line

	line=$(grep -Eo 'libslab: error reports: [0-9]+' "$1" | tail -n 1)
	if [ -n "$line" ]; then echo "${line##*: }"; else echo none; fi
}

# 0 if the run of suite $2 on variant $1 passed by its own account: exit 0,
# every count N of N, no leak line, and on libslab no libslab error.
passed() {
	local log="$logs/$1-$2.log" status_var="status_$1_${2//-/_}"

	[ "${!status_var}" = 0 ] || return 1
	! grep -Eq '([0-9]+) of ([0-9]+) tests passed' "$log" ||
		! grep -Eo '[0-9]+ of [0-9]+ tests passed' "$log" |
		awk '$1 != $3 { bad = 1 } END { exit !bad }' || return 1
	! grep -q '^nr_allocated = ' "$log" || return 1
	case "$2" in
	main) grep -q '^tests completed' "$log" || return 1 ;;
	esac
	[ "$1" = toy ] || [ "$(libslab_errors "$log")" = 0 ]
}

# The known_failures line of suite $1 whose expression the log of
# variant $2 matches; empty if none.
known_failure() {
	local entry

	for entry in ${known_failures[@]+"${known_failures[@]}"}; do
		[ "${entry%%|*}" = "$1" ] || continue
		if grep -Ezq -- "$(cut -d'|' -f3 <<<"$entry")" "$logs/$2-$1.log"; then
			echo "$entry"
			return
		fi
	done
}

# The verdict on the run of suite $2 on variant $1: PASS, KNOWN (a known
# failure, excused) or FAIL.
verdict() {
	local variant=$1 suite=$2 known

	if passed "$variant" "$suite"; then
		echo PASS
		return
	fi
	known=$(known_failure "$suite" "$variant")
	if [ -n "$known" ] &&
		{ [ "$variant" = toy ] ||
			! [[ "$(libslab_errors "$logs/libslab-$suite.log")" =~ ^[1-9] ]]; }; then
		echo KNOWN
	else
		echo FAIL
	fi
}

# One cell of the table: verdict, own counts, seconds.
cell() {
	local time_var="time_$1_${2//-/_}" status_var="status_$1_${2//-/_}" verdict

	verdict=$(verdict "$1" "$2")
	[ "$verdict" = PASS ] || verdict="$verdict(exit ${!status_var})"
	printf '%s %ss [%s]' "$verdict" "${!time_var}" "$(own_counts "$logs/$1-$2.log")"
}

# The stage's last lines when the suites could not be built: every check
# of the run failed.  (A failed libslab build ends the script by set -e.)
build_failed() {
	echo "run-radix-tree.sh: $*" >&2
	echo "0 passed, $((2 * ${#suites[@]})) failed, 0 skipped"
	exit 1
}

extract_tree
mkdir -p "$logs"
toy=$(suite_dir radix-tree-toy)
on_libslab=$(suite_dir radix-tree-libslab)
sync_file "$here/slab_adapter.c" "$on_libslab"
sync_file "$here/slab_bridge.h" "$on_libslab"
build_libslab_object "$on_libslab/libslab.o"

make_suites "$toy" "${suites[@]}" || build_failed "the build in $toy failed"
# The adapter replaces linux.o and tools/lib's slab.o; libslab runs RCU on
# urcu-memb, the flavour <urcu.h> selects, so the suites link that library
# instead of -lurcu, its copy, to keep one RCU state in the process.
make_suites "$on_libslab" "${suites[@]}" \
	SHARED_OFILES="xarray-shared.o radix-tree.o idr.o slab_adapter.o find_bit.o bitmap.o hweight.o vsprintf.o" \
	LDLIBS="$on_libslab/libslab.o -lpthread -lurcu-memb -latomic" ||
	build_failed "the build in $on_libslab failed"

for suite in "${suites[@]}"; do
	run_suite toy "$suite" "$toy"
	run_suite libslab "$suite" "$on_libslab"
done

passes=0 failures=0 skips=()
echo "tools/testing/radix-tree from $(basename "$tarball"), ASan+UBSan builds; libslab cmdline: '${cmdline}'"
for suite in "${suites[@]}"; do
	echo "$suite"
	echo "  toy:     $(cell toy "$suite")"
	echo "  libslab: $(cell libslab "$suite")"
	for variant in toy libslab; do
		case "$(verdict "$variant" "$suite")" in
		PASS) passes=$((passes + 1)) ;;
		KNOWN)
			IFS='|' read -r _ since _ reason <<<"$(known_failure "$suite" "$variant")"
			echo "  -> $variant: a known failure of the kernel's suite (since $since): $reason"
			skips+=("SKIP: $suite on $variant: known failure of the kernel's suite since $since: $reason")
			;;
		FAIL)
			failures=$((failures + 1))
			echo "  -> fails on $variant: see $logs/$variant-$suite.log"
			;;
		esac
	done
	if passed toy "$suite" && passed libslab "$suite" &&
		printf '%s\n' ${known_failures[@]+"${known_failures[@]}"} | grep -q "^$suite|"; then
		echo "  -> passes on both, where known_failures lists a failure: drop it once it stays away"
	fi
done
echo "logs: $logs"
[ ${#skips[@]} = 0 ] || printf '%s\n' "${skips[@]}"
echo "$passes passed, $failures failed, ${#skips[@]} skipped"
[ "$failures" = 0 ]
