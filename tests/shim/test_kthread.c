// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel threads as kernel/kthread.c documents them: created stopped,
 * started by wake_up_process(), stopped by kthread_stop() with
 * threadfn's result, bound to a CPU by kthread_bind(), parked and
 * unparked.
 */
#include <string.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/smp.h>
#include <sim/det.h>
#include "shim_harness.h"

static int ran;

static int set_ran(void *data)
{
	WRITE_ONCE(ran, 1);
	return (int)(long)data;
}

/* Deterministic runs of one task (sim/det.h): the same interleaving on any host. */
#define SEEDS	20

static void run_every_seed(void (*fn)(void *arg), void (*reset)(void),
			   bool (*holds)(void))
{
	const struct sim_det_task_spec tasks[] = { { fn, NULL, 0, 0 } };
	struct sim_det_result res;
	u64 seed;

	for (seed = 1; seed <= SEEDS; seed++) {
		struct sim_det_params params = { .seed = seed, .max_steps = 200000 };

		reset();
		assert_int_equal(sim_det_run(&params, tasks, 1, &res), 0);
		if (!holds())
			fail_msg("seed %llu breaks the guarantee", (unsigned long long)seed);
	}
}

/* Points the other tasks of a run may take, as many as a thread could. */
static void let_others_run(void)
{
	int i;

	for (i = 0; i < 100; i++)
		cond_resched();
}

static int ran_before_wake, stop_result;

static void create_wait_then_wake(void *unused)
{
	struct task_struct *k = kthread_create(set_ran, (void *)7L, "waiter");

	if (IS_ERR(k)) {
		stop_result = (int)PTR_ERR(k);
		return;
	}
	let_others_run();
	ran_before_wake = READ_ONCE(ran);
	wake_up_process(k);
	stop_result = kthread_stop(k);
}

static void reset_waiter(void)
{
	ran = ran_before_wake = stop_result = 0;
}

static bool waiter_ran_only_once_woken(void)
{
	return !ran_before_wake && stop_result == 7 && ran;
}

/*
 * kthread_create(): the new thread does not run until woken, however
 * much the creator lets it; once woken it runs and kthread_stop() returns
 * threadfn's result.
 */
static void test_created_thread_waits_for_wake_up(void **state)
{
	run_every_seed(create_wait_then_wake, reset_waiter, waiter_ran_only_once_woken);
}

/* kthread(): stopped before it ever ran, threadfn is not called and kthread_stop() returns -EINTR. */
static void test_stop_before_start_returns_eintr(void **state)
{
	struct task_struct *k;

	WRITE_ONCE(ran, 0);
	k = kthread_create(set_ran, NULL, "never");
	assert_false(IS_ERR(k));
	assert_int_equal(kthread_stop(k), -EINTR);
	assert_int_equal(ran, 0);
}

static int loop_until_stopped(void *data)
{
	int *loops = data;

	while (!kthread_should_stop()) {
		WRITE_ONCE(*loops, READ_ONCE(*loops) + 1);
		schedule_timeout_interruptible(1);
	}
	return 42;
}

/* kthread_run(): runs at once; kthread_should_stop() turns true at kthread_stop(), which returns threadfn's result. */
static void test_run_then_stop_returns_result(void **state)
{
	int loops = 0;
	struct task_struct *k = kthread_run(loop_until_stopped, &loops, "looper");

	assert_false(IS_ERR(k));
	while (READ_ONCE(loops) < 3)
		msleep(1);
	assert_int_equal(kthread_stop(k), 42);
}

