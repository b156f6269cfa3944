// SPDX-License-Identifier: GPL-2.0
/*
 * The sleeping primitives under the deterministic scheduler (sim/det.h):
 * a task that waits (completion, wait queue, rwsem, seqlock reader)
 * yields to the others at a preemption point, so every seed's
 * interleaving ends, keeps the primitive's guarantee and replays; a wait
 * that can never end is caught by the step limit instead of hanging.
 * Kthreads and work items started during a run are tasks of it, kept on
 * their CPUs, waited for by yielding, and scheduled by the seed too.
 */
#include <sim/det.h>
#include <linux/completion.h>
#include <linux/wait.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/spinlock.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include "shim_harness.h"

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

/* ---- kthreads and work items are tasks of the run ---- */

static struct task_struct *spawned;
static int stop_result;
static bool kthread_left_its_cpu;

/* Bound to CPU 1: every point it passes must find it there (kthread_bind()). */
static int spin_on_bound_cpu(void *arg)
{
	while (!kthread_should_stop()) {
		if (raw_smp_processor_id() != 1)
			WRITE_ONCE(kthread_left_its_cpu, true);
		cond_resched();
	}
	return 100 + (int)raw_smp_processor_id();
}

static void create_run_and_stop(void *arg)
{
	int i;

	spawned = kthread_create_on_cpu(spin_on_bound_cpu, NULL, 1, "det/%u");
	if (IS_ERR(spawned)) {
		stop_result = (int)PTR_ERR(spawned);
		return;
	}
	wake_up_process(spawned);
	for (i = 0; i < 5; i++)
		cond_resched();
	stop_result = kthread_stop(spawned);
}

/* A task that only passes points, so the others interleave with it. */
static void busy_elsewhere(void *arg)
{
	int i;

	for (i = 0; i < 20; i++)
		cond_resched();
}

static const struct sim_det_task_spec kthread_tasks[] = {
	{ create_run_and_stop, NULL, 0, 0 },
	{ busy_elsewhere, NULL, 1, 0 },
};

static void reset_kthread(void)
{
	spawned = NULL;
	stop_result = 0;
	kthread_left_its_cpu = false;
}

static bool kthread_stopped_on_its_cpu(void)
{
	return stop_result == 101 && !kthread_left_its_cpu;
}

/*
 * A kthread created in a run is a task of it: it starts at
 * wake_up_process(), stays on the CPU kthread_create_on_cpu() bound it to
 * and kthread_stop() returns threadfn's result (kthread_stop(),
 * kernel/kthread.c), in every interleaving.
 */
static void test_kthread_runs_and_stops_in_every_interleaving(void **state)
{
	run_every_seed(kthread_tasks, ARRAY_SIZE(kthread_tasks), reset_kthread,
		       kthread_stopped_on_its_cpu);
}

static struct workqueue_struct *bound_wq;
static struct work_struct cpu_work[2];
static int work_cpu[2], queued_cpu[2];
static bool flushed_after_run[2];

static void note_cpu(struct work_struct *work)
{
	int i = (int)(work - cpu_work);

	cond_resched();
	work_cpu[i] = (int)smp_processor_id();
}

/* Queue cpu_work[i] on the bound workqueue from where this task is, then flush it. */
static void queue_here_and_flush(void *arg)
{
	int i = (int)(long)arg;

	migrate_disable();
	queued_cpu[i] = (int)smp_processor_id();
	queue_work(bound_wq, &cpu_work[i]);
	migrate_enable();
	flush_work(&cpu_work[i]);
	flushed_after_run[i] = work_cpu[i] == queued_cpu[i];
}

static const struct sim_det_task_spec work_tasks[] = {
	{ queue_here_and_flush, (void *)0L, 0, 0 },
	{ queue_here_and_flush, (void *)1L, 1, 0 },
};

static void reset_work(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		INIT_WORK(&cpu_work[i], note_cpu);
		work_cpu[i] = queued_cpu[i] = -1;
		flushed_after_run[i] = false;
	}
}

static bool work_ran_where_queued(void)
{
	return flushed_after_run[0] && flushed_after_run[1];
}

/*
 * On a per-CPU workqueue an item runs on the CPU queue_work() was called
 * on (queue_work_on(), kernel/workqueue.c), as a task of the run, and
 * flush_work() returns only once it ran, in every interleaving.
 */
static void test_bound_work_runs_on_the_queueing_cpu_in_every_interleaving(void **state)
{
	bound_wq = alloc_workqueue("det_bound", 0, 0);
	assert_non_null(bound_wq);
	run_every_seed(work_tasks, ARRAY_SIZE(work_tasks), reset_work,
		       work_ran_where_queued);
	destroy_workqueue(bound_wq);
}

