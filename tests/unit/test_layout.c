// SPDX-License-Identifier: GPL-2.0
/* Object layout: size, free pointer offset and alignment (calculate_sizes). */
#include "harness.h"

static struct kmem_cache *make(unsigned int size, unsigned int align,
			       slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache *s = kmem_cache_create("layout_test", size, align,
						 flags | SLAB_NO_MERGE, ctor);

	assert_non_null(s);
	return s;
}

static void nop_ctor(void *object)
{
}

static void test_object_size_rounds_up_to_word(void **state)
{
	struct kmem_cache *s = make(13, 0, 0, NULL);

	assert_int_equal(s->object_size, 13);
	assert_int_equal(s->inuse, 16);
	assert_int_equal(s->size, 16);
	kmem_cache_destroy(s);
}

static void test_free_pointer_sits_mid_object(void **state)
{
	struct kmem_cache *s = make(100, 0, 0, NULL);

	assert_int_equal(s->size, 104);
	assert_int_equal(s->offset, 48);
	kmem_cache_destroy(s);
}

static void test_free_pointer_of_word_object_is_at_zero(void **state)
{
	struct kmem_cache *s = make(8, 0, 0, NULL);

	assert_int_equal(s->offset, 0);
	assert_int_equal(s->size, 8);
	kmem_cache_destroy(s);
}

static void test_ctor_moves_free_pointer_after_object(void **state)
{
	struct kmem_cache *s = make(100, 0, 0, nop_ctor);

	assert_int_equal(s->inuse, 104);
	assert_int_equal(s->offset, 104);
	assert_int_equal(s->size, 112);
	kmem_cache_destroy(s);
}

static void test_typesafe_by_rcu_moves_free_pointer_after_object(void **state)
{
	struct kmem_cache *s = make(64, 0, SLAB_TYPESAFE_BY_RCU, NULL);

	assert_int_equal(s->offset, 64);
	assert_int_equal(s->size, 72);
	kmem_cache_destroy(s);
}

static void test_custom_freeptr_offset_is_honoured_for_rcu(void **state)
{
	struct kmem_cache_args args = {
		.freeptr_offset = 16,
		.use_freeptr_offset = true,
	};
	struct kmem_cache *s = kmem_cache_create("rcu_freeptr", 64, &args,
						 SLAB_TYPESAFE_BY_RCU);

	assert_non_null(s);
	assert_int_equal(s->offset, 16);
	assert_int_equal(s->size, 64);
	kmem_cache_destroy(s);
}

static void test_hwcache_align_aligns_to_cache_line(void **state)
{
	struct kmem_cache *s = make(100, 0, SLAB_HWCACHE_ALIGN, NULL);

	assert_int_equal(s->align, 64);
	assert_int_equal(s->size, 128);
	kmem_cache_destroy(s);
}

static void test_hwcache_align_halves_for_small_objects(void **state)
{
	struct kmem_cache *s = make(20, 0, SLAB_HWCACHE_ALIGN, NULL);

	assert_int_equal(s->align, 32);
	assert_int_equal(s->size, 32);
	kmem_cache_destroy(s);
}

static void test_hwcache_align_of_word_object_stays_word(void **state)
{
	struct kmem_cache *s = make(8, 0, SLAB_HWCACHE_ALIGN, NULL);

	assert_int_equal(s->align, 8);
	assert_int_equal(s->size, 8);
	kmem_cache_destroy(s);
}

static void test_explicit_alignment_pads_objects(void **state)
{
	struct kmem_cache *s = make(100, 256, 0, NULL);

	assert_int_equal(s->align, 256);
	assert_int_equal(s->size, 256);
	kmem_cache_destroy(s);
}

static void test_alignment_below_word_becomes_word(void **state)
{
	struct kmem_cache *s = make(30, 2, 0, NULL);

	assert_int_equal(s->align, 8);
	kmem_cache_destroy(s);
}

static void test_objects_are_aligned_as_promised(void **state)
{
	static const unsigned int aligns[] = { 8, 16, 32, 64, 128, 512 };
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(aligns); i++) {
		struct kmem_cache *s = make(40, aligns[i], 0, NULL);
		void *p[50];

		for (j = 0; j < 50; j++) {
			p[j] = kmem_cache_alloc(s, GFP_KERNEL);
			assert_non_null(p[j]);
			assert_true(IS_ALIGNED((unsigned long)p[j], aligns[i]));
		}
		for (j = 0; j < 50; j++)
			kmem_cache_free(s, p[j]);
		kmem_cache_destroy(s);
	}
}

static void test_objects_of_a_slab_are_size_apart(void **state)
{
	struct kmem_cache *s = make(100, 0, 0, NULL);
	char *a = kmem_cache_alloc(s, GFP_KERNEL);
	char *b = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(b - a, s->size);
	kmem_cache_free(s, b);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_first_object_starts_the_slab_page(void **state)
{
	struct kmem_cache *s = make(200, 0, 0, NULL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_ptr_equal(p, folio_address(virt_to_folio(p)));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_slab_page_is_typed_slab_and_points_to_cache(void **state)
{
	struct kmem_cache *s = make(200, 0, 0, NULL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct folio *folio = virt_to_folio(p);

	assert_true(folio_test_slab(folio));
	assert_ptr_equal(folio_slab(folio)->slab_cache, s);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_usercopy_region_is_recorded(void **state)
{
	struct kmem_cache *s = kmem_cache_create_usercopy("usercopy", 128, 0, 0,
							  16, 32, NULL);

	assert_non_null(s);
	assert_int_equal(s->useroffset, 16);
	assert_int_equal(s->usersize, 32);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_object_size_rounds_up_to_word),
		cmocka_unit_test(test_free_pointer_sits_mid_object),
		cmocka_unit_test(test_free_pointer_of_word_object_is_at_zero),
		cmocka_unit_test(test_ctor_moves_free_pointer_after_object),
		cmocka_unit_test(test_typesafe_by_rcu_moves_free_pointer_after_object),
		cmocka_unit_test(test_custom_freeptr_offset_is_honoured_for_rcu),
		cmocka_unit_test(test_hwcache_align_aligns_to_cache_line),
		cmocka_unit_test(test_hwcache_align_halves_for_small_objects),
		cmocka_unit_test(test_hwcache_align_of_word_object_stays_word),
		cmocka_unit_test(test_explicit_alignment_pads_objects),
		cmocka_unit_test(test_alignment_below_word_becomes_word),
		cmocka_unit_test(test_objects_are_aligned_as_promised),
		cmocka_unit_test(test_objects_of_a_slab_are_size_apart),
		cmocka_unit_test(test_first_object_starts_the_slab_page),
		cmocka_unit_test(test_slab_page_is_typed_slab_and_points_to_cache),
		cmocka_unit_test(test_usercopy_region_is_recorded),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
