#!/usr/bin/env bash
# The kernel's own lib/ files and their tests, taken unmodified from the
# linux-source-6.12 tarball and built as a kernel developer builds a
# program against libslab: with only the installed headers and
# "pkg-config libslab-module" (the library, and main() of a program that
# is a kernel module: module parameters, module_init, the KUnit suites,
# module_exit).  Each program is built twice, against an installed plain
# build run under valgrind and against an installed ASan+UBSan build run
# as is, and must pass its own checks, with the counts pinned below, and
# no report from either tool.  Prints a table: program, the files it is
# built from, its test counts, the time of each run, and the verdict.
# Each program under each tool is one check; the last line on stdout is
# "N passed, N failed, N skipped".  Exits 1 if a check failed, 2 on bad
# usage.  docs/linux-tools.md, "The kernel's lib/ files", says how to
# add a file.
#
# Usage: bash tests/linux-tools/run-lib-files.sh [options]
#   --only NAME      build and run only program NAME (repeat for several).
#   --build DIR      a meson build directory of this worktree to install
#                    the plain library from (default: DIR/libslab-plain,
#                    set up and built here).
#   --asan-build DIR the same for the ASan+UBSan library, a build set up
#                    with -Db_sanitize=address,undefined (default:
#                    DIR/libslab-asan, set up and built here).
#   --dir DIR        work directory, reused between runs
#                    (default /var/tmp/lib-files).
#   --tarball PATH   the Linux source (default /usr/src/linux-source-6.12.tar.xz).
#   --jobs N         ninja -j for the library builds (default 2).
#   --list           print the programs and their files, and exit.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/tests/linux-tools"
dir=/var/tmp/lib-files
tarball=/usr/src/linux-source-6.12.tar.xz
jobs=2
plain_build=
asan_build=
only=()
list=0

# The programs: name; the lib/ files it is built from (NAME for
# lib/NAME.c; a header NAME.h, relative to lib/, is extracted, not
# compiled: a lib/ file includes it by a relative path); extra compiler
# flags (a Kconfig option the file needs); its kind, which says how its
# output is judged, with the counts each test gives of itself pinned:
#   kunit:P:S      KUnit suites: exit 0 and "# Totals: pass:P fail:0
#                  skip:S" (the runner checks it too: kunit.expect=)
#   build          a file lib/ has no test for: it must build and link
#                  (every symbol it uses defined), and the program,
#                  which loads a module with no init, must exit 0
#   module:E:N:TEXT  module_init() returns -E (0: it loads; else the
#                  test unloads itself by failing, by design) and
#                  exactly N lines of the output hold TEXT, the test's
#                  own success line or count ("IDA: 147357 of 147357
#                  tests passed" once; rbtree's 6 " -> test " lines)
# its arguments (module parameters); and, optional, an extended regular
# expression of the lines by which the test says it failed without
# failing its init (test_rhashtable's "Test failed: ...", a leak that
# test_objpool's memory summary shows).  Every kind also fails on a
# WARNING or BUG line: the kernel tests check with WARN_ON and BUG_ON.
# test_rhashtable runs smaller than its defaults (50000 objects, 4 runs)
# to keep valgrind's time short, and with its table sized for them
# (size=): a resize still running when its first walk begins makes the
# walk start again and count objects twice ("Info: encountered resize",
# then "Test failed: Total count mismatch"), a race of the test's own
# that a slower machine, or valgrind's one thread at a time, runs into;
# its rhltable and duplicate tests still grow their tables.
# test_ida's init returns -EINVAL when every check passed (and 0, which
# loads it, when one failed), after printing how many did; it is built
# with __KERNEL__, which kbuild defines, as its ida_dump() needs.
# test_bitmap's test_bitmap_const_eval() asserts at build time that
# bitmap operations on local words fold to constants; GCC's ASan
# use-after-scope instrumentation of those locals, with UBSan, stops
# the folding (as the kernel's Makefile turns GCOV off for the file
# under clang and KASAN), so that check alone is off for it.
programs=(
	"list_sort|list_sort test_list_sort||kunit:1:0|"
	"sort|sort test_sort||kunit:1:0|"
	"hashtable_test|hashtable_test||kunit:9:0|"
	"rbtree|rbtree rbtree_test||module:11:6: -> test |"
	"interval_tree|rbtree interval_tree interval_tree_test||module:11:1:(2692 results)|"
	"list-test|list-test klist||kunit:65:0|"
	"plist|plist|-DCONFIG_DEBUG_PLIST|module:0:1:end plist test|"
	"test_min_heap|test_min_heap||module:0:1:test passed|"
	"llist|llist||build|"
	"test_bitmap|bitmap find_bit bitmap-str kstrtox kasprintf kstrtox.h ../tools/testing/selftests/kselftest_module.h test_bitmap|-fno-sanitize-address-use-after-scope|module:0:1:all 390447 tests passed|"
	"kfifo|kfifo||build|"
	"genalloc|bitmap find_bit genalloc||build|"
	"test_objpool|objpool test_objpool||module:11:10:hits:||: [0-9]+ - [0-9]+ = [1-9]"
	"test_ida|bitmap find_bit xarray radix-tree idr radix-tree.h test_ida|-D__KERNEL__|module:22:1:IDA: 147357 of 147357 tests passed|"
	"test_rhashtable|rhashtable test_rhashtable||module:0:1:Started 10 threads, 0 failed, rhltable test returns 0|parm_entries=4000 runs=2 size=4000|Test failed|YES, failed|\\]: .*failed|found unexpected|not found!|wrong object"
)

