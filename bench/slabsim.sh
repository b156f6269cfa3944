#!/usr/bin/env bash
# The main job.  Installs the build packages, builds libslab optimised into
# build/release, then
#   with no arguments: replays the bundled boot trace
#     (bench/traces/boot-x86_64.trace.xz) under every configuration
#     (bench/replay-configs.py), prints the table and writes the plot to
#     build/replay/replay-memory.png; --docs also rewrites docs/perf.md's
#     replay section;
#   with arguments: runs build/release/bench/slabsim with them
#     ("replay TRACE ...", or the synthetic workload: --seed, --ops, ...).
# Only the results go to stdout; the build goes to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tests/packages.sh
. "$root/tests/packages.sh"

libslab_install_packages "${LIBSLAB_USERSPACE_PACKAGES[@]}" xz-utils gnuplot-nox
libslab_meson_setup "$root/build/release" "$root" "${LIBSLAB_RELEASE_OPTIONS[@]}" >&2
meson compile -C "$root/build/release" >&2
if [ $# -eq 0 ] || [ "$1" = --docs ]; then
	docs=()
	[ "${1:-}" = --docs ] && docs=(--docs "$root/docs/perf.md")
	exec python3 "$root/bench/replay-configs.py" --bindir "$root/build/release/bench" \
		--out "$root/build/replay" "${docs[@]}"
fi
exec "$root/build/release/bench/slabsim" "$@"
