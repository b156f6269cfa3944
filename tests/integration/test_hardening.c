// SPDX-License-Identifier: GPL-2.0
/*
 * Hardening options, each shown stopping the attack or bug it is for:
 * encoded free pointers (no heap address leaks, forged pointers caught),
 * shuffled freelists (no predictable neighbours), init_on_alloc and
 * init_on_free (no stale data), kmem_buckets (no shared slabs with
 * kmalloc), and the usercopy check (no copies beyond the whitelist).
 */
#include <stdlib.h>
#include "harness.h"

/* Back to the defaults for the next test. */
static int stop(void **state)
{
	libslab_parse_cmdline("slab_freelist_hardened=off slab_freelist_random=off");
	sim_switches.init_on_alloc = false;
	sim_switches.init_on_free = false;
	return report_teardown(state);
}

static struct kmem_cache *cache_after(const char *cmdline, const char *name)
{
	struct kmem_cache *s;

	assert_int_equal(libslab_parse_cmdline(cmdline), 0);
	s = kmem_cache_create(name, 64, 0, SLAB_NO_MERGE, NULL);
	assert_non_null(s);
	return s;
}

static void test_plain_free_pointers_leak_heap_addresses(void **state)
{
	struct kmem_cache *s = cache_after("slab_freelist_hardened=off", "plain_fp");
	void *a = kmem_cache_alloc(s, GFP_KERNEL), *b = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, b);
	kmem_cache_free(s, a);
	/* What a read-after-free of a sees: the address of b. */
	assert_ptr_equal(*freeptr_addr(s, a), b);
	kmem_cache_destroy(s);
}

static void test_hardened_free_pointers_are_encoded(void **state)
{
	struct kmem_cache *s = cache_after("slab_freelist_hardened=on", "hard_fp");
	void *a = kmem_cache_alloc(s, GFP_KERNEL), *b = kmem_cache_alloc(s, GFP_KERNEL);

	assert_true(s->random != 0);
	kmem_cache_free(s, b);
	kmem_cache_free(s, a);
	assert_ptr_not_equal(*freeptr_addr(s, a), b);
	assert_ptr_equal(get_freepointer(s, a), b);	/* the allocator still knows */
	a = kmem_cache_alloc(s, GFP_KERNEL);
	b = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
	assert_int_equal(report_count(), 0);
}

static long target;	/* what an attacker would like kmalloc to return */

static void test_forged_free_pointer_is_caught_when_hardened(void **state)
{
	/* 6.12 follows the forged pointer; only libslab's extra checks cut it. */
	struct kmem_cache *s = cache_after("slab_freelist_hardened=on libslab_extra_checks=on",
					   "hard_forge");
	void *a = kmem_cache_alloc(s, GFP_KERNEL), *b = kmem_cache_alloc(s, GFP_KERNEL);
	void *p, *q;

	kmem_cache_free(s, b);
	kmem_cache_free(s, a);
	/* Use after free: overwrite a's free pointer with &target. */
	*freeptr_addr(s, a) = &target;
	p = kmem_cache_alloc(s, GFP_KERNEL);		/* a */
	assert_ptr_equal(p, a);
	assert_captured("Freepointer corrupt");
	assert_int_equal(report_count(), 1);
	/* The forged pointer was never handed out. */
	q = kmem_cache_alloc(s, GFP_KERNEL);
	assert_ptr_not_equal(q, &target);
	assert_ptr_equal(virt_to_slab(q)->slab_cache, s);
	/* The objects cut off the freelist are reported at destroy, not lost. */
	kmem_cache_free(s, p);
	kmem_cache_free(s, q);
	kmem_cache_destroy(s);
	assert_captured("Objects remaining on __kmem_cache_shutdown()");
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=off"), 0);
}

