// SPDX-License-Identifier: GPL-2.0
/*
 * Workqueues as Documentation/core-api/workqueue.rst and
 * kernel/workqueue.c document them: items run once per queueing on
 * workers of the simulated CPUs, bound work on its CPU, max_active and
 * ordering kept, non-reentrant, flushed, cancelled and delayed.
 */
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/libslab.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <sim/clock.h>
#include <sim/det.h>
#include "shim_harness.h"

struct probe {
	struct work_struct work;
	int runs;
	int cpu;
	struct completion ran;
};

static void probe_fn(struct work_struct *work)
{
	struct probe *p = container_of(work, struct probe, work);

	p->cpu = smp_processor_id();
	WRITE_ONCE(p->runs, READ_ONCE(p->runs) + 1);
	complete(&p->ran);
}

static void probe_init(struct probe *p)
{
	INIT_WORK(&p->work, probe_fn);
	p->runs = 0;
	p->cpu = -1;
	init_completion(&p->ran);
}

/* A gate: an item of an ordered workqueue that holds it until opened. */
struct gate {
	struct work_struct work;
	struct completion entered, open;
};

static void gate_fn(struct work_struct *work)
{
	struct gate *g = container_of(work, struct gate, work);

	complete(&g->entered);
	wait_for_completion(&g->open);
}

static void gate_init(struct gate *g)
{
	INIT_WORK(&g->work, gate_fn);
	init_completion(&g->entered);
	init_completion(&g->open);
}

/* An ordered workqueue whose gate item runs, with p queued behind it. */
static struct workqueue_struct *queue_behind_gate(struct gate *g, struct probe *p)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("gated", 0);

	gate_init(g);
	probe_init(p);
	queue_work(wq, &g->work);
	wait_for_completion(&g->entered);
	assert_true(queue_work(wq, &p->work));
	return wq;
}

/*
 * Wait until task is asleep (flush_work() and cancel_work_sync() sleep in
 * TASK_UNINTERRUPTIBLE): seen in that state, then in its wait.  A flush
 * that does not wait is caught by the caller's checks.
 */
static void wait_until_asleep(struct task_struct *task)
{
	while (task_is_running(task) && !kthread_should_stop())
		msleep(1);
	wait_task_inactive(task, TASK_UNINTERRUPTIBLE);
}

/* A gate, and the task that waits for what is behind it. */
struct gate_opener {
	struct gate *gate;
	struct task_struct *waiter;
};

/* Open the gate once the waiter sleeps: it waits by then, however slow the host. */
static int open_gate_when_waited_for(void *arg)
{
	struct gate_opener *o = arg;

	wait_until_asleep(o->waiter);
	complete(&o->gate->open);
	return 0;
}

/* queue_work(): the item runs once. */
static void test_queued_item_runs_once(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("once", 0, 0);
	struct probe p;

	probe_init(&p);
	assert_true(queue_work(wq, &p.work));
	wait_for_completion(&p.ran);
	flush_workqueue(wq);
	assert_int_equal(p.runs, 1);
	destroy_workqueue(wq);
}

/* queue_work(): false, queueing nothing, while the item is pending. */
static void test_queue_of_pending_item_returns_false(void **state)
{
	struct gate g;
	struct probe p;
	struct workqueue_struct *wq = queue_behind_gate(&g, &p);

	assert_true(work_pending(&p.work));
	assert_false(queue_work(wq, &p.work));
	complete(&g.open);
	flush_workqueue(wq);
	assert_int_equal(p.runs, 1);
	assert_false(work_pending(&p.work));
	destroy_workqueue(wq);
}

/* queue_work_on(): a bound workqueue runs the item on that CPU. */
static void test_bound_item_runs_on_its_cpu(void **state)
{
	struct probe p;
	int cpu;

	for_each_online_cpu(cpu) {
		probe_init(&p);
		assert_true(queue_work_on(cpu, system_wq, &p.work));
		flush_work(&p.work);
		assert_int_equal(p.runs, 1);
		assert_int_equal(p.cpu, cpu);
	}
}

