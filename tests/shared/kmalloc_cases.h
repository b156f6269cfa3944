/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmalloc and its helpers: size classes, types, the large path, krealloc.
 * Shared by the cmocka and KUnit harnesses (slab_test.h).
 */

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

/*
 * The name of the cache an object came from.  A random kmalloc copy
 * ("kmalloc-rnd-07-64", RANDOM_KMALLOC_CACHES) goes by the name of the
 * normal cache it copies ("kmalloc-64"): which copy serves a call depends
 * on the call site and the boot's seed (libslab_replace checks the pick
 * against the kernel's kmalloc_type()).
 */
static const char *cache_name_of(const void *p)
{
	static const char copy[] = "kmalloc-rnd-";
	static char normal[32];
	const char *name = slab_test_cache_of(p)->name;
	const char *size;

	if (strncmp(name, copy, strlen(copy)))
		return name;
	size = strchr(name + strlen(copy), '-');
	if (!size)
		return name;
	snprintf(normal, sizeof(normal), "kmalloc%s", size);
	return normal;
}

SLAB_TEST(test_every_size_up_to_8k_gets_its_bucket)
{
	size_t size;

	for (size = 1; size <= KMALLOC_MAX_CACHE_SIZE; size++) {
		void *p = kmalloc(size, GFP_KERNEL);

		slab_assert_not_null(p);
		if (ksize(p) != expected_bucket(size) ||
		    kmalloc_size_roundup(size) != expected_bucket(size))
			slab_fail("size %zu: ksize %zu roundup %zu expected %zu",
				  size, ksize(p), kmalloc_size_roundup(size),
				  expected_bucket(size));
		kfree(p);
	}
}

/* kmalloc() from one call site, which RANDOM_KMALLOC_CACHES maps to one copy. */
static noinline void *kmalloc_one_site(size_t size)
{
	return kmalloc(size, GFP_KERNEL);
}

SLAB_TEST(test_sizes_65_to_96_share_kmalloc_96)
{
	void *a = kmalloc_one_site(65), *b = kmalloc_one_site(96);

	slab_assert_str_eq(cache_name_of(a), "kmalloc-96");
	slab_assert_ptr_eq(slab_test_cache_of(a), slab_test_cache_of(b));
	kfree(a);
	kfree(b);
}

SLAB_TEST(test_sizes_129_to_192_share_kmalloc_192)
{
	void *a = kmalloc(129, GFP_KERNEL);

	slab_assert_str_eq(cache_name_of(a), "kmalloc-192");
	kfree(a);
}

/*
 * Without ZONE_DMA or MEMCG (a kernel build's choice) the DMA and cgroup
 * types are the normal one, and under SLUB_TINY the reclaimable one, as in
 * <linux/slab.h>.
 */
static const char *kmalloc_name_or_normal(enum kmalloc_cache_type type,
					  const char *own, const char *normal)
{
	return type != KMALLOC_NORMAL ? own : normal;
}

SLAB_TEST(test_kmalloc_cache_names_follow_the_kernel)
{
	slab_assert_str_eq(kmalloc_caches[KMALLOC_NORMAL][3]->name, "kmalloc-8");
	slab_assert_str_eq(kmalloc_caches[KMALLOC_NORMAL][13]->name, "kmalloc-8k");
	slab_assert_str_eq(kmalloc_caches[KMALLOC_RECLAIM][10]->name,
			   kmalloc_name_or_normal(KMALLOC_RECLAIM, "kmalloc-rcl-1k",
						  "kmalloc-1k"));
	slab_assert_str_eq(kmalloc_caches[KMALLOC_DMA][1]->name,
			   kmalloc_name_or_normal(KMALLOC_DMA, "dma-kmalloc-96",
						  "kmalloc-96"));
	slab_assert_str_eq(kmalloc_caches[KMALLOC_CGROUP][2]->name,
			   kmalloc_name_or_normal(KMALLOC_CGROUP, "kmalloc-cg-192",
						  "kmalloc-192"));
}

SLAB_TEST(test_reclaimable_flag_selects_the_reclaimable_type)
{
	void *p = kmalloc(64, GFP_KERNEL | __GFP_RECLAIMABLE);

	slab_assert_str_eq(cache_name_of(p),
			   kmalloc_name_or_normal(KMALLOC_RECLAIM, "kmalloc-rcl-64",
						  "kmalloc-64"));
	kfree(p);
}

SLAB_TEST(test_dma_flag_selects_dma_caches_first)
{
	void *p = kmalloc(64, GFP_KERNEL | __GFP_DMA | __GFP_RECLAIMABLE);

	slab_assert_str_eq(cache_name_of(p),
			   kmalloc_name_or_normal(KMALLOC_DMA, "dma-kmalloc-64",
						  "kmalloc-rcl-64"));
	kfree(p);
}

