# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# common.sh - what every kernel/scripts/ script shares: where the kernel
# tree and build trees live, how to fail, the compiler wrapper, and the
# check that fails a run on a kernel splat in a console log.  Source it.
#
# Environment:
#   LIBSLAB_KERNEL_DIR      base directory (default /var/tmp/libslab)
#   LIBSLAB_KERNEL_TARBALL  the pristine source (default Debian's 6.12 tarball)
#   LIBSLAB_JOBS            make -j (default nproc)

LIBSLAB_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LIBSLAB_BASE=${LIBSLAB_KERNEL_DIR:-/var/tmp/libslab}
LIBSLAB_TARBALL=${LIBSLAB_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The git tree: the pristine source as commit "libslab-base", the series on
# branch "libslab" checked out.
LIBSLAB_TREE=$LIBSLAB_BASE/linux-source-6.12
LIBSLAB_LOGDIR=$LIBSLAB_BASE/logs
LIBSLAB_JOBS=${LIBSLAB_JOBS:-$(nproc)}
export LIBSLAB_KERNEL_DIR=$LIBSLAB_BASE
mkdir -p "$LIBSLAB_LOGDIR"

# Tag of the pristine base commit and branch of the series in the tree.
LIBSLAB_BASE_TAG=libslab-base
LIBSLAB_BRANCH=libslab
# Tag of the series' last patch: the branch carries the differential
# oracle's test-only commit on top of it (make-series.sh).
LIBSLAB_SERIES_TAG=libslab-series

# The compiler the kernel builds use: ccache in front of gcc when present.
libslab_kernel_cc() {
	local cross=${1:-}

	if command -v ccache >/dev/null 2>&1; then
		echo "ccache ${cross}gcc"
	else
		echo "${cross}gcc"
	fi
}

# Print "<script>: FAIL: <message>" and exit with status $2 (default 1).
fail() {
	echo "$(basename "$0" .sh): FAIL: $1" >&2
	exit "${2:-1}"
}

# A console log shows a kernel problem: a WARNING or BUG splat, an oops, a
# lockdep, KASAN, UBSAN or RCU report, a panic.  Lines the kernel prints
# between "libslab: expected report begin" and "... end" (printed by tests
# that provoke a slub_debug report on purpose) do not count, nor do the
# base64 lines of a dump after "libslab-dump: " (replacement-init.sh),
# whose letters could spell "Oops".  Nor do KFENCE's reports while the
# kernel's KUnit suite kfence (mm/kfence/kfence_test.c) runs, each from its
# "BUG: KFENCE:" line to its closing rule: the suite provokes them and
# captures the console: its cases match each report they provoke, and
# those that provoke none check that none came.  Prints the offending lines; returns 0 when the log
# is clean.
libslab_console_clean() {
	local log=$1 bad

	bad=$(awk '
		/libslab: expected report begin/ { expected++; next }
		/libslab: expected report end/ { if (expected) expected--; next }
		expected { next }
		/^ *# Subtest: kfence$/ { kfence_suite = 1 }
		/^(not )?ok [0-9]+ kfence$/ { kfence_suite = 0 }
		kfence_suite && /^BUG: KFENCE: / { kfence_report = 1 }
		kfence_report { if (/^=+$/) kfence_report = 0; next }
		/^libslab-dump: / { next }
		/WARNING:|BUG:|Oops|Kernel panic|general protection fault|kernel BUG|UBSAN:|KASAN:|possible recursive locking|inconsistent lock state|possible circular locking|lock held when returning|suspicious RCU usage|Bad page|bad page state|Call Trace:|INFO: task .* blocked|rcu_preempt detected stalls|BUG [^ ]* \(/ {
			print FILENAME ":" FNR ": " $0
		}' "$log")
	[ -z "$bad" ] && return 0
	echo "$bad" | head -40
	return 1
}

# libslab_note_console LOG: LOG is the console of a boot, whose KTAP case
# results run-kernel-tests.sh counts as checks: it names a list file in
# LIBSLAB_CONSOLE_LIST for each step; without one, nothing happens.
libslab_note_console() {
	if [ -n "${LIBSLAB_CONSOLE_LIST:-}" ]; then
		echo "$1" >> "$LIBSLAB_CONSOLE_LIST"
	fi
}

# The x86_64 kernel with the kernel's own SLUB (libslab not built in) that
# run-module.sh loads libslab into and run-oracle.sh runs the oracle on:
# kunit.py's QEMU base, kernel/configs/module-host.config and
# kernel/oracle/oracle.config, in $LIBSLAB_KERNEL_DIR/build-x86_64-module.
# Builds it or brings it up to date; its log goes to $1.
LIBSLAB_HOST_BUILD=${LIBSLAB_MODULE_BUILD_DIR:-$LIBSLAB_BASE/build-x86_64-module}
libslab_build_host_kernel() {
	libslab_build_oracle_kernel "$1" "$LIBSLAB_HOST_BUILD"
}

# The same kernel with Debian's slab hardening on top
# (kernel/oracle/oracle-hardening.config: random kmalloc copies, hardened
# and shuffled freelists, init_on_alloc by default), for the oracle's
# hardening run.  A kernel of its own, built on demand (run-oracle.sh
# --hardening), not by the test command: the first three are build-time.
LIBSLAB_HARDENING_BUILD=$LIBSLAB_BASE/build-x86_64-hardening

# libslab_build_oracle_kernel LOG BUILD_DIR [FRAGMENT]: build or bring up
# to date the host kernel in BUILD_DIR, FRAGMENT's options over the
# others (kunit.py refuses two kunitconfigs that disagree, but lets
# --kconfig_add override them); the log goes to LOG.
libslab_build_oracle_kernel() {
	local extra=() option

	if [ -n "${3:-}" ]; then
		while read -r option; do
			extra+=(--kconfig_add "$option")
		done < <(grep -v '^#' "$3" | grep .)
	fi
	python3 "$LIBSLAB_TREE/tools/testing/kunit/kunit.py" build --arch=x86_64 \
		--build_dir="$2" \
		--kunitconfig="$LIBSLAB_REPO/kernel/configs/module-host.config" \
		--kunitconfig="$LIBSLAB_REPO/kernel/oracle/oracle.config" "${extra[@]}" \
		--make_options "CC=$(libslab_kernel_cc)" --jobs="$LIBSLAB_JOBS" > "$1" 2>&1
}

# libslab_busybox ARCH: print the path of a static busybox for the kernel
# architecture ARCH.  x86_64's is the host's (busybox-static); arm64's is
# the same Debian package built for arm64, downloaded once with apt-get
# (its own package lists, the host's dpkg untouched) into
# $LIBSLAB_BASE/busybox-arm64.
libslab_busybox() {
	local dir deb log
	local apt=(apt-get -q -o APT::Architecture=arm64 -o APT::Architectures::=arm64
		-o Dir::State::status=/dev/null)

	case $1 in
	x86_64) echo /bin/busybox; return 0 ;;
	arm64) ;;
	*) fail "no static busybox for architecture $1" ;;
	esac
	dir=$LIBSLAB_BASE/busybox-arm64
	if [ ! -x "$dir/busybox" ]; then
		log=$dir/apt.log
		mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" || fail "mkdir $dir"
		apt+=(-o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache")
		{ "${apt[@]}" update && (cd "$dir" && "${apt[@]}" download busybox-static); } > "$log" 2>&1 ||
			fail "cannot download busybox-static for arm64 (log $log)"
		deb=$(ls "$dir"/busybox-static_*_arm64.deb) || fail "no busybox-static arm64 package in $dir"
		rm -rf "$dir/root" && dpkg-deb -x "$deb" "$dir/root" &&
			install -m 0755 "$dir/root/bin/busybox" "$dir/busybox" ||
			fail "cannot unpack $deb"
	fi
	echo "$dir/busybox"
}

