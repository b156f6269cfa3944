// SPDX-License-Identifier: GPL-2.0
/*
 * High-resolution timers (hrtimer.h) on one host thread, "hrtimers",
 * started at the first arming.  The armed timers are a list, soonest
 * first, under a mutex; the thread sleeps on a condition variable of the
 * host's CLOCK_MONOTONIC until ktime_get() (the simulated clock,
 * sim/clock.h; a jiffy at a time while a test holds it) says the first is
 * due, takes it off, and runs its function on the timer's CPU with
 * interrupts off and the mutex dropped.  The condition variable also
 * carries every end of a function, for hrtimer_cancel().
 *
 * libslab_exit() (slab_platform_exit_threads()) cancels the timers still
 * armed, with a warning each, and joins the thread; it starts again at
 * the next arming.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <linux/kernel.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/bug.h>
#include <linux/cpumask.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <sim/clock.h>
#include <sim/cpu.h>
#include "threads_exit.h"

static struct hrtimer_clock_base clock_bases[] = {
	{ CLOCK_MONOTONIC, ktime_get },
	{ CLOCK_REALTIME, ktime_get },
	{ CLOCK_BOOTTIME, ktime_get },
	{ CLOCK_TAI, ktime_get },
};

static pthread_mutex_t hrt_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hrt_cond;		/* on CLOCK_MONOTONIC, set up at start */
static LIST_HEAD(armed);		/* soonest first */
static bool thread_started;
static bool thread_stop;
static pthread_t hrt_thread;

void hrtimer_init(struct hrtimer *timer, clockid_t clock_id, enum hrtimer_mode mode)
{
	unsigned int i;

	(void)mode;
	memset(timer, 0, sizeof(*timer));
	INIT_LIST_HEAD(&timer->sim_node);
	timer->base = &clock_bases[0];
	for (i = 0; i < ARRAY_SIZE(clock_bases); i++)
		if (clock_bases[i].clockid == clock_id)
			timer->base = &clock_bases[i];
}

/* With hrt_lock held: put timer on the armed list at its expiry. */
static void enqueue_locked(struct hrtimer *timer)
{
	struct hrtimer *pos;

	list_for_each_entry(pos, &armed, sim_node)
		if (timer->expires < pos->expires)
			break;
	list_add_tail(&timer->sim_node, &pos->sim_node);
	WRITE_ONCE(timer->sim_queued, true);
	pthread_cond_broadcast(&hrt_cond);
}

/* With hrt_lock held: take timer off the armed list if it is on it; whether it was. */
static bool dequeue_locked(struct hrtimer *timer)
{
	if (!timer->sim_queued)
		return false;
	list_del_init(&timer->sim_node);
	WRITE_ONCE(timer->sim_queued, false);
	return true;
}

/* Run timer's function as its CPU's interrupt; what it returned. */
static enum hrtimer_restart run_function(struct hrtimer *timer)
{
	enum hrtimer_restart restart;
	unsigned long flags;

	/* A CPU gone offline since: the function runs where the thread is. */
	if (sim_cpu_is_online((unsigned int)timer->sim_cpu))
		sim_set_cpu(timer->sim_cpu);
	local_irq_save(flags);
	/* Interrupt context is an RCU read-side critical section. */
	rcu_read_lock();
	restart = timer->function(timer);
	rcu_read_unlock();
	local_irq_restore(flags);
	return restart;
}

static void *hrtimer_main(void *unused)
{
	(void)unused;
	pthread_setname_np(pthread_self(), "hrtimers");
	pthread_mutex_lock(&hrt_lock);
	while (!thread_stop) {
		struct hrtimer *timer;
		ktime_t now;

		if (list_empty(&armed)) {
			pthread_cond_wait(&hrt_cond, &hrt_lock);
			continue;
		}
		timer = list_first_entry(&armed, struct hrtimer, sim_node);
		now = ktime_get();
		if (now < timer->expires) {
			struct timespec until =
				sim_clock_host_deadline(CLOCK_MONOTONIC, timer->expires - now);

			pthread_cond_timedwait(&hrt_cond, &hrt_lock, &until);
			continue;
		}
		dequeue_locked(timer);
		WRITE_ONCE(timer->sim_running, true);
		pthread_mutex_unlock(&hrt_lock);
		if (run_function(timer) == HRTIMER_RESTART) {
			pthread_mutex_lock(&hrt_lock);
			/* The function may have armed it itself (hrtimer_start()). */
			if (!timer->sim_queued)
				enqueue_locked(timer);
		} else {
			pthread_mutex_lock(&hrt_lock);
		}
		WRITE_ONCE(timer->sim_running, false);
		pthread_cond_broadcast(&hrt_cond);
	}
	pthread_mutex_unlock(&hrt_lock);
	return NULL;
}

