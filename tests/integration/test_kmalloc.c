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

/*
 * 6.12 create_boot_cache() in mm/slab_common.c aligns every kmalloc cache
 * to the largest power of two dividing its size: 32 for kmalloc-96, 64
 * for kmalloc-192, the size itself for the others, in every type.
 */
static void test_kmalloc_caches_are_naturally_aligned(void **state)
{
	static const unsigned int align[KMALLOC_SHIFT_HIGH + 1] = {
		[1] = 32, [2] = 64, [3] = 8, [4] = 16, [5] = 32, [6] = 64,
		[7] = 128, [8] = 256, [9] = 512, [10] = 1024, [11] = 2048,
		[12] = 4096, [13] = 8192,
	};
	enum kmalloc_cache_type type;
	unsigned int idx;
	char buf[32], want[32];

	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++)
		for (idx = 1; idx <= KMALLOC_SHIFT_HIGH; idx++) {
			struct kmem_cache *s = kmalloc_caches[type][idx];
			void *p;

			assert_non_null(s);
			assert_int_equal(s->align, align[idx]);
			assert_true(libslab_sysfs_show(s, "align", buf, sizeof(buf)) > 0);
			snprintf(want, sizeof(want), "%u\n", align[idx]);
			assert_string_equal(buf, want);
			p = kmem_cache_alloc(s, GFP_KERNEL);
			assert_non_null(p);
			assert_int_equal((unsigned long)p % align[idx], 0);
			kmem_cache_free(s, p);
		}
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test(test_kmalloc_caches_are_naturally_aligned),
		cmocka_unit_test(test_kfree_of_null_and_zero_size_ptr_is_a_no_op),
		cmocka_unit_test(test_large_kmalloc_takes_and_returns_its_pages),
	};

	return slab_run_table(kmalloc_cases, expect_clean_setup, expect_clean_teardown) +
	       cmocka_run_group_tests(local, expect_clean_setup, expect_clean_teardown);
}
