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

/*
 * 6.12 create_kmalloc_cache() in mm/slab_common.c passes useroffset 0 and
 * usersize = size to create_boot_cache(): all of a kmalloc object may be
 * copied to or from user space (the check __check_heap_object() makes).
 */
static void test_kmalloc_objects_may_be_copied_whole(void **state)
{
	enum kmalloc_cache_type type;
	unsigned int idx;

	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++)
		for (idx = 1; idx <= KMALLOC_SHIFT_HIGH; idx++) {
			struct kmem_cache *s = kmalloc_caches[type][idx];

			assert_int_equal(s->useroffset, 0);
			assert_int_equal(s->usersize, s->object_size);
		}
	for (idx = 1; idx <= KMALLOC_MAX_CACHE_SIZE; idx *= 2) {
		void *p = kmalloc(idx, GFP_KERNEL);

		assert_int_equal(libslab_check_usercopy(p, ksize(p), true), 0);
		assert_int_equal(libslab_check_usercopy(p, ksize(p), false), 0);
		kfree(p);
	}
}

/*
 * kmalloc caches never take aliases: 6.12 slab_unmergeable() refuses any
 * cache with a usersize (CONFIG_HARDENED_USERCOPY), and every kmalloc
 * cache has one (create_kmalloc_cache()).  So a cache with the accounting
 * flags of kmalloc-cg-64 or kmalloc-rcl-1k is a cache of its own.
 */
static void test_accounted_caches_do_not_merge_into_kmalloc(void **state)
{
	struct kmem_cache *cg = kmem_cache_create("acct_64", 64, 0,
						  SLAB_ACCOUNT, NULL);
	struct kmem_cache *rcl = kmem_cache_create("rcl_1k", 1024, 0,
						   SLAB_RECLAIM_ACCOUNT, NULL);
	struct kmem_cache *dma = kmem_cache_create("dma_192", 192, 0,
						   SLAB_CACHE_DMA, NULL);
	enum kmalloc_cache_type type;
	unsigned int idx;

	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++)
		for (idx = 1; idx <= KMALLOC_SHIFT_HIGH; idx++) {
			assert_ptr_not_equal(cg, kmalloc_caches[type][idx]);
			assert_ptr_not_equal(rcl, kmalloc_caches[type][idx]);
			assert_ptr_not_equal(dma, kmalloc_caches[type][idx]);
		}
	assert_string_equal(kmem_cache_name(cg), "acct_64");
	assert_string_equal(kmem_cache_name(rcl), "rcl_1k");
	assert_string_equal(kmem_cache_name(dma), "dma_192");
	assert_int_equal(libslab_cache_aliases(kmalloc_caches[KMALLOC_CGROUP][6],
					       NULL, 0), 0);
	kmem_cache_destroy(dma);
	kmem_cache_destroy(rcl);
	kmem_cache_destroy(cg);
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test(test_kmalloc_objects_may_be_copied_whole),
		cmocka_unit_test(test_accounted_caches_do_not_merge_into_kmalloc),
		cmocka_unit_test(test_kmalloc_caches_are_naturally_aligned),
		cmocka_unit_test(test_kfree_of_null_and_zero_size_ptr_is_a_no_op),
		cmocka_unit_test(test_large_kmalloc_takes_and_returns_its_pages),
	};

	return slab_run_table(kmalloc_cases, expect_clean_setup, expect_clean_teardown) +
	       slab_run_group(local, expect_clean_setup, expect_clean_teardown);
}