/* With hrt_lock held: start the thread unless it runs. */
static void start_thread_locked(void)
{
	pthread_condattr_t attr;

	if (thread_started)
		return;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&hrt_cond, &attr);
	pthread_condattr_destroy(&attr);
	thread_started = !WARN(pthread_create(&hrt_thread, NULL, hrtimer_main, NULL),
			       "hrtimer: cannot start the timer thread\n");
}

void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim, u64 range_ns,
			    const enum hrtimer_mode mode)
{
	(void)range_ns;
	if (WARN_ONCE(!timer->function, "hrtimer: armed with no function\n"))
		return;
	if (mode & HRTIMER_MODE_REL)
		tim += timer->base->get_time();
	pthread_mutex_lock(&hrt_lock);
	start_thread_locked();
	dequeue_locked(timer);
	timer->expires = tim;
	timer->sim_cpu = (int)raw_smp_processor_id();
	if (thread_started)
		enqueue_locked(timer);
	pthread_mutex_unlock(&hrt_lock);
}

int hrtimer_try_to_cancel(struct hrtimer *timer)
{
	int ret;

	pthread_mutex_lock(&hrt_lock);
	if (timer->sim_running)
		ret = -1;
	else
		ret = dequeue_locked(timer);
	pthread_mutex_unlock(&hrt_lock);
	return ret;
}

int hrtimer_cancel(struct hrtimer *timer)
{
	bool was_active = false;

	pthread_mutex_lock(&hrt_lock);
	for (;;) {
		/* A function that re-arms its timer is taken off once it ends. */
		if (dequeue_locked(timer))
			was_active = true;
		if (!timer->sim_running)
			break;
		was_active = true;
		pthread_cond_wait(&hrt_cond, &hrt_lock);
	}
	pthread_mutex_unlock(&hrt_lock);
	return was_active;
}

bool hrtimer_active(const struct hrtimer *timer)
{
	bool active;

	/*
	 * Under the lock, as the kernel's seqcount read gives one consistent
	 * answer: "not active" then also orders the timer thread's last use
	 * of timer before whatever the caller does with it next.
	 */
	pthread_mutex_lock(&hrt_lock);
	active = timer->sim_queued || timer->sim_running;
	pthread_mutex_unlock(&hrt_lock);
	return active;
}

u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval)
{
	ktime_t late = now - timer->expires;
	u64 overruns;

	WARN_ON_ONCE(timer->sim_queued);
	if (late < 0)
		return 0;
	if (interval <= 0)
		interval = 1;
	/* The first expiry after now, whole intervals on. */
	overruns = (u64)(late / interval) + 1;
	timer->expires += (ktime_t)overruns * interval;
	return overruns;
}

void sim_hrtimer_exit(void)
{
	struct hrtimer *timer, *next;

	pthread_mutex_lock(&hrt_lock);
	if (!thread_started) {
		pthread_mutex_unlock(&hrt_lock);
		return;
	}
	list_for_each_entry_safe(timer, next, &armed, sim_node) {
		WARN(1, "hrtimer: %ps still armed at exit; cancelled\n", timer->function);
		dequeue_locked(timer);
	}
	thread_stop = true;
	pthread_cond_broadcast(&hrt_cond);
	pthread_mutex_unlock(&hrt_lock);
	pthread_join(hrt_thread, NULL);
	pthread_mutex_lock(&hrt_lock);
	/* A function that ran meanwhile may have armed its timer again. */
	list_for_each_entry_safe(timer, next, &armed, sim_node) {
		WARN(1, "hrtimer: %ps still armed at exit; cancelled\n", timer->function);
		dequeue_locked(timer);
	}
	pthread_cond_destroy(&hrt_cond);
	thread_stop = false;
	thread_started = false;
	pthread_mutex_unlock(&hrt_lock);
}
