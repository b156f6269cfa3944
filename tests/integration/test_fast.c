// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-fast has no simulation hooks (<sim/hooks.h>): what needs
 * them refuses with a clear error instead of silently doing nothing; with
 * cpu_map=getcpu, or without cpu_map= where every host CPU is simulated,
 * its per-CPU commits are restartable sequences (<sim/rseq.h>)
 * unless valgrind runs it, until a task is bound to a CPU the host does
 * not have.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>
#include <sim/det.h>
#include <sim/rseq.h>
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND	0
#endif
#include "harness.h"

static void do_nothing(void *arg)
{
}

/*
 * A never-merged cache of 256-byte objects.  Not make_test_cache(): the
 * machine here has NR_CPUS simulated CPUs (tests/meson.build), so that a
 * host of any size lacks some of them, and with that many CPUs
 * calculate_order() gives the slab more objects than the harness pins.
 */
static struct kmem_cache *fast_test_cache(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, 256, 0, SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	return s;
}

static void test_deterministic_scheduler_is_refused(void **state)
{
	const struct sim_det_task_spec tasks[] = { { .fn = do_nothing } };
	const struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;

	capture_start();
	assert_int_equal(sim_det_run(&params, tasks, 1, &res), -EOPNOTSUPP);
	capture_stop();
	assert_captured("built without preemption points");
}

static unsigned int hook_calls;

static void count_point(enum sim_point point, void *arg)
{
	hook_calls++;
}

static void test_point_hook_is_refused_with_a_warning(void **state)
{
	unsigned long warns = sim_warn_count();
	struct kmem_cache *s = fast_test_cache("fast_point_hook");

	capture_start();
	sim_set_point_hook(count_point, NULL);
	capture_stop();
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("libslab-fast has no preemption points");
	kmem_cache_free(s, kmem_cache_alloc(s, GFP_KERNEL));
	assert_int_equal(hook_calls, 0);
	kmem_cache_destroy(s);
}

static long host_cpus(void)
{
	return sysconf(_SC_NPROCESSORS_CONF);
}

/*
 * Whether the rseq commit is to be on: libslab-fast outside valgrind, with
 * cpu_map=getcpu, or with no cpu_map= at all where every host CPU is a
 * simulated one (the fast library's default placement).
 */
static bool rseq_expected(void)
{
	const char *cmdline = getenv("LIBSLAB_CMDLINE");
	bool getcpu = cmdline && strstr(cmdline, "cpu_map=getcpu");
	bool by_default = !cmdline || !strstr(cmdline, "cpu_map=");

	return SIM_RSEQ && !RUNNING_ON_VALGRIND &&
	       (getcpu || (by_default && host_cpus() <= sim_nr_cpus()));
}

static void test_rseq_commit_is_on_with_getcpu_or_by_default_outside_valgrind(void **state)
{
	assert_int_equal(sim_rseq_active(), rseq_expected());
}

#define WORKERS	4
#define ROUNDS	2000
#define HELD	64

static struct kmem_cache *shared_cache;

/* Allocate, write, check and free in batches, shrinking now and then (a cross-CPU flush). */
static void *churn(void *arg)
{
	unsigned long tag = (unsigned long)arg;
	unsigned long *held[HELD];
	int round, i;

	for (round = 0; round < ROUNDS; round++) {
		for (i = 0; i < HELD; i++) {
			held[i] = kmem_cache_alloc(shared_cache, GFP_KERNEL);
			if (!held[i])
				return (void *)1;
			*held[i] = tag ^ (unsigned long)held[i];
		}
		for (i = 0; i < HELD; i++) {
			if (*held[i] != (tag ^ (unsigned long)held[i]))
				return (void *)1;
			kmem_cache_free(shared_cache, held[i]);
		}
		if (round % 97 == tag)
			kmem_cache_shrink(shared_cache);
	}
	return NULL;
}

