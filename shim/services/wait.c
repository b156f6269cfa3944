// SPDX-License-Identifier: GPL-2.0
/*
 * Wait queues (wait.h) and the sleep every blocking primitive of the shim
 * is built on (sim_wait.h).  A thread sleeps on the queue's condition
 * variable; a deterministic-scheduler task, which shares its thread with
 * the others, passes a preemption point and yields instead, so the
 * scheduler's step limit still catches a wait that never ends.  Such a
 * task holds the queue's mutex with preemption disabled, as the kernel
 * holds the spinlock it stands for: the preemption points inside (list
 * operations) may hand its thread to a task of another CPU, never to one
 * of its own CPU, which could otherwise wait for the mutex forever.
 */
#include <errno.h>
#include <time.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/wait.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <sim/clock.h>
#include "../machine/sim.h"
#include "sim_wait.h"

void init_waitqueue_head(wait_queue_head_t *wq)
{
	/* Assigned, not pthread_*_init(), as sim_lock_init() explains. */
	*wq = (wait_queue_head_t)__WAIT_QUEUE_HEAD_INITIALIZER(*wq);
}

void sim_det_yield(void)
{
	sim_point(SIM_POINT_LOCK);
	sim_det_wait();
}

void sim_wait_lock(wait_queue_head_t *wq)
{
	if (!sim_det_running) {
		pthread_mutex_lock(&wq->sim_mutex);
		return;
	}
	while (pthread_mutex_trylock(&wq->sim_mutex))
		sim_det_wait();
	if (sim_task()->det)
		preempt_disable();
}

void sim_wait_unlock(wait_queue_head_t *wq)
{
	pthread_mutex_unlock(&wq->sim_mutex);
	if (sim_det_running && sim_task()->det)
		preempt_enable();
}

/*
 * A sleeper is marked while it holds wq's mutex, before its wait lets go
 * of it: whoever sees the mark, and then changes what the sleeper waits
 * for under that mutex, does so while the sleeper is in its wait
 * (wait_task_inactive()).
 */
static void sim_task_asleep(struct task_struct *me, bool asleep)
{
	if (asleep)
		__atomic_store_n(&me->sim_nvcsw, me->sim_nvcsw + 1, __ATOMIC_RELAXED);
	__atomic_store_n(&me->sim_asleep, asleep, __ATOMIC_SEQ_CST);
}

struct sim_timeout sim_timeout_start(long timeout)
{
	struct sim_timeout t = { .left = timeout > 0 ? timeout : 0 };

	if (t.left != MAX_SCHEDULE_TIMEOUT)
		t.expire = jiffies + (unsigned long)t.left;
	return t;
}

void sim_wait_timed_locked(wait_queue_head_t *wq, struct sim_timeout *t)
{
	struct task_struct *me;
	struct timespec until;
	bool timed = t->left != MAX_SCHEDULE_TIMEOUT;

	if (!t->left)
		return;
	if (sim_det_running && sim_task()->det) {
		/* A yield is a jiffy: timeouts expire at the same step each run. */
		sim_wait_unlock(wq);
		sim_det_yield();
		sim_wait_lock(wq);
		if (timed)
			t->left--;
		return;
	}
	if (timed) {
		t->left = max((long)(t->expire - jiffies), 0L);
		if (!t->left)
			return;
	}
	me = current;
	__atomic_store_n(&wq->sim_sleepers, wq->sim_sleepers + 1, __ATOMIC_RELAXED);
	sim_task_asleep(me, true);
	if (timed) {
		/* Wait queues' condition variables use the host's CLOCK_REALTIME. */
		until = sim_clock_host_deadline(CLOCK_REALTIME,
						(u64)t->left * (NSEC_PER_SEC / HZ));
		pthread_cond_timedwait(&wq->sim_cond, &wq->sim_mutex, &until);
	} else {
		pthread_cond_wait(&wq->sim_cond, &wq->sim_mutex);
	}
	sim_task_asleep(me, false);
	__atomic_store_n(&wq->sim_sleepers, wq->sim_sleepers - 1, __ATOMIC_RELAXED);
	if (timed)
		t->left = max((long)(t->expire - jiffies), 0L);
}

long sim_wait_locked(wait_queue_head_t *wq, long timeout)
{
	struct sim_timeout t = sim_timeout_start(timeout);

	sim_wait_timed_locked(wq, &t);
	return t.left;
}

void sim_wake_locked(wait_queue_head_t *wq)
{
	__atomic_store_n(&wq->sim_wakeups, wq->sim_wakeups + 1, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&wq->sim_cond);
}

void __wake_up(wait_queue_head_t *wq)
{
	sim_wait_lock(wq);
	sim_wake_locked(wq);
	sim_wait_unlock(wq);
}

bool waitqueue_active(wait_queue_head_t *wq)
{
	return __atomic_load_n(&wq->sim_sleepers, __ATOMIC_RELAXED) != 0;
}

unsigned long sim_wait_ticket(wait_queue_head_t *wq)
{
	return __atomic_load_n(&wq->sim_wakeups, __ATOMIC_ACQUIRE);
}

/*
 * Sleeps in TASK_UNINTERRUPTIBLE, as the kernel's wait_event() does
 * (prepare_to_wait_event()), so wait_task_inactive() sees the sleeper.
 */
long sim_wait_sleep(wait_queue_head_t *wq, unsigned long ticket, long timeout)
{
	struct sim_timeout t = sim_timeout_start(timeout);

	sim_wait_lock(wq);
	set_current_state(TASK_UNINTERRUPTIBLE);
	while (t.left && wq->sim_wakeups == ticket) {
		sim_wait_timed_locked(wq, &t);
		if (sim_det_running)
			break;	/* the caller re-checks after each yield */
	}
	__set_current_state(TASK_RUNNING);
	sim_wait_unlock(wq);
	return t.left;
}
