# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - what every ci-script shares.  Source it; it
#   - finds the repository (ICI_ROOT) from its own path, never from
#     CI_PROJECT_DIR, which gitlab-ci-local's shell executor fakes;
#   - resolves the runtime settings (the KCI_ variables of ICI_SETTINGS):
#     the last commit's message, then the environment (GitLab's pipeline,
#     project and YAML variables), then the defaults below;
#   - gives warnings their own exit code, ICI_WARNING_EXIT (101), which
#     the YAML maps to "allowed to fail": a job that only warns stays
#     green in the pipeline but shows as a warning;
#   - knows where a job's artifacts go (ICI_ARTIFACTS) and where ccache
#     lives.
# docs/ci.md documents every variable; tests/lint/ci_lint.py checks that.

ICI_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
ICI_WARNING_EXIT=101
ICI_WARNINGS=0

# shellcheck source=tests/packages.sh
. "$ICI_ROOT/tests/packages.sh"

# The runtime settings: name and default.  Only these may come from a
# commit message; the rest of the KCI_ variables (KCI_SCENARIO) are read
# when GitLab creates the pipeline, before any script runs.
ICI_SETTINGS=(
	"KCI_PATCH_SERIES_SIZE="
	"KCI_CHECKPATCH_OPTIONS="
	"KCI_BASE_COMMIT="
	"KCI_DEFCONFIG=defconfig"
	"KCI_KCONFIGS_ENABLE="
	"KCI_KCONFIGS_DISABLE="
	"KCI_KCONFIGS_MODULE="
	"KCI_KUNIT_OPTIONS="
	"KCI_MESON_OPTIONS="
	"KCI_MESON_TEST_ARGS="
	"KCI_BENCH_ROUNDS=5"
	"KCI_FUZZ_SECONDS=300"
	"KCI_JOBS="
	"KCI_CCACHE_DIR="
	"KCI_CCACHE_MAXSIZE=5G"
	"KCI_CACHE_UPDATE="
)

# Print a line that a GitLab log shows in yellow, and count it.
ici_warn() {
	printf '\033[33mWARNING: %s\033[0m\n' "$*" >&2
	ICI_WARNINGS=$((ICI_WARNINGS + 1))
}

# Print "<script>: FAIL: <message>" and exit 1.
ici_fail() {
	printf '\033[31m%s: FAIL: %s\033[0m\n' "$(basename "$0" .sh)" "$*" >&2
	exit 1
}

# End a job: 101 when it warned, 0 otherwise.
ici_finish() {
	if [ "$ICI_WARNINGS" -gt 0 ]; then
		echo "$(basename "$0" .sh): $ICI_WARNINGS warning(s); exit $ICI_WARNING_EXIT"
		exit "$ICI_WARNING_EXIT"
	fi
	echo "$(basename "$0" .sh): PASS"
	exit 0
}

# Open and close a collapsible section of a GitLab job log.
ici_section_start() {
	printf '\033[0Ksection_start:%s:%s[collapsed=true]\r\033[0K%s\n' \
		"$(date +%s)" "$1" "$2"
}
ici_section_end() {
	printf '\033[0Ksection_end:%s:%s\r\033[0K\n' "$(date +%s)" "$1"
}

# The settings the last commit's message gives: the lines "NAME=value",
# NAME a KCI_ variable, after a line "---" (git am drops what follows it,
# so they never reach the history of a tree the patches are applied to).
# Read only inside a pipeline (CI=true), so that running a script by hand,
# or .ci/run, does not depend on what the last commit says.  Prints
# "NAME=value" lines.
ici_commit_settings() {
	[ "${CI:-}" = true ] || return 0
	git -C "$ICI_ROOT" log -1 --format=%B 2>/dev/null |
		sed -n '/^---[[:space:]]*$/,$p' |
		sed -nE 's/^[[:space:]]*(KCI_[A-Z0-9_]+)=(.*[^[:space:]]|)[[:space:]]*$/\1=\2/p'
}

