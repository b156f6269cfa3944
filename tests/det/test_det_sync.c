// SPDX-License-Identifier: GPL-2.0
/*
 * The sleeping primitives under the deterministic scheduler (sim_det.h):
 * a task that waits (completion, wait queue, rwsem, seqlock reader)
 * yields to the others at a preemption point, so every seed's
 * interleaving ends, keeps the primitive's guarantee and replays; a wait
 * that can never end is caught by the step limit instead of hanging.
 */
#include <linux/sim_det.h>
#include <linux/completion.h>
#include <linux/wait.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include "harness.h"

#define SEEDS	200

static struct sim_det_params params_for(u64 seed)
{
	return (struct sim_det_params){ .seed = seed, .migrate_permille = 50,
					.max_steps = 200000 };
}

/* Run the scenario with seeds 1..SEEDS: each run ends and holds() after it. */
static void run_every_seed(const struct sim_det_task_spec *tasks, unsigned int nr,
			   void (*reset)(void), bool (*holds)(void))
{
	struct sim_det_result res;
	u64 seed;

	for (seed = 1; seed <= SEEDS; seed++) {
		struct sim_det_params params = params_for(seed);

		reset();
		assert_int_equal(sim_det_run(&params, tasks, nr, &res), 0);
		if (!holds())
			fail_msg("seed %llu breaks the guarantee", (unsigned long long)seed);
	}
}

/* ---- completion: the waiter sees what the completer wrote ---- */

static struct completion handed;
static int handed_value, seen_value;

static void producer(void *arg)
{
	WRITE_ONCE(handed_value, 42);
	complete(&handed);
}

static void consumer(void *arg)
{
	wait_for_completion(&handed);
	seen_value = READ_ONCE(handed_value);
}

static const struct sim_det_task_spec handoff_tasks[] = {
	{ consumer, NULL, 0, 0 },
	{ producer, NULL, 1, 0 },
};

static void reset_handoff(void);

static int run_handoff(u64 seed, struct sim_det_result *res)
{
	struct sim_det_params params = params_for(seed);

	reset_handoff();
	return sim_det_run(&params, handoff_tasks, ARRAY_SIZE(handoff_tasks), res);
}

static void reset_handoff(void)
{
	init_completion(&handed);
	handed_value = seen_value = 0;
}

static bool value_seen(void)
{
	return seen_value == 42;
}

/* wait_for_completion() returns in every interleaving, after complete(). */
static void test_completion_hands_over_in_every_interleaving(void **state)
{
	run_every_seed(handoff_tasks, ARRAY_SIZE(handoff_tasks), reset_handoff, value_seen);
}

/* One seed, one interleaving: the run replays exactly. */
static void test_completion_run_replays(void **state)
{
	struct sim_det_result a, b;

	assert_int_equal(run_handoff(7, &a), 0);
	assert_int_equal(run_handoff(7, &b), 0);
	assert_int_equal(a.trace_hash, b.trace_hash);
	assert_int_equal(a.steps, b.steps);
}

/* ---- wait queue: wait_event() sees the condition a wake_up() announced ---- */

static DECLARE_WAIT_QUEUE_HEAD(flag_wq);
static int flag, woke;

static void set_and_wake(void *arg)
{
	WRITE_ONCE(flag, 1);
	wake_up(&flag_wq);
}

static void wait_for_flag(void *arg)
{
	wait_event(flag_wq, READ_ONCE(flag));
	woke = 1;
}

static void reset_flag(void)
{
	flag = woke = 0;
}

static bool waiter_woke(void)
{
	return woke == 1;
}

/* wait_event() + wake_up(): the waiter gets through in every interleaving. */
static void test_wait_event_returns_in_every_interleaving(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ wait_for_flag, NULL, 0, 0 },
		{ set_and_wake, NULL, 1, 0 },
	};

	run_every_seed(tasks, ARRAY_SIZE(tasks), reset_flag, waiter_woke);
}

/* ---- rwsem: writers on both CPUs lose no update ---- */

static DECLARE_RWSEM(sem);
static long counter, mid_write_reads;

#define INCREMENTS	20

static void increment_under_rwsem(void *arg)
{
	int i;

	for (i = 0; i < INCREMENTS; i++) {
		/* Two steps, so a reader let in mid-write sees an odd count. */
		down_write(&sem);
		WRITE_ONCE(counter, READ_ONCE(counter) + 1);
		WRITE_ONCE(counter, READ_ONCE(counter) + 1);
		up_write(&sem);
		down_read(&sem);
		if (READ_ONCE(counter) & 1)
			mid_write_reads++;
		up_read(&sem);
	}
}

static void reset_counter(void)
{
	counter = mid_write_reads = 0;
}

static bool no_update_lost(void)
{
	return counter == 2 * 3 * INCREMENTS && !mid_write_reads;
}

/* down_write() excludes the other writers and the readers in every interleaving. */
static void test_rwsem_writers_lose_no_update(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ increment_under_rwsem, NULL, 0, 0 },
		{ increment_under_rwsem, NULL, 1, 0 },
		{ increment_under_rwsem, NULL, 0, 0 },
	};

	run_every_seed(tasks, ARRAY_SIZE(tasks), reset_counter, no_update_lost);
}

/* ---- seqlock: a reader that does not retry saw one whole update ---- */

