// SPDX-License-Identifier: GPL-2.0
/*
 * Completions, wait queues and task sleep/wake-up as the kernel documents
 * them (Documentation/scheduler/completion.rst, kernel/sched/completion.c,
 * include/linux/wait.h, kernel/time/timer.c).  A task that
 * wakes another waits until that one sleeps (waitqueue_active(),
 * wait_task_inactive()), not for some time, so each case tests a wake-up
 * of a sleeper however slowly the host runs it.
 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include <linux/completion.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <sim/clock.h>
#include "shim_harness.h"

static void *run_after(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, fn, arg), 0);
	return (void *)t;
}

static void join(void *t)
{
	pthread_join((pthread_t)t, NULL);
}

/* completion.rst: complete() before the wait lets the wait return at once. */
static void test_complete_before_wait_does_not_block(void **state)
{
	DECLARE_COMPLETION_ONSTACK(done);

	complete(&done);
	assert_true(completion_done(&done));
	wait_for_completion(&done);
	assert_false(completion_done(&done));
}

/* complete(): each call lets exactly one wait through. */
static void test_each_complete_releases_one_wait(void **state)
{
	struct completion done;

	init_completion(&done);
	complete(&done);
	complete(&done);
	assert_true(try_wait_for_completion(&done));
	assert_true(try_wait_for_completion(&done));
	assert_false(try_wait_for_completion(&done));
}

/* complete_all(): every wait passes until reinit_completion(). */
static void test_complete_all_releases_every_wait_until_reinit(void **state)
{
	struct completion done;
	int i;

	init_completion(&done);
	complete_all(&done);
	for (i = 0; i < 5; i++)
		wait_for_completion(&done);
	assert_true(completion_done(&done));
	reinit_completion(&done);
	assert_false(completion_done(&done));
	assert_false(try_wait_for_completion(&done));
}

struct handoff {
	struct completion done;
	int value;
};

/* Wait until a task sleeps on wq: its wake-up is then the one tested. */
static void wait_for_sleeper(wait_queue_head_t *wq)
{
	while (!waitqueue_active(wq))
		msleep(1);
}

static void *complete_later(void *arg)
{
	struct handoff *h = arg;

	wait_for_sleeper(&h->done.wait);
	h->value = 42;		/* plain store: complete() orders it */
	complete(&h->done);
	return NULL;
}

/* Waiting sleeps until another task completes, and sees its stores. */
static void test_wait_sees_what_the_completer_wrote(void **state)
{
	struct handoff h = { .value = 0 };
	void *t;

	init_completion(&h.done);
	t = run_after(complete_later, &h);
	wait_for_completion(&h.done);
	assert_int_equal(h.value, 42);
	join(t);
}

/* _interruptible: 0 once completed (no signal can interrupt here). */
static void test_completion_interruptible_returns_zero(void **state)
{
	DECLARE_COMPLETION_ONSTACK(done);

	complete(&done);
	assert_int_equal(wait_for_completion_interruptible(&done), 0);
	complete(&done);
	assert_int_equal(wait_for_completion_killable(&done), 0);
}

/* Waiting may sleep: CONFIG_DEBUG_ATOMIC_SLEEP reports it in atomic context. */
static void test_completion_wait_in_atomic_context_is_reported(void **state)
{
	DECLARE_COMPLETION_ONSTACK(done);

	complete(&done);
	preempt_disable();
	wait_for_completion(&done);
	preempt_enable();
	assert_captured("BUG: sleeping function called from invalid context");
}

/* cond_resched() may sleep: 6.12's __might_resched() reports it in atomic context. */
static void test_cond_resched_in_atomic_context_is_reported(void **state)
{
	preempt_disable();
	cond_resched();
	preempt_enable();
	assert_captured("BUG: sleeping function called from invalid context");
}

/* A host thread is never flagged need_resched, so cond_resched() returns 0. */
static void test_cond_resched_of_a_host_thread_returns_zero(void **state)
{
	assert_int_equal(cond_resched(), 0);
}

static DECLARE_WAIT_QUEUE_HEAD(flag_wq);
static int flag;

static void *set_flag_later(void *arg)
{
	wait_for_sleeper(&flag_wq);
	WRITE_ONCE(flag, 1);
	wake_up(&flag_wq);
	return arg;
}

