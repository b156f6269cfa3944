#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-series.sh [OPTIONS] [DIR] - check the patch series make-series.sh
# wrote to DIR (default <repo>/build/kernel-series):
#
#   1. scripts/checkpatch.pl --strict on every patch: no error, warning or
#      check, except the ones kernel/series/checkpatch-exceptions lists
#      (each with its reason, repeated in the cover letter);
#   2. "git am" of the whole series onto the pristine base in a scratch
#      worktree applies cleanly and gives exactly the tree of the series.
#
# Options:
#   --last N             run checkpatch on the last N patches only
#   --checkpatch-options "OPTS"
#                        more options for checkpatch.pl (e.g. --ignore TYPE)
#   --warning-exit CODE  when every report left is a WARNING or CHECK (no
#                        ERROR), exit CODE instead of 1
set -euo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

LAST=0
CHECKPATCH_OPTIONS=()
WARNING_EXIT=1
while [ $# -gt 0 ]; do
	case $1 in
	--last) LAST=$2; shift 2 ;;
	--checkpatch-options) read -ra CHECKPATCH_OPTIONS <<< "$2"; shift 2 ;;
	--warning-exit) WARNING_EXIT=$2; shift 2 ;;
	-*) fail "unknown option $1" ;;
	*) break ;;
	esac
done
case $LAST in
'' | *[!0-9]*) fail "--last wants a number, not '$LAST'" ;;
esac
DIR=${1:-$LIBSLAB_REPO/build/kernel-series}
TREE=$LIBSLAB_TREE
EXCEPTIONS=$LIBSLAB_REPO/kernel/series/checkpatch-exceptions
shopt -s nullglob
patches=("$DIR"/[0-9][0-9][0-9][0-9]-*.patch)
patches=("${patches[@]/*0000-cover-letter.patch/}")
mapfile -t patches < <(printf '%s\n' "${patches[@]}" | grep .)
[ ${#patches[@]} -gt 0 ] || fail "no patches in $DIR (run make-series.sh)"
[ -d "$TREE/.git" ] || fail "no series tree at $TREE (run make-series.sh)"
checked=("${patches[@]}")
if [ "$LAST" -gt 0 ] && [ "$LAST" -lt ${#patches[@]} ]; then
	checked=("${patches[@]: -$LAST}")
fi

# 1. checkpatch
# An exception line is "TYPE file-glob  # reason"; a report is excused
# when its type and file match one.
excused() {
	local type=$1 file=$2 etype eglob

	[ -f "$EXCEPTIONS" ] || return 1
	while read -r etype eglob _; do
		case $etype in ''|'#'*) continue ;; esac
		# shellcheck disable=SC2053 # the glob is meant to match
		[ "$etype" = "$type" ] && [[ $file == $eglob ]] && return 0
	done < "$EXCEPTIONS"
	return 1
}
bad=0
errors=0
for p in "${checked[@]}"; do
	# spdxcheck.py needs the system python3 (python3-ply, python3-git)
	out=$(PATH=/usr/bin:$PATH perl "$TREE/scripts/checkpatch.pl" --strict --terse --show-types \
		--no-summary --root="$TREE" "${CHECKPATCH_OPTIONS[@]}" "$p" 2>&1 || true)
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		# "<file>:<line>: <LEVEL>:<TYPE>: <message>"
		type=$(sed -nE 's/^[^ ]*: (ERROR|WARNING|CHECK):([A-Z0-9_]+):.*/\2/p' <<< "$line")
		file=$(sed -nE 's/^([^:]*):.*/\1/p' <<< "$line")
		if [ -n "$type" ] && excused "$type" "$file"; then
			continue
		fi
		echo "$(basename "$p"): $line"
		bad=$((bad + 1))
		[ -n "$type" ] && ! grep -q ": ERROR:" <<< "$line" && continue
		errors=$((errors + 1))
	done <<< "$out"
done
checkpatch_status=0
if [ $bad -gt 0 ]; then
	echo "check-series: checkpatch --strict: $bad reports, $errors of them errors" >&2
	checkpatch_status=1
	[ $errors -eq 0 ] && checkpatch_status=$WARNING_EXIT
else
	echo "check-series: checkpatch --strict clean on ${#checked[@]} of ${#patches[@]} patches"
fi

# 2. git am onto the pristine base
SCRATCH=$LIBSLAB_BASE/am-check
git -C "$TREE" worktree remove --force "$SCRATCH" >/dev/null 2>&1 || rm -rf "$SCRATCH"
git -C "$TREE" worktree prune
git -C "$TREE" worktree add -q --detach "$SCRATCH" "$LIBSLAB_BASE_TAG"
trap 'git -C "$TREE" worktree remove --force "$SCRATCH" >/dev/null 2>&1 || true' EXIT
git -C "$SCRATCH" -c user.name=check -c user.email=check@localhost am -q "${patches[@]}" ||
	fail "git am of the series onto $LIBSLAB_BASE_TAG failed"
git -C "$TREE" diff --quiet "$LIBSLAB_SERIES_TAG" "$(git -C "$SCRATCH" rev-parse HEAD)" ||
	fail "the applied series differs from $LIBSLAB_SERIES_TAG (branch $LIBSLAB_BRANCH less the oracle's commit)"
echo "check-series: the series applies with git am onto the pristine $(git -C "$TREE" log -1 --format=%s "$LIBSLAB_BASE_TAG")"
[ "$checkpatch_status" -eq 0 ] || fail "checkpatch --strict reported problems (see above)" "$checkpatch_status"
