// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection: failslab and fail_page_alloc with the kernel's knobs,
 * and a workload run with each of its allocation points failed in turn
 * (fail-nth), which must unwind every time with nothing lost.
 */
#include <linux/fault-inject.h>
#include <linux/vmalloc.h>
#include "harness.h"

static int arm_clean(void **state)
{
	sim_set_cpu(0);
	libslab_failslab_filter(true, false);
	libslab_failslab_verbose(2);
	capture_start();
	return expect_clean_setup(state);
}

static int disarm(void **state)
{
	libslab_failslab_setup("1,0,0,0");
	sim_fail_page_alloc_setup("1,0,0,0");
	sim_fail_page_alloc_filter(true, 1);
	libslab_failslab_filter(true, false);
	sim_set_fail_nth(0);
	return expect_clean_teardown(state);
}

static void test_failslab_spares_reclaiming_allocations_by_default(void **state)
{
	struct kmem_cache *s = make_test_cache("fault_spare");
	void *p;

	assert_int_equal(libslab_failslab_setup("1,100,0,1"), 0);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_non_null(p);
	kmem_cache_free(s, p);
	assert_null(kmem_cache_alloc(s, GFP_ATOMIC));
	assert_captured("FAULT_INJECTION: forcing a failure.");
	assert_captured("name failslab, interval 1, probability 100, space 0, times 1");
	/* times was 1: the budget is spent. */
	p = kmem_cache_alloc(s, GFP_ATOMIC);
	assert_non_null(p);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_failslab_fails_gfp_kernel_with_ignore_gfp_wait_off(void **state)
{
	assert_int_equal(libslab_failslab_setup("1,100,0,1"), 0);
	libslab_failslab_filter(false, false);
	assert_null(kmalloc(32, GFP_KERNEL));
}

static void test_cache_filter_limits_failures_to_failslab_caches(void **state)
{
	/*
	 * 6.12 refuses SLAB_FAILSLAB in kmem_cache_create() (not in
	 * SLAB_FLAGS_PERMITTED, mm/slab.h): a cache is marked through its
	 * sysfs failslab file (failslab_store() in mm/slub.c) or slub_debug=A.
	 */
	struct kmem_cache *marked = kmem_cache_create("fault_marked", 64, 0,
						      SLAB_NO_MERGE, NULL);
	struct kmem_cache *plain = make_test_cache("fault_plain");
	void *p;

	assert_int_equal(libslab_sysfs_store(marked, "failslab", "1", 1), 1);
	assert_true(marked->flags & SLAB_FAILSLAB);

	assert_int_equal(libslab_failslab_setup("1,100,0,-1"), 0);
	libslab_failslab_filter(true, true);
	p = kmem_cache_alloc(plain, GFP_ATOMIC);
	assert_non_null(p);
	kmem_cache_free(plain, p);
	assert_null(kmem_cache_alloc(marked, GFP_ATOMIC));
	assert_null(kmem_cache_alloc(marked, GFP_ATOMIC));
	libslab_failslab_setup("1,0,0,0");
	kmem_cache_destroy(marked);
	kmem_cache_destroy(plain);
}

static void test_interval_fails_every_nth_allocation(void **state)
{
	struct kmem_cache *s = make_test_cache("fault_interval");
	void *p[9];
	int i, failed = 0;

	assert_int_equal(libslab_failslab_setup("3,100,0,-1"), 0);
	libslab_failslab_verbose(0);
	for (i = 0; i < 9; i++) {
		p[i] = kmem_cache_alloc(s, GFP_ATOMIC);
		if (!p[i]) {
			failed++;
			assert_int_equal(i % 3, 2);
		}
	}
	libslab_failslab_setup("1,0,0,0");
	assert_int_equal(failed, 3);
	assert_false(strstr(captured(), "FAULT_INJECTION"));	/* verbose 0 */
	for (i = 0; i < 9; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_space_lets_the_first_bytes_through(void **state)
{
	struct kmem_cache *s = make_test_cache("fault_space");	/* 256 bytes */
	void *a, *b;

	assert_int_equal(libslab_failslab_setup("1,100,300,1"), 0);
	a = kmem_cache_alloc(s, GFP_ATOMIC);	/* 300 > 256: passes */
	b = kmem_cache_alloc(s, GFP_ATOMIC);	/* 44 left: fails */
	assert_non_null(a);
	assert_null(b);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_nofail_is_never_failed_and_nowarn_fails_quietly(void **state)
{
	void *p;

	assert_int_equal(libslab_failslab_setup("1,100,0,-1"), 0);
	p = kmalloc(64, GFP_ATOMIC | __GFP_NOFAIL);
	assert_non_null(p);
	kfree(p);
	assert_null(kmalloc(64, GFP_ATOMIC | __GFP_NOWARN));
	assert_false(strstr(captured(), "FAULT_INJECTION"));
}

static void test_failslab_boot_parameter_arms_it(void **state)
{
	void *p;

	assert_int_equal(libslab_parse_cmdline("failslab=1,100,0,1"), 0);
	assert_null(kmalloc(16, GFP_ATOMIC));
	p = kmalloc(16, GFP_ATOMIC);			/* the budget is spent */
	assert_non_null(p);
	kfree(p);
}

static void test_malformed_spec_is_refused(void **state)
{
	assert_int_equal(libslab_failslab_setup("1,100"), -EINVAL);
	assert_captured("FAULT_INJECTION: failed to parse arguments");
	sim_printk_reset_counts();
	expect_clean_setup(state);
}

static void test_fail_page_alloc_fails_new_slabs(void **state)
{
	struct kmem_cache *s = kmem_cache_create("fault_pages", 5000, 0,
						 SLAB_NO_MERGE, NULL);
	unsigned long failures = sim_page_alloc_failures();

	assert_true(oo_order(s->min) >= 1);
	assert_int_equal(sim_fail_page_alloc_setup("1,100,0,-1"), 0);
	sim_fail_page_alloc_filter(false, 1);
	/* Orders >= 1 all fail, and even the minimum order is 1 here. */
	assert_null(kmem_cache_alloc(s, GFP_KERNEL | __GFP_NOWARN));
	assert_true(sim_page_alloc_failures() > failures);
	sim_fail_page_alloc_setup("1,0,0,0");
	kmem_cache_destroy(s);
}

static void test_bulk_alloc_failing_midway_returns_only_what_it_took(void **state)
{
	struct kmem_cache *s = make_test_cache("fault_bulk");
	static long not_an_object;
	void *p[3 * TEST_PER_SLAB];
	unsigned int i;

	kmem_cache_free(s, kmem_cache_alloc(s, GFP_KERNEL));	/* a cpu slab */
	for (i = 0; i < ARRAY_SIZE(p); i++)
		p[i] = &not_an_object;		/* what the caller's array held */
	assert_int_equal(sim_fail_page_alloc_setup("1,100,0,-1"), 0);
	sim_fail_page_alloc_filter(false, 0);
	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL | __GFP_NOWARN,
					       ARRAY_SIZE(p), p), 0);
	sim_fail_page_alloc_setup("1,0,0,0");
	/* No WARN about freeing &not_an_object; nothing kept either. */
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_destroy(s);
}

/*
 * A workload using the allocator's entry points, written as kernel code
 * must be: every allocation may fail, and then everything obtained so far
 * is released.  Returns 0, or -ENOMEM after unwinding.
 */
static int workload(void)
{
	struct kmem_cache *s;
	void *bulk[20] = { NULL };
	void *a, *b, *v, *r;
	int ret = -ENOMEM;

	s = kmem_cache_create("fault_workload", 100, 0, SLAB_NO_MERGE, NULL);
	if (!s)
		return -ENOMEM;
	a = kmem_cache_alloc(s, GFP_ATOMIC);
	if (!a)
		goto out_cache;
	b = kmalloc(700, GFP_ATOMIC);
	if (!b)
		goto out_a;
	r = krealloc(b, 3000, GFP_ATOMIC);
	if (!r)
		goto out_b;
	b = r;
	if (!kmem_cache_alloc_bulk(s, GFP_ATOMIC, ARRAY_SIZE(bulk), bulk))
		goto out_b;
	v = kvmalloc(64 << 10, GFP_ATOMIC);
	if (!v)
		goto out_bulk;
	ret = 0;
	kvfree(v);
out_bulk:
	kmem_cache_free_bulk(s, ARRAY_SIZE(bulk), bulk);
out_b:
	kfree(b);
out_a:
	kmem_cache_free(s, a);
out_cache:
	kmem_cache_destroy(s);
	return ret;
}

static void test_each_allocation_point_failed_in_turn_unwinds_cleanly(void **state)
{
	struct page_census before, after;
	unsigned int nth, unwound = 0;
	unsigned long errors = libslab_error_count();

	libslab_failslab_filter(false, false);
	libslab_failslab_verbose(0);
	sim_fail_page_alloc_filter(false, 0);
	assert_int_equal(workload(), 0);		/* warm the kmalloc caches */
	page_census(&before);
	for (nth = 1; ; nth++) {
		int ret;

		sim_set_fail_nth(nth);
		ret = workload();
		if (sim_fail_nth()) {
			/* Fewer checks than nth: the run was not disturbed. */
			sim_set_fail_nth(0);
			assert_int_equal(ret, 0);
			break;
		}
		/* A fallback (kvmalloc's vmalloc, a lower slab order) may absorb it. */
		assert_true(ret == -ENOMEM || ret == 0);
		unwound += ret == -ENOMEM;
		page_census(&after);
		assert_int_equal(after.other_pages, before.other_pages);
		assert_int_equal(after.orphan_slabs, 0);
		assert_int_equal(after.bad_slabs, 0);
		assert_int_equal(after.counter_mismatches, 0);
		assert_null(libslab_find_cache("fault_workload"));
		assert_int_equal(libslab_error_count(), errors);
	}
	print_message("fail-nth: %u allocation points failed in turn, %u unwound\n",
		      nth - 1, unwound);
	assert_true(unwound >= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_failslab_spares_reclaiming_allocations_by_default, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_failslab_fails_gfp_kernel_with_ignore_gfp_wait_off, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_cache_filter_limits_failures_to_failslab_caches, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_interval_fails_every_nth_allocation, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_space_lets_the_first_bytes_through, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_nofail_is_never_failed_and_nowarn_fails_quietly, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_failslab_boot_parameter_arms_it, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_malformed_spec_is_refused, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_fail_page_alloc_fails_new_slabs, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_bulk_alloc_failing_midway_returns_only_what_it_took, arm_clean, disarm),
		cmocka_unit_test_setup_teardown(test_each_allocation_point_failed_in_turn_unwinds_cleanly, arm_clean, disarm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
