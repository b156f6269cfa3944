// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated CPUs: task placement and migration, preemption points used
 * to migrate a task inside the fast paths, remote and cross-node frees,
 * CPU hotplug with its flushing, and the atomic-context rules.  Runs with
 * two CPUs on two nodes, and again with preempt=rt.
 */
#include <pthread.h>
#include <unistd.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/preempt.h>
#include "harness.h"

static int pin_cpu0(void **state)
{
	sim_set_cpu(0);
	return expect_clean_setup(state);
}

static struct kmem_cache_cpu *cpu_state(struct kmem_cache *s, int cpu)
{
	return per_cpu_ptr(s->cpu_slab, cpu);
}

static void *report_cpu(void *arg)
{
	*(int *)arg = sim_current_cpu();
	return NULL;
}

static void test_new_threads_are_placed_on_successive_cpus(void **state)
{
	pthread_t a, b;
	int cpu_a = -1, cpu_b = -1;

	pthread_create(&a, NULL, report_cpu, &cpu_a);
	pthread_join(a, NULL);
	pthread_create(&b, NULL, report_cpu, &cpu_b);
	pthread_join(b, NULL);
	assert_true(cpu_a >= 0 && cpu_a < 2);
	assert_int_equal(cpu_b, (cpu_a + 1) % 2);
}

static void test_set_cpu_rejects_a_cpu_that_does_not_exist(void **state)
{
	unsigned long warns = sim_warn_count();

	capture_start();
	assert_int_equal(sim_set_cpu(7), -EINVAL);
	capture_stop();
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_int_equal(sim_current_cpu(), 0);
	sim_printk_reset_counts();
	expect_clean_setup(state);
}

/* Move the task to CPU 1 at its nth preemption point of one kind. */
struct migration {
	enum sim_point point;
	int nth;
	int seen;
};

static void migrate_at_nth_point(enum sim_point point, void *arg)
{
	struct migration *m = arg;

	if (point == m->point && ++m->seen == m->nth)
		sim_set_cpu(1);
}

