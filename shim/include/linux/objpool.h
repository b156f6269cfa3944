/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/objpool.h>: a pool of preallocated objects of one size, kept in
 * a ring per possible CPU.  objpool_init() (lib/objpool.c, which a
 * program using the pool links) fills the rings; objpool_pop() takes an
 * object from the current CPU's ring, or from the next CPU's round the
 * possible CPUs when that one is empty; objpool_push() puts one back on
 * the current CPU's ring.  Neither takes a lock: a ring is four 32-bit
 * counters and a power-of-two array of entries.
 *
 *   head  entries before it have been taken;
 *   tail  entries before it are reserved by a push;
 *   last  entries before it are published (written and visible);
 *   mask  the array's size minus one.
 *
 * A pop takes entries[head] while head != last by moving head on with
 * a compare-and-swap; a push reserves entries[tail] by moving tail on,
 * writes it, then publishes it by moving last on.  The counters wrap;
 * only their differences count.  A ring holds every object of the pool
 * (its size is nr_objs rounded up to a power of two), so a push always
 * finds room.
 *
 * What this cannot give: the kernel disables interrupts on the CPU for
 * a pop or a push (raw_local_irq_save()), which makes the current CPU's
 * ring exclusive to it.  Here the "current CPU" is the simulated one
 * the thread runs on (<linux/smp.h>), and the interrupt switch is the
 * simulated machine's, which does not keep a second task of the CPU,
 * or an hrtimer's function (<linux/hrtimer.h>), out of the ring.  So a
 * push publishes in the order of the reservations: it waits until the
 * pushes before it on the ring have moved last up to its entry.  In the
 * kernel that wait never happens (one pusher per ring at a time); here
 * it keeps last from passing an entry not yet written.  It spins: a
 * pusher stopped for good between reserving and publishing would stop
 * the pushes after it on that ring.  And a pop or a push is an RCU
 * read-side critical section, as the kernel's interrupts-off section
 * is: a pool freed from an RCU callback after a flag was set
 * (test_objpool's asynchronous cases) is not freed under a pop that
 * began before.
 */
#ifndef _SHIM_LINUX_OBJPOOL_H
#define _SHIM_LINUX_OBJPOOL_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/smp.h>
#include <linux/types.h>
#include <asm/processor.h>

/*
 * The kernel's is __packed; with four 32-bit counters before the
 * pointers the layout is the same without, and the counters' addresses
 * (for the atomics) are then aligned ones as far as the compiler knows.
 */
struct objpool_slot {
	uint32_t head;
	uint32_t tail;
	uint32_t last;
	uint32_t mask;
	void *entries[];
};

struct objpool_head;

/* Called on each object as objpool_init() makes it; non-zero fails the init. */
typedef int (*objpool_init_obj_cb)(void *obj, void *context);
/* Called once the pool is freed (objpool_free()). */
typedef int (*objpool_fini_cb)(struct objpool_head *head, void *context);

struct objpool_head {
	int obj_size;			/* bytes of an object, a multiple of long */
	int nr_objs;			/* objects in the pool */
	int nr_possible_cpus;
	int capacity;			/* entries of each ring, a power of two */
	gfp_t gfp;
	refcount_t ref;			/* objects dropped count down; the pool holds 1 */
	unsigned long flags;
	struct objpool_slot **cpu_slots;	/* a ring per possible CPU */
	objpool_fini_cb release;
	void *context;
};

#define OBJPOOL_NR_OBJECT_MAX	(1UL << 24)
#define OBJPOOL_OBJECT_SIZE_MAX	(1UL << 16)

/*
 * Make nr_objs objects of object_size bytes, spread over the rings of
 * the possible CPUs; 0, -EINVAL or -ENOMEM (lib/objpool.c).
 */
int objpool_init(struct objpool_head *pool, int nr_objs, int object_size,
		 gfp_t gfp, void *context, objpool_init_obj_cb objinit,
		 objpool_fini_cb release);
/* An object that will not be pushed back; the last one frees the pool. */
int objpool_drop(void *obj, struct objpool_head *pool);
/* Free the rings and objects now, whatever is still out. */
void objpool_free(struct objpool_head *pool);
/* Drop what the rings hold, and the pool's own reference. */
void objpool_fini(struct objpool_head *pool);

/* Take the oldest published entry of cpu's ring; NULL when it has none. */
static inline void *__objpool_try_get_slot(struct objpool_head *pool, int cpu)
{
	struct objpool_slot *ring = pool->cpu_slots[cpu];
	uint32_t taken = smp_load_acquire(&ring->head);

	for (;;) {
		uint32_t published = READ_ONCE(ring->last);
		void *obj;

		if (taken == published)
			return NULL;
		/*
		 * More published than the pool has objects: our view of head
		 * is older than that of last.  Look at head again.
		 */
		if (published - taken - 1 >= (uint32_t)pool->nr_objs) {
			taken = READ_ONCE(ring->head);
			continue;
		}
		/* Read the entry before giving its place up. */
		obj = READ_ONCE(ring->entries[taken & ring->mask]);
		if (try_cmpxchg_release(&ring->head, &taken, taken + 1))
			return obj;
		/* Another pop took it: taken now holds the new head. */
	}
}

/* An object from this CPU's ring, or the next CPU's that has one; NULL if all are empty. */
static inline void *objpool_pop(struct objpool_head *pool)
{
	unsigned long irq;
	void *obj = NULL;
	int cpu, tried;

	raw_local_irq_save(irq);
	rcu_read_lock();
	cpu = raw_smp_processor_id();
	for (tried = 0; tried < pool->nr_possible_cpus && !obj; tried++) {
		obj = __objpool_try_get_slot(pool, cpu);
		if (!obj)
			cpu = cpumask_next_wrap(cpu, cpu_possible_mask, -1, 1);
	}
	rcu_read_unlock();
	raw_local_irq_restore(irq);
	return obj;
}

/* Put obj at the end of cpu's ring. */
static inline int __objpool_try_add_slot(void *obj, struct objpool_head *pool,
					 int cpu)
{
	struct objpool_slot *ring = pool->cpu_slots[cpu];
	uint32_t end = READ_ONCE(ring->tail);

	/* Reserve entries[end]. */
	do {
		/*
		 * A ring never holds more than the pool's objects.  With
		 * another pusher on the ring, end may be stale and head
		 * already past it (a negative distance): no excess, and the
		 * compare-and-swap fails and reads end again.
		 */
		WARN_ON_ONCE((int32_t)(end - READ_ONCE(ring->head)) > pool->nr_objs);
	} while (!try_cmpxchg_acquire(&ring->tail, &end, end + 1));
	WRITE_ONCE(ring->entries[end & ring->mask], obj);
	/* The entries before ours first (another task of this CPU's). */
	while (smp_load_acquire(&ring->last) != end)
		cpu_relax();
	/* Publish it: a pop may take it once it sees last past it. */
	smp_store_release(&ring->last, end + 1);
	return 0;
}

/* Give obj back to the pool, on this CPU's ring; 0. */
static inline int objpool_push(void *obj, struct objpool_head *pool)
{
	unsigned long irq;
	int ret;

	raw_local_irq_save(irq);
	rcu_read_lock();
	ret = __objpool_try_add_slot(obj, pool, raw_smp_processor_id());
	rcu_read_unlock();
	raw_local_irq_restore(irq);
	return ret;
}

#endif /* _SHIM_LINUX_OBJPOOL_H */
