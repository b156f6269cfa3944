// SPDX-License-Identifier: GPL-2.0
/*
 * Misuse gets the kernel's answer (WARN, NULL or a slab report) and never
 * corrupts other objects.
 */
#include <stdlib.h>
#include "harness.h"

static unsigned long warns, errors;

static int start(void **state)
{
	sim_set_cpu(0);
	warns = sim_warn_count();
	errors = libslab_error_count();
	sim_taint_reset();
	capture_start();
	return 0;
}

static int stop(void **state)
{
	capture_stop();
	return 0;
}

/* For the reports 6.12 does not make: libslab_extra_checks=on. */
static int start_extra(void **state)
{
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=on"), 0);
	return start(state);
}

static int stop_extra(void **state)
{
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=off"), 0);
	return stop(state);
}

static struct kmem_cache *make(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, 128, 0, SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	return s;
}

static void test_kfree_of_heap_pointer_warns_and_does_nothing(void **state)
{
	void *p = calloc(1, 64);

	kfree(p);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("not allocated by the slab allocator");
	free(p);
}

static void test_kfree_of_stack_pointer_warns(void **state)
{
	int local = 0;

	kfree(&local);
	assert_int_equal(sim_warn_count(), warns + 1);
}

static void test_kfree_of_plain_page_warns_and_keeps_it(void **state)
{
	struct page *page = alloc_pages(GFP_KERNEL, 0);
	unsigned long in_use = sim_pages_in_use(NUMA_NO_NODE);

	kfree(page_address(page));
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("does not own");
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), in_use);
	__free_pages(page, 0);
	assert_int_equal(sim_bad_page_count(), 0);
}

static void test_free_to_wrong_cache_warns_and_frees_to_right_one(void **state)
{
	struct kmem_cache *a = make("wrong_cache_a"), *b = make("wrong_cache_b");
	void *p = kmem_cache_alloc(a, GFP_KERNEL);
	void *q = kmem_cache_alloc(b, GFP_KERNEL);

	kmem_cache_free(b, p);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("Wrong slab cache. wrong_cache_b but object is from wrong_cache_a");
	assert_int_equal(libslab_count_inuse(a), 0);
	assert_int_equal(libslab_count_inuse(b), 1);
	kmem_cache_free(b, q);
	kmem_cache_destroy(a);
	kmem_cache_destroy(b);
}

/*
 * cache_from_obj() takes the object's own cache when the one given is
 * wrong; no cache at all (the kernel would oops reading its name) is
 * treated the same way: a WARN, and the object goes back where it belongs.
 */
static void test_free_to_no_cache_warns_and_frees_to_the_objects(void **state)
{
	struct kmem_cache *s = make("freed_to_null");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(NULL, p);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("Wrong slab cache. NULL but object is from freed_to_null");
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

/*
 * Destroying a destroyed cache is a use after free in the kernel; libslab
 * WARNs without reading the freed cache (no name from freed memory).
 */
static void test_destroying_a_cache_twice_warns_without_reading_it(void **state)
{
	struct kmem_cache *s = make("destroyed_twice");

	kmem_cache_destroy(s);
	kmem_cache_destroy(s);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("kmem_cache_destroy: 0x");
	assert_captured("is not a cache in use (destroyed already?)");
	assert_null(strstr(captured(), "destroyed_twice"));
}

static void test_free_of_interior_pointer_is_reported_and_ignored(void **state)
{
	struct kmem_cache *s = make("interior");
	char *p = kmem_cache_alloc(s, GFP_KERNEL);
	char *q = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p + 8);
	assert_int_equal(libslab_error_count(), errors + 1);
	assert_captured("BUG interior (Not tainted): Invalid object pointer");
	assert_int_equal(libslab_count_inuse(s), 2);
	kmem_cache_free(s, p);
	kmem_cache_free(s, q);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_immediate_double_free_is_reported_and_ignored(void **state)
{
	struct kmem_cache *s = make("double_free");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	void *q = kmem_cache_alloc(s, GFP_KERNEL);
	void *a, *b;

	kmem_cache_free(s, p);
	kmem_cache_free(s, p);
	assert_int_equal(libslab_error_count(), errors + 1);
	assert_captured("Double free");
	/* The freelist is intact: two allocations give two objects. */
	a = kmem_cache_alloc(s, GFP_KERNEL);
	b = kmem_cache_alloc(s, GFP_KERNEL);
	assert_ptr_not_equal(a, b);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_free(s, q);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_double_free_to_non_cpu_slab_is_reported(void **state)
{
	struct kmem_cache *s = make("double_free_remote");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	libslab_flush_all(s);
	kmem_cache_free(s, p);
	kmem_cache_free(s, p);
	assert_int_equal(libslab_error_count(), errors + 1);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

static void test_kfree_inside_large_kmalloc_warns_and_keeps_it(void **state)
{
	char *p = kmalloc(50000, GFP_KERNEL);
	unsigned long in_use = sim_pages_in_use(NUMA_NO_NODE);

	kfree(p + 4096);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), in_use);
	kfree(p);
}

static void test_destroy_with_leaks_reports_and_keeps_cache(void **state)
{
	struct kmem_cache *s = make("leaky_cache");
	int *p = kmem_cache_alloc(s, GFP_KERNEL);
	void *q = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, q);
	kmem_cache_destroy(s);
	/*
	 * Two WARNs: list_slab_objects() ends with __slab_err()'s WARN_ON(1),
	 * then kmem_cache_destroy() WARNs that the cache still has objects.
	 */
	assert_int_equal(sim_warn_count(), warns + 2);
	assert_true(libslab_error_count() > errors);
	assert_captured("kmem_cache_destroy leaky_cache: Slab cache still has objects");
	assert_captured("BUG leaky_cache (Not tainted): Objects remaining on __kmem_cache_shutdown()");
	/* One event for the report, one for the object it lists (as KUnit counts). */
	assert_int_equal(libslab_error_count(), errors + 2);
	assert_null(libslab_find_cache("leaky_cache"));
	/* The object stays valid: nothing was reused. */
	*p = 42;
	assert_int_equal(*p, 42);
}