static void test_migration_between_fast_path_read_and_commit_retries_on_the_new_cpu(void **state)
{
	struct kmem_cache *s = make_test_cache("migrate_alloc");
	/*
	 * The second READ_ONCE: the tid is read, the commit is yet to come.
	 * PREEMPT_RT has no lockless path: move just before the local lock.
	 */
	struct migration m = { SIM_POINT_READ, 2, 0 };
	void *warm0, *warm1, *p;

	if (sim_preempt_rt())
		m = (struct migration){ SIM_POINT_LOCK, 1, 0 };

	warm0 = kmem_cache_alloc(s, GFP_KERNEL);	/* CPU 0 gets a slab */
	sim_set_cpu(1);
	warm1 = kmem_cache_alloc(s, GFP_KERNEL);	/* CPU 1 gets one too */
	sim_set_cpu(0);

	sim_set_point_hook(migrate_at_nth_point, &m);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_point_hook(NULL, NULL);

	assert_true(m.seen >= m.nth);
	assert_int_equal(sim_current_cpu(), 1);
	/* CPU 0's tid did not match on CPU 1: the retry used CPU 1's slab. */
	assert_ptr_equal(virt_to_slab(p), cpu_state(s, 1)->slab);
	assert_ptr_equal(virt_to_slab(warm0), cpu_state(s, 0)->slab);
	kmem_cache_free(s, p);
	kmem_cache_free(s, warm1);
	sim_set_cpu(0);
	kmem_cache_free(s, warm0);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_free_migrated_mid_fast_path_goes_to_the_slab_freelist(void **state)
{
	struct kmem_cache *s = make_test_cache("migrate_free");
	struct migration m = { SIM_POINT_READ, 1, 0 };
	void *keep, *p;

	keep = kmem_cache_alloc(s, GFP_KERNEL);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_point_hook(migrate_at_nth_point, &m);
	kmem_cache_free(s, p);
	sim_set_point_hook(NULL, NULL);

	assert_true(m.seen >= 1);
	/* Seen from CPU 1 the slab is remote: p is on the slab's own freelist. */
	assert_ptr_not_equal(cpu_state(s, 0)->freelist, p);
	assert_ptr_equal(virt_to_slab(p)->freelist, p);
	sim_set_cpu(0);
	kmem_cache_free(s, keep);
	assert_int_equal(libslab_count_inuse(s), 0);
	assert_int_equal(libslab_validate(s), 0);
	kmem_cache_destroy(s);
}

static void test_free_of_another_nodes_full_slab_joins_the_freeing_cpus_partial(void **state)
{
	struct kmem_cache *s = make_test_cache("cross_node");
	void *p[TEST_PER_SLAB];
	int i;

	for (i = 0; i < TEST_PER_SLAB; i++) {
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
		assert_int_equal(slab_nid(virt_to_slab(p[i])), 1);
	}
	/* A node 0 request replaces the full node 1 cpu slab. */
	kmem_cache_free(s, kmem_cache_alloc_node(s, GFP_KERNEL, 0));
	sim_set_cpu(1);
	kmem_cache_free(s, p[3]);
	assert_int_equal(libslab_cpu_nr_partial(s, 1), 1);
	for (i = 0; i < TEST_PER_SLAB; i++)
		if (i != 3)
			kmem_cache_free(s, p[i]);
	sim_set_cpu(0);
	assert_int_equal(libslab_count_inuse(s), 0);
	assert_int_equal(libslab_validate(s), 0);
	kmem_cache_destroy(s);
}

static void test_cpu_offline_flushes_its_slabs_and_moves_its_tasks(void **state)
{
	struct kmem_cache *s = make_test_cache("offline_flush");
	void *p[TEST_PER_SLAB + 1];
	int i;

	sim_set_cpu(1);
	for (i = 0; i <= TEST_PER_SLAB; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, p[0]);	/* first slab, now full: CPU 1's partial */
	assert_true(libslab_cpu_has_slab(s, 1));
	assert_int_equal(libslab_cpu_nr_partial(s, 1), 1);

	assert_int_equal(sim_cpu_offline(1), 0);
	assert_false(cpu_online(1));
	assert_false(libslab_cpu_has_slab(s, 1));
	assert_int_equal(libslab_cpu_nr_partial(s, 1), 0);
	assert_int_equal(sim_current_cpu(), 0);

	for (i = 1; i <= TEST_PER_SLAB; i++)
		kmem_cache_free(s, p[i]);
	assert_int_equal(sim_cpu_online(1), 0);
	assert_true(cpu_online(1));
	assert_int_equal(sim_set_cpu(1), 0);
	sim_set_cpu(0);
	assert_int_equal(libslab_count_inuse(s), 0);
	assert_int_equal(libslab_validate(s), 0);
	kmem_cache_destroy(s);
}

/*
 * The CPU-dead flush is registered at SLUB's own hotplug state, as 6.12's
 * kmem_cache_init() does: a second claim of it is refused
 * (kernel/cpu.c cpuhp_store_callbacks(): -EBUSY).
 */
static void test_the_allocator_holds_the_slub_dead_hotplug_state(void **state)
{
	assert_int_equal(cpuhp_setup_state_nocalls(CPUHP_SLUB_DEAD, "test:dead",
						   NULL, NULL), -EBUSY);
}

/*
 * A worker bound to CPU 1 that uses the cache there, then, with no lookup
 * of its CPU in between, uses it again once CPU 1 has gone offline.
 */
struct offline_worker {
	struct kmem_cache *s;
	void *object;		/* main's object, for a worker that frees it */
	int step;		/* 1: it ran on CPU 1; 2: CPU 1 is offline */
	int cpu_after;
};

/* In the worker: say it has run on CPU 1, then wait until CPU 1 is offline. */
static void offline_worker_wait(struct offline_worker *w)
{
	__atomic_store_n(&w->step, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&w->step, __ATOMIC_SEQ_CST) != 2)
		usleep(1000);
}

/* Run fn as w's worker, taking CPU 1 offline while it waits. */
static void offline_under_worker(struct offline_worker *w, void *(*fn)(void *))
{
	pthread_t thread;

	pthread_create(&thread, NULL, fn, w);
	while (!__atomic_load_n(&w->step, __ATOMIC_SEQ_CST))
		usleep(1000);
	assert_true(libslab_cpu_has_slab(w->s, 1));
	assert_int_equal(sim_cpu_offline(1), 0);
	__atomic_store_n(&w->step, 2, __ATOMIC_SEQ_CST);
	pthread_join(thread, NULL);
}

