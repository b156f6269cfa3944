// SPDX-License-Identifier: GPL-2.0
/*
 * The deterministic scheduler: a seed fixes the interleaving, so a run
 * replays bit-for-bit; the preemption rules hold in every interleaving;
 * and the lockless paths' races are reached and survived: the fast path's
 * tid retry, a free racing a deactivation and a remote free racing a
 * freeze.  Each scenario starts from a fresh cache, so the allocator's
 * state at the start of every run is the same.  Under ThreadSanitizer,
 * each task runs on a fiber of its own.
 */
#include <sim/det.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include "harness.h"
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#define PER_SLAB	16
#define SEEDS		300

static struct kmem_cache *cache;

static void fresh_cache(void)
{
	sim_set_cpu(0);
	cache = kmem_cache_create("det", 256, 0, SLAB_NO_MERGE, NULL);
	assert_non_null(cache);
	assert_int_equal(oo_objects(cache->oo), PER_SLAB);
}

/* Offset of p in its slab: comparable between runs, unlike addresses. */
static long offset_in_slab(void *p)
{
	return (char *)p - (char *)slab_address(virt_to_slab(p));
}

static void finish_cache(unsigned long expect_inuse)
{
	assert_int_equal(libslab_count_inuse(cache), expect_inuse);
	assert_int_equal(libslab_validate(cache), 0);
}

/* ---- scenario: two tasks on CPU 0 racing through the alloc fast path ---- */

struct fast_race {
	void *got[2][3];
	void *warm;
};

static struct fast_race fast;

static void alloc_three(void *arg)
{
	int t = (int)(long)arg, i;

	for (i = 0; i < 3; i++)
		fast.got[t][i] = kmem_cache_alloc(cache, GFP_ATOMIC);
}

/* Run the fast-path race with seed; offsets[] gets where objects landed. */
static void run_fast_race(u64 seed, struct sim_det_result *res, long offsets[6])
{
	const struct sim_det_task_spec tasks[] = {
		{ alloc_three, (void *)0L, 0, 0 },
		{ alloc_three, (void *)1L, 0, 0 },
	};
	struct sim_det_params params = { .seed = seed };
	int t, i;

	fresh_cache();
	fast.warm = kmem_cache_alloc(cache, GFP_KERNEL);	/* CPU 0 slab */
	assert_int_equal(sim_det_run(&params, tasks, 2, res), 0);
	for (t = 0; t < 2; t++)
		for (i = 0; i < 3; i++) {
			assert_non_null(fast.got[t][i]);
			assert_ptr_equal(virt_to_slab(fast.got[t][i]),
					 virt_to_slab(fast.warm));
			offsets[t * 3 + i] = offset_in_slab(fast.got[t][i]);
		}
	finish_cache(7);
	for (t = 0; t < 2; t++)
		for (i = 0; i < 3; i++)
			kmem_cache_free(cache, fast.got[t][i]);
	kmem_cache_free(cache, fast.warm);
	kmem_cache_destroy(cache);
}

static void test_a_seed_replays_the_same_interleaving_bit_for_bit(void **state)
{
	struct sim_det_result first, again;
	long offsets_first[6], offsets_again[6];

	run_fast_race(42, &first, offsets_first);
	run_fast_race(42, &again, offsets_again);
	assert_int_equal(first.trace_hash, again.trace_hash);
	assert_int_equal(first.steps, again.steps);
	assert_int_equal(first.switches, again.switches);
	assert_memory_equal(first.cmpxchg128_failures, again.cmpxchg128_failures,
			    sizeof(first.cmpxchg128_failures));
	assert_memory_equal(offsets_first, offsets_again, sizeof(offsets_first));
}

static void test_different_seeds_give_different_interleavings(void **state)
{
	struct sim_det_result a, b;
	long offsets[6];
	u64 seed;

	run_fast_race(1, &a, offsets);
	for (seed = 2; seed < 20; seed++) {
		run_fast_race(seed, &b, offsets);
		if (b.trace_hash != a.trace_hash)
			return;
	}
	fail_msg("19 seeds gave one interleaving");
}