# Resolve every runtime setting into the environment and print where each
# value came from.  A commit-message line naming a variable that is not a
# runtime setting is a warning: it would otherwise be silently ignored.
ici_load_settings() {
	local entry name value from known line
	declare -A commit=()

	while IFS= read -r line; do
		[ -n "$line" ] || continue
		name=${line%%=*}
		value=${line#*=}
		# Values may be quoted, as in a shell assignment.
		value=${value#[\"\']}
		value=${value%[\"\']}
		known=0
		for entry in "${ICI_SETTINGS[@]}"; do
			[ "${entry%%=*}" = "$name" ] && known=1
		done
		if [ $known = 0 ]; then
			ici_warn "the commit message sets $name, which is not a runtime setting (docs/ci.md): ignored"
			continue
		fi
		commit[$name]=$value
	done < <(ici_commit_settings)

	ici_section_start settings "Settings"
	for entry in "${ICI_SETTINGS[@]}"; do
		name=${entry%%=*}
		if [ -n "${commit[$name]+set}" ]; then
			value=${commit[$name]}
			from="commit message"
		elif [ -n "${!name:-}" ]; then
			value=${!name}
			from=environment
		else
			value=${entry#*=}
			from=default
			[ "$name" = KCI_JOBS ] && value=$(nproc)
		fi
		export "$name=$value"
		printf '  %-24s %-16s %s\n' "$name" "($from)" "$value"
	done
	ici_section_end settings

	export LIBSLAB_JOBS=$KCI_JOBS
	ici_setup_ccache
}

# ccache: KCI_CCACHE_DIR, else inside the checkout when this is GitLab's own
# checkout (GitLab caches only paths under the project directory), else
# the directory .ci/run uses, so local runs share one cache.
ici_setup_ccache() {
	if [ -n "$KCI_CCACHE_DIR" ]; then
		CCACHE_DIR=$KCI_CCACHE_DIR
	elif [ -n "${CI_PROJECT_DIR:-}" ] &&
		[ "$(cd "$CI_PROJECT_DIR" 2>/dev/null && pwd)" = "$ICI_ROOT" ]; then
		CCACHE_DIR=$ICI_ROOT/.ccache
	fi
	export CCACHE_DIR
	mkdir -p "$CCACHE_DIR"
	command -v ccache >/dev/null 2>&1 && ccache -M "$KCI_CCACHE_MAXSIZE" >/dev/null
	return 0
}

# The directory a job keeps its artifacts in (the YAML uploads build/artifacts/).
ici_artifacts() {
	ICI_ARTIFACTS=$ICI_ROOT/build/artifacts/$1
	mkdir -p "$ICI_ARTIFACTS"
}

# The commit the branch's own changes start after, for the checks that look
# only at changed lines, into ICI_BASE_COMMIT: KCI_BASE_COMMIT; else a merge
# request's base; else the merge base with the default branch; else, on the
# default branch itself, the commit before the push, or the last commit.
# Warns and takes the last commit alone when none of these can be found.
ici_find_base_commit() {
	local branch=${CI_DEFAULT_BRANCH:-main} head

	ICI_BASE_COMMIT=${KCI_BASE_COMMIT:-}
	head=$(git -C "$ICI_ROOT" rev-parse HEAD)
	if [ -z "$ICI_BASE_COMMIT" ] && [ -n "${CI_MERGE_REQUEST_DIFF_BASE_SHA:-}" ]; then
		ICI_BASE_COMMIT=$CI_MERGE_REQUEST_DIFF_BASE_SHA
	fi
	if [ -z "$ICI_BASE_COMMIT" ] &&
		git -C "$ICI_ROOT" rev-parse -q --verify "origin/$branch" >/dev/null; then
		ICI_BASE_COMMIT=$(git -C "$ICI_ROOT" merge-base HEAD "origin/$branch")
		if [ "$ICI_BASE_COMMIT" = "$head" ]; then
			case ${CI_COMMIT_BEFORE_SHA:-} in
			'' | 0000000000000000000000000000000000000000) ICI_BASE_COMMIT=HEAD~1 ;;
			*) ICI_BASE_COMMIT=$CI_COMMIT_BEFORE_SHA ;;
			esac
		fi
	fi
	if [ -z "$ICI_BASE_COMMIT" ]; then
		ici_warn "cannot tell where this branch starts (no KCI_BASE_COMMIT, no merge request, no origin/$branch): checking the last commit only"
		ICI_BASE_COMMIT=HEAD~1
	fi
	git -C "$ICI_ROOT" rev-parse -q --verify "$ICI_BASE_COMMIT^{commit}" >/dev/null ||
		ici_fail "base commit '$ICI_BASE_COMMIT' is not in this checkout (a shallow clone? raise GIT_DEPTH)"
	echo "base commit: $(git -C "$ICI_ROOT" log -1 --format='%h %s' "$ICI_BASE_COMMIT")"
}

# The arguments "[--cc gcc|clang] VARIANT [MORE...]" of the userspace
# scripts, into ICI_CC, ICI_VARIANT and ICI_ARGS; $1 is the usage line.
# shellcheck disable=SC2034 # the scripts that call it use them
ici_userspace_args() {
	local usage=$1

	shift
	ICI_CC=gcc
	if [ "${1:-}" = --cc ]; then
		[ $# -ge 2 ] || ici_fail "$usage"
		ICI_CC=$2
		shift 2
	fi
	[ $# -ge 1 ] || ici_fail "$usage"
	ICI_VARIANT=$1
	ICI_ARGS=("${@:2}")
}

# The meson build directory of compiler $1 (gcc, clang) and variant $2.
ici_userspace_dir() {
	if [ "$1" = gcc ]; then
		echo "$ICI_ROOT/build/$2"
	else
		echo "$ICI_ROOT/build/$1-$2"
	fi
}

# Configure and build the userspace library and its tests with compiler $1
# and variant $2: default (meson's debugoptimized), release, debug, asan
# (ASan+UBSan), tsan, drd (annotated for valgrind's DRD); KCI_MESON_OPTIONS
# is added last.  The job holds the build directory until it ends, so that
# jobs sharing one checkout (gitlab-ci-local's shell executor) take turns.
ici_userspace_build() {
	local cc=$1 variant=$2 dir options=()

	dir=$(ici_userspace_dir "$cc" "$variant")
	mkdir -p "$ICI_ROOT/build"
	exec {ICI_BUILD_LOCK}> "$dir.lock"
	flock "$ICI_BUILD_LOCK"
	case $variant in
	default) ;;
	release | debug) options+=(--buildtype="$variant") ;;
	asan) options+=("-Db_sanitize=address,undefined" -Db_lundef=false) ;;
	tsan) options+=(-Db_sanitize=thread -Db_lundef=false) ;;
	drd) options+=(-Ddrd=true) ;;
	*) ici_fail "unknown userspace variant '$variant' (default release debug asan tsan drd)" ;;
	esac
	case $cc in
	gcc | clang) ;;
	*) ici_fail "unknown compiler '$cc' (gcc clang)" ;;
	esac
	# shellcheck disable=SC2086 # KCI_MESON_OPTIONS is a list of options
	CC=$cc libslab_meson_setup "$dir" "$ICI_ROOT" "${options[@]}" $KCI_MESON_OPTIONS &&
		meson compile -C "$dir" -j "$KCI_JOBS"
}