/* wait_event(): returns once the condition holds after a wake_up(). */
static void test_wait_event_returns_when_condition_holds(void **state)
{
	void *t;

	WRITE_ONCE(flag, 0);
	t = run_after(set_flag_later, NULL);
	wait_event(flag_wq, READ_ONCE(flag) == 1);
	assert_int_equal(READ_ONCE(flag), 1);
	join(t);
}

/* wait_event_timeout(): the whole timeout if true at once; 1 if true with no time left. */
static void test_wait_event_timeout_reports_time_left(void **state)
{
	DECLARE_WAIT_QUEUE_HEAD_ONSTACK(wq);

	assert_int_equal(wait_event_timeout(wq, true, 5), 5);
	assert_int_equal(wait_event_timeout(wq, true, 0), 1);
}

/* wait_event_interruptible(): 0 once the condition holds. */
static void test_wait_event_interruptible_returns_zero(void **state)
{
	void *t;

	WRITE_ONCE(flag, 0);
	t = run_after(set_flag_later, NULL);
	assert_int_equal(wait_event_interruptible(flag_wq, READ_ONCE(flag)), 0);
	join(t);
}

/* waitqueue_active(): false with no sleeper on the queue. */
static void test_waitqueue_without_sleepers_is_not_active(void **state)
{
	DECLARE_WAIT_QUEUE_HEAD_ONSTACK(wq);

	assert_false(waitqueue_active(&wq));
}

struct sleeper {
	struct task_struct *task;
	struct completion ready;
	int woken;
};

static void *sleep_until_woken(void *arg)
{
	struct sleeper *s = arg;

	s->task = current;
	set_current_state(TASK_INTERRUPTIBLE);
	complete(&s->ready);
	schedule();
	WRITE_ONCE(s->woken, 1);
	return NULL;
}

/* schedule() after set_current_state() sleeps until wake_up_process(), which returns 1. */
static void test_schedule_sleeps_until_wake_up_process(void **state)
{
	struct sleeper s = { .woken = 0 };
	void *t;

	init_completion(&s.ready);
	t = run_after(sleep_until_woken, &s);
	wait_for_completion(&s.ready);
	/* Nonzero only once it sleeps; 0 if schedule() let it go unwoken. */
	assert_true(wait_task_inactive(s.task, TASK_INTERRUPTIBLE));
	assert_int_equal(READ_ONCE(s.woken), 0);
	assert_int_equal(wake_up_process(s.task), 1);
	join(t);
	assert_int_equal(s.woken, 1);
}

/* wake_up_process() of a running task: 0. */
static void test_wake_up_of_running_task_returns_zero(void **state)
{
	assert_int_equal(wake_up_process(current), 0);
}

/*
 * Timed waits on the held clock (sim/clock.h): the waiter sleeps in
 * another thread while the test moves the clock, so a timeout ends at the
 * jiffy the kernel ends it (schedule_timeout(): expire = jiffies + timeout,
 * fixed once), however slowly the host runs either thread.
 */
#define TIMEOUT_JIFFIES	msecs_to_jiffies(20)
#define JIFFY_NS	(NSEC_PER_SEC / HZ)

struct timed_wait {
	long (*wait)(struct timed_wait *w);
	void (*wake)(struct timed_wait *w);
	struct task_struct *task;
	struct completion done;
	wait_queue_head_t wq;
	int flag;
	unsigned long started_at, returned_at;
	long left;
	bool returned;
};

static long completion_wait(struct timed_wait *w)
{
	return (long)wait_for_completion_timeout(&w->done, TIMEOUT_JIFFIES);
}

static void completion_wake(struct timed_wait *w)
{
	complete(&w->done);
}

static long event_wait(struct timed_wait *w)
{
	return wait_event_timeout(w->wq, READ_ONCE(w->flag), TIMEOUT_JIFFIES);
}

static void event_wake(struct timed_wait *w)
{
	WRITE_ONCE(w->flag, 1);
	wake_up(&w->wq);
}

static long schedule_wait(struct timed_wait *w)
{
	set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(TIMEOUT_JIFFIES);
}

static void schedule_wake(struct timed_wait *w)
{
	wake_up_process(w->task);
}