static void *alloc_before_and_after_an_offline(void *arg)
{
	struct offline_worker *w = arg;
	void *before, *after;

	sim_set_cpu(1);
	before = kmem_cache_alloc(w->s, GFP_KERNEL);
	offline_worker_wait(w);
	after = kmem_cache_alloc(w->s, GFP_KERNEL);
	w->cpu_after = sim_current_cpu();
	kmem_cache_free(w->s, before);
	kmem_cache_free(w->s, after);
	return NULL;
}

static void test_a_task_whose_cpu_went_offline_allocates_where_it_moved(void **state)
{
	struct offline_worker w = { .s = make_test_cache("offline_moved") };

	offline_under_worker(&w, alloc_before_and_after_an_offline);

	assert_int_equal(w.cpu_after, 0);
	assert_false(libslab_cpu_has_slab(w.s, 1));
	assert_true(libslab_cpu_has_slab(w.s, 0));
	assert_int_equal(sim_cpu_online(1), 0);
	assert_int_equal(libslab_count_inuse(w.s), 0);
	assert_int_equal(libslab_validate(w.s), 0);
	kmem_cache_destroy(w.s);
}

static void *free_after_an_offline(void *arg)
{
	struct offline_worker *w = arg;

	sim_set_cpu(1);
	kmem_cache_free(w->s, kmem_cache_alloc(w->s, GFP_KERNEL));
	offline_worker_wait(w);
	kmem_cache_free(w->s, w->object);
	return NULL;
}

static void test_a_task_whose_cpu_went_offline_frees_where_it_moved(void **state)
{
	struct offline_worker w = { .s = make_test_cache("offline_free") };

	w.object = kmem_cache_alloc(w.s, GFP_KERNEL);	/* CPU 0's slab */
	offline_under_worker(&w, free_after_an_offline);

	/* Freed on CPU 0, to its cpu freelist: the next allocation there. */
	assert_ptr_equal(kmem_cache_alloc(w.s, GFP_KERNEL), w.object);
	kmem_cache_free(w.s, w.object);
	assert_int_equal(sim_cpu_online(1), 0);
	assert_int_equal(libslab_count_inuse(w.s), 0);
	assert_int_equal(libslab_validate(w.s), 0);
	kmem_cache_destroy(w.s);
}

static void test_the_last_online_cpu_cannot_go_offline(void **state)
{
	assert_int_equal(sim_cpu_offline(1), 0);
	assert_int_equal(sim_cpu_offline(0), -EBUSY);
	assert_int_equal(sim_cpu_offline(1), -EINVAL);
	assert_int_equal(sim_num_online_cpus(), 1);
	assert_int_equal(sim_cpu_online(1), 0);
	assert_int_equal(sim_cpu_online(1), -EINVAL);
	assert_int_equal(sim_num_online_cpus(), 2);
}

static void test_an_offline_cpu_takes_no_tasks(void **state)
{
	assert_int_equal(sim_cpu_offline(1), 0);
	assert_int_equal(sim_set_cpu(1), -EINVAL);
	assert_int_equal(sim_current_cpu(), 0);
	assert_int_equal(sim_cpu_online(1), 0);
}

struct pinned {
	struct task_struct *offliner;
	int ready;
	int offline_returned;
	int saw_offline_early;
};

/*
 * Pinned to CPU 1, wait until the offline sleeps waiting for this task
 * (sim_cpu_offline() sleeps in TASK_UNINTERRUPTIBLE, as the kernel's
 * hotplug thread does), or has returned, which it must not have.
 */
static void *pin_to_cpu1(void *arg)
{
	struct pinned *pin = arg;

	sim_set_cpu(1);
	migrate_disable();
	__atomic_store_n(&pin->ready, 1, __ATOMIC_SEQ_CST);
	while (task_is_running(pin->offliner) &&
	       !__atomic_load_n(&pin->offline_returned, __ATOMIC_SEQ_CST))
		usleep(1000);
	pin->saw_offline_early = __atomic_load_n(&pin->offline_returned,
						 __ATOMIC_SEQ_CST);
	assert_int_equal(sim_current_cpu(), 1);
	migrate_enable();
	return NULL;
}

