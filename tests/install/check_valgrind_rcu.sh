#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# RCU under valgrind --leak-check=full --error-exitcode=1, on the installed
# library: a program that frees with call_rcu() and kfree_rcu() and exits
# without waiting is clean with no suppression at all (the callback thread
# is joined at exit), and one whose callback still runs when it exits (so
# the thread is left running) is clean with the suppressions pkg-config
# names, and not without them.
#
# Usage: check_valgrind_rcu.sh <build directory> <compiler that built it>
. "$(dirname "$0")/install_tree.sh"

command -v valgrind > /dev/null || { echo "skipped: no valgrind"; exit 77; }
if sanitizer_build; then
	echo "skipped: a sanitizer build (valgrind cannot run it)"
	exit 77
fi

cat > rcu_exit.c <<'CODE'
#include <linux/slab.h>
#include <linux/rcupdate.h>

struct entry {
	int key;
	struct rcu_head rcu;
};

static void free_entry(struct rcu_head *head)
{
	kfree(container_of(head, struct entry, rcu));
}

int main(void)
{
	int i;

	for (i = 0; i < 100; i++) {
		struct entry *a = kmalloc(sizeof(*a), GFP_KERNEL);
		struct entry *b = kmalloc(sizeof(*b), GFP_KERNEL);

		if (!a || !b)
			return 1;
		call_rcu(&a->rcu, free_entry);
		kfree_rcu(b, rcu);
	}
	return 0;
}
CODE

cat > rcu_busy_exit.c <<'CODE'
#include <unistd.h>
#include <linux/rcupdate.h>

static struct rcu_head head;

/* Still running when main() returns: exit leaves its thread running. */
static void slow_callback(struct rcu_head *unused)
{
	(void)unused;
	sleep(60);
}

int main(void)
{
	call_rcu(&head, slow_callback);
	synchronize_rcu();
	usleep(100000);
	return 0;
}
CODE

vg=(valgrind --quiet --error-exitcode=1 --leak-check=full)
libdir=$(pkgconf --variable=libdir libslab)
supp=$(pkgconf --variable=valgrind_suppressions libslab)
for prog in rcu_exit rcu_busy_exit; do
	# shellcheck disable=SC2046
	# DWARF 4: valgrind 3.19 (Debian 12) cannot read clang 14's default.
	"$2" -g -gdwarf-4 -o $prog $prog.c $(pkgconf --cflags --libs libslab) || fail "cannot build $prog"
done
export LD_LIBRARY_PATH=$libdir
unset LIBSLAB_CMDLINE

"${vg[@]}" ./rcu_exit || fail "call_rcu/kfree_rcu then exit: valgrind reports errors without suppressions"
echo "call_rcu/kfree_rcu then exit: valgrind clean, no suppressions"

if "${vg[@]}" ./rcu_busy_exit 2> busy.err; then
	cat busy.err
	fail "a callback running at exit: valgrind reports nothing even without suppressions (the case libslab.supp is for)"
fi
grep -F 'their thread is left running' busy.err > /dev/null ||
	fail "a callback running at exit: libslab did not say it leaves the thread running"
"${vg[@]}" --suppressions="$supp" ./rcu_busy_exit 2> busy-supp.err ||
	{ cat busy-supp.err; fail "a callback running at exit: valgrind reports errors with $supp"; }
echo "a callback running at exit: valgrind reports the thread without suppressions, clean with $(basename "$supp")"