# The tag of the pipeline's image: what it is made of, hashed.  The YAML's
# ICI_IMAGE_TAG must equal it (tests/lint/ci_lint.py checks that).
ici_image_tag() {
	echo "bookworm-$(cat "$ICI_ROOT/ci/gitlab-ci/container/Dockerfile" \
		"$ICI_ROOT/tests/packages.sh" | sha256sum | cut -c1-12)"
}

# A clang build directory, build/$1, configured but not built, for a tool
# that reads its compile_commands.json (cppcheck, clang-tidy): one each, so
# that the two can run at once.  Prints its path.
ici_compile_commands() {
	local dir=$ICI_ROOT/build/$1

	CC=clang libslab_meson_setup "$dir" "$ICI_ROOT" >/dev/null ||
		ici_fail "meson setup of $dir failed"
	echo "$dir"
}

# Sort the "file:line:col: severity: message" reports of tool $1 from its
# raw output $2 (paths absolute, or relative to its build directory
# build/$1) into $ICI_ARTIFACTS/$1.txt and print them.  A report of
# severity error fails the job; any other makes it warn.
ici_tool_reports() {
	local tool=$1 raw=$2 report=$ICI_ARTIFACTS/$1.txt errors others

	grep -E '^[^ ]+:[0-9]+:[0-9]+: [a-z]+: ' "$raw" |
		sed "s|^$ICI_ROOT/||; s|^build/$tool/||; s|^\.\./\.\./||" | sort -u > "$report" || true
	cat "$report"
	errors=$(grep -c ': error: ' "$report" || true)
	others=$(($(wc -l < "$report") - errors))
	echo "$tool: $errors errors, $others other reports (all of its output: $raw)"
	[ "$errors" -eq 0 ] || ici_fail "$tool: $errors error(s)"
	[ "$others" -eq 0 ] || ici_warn "$tool: $others report(s) below the severity error"
	return 0
}

