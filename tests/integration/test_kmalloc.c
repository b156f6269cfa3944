// SPDX-License-Identifier: GPL-2.0
/*
 * kmalloc: the shared cases (shared/kmalloc_cases.h) and the ones that
 * need the simulated machine.
 */
#include <linux/vmalloc.h>
#include "shared_cmocka.h"
#include "kmalloc_cases.h"

static void test_kfree_of_null_and_zero_size_ptr_is_a_no_op(void **state)
{
	unsigned long warns = sim_warn_count();

	kfree(NULL);
	kfree(ZERO_SIZE_PTR);
	assert_int_equal(sim_warn_count(), warns);
}

static void test_large_kmalloc_takes_and_returns_its_pages(void **state)
{
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	void *p = kmalloc(KMALLOC_MAX_CACHE_SIZE + 1, GFP_KERNEL);

	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before + 4);
	kfree(p);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before);
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test(test_kfree_of_null_and_zero_size_ptr_is_a_no_op),
		cmocka_unit_test(test_large_kmalloc_takes_and_returns_its_pages),
	};

	return slab_run_table(kmalloc_cases, expect_clean_setup, expect_clean_teardown) +
	       cmocka_run_group_tests(local, expect_clean_setup, expect_clean_teardown);
}
