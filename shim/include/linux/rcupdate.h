/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU on liburcu (the membarrier flavour, urcu-memb).
 *
 * Guarantees kept: rcu_read_lock()/rcu_read_unlock() delimit a read-side
 * critical section (they nest, and cost a thread-local increment and a
 * compiler barrier); synchronize_rcu() returns only after every section
 * that began before it has ended; a call_rcu() callback runs after such a
 * grace period, on libslab's RCU callback thread; rcu_barrier() waits for
 * every callback queued before it.  kvfree_call_rcu() (behind kfree_rcu()
 * and friends) frees after a grace period, batching the one-argument form.
 *
 * A thread is registered with liburcu at its first read-side section and
 * unregistered when it exits, so users never see liburcu.
 *
 * Not modelled: a read section does not disable preemption (the kernel's
 * non-preemptible RCU), and a region with preemption or interrupts
 * disabled is no read section, as it is in the kernel, except
 * get_cpu()...put_cpu() (<linux/smp.h>) and an hrtimer's function;
 * callbacks are not run in softirq context; there are no expedited grace
 * periods, no SRCU and no Tasks RCU; grace periods do not advance under
 * the deterministic scheduler (sim/det.h).
 */
#ifndef _SHIM_LINUX_RCUPDATE_H
#define _SHIM_LINUX_RCUPDATE_H

#include <linux/kernel.h>
#include <linux/cleanup.h>

/* struct rcu_head is in <linux/types.h>, as in the kernel. */
typedef void (*rcu_callback_t)(struct rcu_head *head);

/* Enter a read-side critical section (registers the thread on first use). */
void rcu_read_lock(void);
/* Leave a read-side critical section. */
void rcu_read_unlock(void);
/* Whether the calling thread is inside a read-side critical section. */
bool rcu_read_lock_held(void);
/* Wait for a full grace period; may sleep. */
void synchronize_rcu(void);
/* Run func(head) once a grace period has passed since now. */
void call_rcu(struct rcu_head *head, rcu_callback_t func);
/* Wait until every callback queued by call_rcu() so far has run. */
void rcu_barrier(void);
/* kvfree(ptr) after a grace period; head inside *ptr, or NULL (may sleep). */
void kvfree_call_rcu(struct rcu_head *head, void *ptr);
/* Wait until every kvfree_call_rcu() so far has freed its object. */
void kvfree_rcu_barrier(void);

#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_dereference_protected(p, c)	(p)
/* The lockdep condition c (a lock that also makes the read safe) is not checked. */
#define rcu_dereference_check(p, c)	READ_ONCE(p)
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

/*
 * Mark head as not passed to call_rcu() yet, for
 * rcu_head_after_call_rcu(): call_rcu() stores its function in it.
 */
static inline void rcu_head_init(struct rcu_head *head)
{
	head->func = (rcu_callback_t)~0UL;
}

/* Whether call_rcu(head, func) was called since rcu_head_init(head). */
static inline bool rcu_head_after_call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	return READ_ONCE(head->func) == func;
}

/* Leave the read-side section for a scheduling point, and enter it again. */
#define cond_resched_rcu()						\
	do {								\
		rcu_read_unlock();					\
		cond_resched();						\
		rcu_read_lock();					\
	} while (0)

/* The kernel's bound on the rcu_head offset within the object. */
#define __is_kvfree_rcu_offset(offset)	((offset) < 4096)

#define kvfree_rcu_arg_2(ptr, rhf)					\
	do {								\
		__typeof__(ptr) ___p = (ptr);				\
									\
		if (___p) {						\
			BUILD_BUG_ON(!__is_kvfree_rcu_offset(		\
				offsetof(__typeof__(*(ptr)), rhf)));	\
			kvfree_call_rcu(&(___p)->rhf, (void *)___p);	\
		}							\
	} while (0)
#define kvfree_rcu_arg_1(ptr)						\
	do {								\
		__typeof__(ptr) ___p = (ptr);				\
									\
		if (___p)						\
			kvfree_call_rcu(NULL, (void *)___p);		\
	} while (0)
#define __kvfree_rcu_pick(_1, _2, name, ...)	name

/*
 * kfree_rcu(ptr, field) frees through the rcu_head field; the one-argument
 * kfree_rcu(ptr) of kernels before 6.3, kept here, is kfree_rcu_mightsleep().
 */
#define kfree_rcu(...)		__kvfree_rcu_pick(__VA_ARGS__, kvfree_rcu_arg_2, kvfree_rcu_arg_1)(__VA_ARGS__)
#define kvfree_rcu(...)		__kvfree_rcu_pick(__VA_ARGS__, kvfree_rcu_arg_2, kvfree_rcu_arg_1)(__VA_ARGS__)
#define kfree_rcu_mightsleep(ptr)	kvfree_rcu_arg_1(ptr)
#define kvfree_rcu_mightsleep(ptr)	kvfree_rcu_arg_1(ptr)

/* guard(rcu)(): a read-side critical section to the end of the scope. */
DEFINE_LOCK_GUARD_0(rcu, rcu_read_lock(), rcu_read_unlock())

#endif
