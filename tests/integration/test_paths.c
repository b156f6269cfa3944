// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation and free paths and the movement of slabs between the cpu
 * slab, the cpu partial chain and the node partial lists.  The calling
 * thread is pinned to simulated CPU 0; caches of 256-byte objects hold 16
 * objects per order-0 slab.
 */
#include "harness.h"

static void alloc_n(struct kmem_cache *s, void **p, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
		assert_non_null(p[i]);
	}
}

static void free_n(struct kmem_cache *s, void **p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kmem_cache_free(s, p[i]);
}

static int pin_cpu0(void **state)
{
	sim_set_cpu(0);
	return 0;
}

static void test_alloc_from_cpu_slab_needs_no_new_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("cpu_slab_fill");
	void *p[TEST_PER_SLAB + 1];

	alloc_n(s, p, 1);
	assert_int_equal(slab_test_nr_slabs(s), 1);
	assert_true(libslab_cpu_has_slab(s, 0));
	alloc_n(s, p + 1, TEST_PER_SLAB - 1);
	assert_int_equal(slab_test_nr_slabs(s), 1);
	alloc_n(s, p + TEST_PER_SLAB, 1);
	assert_int_equal(slab_test_nr_slabs(s), 2);
	free_n(s, p, TEST_PER_SLAB + 1);
	kmem_cache_destroy(s);
}

static void test_freed_object_is_reused_first(void **state)
{
	struct kmem_cache *s = make_test_cache("lifo_reuse");
	void *a = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, a);
	assert_ptr_equal(kmem_cache_alloc(s, GFP_KERNEL), a);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_objects_are_distinct_and_inside_their_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("distinct");
	void *p[5 * TEST_PER_SLAB];
	int i, j;

	alloc_n(s, p, 5 * TEST_PER_SLAB);
	for (i = 0; i < 5 * TEST_PER_SLAB; i++) {
		struct folio *folio = virt_to_folio(p[i]);

		assert_ptr_equal(folio_slab(folio)->slab_cache, s);
		for (j = 0; j < i; j++)
			assert_ptr_not_equal(p[i], p[j]);
		memset(p[i], i, 256);
	}
	for (i = 0; i < 5 * TEST_PER_SLAB; i++)
		assert_int_equal(((unsigned char *)p[i])[255], (unsigned char)i);
	free_n(s, p, 5 * TEST_PER_SLAB);
	kmem_cache_destroy(s);
}

static void test_free_to_full_slab_puts_it_on_cpu_partial(void **state)
{
	struct kmem_cache *s = make_test_cache("full_to_cpu_partial");
	void *p[TEST_PER_SLAB + 1];

	alloc_n(s, p, TEST_PER_SLAB + 1);	/* first slab full and detached */
	assert_int_equal(libslab_cpu_nr_partial(s, 0), 0);
	kmem_cache_free(s, p[0]);
	assert_int_equal(libslab_cpu_nr_partial(s, 0), 1);
	assert_int_equal(slab_test_nr_partial(s), 0);
	free_n(s, p + 1, TEST_PER_SLAB);
	kmem_cache_destroy(s);
}

static void test_cpu_partial_slab_is_used_when_cpu_slab_runs_out(void **state)
{
	struct kmem_cache *s = make_test_cache("cpu_partial_reuse");
	void *p[2 * TEST_PER_SLAB], *again;

	alloc_n(s, p, TEST_PER_SLAB + 1);
	kmem_cache_free(s, p[3]);	/* first slab -> cpu partial */
	alloc_n(s, p + TEST_PER_SLAB + 1, TEST_PER_SLAB - 1);	/* second slab full */
	again = kmem_cache_alloc(s, GFP_KERNEL);
	assert_ptr_equal(again, p[3]);
	assert_int_equal(libslab_cpu_nr_partial(s, 0), 0);
	assert_int_equal(slab_test_nr_slabs(s), 2);
	p[3] = again;
	free_n(s, p, 2 * TEST_PER_SLAB);
	kmem_cache_destroy(s);
}

static void test_flush_moves_cpu_slabs_to_node_partial(void **state)
{
	struct kmem_cache *s = make_test_cache("flush_to_node");
	void *p[TEST_PER_SLAB + 1];

	alloc_n(s, p, TEST_PER_SLAB + 1);
	kmem_cache_free(s, p[0]);
	libslab_flush_all(s);
	assert_false(libslab_cpu_has_slab(s, 0));
	assert_int_equal(libslab_cpu_nr_partial(s, 0), 0);
	assert_int_equal(slab_test_nr_partial(s), 2);
	free_n(s, p + 1, TEST_PER_SLAB);
	kmem_cache_destroy(s);
}