static void test_fast_path_tid_retry_is_reached_unless_rt_and_loses_nothing(void **state)
{
	struct sim_det_result res, replay;
	long offsets[6], replay_offsets[6];
	u64 seed, found = 0;
	int i, j;

	for (seed = 1; seed <= SEEDS && !found; seed++) {
		run_fast_race(seed, &res, offsets);
		/* Six distinct objects whatever the interleaving. */
		for (i = 0; i < 6; i++)
			for (j = i + 1; j < 6; j++)
				assert_int_not_equal(offsets[i], offsets[j]);
		if (res.cmpxchg128_failures[0] || res.cmpxchg128_failures[1])
			found = seed;
	}
	if (sim_preempt_rt()) {
		/* No lockless path on PREEMPT_RT: the local lock serialises. */
		assert_int_equal(found, 0);
		return;
	}
	if (!found)
		fail_msg("no seed of %d made a fast path retry its tid", SEEDS);
	print_message("tid retry with seed %llu\n", (unsigned long long)found);
	run_fast_race(found, &replay, replay_offsets);
	assert_int_equal(replay.trace_hash, res.trace_hash);
	assert_memory_equal(replay.cmpxchg128_failures, res.cmpxchg128_failures,
			    sizeof(res.cmpxchg128_failures));
	assert_memory_equal(replay_offsets, offsets, sizeof(offsets));
}

/* ---- scenario: a free on CPU 0 while CPU 1 flushes CPU 0's slab ---- */

static void *victim;

static void free_victim(void *arg)
{
	kmem_cache_free(cache, victim);
}

static void shrink_cache(void *arg)
{
	kmem_cache_shrink(cache);
}

static void test_free_racing_a_deactivation_is_reached_and_loses_nothing(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ free_victim, NULL, 0, 0 },
		{ shrink_cache, NULL, 1, 0 },
	};
	struct sim_det_result res;
	u64 seed, found = 0;
	void *keep;

	for (seed = 1; seed <= SEEDS && !found; seed++) {
		struct sim_det_params params = { .seed = seed };

		fresh_cache();
		keep = kmem_cache_alloc(cache, GFP_KERNEL);
		victim = kmem_cache_alloc(cache, GFP_KERNEL);
		assert_int_equal(sim_det_run(&params, tasks, 2, &res), 0);
		assert_false(libslab_cpu_has_slab(cache, 0));
		finish_cache(1);
		if (res.cmpxchg128_failures[0])
			found = seed;
		kmem_cache_free(cache, keep);
		kmem_cache_destroy(cache);
	}
	if (!found)
		fail_msg("no seed of %d made the free retry against the flush", SEEDS);
	print_message("free/deactivate race with seed %llu\n", (unsigned long long)found);
}

/* ---- scenario: CPU 1 frees into a slab that CPU 0 is freezing ---- */

static void *remote;

static void free_remote(void *arg)
{
	kmem_cache_free(cache, remote);
}

static void *refill_result;

static void alloc_refill(void *arg)
{
	refill_result = kmem_cache_alloc(cache, GFP_ATOMIC);
}

static void test_remote_free_racing_a_freeze_is_reached_and_loses_nothing(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ free_remote, NULL, 1, 0 },
		{ alloc_refill, NULL, 0, 0 },
	};
	struct sim_det_result res;
	void *p[2 * PER_SLAB];
	u64 seed, found = 0;
	int i;

	for (seed = 1; seed <= SEEDS && !found; seed++) {
		struct sim_det_params params = { .seed = seed };

		fresh_cache();
		/* Slab A full; slab B the cpu slab with one object out. */
		for (i = 0; i <= PER_SLAB; i++)
			p[i] = kmem_cache_alloc(cache, GFP_KERNEL);
		kmem_cache_free(cache, p[0]);	/* A: CPU 0's partial chain */
		for (i = PER_SLAB + 1; i < 2 * PER_SLAB; i++)
			p[i] = kmem_cache_alloc(cache, GFP_KERNEL);	/* B full */
		assert_int_equal(libslab_cpu_nr_partial(cache, 0), 1);
		remote = p[1];
		/* CPU 0's next alloc freezes A while CPU 1 frees into it. */
		assert_int_equal(sim_det_run(&params, tasks, 2, &res), 0);
		assert_non_null(refill_result);
		assert_ptr_equal(virt_to_slab(refill_result), virt_to_slab(p[1]));
		finish_cache(2 * PER_SLAB - 2 + 1);
		if (res.cmpxchg128_failures[0])
			found = seed;
		kmem_cache_free(cache, refill_result);
		for (i = 2; i < 2 * PER_SLAB; i++)
			kmem_cache_free(cache, p[i]);
		kmem_cache_destroy(cache);
	}
	if (!found)
		fail_msg("no seed of %d made the remote free retry against the freeze", SEEDS);
	print_message("remote free/freeze race with seed %llu\n", (unsigned long long)found);
}

