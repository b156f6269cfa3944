// SPDX-License-Identifier: GPL-2.0
/*
 * smoke_kunit.c - KUnit smoke test of libslab inside a kernel.
 *
 * Built with libslab_prelude.h force-included: kmem_cache_create, kmalloc,
 * kfree, folio_test_slab, ... below are libslab's (lslab_) versions, and
 * lslab_kernel_folio_test_slab() is the kernel's own page-type test: true
 * for libslab's slabs only when libslab is the kernel's slab allocator
 * (CONFIG_LIBSLAB_ALLOCATOR).
 */
#include <kunit/test.h>
#include "../slab.h"
#include "slab_test.h"

#define SMOKE_NR_OBJS	512

/* p lies in a folio of real kernel memory that libslab marked as its slab. */
static void expect_our_slab_object(struct kunit *test, const void *p,
				   size_t size)
{
	struct folio *folio;
	const char *base;

	KUNIT_ASSERT_TRUE(test, virt_addr_valid(p));
	folio = virt_to_folio(p);
	base = folio_address(folio);
	KUNIT_EXPECT_TRUE(test, folio_test_slab(folio));
	KUNIT_EXPECT_EQ(test, lslab_kernel_folio_test_slab(folio),
			IS_ENABLED(CONFIG_LIBSLAB_ALLOCATOR));
	KUNIT_EXPECT_FALSE(test, folio_test_large_kmalloc(folio));
	KUNIT_EXPECT_PTR_EQ(test, (void *)base, page_address(folio_page(folio, 0)));
	KUNIT_EXPECT_PTR_EQ(test, virt_to_folio(base), folio);
	KUNIT_EXPECT_TRUE(test, (const char *)p >= base);
	KUNIT_EXPECT_TRUE(test, (const char *)p + size <= base + folio_size(folio));
	KUNIT_EXPECT_GE(test, folio_nid(folio), 0);
	KUNIT_EXPECT_LT(test, folio_nid(folio), MAX_NUMNODES);
}

static unsigned long nr_slabs_all_nodes(struct kmem_cache *s)
{
	unsigned long n = 0;
	int node;

	for_each_node_state(node, N_NORMAL_MEMORY)
		n += libslab_node_nr_slabs(s, node);
	return n;
}

/* One object through the fast paths, on real pages. */
static void libslab_smoke_cache_alloc_free(struct kunit *test)
{
	unsigned long errors = libslab_error_count();
	struct kmem_cache *s;
	void *p, *q;

	s = kmem_cache_create("libslab_smoke_64", 64, NULL, SLAB_NO_MERGE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s);
	slab_test_skip_kfence(s);
	KUNIT_EXPECT_STREQ(test, kmem_cache_name(s), "libslab_smoke_64");
	KUNIT_EXPECT_PTR_EQ(test, libslab_find_cache("libslab_smoke_64"), s);

	p = kmem_cache_alloc(s, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	expect_our_slab_object(test, p, 64);
	memset(p, 0xa5, 64);
	KUNIT_EXPECT_GE(test, ksize(p), 64);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), 1);

	q = kmem_cache_zalloc(s, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, q);
	KUNIT_EXPECT_TRUE(test, q != p);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(q, 0, 64));
	KUNIT_EXPECT_PTR_EQ(test, virt_to_folio(q), virt_to_folio(p));

	kmem_cache_free(s, p);
	kmem_cache_free(s, q);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), 0);

	/*
	 * LIFO per-CPU freelist: the freed object comes straight back.  The
	 * task stays on its CPU by migrate_disable(), not preempt_disable():
	 * on PREEMPT_RT the allocation takes the per-CPU local lock, which
	 * sleeps there, as on SLUB.
	 */
	migrate_disable();
	p = kmem_cache_alloc(s, GFP_ATOMIC);
	kmem_cache_free(s, p);
	q = kmem_cache_alloc(s, GFP_ATOMIC);
	migrate_enable();
	KUNIT_EXPECT_PTR_EQ(test, q, p);
	kmem_cache_free(s, q);

	kmem_cache_destroy(s);
	KUNIT_EXPECT_NULL(test, libslab_find_cache("libslab_smoke_64"));
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

/* Enough objects to need several slabs; all distinct and intact. */
static void libslab_smoke_many_slabs(struct kunit *test)
{
	unsigned long errors = libslab_error_count();
	struct kmem_cache *s;
	struct folio *first;
	unsigned int i, other_folios = 0;
	u32 **objs;

	objs = kunit_kcalloc(test, SMOKE_NR_OBJS, sizeof(*objs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, objs);

	s = kmem_cache_create("libslab_smoke_256", 256, NULL, SLAB_NO_MERGE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s);
	slab_test_skip_kfence(s);

	for (i = 0; i < SMOKE_NR_OBJS; i++) {
		objs[i] = kmem_cache_alloc(s, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		memset32(objs[i], i, 256 / sizeof(u32));
	}
	first = virt_to_folio(objs[0]);
	for (i = 0; i < SMOKE_NR_OBJS; i++) {
		expect_our_slab_object(test, objs[i], 256);
		KUNIT_EXPECT_EQ(test, objs[i][0], i);
		KUNIT_EXPECT_EQ(test, objs[i][63], i);
		if (virt_to_folio(objs[i]) != first)
			other_folios++;
	}
	/* 128 KiB of objects cannot fit in one slab of order <= 3 */
	KUNIT_EXPECT_GT(test, other_folios, 0);
	KUNIT_EXPECT_GE(test, nr_slabs_all_nodes(s), 4);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), SMOKE_NR_OBJS);

	for (i = 0; i < SMOKE_NR_OBJS; i++)
		kmem_cache_free(s, objs[i]);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), 0);

	kmem_cache_shrink(s);
	KUNIT_EXPECT_EQ(test, nr_slabs_all_nodes(s), 0);

	kmem_cache_destroy(s);
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

