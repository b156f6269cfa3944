// SPDX-License-Identifier: GPL-2.0
/*
 * The allocator's own lifetime: libslab_exit() gives every page back (what
 * a module unload needs), refuses while a user's cache lives, tears down
 * and returns -EBUSY after a cache was destroyed with live objects, and
 * libslab_init() starts over after a clean exit.  Each case but the last
 * leaves libslab initialised for the next.
 */
#include "harness.h"

static void test_exit_returns_every_page_and_init_starts_over(void **state)
{
	struct kmem_cache *s = kmem_cache_create("lifecycle", 100, NULL, 0);
	void *p = kmalloc(300, GFP_KERNEL), *q = kmem_cache_alloc(s, GFP_KERNEL);

	assert_true(sim_slab_pages_in_use() > 0);
	kmem_cache_free(s, q);
	kmem_cache_destroy(s);
	kfree(p);
	assert_int_equal(libslab_exit(), 0);
	assert_int_equal(sim_slab_pages_in_use(), 0);
	assert_null(kmalloc_caches[KMALLOC_NORMAL][6]);

	assert_int_equal(libslab_init(), 0);
	assert_int_equal(libslab_init_late(), 0);
	p = kmalloc(64, GFP_KERNEL);
	assert_non_null(p);
	assert_string_equal(virt_to_slab(p)->slab_cache->name, "kmalloc-64");
	kfree(p);
}

static void test_exit_with_a_live_cache_is_refused_and_tears_nothing_down(void **state)
{
	struct kmem_cache *s = kmem_cache_create("lifecycle_kept", 100, NULL,
						 SLAB_NO_MERGE);
	void *q = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned long warns = sim_warn_count();

	capture_start();
	assert_int_equal(libslab_exit(), -EBUSY);
	capture_stop();
	assert_captured("cache lifecycle_kept was never destroyed");
	assert_int_equal(sim_warn_count(), warns + 1);
	/* Nothing was torn down: the cache and kmalloc still work. */
	kmem_cache_free(s, q);
	kfree(kmalloc(64, GFP_KERNEL));
	kmem_cache_destroy(s);
	assert_int_equal(sim_warn_count(), warns + 1);
	sim_printk_reset_counts();
}

/*
 * Between libslab_init() and libslab_init_late() (in the kernel, before
 * workqueues exist) there is no flush workqueue: a flush of the CPUs'
 * slabs is refused with a WARN and leaves them in place.
 */
static void test_a_flush_before_init_late_warns_and_flushes_nothing(void **state)
{
	struct kmem_cache *s;
	unsigned long warns;
	void *p;

	assert_int_equal(libslab_exit(), 0);
	assert_int_equal(libslab_init(), 0);
	s = kmem_cache_create("lifecycle_early", 100, NULL, SLAB_NO_MERGE);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, p);
	warns = sim_warn_count();
	capture_start();
	libslab_flush_all(s);
	capture_stop();
	assert_captured("cache lifecycle_early flushed before the flush workqueue exists");
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_true(libslab_cpu_has_slab(s, sim_current_cpu()));

	assert_int_equal(libslab_init_late(), 0);
	libslab_flush_all(s);
	assert_false(libslab_cpu_has_slab(s, sim_current_cpu()));
	kmem_cache_destroy(s);
	sim_printk_reset_counts();
}

/* Must run last: a kept cache stays for the life of the process, and libslab_init() refuses. */
static void test_exit_after_a_leaky_destroy_returns_ebusy_and_keeps_the_cache(void **state)
{
	struct kmem_cache *s = kmem_cache_create("lifecycle_leaky", 100, NULL,
						 SLAB_NO_MERGE);
	void *leaked = kmem_cache_alloc(s, GFP_KERNEL);

	capture_start();
	kmem_cache_destroy(s);
	assert_int_equal(libslab_exit(), -EBUSY);
	capture_stop();
	assert_captured("Objects remaining on __kmem_cache_shutdown()");
	/* The kept cache's object and name are still valid memory. */
	memset(leaked, 0, 100);
	assert_string_equal(s->name, "lifecycle_leaky");
	/* kmalloc is torn down all the same (nothing of it leaked). */
	assert_null(kmalloc_caches[KMALLOC_NORMAL][6]);
	assert_int_equal(libslab_init(), -EBUSY);
	sim_printk_reset_counts();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_returns_every_page_and_init_starts_over),
		cmocka_unit_test(test_exit_with_a_live_cache_is_refused_and_tears_nothing_down),
		cmocka_unit_test(test_a_flush_before_init_late_warns_and_flushes_nothing),
		cmocka_unit_test(test_exit_after_a_leaky_destroy_returns_ebusy_and_keeps_the_cache),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
