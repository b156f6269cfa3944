// SPDX-License-Identifier: GPL-2.0
/*
 * SLUB statistics: each counter moves on the path the kernel counts it on,
 * per CPU, and reads back in the sysfs stat file format.  The calling
 * thread runs on CPU 0; caches hold 16 objects per slab.
 */
#include "harness.h"

static int pin_cpu0(void **state)
{
	sim_set_cpu(0);
	return expect_clean_setup(state);
}

static unsigned long st(struct kmem_cache *s, const char *name)
{
	int item = libslab_stat_item(name);

	assert_true(item >= 0);
	return libslab_stat(s, item, -1);
}

static void test_every_kernel_counter_has_its_sysfs_name(void **state)
{
	static const char *const names[] = {
		"alloc_fastpath", "alloc_slowpath", "free_fastpath",
		"free_slowpath", "free_frozen", "free_add_partial",
		"free_remove_partial", "alloc_from_partial", "alloc_slab",
		"alloc_refill", "alloc_node_mismatch", "free_slab",
		"cpuslab_flush", "deactivate_full", "deactivate_empty",
		"deactivate_to_head", "deactivate_to_tail",
		"deactivate_remote_frees", "deactivate_bypass",
		"order_fallback", "cmpxchg_double_cpu_fail",
		"cmpxchg_double_fail", "cpu_partial_alloc", "cpu_partial_free",
		"cpu_partial_node", "cpu_partial_drain",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		assert_int_equal(libslab_stat_item(names[i]), i);
		assert_string_equal(libslab_stat_name(i), names[i]);
	}
	assert_int_equal(libslab_stat_item("no_such_counter"), -EINVAL);
	assert_null(libslab_stat_name(ARRAY_SIZE(names)));
}