static void test_cpu_offline_waits_for_tasks_with_migration_disabled(void **state)
{
	struct pinned pin = { .offliner = current };
	pthread_t thread;

	pthread_create(&thread, NULL, pin_to_cpu1, &pin);
	while (!__atomic_load_n(&pin.ready, __ATOMIC_SEQ_CST))
		usleep(1000);
	assert_int_equal(sim_cpu_offline(1), 0);
	__atomic_store_n(&pin.offline_returned, 1, __ATOMIC_SEQ_CST);
	pthread_join(thread, NULL);
	assert_false(pin.saw_offline_early);
	assert_int_equal(sim_cpu_online(1), 0);
}

static void test_shrink_from_another_cpu_flushes_that_cpus_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("remote_shrink");

	sim_set_cpu(1);
	kmem_cache_free(s, kmem_cache_alloc(s, GFP_KERNEL));
	assert_true(libslab_cpu_has_slab(s, 1));
	sim_set_cpu(0);
	kmem_cache_shrink(s);
	assert_false(libslab_cpu_has_slab(s, 1));
	assert_int_equal(slab_test_nr_slabs(s), 0);
	kmem_cache_destroy(s);
}

static void test_preempt_disable_keeps_the_task_on_its_cpu(void **state)
{
	unsigned long warns = sim_warn_count();

	preempt_disable();
	capture_start();
	assert_int_equal(sim_set_cpu(1), -EINVAL);
	capture_stop();
	assert_int_equal(sim_current_cpu(), 0);
	assert_int_equal(preempt_count(), 1);
	preempt_enable();
	assert_int_equal(preempt_count(), 0);
	assert_int_equal(sim_warn_count(), warns + 1);
	sim_printk_reset_counts();
	expect_clean_setup(state);
}

static void test_sleeping_allocation_under_a_spinlock_is_reported_unless_rt(void **state)
{
	DEFINE_SPINLOCK(lock);
	unsigned long warns = sim_warn_count();
	void *p;

	capture_start();
	spin_lock(&lock);
	p = kmalloc(64, GFP_ATOMIC);		/* fine anywhere */
	kfree(p);
	p = kmalloc(64, GFP_KERNEL);		/* may sleep */
	kfree(p);
	spin_unlock(&lock);
	capture_stop();
	if (sim_preempt_rt()) {
		/* PREEMPT_RT spinlocks sleep: no atomic context to violate. */
		assert_int_equal(sim_warn_count(), warns);
	} else {
		assert_captured("BUG: sleeping function called from invalid context");
		assert_captured("in_atomic(): 1, irqs_disabled(): 0");
		assert_int_equal(sim_warn_count(), warns + 1);
	}
	sim_printk_reset_counts();
	expect_clean_setup(state);
}

static void count_lock_points(enum sim_point point, void *arg)
{
	if (point == SIM_POINT_LOCK)
		(*(int *)arg)++;
}

static void test_the_fast_path_takes_the_local_lock_only_on_preempt_rt(void **state)
{
	struct kmem_cache *s = make_test_cache("rt_fast_path");
	void *warm = kmem_cache_alloc(s, GFP_KERNEL);
	void *p;
	int locks = 0;

	sim_set_point_hook(count_lock_points, &locks);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, p);
	sim_set_point_hook(NULL, NULL);
	if (sim_preempt_rt())
		assert_int_equal(locks, 2);
	else
		assert_int_equal(locks, 0);
	kmem_cache_free(s, warm);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_threads_are_placed_on_successive_cpus),
		cmocka_unit_test_setup_teardown(test_set_cpu_rejects_a_cpu_that_does_not_exist, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_migration_between_fast_path_read_and_commit_retries_on_the_new_cpu, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_free_migrated_mid_fast_path_goes_to_the_slab_freelist, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_free_of_another_nodes_full_slab_joins_the_freeing_cpus_partial, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_offline_flushes_its_slabs_and_moves_its_tasks, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_the_allocator_holds_the_slub_dead_hotplug_state, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_a_task_whose_cpu_went_offline_allocates_where_it_moved, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_a_task_whose_cpu_went_offline_frees_where_it_moved, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_the_last_online_cpu_cannot_go_offline, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_an_offline_cpu_takes_no_tasks, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_offline_waits_for_tasks_with_migration_disabled, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_shrink_from_another_cpu_flushes_that_cpus_slab, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_preempt_disable_keeps_the_task_on_its_cpu, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_sleeping_allocation_under_a_spinlock_is_reported_unless_rt, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_the_fast_path_takes_the_local_lock_only_on_preempt_rt, pin_cpu0, expect_clean_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