/* queue_work(): on a bound workqueue, the queueing task's CPU. */
static void test_queue_work_uses_the_callers_cpu(void **state)
{
	struct probe p;

	probe_init(&p);
	assert_int_equal(sim_set_cpu(2), 0);
	assert_true(schedule_work(&p.work));
	flush_work(&p.work);
	assert_int_equal(p.cpu, 2);
	sim_set_cpu(0);
}

/* queue_work_on() an offline CPU: the item still runs, on an online CPU. */
static void test_item_for_offline_cpu_runs_elsewhere(void **state)
{
	struct probe p;

	probe_init(&p);
	assert_int_equal(sim_cpu_offline(3), 0);
	assert_true(queue_work_on(3, system_wq, &p.work));
	wait_for_completion(&p.ran);
	flush_work(&p.work);
	assert_int_not_equal(p.cpu, 3);
	assert_true(cpu_online(p.cpu));
	assert_int_equal(sim_cpu_online(3), 0);
}

/* flush_work(): true after waiting for a running item; false when idle. */
static void test_flush_work_waits_for_the_item(void **state)
{
	struct probe p;

	struct workqueue_struct *wq = alloc_ordered_workqueue("flush", 0);
	struct task_struct *opener;
	struct gate g;
	struct gate_opener o = { &g, current };

	gate_init(&g);
	probe_init(&p);
	assert_false(flush_work(&p.work));
	queue_work(wq, &g.work);
	wait_for_completion(&g.entered);
	queue_work(wq, &p.work);
	opener = kthread_run(open_gate_when_waited_for, &o, "opener");
	assert_true(flush_work(&p.work));
	assert_int_equal(p.runs, 1);
	assert_false(flush_work(&p.work));
	kthread_stop(opener);
	destroy_workqueue(wq);
}

struct requeuer {
	struct work_struct work;
	int runs;
	struct completion at_last_run;	/* its function runs for the last time */
	struct completion may_return;	/* and may requeue and return */
	struct task_struct *canceller;
};

#define REQUEUER_RUNS	5

static void requeue_fn(struct work_struct *work)
{
	struct requeuer *r = container_of(work, struct requeuer, work);

	WRITE_ONCE(r->runs, READ_ONCE(r->runs) + 1);
	if (READ_ONCE(r->runs) == REQUEUER_RUNS) {
		complete(&r->at_last_run);
		wait_for_completion(&r->may_return);
	}
	queue_work(system_unbound_wq, work);
}

/* Let the requeuer's last run end once the test sleeps in cancel_work_sync(). */
static int release_when_cancelling(void *arg)
{
	struct requeuer *r = arg;

	wait_until_asleep(r->canceller);
	complete(&r->may_return);
	return 0;
}

/*
 * cancel_work_sync() stops an item that requeues itself: called while its
 * function runs (held there until the test sleeps in the cancel), it
 * waits for the function, the requeue inside it is refused, and the item
 * is then neither pending nor running, so it cannot run again.
 */
static void test_cancel_sync_stops_self_requeueing_item(void **state)
{
	struct requeuer r = { .runs = 0, .canceller = current };
	struct task_struct *releaser;

	init_completion(&r.at_last_run);
	init_completion(&r.may_return);
	INIT_WORK(&r.work, requeue_fn);
	queue_work(system_unbound_wq, &r.work);
	wait_for_completion(&r.at_last_run);
	releaser = kthread_run(release_when_cancelling, &r, "releaser");
	assert_false(cancel_work_sync(&r.work));
	kthread_stop(releaser);
	assert_int_equal(READ_ONCE(r.runs), REQUEUER_RUNS);
	assert_false(work_pending(&r.work));
	assert_int_equal(work_busy(&r.work), 0);
}