static void test_shuffled_freelist_hands_out_a_permutation(void **state)
{
	struct kmem_cache *s = cache_after("slab_freelist_random=on", "random_fl");
	unsigned int n = oo_objects(s->oo), i, in_order = 0;
	void **p = calloc(n, sizeof(void *));
	char *base;
	unsigned long *seen = calloc(BITS_TO_LONGS(n), sizeof(long));

	assert_non_null(s->random_seq);
	for (i = 0; i < n; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	base = slab_address(virt_to_slab(p[0]));
	for (i = 0; i < n; i++) {
		unsigned long idx = ((char *)p[i] - base) / s->size;

		assert_ptr_equal(virt_to_slab(p[i]), virt_to_slab(p[0]));
		assert_false(test_and_set_bit(idx, seen));	/* each once */
		if (i && p[i] == (char *)p[i - 1] + s->size)
			in_order++;
	}
	/* Neighbours are no longer predictable from allocation order. */
	assert_true(in_order < n / 2);
	for (i = 0; i < n; i++)
		kmem_cache_free(s, p[i]);
	free(p);
	free(seen);
	kmem_cache_destroy(s);
}

static void test_ordered_freelist_without_randomisation(void **state)
{
	struct kmem_cache *s = cache_after("slab_freelist_random=off", "ordered_fl");
	void *a = kmem_cache_alloc(s, GFP_KERNEL), *b = kmem_cache_alloc(s, GFP_KERNEL);

	assert_null(s->random_seq);
	assert_ptr_equal(b, (char *)a + s->size);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
}

static void test_init_on_alloc_hides_stale_data(void **state)
{
	struct kmem_cache *s = make_test_cache("init_alloc");
	char *p = kmem_cache_alloc(s, GFP_KERNEL);

	memset(p, 'S', 256);				/* a secret */
	kmem_cache_free(s, p);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_int_equal(p[200], 'S');			/* stale without the option */
	kmem_cache_free(s, p);
	sim_switches.init_on_alloc = true;
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_null(memchr_inv(p, 0, 256));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * 6.12 __do_krealloc() in mm/slab_common.c zeroes what an in-place shrink
 * gives up when want_init_on_alloc(flags): with init_on_alloc=1 as well as
 * with __GFP_ZERO.
 */
static void test_krealloc_in_place_zeroes_the_rest_with_init_on_alloc(void **state)
{
	char *p = kmalloc(64, GFP_KERNEL);
	char *q;

	memset(p, 'S', 64);
	sim_switches.init_on_alloc = true;
	q = krealloc(p, 16, GFP_KERNEL);
	assert_ptr_equal(q, p);
	assert_null(memchr_inv(q, 'S', 16));
	assert_null(memchr_inv(q + 16, 0, ksize(q) - 16));
	kfree(q);
}

static void test_init_on_free_wipes_freed_objects(void **state)
{
	struct kmem_cache *s = make_test_cache("init_free");
	char *keep = kmem_cache_alloc(s, GFP_KERNEL);
	char *p = kmem_cache_alloc(s, GFP_KERNEL);

	sim_switches.init_on_free = true;
	memset(p, 'S', 256);
	kmem_cache_free(s, p);
	/* Only the free pointer may be non-zero in the freed object. */
	*freeptr_addr(s, p) = NULL;
	assert_null(memchr_inv(p, 0, 256));
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

static void test_buckets_keep_their_objects_out_of_kmalloc_slabs(void **state)
{
	kmem_buckets *b = kmem_buckets_create("msg", 0, 0, 256, NULL);
	void *p, *q;

	assert_non_null(b);
	p = kmem_buckets_alloc(b, 40, GFP_KERNEL);
	q = kmalloc(40, GFP_KERNEL);
	assert_string_equal(virt_to_slab(p)->slab_cache->name, "msg-64");
	assert_string_equal(virt_to_slab(q)->slab_cache->name, "kmalloc-64");
	assert_ptr_not_equal(virt_to_slab(p), virt_to_slab(q));
	assert_int_equal(ksize(p), 64);
	kfree(p);
	kfree(q);
	assert_non_null(libslab_find_cache("msg-8k"));
}

/*
 * 6.12's create_kmalloc_caches() makes "kmalloc_buckets" (SLAB_NO_MERGE)
 * and kmem_buckets_create() takes each bucket array from it: the array is
 * no kmalloc object, and a cache of its size does not merge into it.
 */
static void test_bucket_arrays_come_from_their_own_cache(void **state)
{
	kmem_buckets *b = kmem_buckets_create("arr", 0, 0, 0, NULL);
	struct kmem_cache *alike;

	assert_non_null(b);
	assert_string_equal(virt_to_slab(b)->slab_cache->name, "kmalloc_buckets");
	assert_int_equal(virt_to_slab(b)->slab_cache->object_size, sizeof(kmem_buckets));
	alike = kmem_cache_create("alike", sizeof(kmem_buckets), 0, 0, NULL);
	assert_string_equal(kmem_cache_name(alike), "alike");
	kmem_cache_destroy(alike);
	kfree(b);
}

static void test_usercopy_within_the_whitelist_passes(void **state)
{
	struct kmem_cache *s = kmem_cache_create_usercopy("uc_ok", 128, 0, 0,
							  32, 64, NULL);
	char *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(libslab_check_usercopy(p + 32, 64, true), 0);
	assert_int_equal(libslab_check_usercopy(p + 40, 16, false), 0);
	assert_int_equal(report_count(), 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_usercopy_beyond_the_whitelist_is_refused(void **state)
{
	struct kmem_cache *s = kmem_cache_create_usercopy("uc_bad", 128, 0, 0,
							  32, 64, NULL);
	char *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(libslab_check_usercopy(p + 32, 65, true), -EFAULT);
	assert_captured("usercopy: Kernel memory exposure attempt detected from SLUB object 'uc_bad' (offset 32, size 65)!");
	assert_int_equal(libslab_check_usercopy(p, 8, false), -EFAULT);
	assert_captured("usercopy: Kernel memory overwrite attempt detected to SLUB object 'uc_bad' (offset 0, size 8)!");
	assert_int_equal(report_count(), 2);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plain_free_pointers_leak_heap_addresses, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_hardened_free_pointers_are_encoded, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_forged_free_pointer_is_caught_when_hardened, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_shuffled_freelist_hands_out_a_permutation, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_ordered_freelist_without_randomisation, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_init_on_alloc_hides_stale_data, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_krealloc_in_place_zeroes_the_rest_with_init_on_alloc, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_init_on_free_wipes_freed_objects, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_buckets_keep_their_objects_out_of_kmalloc_slabs, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_bucket_arrays_come_from_their_own_cache, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_usercopy_within_the_whitelist_passes, report_setup, stop),
		cmocka_unit_test_setup_teardown(test_usercopy_beyond_the_whitelist_is_refused, report_setup, stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
