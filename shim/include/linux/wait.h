/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wait queues (<linux/wait.h>).
 *
 * Guarantees kept: wait_event*(wq, condition) returns only once condition
 * was seen true (or the timeout passed), re-evaluating it after every
 * wake_up() on wq, and a wake_up() that follows a change of condition is
 * never lost: the waiter reads wq's wake-up count before evaluating
 * condition and sleeps only while the count is unchanged.  The timeout
 * forms return what the kernel's do: 0 if the timeout elapsed with
 * condition false, else the jiffies left (at least 1).  All of them
 * might_sleep().  Under the deterministic scheduler (sim/det.h) a waiting
 * task yields to the others at a preemption point instead of blocking,
 * and each such yield counts as one jiffy of a timeout, so runs replay.
 *
 * Not modelled: there are no signals, so the _interruptible and _killable
 * forms never return -ERESTARTSYS; every waiter is woken by wake_up() (the
 * kernel wakes one exclusive waiter; wait_event*() waiters are all
 * non-exclusive, so for them this is the same); the queue has no list of
 * entries a caller could walk.  condition is read without wq's lock, as
 * in the kernel: what it reads must be marked (READ_ONCE, atomics) or
 * taken under a lock, or race detectors will rightly report it.
 */
#ifndef _SHIM_LINUX_WAIT_H
#define _SHIM_LINUX_WAIT_H

/*
 * The UAPI half (WNOHANG, ...), as the kernel's header includes it; less
 * its P_* macros, which would break the C library's idtype_t enumerators
 * of the same names and values (<sys/wait.h>).
 */
#include_next <linux/wait.h>
#undef P_ALL
#undef P_PID
#undef P_PGID
#undef P_PIDFD
#include <pthread.h>
#include <limits.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <linux/jiffies.h>

#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

struct wait_queue_head {
	pthread_mutex_t sim_mutex;	/* guards sim_wakeups, sleeps in sim_cond */
	pthread_cond_t sim_cond;
	unsigned long sim_wakeups;	/* wake-ups so far */
	unsigned int sim_sleepers;	/* tasks asleep in sim_cond */
};
typedef struct wait_queue_head wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name)				\
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 }
#define DECLARE_WAIT_QUEUE_HEAD(name)					\
	wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
/* On the stack: initialised by init_waitqueue_head(), as the kernel does. */
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name)				\
	wait_queue_head_t name = (*({ init_waitqueue_head(&(name)); &(name); }))

/* Make wq an empty wait queue. */
void init_waitqueue_head(wait_queue_head_t *wq);
/* Wake every task waiting on wq. */
void __wake_up(wait_queue_head_t *wq);
/* Whether a task may be waiting on wq (a hint, as the kernel's). */
bool waitqueue_active(wait_queue_head_t *wq);
/* The wake-up count a waiter reads before evaluating its condition. */
unsigned long sim_wait_ticket(wait_queue_head_t *wq);
/* Sleep until a wake-up after ticket, or timeout jiffies; the jiffies left (0: timed out). */
long sim_wait_sleep(wait_queue_head_t *wq, unsigned long ticket, long timeout);

#define wake_up(wq)			__wake_up(wq)
#define wake_up_all(wq)			__wake_up(wq)
#define wake_up_nr(wq, nr)		__wake_up(wq)
#define wake_up_interruptible(wq)	__wake_up(wq)
#define wake_up_interruptible_all(wq)	__wake_up(wq)

/*
 * With a timeout, the kernel's rule: true when condition holds (and then
 * at least 1 jiffy is reported left) or when no time is left.
 */
#define __sim_wait_cond_timeout(condition, left)			\
	({								\
		bool __c = (condition);					\
									\
		if (__c && !(left))					\
			(left) = 1;					\
		__c || !(left);						\
	})

/* Wait for condition, at most timeout jiffies; the jiffies left. */
#define __sim_wait_event(wq, condition, timeout)			\
	({								\
		long __left = (timeout);				\
									\
		might_sleep();						\
		for (;;) {						\
			unsigned long __ticket = sim_wait_ticket(wq);	\
									\
			if (__sim_wait_cond_timeout(condition, __left))	\
				break;					\
			__left = sim_wait_sleep(wq, __ticket, __left);	\
		}							\
		__left;							\
	})

/* Sleep until condition is true; re-checked at each wake_up(wq). */
#define wait_event(wq, condition)					\
	do {								\
		(void)__sim_wait_event(&(wq), condition,		\
				       MAX_SCHEDULE_TIMEOUT);		\
	} while (0)
/* As wait_event(), at most timeout jiffies: 0 if it elapsed with condition false, else the jiffies left (>= 1). */
#define wait_event_timeout(wq, condition, timeout)			\
	__sim_wait_event(&(wq), condition, (long)(timeout))
/* As wait_event(); 0, or -ERESTARTSYS on a signal (never here). */
#define wait_event_interruptible(wq, condition)				\
	({								\
		(void)__sim_wait_event(&(wq), condition,		\
				       MAX_SCHEDULE_TIMEOUT);		\
		0;							\
	})
/* As wait_event_timeout(); -ERESTARTSYS on a signal (never here). */
#define wait_event_interruptible_timeout(wq, condition, timeout)	\
	wait_event_timeout(wq, condition, timeout)
/* As wait_event_interruptible(), for fatal signals only. */
#define wait_event_killable(wq, condition)				\
	wait_event_interruptible(wq, condition)
/* As wait_event(), not counted as load (TASK_IDLE). */
#define wait_event_idle(wq, condition)	wait_event(wq, condition)

#endif
