#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# ci_commit_settings.sh SOURCE-ROOT - a setting given in the last commit's
# message changes what a pipeline job does.  In a scratch repository with
# the pipeline's scripts, a branch adds a badly formatted C line and then
# a commit that touches no C code.  format-check.sh checks the lines the
# branch changed since its base commit:
#   * by default the base is the merge base with origin/main, the line is
#     not in the checked range, and the job passes;
#   * "KCI_BASE_COMMIT=HEAD~2" after "---" in the last commit's message
#     moves the base back: the job finds the line and warns (exit 101);
#   * the commit message wins over the environment, is read only inside a
#     pipeline (CI=true), only after the "---" line, and a KCI_ name that
#     is not a setting is reported.
set -euo pipefail

src=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/repo
failures=0

export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@localhost
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@localhost
export LIBSLAB_SKIP_INSTALL=1 CCACHE_DIR=$scratch/ccache CI_DEFAULT_BRANCH=main
unset CI KCI_BASE_COMMIT CI_MERGE_REQUEST_DIFF_BASE_SHA CI_COMMIT_BEFORE_SHA

mkdir -p "$repo/ci/gitlab-ci" "$repo/tests" "$repo/src"
cp -r "$src/ci/gitlab-ci/ci-scripts" "$src/ci/gitlab-ci/config" "$repo/ci/gitlab-ci/"
cp "$src/tests/packages.sh" "$repo/tests/"
git -C "$repo" init -q -b main
printf 'int good(void)\n{\n\treturn 0;\n}\n' > "$repo/src/good.c"
git -C "$repo" add -A
git -C "$repo" commit -q -m "base"
git -C "$repo" update-ref refs/remotes/origin/main HEAD
printf 'int bad(void) {   return    1; }\n' > "$repo/src/bad.c"
git -C "$repo" add -A
git -C "$repo" commit -q -m "add bad.c"
git -C "$repo" update-ref refs/remotes/origin/main HEAD

# commit MESSAGE: a commit that changes no C code, with that message.
commit() {
	echo "$RANDOM" >> "$repo/NOTES"
	git -C "$repo" add NOTES
	git -C "$repo" commit -q -F - <<< "$1"
}

# expect NAME STATUS GREP-PATTERN [VAR=value...]: run format-check.sh with
# the given environment; it must exit STATUS and print the pattern.
expect() {
	local name=$1 want=$2 pattern=$3 out status=0 lines

	shift 3
	out=$(env "$@" "$repo/ci/gitlab-ci/ci-scripts/format-check.sh" 2>&1) || status=$?
	if [ "$status" -ne "$want" ] || ! grep -qE -- "$pattern" <<< "$out"; then
		echo "FAIL: $name: exit $status (want $want), pattern '$pattern'"
		mapfile -t lines <<< "$out"
		printf '    %s\n' "${lines[@]}"
		failures=$((failures + 1))
	else
		echo "ok: $name"
	fi
}

commit "notes

---
KCI_BASE_COMMIT=HEAD~2"
expect "default base: the branch's own commit only, clean" 0 'formatted' CI=
expect "commit message moves the base: the bad line is found" 101 \
	'KCI_BASE_COMMIT +\(commit message\) +HEAD~2' CI=true
expect "the warning shows what clang-format would change" 101 '^\+int bad\(void\)' CI=true
expect "the commit message is read only inside a pipeline" 0 'KCI_BASE_COMMIT +\(default\)' CI=
expect "the commit message wins over the environment" 101 '\(commit message\)' \
	CI=true KCI_BASE_COMMIT=HEAD~1
expect "the environment applies without a commit setting" 101 \
	'KCI_BASE_COMMIT +\(environment\) +HEAD~2' CI= KCI_BASE_COMMIT=HEAD~2

commit "notes

KCI_BASE_COMMIT=HEAD~3 in the text above the marker is prose
---
no settings here"
expect "lines before --- are not settings" 0 'KCI_BASE_COMMIT +\(default\)' CI=true

commit "notes
---
KCI_BASE_COMMITT=HEAD~3"
expect "a misspelled setting is a warning" 101 \
	'sets KCI_BASE_COMMITT, which is not a runtime setting' CI=true

commit "notes
---
KCI_BASE_COMMIT='HEAD~5'"
expect "a quoted value is unquoted" 101 'KCI_BASE_COMMIT +\(commit message\) +HEAD~5$' CI=true

[ $failures -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all cases passed"
