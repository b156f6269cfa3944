#!/usr/bin/env bash
# libslab-malloc.so with slub_debug=FZPU is a heap checker: the demo's
# overflow and double free each produce the kernel's report on stderr
# (mm/slub.c's check_bytes_and_report() and free_consistency_checks()
# wording), and the program still completes.  The owner lines name the
# demo's code, not the malloc()/free() wrappers of libslab-malloc.so:
# print_track()'s "Allocated in"/"Freed in" lines (mm/slub.c).
# The demo's stdout comes through too, after the reports.
# Usage: heap-checker.sh LIBSLAB_MALLOC_SO DEMO
set -u
lib=$1 demo=$2
err=$(LD_PRELOAD=$lib LIBSLAB_CMDLINE='slub_debug=FZPU' "$demo" 2>&1)
rc=$?
printf '%s\n' "$err"
fail=0
expect() {
	if ! grep -qF -- "$1" <<<"$err"; then
		echo "heap-checker.sh: no '$1' in the report" >&2
		fail=1
	fi
}
[ "$rc" -eq 0 ] || { echo "heap-checker.sh: demo exited $rc" >&2; fail=1; }
expect '[kmalloc Redzone overwritten]'
expect 'BUG kmalloc-64 (Not tainted): Object corrupt'
expect 'FIX kmalloc-64: Restoring kmalloc Redzone'
expect '): Object already free'
expect 'Allocated in main+'
expect 'Freed in release+'
unexpected() {
	if grep -qF -- "$1" <<<"$err"; then
		echo "heap-checker.sh: '$1' in the report" >&2
		fail=1
	fi
}
unexpected 'Allocated in malloc+'
unexpected 'Freed in free+'
expect 'heap_checker_demo: done'
exit "$fail"
