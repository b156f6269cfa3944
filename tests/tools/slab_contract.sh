#!/usr/bin/env bash
# kernel/scripts/slab-contract.sh on a fake kernel build dir made here:
# mm/slub.o and mm/slab_common.o define a few symbols, other objects (in a
# thin vmlinux.a as kbuild writes it, and one module) reference them.  The
# script must group the references by file, count each symbol once, mark
# kfree as having a counterpart in src/, leave out the pair's references to
# each other and the project's own objects, and fail clearly on a build
# dir that is not one.
#
# Usage: slab_contract.sh <slab-contract.sh> <work dir>
set -euo pipefail

script=$1
work=$2
cc=${CC:-cc}
for tool in "$cc" ar nm; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: no $tool"
		exit 77
	fi
done

rm -rf "$work"
b=$work/build
mkdir -p "$b/mm" "$b/fs" "$b/drivers" "$b/lib/libslab"

obj() {	# path, C source
	printf '%s\n' "$2" > "$b/${1%.o}.c"
	"$cc" -c -O0 -fno-common -o "$b/$1" "$b/${1%.o}.c"
}
obj mm/slub.o '
void kfree(const void *p) { (void)p; }
void *kmem_cache_free_noprof(void *s) { return s; }
void contract_test_only_fn(void) { }
static int local_fn(void) { return 0; }
int (*keep)(void) = local_fn;'
obj mm/slab_common.o '
void kfree(const void *p);
int __tracepoint_contract_test_event;
long contract_test_only_data[4];
void contract_test_unused(void) { }
void contract_test_pair(void) { kfree(0); }'
obj fs/a.o '
void kfree(const void *p);
void contract_test_only_fn(void);
extern int __tracepoint_contract_test_event;
void defined_elsewhere(void);
int a(void) { kfree(0); contract_test_only_fn(); defined_elsewhere();
	return __tracepoint_contract_test_event; }'
obj drivers/b.o '
void kfree(const void *p);
void *kmem_cache_free_noprof(void *s);
extern long contract_test_only_data[4];
void *b(void) { kfree(0); return kmem_cache_free_noprof(contract_test_only_data); }'
obj drivers/m.o '
void contract_test_only_fn(void);
void m(void) { contract_test_only_fn(); }'
mv "$b/drivers/m.o" "$b/drivers/m.ko"
echo drivers/m.o > "$b/modules.order"
obj lib/libslab/x.o '
void contract_test_pair(void);
void x(void) { contract_test_pair(); }'
(cd "$b" && ar cDPrST vmlinux.a mm/slub.o mm/slab_common.o fs/a.o drivers/b.o lib/libslab/x.o)

fail=0
check() {	# description, command...
	local what=$1
	shift
	if ! "$@"; then
		echo "FAIL: $what"
		fail=1
	fi
}

out=$(bash "$script" --no-source "$b")
printf '%s\n' "$out"

# One table row: the symbols a file references, in the order printed.
rows_of() {
	printf '%s\n' "$out" | awk -v f="$1" '
		/^== / { in_t = ($0 ~ /by referencing file/); next }
		in_t && /^[^ ]/ { cur = $1; next }
		in_t && /^    / && cur == f { printf "%s%s", sep, $1; sep = " " }
		END { print "" }'
}
check "fs/a.o's references" [ "$(rows_of fs/a.o)" = \
	"__tracepoint_contract_test_event contract_test_only_fn kfree" ]
check "drivers/b.o's references" [ "$(rows_of drivers/b.o)" = \
	"contract_test_only_data kfree kmem_cache_free_noprof" ]
check "the module's references" [ "$(rows_of drivers/m.ko)" = "contract_test_only_fn" ]
check "the pair's references to each other are left out" [ -z "$(rows_of mm/slab_common.o)" ]
check "the project's objects are not in the table" [ -z "$(rows_of lib/libslab/x.o)" ]
check "the project's objects are listed apart" \
	grep -qx '    lib/libslab/x.o: contract_test_pair' <<< "$out"
check "kfree has a counterpart in src/" \
	grep -qE '^    kfree +slub\.o +func +src(,map)?(,list)? +2 ' <<< "$out"
check "the _noprof note" \
	grep -qE '^    kmem_cache_free_noprof +slub\.o +func +- ~kmem_cache_free +1 ' <<< "$out"
check "a tracepoint is of kind trace" \
	grep -qE '^    __tracepoint_contract_test_event +slab_common\.o +trace +- ' <<< "$out"
check "the summary" grep -qx \
	'5 symbols referenced by 3 files, 1 with a counterpart, 4 missing.' <<< "$out"
check "the summary's counterparts" grep -qx \
	"With a counterpart: 1 defined in src/ under the kernel's very name," <<< "$out"
check "the summary's missing" grep -qx \
	'Missing: 1 with a counterpart without the _noprof suffix; 1 the' <<< "$out"
check "unreferenced symbols are not counted" \
	[ "$(grep -c contract_test_unused <<< "$out")" = 0 ]

# Bad build dirs fail with a message.
expect_fail() {	# description, expected message part, args...
	local what=$1 msg=$2 err rc=0
	shift 2
	err=$(bash "$script" "$@" 2>&1 >/dev/null) || rc=$?
	check "$what: exit status 1 (got $rc)" [ "$rc" = 1 ]
	check "$what: says '$msg' (said '$err')" grep -qF -- "$msg" <<< "$err"
}
expect_fail "no directory" "no such directory" "$work/none"
mkdir -p "$work/empty"
expect_fail "no objects" "no mm/slub.o" "$work/empty"
mkdir -p "$work/lto/mm"
printf 'BC\xc0\xde' > "$work/lto/mm/slub.o"
cp "$work/lto/mm/slub.o" "$work/lto/mm/slab_common.o"
expect_fail "bitcode objects" "not an ELF object" "$work/lto"
mkdir -p "$work/unlinked/mm"
cp "$b/mm/slub.o" "$b/mm/slab_common.o" "$work/unlinked/mm/"
expect_fail "no archive" "neither vmlinux.a nor built-in.a" "$work/unlinked"
expect_fail "not a source tree" "not a 6.12 source tree" "$b" "$work/empty"

[ "$fail" = 0 ] && echo "slab-contract.sh: grouping, counting and failures as expected"
exit "$fail"