static void test_destroy_with_full_slab_counts_its_objects(void **state)
{
	struct kmem_cache *s = make("leaky_full");
	void *p[32];
	int i;

	for (i = 0; i < 32; i++) {
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
		assert_non_null(p[i]);
	}
	kmem_cache_destroy(s);
	assert_captured("32 objects in 1 full slabs on node 0 remain allocated");
	/*
	 * The extra check's slab_err() ends as 6.12's __slab_err() does, with
	 * a WARN_ON(1); then kmem_cache_destroy()'s WARN.
	 */
	assert_int_equal(sim_warn_count(), warns + 2);
}

static void test_create_with_zero_size_fails(void **state)
{
	assert_null(kmem_cache_create("zero_size", 0, 0, 0, NULL));
	assert_captured("kmem_cache_create(zero_size) integrity check failed");
}

static void test_create_with_huge_size_fails(void **state)
{
	assert_null(kmem_cache_create("huge_size", KMALLOC_MAX_SIZE + 1, 0, 0, NULL));
	assert_captured("integrity check failed");
}

static void test_create_without_name_fails(void **state)
{
	assert_null(kmem_cache_create(NULL, 64, 0, 0, NULL));
}

static void test_create_with_unknown_flags_fails(void **state)
{
	assert_null(kmem_cache_create("bad_flags", 64, 0, 1U << 30, NULL));
	assert_captured("__kmem_cache_create_args(bad_flags) failed with error -22");
}

static void test_freeptr_offset_without_rcu_is_rejected(void **state)
{
	struct kmem_cache_args args = { .freeptr_offset = 8, .use_freeptr_offset = true };

	assert_null(kmem_cache_create("freeptr_no_rcu", 64, &args, 0));
}

static void test_misaligned_freeptr_offset_is_rejected(void **state)
{
	struct kmem_cache_args args = { .freeptr_offset = 4, .use_freeptr_offset = true };

	assert_null(kmem_cache_create("freeptr_odd", 64, &args, SLAB_TYPESAFE_BY_RCU));
}

