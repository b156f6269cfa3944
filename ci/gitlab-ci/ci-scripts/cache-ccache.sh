#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cache-ccache.sh FAMILY - the cache stage: refresh the ccache that every
# job of FAMILY reads.  The build and test jobs only pull their family's
# cache (concurrent jobs writing one GitLab cache key would overwrite each
# other); this one job per family rebuilds what they build, starting from
# the cache it pulled, trims the cache to KCI_CCACHE_MAXSIZE and lets
# GitLab push it.  It runs on the default branch, or when KCI_CACHE_UPDATE
# is set.  FAMILY:
#   userspace-gcc, userspace-clang  the release, debug, asan, tsan builds
#   kernel-x86_64, kernel-arm64     the defconfig build and the KUnit build
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: cache-ccache.sh FAMILY"
ici_load_settings
ici_artifacts "cache-$1"
command -v ccache >/dev/null 2>&1 || ici_fail "ccache is not installed"
ccache -z >/dev/null
case $1 in
userspace-gcc | userspace-clang)
	for variant in release debug asan tsan; do
		ici_userspace_build "${1#userspace-}" "$variant" > /dev/null ||
			ici_fail "the ${1#userspace-} $variant build failed"
	done
	;;
kernel-x86_64 | kernel-arm64)
	arch=${1#kernel-}
	status=0
	"$ICI_ROOT/ci/gitlab-ci/ci-scripts/build-kernel.sh" "$arch" || status=$?
	[ $status -eq 0 ] || [ $status -eq "$ICI_WARNING_EXIT" ] ||
		ici_fail "the $arch defconfig build failed"
	ici_kernel_series
	kunit=(--arch "$arch")
	[ "$arch" = x86_64 ] && kunit+=(--debug)
	"$ICI_ROOT/kernel/scripts/run-kunit.sh" "${kunit[@]}" --build-only ||
		ici_fail "the $arch KUnit build failed"
	;;
*)
	ici_fail "unknown cache family '$1' (userspace-gcc, userspace-clang, kernel-x86_64, kernel-arm64)"
	;;
esac
ccache -c >/dev/null
ccache -s | tee "$ICI_ARTIFACTS/ccache-stats.txt"
ici_finish
