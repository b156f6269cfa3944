// SPDX-License-Identifier: GPL-2.0
/* kmalloc and its helpers: size classes, types, the large path, krealloc. */
#include <stdlib.h>
#include <linux/vmalloc.h>
#include "harness.h"

/* The size class kmalloc serves size from, by the 6.12 rules. */
static size_t expected_bucket(size_t size)
{
	if (size <= 8)
		return 8;
	if (size > 64 && size <= 96)
		return 96;
	if (size > 128 && size <= 192)
		return 192;
	return 1UL << fls((unsigned int)size - 1);
}

static void test_every_size_up_to_8k_gets_its_bucket(void **state)
{
	size_t size;

	for (size = 1; size <= KMALLOC_MAX_CACHE_SIZE; size++) {
		void *p = kmalloc(size, GFP_KERNEL);

		assert_non_null(p);
		if (ksize(p) != expected_bucket(size) ||
		    kmalloc_size_roundup(size) != expected_bucket(size))
			fail_msg("size %zu: ksize %zu roundup %zu expected %zu", size,
				 ksize(p), kmalloc_size_roundup(size),
				 expected_bucket(size));
		kfree(p);
	}
}

static void test_sizes_65_to_96_share_kmalloc_96(void **state)
{
	void *a = kmalloc(65, GFP_KERNEL), *b = kmalloc(96, GFP_KERNEL);

	assert_string_equal(folio_slab(virt_to_folio(a))->slab_cache->name, "kmalloc-96");
	assert_ptr_equal(folio_slab(virt_to_folio(a))->slab_cache,
			 folio_slab(virt_to_folio(b))->slab_cache);
	kfree(a);
	kfree(b);
}

static void test_sizes_129_to_192_share_kmalloc_192(void **state)
{
	void *a = kmalloc(129, GFP_KERNEL);

	assert_string_equal(folio_slab(virt_to_folio(a))->slab_cache->name, "kmalloc-192");
	kfree(a);
}

static void test_kmalloc_cache_names_follow_the_kernel(void **state)
{
	assert_string_equal(kmalloc_caches[KMALLOC_NORMAL][3]->name, "kmalloc-8");
	assert_string_equal(kmalloc_caches[KMALLOC_NORMAL][13]->name, "kmalloc-8k");
	assert_string_equal(kmalloc_caches[KMALLOC_RECLAIM][10]->name, "kmalloc-rcl-1k");
	assert_string_equal(kmalloc_caches[KMALLOC_DMA][1]->name, "dma-kmalloc-96");
	assert_string_equal(kmalloc_caches[KMALLOC_CGROUP][2]->name, "kmalloc-cg-192");
}

static const char *cache_name_of(const void *p)
{
	return folio_slab(virt_to_folio(p))->slab_cache->name;
}

static void test_reclaimable_flag_selects_rcl_caches(void **state)
{
	void *p = kmalloc(64, GFP_KERNEL | __GFP_RECLAIMABLE);

	assert_string_equal(cache_name_of(p), "kmalloc-rcl-64");
	kfree(p);
}

static void test_dma_flag_selects_dma_caches_first(void **state)
{
	void *p = kmalloc(64, GFP_KERNEL | __GFP_DMA | __GFP_RECLAIMABLE);

	assert_string_equal(cache_name_of(p), "dma-kmalloc-64");
	kfree(p);
}

static void test_account_flag_selects_cgroup_caches(void **state)
{
	void *p = kmalloc(64, GFP_KERNEL_ACCOUNT);

	assert_string_equal(cache_name_of(p), "kmalloc-cg-64");
	kfree(p);
}

static void test_kmalloc_zero_returns_zero_size_ptr(void **state)
{
	assert_ptr_equal(kmalloc(0, GFP_KERNEL), ZERO_SIZE_PTR);
	assert_int_equal(ksize(ZERO_SIZE_PTR), 0);
}

static void test_kfree_of_null_and_zero_size_ptr_is_a_no_op(void **state)
{
	unsigned long warns = sim_warn_count();

	kfree(NULL);
	kfree(ZERO_SIZE_PTR);
	assert_int_equal(sim_warn_count(), warns);
}

static void test_size_above_8k_goes_to_page_allocator(void **state)
{
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	void *p = kmalloc(KMALLOC_MAX_CACHE_SIZE + 1, GFP_KERNEL);
	struct folio *folio = virt_to_folio(p);

	assert_non_null(p);
	assert_true(folio_test_large_kmalloc(folio));
	assert_false(folio_test_slab(folio));
	assert_int_equal(folio_order(folio), 2);
	assert_ptr_equal(folio_address(folio), p);
	assert_int_equal(ksize(p), 16384);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before + 4);
	kfree(p);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before);
}

