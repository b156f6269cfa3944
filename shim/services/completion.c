// SPDX-License-Identifier: GPL-2.0
/*
 * Completions (completion.h): a count of complete() calls not yet
 * consumed, guarded by the mutex of the completion's wait queue.
 */
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/sched.h>
#include "sim_wait.h"

#define COMPLETE_ALL	UINT_MAX

void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

void reinit_completion(struct completion *x)
{
	WRITE_ONCE(x->done, 0);
}

/*
 * Sleep until x is done or timeout jiffies pass; consume one; the jiffies
 * left.  In TASK_UNINTERRUPTIBLE, as the kernel's do_wait_for_common(),
 * so wait_task_inactive() sees the sleeper.
 */
static long wait_done(struct completion *x, long timeout)
{
	struct sim_timeout t = sim_timeout_start(timeout);

	might_sleep();
	sim_wait_lock(&x->wait);
	set_current_state(TASK_UNINTERRUPTIBLE);
	while (!x->done && t.left)
		sim_wait_timed_locked(&x->wait, &t);
	__set_current_state(TASK_RUNNING);
	if (x->done) {
		if (x->done != COMPLETE_ALL)
			WRITE_ONCE(x->done, x->done - 1);
		/* The kernel reports at least one jiffy when it completed. */
		if (!t.left)
			t.left = 1;
	}
	sim_wait_unlock(&x->wait);
	return t.left;
}

void wait_for_completion(struct completion *x)
{
	wait_done(x, MAX_SCHEDULE_TIMEOUT);
}

unsigned long wait_for_completion_timeout(struct completion *x,
					  unsigned long timeout)
{
	return (unsigned long)wait_done(x, (long)min_t(unsigned long, timeout,
						       MAX_SCHEDULE_TIMEOUT));
}

int wait_for_completion_interruptible(struct completion *x)
{
	wait_done(x, MAX_SCHEDULE_TIMEOUT);
	return 0;
}

int wait_for_completion_killable(struct completion *x)
{
	return wait_for_completion_interruptible(x);
}

long wait_for_completion_interruptible_timeout(struct completion *x,
					       unsigned long timeout)
{
	return (long)wait_for_completion_timeout(x, timeout);
}

long wait_for_completion_killable_timeout(struct completion *x,
					  unsigned long timeout)
{
	return (long)wait_for_completion_timeout(x, timeout);
}

bool try_wait_for_completion(struct completion *x)
{
	bool got;

	/* The kernel's unlocked early return: nothing to take. */
	if (!READ_ONCE(x->done))
		return false;
	sim_wait_lock(&x->wait);
	got = x->done != 0;
	if (got && x->done != COMPLETE_ALL)
		WRITE_ONCE(x->done, x->done - 1);
	sim_wait_unlock(&x->wait);
	return got;
}

bool completion_done(struct completion *x)
{
	bool done;

	/* Taking the lock orders this after a complete() still in flight. */
	sim_wait_lock(&x->wait);
	done = x->done != 0;
	sim_wait_unlock(&x->wait);
	return done;
}

void complete(struct completion *x)
{
	sim_wait_lock(&x->wait);
	if (x->done != COMPLETE_ALL)
		WRITE_ONCE(x->done, x->done + 1);
	sim_wake_locked(&x->wait);
	sim_wait_unlock(&x->wait);
}

void complete_all(struct completion *x)
{
	sim_wait_lock(&x->wait);
	WRITE_ONCE(x->done, COMPLETE_ALL);
	sim_wake_locked(&x->wait);
	sim_wait_unlock(&x->wait);
}