/* kmalloc/kfree from 8 bytes to large (page allocator) sizes. */
static void libslab_smoke_kmalloc_sizes(struct kunit *test)
{
	static const size_t sizes[] = {
		1, 8, 24, 64, 96, 100, 192, 1000, 2048, 4096, 8192,
		8193, 16384, 65536, 300000,
	};
	unsigned long errors = libslab_error_count();
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t size = sizes[i];
		struct folio *folio;
		u8 *p;

		p = kmalloc(size, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
		KUNIT_EXPECT_TRUE(test, virt_addr_valid(p));
		memset(p, 0x5a, size);
		KUNIT_EXPECT_GE(test, ksize(p), size);
		KUNIT_EXPECT_EQ(test, ksize(p), kmalloc_size_roundup(size));
		folio = virt_to_folio(p);
		if (size <= KMALLOC_MAX_CACHE_SIZE) {
			expect_our_slab_object(test, p, size);
		} else {
			KUNIT_EXPECT_TRUE(test, folio_test_large_kmalloc(folio));
			KUNIT_EXPECT_FALSE(test, folio_test_slab(folio));
			KUNIT_EXPECT_FALSE(test, lslab_kernel_folio_test_slab(folio));
			KUNIT_EXPECT_PTR_EQ(test, (void *)p, folio_address(folio));
			KUNIT_EXPECT_EQ(test, folio_order(folio), get_order(size));
		}
		kfree(p);
	}

	KUNIT_EXPECT_PTR_EQ(test, kmalloc(0, GFP_KERNEL), ZERO_SIZE_PTR);
	kfree(ZERO_SIZE_PTR);
	kfree(NULL);
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

/* kzalloc, krealloc, kmemdup, kstrdup, kcalloc. */
static void libslab_smoke_kmalloc_helpers(struct kunit *test)
{
	unsigned long errors = libslab_error_count();
	u8 *p, *q;
	char *str;

	p = kzalloc(200, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(p, 0, 200));
	memset(p, 0x11, 200);

	q = krealloc(p, 20000, GFP_KERNEL);	/* slab -> large kmalloc */
	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(q, 0x11, 200));
	KUNIT_EXPECT_TRUE(test, folio_test_large_kmalloc(virt_to_folio(q)));
	p = krealloc(q, 100, GFP_KERNEL);	/* and back */
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(p, 0x11, 100));

	q = kmemdup(p, 100, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_EXPECT_EQ(test, memcmp(p, q, 100), 0);
	kfree(p);
	kfree_sensitive(q);

	str = kstrdup("libslab", GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, str);
	KUNIT_EXPECT_STREQ(test, str, "libslab");
	expect_our_slab_object(test, str, 8);
	kfree(str);

	p = kcalloc(16, 16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(p, 0, 256));
	kfree(p);
	KUNIT_EXPECT_NULL(test, kmalloc_array(SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

/* Bulk allocation and free, then destroy with nothing left. */
static void libslab_smoke_bulk_shrink_destroy(struct kunit *test)
{
	unsigned long errors = libslab_error_count();
	struct kmem_cache *s;
	void *objs[64];
	unsigned int i;

	s = kmem_cache_create("libslab_smoke_bulk", 128, NULL, SLAB_NO_MERGE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s);
	slab_test_skip_kfence(s);

	KUNIT_ASSERT_EQ(test, kmem_cache_alloc_bulk(s, GFP_KERNEL,
						    ARRAY_SIZE(objs), objs),
			(int)ARRAY_SIZE(objs));
	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		expect_our_slab_object(test, objs[i], 128);
		memset(objs[i], i, 128);
	}
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), ARRAY_SIZE(objs));
	kmem_cache_free_bulk(s, ARRAY_SIZE(objs), objs);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), 0);

	libslab_flush_all(s);
	KUNIT_EXPECT_EQ(test, kmem_cache_shrink(s), 0);
	KUNIT_EXPECT_EQ(test, nr_slabs_all_nodes(s), 0);
	kmem_cache_destroy(s);
	KUNIT_EXPECT_NULL(test, libslab_find_cache("libslab_smoke_bulk"));
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

static struct kunit_case libslab_smoke_cases[] = {
	KUNIT_CASE(libslab_smoke_cache_alloc_free),
	KUNIT_CASE(libslab_smoke_many_slabs),
	KUNIT_CASE(libslab_smoke_kmalloc_sizes),
	KUNIT_CASE(libslab_smoke_kmalloc_helpers),
	KUNIT_CASE(libslab_smoke_bulk_shrink_destroy),
	{}
};

static struct slab_test_kfence_saved smoke_suite_kfence;

/* libslab_smoke_kmalloc_sizes checks each kmalloc object's ksize() and slab. */
static int libslab_smoke_suite_init(struct kunit_suite *suite)
{
	slab_test_kmalloc_skip_kfence(&smoke_suite_kfence);
	return 0;
}

static void libslab_smoke_suite_exit(struct kunit_suite *suite)
{
	slab_test_kmalloc_let_kfence_back(&smoke_suite_kfence);
}

static struct kunit_suite libslab_smoke_suite = {
	.name = "libslab_smoke",
	.suite_init = libslab_smoke_suite_init,
	.suite_exit = libslab_smoke_suite_exit,
	.test_cases = libslab_smoke_cases,
};

kunit_test_suite(libslab_smoke_suite);

MODULE_DESCRIPTION("KUnit tests for libslab");
MODULE_LICENSE("GPL");