static void test_first_allocation_takes_the_slow_path_to_a_new_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_first");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(st(s, "alloc_slowpath"), 1);
	assert_int_equal(st(s, "alloc_slab"), 1);
	assert_int_equal(st(s, "alloc_fastpath"), 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_cpu_slab_allocations_and_frees_take_the_fast_paths(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_fast");
	void *warm = kmem_cache_alloc(s, GFP_KERNEL);
	void *p[5];
	int i;

	for (i = 0; i < 5; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 5; i++)
		kmem_cache_free(s, p[i]);
	if (sim_preempt_rt()) {
		/* PREEMPT_RT allocates through the locked path only. */
		assert_int_equal(st(s, "alloc_fastpath"), 0);
		assert_int_equal(st(s, "alloc_slowpath"), 6);
	} else {
		assert_int_equal(st(s, "alloc_fastpath"), 5);
	}
	assert_int_equal(st(s, "free_fastpath"), 5);
	assert_int_equal(libslab_stat(s, libslab_stat_item("free_fastpath"), 0), 5);
	assert_int_equal(libslab_stat(s, libslab_stat_item("free_fastpath"), 1), 0);
	kmem_cache_free(s, warm);
	kmem_cache_destroy(s);
}

static void test_remote_free_into_a_full_slab_fills_the_cpu_partial_chain(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_remote");
	void *p[TEST_PER_SLAB + 1];
	int i;

	for (i = 0; i <= TEST_PER_SLAB; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);	/* slab 1 full */
	sim_set_cpu(1);
	kmem_cache_free(s, p[0]);
	assert_int_equal(st(s, "free_slowpath"), 1);
	assert_int_equal(st(s, "cpu_partial_free"), 1);
	assert_int_equal(libslab_stat(s, libslab_stat_item("cpu_partial_free"), 1), 1);
	kmem_cache_free(s, p[1]);			/* not full any more */
	assert_int_equal(st(s, "free_slowpath"), 2);
	assert_int_equal(st(s, "cpu_partial_free"), 1);
	sim_set_cpu(0);
	for (i = 2; i <= TEST_PER_SLAB; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_flush_counts_the_flushed_cpu_slab_and_how_it_was_deactivated(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_flush");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	libslab_flush_all(s);
	assert_int_equal(st(s, "cpuslab_flush"), 1);
	assert_int_equal(st(s, "deactivate_to_head"), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_refill_from_remote_frees_of_the_cpu_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_refill");
	void *p[TEST_PER_SLAB], *q;
	int i;

	for (i = 0; i < TEST_PER_SLAB; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);	/* cpu slab now empty of free objects */
	sim_set_cpu(1);
	kmem_cache_free(s, p[3]);			/* remote: into slab->freelist */
	sim_set_cpu(0);
	q = kmem_cache_alloc(s, GFP_KERNEL);
	assert_ptr_equal(q, p[3]);
	assert_int_equal(st(s, "alloc_refill"), 1);
	for (i = 0; i < TEST_PER_SLAB; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_high_order_failure_counts_an_order_fallback(void **state)
{
	struct kmem_cache *s = kmem_cache_create("stat_fallback", 3000, 0,
						 SLAB_NO_MERGE, NULL);
	void *p;

	assert_true(oo_order(s->oo) > 0);
	sim_page_fail_above_order(0);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	sim_page_fail_above_order(-1);
	assert_non_null(p);
	assert_int_equal(st(s, "order_fallback"), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_stat_file_shows_the_sum_then_each_busy_cpu(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_show");
	int item = libslab_stat_item("alloc_slab");
	void *a, *b;
	char buf[128];

	a = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_cpu(1);
	b = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_cpu(0);
	assert_int_equal(libslab_stat_show(s, item, buf, sizeof(buf)),
			 strlen("2 C0=1 C1=1\n"));
	assert_string_equal(buf, "2 C0=1 C1=1\n");
	libslab_stat_clear(s, item);
	libslab_stat_show(s, item, buf, sizeof(buf));
	assert_string_equal(buf, "0\n");
	assert_int_equal(libslab_stat_show(s, -1, buf, sizeof(buf)), -EINVAL);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
}

static void test_emptied_slab_beyond_min_partial_counts_free_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_free_slab");
	void *p[(12) * TEST_PER_SLAB];
	int i, n = ARRAY_SIZE(p);

	for (i = 0; i < n; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < n; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_shrink(s);
	assert_true(st(s, "free_slab") > 0);
	kmem_cache_destroy(s);
}

/*
 * Expectation from 6.12 do_slab_free(): a chain freed to the cpu slab adds
 * its object count to FREE_FASTPATH (stat_add(s, FREE_FASTPATH, cnt)).
 */
static void test_bulk_free_to_the_cpu_slab_counts_each_object(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_bulk_free");
	void *warm = kmem_cache_alloc(s, GFP_KERNEL);
	void *p[5];
	int i;

	for (i = 0; i < 5; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	libslab_stat_clear(s, libslab_stat_item("free_fastpath"));
	kmem_cache_free_bulk(s, 5, p);
	assert_int_equal(st(s, "free_fastpath"), 5);
	assert_int_equal(st(s, "free_slowpath"), 0);
	kmem_cache_free(s, warm);
	kmem_cache_destroy(s);
}

/*
 * Expectations from 6.12 __put_partials(): each slab of a drained cpu
 * partial chain either joins the node list (FREE_ADD_PARTIAL) or, empty
 * while the node holds min_partial slabs, is freed (DEACTIVATE_EMPTY and
 * FREE_SLAB).  flush_cpu_slab() drains CPU 1's chain here.
 */
static void test_drained_cpu_partial_chain_counts_add_partial_and_empty(void **state)
{
	struct kmem_cache *s = make_test_cache("stat_put_partials");
	void *p[2 * TEST_PER_SLAB + 1];
	int i;

	/* Slabs A and C full and on no list, B the cpu slab of CPU 0. */
	for (i = 0; i < ARRAY_SIZE(p); i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	/* min_partial 0, as "echo 0 > min_partial" sets it: empty slabs go. */
	s->min_partial = 0;
	sim_set_cpu(1);
	for (i = 0; i < TEST_PER_SLAB; i++)
		kmem_cache_free(s, p[i]);		/* A: empty, on CPU 1's chain */
	kmem_cache_free(s, p[TEST_PER_SLAB]);		/* C: partly free, on the chain */
	assert_int_equal(st(s, "cpu_partial_free"), 2);
	sim_set_cpu(0);
	libslab_flush_all(s);
	assert_int_equal(st(s, "free_add_partial"), 1);
	assert_int_equal(st(s, "deactivate_empty"), 1);
	assert_int_equal(st(s, "free_slab"), 1);
	/* B still has an object in use: deactivated to the head, not counted above. */
	assert_int_equal(st(s, "deactivate_to_head"), 1);
	for (i = TEST_PER_SLAB + 1; i < ARRAY_SIZE(p); i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static struct kmem_cache *nested_cache;
static void *nested_object;

/* Allocates from its own cache once, while its first new slab is set up. */
static void nested_alloc_ctor(void *object)
{
	struct kmem_cache *s = nested_cache;

	if (s) {
		nested_cache = NULL;
		nested_object = kmem_cache_alloc(s, GFP_KERNEL);
	}
}

/*
 * Expectation from 6.12 ___slab_alloc()'s retry_load_slab: a new slab
 * about to become the cpu slab finds another one installed meanwhile (here
 * by an allocation from the constructor); that one is deactivated and
 * counted as CPUSLAB_FLUSH.
 */
static void test_cpu_slab_displaced_by_a_new_one_counts_a_flush(void **state)
{
	struct kmem_cache *s = kmem_cache_create("stat_install_race", 256, 0,
						 SLAB_NO_MERGE,
						 nested_alloc_ctor);
	void *p;

	nested_cache = s;
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_non_null(p);
	assert_non_null(nested_object);
	assert_int_equal(st(s, "alloc_slab"), 2);
	assert_int_equal(st(s, "alloc_slowpath"), 2);
	assert_int_equal(st(s, "cpuslab_flush"), 1);
	assert_int_equal(st(s, "deactivate_to_head"), 1);
	kmem_cache_free(s, p);
	kmem_cache_free(s, nested_object);
	nested_object = NULL;
	kmem_cache_destroy(s);
}

/*
 * Expectation from 6.12 get_partial_node(): a debug cache takes single
 * objects off partial slabs through alloc_single_from_partial(), which
 * counts no ALLOC_FROM_PARTIAL; only the new slab counts (ALLOC_SLAB).
 */
static void test_debug_cache_allocations_from_partial_slabs_are_not_counted(void **state)
{
	struct kmem_cache *s = kmem_cache_create("stat_debug_partial", 256, 0,
						 SLAB_RED_ZONE, NULL);
	void *p[3];
	int i;

	for (i = 0; i < ARRAY_SIZE(p); i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	assert_int_equal(st(s, "alloc_slab"), 1);
	assert_int_equal(st(s, "alloc_from_partial"), 0);
	assert_int_equal(st(s, "alloc_slowpath"), 3);
	for (i = 0; i < ARRAY_SIZE(p); i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_kernel_counter_has_its_sysfs_name),
		cmocka_unit_test_setup_teardown(test_first_allocation_takes_the_slow_path_to_a_new_slab, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_slab_allocations_and_frees_take_the_fast_paths, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_remote_free_into_a_full_slab_fills_the_cpu_partial_chain, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_flush_counts_the_flushed_cpu_slab_and_how_it_was_deactivated, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_refill_from_remote_frees_of_the_cpu_slab, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_high_order_failure_counts_an_order_fallback, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_stat_file_shows_the_sum_then_each_busy_cpu, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_emptied_slab_beyond_min_partial_counts_free_slab, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_bulk_free_to_the_cpu_slab_counts_each_object, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_drained_cpu_partial_chain_counts_add_partial_and_empty, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_slab_displaced_by_a_new_one_counts_a_flush, pin_cpu0, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_debug_cache_allocations_from_partial_slabs_are_not_counted, pin_cpu0, expect_clean_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
