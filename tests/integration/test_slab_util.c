// SPDX-License-Identifier: GPL-2.0
/*
 * The allocation helpers of include/linux/slab.h, include/linux/string.h
 * and mm/util.c in Linux 6.12: the array forms fail on an overflowing
 * product, kvrealloc() keeps the contents across the move to vmalloc
 * memory and within it, the string duplicators copy and terminate as
 * documented, kstrdup_const()/kfree_const() share read-only data (a
 * string literal) and copy and free anything else, and kfree_bulk()
 * frees objects of any kmalloc size, large ones included.
 */
#include <linux/vmalloc.h>
#include <linux/string.h>
#include "harness.h"

/* Objects allocated from the normal kmalloc cache serving size. */
static unsigned long kmalloc_inuse(size_t size)
{
	return libslab_count_inuse(kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(size)]);
}

static void test_kvmalloc_array_fails_on_an_overflowing_product(void **state)
{
	assert_null(kvmalloc_array(SIZE_MAX / 2, 4, GFP_KERNEL));
	assert_null(kvcalloc(SIZE_MAX / 8, 16, GFP_KERNEL));
}

static void test_kvcalloc_zeroes_the_array(void **state)
{
	unsigned int *a = kvcalloc(100, sizeof(*a), GFP_KERNEL);
	int i;

	assert_non_null(a);
	for (i = 0; i < 100; i++)
		assert_int_equal(a[i], 0);
	kvfree(a);
}

static void test_krealloc_array_grows_and_keeps_the_elements(void **state)
{
	int *a = kmalloc_array(4, sizeof(*a), GFP_KERNEL);
	int i;

	assert_non_null(a);
	for (i = 0; i < 4; i++)
		a[i] = i * 11;
	a = krealloc_array(a, 100, sizeof(*a), GFP_KERNEL);
	assert_non_null(a);
	for (i = 0; i < 4; i++)
		assert_int_equal(a[i], i * 11);
	kfree(a);
}

static void test_krealloc_array_overflow_fails_leaving_p_alone(void **state)
{
	int *a = kmalloc_array(4, sizeof(*a), GFP_KERNEL);

	assert_non_null(a);
	a[3] = 7;
	assert_null(krealloc_array(a, SIZE_MAX / 2, sizeof(*a), GFP_KERNEL));
	assert_int_equal(a[3], 7);
	kfree(a);
}

static void test_kvrealloc_moves_past_kmalloc_max_into_vmalloc_keeping_data(void **state)
{
	size_t big = KMALLOC_MAX_SIZE * 2;
	char *p = kvmalloc(1000, GFP_KERNEL);

	assert_non_null(p);
	assert_false(is_vmalloc_addr(p));
	memset(p, 'x', 1000);
	p = kvrealloc(p, big, GFP_KERNEL);
	assert_non_null(p);
	assert_true(is_vmalloc_addr(p));
	assert_int_equal(p[0], 'x');
	assert_int_equal(p[999], 'x');
	p[big - 1] = 'y';
	/* Within vmalloc memory it is vrealloc(): contents kept again. */
	p = kvrealloc(p, big * 2, GFP_KERNEL);
	assert_non_null(p);
	assert_int_equal(p[999], 'x');
	assert_int_equal(p[big - 1], 'y');
	kvfree(p);
}

static void test_kvrealloc_of_null_allocates_and_to_zero_frees(void **state)
{
	unsigned long before = kmalloc_inuse(64);
	char *p = kvrealloc(NULL, 64, GFP_KERNEL);

	assert_non_null(p);
	assert_int_equal(kmalloc_inuse(64), before + 1);
	/* krealloc() to 0 frees and gives ZERO_SIZE_PTR. */
	assert_ptr_equal(kvrealloc(p, 0, GFP_KERNEL), ZERO_SIZE_PTR);
	assert_int_equal(kmalloc_inuse(64), before);
}

static void test_kstrndup_copies_at_most_max_bytes_and_terminates(void **state)
{
	char *s = kstrndup("abcdef", 3, GFP_KERNEL);

	assert_non_null(s);
	assert_string_equal(s, "abc");
	kfree(s);
	s = kstrndup("ab", 10, GFP_KERNEL);
	assert_string_equal(s, "ab");
	kfree(s);
	assert_null(kstrndup(NULL, 3, GFP_KERNEL));
}