/* cancel_work_sync(): true for a pending item, which then never runs. */
static void test_cancel_of_pending_item_returns_true(void **state)
{
	struct gate g;
	struct probe p;
	struct workqueue_struct *wq = queue_behind_gate(&g, &p);

	assert_int_equal(work_busy(&p.work), WORK_BUSY_PENDING);
	assert_true(cancel_work_sync(&p.work));
	assert_false(cancel_work_sync(&p.work));
	complete(&g.open);
	flush_workqueue(wq);
	assert_int_equal(p.runs, 0);
	destroy_workqueue(wq);
}

static int inside, most_inside;

struct counted {
	struct work_struct work;
	struct completion *open;
};

static void counted_fn(struct work_struct *work)
{
	struct counted *c = container_of(work, struct counted, work);
	int now = __atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST);
	int most = __atomic_load_n(&most_inside, __ATOMIC_SEQ_CST);

	while (now > most &&
	       !__atomic_compare_exchange_n(&most_inside, &most, now, false,
					    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		;
	if (c->open)
		wait_for_completion(c->open);
	else
		msleep(1);
	__atomic_sub_fetch(&inside, 1, __ATOMIC_SEQ_CST);
}

static struct workqueue_struct *two_wq;
static struct counted two_items[6];
static struct completion two_open;

/*
 * A task of a deterministic run: queue six items that wait for two_open,
 * pass points enough for the workers to take what they may, then open.
 */
static void queue_six_then_open(void *unused)
{
	int i;

	for (i = 0; i < 6; i++)
		queue_work(two_wq, &two_items[i].work);
	for (i = 0; i < 100; i++)
		cond_resched();
	complete_all(&two_open);
}

/*
 * alloc_workqueue(WQ_UNBOUND, max_active): no more than max_active items
 * at once.  The workers are tasks of deterministic runs (sim/det.h), so
 * each seed gives the same interleaving on any host, and in each the
 * limit is reached and never passed.
 */
static void test_max_active_bounds_concurrency(void **state)
{
	const struct sim_det_task_spec tasks[] = { { queue_six_then_open, NULL, 0, 0 } };
	struct sim_det_result res;
	u64 seed;
	int i;

	two_wq = alloc_workqueue("two", WQ_UNBOUND, 2);
	assert_non_null(two_wq);
	for (seed = 1; seed <= 20; seed++) {
		struct sim_det_params params = { .seed = seed, .max_steps = 200000 };

		__atomic_store_n(&most_inside, 0, __ATOMIC_SEQ_CST);
		init_completion(&two_open);
		for (i = 0; i < 6; i++) {
			INIT_WORK(&two_items[i].work, counted_fn);
			two_items[i].open = &two_open;
		}
		assert_int_equal(sim_det_run(&params, tasks, ARRAY_SIZE(tasks), &res), 0);
		if (most_inside != 2)
			fail_msg("seed %llu: %d items at once, max_active 2",
				 (unsigned long long)seed, most_inside);
	}
	destroy_workqueue(two_wq);
}

/* workqueue.rst: an item is never run by two workers at once (non-reentrant). */
static void test_item_never_runs_twice_at_once(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("reentrant", WQ_UNBOUND, 8);
	struct counted c = { .open = NULL };
	int i;

	__atomic_store_n(&most_inside, 0, __ATOMIC_SEQ_CST);
	INIT_WORK(&c.work, counted_fn);
	for (i = 0; i < 200; i++) {
		queue_work(wq, &c.work);
		if (!(i % 16))
			msleep(1);
	}
	destroy_workqueue(wq);
	assert_int_equal(most_inside, 1);
}

static int order[10], nr_ordered;

struct ordered_item {
	struct work_struct work;
	int index;
};

static void record_order(struct work_struct *work)
{
	struct ordered_item *o = container_of(work, struct ordered_item, work);

	order[nr_ordered++] = o->index;	/* one at a time: the wq is ordered */
}

/* alloc_ordered_workqueue(): one item at a time, in queueing order. */
static void test_ordered_workqueue_keeps_queueing_order(void **state)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("ordered", 0);
	struct ordered_item items[10];
	int i;

	nr_ordered = 0;
	for (i = 0; i < 10; i++) {
		INIT_WORK(&items[i].work, record_order);
		items[i].index = i;
		queue_work(wq, &items[i].work);
	}
	flush_workqueue(wq);
	assert_int_equal(nr_ordered, 10);
	for (i = 0; i < 10; i++)
		assert_int_equal(order[i], i);
	destroy_workqueue(wq);
}