static void test_largest_kmalloc_succeeds(void **state)
{
	void *p = kmalloc(KMALLOC_MAX_SIZE, GFP_KERNEL);

	assert_non_null(p);
	assert_int_equal(ksize(p), KMALLOC_MAX_SIZE);
	kfree(p);
}

static void test_size_above_kmalloc_max_fails(void **state)
{
	assert_null(kmalloc(KMALLOC_MAX_SIZE + 1, GFP_KERNEL | __GFP_NOWARN));
	assert_int_equal(kmalloc_size_roundup(KMALLOC_MAX_SIZE + 1), KMALLOC_MAX_SIZE + 1);
}

static void test_size_roundup_of_zero_and_large(void **state)
{
	assert_int_equal(kmalloc_size_roundup(0), 0);
	assert_int_equal(kmalloc_size_roundup(1), 8);
	assert_int_equal(kmalloc_size_roundup(97), 128);
	assert_int_equal(kmalloc_size_roundup(8193), 16384);
}

static void test_kzalloc_zeroes_reused_memory(void **state)
{
	unsigned char *p = kmalloc(200, GFP_KERNEL);
	size_t i;

	memset(p, 0xff, 200);
	kfree(p);
	p = kzalloc(200, GFP_KERNEL);
	for (i = 0; i < 200; i++)
		assert_int_equal(p[i], 0);
	kfree(p);
}

static void test_large_kzalloc_is_zeroed(void **state)
{
	unsigned char *p = kzalloc(20000, GFP_KERNEL);
	size_t i;

	for (i = 0; i < 20000; i++)
		assert_int_equal(p[i], 0);
	kfree(p);
}

static void test_krealloc_grow_preserves_contents(void **state)
{
	char *p = kmalloc(40, GFP_KERNEL), *q;

	memcpy(p, "0123456789012345678901234567890123456789", 40);
	q = krealloc(p, 1000, GFP_KERNEL);
	assert_non_null(q);
	assert_memory_equal(q, "0123456789012345678901234567890123456789", 40);
	assert_true(ksize(q) >= 1000);
	kfree(q);
}

static void test_krealloc_within_bucket_keeps_pointer(void **state)
{
	char *p = kmalloc(100, GFP_KERNEL);

	assert_ptr_equal(krealloc(p, 120, GFP_KERNEL), p);
	assert_ptr_equal(krealloc(p, 10, GFP_KERNEL), p);
	kfree(p);
}

static void test_krealloc_shrink_with_zero_flag_clears_tail(void **state)
{
	unsigned char *p = kmalloc(128, GFP_KERNEL);
	size_t i;

	memset(p, 0xaa, 128);
	assert_ptr_equal(krealloc(p, 16, GFP_KERNEL | __GFP_ZERO), p);
	for (i = 0; i < 16; i++)
		assert_int_equal(p[i], 0xaa);
	for (i = 16; i < 128; i++)
		assert_int_equal(p[i], 0);
	kfree(p);
}

static void test_krealloc_between_slab_and_large(void **state)
{
	char *p = kmalloc(64, GFP_KERNEL), *q;

	strcpy(p, "slab to pages");
	q = krealloc(p, 100000, GFP_KERNEL);
	assert_true(folio_test_large_kmalloc(virt_to_folio(q)));
	assert_string_equal(q, "slab to pages");
	kfree(q);
}

static void test_krealloc_of_null_allocates(void **state)
{
	void *p = krealloc(NULL, 50, GFP_KERNEL);

	assert_non_null(p);
	assert_int_equal(ksize(p), 64);
	kfree(p);
}

static void test_krealloc_to_zero_frees(void **state)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][9];
	unsigned long before = libslab_count_inuse(s);
	void *p = kmalloc(300, GFP_KERNEL);

	assert_int_equal(libslab_count_inuse(s), before + 1);
	assert_ptr_equal(krealloc(p, 0, GFP_KERNEL), ZERO_SIZE_PTR);
	assert_int_equal(libslab_count_inuse(s), before);
}

static void test_kfree_sensitive_zeroes_the_object(void **state)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][6];
	unsigned char *p = kmalloc(64, GFP_KERNEL);
	size_t i;

	memset(p, 0x5c, 64);
	kfree_sensitive(p);
	/* Freed memory stays in the arena; only the free pointer is written. */
	for (i = 0; i < 64; i++)
		if (i < s->offset || i >= s->offset + sizeof(void *))
			assert_int_equal(p[i], 0);
}

