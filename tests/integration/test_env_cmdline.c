// SPDX-License-Identifier: GPL-2.0
/*
 * LIBSLAB_CMDLINE is read at start-up by any program linked with the
 * library: this suite runs with "nr_cpus=2 slub_min_order=1 slab_nomerge".
 */
#include "harness.h"

static void test_env_min_order_applies_to_kmalloc_caches(void **state)
{
	assert_int_equal(oo_order(kmalloc_caches[KMALLOC_NORMAL][3]->oo), 1);
	assert_int_equal(slub_min_order, 1);
}

static void test_env_nomerge_applies_at_start_up(void **state)
{
	struct kmem_cache *a = kmem_cache_create("env_a", 200, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("env_b", 200, 0, 0, NULL);

	assert_true(slab_nomerge);
	assert_ptr_not_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_env_nr_cpus_sets_simulated_cpus(void **state)
{
	assert_int_equal(nr_cpu_ids, 2);
	assert_int_equal(sim_nr_cpus(), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env_min_order_applies_to_kmalloc_caches),
		cmocka_unit_test(test_env_nomerge_applies_at_start_up),
		cmocka_unit_test(test_env_nr_cpus_sets_simulated_cpus),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
