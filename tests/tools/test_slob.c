// SPDX-License-Identifier: GPL-2.0
/*
 * The SLOB-class reference allocator of bench/slob.c, which the replay
 * compares SLUB against: first fit in pages, three size lists, merging of
 * freed neighbours, headers, alignment, pages back when empty.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../bench/slob.h"

#define OFFSET(h)	((h) & 4095)
#define PAGE_OF(h)	((h) >> 12)

static int setup(void **state)
{
	*state = slob_create();
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	slob_destroy(*state);
	return 0;
}

static void test_a_freed_hole_is_the_first_fit_for_its_size(void **state)
{
	struct slob *s = *state;
	uint64_t a = slob_kmalloc(s, 100), b = slob_kmalloc(s, 100);
	uint64_t c = slob_kmalloc(s, 100);

	slob_kfree(s, b, 100);
	assert_int_equal(slob_kmalloc(s, 100), b);
	assert_int_not_equal(a, c);
	assert_int_equal(slob_slab_pages(s), 1);
}

static void test_the_page_goes_back_when_its_last_object_is_freed(void **state)
{
	struct slob *s = *state;
	uint64_t a = slob_kmalloc(s, 40), b = slob_kmalloc(s, 40);

	slob_kfree(s, a, 40);
	assert_int_equal(slob_slab_pages(s), 1);
	slob_kfree(s, b, 40);
	assert_int_equal(slob_slab_pages(s), 0);
	assert_int_equal(slob_block_bytes(s), 0);
}

static void test_small_and_medium_objects_live_in_different_pages(void **state)
{
	struct slob *s = *state;
	uint64_t small = slob_kmalloc(s, 64), medium = slob_kmalloc(s, 512);
	uint64_t big = slob_kmalloc(s, 2000);

	assert_int_equal(slob_slab_pages(s), 3);
	assert_int_not_equal(PAGE_OF(small), PAGE_OF(medium));
	assert_int_not_equal(PAGE_OF(medium), PAGE_OF(big));
}

static void test_kmalloc_objects_carry_an_eight_byte_header(void **state)
{
	struct slob *s = *state;

	slob_kmalloc(s, 100);
	assert_int_equal(slob_block_bytes(s), 108);
	slob_kmalloc(s, 7);
	assert_int_equal(slob_block_bytes(s), 108 + 16);
}

static void test_typesafe_by_rcu_objects_carry_an_rcu_head(void **state)
{
	struct slob *s = *state;

	slob_cache_alloc(s, 64, 8, true);
	assert_int_equal(slob_block_bytes(s), 80);
}

static void test_cache_objects_are_aligned_as_asked(void **state)
{
	struct slob *s = *state;

	slob_cache_alloc(s, 24, 8, false);
	for (int i = 0; i < 10; i++)
		assert_int_equal(OFFSET(slob_cache_alloc(s, 24, 64, false)) % 64, 0);
}

static void test_freed_neighbours_merge_into_one_run(void **state)
{
	struct slob *s = *state;
	uint64_t a = slob_kmalloc(s, 1100), b = slob_kmalloc(s, 1100);

	slob_kmalloc(s, 1100);
	slob_kfree(s, a, 1100);
	slob_kfree(s, b, 1100);
	/* Only the merged run of a and b holds 2200 bytes in that page. */
	assert_int_equal(slob_kmalloc(s, 2200), a);
	assert_int_equal(slob_slab_pages(s), 1);
}

static void test_a_full_page_takes_a_new_one(void **state)
{
	struct slob *s = *state;

	/* 1108-byte blocks (header included): three fit in a page. */
	for (int i = 0; i < 3; i++)
		slob_kmalloc(s, 1100);
	assert_int_equal(slob_slab_pages(s), 1);
	slob_kmalloc(s, 1100);
	assert_int_equal(slob_slab_pages(s), 2);
}

static void test_objects_of_a_page_or_more_take_their_own_pages(void **state)
{
	struct slob *s = *state;
	uint64_t big = slob_kmalloc(s, 5000), page = slob_cache_alloc(s, 4096, 8, false);

	assert_int_equal(slob_large_pages(s), 2 + 1);
	assert_int_equal(slob_slab_pages(s), 0);
	slob_kfree(s, big, 5000);
	slob_cache_free(s, page, 4096, false);
	assert_int_equal(slob_large_pages(s), 0);
}

static void test_kmalloc_of_zero_bytes_gives_no_object(void **state)
{
	struct slob *s = *state;

	assert_int_equal(slob_kmalloc(s, 0), 0);
	slob_kfree(s, 0, 0);
	assert_int_equal(slob_slab_pages(s), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_a_freed_hole_is_the_first_fit_for_its_size, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_page_goes_back_when_its_last_object_is_freed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_small_and_medium_objects_live_in_different_pages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kmalloc_objects_carry_an_eight_byte_header, setup, teardown),
		cmocka_unit_test_setup_teardown(test_typesafe_by_rcu_objects_carry_an_rcu_head, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache_objects_are_aligned_as_asked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_freed_neighbours_merge_into_one_run, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_full_page_takes_a_new_one, setup, teardown),
		cmocka_unit_test_setup_teardown(test_objects_of_a_page_or_more_take_their_own_pages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kmalloc_of_zero_bytes_gives_no_object, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
