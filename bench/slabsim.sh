#!/usr/bin/env bash
# Install the build packages, build libslab optimised into build/release and
# run slabsim with this script's arguments (see: bash bench/slabsim.sh --help).
# Only slabsim's own output goes to stdout; the rest goes to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tests/packages.sh
. "$root/tests/packages.sh"

libslab_install_packages "${LIBSLAB_USERSPACE_PACKAGES[@]}"
libslab_meson_setup "$root/build/release" "$root" --buildtype=release >&2
meson compile -C "$root/build/release" >&2
exec "$root/build/release/bench/slabsim" "$@"