static long msleep_wait(struct timed_wait *w)
{
	msleep(jiffies_to_msecs(TIMEOUT_JIFFIES));
	return 0;
}

static void *timed_waiter(void *arg)
{
	struct timed_wait *w = arg;

	w->started_at = jiffies;
	__atomic_store_n(&w->task, current, __ATOMIC_RELEASE);
	w->left = w->wait(w);
	w->returned_at = jiffies;
	__atomic_store_n(&w->returned, true, __ATOMIC_RELEASE);
	return NULL;
}

#define ASLEEP	(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* With the clock held: start w's wait in a thread; whether it was seen asleep in it. */
static bool start_timed_wait(struct timed_wait *w, void **thread)
{
	init_completion(&w->done);
	init_waitqueue_head(&w->wq);
	w->flag = 0;
	w->returned = false;
	w->task = NULL;
	*thread = run_after(timed_waiter, w);
	while (!__atomic_load_n(&w->task, __ATOMIC_ACQUIRE))
		usleep(1000);	/* host time: msleep() would wait for the held clock */
	while (!__atomic_load_n(&w->returned, __ATOMIC_ACQUIRE)) {
		if (wait_task_inactive(w->task, ASLEEP))
			return true;
		usleep(1000);	/* not yet in its sleeping state */
	}
	return false;
}

/*
 * After the clock moved: whether w's waiter still sleeps once it has gone
 * back to sleep twice since (the second time after a look at the clock
 * that followed the move), or it left its wait.
 */
static bool asleep_after_seeing_the_clock(struct timed_wait *w)
{
	unsigned long before = wait_task_inactive(w->task, ASLEEP), now = before;

	while (now && now - before < 2) {
		usleep(1000);
		now = wait_task_inactive(w->task, ASLEEP);
	}
	return now != 0;
}

/*
 * The waiter is asleep until the clock reaches the timeout: one jiffy
 * short it still sleeps, at the timeout it returns 0 (timed out), at
 * exactly the jiffy the timeout ends.
 */
static void check_times_out_at_its_end(struct timed_wait *w)
{
	bool asleep_at_start, asleep_a_jiffy_short;
	void *t;

	sim_clock_hold();
	asleep_at_start = start_timed_wait(w, &t);
	sim_clock_advance((TIMEOUT_JIFFIES - 1) * JIFFY_NS);
	asleep_a_jiffy_short = asleep_at_start && asleep_after_seeing_the_clock(w);
	sim_clock_advance(JIFFY_NS);
	join(t);
	sim_clock_release();
	assert_true(asleep_at_start);
	assert_true(asleep_a_jiffy_short);
	assert_int_equal(w->left, 0);
	assert_int_equal(w->returned_at - w->started_at, TIMEOUT_JIFFIES);
}

/* Woken 5 jiffies into the timeout, the waiter returns exactly the jiffies left. */
static void check_woken_early_returns_the_jiffies_left(struct timed_wait *w)
{
	bool asleep_at_start, asleep_after_5;
	void *t;

	sim_clock_hold();
	asleep_at_start = start_timed_wait(w, &t);
	sim_clock_advance(5 * JIFFY_NS);
	asleep_after_5 = asleep_at_start && asleep_after_seeing_the_clock(w);
	w->wake(w);
	join(t);
	sim_clock_release();
	assert_true(asleep_at_start);
	assert_true(asleep_after_5);
	assert_int_equal(w->left, TIMEOUT_JIFFIES - 5);
	assert_int_equal(w->returned_at - w->started_at, 5);
}

/* wait_for_completion_timeout(): 0 once the timeout has passed, not a jiffy sooner. */
static void test_completion_timeout_returns_zero_at_its_end(void **state)
{
	struct timed_wait w = { .wait = completion_wait };

	check_times_out_at_its_end(&w);
	assert_false(completion_done(&w.done));
}

/* wait_for_completion_timeout(): completed, the jiffies left. */
static void test_completion_timeout_returns_time_left(void **state)
{
	struct timed_wait w = { .wait = completion_wait, .wake = completion_wake };

	check_woken_early_returns_the_jiffies_left(&w);
}

/* wait_event_timeout(): 0 when the condition stays false to the end. */
static void test_wait_event_timeout_returns_zero_at_its_end(void **state)
{
	struct timed_wait w = { .wait = event_wait };

	check_times_out_at_its_end(&w);
}