static int sleep_until_stopped(void *data)
{
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/* kthread_stop() wakes a thread asleep in schedule(). */
static void test_stop_wakes_a_sleeping_thread(void **state)
{
	struct task_struct *k = kthread_run(sleep_until_stopped, NULL, "sleeper");

	assert_false(IS_ERR(k));
	/* It set TASK_INTERRUPTIBLE to call schedule(); then wait until it sleeps there. */
	while (task_is_running(k))
		msleep(1);
	assert_true(wait_task_inactive(k, TASK_INTERRUPTIBLE));
	assert_int_equal(kthread_stop(k), 0);
}

/* The name is formatted from namefmt, as comm. */
static void test_name_is_formatted(void **state)
{
	struct task_struct *k = kthread_create(set_ran, NULL, "worker/%d:%s", 7, "x");

	assert_false(IS_ERR(k));
	assert_string_equal(k->comm, "worker/7:x");
	kthread_stop(k);
}

struct where {
	struct task_struct *task;
	int cpu;
};

static int record_where(void *data)
{
	struct where *w = data;

	w->task = current;
	w->cpu = smp_processor_id();
	return 0;
}

/* kthread_bind(): the thread runs on that CPU; current is the task returned. */
static void test_bound_thread_runs_on_its_cpu(void **state)
{
	struct where w = { NULL, -1 };
	struct task_struct *k = kthread_create(record_where, &w, "bound");

	assert_false(IS_ERR(k));
	kthread_bind(k, 1);
	wake_up_process(k);
	assert_int_equal(kthread_stop(k), 0);
	assert_int_equal(w.cpu, 1);
	assert_ptr_equal(w.task, k);
}

/* kthread_create_on_cpu(): bound to cpu and named with it. */
static void test_create_on_cpu_binds_and_names(void **state)
{
	struct where w = { NULL, -1 };
	struct task_struct *k = kthread_create_on_cpu(record_where, &w, 1, "percpu/%u");

	assert_false(IS_ERR(k));
	assert_string_equal(k->comm, "percpu/1");
	wake_up_process(k);
	kthread_stop(k);
	assert_int_equal(w.cpu, 1);
}

/* kthread_bind() of a running thread: the kernel WARNs and does not bind. */
static void test_bind_of_running_thread_warns(void **state)
{
	int loops = 0;
	struct task_struct *k = kthread_run(loop_until_stopped, &loops, "running");
	unsigned long warns = sim_warn_count();

	kthread_bind(k, 0);
	assert_int_equal(sim_warn_count(), warns + 1);
	kthread_stop(k);
}

static int park_loop(void *data)
{
	int *loops = data;

	while (!kthread_should_stop()) {
		if (kthread_should_park())
			kthread_parkme();
		WRITE_ONCE(*loops, READ_ONCE(*loops) + 1);
		schedule_timeout_interruptible(1);
	}
	return 0;
}

static int park_loops, loops_when_parked, loops_after_parked, park_result;

static void park_let_run_unpark(void *unused)
{
	struct task_struct *k = kthread_run(park_loop, &park_loops, "parker");

	if (IS_ERR(k)) {
		park_result = (int)PTR_ERR(k);
		return;
	}
	while (READ_ONCE(park_loops) < 2)
		cond_resched();
	park_result = kthread_park(k);
	loops_when_parked = READ_ONCE(park_loops);
	let_others_run();
	loops_after_parked = READ_ONCE(park_loops);
	kthread_unpark(k);
	while (READ_ONCE(park_loops) == loops_when_parked)
		cond_resched();
	park_result |= kthread_stop(k);
}

static void reset_parker(void)
{
	park_loops = loops_when_parked = loops_after_parked = park_result = 0;
}

static bool parked_thread_stayed_still(void)
{
	return !park_result && loops_after_parked == loops_when_parked;
}

/*
 * kthread_park(): returns 0 once the thread is parked; it stays still,
 * however much the parker lets it run, until kthread_unpark().
 */
static void test_park_holds_the_thread_until_unpark(void **state)
{
	run_every_seed(park_let_run_unpark, reset_parker, parked_thread_stayed_still);
}

/* kthread_should_stop() outside a kthread: to_kthread() WARNs. */
static void test_should_stop_outside_kthread_warns(void **state)
{
	unsigned long warns = sim_warn_count();

	assert_false(kthread_should_stop());
	assert_true(sim_warn_count() > warns);
}

#define CLEAN(t)	cmocka_unit_test_setup_teardown(t, expect_clean_setup, expect_clean_teardown)
#define REPORTS(t)	cmocka_unit_test_setup_teardown(t, report_setup, report_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CLEAN(test_created_thread_waits_for_wake_up),
		CLEAN(test_stop_before_start_returns_eintr),
		CLEAN(test_run_then_stop_returns_result),
		CLEAN(test_stop_wakes_a_sleeping_thread),
		CLEAN(test_name_is_formatted),
		CLEAN(test_bound_thread_runs_on_its_cpu),
		CLEAN(test_create_on_cpu_binds_and_names),
		REPORTS(test_bind_of_running_thread_warns),
		CLEAN(test_park_holds_the_thread_until_unpark),
		REPORTS(test_should_stop_outside_kthread_warns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
