#!/bin/sh
# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# container-build.sh - the container stage: build the image of
# ci/gitlab-ci/container/Dockerfile and push it to the project's registry
# as ICI_IMAGE, unless an image with that tag is there already (the tag is
# a hash of the Dockerfile and tests/packages.sh, so it is built once per
# package list and reused by every later pipeline).
#
# With docker or podman at hand it builds and pushes.  Without a container
# engine (gitlab-ci-local's shell executor, a shell runner) it provisions
# the host instead with the same packages, and warns (exit 101).
#
# The job's image (docker:cli) is Alpine without bash: this prologue is
# POSIX sh and re-runs the script under bash.
if [ -z "${BASH_VERSION:-}" ]; then
	command -v bash >/dev/null 2>&1 && command -v git >/dev/null 2>&1 ||
		apk add --no-cache bash git >/dev/null || exit 1
	exec bash "$0" "$@"
fi
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ici_load_settings
ici_artifacts container
tag=$(ici_image_tag)
[ "${ICI_IMAGE_TAG:-$tag}" = "$tag" ] ||
	ici_fail "ICI_IMAGE_TAG is $ICI_IMAGE_TAG, but the Dockerfile and tests/packages.sh hash to $tag: set ICI_IMAGE_TAG: \"$tag\" in .gitlab-ci.yml"
image=${ICI_IMAGE:-libslab-ci:$tag}

engine=""
for e in docker podman; do
	if command -v "$e" >/dev/null 2>&1 && "$e" info >/dev/null 2>&1; then
		engine=$e
		break
	fi
done

if [ -z "$engine" ]; then
	ici_warn "no container engine here: provisioning this host with the image's packages instead of building $image"
	if ! grep -q '^VERSION_ID="12"' /etc/os-release || ! grep -q '^ID=debian' /etc/os-release; then
		ici_fail "this host is not Debian 12, which the image is: it cannot stand in for $image"
	fi
	libslab_install_packages "${LIBSLAB_ALL_PACKAGES[@]}" || ici_fail "installing the packages failed"
	ici_finish
fi

if [ -n "${CI_REGISTRY:-}" ] && [ -n "${CI_REGISTRY_PASSWORD:-}" ]; then
	printf '%s' "$CI_REGISTRY_PASSWORD" |
		"$engine" login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY" ||
		ici_fail "$engine login to $CI_REGISTRY"
fi
if "$engine" manifest inspect "$image" >/dev/null 2>&1; then
	echo "$image exists: reused"
	ici_finish
fi
"$engine" build -f "$ICI_ROOT/ci/gitlab-ci/container/Dockerfile" -t "$image" "$ICI_ROOT" ||
	ici_fail "building $image"
if [ -n "${CI_REGISTRY:-}" ]; then
	"$engine" push "$image" || ici_fail "pushing $image"
fi
echo "$image built"
ici_finish