SLAB_TEST(test_account_flag_selects_cgroup_caches)
{
	void *p = kmalloc(64, GFP_KERNEL_ACCOUNT);

	slab_assert_str_eq(cache_name_of(p),
			   kmalloc_name_or_normal(KMALLOC_CGROUP, "kmalloc-cg-64",
						  "kmalloc-64"));
	kfree(p);
}

SLAB_TEST(test_kmalloc_zero_returns_zero_size_ptr)
{
	slab_assert_ptr_eq(kmalloc(0, GFP_KERNEL), ZERO_SIZE_PTR);
	slab_assert_eq(ksize(ZERO_SIZE_PTR), 0);
}

SLAB_TEST(test_size_above_8k_goes_to_page_allocator)
{
	void *p = kmalloc(KMALLOC_MAX_CACHE_SIZE + 1, GFP_KERNEL);
	struct folio *folio = virt_to_folio(p);

	slab_assert_not_null(p);
	slab_assert(folio_test_large_kmalloc(folio));
	slab_assert(!folio_test_slab(folio));
	slab_assert_eq(folio_order(folio), 2);
	slab_assert_ptr_eq(folio_address(folio), p);
	slab_assert_eq(ksize(p), 16384);
	kfree(p);
}

SLAB_TEST(test_largest_kmalloc_succeeds)
{
	void *p = kmalloc(KMALLOC_MAX_SIZE, GFP_KERNEL);

	slab_assert_not_null(p);
	slab_assert_eq(ksize(p), KMALLOC_MAX_SIZE);
	kfree(p);
}

SLAB_TEST(test_size_above_kmalloc_max_fails)
{
	slab_assert_null(kmalloc(KMALLOC_MAX_SIZE + 1, GFP_KERNEL | __GFP_NOWARN));
	slab_assert_eq(kmalloc_size_roundup(KMALLOC_MAX_SIZE + 1), KMALLOC_MAX_SIZE + 1);
}

SLAB_TEST(test_size_roundup_of_zero_and_large)
{
	slab_assert_eq(kmalloc_size_roundup(0), 0);
	slab_assert_eq(kmalloc_size_roundup(1), 8);
	slab_assert_eq(kmalloc_size_roundup(97), 128);
	slab_assert_eq(kmalloc_size_roundup(8193), 16384);
}

SLAB_TEST(test_kzalloc_zeroes_reused_memory)
{
	unsigned char *p = kmalloc(200, GFP_KERNEL);
	size_t i;

	memset(p, 0xff, 200);
	kfree(p);
	p = kzalloc(200, GFP_KERNEL);
	for (i = 0; i < 200; i++)
		slab_assert_eq(p[i], 0);
	kfree(p);
}

SLAB_TEST(test_large_kzalloc_is_zeroed)
{
	unsigned char *p = kzalloc(20000, GFP_KERNEL);
	size_t i;

	for (i = 0; i < 20000; i++)
		slab_assert_eq(p[i], 0);
	kfree(p);
}

SLAB_TEST(test_krealloc_grow_preserves_contents)
{
	char *p = kmalloc(40, GFP_KERNEL), *q;

	memcpy(p, "0123456789012345678901234567890123456789", 40);
	q = krealloc(p, 1000, GFP_KERNEL);
	slab_assert_not_null(q);
	slab_assert_mem_eq(q, "0123456789012345678901234567890123456789", 40);
	slab_assert(ksize(q) >= 1000);
	kfree(q);
}

SLAB_TEST(test_krealloc_within_bucket_keeps_pointer)
{
	char *p = kmalloc(100, GFP_KERNEL);

	slab_assert_ptr_eq(krealloc(p, 120, GFP_KERNEL), p);
	slab_assert_ptr_eq(krealloc(p, 10, GFP_KERNEL), p);
	kfree(p);
}

SLAB_TEST(test_krealloc_shrink_with_zero_flag_clears_tail)
{
	unsigned char *p = kmalloc(128, GFP_KERNEL);
	size_t i;

	memset(p, 0xaa, 128);
	slab_assert_ptr_eq(krealloc(p, 16, GFP_KERNEL | __GFP_ZERO), p);
	for (i = 0; i < 16; i++)
		slab_assert_eq(p[i], 0xaa);
	for (i = 16; i < 128; i++)
		slab_assert_eq(p[i], 0);
	kfree(p);
}