static void test_threads_flushing_each_other_lose_no_object(void **state)
{
	pthread_t workers[WORKERS];
	void *failed;
	unsigned long i;

	shared_cache = fast_test_cache("fast_churn");
	for (i = 0; i < WORKERS; i++)
		assert_int_equal(pthread_create(&workers[i], NULL, churn, (void *)i), 0);
	for (i = 0; i < WORKERS; i++) {
		assert_int_equal(pthread_join(workers[i], &failed), 0);
		assert_null(failed);
	}
	assert_int_equal(libslab_count_inuse(shared_cache), 0);
	assert_int_equal(libslab_validate(shared_cache), 0);
	kmem_cache_destroy(shared_cache);
}

struct bound_churn {
	struct kmem_cache *s;
	int cpu;
	int host_cpu;		/* where the task ran once bound */
};

/* Bind to a CPU, then allocate and free there. */
static void *bound_churn(void *arg)
{
	struct bound_churn *b = arg;
	void *objects[HELD];
	int i;

	if (sim_set_cpu(b->cpu))
		return (void *)1;
	b->host_cpu = sched_getcpu();
	for (i = 0; i < HELD; i++)
		objects[i] = kmem_cache_alloc(b->s, GFP_KERNEL);
	for (i = 0; i < HELD; i++)
		kmem_cache_free(b->s, objects[i]);
	return NULL;
}

/* A task bound to cpu allocates and frees; then s is checked whole. */
static void churn_bound_to(struct kmem_cache *s, int cpu, int *host_cpu)
{
	struct bound_churn b = { .s = s, .cpu = cpu, .host_cpu = -1 };
	pthread_t bound;
	void *failed;

	assert_int_equal(pthread_create(&bound, NULL, bound_churn, &b), 0);
	assert_int_equal(pthread_join(bound, &failed), 0);
	assert_null(failed);
	kmem_cache_free(s, kmem_cache_alloc(s, GFP_KERNEL));
	assert_int_equal(libslab_count_inuse(s), 0);
	assert_int_equal(libslab_validate(s), 0);
	*host_cpu = b.host_cpu;
}

/*
 * Under the rseq commit a simulated CPU is the host CPU of the same
 * number: a task bound to one the host has is pinned there and the
 * commit stays on.
 */
static void test_binding_to_a_host_cpu_pins_the_task_and_keeps_rseq(void **state)
{
	bool rseq = rseq_expected();
	struct kmem_cache *s = fast_test_cache("fast_bound_host");
	int cpu = host_cpus() > 1 ? 1 : 0, host_cpu;

	assert_int_equal(sim_rseq_active(), rseq);
	churn_bound_to(s, cpu, &host_cpu);
	assert_int_equal(sim_rseq_active(), rseq);
	if (rseq)
		assert_int_equal(host_cpu, cpu);
	kmem_cache_destroy(s);
}

/*
 * A task bound to a simulated CPU the host does not have runs elsewhere,
 * so the rseq commit goes off for the rest of the process
 * (sim_rseq_switch_off()): this test runs last.  With NR_CPUS simulated
 * CPUs only a host of NR_CPUS or more has them all.
 */
static void test_binding_beyond_the_host_cpus_switches_rseq_off(void **state)
{
	struct kmem_cache *s;
	int host_cpu;

	if (host_cpus() >= sim_nr_cpus())
		skip_because("every simulated CPU is a host CPU: the host has nr_cpus= CPUs or more (NR_CPUS in meson's runs)");
	s = fast_test_cache("fast_bound_beyond");
	churn_bound_to(s, (int)host_cpus(), &host_cpu);
	assert_false(sim_rseq_active());
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deterministic_scheduler_is_refused),
		cmocka_unit_test(test_point_hook_is_refused_with_a_warning),
		cmocka_unit_test(test_rseq_commit_is_on_with_getcpu_or_by_default_outside_valgrind),
		cmocka_unit_test(test_threads_flushing_each_other_lose_no_object),
		cmocka_unit_test(test_binding_to_a_host_cpu_pins_the_task_and_keeps_rseq),
		cmocka_unit_test(test_binding_beyond_the_host_cpus_switches_rseq_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