static void test_kmemdup_copies(void **state)
{
	static const char data[] = "duplicate me";
	char *p = kmemdup(data, sizeof(data), GFP_KERNEL);

	assert_memory_equal(p, data, sizeof(data));
	assert_ptr_not_equal(p, data);
	kfree(p);
}

static void test_kstrdup_copies_and_accepts_null(void **state)
{
	char *p = kstrdup("kernel string", GFP_KERNEL);

	assert_string_equal(p, "kernel string");
	kfree(p);
	assert_null(kstrdup(NULL, GFP_KERNEL));
}

static void test_kcalloc_zeroes_and_multiplies(void **state)
{
	int *p = kcalloc(100, sizeof(int), GFP_KERNEL);
	int i;

	assert_true(ksize(p) >= 400);
	for (i = 0; i < 100; i++)
		assert_int_equal(p[i], 0);
	kfree(p);
}

static void test_kcalloc_overflow_returns_null(void **state)
{
	assert_null(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL));
	assert_null(kmalloc_array(SIZE_MAX, 2, GFP_KERNEL));
}

static void test_kvmalloc_small_uses_slab(void **state)
{
	void *p = kvmalloc(1000, GFP_KERNEL);

	assert_false(is_vmalloc_addr(p));
	assert_true(folio_test_slab(virt_to_folio(p)));
	kvfree(p);
}

static void test_kvmalloc_beyond_kmalloc_uses_vmalloc(void **state)
{
	char *p = kvmalloc(KMALLOC_MAX_SIZE * 2, GFP_KERNEL);

	assert_true(is_vmalloc_addr(p));
	p[KMALLOC_MAX_SIZE * 2 - 1] = 1;
	kvfree(p);
}

static void test_kvzalloc_zeroes(void **state)
{
	unsigned char *p = kvzalloc(3000, GFP_KERNEL);
	int i;

	for (i = 0; i < 3000; i++)
		assert_int_equal(p[i], 0);
	kvfree(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_size_up_to_8k_gets_its_bucket),
		cmocka_unit_test(test_sizes_65_to_96_share_kmalloc_96),
		cmocka_unit_test(test_sizes_129_to_192_share_kmalloc_192),
		cmocka_unit_test(test_kmalloc_cache_names_follow_the_kernel),
		cmocka_unit_test(test_reclaimable_flag_selects_rcl_caches),
		cmocka_unit_test(test_dma_flag_selects_dma_caches_first),
		cmocka_unit_test(test_account_flag_selects_cgroup_caches),
		cmocka_unit_test(test_kmalloc_zero_returns_zero_size_ptr),
		cmocka_unit_test(test_kfree_of_null_and_zero_size_ptr_is_a_no_op),
		cmocka_unit_test(test_size_above_8k_goes_to_page_allocator),
		cmocka_unit_test(test_largest_kmalloc_succeeds),
		cmocka_unit_test(test_size_above_kmalloc_max_fails),
		cmocka_unit_test(test_size_roundup_of_zero_and_large),
		cmocka_unit_test(test_kzalloc_zeroes_reused_memory),
		cmocka_unit_test(test_large_kzalloc_is_zeroed),
		cmocka_unit_test(test_krealloc_grow_preserves_contents),
		cmocka_unit_test(test_krealloc_within_bucket_keeps_pointer),
		cmocka_unit_test(test_krealloc_shrink_with_zero_flag_clears_tail),
		cmocka_unit_test(test_krealloc_between_slab_and_large),
		cmocka_unit_test(test_krealloc_of_null_allocates),
		cmocka_unit_test(test_krealloc_to_zero_frees),
		cmocka_unit_test(test_kfree_sensitive_zeroes_the_object),
		cmocka_unit_test(test_kmemdup_copies),
		cmocka_unit_test(test_kstrdup_copies_and_accepts_null),
		cmocka_unit_test(test_kcalloc_zeroes_and_multiplies),
		cmocka_unit_test(test_kcalloc_overflow_returns_null),
		cmocka_unit_test(test_kvmalloc_small_uses_slab),
		cmocka_unit_test(test_kvmalloc_beyond_kmalloc_uses_vmalloc),
		cmocka_unit_test(test_kvzalloc_zeroes),
	};

	return cmocka_run_group_tests(tests, expect_clean_setup,
				      expect_clean_teardown);
}