/* wait_event_timeout(): the condition made true, the jiffies left. */
static void test_wait_event_timeout_woken_returns_time_left(void **state)
{
	struct timed_wait w = { .wait = event_wait, .wake = event_wake };

	check_woken_early_returns_the_jiffies_left(&w);
}

/* schedule_timeout(): 0 once the timeout has passed, and the task running. */
static void test_schedule_timeout_returns_zero_at_its_end(void **state)
{
	struct timed_wait w = { .wait = schedule_wait };

	check_times_out_at_its_end(&w);
	assert_true(task_is_running(w.task));
}

/* schedule_timeout(): woken by wake_up_process(), the jiffies left. */
static void test_schedule_timeout_woken_returns_time_left(void **state)
{
	struct timed_wait w = { .wait = schedule_wait, .wake = schedule_wake };

	check_woken_early_returns_the_jiffies_left(&w);
}

/* msleep(): returns once its jiffies have passed, not a jiffy sooner. */
static void test_msleep_sleeps_its_jiffies(void **state)
{
	struct timed_wait w = { .wait = msleep_wait };

	check_times_out_at_its_end(&w);
}

/* Nanoseconds on the clock jiffies count from. */
static long long monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#define JIFFY_SAMPLES 120

/*
 * jiffies count the whole ticks passed: between two reads at least as
 * many as whole ticks fit between the clock read just after the first and
 * the one just before the second.  Sampled for over a second, so that the
 * reads cross the point where the clock's nanoseconds pass those of the
 * library's start.
 */
static void test_jiffies_count_every_whole_tick_passed(void **state)
{
	static long long before_ns[JIFFY_SAMPLES], after_ns[JIFFY_SAMPLES];
	static unsigned long ticks[JIFFY_SAMPLES];
	const long long tick_ns = 1000000000LL / HZ;
	int i, k;

	for (i = 0; i < JIFFY_SAMPLES; i++) {
		before_ns[i] = monotonic_ns();
		ticks[i] = jiffies;
		after_ns[i] = monotonic_ns();
		usleep_range(10000, 10000);
	}
	for (i = 0; i < JIFFY_SAMPLES; i++)
		for (k = i + 1; k < JIFFY_SAMPLES; k++)
			if ((long long)(ticks[k] - ticks[i]) <
			    (before_ns[k] - after_ns[i]) / tick_ns)
				fail_msg("reads %d and %d: %lu ticks in more than %lld ns", i, k,
					 ticks[k] - ticks[i], before_ns[k] - after_ns[i]);
}

#define CLEAN(t)	cmocka_unit_test_setup_teardown(t, expect_clean_setup, expect_clean_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CLEAN(test_complete_before_wait_does_not_block),
		CLEAN(test_each_complete_releases_one_wait),
		CLEAN(test_complete_all_releases_every_wait_until_reinit),
		CLEAN(test_completion_timeout_returns_zero_at_its_end),
		CLEAN(test_wait_sees_what_the_completer_wrote),
		CLEAN(test_completion_timeout_returns_time_left),
		CLEAN(test_completion_interruptible_returns_zero),
		cmocka_unit_test_setup_teardown(test_completion_wait_in_atomic_context_is_reported,
						report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_cond_resched_in_atomic_context_is_reported,
						report_setup, report_teardown),
		CLEAN(test_cond_resched_of_a_host_thread_returns_zero),
		CLEAN(test_wait_event_returns_when_condition_holds),
		CLEAN(test_wait_event_timeout_returns_zero_at_its_end),
		CLEAN(test_wait_event_timeout_woken_returns_time_left),
		CLEAN(test_wait_event_timeout_reports_time_left),
		CLEAN(test_wait_event_interruptible_returns_zero),
		CLEAN(test_waitqueue_without_sleepers_is_not_active),
		CLEAN(test_schedule_sleeps_until_wake_up_process),
		CLEAN(test_wake_up_of_running_task_returns_zero),
		CLEAN(test_schedule_timeout_returns_zero_at_its_end),
		CLEAN(test_schedule_timeout_woken_returns_time_left),
		CLEAN(test_msleep_sleeps_its_jiffies),
		CLEAN(test_jiffies_count_every_whole_tick_passed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
