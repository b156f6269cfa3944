/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Completions (<linux/completion.h>, Documentation/scheduler/completion.rst).
 *
 * Guarantees kept: complete() lets exactly one waiter (present or future)
 * through, complete_all() every waiter until reinit_completion(); waiting
 * returns only after the complete() that released it, and what the
 * completer wrote before complete() is visible after the wait returns;
 * the timeout forms return 0 on timeout, else the jiffies left (>= 1);
 * try_wait_for_completion() consumes one completion without sleeping and
 * completion_done() tells whether a wait would not sleep.  Waiting
 * might_sleep(); under the deterministic scheduler (sim/det.h) it yields
 * to the other tasks, as wait queues do (wait.h).
 *
 * Not modelled: no signals, so _interruptible and _killable return only
 * 0 or a time left, never -ERESTARTSYS; lockdep's cross-release checks of
 * completions.
 */
#ifndef _SHIM_LINUX_COMPLETION_H
#define _SHIM_LINUX_COMPLETION_H

#include <linux/wait.h>

struct completion {
	unsigned int done;		/* UINT_MAX after complete_all() */
	wait_queue_head_t wait;
};

#define COMPLETION_INITIALIZER(work)					\
	{ 0, __WAIT_QUEUE_HEAD_INITIALIZER((work).wait) }
/* On the stack: initialised by init_completion(), as the kernel does. */
#define COMPLETION_INITIALIZER_ONSTACK(work)				\
	(*({ init_completion(&(work)); &(work); }))
#define DECLARE_COMPLETION(work)					\
	struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work)				\
	struct completion work = COMPLETION_INITIALIZER_ONSTACK(work)

/* Make x not done, with no waiters. */
void init_completion(struct completion *x);
/* Make x not done again before reusing it; no task may be waiting. */
void reinit_completion(struct completion *x);
/* Sleep until x is completed, consuming one complete(). */
void wait_for_completion(struct completion *x);
/* As wait_for_completion(), at most timeout jiffies: 0 on timeout, else the jiffies left (>= 1). */
unsigned long wait_for_completion_timeout(struct completion *x,
					  unsigned long timeout);
/* As wait_for_completion(); 0, or -ERESTARTSYS on a signal (never here). */
int wait_for_completion_interruptible(struct completion *x);
/* As wait_for_completion_interruptible(), for fatal signals. */
int wait_for_completion_killable(struct completion *x);
/* As wait_for_completion_timeout(), or -ERESTARTSYS on a signal (never here). */
long wait_for_completion_interruptible_timeout(struct completion *x,
					       unsigned long timeout);
/* As wait_for_completion_interruptible_timeout(), for fatal signals. */
long wait_for_completion_killable_timeout(struct completion *x,
					  unsigned long timeout);
/* Consume one completion if x has one; never sleeps. */
bool try_wait_for_completion(struct completion *x);
/* Whether x has a completion a waiter could consume without sleeping. */
bool completion_done(struct completion *x);
/* Release one waiter of x (or the next one to come). */
void complete(struct completion *x);
/* Release every waiter of x, now and until reinit_completion(). */
void complete_all(struct completion *x);

#define wait_for_completion_io(x)		wait_for_completion(x)
#define wait_for_completion_io_timeout(x, t)	wait_for_completion_timeout(x, t)

#endif