static void test_kmemdup_nul_copies_len_bytes_and_adds_a_nul(void **state)
{
	const char data[4] = { 'w', 'x', 'y', 'z' };	/* not terminated */
	char *s = kmemdup_nul(data, sizeof(data), GFP_KERNEL);

	assert_non_null(s);
	assert_memory_equal(s, "wxyz", 5);
	kfree(s);
	assert_null(kmemdup_nul(NULL, 4, GFP_KERNEL));
}

static void test_kmemdup_array_copies_and_fails_on_overflow(void **state)
{
	const u32 src[3] = { 1, 2, 3 };
	u32 *copy = kmemdup_array(src, 3, sizeof(u32), GFP_KERNEL);

	assert_non_null(copy);
	assert_memory_equal(copy, src, sizeof(src));
	kfree(copy);
	assert_null(kmemdup_array(src, SIZE_MAX / 2, sizeof(u32),
				  GFP_KERNEL | __GFP_NOWARN));
}

static void test_kstrdup_const_shares_a_string_literal(void **state)
{
	const char *literal = "a string literal lives in .rodata";
	const char *dup = kstrdup_const(literal, GFP_KERNEL);

	assert_ptr_equal(dup, literal);
	/* Not slab memory: a kfree() here would WARN, and the suite checks. */
	kfree_const(dup);
}

static void test_kstrdup_const_copies_writable_data_and_kfree_const_frees_it(void **state)
{
	char writable[] = "on the stack";
	unsigned long before = kmalloc_inuse(sizeof(writable));
	const char *dup = kstrdup_const(writable, GFP_KERNEL);

	assert_ptr_not_equal(dup, writable);
	assert_string_equal(dup, writable);
	assert_int_equal(kmalloc_inuse(sizeof(writable)), before + 1);
	kfree_const(dup);
	assert_int_equal(kmalloc_inuse(sizeof(writable)), before);
}

static void test_kstrdup_const_copies_a_heap_string(void **state)
{
	char *heap = kstrdup("heap", GFP_KERNEL);
	const char *dup = kstrdup_const(heap, GFP_KERNEL);

	assert_ptr_not_equal(dup, heap);
	kfree_const(dup);
	kfree(heap);
}

static void test_kfree_bulk_frees_objects_of_every_size(void **state)
{
	static const size_t sizes[] = { 8, 64, 64, 192, 4096, 3 * PAGE_SIZE };
	unsigned long before64 = kmalloc_inuse(64);
	void *objs[ARRAY_SIZE(sizes)];
	struct folio *large;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		objs[i] = kmalloc(sizes[i], GFP_KERNEL);
		assert_non_null(objs[i]);
	}
	large = virt_to_folio(objs[ARRAY_SIZE(sizes) - 1]);
	assert_true(folio_test_large_kmalloc(large));
	assert_int_equal(kmalloc_inuse(64), before64 + 2);
	kfree_bulk(ARRAY_SIZE(objs), objs);
	assert_int_equal(kmalloc_inuse(64), before64);
	/* The large (page allocator) block went back too. */
	assert_false(folio_test_large_kmalloc(large));
}

/* Every case fails if it leaves a WARN or an allocator report behind. */
#define clean_test(f)	\
	cmocka_unit_test_setup_teardown(f, expect_clean_setup, expect_clean_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		clean_test(test_kvmalloc_array_fails_on_an_overflowing_product),
		clean_test(test_kvcalloc_zeroes_the_array),
		clean_test(test_krealloc_array_grows_and_keeps_the_elements),
		clean_test(test_krealloc_array_overflow_fails_leaving_p_alone),
		clean_test(test_kvrealloc_moves_past_kmalloc_max_into_vmalloc_keeping_data),
		clean_test(test_kvrealloc_of_null_allocates_and_to_zero_frees),
		clean_test(test_kstrndup_copies_at_most_max_bytes_and_terminates),
		clean_test(test_kmemdup_nul_copies_len_bytes_and_adds_a_nul),
		clean_test(test_kmemdup_array_copies_and_fails_on_overflow),
		clean_test(test_kstrdup_const_shares_a_string_literal),
		clean_test(test_kstrdup_const_copies_writable_data_and_kfree_const_frees_it),
		clean_test(test_kstrdup_const_copies_a_heap_string),
		clean_test(test_kfree_bulk_frees_objects_of_every_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
