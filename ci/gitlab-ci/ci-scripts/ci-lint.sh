#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# ci-lint.sh - the pipeline checks itself (tests/lint/ci_lint.py, also a
# meson test): every job runs existing ci-scripts, every variable is
# documented in docs/ci.md, the image tag matches what the image is made
# of; and, where gitlab-ci-local is installed, it parses the pipeline and
# every scenario against GitLab's schema.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts ci-lint
/usr/bin/python3 "$ICI_ROOT/tests/lint/ci_lint.py" "$ICI_ROOT" ||
	ici_fail "the pipeline's lint found problems (above)"
ici_finish
