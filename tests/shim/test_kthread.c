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
#include "harness.h"

static int ran;

static int set_ran(void *data)
{
	WRITE_ONCE(ran, 1);
	return (int)(long)data;
}

/* kthread_create(): the new thread does not run until woken. */
static void test_created_thread_waits_for_wake_up(void **state)
{
	struct task_struct *k;

	WRITE_ONCE(ran, 0);
	k = kthread_create(set_ran, (void *)7L, "waiter");
	assert_false(IS_ERR(k));
	msleep(20);
	assert_int_equal(READ_ONCE(ran), 0);
	assert_int_equal(wake_up_process(k), 1);
	assert_int_equal(kthread_stop(k), 7);
	assert_int_equal(ran, 1);
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
	msleep(10);
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

/* kthread_park(): returns 0 once the thread is parked; it stays still until kthread_unpark(). */
static void test_park_holds_the_thread_until_unpark(void **state)
{
	int loops = 0, parked_at;
	struct task_struct *k = kthread_run(park_loop, &loops, "parker");

	while (READ_ONCE(loops) < 2)
		msleep(1);
	assert_int_equal(kthread_park(k), 0);
	parked_at = READ_ONCE(loops);
	msleep(20);
	assert_int_equal(READ_ONCE(loops), parked_at);
	kthread_unpark(k);
	while (READ_ONCE(loops) == parked_at)
		msleep(1);
	assert_int_equal(kthread_stop(k), 0);
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