static void test_cpu_partial_chain_drains_to_node_when_full(void **state)
{
	struct kmem_cache *s = make_test_cache("cpu_partial_drain");
	void *p[12 * TEST_PER_SLAB];
	/*
	 * One slab more than the chain may hold, plus the cpu slab.  6.12
	 * put_cpu_partial() drains the chain once it holds
	 * cpu_partial_slabs slabs and another comes: 7 for 256-byte objects
	 * (set_cpu_partial(): 52 objects, 16 a slab, DIV_ROUND_UP(104, 16)).
	 */
	unsigned int freed = s->cpu_partial_slabs + 1, nr = freed + 1;
	unsigned int i;

	assert_int_equal(s->cpu_partial_slabs, 7);
	assert_true(nr <= 12);
	alloc_n(s, p, nr * TEST_PER_SLAB);
	/* One free per full slab: each joins the cpu partial chain. */
	for (i = 0; i < freed; i++)
		kmem_cache_free(s, p[i * TEST_PER_SLAB]);
	assert_true(libslab_cpu_nr_partial(s, 0) <= s->cpu_partial_slabs);
	assert_true(slab_test_nr_partial(s) > 0);
	assert_int_equal(libslab_cpu_nr_partial(s, 0) + slab_test_nr_partial(s),
			 freed);
	for (i = 0; i < nr * TEST_PER_SLAB; i++)
		if (i % TEST_PER_SLAB || i >= freed * TEST_PER_SLAB)
			kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_empty_slabs_beyond_min_partial_are_discarded(void **state)
{
	struct kmem_cache *s = make_test_cache("min_partial_discard");
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	void *p[20 * TEST_PER_SLAB];

	alloc_n(s, p, 20 * TEST_PER_SLAB);
	free_n(s, p, 20 * TEST_PER_SLAB);
	libslab_flush_all(s);
	assert_true(slab_test_nr_slabs(s) <= s->min_partial);
	assert_int_equal(slab_test_nr_slabs(s), slab_test_nr_partial(s));
	assert_true(sim_pages_in_use(NUMA_NO_NODE) <= before + s->min_partial);
	kmem_cache_destroy(s);
}

static void test_shrink_releases_empty_slabs(void **state)
{
	struct kmem_cache *s = make_test_cache("shrink_empty");
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	void *p[6 * TEST_PER_SLAB];

	alloc_n(s, p, 6 * TEST_PER_SLAB);
	free_n(s, p, 6 * TEST_PER_SLAB);
	assert_int_equal(kmem_cache_shrink(s), 0);
	assert_int_equal(slab_test_nr_slabs(s), 0);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before);
	kmem_cache_destroy(s);
}

static void test_shrink_keeps_slabs_with_live_objects(void **state)
{
	struct kmem_cache *s = make_test_cache("shrink_live");
	void *p[3 * TEST_PER_SLAB];
	int i;

	alloc_n(s, p, 3 * TEST_PER_SLAB);
	for (i = 1; i < 3 * TEST_PER_SLAB; i++)
		kmem_cache_free(s, p[i]);
	assert_int_equal(kmem_cache_shrink(s), 1);
	assert_int_equal(slab_test_nr_slabs(s), 1);
	assert_int_equal(libslab_count_inuse(s), 1);
	kmem_cache_free(s, p[0]);
	kmem_cache_destroy(s);
}

