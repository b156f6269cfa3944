#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A program outside the source tree builds against the installed tree
# with nothing but pkg-config (PKG_CONFIG_PATH, as for a custom prefix)
# and runs: kernel API from <linux/slab.h>, libslab's leak check from
# <linux/libslab.h>, with libslab and with libslab-tiny.  Each library's
# Cflags give the headers that library's configuration (its
# <libslab_autoconf.h>): SLUB_TINY for libslab-tiny only, the simulation's
# hooks for all but libslab-fast.  The rest of what a user needs is there
# too: slabsim runs, the man pages and the valgrind suppressions that
# pkg-config names exist.
#
# A sanitizer build's program is built only with the compiler that built
# the library: each compiler has its own sanitizer runtime.
#
# Usage: check_pkgconfig.sh <build directory> <compiler that built it>
. "$(dirname "$0")/install_tree.sh"

if sanitizer_build; then
	COMPILERS=("$2")
fi

cat > prog.c <<'CODE'
#include <stdio.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/libslab.h>

struct thing {
	int id;
	char name[32];
};

int main(void)
{
	struct kmem_cache *cache = KMEM_CACHE(thing, SLAB_HWCACHE_ALIGN);
	struct thing *t = kmem_cache_zalloc(cache, GFP_KERNEL);
	char *buf = kmalloc(100, GFP_KERNEL);

	if (!cache || !t || !buf || t->id || ksize(buf) != 128)
		return 1;
	strcpy(buf, "hello");
	kfree(buf);
	kmem_cache_free(cache, t);
	kmem_cache_destroy(cache);
	/* 0: nothing leaked (the kmalloc leak check) */
	printf("libslab_exit %d\n", libslab_exit());
	return 0;
}
CODE

for lib in libslab libslab-tiny; do
	for c in "${COMPILERS[@]}"; do
		# shellcheck disable=SC2046
		"$c" -o "prog-$lib-$c" prog.c $(pkgconf --cflags --libs "$lib") ||
			fail "$c cannot build a program with pkg-config's flags for $lib"
		libdir=$(pkgconf --variable=libdir "$lib")
		out=$(env -u LIBSLAB_CMDLINE LD_LIBRARY_PATH="$libdir" "./prog-$lib-$c") ||
			fail "the $lib program built by $c exits $?"
		[ "$out" = "libslab_exit 0" ] || fail "$lib, $c: printed '$out', not 'libslab_exit 0'"
		# The library it ran with is the installed one.
		LD_LIBRARY_PATH="$libdir" ldd "./prog-$lib-$c" | grep -F "$libdir/$lib.so" > /dev/null ||
			fail "$lib, $c: the program does not load $libdir/$lib.so"
	done
done
echo "a program built with pkg-config against libslab and libslab-tiny, with ${COMPILERS[*]}, runs and leaks nothing"

# "<library> <1 if CONFIG_LIBSLAB_TINY> <1 if CONFIG_LIBSLAB_SIM_HOOKS>"
printf '#include <linux/slab.h>\nTINY=IS_ENABLED(CONFIG_LIBSLAB_TINY) HOOKS=IS_ENABLED(CONFIG_LIBSLAB_SIM_HOOKS)\n' > config.c
for want in "libslab 0 1" "libslab-tiny 1 1" "libslab-fast 0 0"; do
	read -r lib tiny hooks <<< "$want"
	# shellcheck disable=SC2046
	got=$("${COMPILERS[0]}" -E -P config.c $(pkgconf --cflags "$lib") | grep '^TINY=') ||
		fail "${COMPILERS[0]} cannot preprocess <linux/slab.h> with pkg-config's flags for $lib"
	[ "$got" = "TINY=$tiny HOOKS=$hooks" ] ||
		fail "$lib's Cflags give the headers $got, not TINY=$tiny HOOKS=$hooks"
done
echo "libslab, libslab-tiny and libslab-fast each give the headers their own configuration"

supp=$(pkgconf --variable=valgrind_suppressions libslab)
[ -s "$supp" ] || fail "pkg-config's valgrind_suppressions ($supp) is not an installed file"
grep -q 'Memcheck:Leak' "$supp" || fail "$supp has no Memcheck entry"
for page in man1/slabsim.1 man7/libslab.7; do
	[ -s "$PREFIX/share/man/$page" ] || fail "man page $page not installed under $PREFIX/share/man"
done
for tool in slabsim slabsim-tiny; do
	"$BINDIR/$tool" --ops 2000 --quiet || fail "installed $tool --ops 2000 exits $?"
done
echo "slabsim and slabsim-tiny run; man pages and $(basename "$supp") installed"