/* ---- the preemption rules ---- */

static char order_log[64];
static int log_len;

static void note(char c)
{
	order_log[log_len++] = c;
}

static void preempt_off_section(void *arg)
{
	int i;

	preempt_disable();
	note('[');
	for (i = 0; i < 5; i++)
		(void)READ_ONCE(log_len);	/* points where others could run */
	note(']');
	preempt_enable();
}

static void irqs_off_section(void *arg)
{
	unsigned long flags;
	int i;

	local_irq_save(flags);
	note('{');
	for (i = 0; i < 5; i++)
		(void)READ_ONCE(log_len);
	note('}');
	local_irq_restore(flags);
}

static void same_cpu_task(void *arg)
{
	note('t');
}

static void interrupt_handler(void *arg)
{
	note('i');
}

static void other_cpu_task(void *arg)
{
	note('o');
}

/* Whether c appears inside the brackets open..close of order_log. */
static bool inside(char open, char close, char c)
{
	const char *o = strchr(order_log, open), *e = strchr(order_log, close);
	const char *x = strchr(order_log, c);

	return o && e && x && x > o && x < e;
}

static void test_preempt_disable_admits_only_interrupts_on_its_cpu(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ preempt_off_section, NULL, 0, 0 },
		{ same_cpu_task, NULL, 0, 0 },
		{ interrupt_handler, NULL, 0, SIM_DET_IRQ },
		{ other_cpu_task, NULL, 1, 0 },
	};
	struct sim_det_result res;
	bool irq_inside = false, other_inside = false;
	u64 seed;

	for (seed = 1; seed <= 100; seed++) {
		struct sim_det_params params = { .seed = seed };

		memset(order_log, 0, sizeof(order_log));
		log_len = 0;
		assert_int_equal(sim_det_run(&params, tasks, 4, &res), 0);
		assert_int_equal(log_len, 5);
		assert_false(inside('[', ']', 't'));
		irq_inside |= inside('[', ']', 'i');
		other_inside |= inside('[', ']', 'o');
	}
	assert_true(irq_inside);	/* interrupts still come in */
	assert_true(other_inside);	/* other CPUs keep running */
}

static void test_irqs_off_keeps_interrupts_and_tasks_of_its_cpu_out(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ irqs_off_section, NULL, 0, 0 },
		{ same_cpu_task, NULL, 0, 0 },
		{ interrupt_handler, NULL, 0, SIM_DET_IRQ },
	};
	struct sim_det_result res;
	u64 seed;

	for (seed = 1; seed <= 100; seed++) {
		struct sim_det_params params = { .seed = seed };

		memset(order_log, 0, sizeof(order_log));
		log_len = 0;
		assert_int_equal(sim_det_run(&params, tasks, 3, &res), 0);
		assert_false(inside('{', '}', 't'));
		assert_false(inside('{', '}', 'i'));
	}
}

static void test_migration_mode_moves_tasks_between_cpus(void **state)
{
	struct sim_det_result res;
	long offsets[6];
	const struct sim_det_task_spec tasks[] = {
		{ alloc_three, (void *)0L, 0, 0 },
		{ alloc_three, (void *)1L, 0, 0 },
	};
	struct sim_det_params params = { .seed = 3, .migrate_permille = 200 };
	int t, i;

	(void)offsets;
	fresh_cache();
	assert_int_equal(sim_det_run(&params, tasks, 2, &res), 0);
	assert_true(res.migrations > 0);
	for (t = 0; t < 2; t++)
		for (i = 0; i < 3; i++)
			kmem_cache_free(cache, fast.got[t][i]);
	finish_cache(0);
	kmem_cache_destroy(cache);
}