/* destroy_workqueue(): what was queued runs before it returns. */
static void test_destroy_drains_queued_items(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("drain", WQ_UNBOUND, 1);
	struct probe p[4];
	int i;

	for (i = 0; i < 4; i++) {
		probe_init(&p[i]);
		queue_work(wq, &p[i].work);
	}
	destroy_workqueue(wq);
	for (i = 0; i < 4; i++)
		assert_int_equal(p[i].runs, 1);
}

struct timed {
	struct delayed_work dwork;
	unsigned long ran_at;
	int runs;
	struct completion ran;
};

static void timed_fn(struct work_struct *work)
{
	struct timed *t = container_of(to_delayed_work(work), struct timed, dwork);

	t->ran_at = jiffies;
	WRITE_ONCE(t->runs, READ_ONCE(t->runs) + 1);
	complete(&t->ran);
}

static void timed_init(struct timed *t)
{
	INIT_DELAYED_WORK(&t->dwork, timed_fn);
	t->runs = 0;
	init_completion(&t->ran);
}

/*
 * With the clock held: advance it by delay and wait for a delayed item
 * armed now with that delay to have run.  The timer thread queues items
 * soonest first, so every item due earlier is queued (flush_work() then
 * waits for it), and none due later.
 */
static void run_sentinel_after(unsigned long delay)
{
	struct timed sentinel;

	timed_init(&sentinel);
	assert_true(queue_delayed_work(system_wq, &sentinel.dwork, delay));
	sim_clock_advance((u64)delay * (NSEC_PER_SEC / HZ));
	wait_for_completion(&sentinel.ran);
	flush_work(&sentinel.dwork.work);
}

/*
 * queue_delayed_work(): pending at once, run no sooner than delay jiffies
 * later.  On the held clock: one jiffy short of the delay its timer is
 * still armed (flush_work() does not wait for an armed timer), and at the
 * delay it runs.
 */
static void test_delayed_item_runs_after_its_delay(void **state)
{
	struct timed t;
	unsigned long queued_at, delay = msecs_to_jiffies(30);
	bool flushed_before_delay;

	timed_init(&t);
	sim_clock_hold();
	queued_at = jiffies;
	assert_true(queue_delayed_work(system_wq, &t.dwork, delay));
	assert_true(delayed_work_pending(&t.dwork));
	assert_false(queue_delayed_work(system_wq, &t.dwork, 1));
	run_sentinel_after(delay - 1);
	flushed_before_delay = flush_work(&t.dwork.work);
	sim_clock_advance(NSEC_PER_SEC / HZ);
	wait_for_completion(&t.ran);
	flush_work(&t.dwork.work);
	sim_clock_release();
	assert_false(flushed_before_delay);
	assert_int_equal(t.ran_at - queued_at, delay);
	assert_int_equal(t.runs, 1);
}

/* mod_delayed_work(): true for a pending item, whose new delay applies; false for an idle one. */
static void test_mod_delayed_work_resets_the_delay(void **state)
{
	struct timed t;

	timed_init(&t);
	assert_false(mod_delayed_work(system_wq, &t.dwork, 1000 * HZ));
	assert_true(mod_delayed_work(system_wq, &t.dwork, 0));
	while (!READ_ONCE(t.runs))
		msleep(1);
	flush_delayed_work(&t.dwork);
	assert_int_equal(t.runs, 1);
}

