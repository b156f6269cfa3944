#!/usr/bin/env bash
# Longer model-based fuzzing with libFuzzer and ASan+UBSan (Debian's clang).
# Builds libslab and tests/fuzz/fuzz_slab.c with clang into build/fuzz and
# runs libFuzzer on a corpus kept in build/fuzz/corpus.
#
# Usage: bash tests/fuzz/run-libfuzzer.sh [seconds (default 60)] [libFuzzer options...]
# A crash leaves crash-<sha1> in build/fuzz: replay it with
#   build/fuzz/fuzz_slab_libfuzzer crash-<sha1>
# and turn it into a regression test.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds=${1:-60}
shift || true
# shellcheck source=tests/packages.sh
. "$root/tests/packages.sh"
if [ "${LIBSLAB_SKIP_INSTALL:-0}" != 1 ]; then
	libslab_install_packages "${LIBSLAB_USERSPACE_PACKAGES[@]}" clang
fi

build="$root/build/fuzz"
CC=clang libslab_meson_setup "$build" "$root" -Db_sanitize=address,undefined \
	-Db_lundef=false -Dbuildtype=debugoptimized
meson compile -C "$build" slab:static_library
mkdir -p "$build/corpus"
# shellcheck disable=SC2046
clang -g -O1 -fsanitize=fuzzer,address,undefined -mcx16 -D_GNU_SOURCE \
	-I"$build/shim/config/default" -I"$root/shim/include" -I"$root/src/include" \
	"$root/tests/fuzz/fuzz_slab.c" "$build/libslab.a" \
	$(pkg-config --libs liburcu-memb) -lpthread -latomic \
	-o "$build/fuzz_slab_libfuzzer"
cd "$build"
LIBSLAB_CMDLINE=${LIBSLAB_CMDLINE:-nr_cpus=2} \
	./fuzz_slab_libfuzzer -max_total_time="$seconds" -max_len=4096 "$@" corpus
