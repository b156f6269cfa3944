# shellcheck shell=bash
# The Debian 12 packages libslab needs: the one list that .ci/run,
# tests/run-all.sh and bench/slabsim.sh install from.  Source this file.

# Building and testing the userspace library: with gcc and clang (and
# clang's sanitizer runtimes), cppcheck and clang-tidy, and python3-yaml,
# git and clang-format for the tests of the GitLab pipeline's scripts, and
# the real programs of libslab-malloc.so's smoke test (the sqlite3 shell,
# python3's test suite, /usr/bin/time for their peak RSS), and the Linux
# 6.12 source tarball, of which the userspace stages build the kernel's
# slabinfo tool, radix-tree suites and lib/ files.
LIBSLAB_USERSPACE_PACKAGES=(
	meson ninja-build pkg-config build-essential ccache python3
	libcmocka-dev liburcu-dev valgrind python3-yaml git
	clang libclang-rt-14-dev clang-format clang-tidy cppcheck
	sqlite3 libpython3.11-testsuite time linux-source-6.12
)
# Building Linux 6.12 with the series for x86_64 and arm64, checking it
# (checkpatch's spdxcheck needs ply and git, sparse), booting the KUnit
# suites in QEMU and the module in a busybox initramfs; Debian's own
# kernel configurations, whose slab options the x86_64 replacement boot
# takes (kernel/scripts/debian-slab-config.py); the arm64 C
# library for the static tools/mm/slabinfo of the arm64 replacement boot.
LIBSLAB_KERNEL_PACKAGES=(
	qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu
	libc6-dev-arm64-cross
	bc flex bison libelf-dev libssl-dev cpio rsync xz-utils git sparse
	python3-ply python3-git busybox-static linux-config-6.12
)
# The peer allocators and the plotting that bench/run-bench.sh needs (its
# real programs are among the userspace packages above).
LIBSLAB_BENCH_PACKAGES=(
	libjemalloc-dev libmimalloc-dev libgoogle-perftools-dev gnuplot-nox
)
# shellcheck disable=SC2034 # used by the scripts that source this file
LIBSLAB_PACKAGES=("${LIBSLAB_USERSPACE_PACKAGES[@]}" "${LIBSLAB_KERNEL_PACKAGES[@]}")
# Everything: the pipeline's container image (ci/gitlab-ci/container/).
# shellcheck disable=SC2034
LIBSLAB_ALL_PACKAGES=("${LIBSLAB_PACKAGES[@]}" "${LIBSLAB_BENCH_PACKAGES[@]}")

# Install the given packages with apt-get unless all are installed already;
# LIBSLAB_SKIP_INSTALL=1 skips the check.  Output goes to stderr.
libslab_install_packages() {
	local pkg missing=()

	[ "${LIBSLAB_SKIP_INSTALL:-0}" = 1 ] && return 0
	for pkg in "$@"; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$pkg")
	done
	[ "${#missing[@]}" -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "libslab: missing packages: ${missing[*]}" >&2
		echo "libslab: run as root so apt-get can install them," \
			"or install them and retry" >&2
		return 1
	fi
	echo "libslab: installing ${missing[*]}" >&2
	apt-get update >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends "${missing[@]}" >&2
}

# The release build that the benchmarks and slabsim use: link-time
# optimisation lets kmalloc()'s size-class lookup and the allocation's
# fast path meet in one function across src/'s files; the test suites,
# which run in the other builds, are left out (each would be an LTO link).
LIBSLAB_RELEASE_OPTIONS=(--buildtype=release -Db_lto=true -Dtests=false)

# Configure (or reconfigure) the meson build directory $1 of the source tree
# $2 with the remaining arguments as options.
libslab_meson_setup() {
	local dir=$1 src=$2

	shift 2
	if [ -f "$dir/build.ninja" ]; then
		meson setup --reconfigure "$dir" "$src" "$@"
	else
		meson setup "$dir" "$src" "$@"
	fi
}

export CCACHE_DIR="${CCACHE_DIR:-/var/tmp/libslab/ccache}"
mkdir -p "$CCACHE_DIR" 2>/dev/null || true
