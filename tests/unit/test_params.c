// SPDX-License-Identifier: GPL-2.0
/*
 * Boot parameters as the kernel spells them.  The words that set the
 * slabs' layout are taken at start-up only, as 6.12 takes them at boot
 * only: each case that gives one starts the allocator again
 * (libslab_restart()); after start-up they are refused, and told so.
 */
#include <front/restart.h>
#include "harness.h"

static void restore_defaults(void)
{
	assert_int_equal(libslab_restart("slub_min_order=0 slub_max_order=3 slub_min_objects=0 slab_merge"), 0);
}

static struct kmem_cache *make(const char *name, unsigned int size)
{
	struct kmem_cache *s = kmem_cache_create(name, size, 0, 0, NULL);

	assert_non_null(s);
	return s;
}

static void test_slub_min_order_at_start_applies_to_new_caches(void **state)
{
	struct kmem_cache *s;

	assert_int_equal(libslab_restart("slub_min_order=1"), 0);
	s = make("param_min_order", 24);
	assert_int_equal(oo_order(s->oo), 1);
	kmem_cache_destroy(s);
	restore_defaults();
}

/*
 * The kmalloc caches, which start-up creates, take the order too.  6.12's
 * calculate_order() for 64-byte objects with slub_min_order=2 starts at
 * order 2 (12 objects, nr_cpus=2, need only order 0) and keeps it: 16384
 * bytes hold 256 objects without waste.  For 8192 bytes min_objects is
 * cut to the 4 that slub_max_order=3 holds, and get_order(4 * 8192) = 3
 * lies above the minimum: order 3, 4 objects.
 */
static void test_slub_min_order_at_start_sets_the_kmalloc_caches_order(void **state)
{
	struct kmem_cache *k64, *k8192;

	assert_int_equal(libslab_restart("slub_min_order=2"), 0);
	k64 = kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(64)];
	k8192 = kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(8192)];
	assert_int_equal(oo_order(k64->oo), 2);
	assert_int_equal(oo_objects(k64->oo), 256);
	assert_int_equal(oo_order(k8192->oo), 3);
	assert_int_equal(oo_objects(k8192->oo), 4);
	restore_defaults();
	assert_int_equal(oo_order(kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(64)]->oo), 0);
}

/*
 * After start-up a layout word would change the caches made later but
 * not the kmalloc caches: refused, with a message naming it, as the
 * machine's words are once it is up.  Each spelling of each.
 */
static void test_a_layout_word_after_start_up_is_refused_and_named(void **state)
{
	static const char *const words[] = {
		"slub_min_order=2", "slab_min_order=2", "slub_max_order=1",
		"slab_max_order=1", "slub_min_objects=64", "slab_min_objects=64",
	};
	char expect[160];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		capture_start();
		assert_int_equal(libslab_parse_cmdline(words[i]), -EBUSY);
		capture_stop();
		snprintf(expect, sizeof(expect),
			 "libslab: %s: sets the slabs' layout, and the kmalloc caches exist already; ignored\n",
			 words[i]);
		assert_string_equal(captured(), expect);
	}
	assert_int_equal(slub_min_order, 0);
	assert_int_equal(slub_max_order, 3);
	assert_int_equal(slub_min_objects, 0);
}

/* The words that change no slab's layout still apply after start-up, beside a refused one. */
static void test_other_words_after_start_up_still_apply(void **state)
{
	struct kmem_cache *a, *b;

	capture_start();
	assert_int_equal(libslab_parse_cmdline("slub_min_order=1 slab_nomerge"), -EBUSY);
	capture_stop();
	assert_captured("slub_min_order=1: sets the slabs' layout");
	assert_true(slab_nomerge);
	assert_int_equal(slub_min_order, 0);
	a = make("late_nomerge_a", 200);
	b = make("late_nomerge_b", 200);
	assert_ptr_not_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
	assert_int_equal(libslab_parse_cmdline("slab_merge"), 0);
}

static void test_slab_min_order_spelling_is_accepted(void **state)
{
	struct kmem_cache *s;

	assert_int_equal(libslab_restart("slab_min_order=2"), 0);
	s = make("param_slab_min_order", 24);
	assert_int_equal(oo_order(s->oo), 2);
	kmem_cache_destroy(s);
	restore_defaults();
}

static void test_min_order_above_max_raises_max(void **state)
{
	assert_int_equal(libslab_restart("slub_max_order=1 slub_min_order=4"), 0);
	assert_int_equal(slub_max_order, 4);
	restore_defaults();
}

