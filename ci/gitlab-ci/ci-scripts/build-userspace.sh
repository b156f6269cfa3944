#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build-userspace.sh [--cc gcc|clang] VARIANT - build the userspace library,
# its tests and benchmarks into build/VARIANT (gcc) or build/clang-VARIANT.
# VARIANT: default, release, debug, asan (ASan+UBSan), tsan, drd.
# Settings: KCI_MESON_OPTIONS, KCI_JOBS (docs/ci.md).
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage="usage: build-userspace.sh [--cc gcc|clang] VARIANT"
ici_userspace_args "$usage" "$@"
[ ${#ICI_ARGS[@]} -eq 0 ] || ici_fail "$usage"
ici_load_settings
ici_artifacts "build-userspace-$ICI_CC-$ICI_VARIANT"
dir=$(ici_userspace_dir "$ICI_CC" "$ICI_VARIANT")
status=0
ici_userspace_build "$ICI_CC" "$ICI_VARIANT" || status=$?
cp "$dir"/meson-logs/meson-log.txt "$ICI_ARTIFACTS/" 2>/dev/null || true
[ $status -eq 0 ] || ici_fail "the $ICI_CC $ICI_VARIANT build failed (log: $ICI_ARTIFACTS/meson-log.txt)"
ici_finish