# The kernel side: kernel/scripts/common.sh's paths (the series tree, build
# trees and logs under LIBSLAB_KERNEL_DIR) and the series itself, made or
# refreshed by make-series.sh and kept as an artifact.  Jobs sharing one
# machine take turns at making it; their builds then read the tree at once.
ici_kernel_series() {
	# shellcheck source=kernel/scripts/common.sh
	. "$ICI_ROOT/kernel/scripts/common.sh"
	flock "$LIBSLAB_BASE/series.lock" \
		"$ICI_ROOT/kernel/scripts/make-series.sh" --out "$ICI_ROOT/build/kernel-series" ||
		ici_fail "make-series.sh could not make the series"
	export LIBSLAB_SERIES_READY=1
	cp -r "$ICI_ROOT/build/kernel-series" "$ICI_ARTIFACTS/"
}

# Kernel architecture $1: its cross-compiler prefix and image target.
# 32-bit arm is not among them: the core needs a double-word cmpxchg of two
# 64-bit words and its Kconfig depends on 64BIT (docs/ci.md).
ici_kernel_arch() {
	# shellcheck disable=SC2034 # the callers use them
	case $1 in
	x86_64) ICI_CROSS="" ICI_IMAGE_TARGET=bzImage ;;
	arm64) ICI_CROSS=aarch64-linux-gnu- ICI_IMAGE_TARGET=Image ;;
	*) ici_fail "unsupported kernel architecture '$1' (x86_64, arm64)" ;;
	esac
}

# Configure the series tree for architecture $1 in its own build tree
# (ICI_KBUILD): KCI_DEFCONFIG, then kernel/configs/libslab.config, then the
# symbols KCI_KCONFIGS_ENABLE, _MODULE and _DISABLE name (with or without
# CONFIG_), merged by the kernel's merge_config.sh.  A requested symbol that
# olddefconfig drops (an unmet dependency) is a warning.  Leaves the make
# command line in ICI_KMAKE.
ici_kernel_configure() {
	local arch=$1 sym want got fragment

	ici_kernel_arch "$arch"
	ICI_KBUILD=$LIBSLAB_BASE/build-ci-$arch
	mkdir -p "$ICI_KBUILD"
	ICI_KMAKE=(make -C "$LIBSLAB_TREE" O="$ICI_KBUILD" ARCH="$arch"
		CROSS_COMPILE="$ICI_CROSS" CC="$(libslab_kernel_cc "$ICI_CROSS")" -j"$KCI_JOBS")
	fragment=$ICI_KBUILD/kci-fragment.config
	{
		for sym in $KCI_KCONFIGS_ENABLE; do echo "CONFIG_${sym#CONFIG_}=y"; done
		for sym in $KCI_KCONFIGS_MODULE; do echo "CONFIG_${sym#CONFIG_}=m"; done
		for sym in $KCI_KCONFIGS_DISABLE; do echo "# CONFIG_${sym#CONFIG_} is not set"; done
	} > "$fragment"

	"${ICI_KMAKE[@]}" -s "$KCI_DEFCONFIG" || ici_fail "make $KCI_DEFCONFIG for $arch"
	"$LIBSLAB_TREE/scripts/kconfig/merge_config.sh" -m -O "$ICI_KBUILD" "$ICI_KBUILD/.config" \
		"$ICI_ROOT/kernel/configs/libslab.config" "$fragment" > "$ICI_KBUILD/merge_config.log" ||
		ici_fail "merge_config.sh (log $ICI_KBUILD/merge_config.log)"
	"${ICI_KMAKE[@]}" -s olddefconfig || ici_fail "make olddefconfig for $arch"
	while read -r want; do
		sym=${want%%=*}
		case $want in
		"# "*) sym=${want#\# }; sym=${sym%% *}; want="# $sym is not set" ;;
		esac
		got=$(grep -E "^$sym=|^# $sym is not set" "$ICI_KBUILD/.config" || echo "# $sym is not set")
		[ "$got" = "$want" ] ||
			ici_warn "$want was asked for, but the configuration has '$got' (a dependency is missing?)"
	done < <(grep -hE '^CONFIG_|^# CONFIG_' "$ICI_ROOT/kernel/configs/libslab.config" "$fragment" |
		awk '{ s = $0; sub(/^# /, "", s); sub(/[= ].*/, "", s); last[s] = $0 }
			END { for (s in last) print last[s] }')
	cp "$ICI_KBUILD/.config" "$ICI_ARTIFACTS/config-$arch"
}

# Copy the newest kernel/scripts log named by the glob $1 to the artifacts.
ici_keep_newest_log() {
	local log

	log=$(find "$LIBSLAB_LOGDIR" -maxdepth 1 -name "$1" -printf '%T@ %p\n' 2>/dev/null |
		sort -n | tail -1 | cut -d' ' -f2-)
	[ -n "$log" ] && cp "$log" "$ICI_ARTIFACTS/"
	return 0
}

cd "$ICI_ROOT" || exit 1
