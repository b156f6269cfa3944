#!/usr/bin/env bash
# Run every libslab test stage: install the packages, then
#   (a) meson test on a default build            (build/default)
#   (b) meson test --setup=valgrind on that build
#   (c) meson test on an ASan+UBSan build        (build/asan)
#   (d) meson test on a ThreadSanitizer build    (build/tsan)
#   (e) the stress runs under valgrind DRD       (build/drd, -Ddrd=true)
#   (f) meson test on a clang build              (build/clang-default)
#   (g) cppcheck and clang-tidy                  (build/cppcheck, build/clang-tidy)
#   (h) the kernel series, KUnit and module runs (kernel/scripts/run-kernel-tests.sh)
#   (i) the kernel's radix-tree suites on libslab (tests/linux-tools/run-radix-tree.sh),
#       and the kernel's lib/ files and their tests built against the
#       installed library (tests/linux-tools/run-lib-files.sh)
# and print one summary line per stage, each stage's skips by name, and last
# "<N> passed, <N> failed, <N> skipped" over every stage.  A skip not in
# tests/allowed-skips.txt fails its stage; a stage whose every check skipped
# is SKIP.  Exits non-zero if any stage failed.  Each stage's output is also
# in build/stage-logs/<stage>.log.
# Stages (a) to (g) run the GitLab pipeline's scripts (ci/gitlab-ci/ci-scripts/).
# The long stress runs are separate: meson test -C build/default --suite long
#
# Usage: bash tests/run-all.sh [--userspace-only]
#   --userspace-only, or LIBSLAB_SKIP_KERNEL=1: leave out stage (h) and
#   the kernel packages.
#   LIBSLAB_SKIP_INSTALL=1: do not check for or install packages.
#   CCACHE_DIR defaults to /var/tmp/libslab/ccache.

# The stage functions are called through stage(), which shellcheck cannot see.
# shellcheck disable=SC2317
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tests/packages.sh
. "$root/tests/packages.sh"

skip_kernel="${LIBSLAB_SKIP_KERNEL:-0}"
for arg in "$@"; do
	case "$arg" in
	--userspace-only)
		skip_kernel=1
		;;
	-h | --help)
		sed -n '2,26s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
		exit 0
		;;
	*)
		echo "run-all.sh: unknown argument: $arg (try --help)" >&2
		exit 2
		;;
	esac
done

summary=()
failed=0
totals=(0 0 0)
logs="$root/build/stage-logs"
allowed_skips="$root/tests/allowed-skips.txt"
mkdir -p "$logs"

# Run the command that follows as stage $2, its output also into
# build/stage-logs/$1.log, then judge it by its counts and skips
# (tests/tools/stage_counts.py: a skip not in tests/allowed-skips.txt for
# stage $1 fails it; a stage whose every check skipped is SKIP); record
# and print its result and add its counts to the totals.
stage() {
	local key=$1 name=$2 log="$logs/$1.log" status=0 judged verdict counts

	shift 2
	echo "=== $name"
	"$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
	judged=$(python3 "$root/tests/tools/stage_counts.py" stage "$key" "$status" \
		"$log" "$allowed_skips") ||
		judged="$key: tests/tools/stage_counts.py could not judge the stage"$'\n'"FAIL 0 1 0"
	mapfile -t verdict <<<"$judged"
	printf '%s\n' "${verdict[@]:0:${#verdict[@]}-1}"
	read -r -a counts <<<"${verdict[-1]}"
	[ "${counts[0]}" = FAIL ] && failed=1
	totals=($((totals[0] + counts[1])) $((totals[1] + counts[2])) $((totals[2] + counts[3])))
	summary+=("${counts[0]}  $name (${counts[1]} passed, ${counts[2]} failed, ${counts[3]} skipped)")
	echo "=== ${summary[-1]}"
}

# Record stage $1, which the command line asked to leave out, as skipped.
skip() {
	summary+=("SKIP  $1")
	echo "=== SKIP  $1"
}

# Record stage $1 as failed without running it: $2 says why.
cannot_run() {
	failed=1
	summary+=("FAIL  $1: $2")
	echo "=== FAIL  $1: $2"
}

# The userspace stages are the pipeline's jobs (ci/gitlab-ci/ci-scripts/):
# one implementation for both.
ci_script() {
	"$root/ci/gitlab-ci/ci-scripts/$1" "${@:2}"
}

# (g): both static analysers; a report of either fails the stage here.
static_checks() {
	local status=0

	ci_script cppcheck.sh || status=1
	ci_script clang-tidy.sh || status=1
	return "$status"
}

# (h): the kernel series: generated, checked, built for x86_64 and arm64,
# its KUnit suites booted in QEMU, and loaded as a module.
kernel_tests() {
	bash "$root/kernel/scripts/run-kernel-tests.sh"
}

if [ "$skip_kernel" = 1 ]; then
	libslab_install_packages "${LIBSLAB_USERSPACE_PACKAGES[@]}"
else
	libslab_install_packages "${LIBSLAB_PACKAGES[@]}"
fi

stage default "meson test (build/default)" ci_script test-meson.sh default
stage valgrind "meson test --setup=valgrind (build/default)" ci_script test-meson.sh default --setup=valgrind
stage asan "meson test, ASan+UBSan (build/asan)" ci_script test-meson.sh asan
stage tsan "meson test, ThreadSanitizer (build/tsan)" ci_script test-meson.sh tsan
stage drd "meson test --setup=drd --suite stress (build/drd)" ci_script test-meson.sh drd --setup=drd \
	--suite stress --no-suite long --no-suite preempt
stage clang "meson test, clang (build/clang-default)" ci_script test-meson.sh --cc clang default
stage static "cppcheck and clang-tidy (build/cppcheck, build/clang-tidy)" static_checks
if [ "$skip_kernel" = 1 ]; then
	skip "kernel series, KUnit and module in QEMU (kernel/scripts/run-kernel-tests.sh): --userspace-only"
else
	stage kernel "kernel series, KUnit and module in QEMU (kernel/scripts/run-kernel-tests.sh)" kernel_tests
fi
# (i) needs the Linux source tarball, one of the userspace packages: a
# machine that has them runs it.
radix_suites="tools/testing/radix-tree suites, toy vs libslab (tests/linux-tools/run-radix-tree.sh)"
lib_files="the kernel's lib/ files and tests on the installed library (tests/linux-tools/run-lib-files.sh)"
if [ -r /usr/src/linux-source-6.12.tar.xz ]; then
	stage radix-tree "$radix_suites" bash "$root/tests/linux-tools/run-radix-tree.sh"
	stage lib-files "$lib_files" bash "$root/tests/linux-tools/run-lib-files.sh" \
		--build "$root/build/default" --asan-build "$root/build/asan"
else
	cannot_run "$radix_suites" "no /usr/src/linux-source-6.12.tar.xz (package linux-source-6.12)"
	cannot_run "$lib_files" "no /usr/src/linux-source-6.12.tar.xz (package linux-source-6.12)"
fi

echo
echo "Summary:"
printf '  %s\n' "${summary[@]}"
echo "Skips and their reasons: build/stage-logs/<stage>.log; allowed: tests/allowed-skips.txt"
echo "${totals[0]} passed, ${totals[1]} failed, ${totals[2]} skipped"
exit "$failed"
