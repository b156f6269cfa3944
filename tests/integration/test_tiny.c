// SPDX-License-Identifier: GPL-2.0
/*
 * The SLUB_TINY design (CONFIG_LIBSLAB_TINY), as the kernel's Kconfig
 * describes it: no per-CPU slabs or partial lists, small slab orders, no
 * separate reclaimable kmalloc caches, no random kmalloc caches; and
 * failslab, which 6.12 keeps under SLUB_TINY.
 */
#include "harness.h"

static void test_objects_never_leave_a_cpu_slab_behind(void **state)
{
	struct kmem_cache *s = kmem_cache_create("tiny_nocpu", 64, NULL, 0);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	int cpu;

	for_each_possible_cpu(cpu) {
		assert_false(libslab_cpu_has_slab(s, cpu));
		assert_int_equal(libslab_cpu_nr_partial(s, cpu), 0);
	}
	kmem_cache_free(s, p);
	/*
	 * The free went to the node lists, and an empty slab goes back at once:
	 * 6.12 has MIN_PARTIAL 0 under SLUB_TINY, so __slab_free() finds
	 * nr_partial >= min_partial and frees it.
	 */
	assert_int_equal(s->min_partial, 0);
	assert_int_equal(slab_test_nr_slabs(s), 0);
	kmem_cache_destroy(s);
}

static void test_freeing_every_object_keeps_only_min_partial_slabs(void **state)
{
	struct kmem_cache *s = kmem_cache_create("tiny_drain", 256, NULL, 0);
	void *objs[400];
	int i;

	for (i = 0; i < 400; i++)
		objs[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 400; i++)
		kmem_cache_free(s, objs[i]);
	/* Without per-CPU caching, empty slabs go back at once past min_partial. */
	assert_true(slab_test_nr_slabs(s) <= s->min_partial);
	kmem_cache_destroy(s);
}

static void test_slab_order_is_at_most_one_by_default(void **state)
{
	struct kmem_cache *s = kmem_cache_create("tiny_order", 2048, NULL, 0);

	assert_int_equal(slub_max_order, 1);
	assert_true(oo_order(s->oo) <= 1);
	kmem_cache_destroy(s);
}

static void test_reclaimable_kmalloc_uses_the_normal_caches(void **state)
{
	void *p = kmalloc(64, GFP_KERNEL | __GFP_RECLAIMABLE);

	assert_string_equal(virt_to_slab(p)->slab_cache->name, "kmalloc-64");
	kfree(p);
}

static void test_reclaim_account_does_not_prevent_merging(void **state)
{
	struct kmem_cache *a = kmem_cache_create("tiny_plain", 96, NULL, 0);
	struct kmem_cache *b = kmem_cache_create("tiny_reclaim", 96, NULL,
						 SLAB_RECLAIM_ACCOUNT);

	assert_ptr_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_random_kmalloc_caches_are_refused(void **state)
{
	assert_int_equal(libslab_parse_cmdline("random_kmalloc_caches=on"), -EINVAL);
	sim_printk_reset_counts();
}

static void test_cpu_partial_cannot_be_turned_on(void **state)
{
	struct kmem_cache *s = kmem_cache_create("tiny_cpu_partial", 64, NULL, 0);

	assert_int_equal(libslab_set_cpu_partial(s, 8), -EINVAL);
	assert_int_equal(libslab_set_cpu_partial(s, 0), 0);
	kmem_cache_destroy(s);
}

/*
 * 6.12 registers slab_debug= only with SLUB_DEBUG, which SLUB_TINY
 * excludes: the word is unknown, and the kernel passes it on to init.
 */
static void test_slub_debug_is_an_unknown_word(void **state)
{
	if (IS_ENABLED(CONFIG_LIBSLAB_DEBUG))
		skip_because("the debugging TINY build (-Dtiny_debug=true) registers slub_debug");
	assert_int_equal(libslab_setup_param("slub_debug", "FZ"), -ENOENT);
	assert_int_equal(libslab_setup_param("slab_debug", NULL), -ENOENT);
	assert_int_equal(libslab_parse_cmdline("slub_debug=FZPU slab_debug"), 0);
}

/*
 * Without SLUB_DEBUG, 6.12's __kmem_cache_create_args() masks the debug
 * flags off (CACHE_CREATE_MASK): a red-zoned, poisoned cache tracking
 * users is laid out as a plain one (the oracle's tiny run: 6.12 gives
 * 100-byte objects of such a cache a size of 104).
 */
static void test_debug_flags_are_dropped(void **state)
{
	if (IS_ENABLED(CONFIG_LIBSLAB_DEBUG))
		skip_because("the debugging TINY build (-Dtiny_debug=true) keeps the debug flags");
	struct kmem_cache *s = kmem_cache_create("tiny_debug_flags", 100, NULL,
						 SLAB_RED_ZONE | SLAB_POISON |
						 SLAB_STORE_USER | SLAB_NO_MERGE);

	assert_non_null(s);
	assert_int_equal(s->flags & (SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER), 0);
	assert_int_equal(s->size, 104);
	kmem_cache_destroy(s);
}

/*
 * 6.12's FAILSLAB does not depend on !SLUB_TINY: slab_pre_alloc_hook()
 * asks should_failslab() on every allocation, so failslab= fails TINY's
 * allocations too.
 */
static void test_failslab_fails_allocations(void **state)
{
	assert_int_equal(libslab_parse_cmdline("failslab=1,100,0,1"), 0);
	libslab_failslab_filter(false, false);
	assert_null(kmalloc(32, GFP_KERNEL));
	/* times was 1: the budget is spent. */
	void *p = kmalloc(32, GFP_KERNEL);

	assert_non_null(p);
	kfree(p);
	libslab_failslab_setup("1,0,0,0");
	libslab_failslab_filter(true, false);
	sim_printk_reset_counts();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objects_never_leave_a_cpu_slab_behind),
		cmocka_unit_test(test_freeing_every_object_keeps_only_min_partial_slabs),
		cmocka_unit_test(test_slab_order_is_at_most_one_by_default),
		cmocka_unit_test(test_reclaimable_kmalloc_uses_the_normal_caches),
		cmocka_unit_test(test_reclaim_account_does_not_prevent_merging),
		cmocka_unit_test(test_random_kmalloc_caches_are_refused),
		cmocka_unit_test(test_cpu_partial_cannot_be_turned_on),
		cmocka_unit_test(test_slub_debug_is_an_unknown_word),
		cmocka_unit_test(test_debug_flags_are_dropped),
		cmocka_unit_test(test_failslab_fails_allocations),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