/* 6.12 kmalloc_fix_flags(): a pr_warn() and a backtrace, not a WARN. */
static void test_highmem_gfp_is_fixed_up_with_warning(void **state)
{
	struct kmem_cache *s = make("highmem_gfp");
	void *p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_HIGHMEM);

	assert_non_null(p);
	assert_int_equal(sim_warn_count(), warns);
	assert_captured("Unexpected gfp: 0x2 (__GFP_HIGHMEM). Fixing up to gfp: 0xcc0 (GFP_KERNEL). Fix your code!\n");
	assert_captured("Call Trace:\n");
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_invalid_node_warns_and_allocates(void **state)
{
	struct kmem_cache *s = make("bad_node");
	void *p = kmem_cache_alloc_node(s, GFP_KERNEL, 99);

	assert_non_null(p);
	assert_int_equal(sim_warn_count(), warns + 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_ksize_of_foreign_pointer_warns_and_is_zero(void **state)
{
	void *p = calloc(1, 16);

	assert_int_equal(ksize(p), 0);
	assert_int_equal(sim_warn_count(), warns + 1);
	free(p);
}

static void test_kmem_cache_free_of_null_is_a_no_op(void **state)
{
	struct kmem_cache *s = make("free_null");

	kmem_cache_free(s, NULL);
	assert_int_equal(sim_warn_count(), warns);
	kmem_cache_destroy(s);
}

static void test_other_objects_survive_bad_frees(void **state)
{
	struct kmem_cache *s = make("survivors");
	unsigned char *p[40];
	int i, j;

	for (i = 0; i < 40; i++) {
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
		memset(p[i], i, 128);
	}
	kmem_cache_free(s, p[5] + 1);
	kfree(p[7] + 64);
	kfree(&i);
	for (i = 0; i < 40; i++)
		for (j = 0; j < 128; j++)
			assert_int_equal(p[i][j], i);
	for (i = 0; i < 40; i++)
		kmem_cache_free(s, p[i]);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

/*
 * 6.12's virt_to_cache() (through cache_from_obj() with hardening or
 * consistency checks) words the WARN for a pointer outside any slab.
 */
static void test_cache_free_of_non_slab_pointer_warns_in_kernel_words(void **state)
{
	struct kmem_cache *s = make("not_slab");
	struct page *page = alloc_pages(GFP_KERNEL, 0);

	kmem_cache_free(s, page_address(page));
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("virt_to_cache: Object is not a Slab page!");
	__free_pages(page, 0);
	kmem_cache_destroy(s);
}

/*
 * 6.12's __kmem_cache_shutdown() walks only the partial lists
 * (free_partial()): a full slab left behind gets kmem_cache_destroy()'s
 * WARN and no slab report.
 */
static void test_destroy_with_full_slab_warns_only_by_default(void **state)
{
	struct kmem_cache *s = make("leaky_full_default");
	int i;

	for (i = 0; i < 32; i++)
		assert_non_null(kmem_cache_alloc(s, GFP_KERNEL));	/* leaked */
	kmem_cache_destroy(s);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("kmem_cache_destroy leaky_full_default: Slab cache still has objects");
	assert_false(strstr(captured(), "full slabs"));
	assert_int_equal(libslab_error_count(), errors);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, start, stop)
#define X(fn) cmocka_unit_test_setup_teardown(fn, start_extra, stop_extra)
	const struct CMUnitTest tests[] = {
		T(test_kfree_of_heap_pointer_warns_and_does_nothing),
		T(test_kfree_of_stack_pointer_warns),
		T(test_kfree_of_plain_page_warns_and_keeps_it),
		T(test_free_to_wrong_cache_warns_and_frees_to_right_one),
		T(test_destroying_a_cache_twice_warns_without_reading_it),
		T(test_free_to_no_cache_warns_and_frees_to_the_objects),
		X(test_free_of_interior_pointer_is_reported_and_ignored),
		X(test_immediate_double_free_is_reported_and_ignored),
		X(test_double_free_to_non_cpu_slab_is_reported),
		T(test_kfree_inside_large_kmalloc_warns_and_keeps_it),
		T(test_destroy_with_leaks_reports_and_keeps_cache),
		X(test_destroy_with_full_slab_counts_its_objects),
		T(test_create_with_zero_size_fails),
		T(test_create_with_huge_size_fails),
		T(test_create_without_name_fails),
		T(test_create_with_unknown_flags_fails),
		T(test_freeptr_offset_without_rcu_is_rejected),
		T(test_misaligned_freeptr_offset_is_rejected),
		T(test_highmem_gfp_is_fixed_up_with_warning),
		T(test_invalid_node_warns_and_allocates),
		T(test_ksize_of_foreign_pointer_warns_and_is_zero),
		T(test_kmem_cache_free_of_null_is_a_no_op),
		X(test_other_objects_survive_bad_frees),
		T(test_cache_free_of_non_slab_pointer_warns_in_kernel_words),
		T(test_destroy_with_full_slab_warns_only_by_default),
	};
#undef X
#undef T

	return cmocka_run_group_tests(tests, NULL, NULL);
}