static void test_bad_task_lists_are_refused(void **state)
{
	const struct sim_det_task_spec bad_cpu[] = { { same_cpu_task, NULL, 5, 0 } };
	struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;

	assert_int_equal(sim_det_run(&params, bad_cpu, 1, &res), -EINVAL);
	assert_int_equal(sim_det_run(&params, bad_cpu, 0, &res), -EINVAL);
	assert_int_equal(sim_det_run(&params, bad_cpu, SIM_DET_MAX_TASKS + 1, &res), -EINVAL);
}

#if defined(__SANITIZE_THREAD__)
/*
 * ThreadSanitizer keeps a clock and a call stack per fiber, so each task
 * must run on a fiber of its own (shim/machine/tool_fiber.h): a switch
 * left out would not be reported, only make TSan see every task as the
 * caller.
 */
static void *task_fiber[2];

static void note_fiber(void *arg)
{
	task_fiber[(long)arg] = __tsan_get_current_fiber();
}

static void test_each_task_runs_on_a_tsan_fiber_of_its_own(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ note_fiber, (void *)0L, 0, 0 },
		{ note_fiber, (void *)1L, 1, 0 },
	};
	struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;
	void *caller = __tsan_get_current_fiber();

	assert_int_equal(sim_det_run(&params, tasks, 2, &res), 0);
	assert_ptr_not_equal(task_fiber[0], caller);
	assert_ptr_not_equal(task_fiber[1], caller);
	assert_ptr_not_equal(task_fiber[0], task_fiber[1]);
	assert_ptr_equal(__tsan_get_current_fiber(), caller);
}
#endif

#if defined(__SANITIZE_ADDRESS__)
/*
 * AddressSanitizer keeps the bounds of one stack per thread and must be
 * told each switch to another (shim/machine/tool_fiber.h): a switch left
 * out would not be reported, only leave a task's locals on a stack ASan
 * does not know.
 */
static const char *task_stack_kind[2];

static void note_stack_kind(void *arg)
{
	volatile char local[8] = { 0 };
	char name[32];
	void *region;
	size_t size;

	task_stack_kind[(long)arg] = __asan_locate_address(
		(void *)local, name, sizeof(name), &region, &size);
}

static void test_each_task_runs_on_a_stack_asan_knows(void **state)
{
	const struct sim_det_task_spec tasks[] = {
		{ note_stack_kind, (void *)0L, 0, 0 },
		{ note_stack_kind, (void *)1L, 1, 0 },
	};
	struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;

	assert_int_equal(sim_det_run(&params, tasks, 2, &res), 0);
	assert_string_equal(task_stack_kind[0], "stack");
	assert_string_equal(task_stack_kind[1], "stack");
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_a_seed_replays_the_same_interleaving_bit_for_bit, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_different_seeds_give_different_interleavings, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_fast_path_tid_retry_is_reached_unless_rt_and_loses_nothing, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_free_racing_a_deactivation_is_reached_and_loses_nothing, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_remote_free_racing_a_freeze_is_reached_and_loses_nothing, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_preempt_disable_admits_only_interrupts_on_its_cpu, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_irqs_off_keeps_interrupts_and_tasks_of_its_cpu_out, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_migration_mode_moves_tasks_between_cpus, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_bad_task_lists_are_refused, expect_clean_setup, expect_clean_teardown),
#if defined(__SANITIZE_THREAD__)
		cmocka_unit_test_setup_teardown(test_each_task_runs_on_a_tsan_fiber_of_its_own, expect_clean_setup, expect_clean_teardown),
#endif
#if defined(__SANITIZE_ADDRESS__)
		cmocka_unit_test_setup_teardown(test_each_task_runs_on_a_stack_asan_knows, expect_clean_setup, expect_clean_teardown),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