static void test_count_inuse_follows_allocations(void **state)
{
	struct kmem_cache *s = make_test_cache("count_inuse");
	void *p[50];

	alloc_n(s, p, 50);
	assert_int_equal(libslab_count_inuse(s), 50);
	free_n(s, p, 25);
	assert_int_equal(libslab_count_inuse(s), 25);
	free_n(s, p + 25, 25);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_free_from_another_cpu_goes_to_slab_freelist(void **state)
{
	struct kmem_cache *s = make_test_cache("remote_free");
	void *p[4];

	alloc_n(s, p, 4);
	sim_set_cpu(1);
	kmem_cache_free(s, p[1]);	/* not CPU 1's slab: slab freelist */
	sim_set_cpu(0);
	assert_int_equal(libslab_count_inuse(s), 3);
	free_n(s, p + 2, 2);
	kmem_cache_free(s, p[0]);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_each_cpu_gets_its_own_cpu_slab(void **state)
{
	struct kmem_cache *s = make_test_cache("per_cpu_slabs");
	void *a, *b;

	a = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_cpu(1);
	b = kmem_cache_alloc(s, GFP_KERNEL);
	assert_true(libslab_cpu_has_slab(s, 1));
	kmem_cache_free(s, b);
	sim_set_cpu(0);
	assert_true(libslab_cpu_has_slab(s, 0));
	assert_ptr_not_equal(virt_to_folio(a), virt_to_folio(b));
	assert_int_equal(slab_test_nr_slabs(s), 2);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_bulk_alloc_returns_requested_distinct_objects(void **state)
{
	struct kmem_cache *s = make_test_cache("bulk_alloc");
	void *p[100];
	int i, j;

	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL, 100, p), 100);
	for (i = 0; i < 100; i++)
		for (j = 0; j < i; j++)
			assert_ptr_not_equal(p[i], p[j]);
	assert_int_equal(libslab_count_inuse(s), 100);
	kmem_cache_free_bulk(s, 100, p);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_bulk_alloc_zeroes_with_gfp_zero(void **state)
{
	struct kmem_cache *s = make_test_cache("bulk_zero");
	unsigned char *p[20];
	int i, j;

	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL, 20, (void **)p), 20);
	for (i = 0; i < 20; i++)
		memset(p[i], 0x77, 256);
	kmem_cache_free_bulk(s, 20, (void **)p);
	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL | __GFP_ZERO, 20, (void **)p), 20);
	for (i = 0; i < 20; i++)
		for (j = 0; j < 256; j++)
			assert_int_equal(p[i][j], 0);
	kmem_cache_free_bulk(s, 20, (void **)p);
	kmem_cache_destroy(s);
}

static void test_bulk_free_of_objects_from_many_slabs(void **state)
{
	struct kmem_cache *s = make_test_cache("bulk_mixed");
	void *p[4 * TEST_PER_SLAB], *shuffled[4 * TEST_PER_SLAB];
	int i, j;

	alloc_n(s, p, 4 * TEST_PER_SLAB);
	/*
	 * The index steps by 7 modulo the array size instead of being
	 * computed as (i * 7) % size: clang 14's loop vectorizer reads that
	 * form as a plain stride-7 run, ignores the wrap and copies the wrong
	 * objects (llvm/llvm-project#156849), so the bulk free got duplicates.
	 */
	for (i = 0, j = 0; i < 4 * TEST_PER_SLAB;
	     i++, j = (j + 7) % (4 * TEST_PER_SLAB))
		shuffled[i] = p[j];
	kmem_cache_free_bulk(s, 4 * TEST_PER_SLAB, shuffled);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_bulk_free_of_kmalloc_objects_without_cache(void **state)
{
	void *p[6];
	int i;

	for (i = 0; i < 6; i++)
		p[i] = kmalloc(i < 5 ? 32 << i : 20000, GFP_KERNEL);
	kmem_cache_free_bulk(NULL, 6, p);
	for (i = 3; i <= 9; i++)
		assert_int_equal(libslab_count_inuse(kmalloc_caches[KMALLOC_NORMAL][i]), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_alloc_from_cpu_slab_needs_no_new_slab, pin_cpu0),
		cmocka_unit_test_setup(test_freed_object_is_reused_first, pin_cpu0),
		cmocka_unit_test_setup(test_objects_are_distinct_and_inside_their_slab, pin_cpu0),
		cmocka_unit_test_setup(test_free_to_full_slab_puts_it_on_cpu_partial, pin_cpu0),
		cmocka_unit_test_setup(test_cpu_partial_slab_is_used_when_cpu_slab_runs_out, pin_cpu0),
		cmocka_unit_test_setup(test_flush_moves_cpu_slabs_to_node_partial, pin_cpu0),
		cmocka_unit_test_setup(test_cpu_partial_chain_drains_to_node_when_full, pin_cpu0),
		cmocka_unit_test_setup(test_empty_slabs_beyond_min_partial_are_discarded, pin_cpu0),
		cmocka_unit_test_setup(test_shrink_releases_empty_slabs, pin_cpu0),
		cmocka_unit_test_setup(test_shrink_keeps_slabs_with_live_objects, pin_cpu0),
		cmocka_unit_test_setup(test_count_inuse_follows_allocations, pin_cpu0),
		cmocka_unit_test_setup(test_free_from_another_cpu_goes_to_slab_freelist, pin_cpu0),
		cmocka_unit_test_setup(test_each_cpu_gets_its_own_cpu_slab, pin_cpu0),
		cmocka_unit_test_setup(test_bulk_alloc_returns_requested_distinct_objects, pin_cpu0),
		cmocka_unit_test_setup(test_bulk_alloc_zeroes_with_gfp_zero, pin_cpu0),
		cmocka_unit_test_setup(test_bulk_free_of_objects_from_many_slabs, pin_cpu0),
		cmocka_unit_test_setup(test_bulk_free_of_kmalloc_objects_without_cache, pin_cpu0),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
