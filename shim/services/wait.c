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
#include <linux/wait.h>
#include <linux/preempt.h>
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
 * The CLOCK_REALTIME instant timeout jiffies from now (condvars use it);
 * one jiffy while a test holds the clock, to see sim_clock_advance() soon.
 */
static struct timespec deadline_after(long timeout)
{
	struct timespec ts;
	long long ns;

	if (sim_clock_held())
		timeout = 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	ns = ts.tv_nsec + (long long)(timeout % HZ) * (1000000000LL / HZ);
	ts.tv_sec += timeout / HZ + ns / 1000000000LL;
	ts.tv_nsec = ns % 1000000000LL;
	return ts;
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

long sim_wait_locked(wait_queue_head_t *wq, long timeout)
{
	struct task_struct *me;
	struct timespec deadline;
	unsigned long start;
	long elapsed;

	if (timeout <= 0)
		return 0;
	if (sim_det_running && sim_task()->det) {
		/* A yield is a jiffy: timeouts expire at the same step each run. */
		sim_wait_unlock(wq);
		sim_det_yield();
		sim_wait_lock(wq);
		return timeout == MAX_SCHEDULE_TIMEOUT ? timeout : timeout - 1;
	}
	me = current;
	__atomic_store_n(&wq->sim_sleepers, wq->sim_sleepers + 1, __ATOMIC_RELAXED);
	sim_task_asleep(me, true);
	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		pthread_cond_wait(&wq->sim_cond, &wq->sim_mutex);
		sim_task_asleep(me, false);
		__atomic_store_n(&wq->sim_sleepers, wq->sim_sleepers - 1, __ATOMIC_RELAXED);
		return timeout;
	}
	start = jiffies;
	deadline = deadline_after(timeout);
	pthread_cond_timedwait(&wq->sim_cond, &wq->sim_mutex, &deadline);
	sim_task_asleep(me, false);
	__atomic_store_n(&wq->sim_sleepers, wq->sim_sleepers - 1, __ATOMIC_RELAXED);
	elapsed = (long)(jiffies - start);
	return elapsed >= timeout ? 0 : timeout - elapsed;
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

long sim_wait_sleep(wait_queue_head_t *wq, unsigned long ticket, long timeout)
{
	sim_wait_lock(wq);
	while (timeout && wq->sim_wakeups == ticket) {
		timeout = sim_wait_locked(wq, timeout);
		if (sim_det_running)
			break;	/* the caller re-checks after each yield */
	}
	sim_wait_unlock(wq);
	return timeout;
}