/* Run the kthread and work scenarios together with seed. */
static int run_spawning(u64 seed, struct sim_det_result *res)
{
	const struct sim_det_task_spec tasks[] = {
		kthread_tasks[0], kthread_tasks[1], work_tasks[0], work_tasks[1],
	};
	struct sim_det_params params = params_for(seed);

	reset_kthread();
	reset_work();
	return sim_det_run(&params, tasks, ARRAY_SIZE(tasks), res);
}

/* Spawned tasks are scheduled by the seed too: one seed replays exactly, another differs. */
static void test_spawning_run_replays(void **state)
{
	struct sim_det_result a, b, other;

	bound_wq = alloc_workqueue("det_bound", 0, 0);
	assert_non_null(bound_wq);
	assert_int_equal(run_spawning(7, &a), 0);
	assert_int_equal(run_spawning(7, &b), 0);
	assert_int_equal(run_spawning(8, &other), 0);
	destroy_workqueue(bound_wq);
	assert_int_equal(a.trace_hash, b.trace_hash);
	assert_int_equal(a.steps, b.steps);
	assert_int_not_equal(a.trace_hash, other.trace_hash);
}

#define ORDERED_ITEMS	4

static struct workqueue_struct *ordered_wq;
static struct work_struct ordered_work[ORDERED_ITEMS];
static DEFINE_SPINLOCK(queue_order_lock);
static int queue_order[ORDERED_ITEMS], run_order[ORDERED_ITEMS];
static int nr_queued, nr_run;

static void note_run_order(struct work_struct *work)
{
	cond_resched();
	run_order[nr_run++] = (int)(work - ordered_work);
	cond_resched();
}

/* Queue items first..first+1, noting the order queueings happen in. */
static void queue_two_ordered(void *arg)
{
	int first = (int)(long)arg, i;

	for (i = first; i < first + 2; i++) {
		spin_lock(&queue_order_lock);
		queue_order[nr_queued++] = i;
		queue_work(ordered_wq, &ordered_work[i]);
		spin_unlock(&queue_order_lock);
		cond_resched();
	}
	flush_workqueue(ordered_wq);
}

static void reset_ordered(void)
{
	int i;

	for (i = 0; i < ORDERED_ITEMS; i++)
		INIT_WORK(&ordered_work[i], note_run_order);
	nr_queued = nr_run = 0;
}

static bool ran_in_queueing_order(void)
{
	return nr_run == ORDERED_ITEMS &&
	       !memcmp(run_order, queue_order, sizeof(run_order));
}

/*
 * An ordered workqueue runs one item at a time in queueing order
 * (alloc_ordered_workqueue(), include/linux/workqueue.h), whichever order
 * the seed queues them in.
 */
static void test_ordered_workqueue_keeps_queueing_order_in_every_interleaving(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ queue_two_ordered, (void *)0L, 0, 0 },
		{ queue_two_ordered, (void *)2L, 1, 0 },
	};

	ordered_wq = alloc_ordered_workqueue("det_ordered", 0);
	assert_non_null(ordered_wq);
	run_every_seed(tasks, ARRAY_SIZE(tasks), reset_ordered, ran_in_queueing_order);
	destroy_workqueue(ordered_wq);
}

static struct delayed_work det_dwork;
static bool dwork_queued;

static void never_runs(struct work_struct *work)
{
}

static void queue_delayed(void *arg)
{
	dwork_queued = queue_delayed_work(system_wq, &det_dwork, 1);
}

/* Delayed work needs the timer thread, which a run cannot schedule: refused with a WARN. */
static void test_delayed_work_is_refused(void **state)
{
	const struct sim_det_task_spec tasks[] = { { queue_delayed, NULL, 0, 0 } };
	struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;
	unsigned long warns = sim_warn_count();

	INIT_DELAYED_WORK(&det_dwork, never_runs);
	assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), 0);
	assert_false(dwork_queued);
	assert_false(delayed_work_pending(&det_dwork));
	assert_int_equal(sim_warn_count(), warns + 1);
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
		cmocka_unit_test(test_kthread_runs_and_stops_in_every_interleaving),
		cmocka_unit_test(test_bound_work_runs_on_the_queueing_cpu_in_every_interleaving),
		cmocka_unit_test(test_spawning_run_replays),
		cmocka_unit_test(test_ordered_workqueue_keeps_queueing_order_in_every_interleaving),
		cmocka_unit_test_setup_teardown(test_delayed_work_is_refused,
						report_setup, report_teardown),
	};

	sim_set_cpu(0);
	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
