// SPDX-License-Identifier: GPL-2.0
/*
 * The layout of debugged kmalloc caches, each value worked out by hand
 * from 6.12's create_boot_cache() (alignment) and calculate_sizes() /
 * calculate_order() in mm/slub.c (size, offsets, objects).  The suite runs
 * with nr_cpus=2 (12 minimum objects) and
 * slub_debug=Z,kmalloc-64,kmalloc-96;FZU,kmalloc-8.
 */
#include <stdlib.h>
#include "harness.h"

static struct kmem_cache *kmalloc_cache(unsigned int idx)
{
	return kmalloc_caches[KMALLOC_NORMAL][idx];
}

/* The sysfs value of attr of s, as a number. */
static unsigned long sysfs_number(struct kmem_cache *s, const char *attr)
{
	char buf[64];

	assert_true(libslab_sysfs_show(s, attr, buf, sizeof(buf)) > 0);
	return strtoul(buf, NULL, 10);
}

/*
 * kmalloc-64 with red zones: 6.12 create_boot_cache() aligns it to 64, so
 * calculate_sizes() gives 64 + 8 (right red zone) = 72 in use, the free
 * pointer in the middle (offset 32), + 8 padding + 64 left red zone = 144,
 * aligned to 192; calculate_order(): order 0, 4096 / 192 = 21 objects.
 */
static void test_red_zoned_kmalloc_64_keeps_natural_alignment(void **state)
{
	struct kmem_cache *s = kmalloc_cache(6);
	void *p[4];
	int i;

	assert_string_equal(s->name, "kmalloc-64");
	assert_int_equal(s->align, 64);
	assert_int_equal(sysfs_number(s, "align"), 64);
	assert_int_equal(s->inuse, 72);
	assert_int_equal(s->offset, 32);
	assert_int_equal(s->red_left_pad, 64);
	assert_int_equal(s->size, 192);
	assert_int_equal(sysfs_number(s, "slab_size"), 192);
	assert_int_equal(oo_order(s->oo), 0);
	assert_int_equal(oo_objects(s->oo), 21);
	assert_int_equal(sysfs_number(s, "objs_per_slab"), 21);
	for (i = 0; i < 4; i++) {
		p[i] = kmalloc(64, GFP_KERNEL);
		assert_non_null(p[i]);
		assert_int_equal((unsigned long)p[i] % 64, 0);
	}
	for (i = 0; i < 4; i++)
		kfree(p[i]);
}

/*
 * kmalloc-96: 6.12 create_boot_cache() aligns to 32 (96 = 3 * 32);
 * calculate_sizes(): 104 in use, offset 48, + 8 + 32 left red zone = 144,
 * aligned to 160; order 0 with 4096 / 160 = 25 objects.
 */
static void test_red_zoned_kmalloc_96_is_32_aligned(void **state)
{
	struct kmem_cache *s = kmalloc_cache(1);
	void *p = kmalloc(96, GFP_KERNEL);

	assert_string_equal(s->name, "kmalloc-96");
	assert_int_equal(s->align, 32);
	assert_int_equal(s->inuse, 104);
	assert_int_equal(s->offset, 48);
	assert_int_equal(s->red_left_pad, 32);
	assert_int_equal(s->size, 160);
	assert_int_equal(oo_objects(s->oo), 25);
	assert_int_equal((unsigned long)p % 32, 0);
	kfree(p);
}

/*
 * kmalloc-8 with checks, red zones and user tracking keeps the requested
 * size.
 * 6.12 calculate_sizes(): 8 + 8 (right red zone) = 16 in use; the free
 * pointer moves out of the object (red zone with slub_debug_orig_size())
 * to offset 16; + 2 tracks of 32 bytes + an unsigned long orig_size = 96;
 * + 8 padding + 8 left red zone = 112 (8-aligned); calculate_order():
 * order 0, 4096 / 112 = 36 objects.
 */
static void test_tracked_kmalloc_8_keeps_orig_size_in_a_word(void **state)
{
	struct kmem_cache *s = kmalloc_cache(3);

	assert_string_equal(s->name, "kmalloc-8");
	assert_int_equal(sizeof(struct track), 32);
	assert_int_equal(s->align, 8);
	assert_int_equal(s->inuse, 16);
	assert_int_equal(s->offset, 16);
	assert_int_equal(s->red_left_pad, 8);
	assert_int_equal(s->size, 112);
	assert_int_equal(oo_order(s->oo), 0);
	assert_int_equal(oo_objects(s->oo), 36);
}

/*
 * The kmalloc red zone of kmalloc-8 runs from the requested size to the
 * end of the object (6.12 check_object()): filling the request is clean,
 * one byte more is reported, and the free pointer outside the object is
 * never what the report is about.
 */
static void test_tracked_kmalloc_8_red_zone_starts_at_the_request(void **state)
{
	unsigned char *p = kmalloc(5, GFP_KERNEL);
	unsigned char *q = kmalloc(5, GFP_KERNEL);

	assert_string_equal(virt_to_slab(p)->slab_cache->name, "kmalloc-8");
	memset(p, 0x11, 5);
	kfree(p);
	assert_int_equal(report_count(), 0);
	memset(q, 0x22, 6);
	kfree(q);
	assert_captured("[kmalloc Redzone overwritten]");
	assert_true(report_count() > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_red_zoned_kmalloc_64_keeps_natural_alignment),
		cmocka_unit_test(test_red_zoned_kmalloc_96_is_32_aligned),
		cmocka_unit_test(test_tracked_kmalloc_8_keeps_orig_size_in_a_word),
	};
	const struct CMUnitTest reports[] = {
		cmocka_unit_test_setup_teardown(test_tracked_kmalloc_8_red_zone_starts_at_the_request,
						report_setup, report_teardown),
	};

	return slab_run_group(tests, expect_clean_setup,
			      expect_clean_teardown) +
	       cmocka_run_group_tests(reports, NULL, NULL);
}
