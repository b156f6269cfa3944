#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh - regenerate the kernel patch series and run
# scripts/checkpatch.pl --strict on its last N patches, then check that the
# whole series applies with git am onto the pristine tree
# (kernel/scripts/check-series.sh, which .ci/run runs on every patch).
#
# N is KCI_PATCH_SERIES_SIZE, or else the number of commits of the series
# branch since its merge base with the pristine base; when that cannot be
# found, every patch is checked and the job warns.  KCI_CHECKPATCH_OPTIONS
# go to checkpatch.pl.  Reports that are all WARNING or CHECK exit 101.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts checkpatch
ici_kernel_series

patches=$(find "$ICI_ROOT/build/kernel-series" -name '[0-9][0-9][0-9][0-9]-*.patch' \
	! -name '0000-cover-letter.patch' | wc -l)
ICI_PATCH_SERIES_SIZE=${KCI_PATCH_SERIES_SIZE:-}
if [ -z "$ICI_PATCH_SERIES_SIZE" ]; then
	if base=$(git -C "$LIBSLAB_TREE" merge-base "$LIBSLAB_SERIES_TAG" "$LIBSLAB_BASE_TAG" 2>/dev/null); then
		ICI_PATCH_SERIES_SIZE=$(git -C "$LIBSLAB_TREE" rev-list --count "$base..$LIBSLAB_SERIES_TAG")
		echo "series size from the merge base of $LIBSLAB_SERIES_TAG and $LIBSLAB_BASE_TAG: $ICI_PATCH_SERIES_SIZE"
	else
		ici_warn "cannot find the merge base of $LIBSLAB_SERIES_TAG and $LIBSLAB_BASE_TAG in $LIBSLAB_TREE: checking all $patches patches (set KCI_PATCH_SERIES_SIZE)"
		ICI_PATCH_SERIES_SIZE=$patches
	fi
fi
case $ICI_PATCH_SERIES_SIZE in
'' | 0 | *[!0-9]*) ici_fail "KCI_PATCH_SERIES_SIZE must be a positive number, not '$ICI_PATCH_SERIES_SIZE'" ;;
esac
[ "$ICI_PATCH_SERIES_SIZE" -le "$patches" ] ||
	ici_warn "KCI_PATCH_SERIES_SIZE=$ICI_PATCH_SERIES_SIZE, but the series has $patches patches: checking all of them"

status=0
"$ICI_ROOT/kernel/scripts/check-series.sh" --last "$ICI_PATCH_SERIES_SIZE" \
	--checkpatch-options "$KCI_CHECKPATCH_OPTIONS" --warning-exit "$ICI_WARNING_EXIT" \
	"$ICI_ROOT/build/kernel-series" 2>&1 | tee "$ICI_ARTIFACTS/checkpatch.log" || status=${PIPESTATUS[0]}
case $status in
0) ;;
"$ICI_WARNING_EXIT") ici_warn "checkpatch reports warnings or checks, no errors" ;;
*) ici_fail "checkpatch reports errors, or the series does not apply" ;;
esac
ici_finish