die() {
	echo "run-lib-files.sh: $*" >&2
	exit 2
}

# The path under the source tree of FILES entry $1: NAME is lib/NAME.c,
# a header (NAME.h, relative to lib/, like "../tools/x.h") is itself.
tree_path() {
	case "$1" in
	*.h) realpath -m -s "/lib/$1" | sed 's|^/||' ;;
	*) echo "lib/$1.c" ;;
	esac
}

# The field $2 (1-based) of program line $1; the last one (6), the
# failure expression, runs to the end of the line and may hold '|'.
field() {
	if [ "$2" = 6 ]; then
		cut -d'|' -f6- <<<"$1"
	else
		cut -d'|' -f"$2" <<<"$1"
	fi
}

all_names() {
	local p

	for p in "${programs[@]}"; do field "$p" 1; done
}

while [ $# -gt 0 ]; do
	case "$1" in
	--only)
		[ $# -ge 2 ] || die "--only needs a program name"
		grep -qx -- "$2" <<<"$(all_names)" ||
			die "unknown program '$2' (one of: $(all_names | paste -sd' ' -))"
		only+=("$2")
		shift 2
		;;
	--build | --asan-build | --dir | --tarball)
		[ $# -ge 2 ] || die "$1 needs a value"
		case "$1" in
		--build) plain_build=$2 ;;
		--asan-build) asan_build=$2 ;;
		--dir) dir=$2 ;;
		--tarball) tarball=$2 ;;
		esac
		shift 2
		;;
	--jobs)
		[ $# -ge 2 ] || die "--jobs needs a value"
		[[ "$2" =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a number of at least 1, not '$2'"
		jobs=$2
		shift 2
		;;
	--list)
		list=1
		shift
		;;
	-h | --help)
		sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
		exit 0
		;;
	*)
		die "unknown argument '$1' (try --help)"
		;;
	esac
done
if [ "$list" = 1 ]; then
	for p in "${programs[@]}"; do
		printf '%-16s %s\n' "$(field "$p" 1)" \
			"$(for f in $(field "$p" 2); do tree_path "$f"; done | paste -sd' ' -)"
	done
	exit 0
fi
[ -r "$tarball" ] || die "cannot read the Linux source tarball $tarball"
for b in "$plain_build" "$asan_build"; do
	[ -z "$b" ] || [ -f "$b/build.ninja" ] || die "$b is not a meson build directory"
done
mkdir -p "$dir" || die "cannot create $dir"
dir="$(cd "$dir" && pwd)"
src="$dir/src/lib"
logs="$dir/logs"

# Progress goes to stderr; the table is the only thing on stdout.
note() {
	echo "== $*" >&2
}

# The files of every program, from the tarball, once per tarball, into
# DIR/src as they lie in the tree (a header a file includes by a relative
# path, like test_bitmap.c's "../tools/...", is found there).
extract_files() {
	local p f want=()

	for p in "${programs[@]}"; do
		for f in $(field "$p" 2); do want+=("linux-source-6.12/$(tree_path "$f")"); done
	done
	mapfile -t want < <(printf '%s\n' "${want[@]}" | sort -u)
	if [ -f "$dir/src/.files" ] &&
		[ "$(cat "$dir/src/.files")" = "$(stat -c %Y "$tarball") ${want[*]}" ]; then
		return
	fi
	note "extracting ${#want[@]} files from $tarball"
	rm -rf "$dir/src"
	mkdir -p "$dir/src"
	tar -xJf "$tarball" -C "$dir/src" --strip-components=1 "${want[@]}"
	echo "$(stat -c %Y "$tarball") ${want[*]}" >"$dir/src/.files"
}

