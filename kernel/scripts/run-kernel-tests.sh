#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kernel-tests.sh - the whole kernel side of the test suite:
#
#   1. make-series.sh   regenerate the patch series and its git tree
#   2. check-series.sh  checkpatch --strict, and git am onto pristine 6.12
#   3. run-replacement.sh --arch x86_64
#                       Linux on libslab as its slab allocator, in QEMU,
#                       Debian's slab options (debian-slab-config.py),
#                       two CPUs on two NUMA nodes, PROVE_LOCKING, DEBUG_PREEMPT and
#                       DEBUG_ATOMIC_SLEEP: the kernel's lib/slub_kunit.c
#                       (a module here, built in on arm64) and
#                       lib/test_meminit.c against stock SLUB's counts,
#                       the project's KUnit suites through the kernel's
#                       entry points, /proc/meminfo and /proc/slabinfo;
#                       a busybox init runs the trace capture's workload,
#                       slabinfo is compared with stock SLUB's after it
#                       and the boot's kmem events replay with slabsim
#   4. run-replacement.sh --arch arm64
#                       the same, cross-compiled, in qemu-system-aarch64
#   5. run-kunit.sh --arch x86_64 --tiny
#                       libslab beside SLUB: KUnit (smoke, shared cases,
#                       stress) with CONFIG_LIBSLAB_TINY; W=1 and sparse on
#                       lib/libslab/
#   6. run-module.sh    the out-of-tree module loaded in QEMU
#   7. run-oracle.sh    the differential oracle on the same host kernel's
#                       own SLUB, compared with libslab (tests/oracle/)
#
# Runs every step even after a failure; exits non-zero if any failed.
# tests/run-all.sh calls it as its kernel stage.  Its checks are the steps
# (each passes or fails as a whole) and the KUnit cases of the boots the
# steps note (libslab_note_console in common.sh), read from their KTAP
# results; each skipped case gets a line "SKIP: <suite>.<case> [<step>]:
# <reason>", and the last line on stdout is
# "<N> passed, <N> failed, <N> skipped".
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

SCRIPTS=$LIBSLAB_REPO/kernel/scripts
failed=()
passed_checks=0
failed_checks=0
skipped_checks=0
LIBSLAB_CONSOLE_LIST=$(mktemp) || fail "mktemp"
export LIBSLAB_CONSOLE_LIST
trap 'rm -f "$LIBSLAB_CONSOLE_LIST"' EXIT

# ktap_cases STEP LOG: one SKIP line for each skipped case of LOG's KTAP
# results (a case is a result line one level into its suite, under the
# suite's "# Subtest:" line), then "<passed> <failed> <skipped>".
ktap_cases() {
	awk -v step="$1" '
		{ sub(/\r$/, ""); sub(/^\[ *[0-9]+\.[0-9]+\] /, "") }
		/^    # Subtest: / { suite = $3; next }
		/^    (not )?ok [0-9]+ / {
			line = substr($0, 5)
			notok = line ~ /^not /
			sub(/^(not )?ok [0-9]+ /, "", line)
			name = line; directive = ""
			if ((i = index(line, " # ")) > 0) {
				name = substr(line, 1, i - 1)
				directive = substr(line, i + 3)
			}
			if (toupper(directive) ~ /^SKIP/) {
				reason = substr(directive, 5); sub(/^ +/, "", reason)
				printf "SKIP: %s.%s [%s]: %s\n", suite, name, step, reason
				s++
			} else if (notok) {
				f++
			} else {
				p++
			}
		}
		END { print p + 0, f + 0, s + 0 }' "$2"
}

step() {
	local name=$1 t0=$SECONDS console counts p f s

	shift
	echo "=== kernel: $name"
	: > "$LIBSLAB_CONSOLE_LIST"
	if "$@"; then
		echo "=== kernel: $name: PASS ($((SECONDS - t0)) s)"
		passed_checks=$((passed_checks + 1))
	else
		echo "=== kernel: $name: FAIL ($((SECONDS - t0)) s)"
		failed+=("$name")
		failed_checks=$((failed_checks + 1))
	fi
	while read -r console; do
		[ -f "$console" ] || continue
		counts=$(ktap_cases "$name" "$console")
		grep '^SKIP: ' <<< "$counts"
		read -r p f s < <(tail -1 <<< "$counts")
		echo "=== kernel: $name: KUnit cases in $console: $p passed, $f failed, $s skipped"
		passed_checks=$((passed_checks + p))
		failed_checks=$((failed_checks + f))
		skipped_checks=$((skipped_checks + s))
	done < "$LIBSLAB_CONSOLE_LIST"
}

# The verdict, then the counts line, both on stdout, so that the counts
# come last however the streams are merged.
finish() {
	if [ ${#failed[@]} -eq 0 ]; then
		echo "run-kernel-tests: PASS"
	else
		echo "run-kernel-tests: FAIL: ${#failed[@]} step(s) failed: ${failed[*]}"
	fi
	echo "$passed_checks passed, $failed_checks failed, $skipped_checks skipped"
	[ ${#failed[@]} -eq 0 ]
	exit
}

step "make-series" "$SCRIPTS/make-series.sh" || true
if [ ${#failed[@]} -gt 0 ]; then
	echo "run-kernel-tests: no series, nothing else to run"
	finish
fi
export LIBSLAB_SERIES_READY=1
step "check-series" "$SCRIPTS/check-series.sh"
step "x86_64 on libslab (replacement mode, Debian's slab options, memcg, KFENCE, memory hotplug, lockdep)" "$SCRIPTS/run-replacement.sh" --arch x86_64 --sparse
step "arm64 on libslab (replacement mode, PREEMPT_RT, lockdep)" "$SCRIPTS/run-replacement.sh" --arch arm64
step "kunit x86_64 SLUB_TINY design" "$SCRIPTS/run-kunit.sh" --arch x86_64 --tiny
step "module in QEMU" "$SCRIPTS/run-module.sh"
step "differential oracle (kernel SLUB against libslab)" "$SCRIPTS/run-oracle.sh"
finish
