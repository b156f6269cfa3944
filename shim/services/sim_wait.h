/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping, as the shim runtime's blocking primitives share it (wait
 * queues, completions, rwsems, workqueues, kthreads); not installed.
 * Every sleep is on a wait_queue_head's mutex and condition variable, or,
 * under the deterministic scheduler, a yield to the other tasks.
 */
#ifndef SHIM_RUNTIME_SIM_WAIT_H
#define SHIM_RUNTIME_SIM_WAIT_H

#include <linux/wait.h>

/* Take wq's mutex (never blocking the deterministic scheduler's thread). */
void sim_wait_lock(wait_queue_head_t *wq);
/* Release wq's mutex. */
void sim_wait_unlock(wait_queue_head_t *wq);
/*
 * With wq's mutex held: sleep until a wake-up of wq or until timeout
 * jiffies pass (MAX_SCHEDULE_TIMEOUT: no limit), holding the mutex again
 * on return; the jiffies left, 0 once the timeout has passed.  May return
 * early (callers loop on their condition).
 */
long sim_wait_locked(wait_queue_head_t *wq, long timeout);
/* With wq's mutex held: wake every sleeper of wq. */
void sim_wake_locked(wait_queue_head_t *wq);

/* One scheduling point of a deterministic-scheduler task waiting (wait.c). */
void sim_det_yield(void);

#endif