# Install meson build $2 (set up and built in DIR/libslab-$1 if empty)
# into DIR/install-$1; prints the prefix it landed under.
install_library() {
	local variant=$1 build=$2 dest="$dir/install-$1" pc
	local -a options=()

	if [ -z "$build" ]; then
		build="$dir/libslab-$variant"
		[ "$variant" = asan ] && options=("-Db_sanitize=address,undefined" -Db_lundef=false)
		# Reconfigured each time: the installed headers are the list
		# of the shim's headers when meson last ran.
		note "setting up the $variant library in $build"
		if [ -f "$build/build.ninja" ]; then
			meson setup --reconfigure "$build" "$root" >&2
		else
			meson setup "$build" "$root" -Dtests=false "${options[@]}" >&2
		fi
		note "building the $variant library in $build"
		ninja -C "$build" -j"$jobs" >&2
	fi
	rm -rf "$dest"
	meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >&2
	pc=$(find "$dest" -name libslab-module.pc -path '*/pkgconfig/*' | head -n 1)
	[ -n "$pc" ] || { echo "run-lib-files.sh: $build installs no libslab-module.pc" >&2; exit 1; }
	echo "$dest$(sed -n 's/^prefix=//p' "$pc")"
}

# pkg-config on the library installed under prefix $1.
pkgconf() {
	local prefix=$1

	shift
	PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name libslab-module.pc | head -n 1)") \
		pkg-config --define-variable=prefix="$prefix" "$@"
}

# Build program line $1 against the library installed under prefix $2
# into $3; the compiler's output goes to $3.build.log.
build_program() {
	local line=$1 prefix=$2 out=$3 f libdir
	local -a sources=() cflags libs extra

	for f in $(field "$line" 2); do
		[[ "$f" == *.h ]] || sources+=("$src/$f.c")
	done
	read -r -a extra <<<"$(field "$line" 3)"
	read -r -a cflags <<<"$(pkgconf "$prefix" --cflags libslab-module)"
	read -r -a libs <<<"$(pkgconf "$prefix" --libs libslab-module)"
	libdir=$(pkgconf "$prefix" --variable=libdir libslab)
	# The code generation flags of the kernel's Makefile (signed overflow
	# wraps: lib/test_sort.c's generator relies on it).  Warnings as its
	# W=0 build has them, but a function used undeclared is an error: the
	# header that should declare it is missing.  KBUILD_MODNAME is the
	# program's name, as kbuild names a module's objects after it, and
	# the attribute names (noinline...) are force-included as kbuild
	# force-includes them (<linux/compiler_attributes.h>).
	cc -O2 -g -fno-strict-aliasing -fno-strict-overflow -fno-delete-null-pointer-checks \
		-DKBUILD_MODNAME="\"$(field "$line" 1)\"" -include linux/compiler_attributes.h \
		-Wall -Wno-unused-function -Wno-pointer-sign -Werror=implicit-function-declaration \
		-Werror=incompatible-pointer-types "${extra[@]}" "${cflags[@]}" \
		"${sources[@]}" -o "$out" "${libs[@]}" -Wl,-rpath,"$libdir" \
		>"$out.build.log" 2>&1
}

# Run program $2 of line $1 under tool $3 (valgrind or asan), logging to
# $4; prints the exit status and seconds.
run_program() {
	local line=$1 exe=$2 tool=$3 log=$4 start end rc=0
	local -a args wrapper=()

	read -r -a args <<<"$(field "$line" 5) $(kind_args "$(field "$line" 4)")"
	# valgrind's own status (99) tells its reports from the program's failures.
	[ "$tool" = valgrind ] && wrapper=(valgrind --error-exitcode=99 --leak-check=full --quiet
		--suppressions="$here/lib-files.supp")
	start=$(date +%s.%N)
	# A program that hangs fails (timeout's status 124) instead of
	# holding up the test command.
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		timeout --kill-after=10 300 "${wrapper[@]}" "$exe" "${args[@]}" >"$log" 2>&1 || rc=$?
	end=$(date +%s.%N)
	echo "$rc $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
}

