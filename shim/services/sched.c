// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks going to sleep and being woken (sched.h), and the delays of
 * delay.h.  Every sleeping task waits on one queue and re-checks its own
 * state at each wake-up: wake_up_process() sets the state and wakes the
 * queue under its mutex, so a wake-up between set_current_state() and
 * schedule() is never lost.
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <time.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include "../machine/sim.h"
#include "sim_wait.h"

static DECLARE_WAIT_QUEUE_HEAD(sleeping_tasks);

long schedule_timeout(long timeout)
{
	struct task_struct *me = current;
	struct sim_timeout t = sim_timeout_start(timeout);

	might_sleep();
	sim_wait_lock(&sleeping_tasks);
	while (!task_is_running(me) && t.left)
		sim_wait_timed_locked(&sleeping_tasks, &t);
	sim_wait_unlock(&sleeping_tasks);
	__set_current_state(TASK_RUNNING);
	return t.left;
}

void schedule(void)
{
	schedule_timeout(MAX_SCHEDULE_TIMEOUT);
}

long schedule_timeout_interruptible(long timeout)
{
	set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

long schedule_timeout_uninterruptible(long timeout)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

int wake_up_process(struct task_struct *p)
{
	int woke = 0;

	if (p->sim_on_wake && p->sim_on_wake(p))
		return 1;
	sim_wait_lock(&sleeping_tasks);
	if (!task_is_running(p)) {
		__atomic_store_n(&p->__state, TASK_RUNNING, __ATOMIC_RELAXED);
		sim_wake_locked(&sleeping_tasks);
		woke = 1;
	}
	sim_wait_unlock(&sleeping_tasks);
	return woke;
}

/*
 * The kernel's wait_task_inactive() (kernel/sched/core.c): 0 once p's
 * state stops matching, its switch count with the top bit set once it is
 * off its CPU, which here is asleep in a wait of sim_wait.h: marked while
 * still holding the queue's mutex, so nothing it waits for can change
 * before its wait has let go of it.
 */
unsigned long wait_task_inactive(struct task_struct *p, unsigned int match_state)
{
	const struct timespec poll_interval = { .tv_nsec = 1000000 };
	unsigned long nvcsw;
	bool asleep;

	for (;;) {
		nvcsw = __atomic_load_n(&p->sim_nvcsw, __ATOMIC_RELAXED);
		asleep = __atomic_load_n(&p->sim_asleep, __ATOMIC_SEQ_CST);
		if (!(__atomic_load_n(&p->__state, __ATOMIC_SEQ_CST) & match_state))
			return 0;
		if (asleep)
			return nvcsw | (unsigned long)LONG_MIN;
		if (sim_det_running && sim_task()->det)
			sim_det_yield();
		else
			nanosleep(&poll_interval, NULL);
	}
}

void yield(void)
{
	if (sim_det_running && sim_task()->det)
		sim_det_yield();
	else
		sched_yield();
}

int sim_cond_resched(void)
{
	if (!sim_det_running || !sim_task()->det)
		return 0;
	sim_det_yield();
	return 1;
}

/* Whether current is a deterministic-scheduler task: its sleeps are one yield. */
static bool det_sleep(void)
{
	might_sleep();
	if (!sim_det_running || !sim_task()->det)
		return false;
	sim_det_yield();
	return true;
}

/*
 * In jiffies of the simulated clock, as the kernel's msleep()
 * (kernel/time/timer.c): schedule_timeout_uninterruptible() until
 * msecs_to_jiffies(msecs) have passed, so a held clock holds it too.
 */
void msleep(unsigned int msecs)
{
	long timeout = (long)msecs_to_jiffies(msecs);

	if (det_sleep())
		return;
	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}

unsigned long msleep_interruptible(unsigned int msecs)
{
	msleep(msecs);
	return 0;
}

/* Host time, which a held clock does not stop (sim/clock.h). */
void usleep_range(unsigned long min, unsigned long max)
{
	struct timespec ts = {
		.tv_sec = (time_t)(min / 1000000),
		.tv_nsec = (long)(min % 1000000) * 1000,
	};

	(void)max;
	if (det_sleep())
		return;
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
}

void udelay(unsigned long usecs)
{
	struct timespec start, now;
	long long waited;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		clock_gettime(CLOCK_MONOTONIC, &now);
		waited = (now.tv_sec - start.tv_sec) * 1000000LL +
			 (now.tv_nsec - start.tv_nsec) / 1000;
	} while (waited < (long long)usecs);
}
