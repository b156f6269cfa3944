// SPDX-License-Identifier: GPL-2.0
/*
 * The cases of Linux 6.12 lib/slub_kunit.c, each with the kernel's intent
 * and the number of error events the kernel's KUnit suite expects
 * (libslab_error_count() counts events where slab_add_kunit_errors() does).
 * Like the kernel's, the test caches ignore slub_debug= (SLAB_NO_USER_FLAGS).
 */
#include <linux/rcupdate.h>
#include "harness.h"

/* The kernel suite's name for the event count. */
#define slab_errors()	report_count()

static struct kmem_cache *test_cache(const char *name, unsigned int size,
				     slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_create(name, size, 0,
						 flags | SLAB_NO_USER_FLAGS,
						 NULL);

	assert_non_null(s);
	return s;
}

static void test_clobber_zone(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_RZ_alloc", 64, SLAB_RED_ZONE);
	u8 *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[64] = 0x12;
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_next_pointer(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_next_ptr_free", 64, SLAB_POISON);
	u8 *p = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned long *ptr_addr, tmp;

	kmem_cache_free(s, p);
	ptr_addr = (unsigned long *)(p + s->offset);
	tmp = *ptr_addr;
	p[s->offset] = ~p[s->offset];

	/* The corrupt chain, the wrong in-use count, and its repair. */
	libslab_validate(s);
	assert_int_equal(slab_errors(), 3);

	/* With the pointer back, the count repaired before is wrong again. */
	*ptr_addr = tmp;
	report_recount();
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);

	/* Now everything agrees. */
	report_recount();
	libslab_validate(s);
	assert_int_equal(slab_errors(), 0);
	kmem_cache_destroy(s);
}

static void test_first_word(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_1th_word_free", 64, SLAB_POISON);
	u8 *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	*p = 0x78;
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);
	kmem_cache_destroy(s);
}

static void test_clobber_50th_byte(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_50th_word_free", 64, SLAB_POISON);
	u8 *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	p[50] = 0x9a;
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);
	kmem_cache_destroy(s);
}

static void test_clobber_redzone_free(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_RZ_free", 64, SLAB_RED_ZONE);
	u8 *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	p[64] = 0xab;
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);
	kmem_cache_destroy(s);
}

static void test_kmalloc_redzone_access(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_RZ_kmalloc", 32,
					  SLAB_KMALLOC | SLAB_STORE_USER |
					  SLAB_RED_ZONE);
	u8 *p = __kmalloc_cache_noprof(s, GFP_KERNEL, 18);

	p[18] = 0xab;
	p[19] = 0xab;
	libslab_validate(s);
	assert_int_equal(slab_errors(), 2);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

struct test_kfree_rcu_struct {
	struct rcu_head rcu;
};

static void test_kfree_rcu(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_kfree_rcu",
					  sizeof(struct test_kfree_rcu_struct),
					  SLAB_NO_MERGE);
	struct test_kfree_rcu_struct *p = kmem_cache_alloc(s, GFP_KERNEL);

	kfree_rcu(p, rcu);
	kmem_cache_destroy(s);
	assert_int_equal(slab_errors(), 0);
}

static void test_leak_destroy(void **state)
{
	struct kmem_cache *s = test_cache("TestSlub_leak_destroy", 64, SLAB_NO_MERGE);

	kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_destroy(s);
	/* The report and the one object it lists. */
	assert_int_equal(slab_errors(), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_clobber_zone, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_next_pointer, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_first_word, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_clobber_50th_byte, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_clobber_redzone_free, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_kmalloc_redzone_access, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_kfree_rcu, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_leak_destroy, report_setup, report_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
