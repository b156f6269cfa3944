// SPDX-License-Identifier: GPL-2.0
/*
 * Cache lifetime: the shared cases (shared/cache_cases.h) and the ones
 * that need the simulated machine or the printk capture.
 */
#include <linux/vmalloc.h>
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
		cmocka_unit_test(test_destroy_empty_cache_returns_its_pages),
	};

	return slab_run_table(cache_cases, NULL, NULL) +
	       cmocka_run_group_tests(local, NULL, NULL);
}
