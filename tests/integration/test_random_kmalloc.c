// SPDX-License-Identifier: GPL-2.0
/*
 * CONFIG_RANDOM_KMALLOC_CACHES (random_kmalloc_caches=on): fifteen copies
 * of each normal kmalloc cache, one chosen per call site, so that objects
 * allocated at different places rarely share slabs (heap spraying from one
 * site cannot reach another's objects).
 */
#include "harness.h"

/* Sixteen call sites (no tail calls: each is its own return address). */
#define SITE(n)								\
	static noinline void *site_##n(void)				\
	{								\
		void *p = kmalloc(64, GFP_KERNEL);			\
									\
		__asm__ __volatile__("" : : "r"(p) : "memory");		\
		return p;						\
	}
SITE(0) SITE(1) SITE(2) SITE(3) SITE(4) SITE(5) SITE(6) SITE(7)
SITE(8) SITE(9) SITE(10) SITE(11) SITE(12) SITE(13) SITE(14) SITE(15)

static void *(*const sites[])(void) = {
	site_0, site_1, site_2, site_3, site_4, site_5, site_6, site_7,
	site_8, site_9, site_10, site_11, site_12, site_13, site_14, site_15,
};

static struct kmem_cache *cache_of(const void *p)
{
	return virt_to_slab(p)->slab_cache;
}

static void test_each_size_has_fifteen_random_copies(void **state)
{
	char name[32];
	int i;

	for (i = 1; i <= 15; i++) {
		snprintf(name, sizeof(name), "kmalloc-rnd-%02d-64", i);
		assert_non_null(libslab_find_cache(name));
	}
	assert_non_null(libslab_find_cache("kmalloc-rnd-15-8k"));
	assert_null(libslab_find_cache("kmalloc-rnd-16-64"));
}

static void test_one_call_site_always_gets_the_same_copy(void **state)
{
	void *p[10];
	int i;

	for (i = 0; i < 10; i++)
		p[i] = site_3();
	for (i = 1; i < 10; i++)
		assert_ptr_equal(cache_of(p[i]), cache_of(p[0]));
	for (i = 0; i < 10; i++)
		kfree(p[i]);
}

static void test_call_sites_spread_over_the_copies(void **state)
{
	struct kmem_cache *seen[ARRAY_SIZE(sites)];
	unsigned int i, j, distinct = 0;

	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		void *p = sites[i]();

		seen[i] = cache_of(p);
		assert_int_equal(strncmp(seen[i]->name, "kmalloc-", 8), 0);
		kfree(p);
		for (j = 0; j < i && seen[j] != seen[i]; j++)
			;
		distinct += j == i;
	}
	/* 16 sites over 16 caches: collisions happen, a few copies do not. */
	assert_true(distinct >= 6);
}

static void test_dma_and_reclaimable_allocations_keep_their_own_caches(void **state)
{
	void *d = kmalloc(64, GFP_KERNEL | __GFP_DMA);
	void *r = kmalloc(64, GFP_KERNEL | __GFP_RECLAIMABLE);

	assert_string_equal(cache_of(d)->name, "dma-kmalloc-64");
	assert_string_equal(cache_of(r)->name, "kmalloc-rcl-64");
	kfree(d);
	kfree(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_each_size_has_fifteen_random_copies, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_one_call_site_always_gets_the_same_copy, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_call_sites_spread_over_the_copies, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_dma_and_reclaimable_allocations_keep_their_own_caches, expect_clean_setup, expect_clean_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
