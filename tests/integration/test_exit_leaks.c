// SPDX-License-Identifier: GPL-2.0
/*
 * Leak reports a user can act on: a program that leaks one kmalloc object
 * and also destroys a cache with a live object sees each leak named
 * exactly once, and nothing of the allocator's own bookkeeping (the kept
 * cache's struct kmem_cache, its kmalloc'ed name, the kmalloc cache kept
 * for the leak) reported as a leak of its own.
 *
 * The kept cache is reported at its destroy in the kernel's words:
 * list_slab_objects() in mm/slub.c ("Objects remaining on
 * __kmem_cache_shutdown()", "Object 0x%p @offset=%tu") and
 * kmem_cache_destroy() in mm/slab_common.c ("kmem_cache_destroy %s: Slab
 * cache still has objects when called from %pS").  The kernel never shuts
 * its kmalloc caches down, so the kmalloc leak is libslab_exit()'s own
 * report: one line naming the cache and the object.
 *
 * libslab_exit() ends libslab here, so the program is one test.
 */
#include "harness.h"

/* How many times needle occurs in haystack. */
static unsigned int occurrences(const char *haystack, const char *needle)
{
	unsigned int n = 0;

	while ((haystack = strstr(haystack, needle))) {
		n++;
		haystack += strlen(needle);
	}
	return n;
}

#define assert_occurs(text, times)					\
	do {								\
		if (occurrences(captured(), (text)) != (times))		\
			fail_msg("\"%s\" occurs %u times, not %u; got:\n%s",	\
				 (text), occurrences(captured(), (text)),	\
				 (unsigned int)(times), captured());	\
	} while (0)

/* Global, so that %pS names it (the test is linked -rdynamic). */
void *leak_one_kmalloc(void);
__attribute__((__noinline__)) void *leak_one_kmalloc(void)
{
	void *p = kmalloc(40, GFP_KERNEL);

	/* No tail call: kmalloc()'s caller must be this function. */
	__asm__ volatile("" : : "r"(p) : "memory");
	return p;
}

static void test_each_leak_is_named_once_and_no_bookkeeping_is(void **state)
{
	/* A name built at run time: the cache keeps a kmalloc'ed copy. */
	char name[] = "exit_leaky";
	struct kmem_cache *s = kmem_cache_create(name, 100, NULL, SLAB_NO_MERGE);
	void *kept, *leaked;
	char kept_addr[32], leaked_addr[32];
	unsigned long warns, errors;
	bool tracked;

	assert_non_null(s);
	kept = kmem_cache_alloc(s, GFP_KERNEL);
	leaked = leak_one_kmalloc();
	assert_non_null(kept);
	assert_non_null(leaked);
	tracked = virt_to_slab(leaked)->slab_cache->flags & SLAB_STORE_USER;
	snprintf(kept_addr, sizeof(kept_addr), "0x%016lx", (unsigned long)kept);
	snprintf(leaked_addr, sizeof(leaked_addr), "0x%016lx", (unsigned long)leaked);
	name[0] = 'X';

	warns = sim_warn_count();
	capture_start();
	kmem_cache_destroy(s);
	/* The kernel's report of the destroy: two WARNs (__slab_err(), kmem_cache_destroy()). */
	assert_int_equal(sim_warn_count(), warns + 2);
	errors = libslab_error_count();
	assert_int_equal(libslab_exit(), -EBUSY);
	capture_stop();

	/* The kept cache: the kernel's texts, once. */
	assert_occurs("BUG exit_leaky", 1);
	assert_occurs("Objects remaining on __kmem_cache_shutdown()", 1);
	assert_occurs("kmem_cache_destroy exit_leaky: Slab cache still has objects when called from", 1);
	assert_occurs(kept_addr, 1);
	assert_captured("Object ");
	/* The kmalloc leak: one line, one error event, no WARN. */
	assert_occurs(leaked_addr, 1);
	assert_occurs("never freed", 1);
	assert_captured("libslab_exit: kmalloc-64 object ");
	if (tracked)
		assert_captured("allocated in leak_one_kmalloc+");
	assert_int_equal(libslab_error_count(), errors + 1);
	assert_int_equal(sim_warn_count(), warns + 2);
	/* Nothing of the bookkeeping: no other cache, no "remain" summary. */
	assert_occurs("BUG ", 1);
	assert_occurs("kmem_cache_destroy ", 1);
	assert_occurs("kmalloc-16", 0);
	assert_occurs("BUG kmem_cache", 0);
	assert_occurs("remain allocated", 0);
	assert_occurs("caches were destroyed", 0);

	/* What was reported stays valid memory: the objects and the name. */
	memset(kept, 0, 100);
	memset(leaked, 0, 40);
	assert_string_equal(kmem_cache_name(s), "exit_leaky");
	/* Kept caches live in the boot caches: no start over. */
	capture_start();
	assert_int_equal(libslab_init(), -EBUSY);
	capture_stop();
	assert_captured("libslab_init: caches kept with objects");
	sim_printk_reset_counts();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_leak_is_named_once_and_no_bookkeeping_is),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
