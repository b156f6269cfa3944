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
# and print one summary line per stage.  Exits non-zero if any stage failed.
# Stages (a) to (g) run the GitLab pipeline's scripts (ci/gitlab-ci/ci-scripts/).
# The long stress runs are separate: meson test -C build/default --suite long
#
# Usage: bash tests/run-all.sh [--userspace-only]
#   --userspace-only, or LIBSLAB_SKIP_KERNEL=1: skip stage (h) and the
#   kernel packages.
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
		sed -n '2,19s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
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

# Run stage $1 as the command that follows; record and print its result.
stage() {
	local name=$1 line

	shift
	echo "=== $name"
	if "$@"; then
		line="PASS  $name"
	else
		line="FAIL  $name"
		failed=1
	fi
	summary+=("$line")
	echo "=== $line"
}

# Record stage $1 as skipped.
skip() {
	summary+=("SKIP  $1")
	echo "=== SKIP  $1"
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

stage "meson test (build/default)" ci_script test-meson.sh default
stage "meson test --setup=valgrind (build/default)" ci_script test-meson.sh default --setup=valgrind
stage "meson test, ASan+UBSan (build/asan)" ci_script test-meson.sh asan
stage "meson test, ThreadSanitizer (build/tsan)" ci_script test-meson.sh tsan
stage "meson test --setup=drd --suite stress (build/drd)" ci_script test-meson.sh drd --setup=drd \
	--suite stress --no-suite long --no-suite preempt
stage "meson test, clang (build/clang-default)" ci_script test-meson.sh --cc clang default
stage "cppcheck and clang-tidy (build/cppcheck, build/clang-tidy)" static_checks
if [ "$skip_kernel" = 1 ]; then
	skip "kernel series, KUnit and module in QEMU (kernel/scripts/run-kernel-tests.sh)"
else
	stage "kernel series, KUnit and module in QEMU (kernel/scripts/run-kernel-tests.sh)" kernel_tests
fi
# (i) needs the Linux source tarball, one of the kernel packages.
radix_suites="tools/testing/radix-tree suites, toy vs libslab (tests/linux-tools/run-radix-tree.sh)"
lib_files="the kernel's lib/ files and tests on the installed library (tests/linux-tools/run-lib-files.sh)"
if [ -r /usr/src/linux-source-6.12.tar.xz ]; then
	stage "$radix_suites" bash "$root/tests/linux-tools/run-radix-tree.sh"
	stage "$lib_files" bash "$root/tests/linux-tools/run-lib-files.sh" \
		--build "$root/build/default" --asan-build "$root/build/asan"
else
	skip "$radix_suites: no /usr/src/linux-source-6.12.tar.xz"
	skip "$lib_files: no /usr/src/linux-source-6.12.tar.xz"
fi

# Test cases passed and failed over every meson run, from meson's logs: a
# cmocka suite counts its cases, any other test counts once.
count_results() {
	python3 - "$root"/build/{default,asan,tsan,drd,clang-default}/meson-logs/testlog*.json <<'PY'
import json, re, sys
passed = failed = 0
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        test = json.loads(line)
        out = test.get("stdout", "") + (test.get("stderr") or "")
        ok = [int(n) for n in re.findall(r"\[  PASSED  \] (\d+) test", out)]
        bad = [int(n) for n in re.findall(r"\[  FAILED  \] (\d+) test", out)]
        if ok or bad:
            passed += sum(ok)
            failed += sum(bad)
        elif test.get("result") == "OK":
            passed += 1
        elif test.get("result") != "SKIP":
            failed += 1
print(f"{passed} passed, {failed} failed")
PY
}

echo
echo "Summary:"
printf '  %s\n' "${summary[@]}"
count_results
exit "$failed"
