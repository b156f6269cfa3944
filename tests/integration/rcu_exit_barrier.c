// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_barrier() still runs callbacks at the very end of a process: linked
 * statically, libslab's destructor (which stops and joins the RCU callback
 * thread) runs before the program's own, and a program's destructor that
 * frees with call_rcu() and waits must neither hang nor lose the callback.
 * Exit status 0 only when both callbacks ran.
 */
#include <unistd.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>

struct entry {
	int key;
	struct rcu_head rcu;
};

static int freed;

static void free_entry(struct rcu_head *head)
{
	kfree(container_of(head, struct entry, rcu));
	freed++;
}

static void free_one_and_wait(void)
{
	struct entry *e = kmalloc(sizeof(*e), GFP_KERNEL);

	if (!e)
		_exit(1);
	call_rcu(&e->rcu, free_entry);
	rcu_barrier();
}

__attribute__((destructor)) static void late_cleanup(void)
{
	free_one_and_wait();
	if (freed != 2)
		_exit(1);
}

int main(void)
{
	free_one_and_wait();
	return freed != 1;
}