SLAB_TEST(test_krealloc_between_slab_and_large)
{
	char *p = kmalloc(64, GFP_KERNEL), *q;

	memcpy(p, "slab to pages", sizeof("slab to pages"));
	q = krealloc(p, 100000, GFP_KERNEL);
	slab_assert(folio_test_large_kmalloc(virt_to_folio(q)));
	slab_assert_str_eq(q, "slab to pages");
	kfree(q);
}

SLAB_TEST(test_krealloc_of_null_allocates)
{
	void *p = krealloc(NULL, 50, GFP_KERNEL);

	slab_assert_not_null(p);
	slab_assert_eq(ksize(p), 64);
	kfree(p);
}

SLAB_TEST(test_krealloc_to_zero_frees)
{
	void *p = kmalloc(300, GFP_KERNEL);
	struct kmem_cache *s = slab_test_cache_of(p);
	unsigned long before = libslab_count_inuse(s);

	slab_assert_str_eq(cache_name_of(p), "kmalloc-512");
	slab_assert_ptr_eq(krealloc(p, 0, GFP_KERNEL), ZERO_SIZE_PTR);
	slab_assert_eq(libslab_count_inuse(s), before - 1);
}

SLAB_TEST(test_kfree_sensitive_zeroes_the_object)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][6];
	unsigned char *p = kmalloc(64, GFP_KERNEL);
	size_t i;

	memset(p, 0x5c, 64);
	kfree_sensitive(p);
	/* Freed memory stays in the arena; only the free pointer is written. */
	for (i = 0; i < 64; i++)
		if (i < s->offset || i >= s->offset + sizeof(void *))
			slab_assert_eq(p[i], 0);
}

SLAB_TEST(test_kmemdup_copies)
{
	static const char data[] = "duplicate me";
	char *p = kmemdup(data, sizeof(data), GFP_KERNEL);

	slab_assert_mem_eq(p, data, sizeof(data));
	slab_assert_ptr_ne(p, data);
	kfree(p);
}

SLAB_TEST(test_kstrdup_copies_and_accepts_null)
{
	char *p = kstrdup("kernel string", GFP_KERNEL);

	slab_assert_str_eq(p, "kernel string");
	kfree(p);
	slab_assert_null(kstrdup(NULL, GFP_KERNEL));
}

SLAB_TEST(test_kcalloc_zeroes_and_multiplies)
{
	int *p = kcalloc(100, sizeof(int), GFP_KERNEL);
	int i;

	slab_assert(ksize(p) >= 400);
	for (i = 0; i < 100; i++)
		slab_assert_eq(p[i], 0);
	kfree(p);
}

SLAB_TEST(test_kcalloc_overflow_returns_null)
{
	slab_assert_null(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL));
	slab_assert_null(kmalloc_array(SIZE_MAX, 2, GFP_KERNEL));
}

SLAB_TEST(test_kvmalloc_small_uses_slab)
{
	void *p = kvmalloc(1000, GFP_KERNEL);

	slab_assert(!is_vmalloc_addr(p));
	slab_assert(folio_test_slab(virt_to_folio(p)));
	kvfree(p);
}

SLAB_TEST(test_kvmalloc_beyond_kmalloc_uses_vmalloc)
{
	char *p = kvmalloc(KMALLOC_MAX_SIZE * 2, GFP_KERNEL);

	slab_assert(is_vmalloc_addr(p));
	p[KMALLOC_MAX_SIZE * 2 - 1] = 1;
	kvfree(p);
}

SLAB_TEST(test_kvzalloc_zeroes)
{
	unsigned char *p = kvzalloc(3000, GFP_KERNEL);
	int i;

	for (i = 0; i < 3000; i++)
		slab_assert_eq(p[i], 0);
	kvfree(p);
}

SLAB_TEST(test_node_caller_form_without_buckets_is_kmalloc)
{
	void *p = libslab_kmalloc_node_caller(NULL, 40, GFP_KERNEL,
					      NUMA_NO_NODE, _RET_IP_);

	slab_assert_not_null(p);
	slab_assert_str_eq(cache_name_of(p), "kmalloc-64");
	kfree(p);
}

/* 6.12's kmem_buckets_create() without SLAB_BUCKETS: kmalloc's caches serve. */
SLAB_TEST(test_node_caller_form_with_bucketless_handle_is_kmalloc)
{
	kmem_buckets *b = kmem_buckets_create("bucketless", 0, 0, 0, NULL);
	void *p;

	if (!ZERO_OR_NULL_PTR(b)) {
		unsigned int idx;

		for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++)
			kmem_cache_destroy((*b)[idx]);
		kfree(b);
		slab_skip("separate buckets exist (SLAB_BUCKETS)");
	}
	slab_assert_ptr_eq(b, ZERO_SIZE_PTR);
	p = libslab_kmalloc_node_caller(b, 40, GFP_KERNEL, NUMA_NO_NODE,
					_RET_IP_);
	slab_assert_not_null(p);
	slab_assert_str_eq(cache_name_of(p), "kmalloc-64");
	kfree(p);
}

