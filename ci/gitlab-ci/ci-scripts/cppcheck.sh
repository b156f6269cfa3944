#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cppcheck.sh - cppcheck on every userspace C file, with the flags of a
# clang build (its compile_commands.json): the warning, performance and
# portability checks.  The accepted reports are in
# ci/gitlab-ci/config/cppcheck-suppressions.xml, or inline with a reason.
# A report of severity error fails the job; the others make it warn.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts cppcheck
dir=$(ici_compile_commands cppcheck)
mkdir -p "$dir/cppcheck"
raw=$ICI_ARTIFACTS/cppcheck.raw
# The project's own files only: the build also compiles a file it extracts
# from the kernel tarball (lib/slub_kunit.c), which is neither ours nor
# there before the build.
python3 - "$dir" <<'PY' || ici_fail "cannot filter $dir/compile_commands.json"
import json, os, sys
build = os.path.realpath(sys.argv[1])
with open(os.path.join(build, "compile_commands.json")) as f:
    entries = json.load(f)
ours = [e for e in entries
        if not os.path.realpath(os.path.join(e["directory"], e["file"])).startswith(build + os.sep)]
with open(os.path.join(build, "cppcheck", "compile_commands.json"), "w") as f:
    json.dump(ours, f)
PY
# One process: cppcheck 2.10 drops symbolName suppressions under -j.
# The compiler's own predefined macros are not in compile_commands.json.
cppcheck --project="$dir/cppcheck/compile_commands.json" --cppcheck-build-dir="$dir/cppcheck" \
	--enable=warning,performance,portability --inline-suppr \
	--suppress-xml="$ICI_ROOT/ci/gitlab-ci/config/cppcheck-suppressions.xml" \
	--platform=unix64 -D__x86_64__ -D__GNUC__=12 -D__linux__ -q \
	--template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
	2> "$raw" || ici_fail "cppcheck did not run (see $raw)"
ici_tool_reports cppcheck "$raw"
ici_finish