static void test_max_order_below_min_lowers_min(void **state)
{
	assert_int_equal(libslab_restart("slub_min_order=2 slub_max_order=1"), 0);
	assert_int_equal(slub_min_order, 1);
	restore_defaults();
}

static void test_max_order_is_clamped_to_page_allocator_limit(void **state)
{
	assert_int_equal(libslab_restart("slub_max_order=20"), 0);
	assert_int_equal(slub_max_order, MAX_PAGE_ORDER);
	restore_defaults();
}

static void test_slub_max_order_caps_new_caches(void **state)
{
	struct kmem_cache *s;

	assert_int_equal(libslab_restart("slub_max_order=0"), 0);
	s = make("param_max_order", 1000);
	assert_int_equal(oo_order(s->oo), 0);
	assert_int_equal(oo_objects(s->oo), 4);
	kmem_cache_destroy(s);
	restore_defaults();
}

static void test_slub_min_objects_applies_to_new_caches(void **state)
{
	struct kmem_cache *s;

	assert_int_equal(libslab_restart("slub_min_objects=64"), 0);
	s = make("param_min_objects", 256);
	assert_int_equal(oo_order(s->oo), 2);
	kmem_cache_destroy(s);
	restore_defaults();
}

static void test_slab_nomerge_param_prevents_merging(void **state)
{
	struct kmem_cache *a, *b;

	assert_int_equal(libslab_parse_cmdline("slab_nomerge"), 0);
	a = make("nomerge_a", 200);
	b = make("nomerge_b", 200);
	assert_ptr_not_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
	restore_defaults();
}

static void test_slab_merge_param_restores_merging(void **state)
{
	struct kmem_cache *a, *b;

	assert_int_equal(libslab_parse_cmdline("slab_nomerge slab_merge"), 0);
	a = make("merge_a", 200);
	b = make("merge_b", 200);
	assert_ptr_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
	restore_defaults();
}

static void test_malformed_value_is_rejected(void **state)
{
	capture_start();
	assert_int_equal(libslab_restart("slub_min_order=abc"), -EINVAL);
	capture_stop();
	assert_captured("malformed boot parameter 'slub_min_order=abc'");
	assert_int_equal(slub_min_order, 0);
}

static void test_other_subsystems_parameters_are_ignored(void **state)
{
	assert_int_equal(libslab_parse_cmdline("quiet root=/dev/vda1 nr_cpus=2"), 0);
	assert_int_equal(libslab_parse_cmdline(""), 0);
	assert_int_equal(libslab_parse_cmdline(NULL), 0);
}

static void test_valid_words_apply_beside_a_malformed_one(void **state)
{
	capture_start();
	assert_int_equal(libslab_restart("slub_min_objects=x slub_max_order=2"), -EINVAL);
	capture_stop();
	assert_int_equal(slub_max_order, 2);
	restore_defaults();
}

/* Words are cut as the kernel cuts its command line: at any blank, a value's quotes dropped. */
static void test_words_are_split_as_the_kernel_splits_them(void **state)
{
	assert_int_equal(libslab_restart("\tslub_min_order=\"2\"\nslab_nomerge\r"), 0);
	assert_int_equal(slub_min_order, 2);
	assert_true(slab_nomerge);
	restore_defaults();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slub_min_order_at_start_applies_to_new_caches),
		cmocka_unit_test(test_slub_min_order_at_start_sets_the_kmalloc_caches_order),
		cmocka_unit_test(test_a_layout_word_after_start_up_is_refused_and_named),
		cmocka_unit_test(test_other_words_after_start_up_still_apply),
		cmocka_unit_test(test_slab_min_order_spelling_is_accepted),
		cmocka_unit_test(test_min_order_above_max_raises_max),
		cmocka_unit_test(test_max_order_below_min_lowers_min),
		cmocka_unit_test(test_max_order_is_clamped_to_page_allocator_limit),
		cmocka_unit_test(test_slub_max_order_caps_new_caches),
		cmocka_unit_test(test_slub_min_objects_applies_to_new_caches),
		cmocka_unit_test(test_slab_nomerge_param_prevents_merging),
		cmocka_unit_test(test_slab_merge_param_restores_merging),
		cmocka_unit_test(test_malformed_value_is_rejected),
		cmocka_unit_test(test_other_subsystems_parameters_are_ignored),
		cmocka_unit_test(test_valid_words_apply_beside_a_malformed_one),
		cmocka_unit_test(test_words_are_split_as_the_kernel_splits_them),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
