/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping, as the shim runtime's blocking primitives share it (wait
 * queues, completions, rwsems, workqueues, kthreads); not installed.
 * Every sleep is on a wait_queue_head's mutex and condition variable, or,
 * under the deterministic scheduler, a yield to the other tasks.
 */
#ifndef SHIM_SERVICES_SIM_WAIT_H
#define SHIM_SERVICES_SIM_WAIT_H

#include <linux/wait.h>

/* Take wq's mutex (never blocking the deterministic scheduler's thread). */
void sim_wait_lock(wait_queue_head_t *wq);
/* Release wq's mutex. */
void sim_wait_unlock(wait_queue_head_t *wq);
/*
 * A timeout whose end is fixed when the wait begins, as the kernel's
 * schedule_timeout() computes expire = jiffies + timeout once
 * (kernel/time/timer.c): wake-ups that do not end the wait, and time
 * passing between two sleeps of it, do not move the end.  What is left is
 * measured against it after each sleep, so a timed wait returns 0 at the
 * first jiffies reading at or past expire, never before.  Under the
 * deterministic scheduler a yield is a jiffy: left counts yields there.
 */
struct sim_timeout {
	long left;		/* jiffies left; 0: passed; MAX_SCHEDULE_TIMEOUT: none */
	unsigned long expire;	/* the jiffies reading at which it passes */
};

/* A timeout of timeout jiffies from now (0 if timeout <= 0). */
struct sim_timeout sim_timeout_start(long timeout);
/*
 * With wq's mutex held: sleep until a wake-up of wq or until t passes,
 * holding the mutex again on return, with t->left brought up to date.
 * May return early (callers loop on their condition and t->left).
 */
void sim_wait_timed_locked(wait_queue_head_t *wq, struct sim_timeout *t);
/*
 * One sleep of sim_wait_timed_locked() with a timeout starting now; the
 * jiffies left.  For waits whose timeout does not span several sleeps.
 */
long sim_wait_locked(wait_queue_head_t *wq, long timeout);
/* With wq's mutex held: wake every sleeper of wq. */
void sim_wake_locked(wait_queue_head_t *wq);

/* One scheduling point of a deterministic-scheduler task waiting (wait.c). */
void sim_det_yield(void);

#endif
