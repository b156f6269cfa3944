// SPDX-License-Identifier: GPL-2.0
/*
 * slub_debug: the shared cases (shared/debug_cases.h), and the ones that
 * read the report text only the printk capture can see or need the boot
 * option slub_debug=FZPU,kmalloc-64 this suite runs with.
 */
#include "shared_cmocka.h"
#include "debug_cases.h"

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
	/*
	 * The allocation stack comes from the depot, a frame a line as the
	 * kernel's stack_trace_print() prints it: " %pS" (-rdynamic).
	 */
	assert_captured("\n slab_alloc_node+0x");
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

	/* 6.12 lists partial slabs only; the full ones are an extra check. */
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=on"), 0);

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
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=off"), 0);
}

/*
 * 6.12's print_slab_info() prints the slab page's flags with %pGp, which
 * format_page_flags() (lib/vsprintf.c) writes as the value, then the names
 * of the flags set and the node and zone fields in parentheses.  A free of
 * an interior pointer is refused by free_consistency_checks().
 */
static void test_slab_info_prints_page_flags_as_the_kernel_does(void **state)
{
	struct kmem_cache *s = make_debug("dbg_pgflags", 64, SLAB_CONSISTENCY_CHECKS);
	char *p = kmem_cache_alloc(s, GFP_KERNEL);
	char *keep = kmem_cache_alloc(s, GFP_KERNEL);
	char want[64];

	kmem_cache_free(s, p + 8);
	assert_captured("BUG dbg_pgflags (Not tainted): Invalid object pointer 0x");
	/* On the node partial list: the flag 6.12 uses for that is workingset. */
	snprintf(want, sizeof(want), "flags=%#lx(workingset|node=0|zone=2)\n",
		 1UL << PG_workingset);
	assert_captured(want);
	kmem_cache_free(s, p);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

/*
 * 6.12's free_slab(): a slab of a cache with consistency checks has its
 * padding and every object checked (as free: SLUB_RED_INACTIVE) before
 * its pages go, so a write after free into a red zone is reported there:
 * the overwritten line and the FIX line, two events.
 */
static void test_freeing_a_checked_slab_checks_its_objects(void **state)
{
	struct kmem_cache *s = make_debug("dbg_free_slab", 64,
					  SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	assert_int_equal(report_count(), 0);
	p[64] = 0x78;			/* right red zone of a free object */
	kmem_cache_shrink(s);		/* the empty slab goes */
	assert_captured("[Right Redzone overwritten]");
	assert_captured("FIX dbg_free_slab: Restoring Right Redzone");
	assert_int_equal(report_count(), 2);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test_setup_teardown(test_kmalloc_red_zone_catches_writes_past_the_requested_size, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_user_tracking_reports_where_an_object_was_allocated, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_trace_prints_every_alloc_and_free, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_destroy_lists_each_leaked_object_with_its_owner, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_slab_info_prints_page_flags_as_the_kernel_does, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_freeing_a_checked_slab_checks_its_objects, report_setup, report_teardown),
	};

	return slab_run_table(debug_cases, NULL, NULL) +
	       cmocka_run_group_tests(local, NULL, NULL);
}