/* flush_delayed_work(): an armed timer is fired now and the item waited for. */
static void test_flush_delayed_work_runs_armed_item_now(void **state)
{
	struct timed t;

	timed_init(&t);
	schedule_delayed_work(&t.dwork, 1000 * HZ);
	flush_delayed_work(&t.dwork);
	assert_int_equal(t.runs, 1);
	assert_false(delayed_work_pending(&t.dwork));
}

/*
 * cancel_delayed_work_sync(): true for an armed item, which never runs.
 * On the held clock, once a later item has run, the cancelled one was not
 * queued (flush_work() finds nothing to wait for) and has not run.
 */
static void test_cancel_delayed_work_disarms_it(void **state)
{
	struct timed t;

	timed_init(&t);
	sim_clock_hold();
	schedule_delayed_work(&t.dwork, msecs_to_jiffies(20));
	assert_true(cancel_delayed_work_sync(&t.dwork));
	run_sentinel_after(msecs_to_jiffies(30));
	sim_clock_release();
	assert_false(flush_work(&t.dwork.work));
	assert_int_equal(READ_ONCE(t.runs), 0);
	assert_false(delayed_work_pending(&t.dwork));
}

static long which_cpu(void *arg)
{
	return smp_processor_id() + (long)arg;
}

/* work_on_cpu(): fn runs on cpu and its result comes back. */
static void test_work_on_cpu_runs_fn_there(void **state)
{
	assert_int_equal(work_on_cpu(1, which_cpu, (void *)100L), 101);
}

/* flush_work() may sleep: reported in atomic context. */
static void test_flush_in_atomic_context_is_reported(void **state)
{
	struct probe p;

	probe_init(&p);
	preempt_disable();
	flush_work(&p.work);
	preempt_enable();
	assert_captured("BUG: sleeping function called from invalid context");
}

/* alloc_workqueue(): max_active above WQ_MAX_ACTIVE is refused with a WARN. */
static void test_bad_max_active_is_refused(void **state)
{
	unsigned long warns = sim_warn_count();

	assert_null(alloc_workqueue("bad", 0, WQ_MAX_ACTIVE + 1));
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("max_active 513 out of range");
}

#define CLEAN(t)	cmocka_unit_test_setup_teardown(t, expect_clean_setup, expect_clean_teardown)
#define REPORTS(t)	cmocka_unit_test_setup_teardown(t, report_setup, report_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		/*
		 * First, while no worker thread exists: the deterministic
		 * runs' wake-ups would wake idle worker threads, which read
		 * sim_det_running as it changes.
		 */
		CLEAN(test_max_active_bounds_concurrency),
		CLEAN(test_queued_item_runs_once),
		CLEAN(test_queue_of_pending_item_returns_false),
		CLEAN(test_bound_item_runs_on_its_cpu),
		CLEAN(test_queue_work_uses_the_callers_cpu),
		CLEAN(test_item_for_offline_cpu_runs_elsewhere),
		CLEAN(test_flush_work_waits_for_the_item),
		CLEAN(test_cancel_sync_stops_self_requeueing_item),
		CLEAN(test_cancel_of_pending_item_returns_true),
		CLEAN(test_item_never_runs_twice_at_once),
		CLEAN(test_ordered_workqueue_keeps_queueing_order),
		CLEAN(test_destroy_drains_queued_items),
		CLEAN(test_delayed_item_runs_after_its_delay),
		CLEAN(test_mod_delayed_work_resets_the_delay),
		CLEAN(test_flush_delayed_work_runs_armed_item_now),
		CLEAN(test_cancel_delayed_work_disarms_it),
		CLEAN(test_work_on_cpu_runs_fn_there),
		REPORTS(test_flush_in_atomic_context_is_reported),
		REPORTS(test_bad_max_active_is_refused),
	};

	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	/*
	 * The system workqueues' workers and the timer thread end here, as
	 * a program's must for valgrind --leak-check=full (README).
	 */
	if (libslab_exit()) {
		fprintf(stderr, "test_workqueue: libslab_exit() found leaks\n");
		return 1;
	}
	return failed;
}
