// SPDX-License-Identifier: GPL-2.0
/*
 * Slab order (calculate_order/calc_slab_order).  The suite runs with
 * nr_cpus=2, so the default minimum is 4 * (fls(2) + 1) = 12 objects
 * (6.12 calculate_order(): from num_present_cpus(), nr_cpu_ids if that
 * is 1; every simulated CPU is present).  The order words set the slabs'
 * layout, which start-up fixes: each case that changes them starts the
 * allocator again (libslab_restart()).
 */
#include <front/restart.h>
#include "harness.h"

static void restore_defaults(void)
{
	assert_int_equal(libslab_restart("slub_min_order=0 slub_max_order=3 slub_min_objects=0"), 0);
}

static void test_small_objects_fit_order_zero(void **state)
{
	assert_int_equal(calculate_order(8), 0);
	assert_int_equal(calculate_order(104), 0);
}

static void test_order_grows_to_hold_min_objects(void **state)
{
	/* 12 objects of 584 bytes need 7008 bytes: order 1. */
	assert_int_equal(calculate_order(584), 1);
}

static void test_order_prefers_low_waste(void **state)
{
	/* 2112-byte objects: order 3 holds 15 with 1088 bytes left (< 1/16). */
	assert_int_equal(calculate_order(2112), 3);
}

static void test_large_objects_accept_more_waste_within_max_order(void **state)
{
	/* 9600: 3 objects in order 3 waste 3968 bytes, accepted at 1/8. */
	assert_int_equal(calculate_order(9600), 3);
}

static void test_page_sized_objects_use_max_order(void **state)
{
	assert_int_equal(calculate_order(4096), 3);
	assert_int_equal(calculate_order(8192), 3);
}

static void test_max_order_zero_caps_small_objects(void **state)
{
	assert_int_equal(libslab_restart("slub_max_order=0"), 0);
	assert_int_equal(calculate_order(4096), 0);
	assert_int_equal(calculate_order(1000), 0);
	restore_defaults();
}

static void test_object_above_max_order_gets_its_own_order(void **state)
{
	assert_int_equal(libslab_restart("slub_max_order=0"), 0);
	assert_int_equal(calculate_order(5000), 1);
	restore_defaults();
}

static void test_min_order_raises_every_order(void **state)
{
	assert_int_equal(libslab_restart("slub_min_order=2"), 0);
	assert_int_equal(calculate_order(8), 2);
	assert_int_equal(calculate_order(584), 2);
	restore_defaults();
}

static void test_min_objects_raises_order(void **state)
{
	assert_int_equal(libslab_restart("slub_min_objects=64"), 0);
	/* 64 * 256 bytes = 16 KiB: order 2. */
	assert_int_equal(calculate_order(256), 2);
	restore_defaults();
}

static void test_objects_per_slab_stay_below_limit(void **state)
{
	/* Order 7 would hold 65536 8-byte objects; the counter has 15 bits. */
	assert_int_equal(libslab_restart("slub_min_order=7"), 0);
	assert_int_equal(calculate_order(8), 5);
	restore_defaults();
}

static void test_cache_records_order_and_objects(void **state)
{
	struct kmem_cache *s = kmem_cache_create("order_584", 584, 0,
						 SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	assert_int_equal(oo_order(s->oo), 1);
	assert_int_equal(oo_objects(s->oo), 14);
	assert_int_equal(oo_order(s->min), 0);
	assert_int_equal(oo_objects(s->min), 7);
	kmem_cache_destroy(s);
}

static void test_order_falls_back_to_min_when_high_order_unavailable(void **state)
{
	struct kmem_cache *s = kmem_cache_create("order_fallback", 584, 0,
						 SLAB_NO_MERGE, NULL);
	struct slabinfo info;
	void *p;

	sim_page_fail_above_order(0);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	sim_page_fail_above_order(-1);
	assert_non_null(p);
	assert_int_equal(folio_order(virt_to_folio(p)), 0);
	get_slabinfo(s, &info);
	assert_int_equal(info.num_slabs, 1);
	assert_int_equal(info.num_objs, 7);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_min_partial_grows_with_size(void **state)
{
	struct kmem_cache *small = kmem_cache_create("mp_small", 64, 0, SLAB_NO_MERGE, NULL);
	struct kmem_cache *big = kmem_cache_create("mp_big", 1 << 20, 0, SLAB_NO_MERGE, NULL);

	assert_int_equal(small->min_partial, 5);
	assert_int_equal(big->min_partial, 10);
	kmem_cache_destroy(small);
	kmem_cache_destroy(big);
}

static void test_cpu_partial_limits_follow_size(void **state)
{
	/*
	 * 6.12 set_cpu_partial() in mm/slub.c: 120 objects below 256 bytes,
	 * 52 below 1024, 24 below PAGE_SIZE, 6 from PAGE_SIZE up; and
	 * slub_set_cpu_partial() turns them into DIV_ROUND_UP(2 * objects,
	 * objects per slab) slabs.  Orders by 6.12 calculate_order() with
	 * 12 minimum objects (nr_cpus=2): 64 B order 0, 64 a slab -> 4 slabs;
	 * 200 B order 0, 20 -> 12; 256 B order 0, 16 -> 7; 1000 B order 2,
	 * 16 -> 7; 1024 B order 2, 16 -> 3; 4096 B order 3, 8 -> 2.
	 */
	static const struct { unsigned int size, objects, slabs; } expect[] = {
		{ 64, 120, 4 }, { 200, 120, 12 }, { 256, 52, 7 },
		{ 1000, 52, 7 }, { 1024, 24, 3 }, { 4096, 6, 2 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(expect); i++) {
		struct kmem_cache *s = kmem_cache_create("cpu_partial", expect[i].size,
							 0, SLAB_NO_MERGE, NULL);

		assert_int_equal(s->cpu_partial, expect[i].objects);
		assert_int_equal(s->cpu_partial_slabs, expect[i].slabs);
		kmem_cache_destroy(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_objects_fit_order_zero),
		cmocka_unit_test(test_order_grows_to_hold_min_objects),
		cmocka_unit_test(test_order_prefers_low_waste),
		cmocka_unit_test(test_large_objects_accept_more_waste_within_max_order),
		cmocka_unit_test(test_page_sized_objects_use_max_order),
		cmocka_unit_test(test_max_order_zero_caps_small_objects),
		cmocka_unit_test(test_object_above_max_order_gets_its_own_order),
		cmocka_unit_test(test_min_order_raises_every_order),
		cmocka_unit_test(test_min_objects_raises_order),
		cmocka_unit_test(test_objects_per_slab_stay_below_limit),
		cmocka_unit_test(test_cache_records_order_and_objects),
		cmocka_unit_test(test_order_falls_back_to_min_when_high_order_unavailable),
		cmocka_unit_test(test_min_partial_grows_with_size),
		cmocka_unit_test(test_cpu_partial_limits_follow_size),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
