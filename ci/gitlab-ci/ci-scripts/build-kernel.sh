#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh ARCH - build Linux 6.12 with the libslab series for ARCH
# (x86_64, arm64) from KCI_DEFCONFIG plus kernel/configs/libslab.config
# plus KCI_KCONFIGS_ENABLE, _MODULE and _DISABLE: the kernel image, and
# the modules when KCI_KCONFIGS_MODULE asks for some.  Warnings in
# lib/libslab/, or a requested symbol the configuration dropped, make the
# job warn (exit 101).  Artifacts: the .config, the build log, the image.
set -euo pipefail
# shellcheck source=ci/gitlab-ci/ci-scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ $# -eq 1 ] || ici_fail "usage: build-kernel.sh ARCH"
arch=$1
ici_load_settings
ici_artifacts "build-kernel-$arch"
ici_kernel_series
ici_kernel_configure "$arch"
log=$ICI_ARTIFACTS/build-$arch.log

targets=("$ICI_IMAGE_TARGET")
[ -z "$KCI_KCONFIGS_MODULE" ] || targets+=(modules)
t0=$SECONDS
status=0
"${ICI_KMAKE[@]}" "${targets[@]}" > "$log" 2>&1 || status=$?
[ $status -eq 0 ] || { grep -E -B2 -A6 'error:|Error [0-9]' "$log" | tail -60; ici_fail "the $arch build failed (log $log)"; }
echo "built ${targets[*]} for $arch in $((SECONDS - t0)) s"
grep -q '^CONFIG_LIBSLAB=[ym]' "$ICI_KBUILD/.config" ||
	ici_warn "CONFIG_LIBSLAB is off in this configuration: the kernel was built without libslab"
if grep -E 'lib/libslab/.*warning:' "$log"; then
	ici_warn "the build warns in lib/libslab/"
fi
echo "warnings in the whole build: $(grep -c 'warning:' "$log" || true)"
image=$ICI_KBUILD/arch/$arch/boot/$ICI_IMAGE_TARGET
[ "$arch" = x86_64 ] && image=$ICI_KBUILD/arch/x86/boot/$ICI_IMAGE_TARGET
cp "$image" "$ICI_ARTIFACTS/"
ici_finish
