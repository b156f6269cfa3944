// SPDX-License-Identifier: GPL-2.0
/*
 * slub_debug: each corruption a debug cache can detect is detected at the
 * documented moment, reported once in the kernel's format, repaired as the
 * kernel repairs it, and counted.  Runs with slub_debug=FZPU,kmalloc-64 so
 * that one kmalloc cache is a debug cache from boot.
 */
#include "harness.h"

static struct kmem_cache *make_debug(const char *name, unsigned int size,
				     slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_create(name, size, 0, flags, NULL);

	assert_non_null(s);
	assert_true(kmem_cache_debug(s));
	return s;
}

static void test_debug_caches_keep_no_cpu_slab(void **state)
{
	struct kmem_cache *s = make_debug("dbg_no_cpu", 64, SLAB_RED_ZONE);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_false(libslab_cpu_has_slab(s, 0));
	assert_int_equal(cache_nr_partial(s), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
	assert_int_equal(report_count(), 0);
}

static void test_red_zones_surround_an_allocated_object(void **state)
{
	struct kmem_cache *s = make_debug("dbg_layout", 64, SLAB_RED_ZONE);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_true(s->red_left_pad >= sizeof(void *));
	assert_int_equal(p[-1], SLUB_RED_ACTIVE);
	assert_int_equal(p[64], SLUB_RED_ACTIVE);
	kmem_cache_free(s, p);
	assert_int_equal(p[-1], SLUB_RED_INACTIVE);
	kmem_cache_destroy(s);
}

static void test_right_red_zone_overwrite_is_reported_and_repaired(void **state)
{
	struct kmem_cache *s = make_debug("dbg_right_rz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[64] = 0x12;
	kmem_cache_free(s, p);			/* refused: not freed */
	assert_captured("[Right Redzone overwritten] 0x");
	assert_captured("First byte 0x12 instead of 0xcc");
	assert_captured("BUG dbg_right_rz (Not tainted): Object corrupt");
	assert_captured("FIX dbg_right_rz: Restoring Right Redzone 0x");
	assert_captured("FIX dbg_right_rz: Object at 0x");
	assert_captured("Redzone  ");
	/* The overwritten bytes, their repair, the refused free. */
	assert_int_equal(report_count(), 3);
	assert_int_equal(p[64], SLUB_RED_ACTIVE);
	assert_int_equal(libslab_count_inuse(s), 1);
	kmem_cache_free(s, p);			/* repaired: now it goes */
	assert_int_equal(libslab_count_inuse(s), 0);
	assert_int_equal(report_count(), 3);
	kmem_cache_destroy(s);
}

static void test_left_red_zone_overwrite_is_reported(void **state)
{
	struct kmem_cache *s = make_debug("dbg_left_rz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[-2] = 0;
	kmem_cache_free(s, p);
	assert_captured("[Left Redzone overwritten]");
	assert_int_equal(report_count(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_kmalloc_red_zone_catches_writes_past_the_requested_size(void **state)
{
	unsigned char *p = kmalloc(40, GFP_KERNEL);	/* from kmalloc-64 */

	assert_string_equal(virt_to_slab(p)->slab_cache->name, "kmalloc-64");
	p[39] = 1;				/* inside the request: fine */
	p[44] = 2;				/* past it, inside the object */
	kfree(p);
	assert_captured("[kmalloc Redzone overwritten]");
	assert_captured("BUG kmalloc-64 (Not tainted): Object corrupt");
	assert_int_equal(report_count(), 3);
	kfree(p);
	assert_int_equal(report_count(), 3);
}

static void test_write_after_free_breaks_the_poison_and_is_caught_at_alloc(void **state)
{
	struct kmem_cache *s = make_debug("dbg_poison", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL), *q;

	kmem_cache_free(s, p);
	assert_int_equal(p[0], POISON_FREE);
	assert_int_equal(p[63], POISON_END);
	p[8] = 0x11;				/* use after free */
	q = kmem_cache_alloc(s, GFP_KERNEL);
	assert_captured("[Poison overwritten]");
	assert_captured("First byte 0x11 instead of 0x6b");
	assert_captured("FIX dbg_poison: Marking all objects used");
	/* The overwritten bytes, their repair, the slab taken out of use. */
	assert_int_equal(report_count(), 3);
	/* The damaged slab is out of use: q came from a fresh one. */
	assert_non_null(q);
	assert_ptr_not_equal(virt_to_slab(q), virt_to_slab(p));
	kmem_cache_free(s, q);
	kmem_cache_shrink(s);
	assert_int_equal(cache_nr_slabs(s), 1);	/* the isolated slab stays */
}

static void test_double_free_is_reported_and_ignored(void **state)
{
	struct kmem_cache *s = make_debug("dbg_double", 64,
					  SLAB_CONSISTENCY_CHECKS | SLAB_STORE_USER);
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	kmem_cache_free(s, p);
	assert_captured("BUG dbg_double (Not tainted): Object already free");
	assert_captured("Allocated in ");
	assert_captured("Freed in ");
	assert_captured(" age=");
	assert_captured(" cpu=0 pid=");
	/* The report and the refused free. */
	assert_int_equal(report_count(), 2);
	assert_int_equal(libslab_count_inuse(s), 1);
	assert_int_equal(libslab_validate(s), 0);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

static void test_corrupted_free_pointer_is_reported_and_cut(void **state)
{
	struct kmem_cache *s = make_debug("dbg_freeptr", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	void *a = kmem_cache_alloc(s, GFP_KERNEL);
	void *b = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, b);
	kmem_cache_free(s, a);			/* freelist: a -> b -> ... */
	*freeptr_addr(s, a) = (char *)b + 3;	/* not an object start */
	a = kmem_cache_alloc(s, GFP_KERNEL);
	assert_captured("BUG dbg_freeptr (Not tainted): Freepointer corrupt");
	/* The report and the slab taken out of use. */
	assert_captured("FIX dbg_freeptr: Marking all objects used");
	assert_int_equal(report_count(), 2);
}

static void test_user_tracking_reports_where_an_object_was_allocated(void **state)
{
	struct kmem_cache *s = make_debug("dbg_track", 64,
					  SLAB_RED_ZONE | SLAB_STORE_USER |
					  SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[70] = 0;
	kmem_cache_free(s, p);
	assert_captured("Allocated in 0x");
	assert_captured(" age=");
	/* The allocation stack comes from the depot, symbolised (-rdynamic). */
	assert_captured("(slab_alloc_node+0x");
	assert_int_equal(report_count(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_trace_prints_every_alloc_and_free(void **state)
{
	struct kmem_cache *s = make_debug("dbg_trace", 32, SLAB_TRACE);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	assert_captured("TRACE dbg_trace alloc 0x");
	assert_captured("TRACE dbg_trace free 0x");
	assert_int_equal(report_count(), 0);
	kmem_cache_destroy(s);
}

static void test_destroy_lists_each_leaked_object_with_its_owner(void **state)
{
	struct kmem_cache *s = make_debug("dbg_leak", 64, SLAB_STORE_USER);
	void *p[20];
	int i;

	for (i = 0; i < 20; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 20; i += 2)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	assert_captured("BUG dbg_leak (Not tainted): Objects remaining on __kmem_cache_shutdown()");
	assert_captured("Allocated in ");
	/* Ten objects remain, each on its own line, across full and partial slabs. */
	for (i = 1; i < 20; i += 2) {
		char line[64];

		snprintf(line, sizeof(line), "Object 0x%016lx @offset=",
			 (unsigned long)p[i]);
		assert_captured(line);
	}
	assert_false(strstr(captured(), "full slabs on node"));
	/* The cache stays alive with its objects: free them, destroy again. */
	for (i = 1; i < 20; i += 2)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_validate_finds_a_broken_poison(void **state)
{
	struct kmem_cache *s = make_debug("dbg_validate", 64, SLAB_POISON);
	unsigned char *keep = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	assert_int_equal(libslab_validate(s), 0);
	p[5] = 0;
	assert_int_equal(libslab_validate(s), 1);
	assert_captured("[Poison overwritten]");
	assert_int_equal(libslab_validate(s), 0);	/* repaired */
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

static void test_alignment_padding_is_poisoned_and_checked(void **state)
{
	struct kmem_cache *s = make_debug("dbg_align_pad", 60,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(s->inuse, 64);
	p[61] = 0;
	kmem_cache_free(s, p);
	assert_captured("[Alignment padding overwritten]");
	assert_int_equal(report_count(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_debug_caches_keep_no_cpu_slab, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_red_zones_surround_an_allocated_object, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_right_red_zone_overwrite_is_reported_and_repaired, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_left_red_zone_overwrite_is_reported, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_kmalloc_red_zone_catches_writes_past_the_requested_size, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_write_after_free_breaks_the_poison_and_is_caught_at_alloc, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_double_free_is_reported_and_ignored, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_corrupted_free_pointer_is_reported_and_cut, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_user_tracking_reports_where_an_object_was_allocated, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_trace_prints_every_alloc_and_free, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_destroy_lists_each_leaked_object_with_its_owner, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_validate_finds_a_broken_poison, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_alignment_padding_is_poisoned_and_checked, report_setup, report_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