SLAB_TEST(test_node_caller_form_with_buckets_uses_their_cache)
{
	kmem_buckets *b = kmem_buckets_create("nodecaller", 0, 0, 0, NULL);
	unsigned int idx;
	void *p;

	slab_assert_not_null(b);
	if (ZERO_OR_NULL_PTR(b))
		slab_skip("no separate buckets (SLAB_BUCKETS is off, as under SLUB_TINY)");
	p = libslab_kmalloc_node_caller(b, 40, GFP_KERNEL, NUMA_NO_NODE,
					_RET_IP_);
	slab_assert_not_null(p);
	slab_assert_str_eq(cache_name_of(p), "nodecaller-64");
	kfree(p);
	for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++)
		kmem_cache_destroy((*b)[idx]);
	kfree(b);
}

SLAB_TEST(test_cache_node_form_allocates_from_the_given_cache)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(100)];
	void *p = libslab_kmalloc_cache_node(s, GFP_KERNEL, NUMA_NO_NODE, 100,
					     _RET_IP_);

	slab_assert_not_null(p);
	slab_assert_ptr_eq(slab_test_cache_of(p), s);
	kfree(p);
}

SLAB_TEST(test_large_node_form_gives_whole_pages)
{
	void *p = libslab_kmalloc_large_node(3 * PAGE_SIZE, GFP_KERNEL,
					     NUMA_NO_NODE, _THIS_IP_);
	struct folio *folio = virt_to_folio(p);

	slab_assert_not_null(p);
	slab_assert(folio_test_large_kmalloc(folio));
	slab_assert_eq(folio_order(folio), 2);
	slab_assert_ptr_eq(folio_address(folio), p);
	kfree(p);
}

SLAB_TEST_TABLE(kmalloc_cases) = {
	SLAB_CASE(test_every_size_up_to_8k_gets_its_bucket),
	SLAB_CASE(test_sizes_65_to_96_share_kmalloc_96),
	SLAB_CASE(test_sizes_129_to_192_share_kmalloc_192),
	SLAB_CASE(test_kmalloc_cache_names_follow_the_kernel),
	SLAB_CASE(test_reclaimable_flag_selects_the_reclaimable_type),
	SLAB_CASE(test_dma_flag_selects_dma_caches_first),
	SLAB_CASE(test_account_flag_selects_cgroup_caches),
	SLAB_CASE(test_kmalloc_zero_returns_zero_size_ptr),
	SLAB_CASE(test_size_above_8k_goes_to_page_allocator),
	SLAB_CASE(test_largest_kmalloc_succeeds),
	SLAB_CASE(test_size_above_kmalloc_max_fails),
	SLAB_CASE(test_size_roundup_of_zero_and_large),
	SLAB_CASE(test_kzalloc_zeroes_reused_memory),
	SLAB_CASE(test_large_kzalloc_is_zeroed),
	SLAB_CASE(test_krealloc_grow_preserves_contents),
	SLAB_CASE(test_krealloc_within_bucket_keeps_pointer),
	SLAB_CASE(test_krealloc_shrink_with_zero_flag_clears_tail),
	SLAB_CASE(test_krealloc_between_slab_and_large),
	SLAB_CASE(test_krealloc_of_null_allocates),
	SLAB_CASE(test_krealloc_to_zero_frees),
	SLAB_CASE(test_kfree_sensitive_zeroes_the_object),
	SLAB_CASE(test_kmemdup_copies),
	SLAB_CASE(test_kstrdup_copies_and_accepts_null),
	SLAB_CASE(test_kcalloc_zeroes_and_multiplies),
	SLAB_CASE(test_kcalloc_overflow_returns_null),
	SLAB_CASE(test_kvmalloc_small_uses_slab),
	SLAB_CASE(test_kvmalloc_beyond_kmalloc_uses_vmalloc),
	SLAB_CASE(test_kvzalloc_zeroes),
	SLAB_CASE(test_node_caller_form_without_buckets_is_kmalloc),
	SLAB_CASE(test_node_caller_form_with_buckets_uses_their_cache),
	SLAB_CASE(test_node_caller_form_with_bucketless_handle_is_kmalloc),
	SLAB_CASE(test_cache_node_form_allocates_from_the_given_cache),
	SLAB_CASE(test_large_node_form_gives_whole_pages),
	SLAB_TEST_TABLE_END
};