static DEFINE_SEQLOCK(seq);
static long pair_a, pair_b, torn;

static void seqlock_writer(void *arg)
{
	int i;

	for (i = 0; i < INCREMENTS; i++) {
		write_seqlock(&seq);
		WRITE_ONCE(pair_a, pair_a + 1);
		WRITE_ONCE(pair_b, pair_b + 1);
		write_sequnlock(&seq);
	}
}

static void seqlock_reader(void *arg)
{
	int i;

	for (i = 0; i < INCREMENTS; i++) {
		unsigned int start;
		long a, b;

		do {
			start = read_seqbegin(&seq);
			a = READ_ONCE(pair_a);
			b = READ_ONCE(pair_b);
		} while (read_seqretry(&seq, start));
		torn += a != b;
	}
}

static void reset_pair(void)
{
	pair_a = pair_b = torn = 0;
}

static bool none_torn(void)
{
	return torn == 0 && pair_a == INCREMENTS;
}

/* read_seqbegin()/read_seqretry(): never a torn pair, whatever the interleaving. */
static void test_seqlock_reader_never_sees_a_torn_pair(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ seqlock_writer, NULL, 0, 0 },
		{ seqlock_reader, NULL, 1, 0 },
	};

	run_every_seed(tasks, ARRAY_SIZE(tasks), reset_pair, none_torn);
}

/* ---- waits that cannot end ---- */

static struct completion never;

static void wait_forever(void *arg)
{
	wait_for_completion(&never);
}

/* A completion nobody completes: the run ends at the step limit (-EDEADLK). */
static void test_endless_wait_is_caught_by_the_step_limit(void **state)
{
	const struct sim_det_task_spec tasks[] = { { wait_forever, NULL, 0, 0 } };
	struct sim_det_params params = { .seed = 1, .max_steps = 10000 };
	struct sim_det_result res;

	init_completion(&never);
	assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), -EDEADLK);
	assert_true(res.livelock);
}

static unsigned long timeout_left;

static void wait_with_timeout(void *arg)
{
	timeout_left = wait_for_completion_timeout(&never, 50);
}

/* wait_for_completion_timeout(): 0 once the timeout passed, one jiffy per yield. */
static void test_timeout_expires_after_its_jiffies_of_yields(void **state)
{
	const struct sim_det_task_spec tasks[] = { { wait_with_timeout, NULL, 0, 0 } };
	struct sim_det_params params = { .seed = 3 };
	struct sim_det_result res;

	init_completion(&never);
	timeout_left = 1;
	assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), 0);
	assert_int_equal(timeout_left, 0);
	assert_true(res.steps >= 50);
}

static int go;
static int resched_ret;

static void spin_until_go(void *arg)
{
	while (!READ_ONCE(go))
		resched_ret |= cond_resched();
}

static void set_go(void *arg)
{
	WRITE_ONCE(go, 1);
}

/*
 * cond_resched() is a voluntary scheduling point: a task that polls with
 * it lets the others run, so the run ends, and it says it rescheduled (1).
 */
static void test_cond_resched_lets_the_other_tasks_run(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ spin_until_go, NULL, 0, 0 },
		{ set_go, NULL, 0, 0 },
	};
	struct sim_det_params params = { .seed = 5, .max_steps = 100000 };
	struct sim_det_result res;

	go = 0;
	resched_ret = 0;
	assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), 0);
	assert_int_equal(READ_ONCE(go), 1);
	assert_int_equal(resched_ret, 1);
}

static struct work_struct det_work;
static bool det_work_queued;
static struct task_struct *det_kthread;

static void det_work_fn(struct work_struct *work)
{
}

static int det_kthread_fn(void *arg)
{
	return 0;
}

static void queue_and_spawn(void *arg)
{
	det_work_queued = queue_work(system_wq, &det_work);
	det_kthread = kthread_create(det_kthread_fn, NULL, "det");
}

/* Workers and kthreads are threads the scheduler cannot run: refused with a WARN each. */
static void test_workqueue_and_kthread_are_refused(void **state)
{
	const struct sim_det_task_spec tasks[] = { { queue_and_spawn, NULL, 0, 0 } };
	struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;
	unsigned long warns = sim_warn_count();

	INIT_WORK(&det_work, det_work_fn);
	assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), 0);
	assert_false(det_work_queued);
	assert_false(work_pending(&det_work));
	assert_int_equal(PTR_ERR(det_kthread), -EINVAL);
	assert_int_equal(sim_warn_count(), warns + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_completion_hands_over_in_every_interleaving),
		cmocka_unit_test(test_completion_run_replays),
		cmocka_unit_test(test_wait_event_returns_in_every_interleaving),
		cmocka_unit_test(test_rwsem_writers_lose_no_update),
		cmocka_unit_test(test_seqlock_reader_never_sees_a_torn_pair),
		cmocka_unit_test(test_endless_wait_is_caught_by_the_step_limit),
		cmocka_unit_test(test_timeout_expires_after_its_jiffies_of_yields),
		cmocka_unit_test(test_cond_resched_lets_the_other_tasks_run),
		cmocka_unit_test_setup_teardown(test_workqueue_and_kthread_are_refused,
						report_setup, report_teardown),
	};

	sim_set_cpu(0);
	return cmocka_run_group_tests(tests, expect_clean_setup, expect_clean_teardown);
}
