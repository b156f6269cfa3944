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
#include <linux/smp.h>
#include <linux/cpumask.h>
#include "harness.h"

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

/* Open g's gate 20 ms from now: the test is waiting by then. */
static int open_gate_later(void *arg)
{
	struct gate *g = arg;

	msleep(20);
	complete(&g->open);
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

	gate_init(&g);
	probe_init(&p);
	assert_false(flush_work(&p.work));
	queue_work(wq, &g.work);
	wait_for_completion(&g.entered);
	queue_work(wq, &p.work);
	opener = kthread_run(open_gate_later, &g, "opener");
	assert_true(flush_work(&p.work));
	assert_int_equal(p.runs, 1);
	assert_false(flush_work(&p.work));
	kthread_stop(opener);
	destroy_workqueue(wq);
}

struct requeuer {
	struct work_struct work;
	int runs;
};

static void requeue_fn(struct work_struct *work)
{
	struct requeuer *r = container_of(work, struct requeuer, work);

	WRITE_ONCE(r->runs, READ_ONCE(r->runs) + 1);
	queue_work(system_unbound_wq, work);
}

/* cancel_work_sync() stops an item that requeues itself. */
static void test_cancel_sync_stops_self_requeueing_item(void **state)
{
	struct requeuer r = { .runs = 0 };
	int runs;

	INIT_WORK(&r.work, requeue_fn);
	queue_work(system_unbound_wq, &r.work);
	while (READ_ONCE(r.runs) < 5)
		msleep(1);
	cancel_work_sync(&r.work);
	runs = READ_ONCE(r.runs);
	assert_false(work_pending(&r.work));
	msleep(10);
	assert_int_equal(READ_ONCE(r.runs), runs);
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

/* alloc_workqueue(WQ_UNBOUND, max_active): no more than max_active items at once. */
static void test_max_active_bounds_concurrency(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("two", WQ_UNBOUND, 2);
	DECLARE_COMPLETION_ONSTACK(open);
	struct counted c[6];
	int i;

	__atomic_store_n(&most_inside, 0, __ATOMIC_SEQ_CST);
	for (i = 0; i < 6; i++) {
		INIT_WORK(&c[i].work, counted_fn);
		c[i].open = &open;
		queue_work(wq, &c[i].work);
	}
	while (__atomic_load_n(&inside, __ATOMIC_SEQ_CST) < 2)
		msleep(1);
	msleep(30);
	assert_int_equal(__atomic_load_n(&most_inside, __ATOMIC_SEQ_CST), 2);
	complete_all(&open);
	destroy_workqueue(wq);
	assert_int_equal(most_inside, 2);
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
};

static void timed_fn(struct work_struct *work)
{
	struct timed *t = container_of(to_delayed_work(work), struct timed, dwork);

	t->ran_at = jiffies;
	WRITE_ONCE(t->runs, READ_ONCE(t->runs) + 1);
}

/* queue_delayed_work(): pending at once, run no sooner than delay jiffies later. */
static void test_delayed_item_runs_after_its_delay(void **state)
{
	struct timed t = { .runs = 0 };
	unsigned long queued_at;

	INIT_DELAYED_WORK(&t.dwork, timed_fn);
	queued_at = jiffies;
	assert_true(queue_delayed_work(system_wq, &t.dwork, msecs_to_jiffies(30)));
	assert_true(delayed_work_pending(&t.dwork));
	assert_false(queue_delayed_work(system_wq, &t.dwork, 1));
	while (!READ_ONCE(t.runs))
		msleep(1);
	flush_delayed_work(&t.dwork);
	assert_true(t.ran_at - queued_at >= msecs_to_jiffies(30));
	assert_int_equal(t.runs, 1);
}

/* mod_delayed_work(): true for a pending item, whose new delay applies; false for an idle one. */
static void test_mod_delayed_work_resets_the_delay(void **state)
{
	struct timed t = { .runs = 0 };

	INIT_DELAYED_WORK(&t.dwork, timed_fn);
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
	struct timed t = { .runs = 0 };

	INIT_DELAYED_WORK(&t.dwork, timed_fn);
	schedule_delayed_work(&t.dwork, 1000 * HZ);
	flush_delayed_work(&t.dwork);
	assert_int_equal(t.runs, 1);
	assert_false(delayed_work_pending(&t.dwork));
}

/* cancel_delayed_work_sync(): true for an armed item, which never runs. */
static void test_cancel_delayed_work_disarms_it(void **state)
{
	struct timed t = { .runs = 0 };

	INIT_DELAYED_WORK(&t.dwork, timed_fn);
	schedule_delayed_work(&t.dwork, msecs_to_jiffies(20));
	assert_true(cancel_delayed_work_sync(&t.dwork));
	msleep(40);
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
		CLEAN(test_queued_item_runs_once),
		CLEAN(test_queue_of_pending_item_returns_false),
		CLEAN(test_bound_item_runs_on_its_cpu),
		CLEAN(test_queue_work_uses_the_callers_cpu),
		CLEAN(test_item_for_offline_cpu_runs_elsewhere),
		CLEAN(test_flush_work_waits_for_the_item),
		CLEAN(test_cancel_sync_stops_self_requeueing_item),
		CLEAN(test_cancel_of_pending_item_returns_true),
		CLEAN(test_max_active_bounds_concurrency),
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