# The test counts of log $2 of a program of kind $1.
counts() {
	case "$1" in
	kunit:*) grep -Eo '^# Totals: .*' "$2" | sed 's/^# Totals: //' || echo "no totals" ;;
	module:*)
		# A kselftest module (tools/testing/selftests/kselftest_module.h)
		# reports its count.
		grep -Eo 'returned -[0-9]+' "$2" | sed 's/returned/init/' ||
			grep -Eo '(all|remaining) [0-9]+ tests passed|failed [0-9]+ out of [0-9]+ tests' "$2" ||
			echo "init 0"
		;;
	build) echo "no test in lib/" ;;
	esac
}

# The arguments the runner adds for kind $1: a KUnit program's pinned
# counts, which its main() checks (kunit.expect=, docs/linux-tools.md).
kind_args() {
	case "$1" in
	kunit:*) echo "kunit.expect=pass:$(cut -d: -f2 <<<"$1"),fail:0,skip:$(cut -d: -f3 <<<"$1")" ;;
	esac
}

# 0 if the run of kind $1 that exited $2 with log $3 passed by its own
# account, with the counts its kind pins (no line of it matching the
# expression $4, if any), and with no tool report.
passed() {
	local kind=$1 rc=$2 log=$3 failure=$4 errno lines text pass skip

	# A test that triggers warnings on purpose brackets them between
	# "vvv Ignore ..." and "^^^ ..." lines (test_ida's frees of IDs it
	# does not own): those WARNINGs alone are not failures.
	! sed '/^vvv Ignore/,/^^^^ /{/^WARNING/d}' "$log" |
		grep -Eq '^(WARNING|BUG|kernel BUG)|ERROR: (Address|Leak)Sanitizer|runtime error:' || return 1
	[ -z "$failure" ] || ! grep -Eq -- "$failure" "$log" || return 1
	case "$kind" in
	kunit:*)
		pass=$(cut -d: -f2 <<<"$kind")
		skip=$(cut -d: -f3 <<<"$kind")
		[ "$rc" = 0 ] &&
			grep -qx -- "# Totals: pass:$pass fail:0 skip:$skip total:$((pass + skip))" "$log"
		;;
	build)
		[ "$rc" = 0 ]
		;;
	module:*)
		errno=$(cut -d: -f2 <<<"$kind")
		lines=$(cut -d: -f3 <<<"$kind")
		text=$(cut -d: -f4- <<<"$kind")
		if [ "$errno" = 0 ]; then
			[ "$rc" = 0 ] || return 1
		else
			[ "$rc" = 1 ] && grep -q "returned -$errno " "$log" || return 1
		fi
		[ "$(grep -cF -- "$text" "$log")" = "$lines" ]
		;;
	esac
}

extract_files
mkdir -p "$logs" "$dir/bin"
plain_prefix=$(install_library plain "$plain_build")
asan_prefix=$(install_library asan "$asan_build")

passes=0 failures=0
printf '%-16s %-44s %-40s %9s %7s  %s\n' program "lib/ files" "test counts" valgrind asan verdict
for line in "${programs[@]}"; do
	name=$(field "$line" 1)
	if [ ${#only[@]} -gt 0 ] && ! grep -qx -- "$name" <<<"$(printf '%s\n' "${only[@]}")"; then
		continue
	fi
	kind=$(field "$line" 4)
	verdict=PASS
	cells=()
	count=
	for tool in valgrind asan; do
		prefix=$plain_prefix
		[ "$tool" = asan ] && prefix=$asan_prefix
		exe="$dir/bin/$name-$tool"
		log="$logs/$name-$tool.log"
		note "building and running $name ($tool)"
		if ! build_program "$line" "$prefix" "$exe"; then
			[ "$verdict" = PASS ] && verdict="FAIL ($tool build, see $exe.build.log)"
			failures=$((failures + 1))
			cells+=("-")
			continue
		fi
		read -r rc secs <<<"$(run_program "$line" "$exe" "$tool" "$log")"
		cells+=("${secs}s")
		[ -n "$count" ] || count=$(counts "$kind" "$log" | head -n 1)
		if passed "$kind" "$rc" "$log" "$(field "$line" 6)"; then
			passes=$((passes + 1))
		else
			[ "$verdict" = PASS ] && verdict="FAIL ($tool exit $rc, see $log)"
			failures=$((failures + 1))
		fi
	done
	printf '%-16s %-44s %-40s %9s %7s  %s\n' "$name" "$(field "$line" 2)" "$count" \
		"${cells[0]}" "${cells[1]}" "$verdict"
done
echo "logs: $logs"
# Every program runs under both tools here: no check is ever skipped.
echo "$passes passed, $failures failed, 0 skipped"
[ "$failures" = 0 ]
