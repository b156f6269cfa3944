#!/usr/bin/env bash
# libslab-malloc.so under real programs, as a user would preload it: an
# allocation-heavy python3 run (alloc_heavy.py, two copies at once beside
# a third under glibc, so that the host preempts and migrates them), git
# building, walking, packing and checking a repository, and the sqlite3
# shell on an in-memory table.  Each program's output under libslab must
# equal its output under glibc, and under libslab it must print nothing
# on stderr but the preload's report (LIBSLAB_MALLOC_STATS=1): a WARN, a
# slub_debug report or a soft lockup of the allocator fails the check.
# The reports must show that libslab served the program: at least one
# report (the preload loaded), allocations served, at least ten times as
# many as glibc made, and each process's fallbacks only for the reasons
# docs/malloc.md lists, each within the bound it gives there.  A program
# that is not installed is skipped (exit 77 if all are).
#
# Usage: bash tests/preload/real-programs-check.sh LIBSLAB_MALLOC_SO
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lib=${1:-}
if [ ! -f "$lib" ]; then
	echo "real-programs-check.sh: libslab-malloc.so not found: '$lib'" >&2
	exit 2
fi
lib=$(realpath "$lib")
# "reason bound" lines from docs/malloc.md's table of fallback reasons
# ("What libslab served"), their one home.
docs=$here/../../docs/malloc.md
bounds=$(awk -F'|' '
	/^## / { table = ($0 == "## What libslab served") }
	table && /^\| `[a-z-]+` \|/ {
		reason = $2; bound = $4
		gsub(/[ `]/, "", reason); gsub(/ /, "", bound)
		print reason, bound
	}' "$docs")
if [ -z "$bounds" ]; then
	echo "real-programs-check.sh: no table of fallback reasons in $docs" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ran=0

report_line='^libslab-malloc: pid [0-9]+ \(.*\): '

# Why libslab-malloc.so's reports (file $1) do not show that libslab
# served the program, one line each; nothing if they do.
not_served() {
	awk -v bounds="$bounds" -v line="$report_line" '
	BEGIN {
		n = split(bounds, rows, "\n")
		for (i = 1; i <= n; i++) {
			split(rows[i], f, " ")
			bound[f[1]] = f[2]
		}
	}
	{
		match($0, /pid [0-9]+ \(.*\)/)
		who = substr($0, RSTART, RLENGTH)
	}
	$0 ~ line "[0-9]+ allocations served, [0-9]+ by glibc$" {
		reports++
		served += $(NF - 5)
		glibc += $(NF - 2)
		next
	}
	$0 ~ line "glibc [a-z-]+: [0-9]+$" {
		reason = $(NF - 1)
		sub(/:$/, "", reason)
		if (!(reason in bound))
			print who ": glibc " reason ": " $NF ", a reason docs/malloc.md does not list"
		else if ($NF + 0 > bound[reason] + 0)
			print who ": glibc " reason ": " $NF ", above its bound of " bound[reason]
	}
	END {
		if (!reports)
			print "no libslab-malloc report: the preload was not applied"
		else if (!served)
			print "libslab served no allocation (" glibc " by glibc)"
		else if (served < 10 * glibc)
			print "libslab served " served " allocations, glibc " glibc ": not ten times as many"
	}' "$1"
}

# Compare run $2 (libslab) of program $1 with run $3 (glibc): same
# output, nothing on libslab's stderr but its reports, and reports that
# show libslab served the program.
verdict() {
	local name=$1 lib_run=$2 ref_run=$3 why=

	grep -E "$report_line" "$lib_run.err" >"$lib_run.report" || true
	grep -vE "$report_line" "$lib_run.err" >"$lib_run.other" || true
	not_served "$lib_run.report" >"$lib_run.unserved"
	if ! cmp -s "$lib_run.out" "$ref_run.out"; then
		why="output differs from glibc's"
	elif [ -s "$lib_run.other" ]; then
		why="printed on stderr"
	elif [ "$(cat "$lib_run.rc")" != 0 ]; then
		why="exit status $(cat "$lib_run.rc")"
	elif [ -s "$lib_run.unserved" ]; then
		why="not served by libslab: $(head -1 "$lib_run.unserved")"
	fi
	if [ -z "$why" ]; then
		echo "ok      $name ($(served_summary "$lib_run.report"))"
		passed=$((passed + 1))
		return
	fi
	echo "FAIL    $name: $why"
	sed 's/^/  unserved: /' "$lib_run.unserved" | head -20
	sed 's/^/  stderr: /' "$lib_run.other" | head -40
	diff "$ref_run.out" "$lib_run.out" | head -10 | sed 's/^/  diff: /'
	failed=$((failed + 1))
}

# "N processes: N allocations served, N by glibc" from the reports in file $1.
served_summary() {
	awk '/allocations served/ {
		p++; s += $(NF - 5); g += $(NF - 2)
	} END {
		printf "%d processes: %d allocations served, %d by glibc", p, s, g
	}' "$1"
}

# Run command $2... as run $1 (files $1.out, $1.err, $1.rc); LD_PRELOAD
# and LIBSLAB_MALLOC_STATS come from the environment of the call.
run() {
	local name=$1 rc=0

	shift
	"$@" >"$name.out" 2>"$name.err" || rc=$?
	echo "$rc" >"$name.rc"
}

cd "$work"

if command -v python3 >/dev/null; then
	ran=1
	export PYTHONMALLOC=malloc
	run py-glibc python3 "$here/alloc_heavy.py" &
	LD_PRELOAD=$lib LIBSLAB_MALLOC_STATS=1 \
		run py-libslab-1 python3 "$here/alloc_heavy.py" &
	LD_PRELOAD=$lib LIBSLAB_MALLOC_STATS=1 \
		run py-libslab-2 python3 "$here/alloc_heavy.py" &
	wait
	unset PYTHONMALLOC
	verdict "python3 alloc_heavy.py (copy 1 of 2)" py-libslab-1 py-glibc
	verdict "python3 alloc_heavy.py (copy 2 of 2)" py-libslab-2 py-glibc
else
	echo "skip    python3: not installed"
fi

# git: 30 commits of 40 files, the log with patches, gc, fsck; fixed
# names and dates make every hash the same under both allocators.  A
# subshell: it moves into the repository.
git_workload() (
	top=$1

	export HOME=$top GIT_CONFIG_NOSYSTEM=1
	export GIT_AUTHOR_NAME=libslab GIT_AUTHOR_EMAIL=libslab@localhost
	export GIT_COMMITTER_NAME=libslab GIT_COMMITTER_EMAIL=libslab@localhost
	export GIT_AUTHOR_DATE=2026-01-01T00:00:00Z
	export GIT_COMMITTER_DATE=2026-01-01T00:00:00Z
	git init -q -b main "$top/repo"
	cd "$top/repo"
	for c in $(seq 1 30); do
		for f in $(seq 1 40); do
			seq $((c * f)) $((c * f + 50 + f)) >"f$f.txt"
		done
		git add -A
		git commit -qm "commit $c"
	done
	git log --format='%H %s' | md5sum
	git log -p | md5sum
	git gc -q
	git fsck --full --no-progress
	git rev-list --all --objects | wc -l
)

if command -v git >/dev/null; then
	ran=1
	mkdir git-glibc-top git-libslab-top
	run git-glibc git_workload "$work/git-glibc-top"
	LD_PRELOAD=$lib LIBSLAB_MALLOC_STATS=1 \
		run git-libslab git_workload "$work/git-libslab-top"
	verdict "git: commits, log -p, gc, fsck" git-libslab git-glibc
else
	echo "skip    git: not installed"
fi

if command -v sqlite3 >/dev/null; then
	ran=1
	# shellcheck source=bench/sqlite-workload.sh
	. "$here/../../bench/sqlite-workload.sh"
	sqlite_workload 100000 >workload.sql
	run sqlite-glibc sqlite3 :memory: <workload.sql
	LD_PRELOAD=$lib LIBSLAB_MALLOC_STATS=1 \
		run sqlite-libslab sqlite3 :memory: <workload.sql
	verdict "sqlite3 :memory: workload" sqlite-libslab sqlite-glibc
else
	echo "skip    sqlite3: not installed"
fi

[ "$ran" = 1 ] || exit 77
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
