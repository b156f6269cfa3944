// SPDX-License-Identifier: GPL-2.0
/*
 * Cache lifetime: the shared cases (shared/cache_cases.h) and the ones
 * that need the simulated machine or the printk capture.
 */
#include <linux/vmalloc.h>
#include <linux/vmstat.h>
#include "shared_cmocka.h"
#include "cache_cases.h"

static void test_usercopy_region_outside_object_is_dropped(void **state)
{
	struct kmem_cache *s;

	capture_start();
	s = kmem_cache_create_usercopy("uc_bad", 64, 0, SLAB_NO_MERGE, 32, 64, NULL);
	capture_stop();
	assert_non_null(s);
	assert_int_equal(s->usersize, 0);
	assert_int_equal(s->useroffset, 0);
	assert_captured("WARNING");
	kmem_cache_destroy(s);
}

static void test_slab_pages_are_counted_while_typed_slab(void **state)
{
	struct kmem_cache *s = kmem_cache_create("slab_pages", 2048, 0, SLAB_NO_MERGE, NULL);
	unsigned long before = sim_slab_pages_in_use();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(sim_slab_pages_in_use(), before + (1UL << oo_order(s->oo)));
	kmem_cache_free(s, p);
	kmem_cache_shrink(s);
	assert_int_equal(sim_slab_pages_in_use(), before);
	kmem_cache_destroy(s);
}

/*
 * A new slab adds its pages to its node's slab counter, and freeing it
 * takes them back (mm/slub.c account_slab(), unaccount_slab()); the
 * counter is SReclaimable for a SLAB_RECLAIM_ACCOUNT cache, else
 * SUnreclaim (mm/slab.h cache_vmstat_idx()).
 */
static void expect_slab_counted_in(slab_flags_t flags, enum node_stat_item item,
				   enum node_stat_item other)
{
	struct kmem_cache *s = kmem_cache_create("vmstat", 2048, 0,
						 SLAB_NO_MERGE | flags, NULL);
	unsigned long before = global_node_page_state_pages(item);
	unsigned long before_other = global_node_page_state_pages(other);
	int nid = numa_mem_id();
	unsigned long before_node = sim_node_page_state_pages(nid, item);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(global_node_page_state_pages(item),
			 before + (1UL << oo_order(s->oo)));
	assert_int_equal(slab_nid(virt_to_slab(p)), nid);
	assert_int_equal(sim_node_page_state_pages(nid, item),
			 before_node + (1UL << oo_order(s->oo)));
	assert_int_equal(global_node_page_state_pages(other), before_other);
	kmem_cache_free(s, p);
	kmem_cache_shrink(s);
	assert_int_equal(global_node_page_state_pages(item), before);
	kmem_cache_destroy(s);
}

/* Under SLUB_TINY SLAB_RECLAIM_ACCOUNT is 0 (include/linux/slab.h): SUnreclaim. */
static void test_reclaimable_cache_slabs_count_in_sreclaimable(void **state)
{
	if (SLAB_RECLAIM_ACCOUNT)
		expect_slab_counted_in(SLAB_RECLAIM_ACCOUNT, NR_SLAB_RECLAIMABLE_B,
				       NR_SLAB_UNRECLAIMABLE_B);
	else
		expect_slab_counted_in(SLAB_RECLAIM_ACCOUNT, NR_SLAB_UNRECLAIMABLE_B,
				       NR_SLAB_RECLAIMABLE_B);
}

static void test_other_cache_slabs_count_in_sunreclaim(void **state)
{
	expect_slab_counted_in(0, NR_SLAB_UNRECLAIMABLE_B, NR_SLAB_RECLAIMABLE_B);
}

/*
 * A large kmalloc counts its pages as unreclaimable slab while it lives
 * (mm/slub.c ___kmalloc_large_node(), free_large_kmalloc()).
 */
static void test_large_kmalloc_counts_in_sunreclaim(void **state)
{
	unsigned long before = global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B);
	void *p = kmalloc(4 * PAGE_SIZE, GFP_KERNEL);

	assert_non_null(p);
	assert_int_equal(global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B), before + 4);
	kfree(p);
	assert_int_equal(global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B), before);
}

static void test_destroy_empty_cache_returns_its_pages(void **state)
{
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	struct kmem_cache *s = kmem_cache_create("destroy_empty", 500, 0, SLAB_NO_MERGE, NULL);
	void *p[100];
	int i;

	for (i = 0; i < 100; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 100; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before);
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test(test_usercopy_region_outside_object_is_dropped),
		cmocka_unit_test(test_slab_pages_are_counted_while_typed_slab),
		cmocka_unit_test(test_reclaimable_cache_slabs_count_in_sreclaimable),
		cmocka_unit_test(test_other_cache_slabs_count_in_sunreclaim),
		cmocka_unit_test(test_large_kmalloc_counts_in_sunreclaim),
		cmocka_unit_test(test_destroy_empty_cache_returns_its_pages),
	};

	return slab_run_table(cache_cases, NULL, NULL) +
	       cmocka_run_group_tests(local, NULL, NULL);
}
