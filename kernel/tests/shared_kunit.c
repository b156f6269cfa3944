// SPDX-License-Identifier: GPL-2.0
/*
 * shared_kunit.c - the KUnit side of the shared test cases' contract
 * (slab_test.h): the libslab_kmalloc, libslab_cache and libslab_debug
 * suites run the same case files as the userspace cmocka suites.
 *
 * Built with libslab_prelude.h force-included, so the allocator names in
 * the cases are libslab's (lslab_) ones.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>
#include "../slab.h"
#include "slab_test.h"

/* A case's helpers check too, so every check finds its test itself. */
#define slab_test_ctx()			kunit_get_current_test()

#define SLAB_TEST(name)			static void name(struct kunit *test)
#define SLAB_TEST_TABLE(name)		static struct kunit_case name[]
#define SLAB_CASE(name)			KUNIT_CASE(name)
#define SLAB_TEST_TABLE_END		{}

#define slab_assert(cond)		KUNIT_ASSERT_TRUE(slab_test_ctx(), cond)
#define slab_assert_eq(a, b)		KUNIT_ASSERT_EQ(slab_test_ctx(), a, b)
#define slab_assert_ge(a, b)		KUNIT_ASSERT_GE(slab_test_ctx(), a, b)
#define slab_assert_ptr_eq(a, b)	\
	KUNIT_ASSERT_PTR_EQ(slab_test_ctx(), (const void *)(a), (const void *)(b))
#define slab_assert_ptr_ne(a, b)	\
	KUNIT_ASSERT_PTR_NE(slab_test_ctx(), (const void *)(a), (const void *)(b))
#define slab_assert_null(p)		KUNIT_ASSERT_NULL(slab_test_ctx(), p)
#define slab_assert_not_null(p)		KUNIT_ASSERT_NOT_NULL(slab_test_ctx(), p)
#define slab_assert_str_eq(a, b)	KUNIT_ASSERT_STREQ(slab_test_ctx(), a, b)
#define slab_assert_mem_eq(a, b, n)	KUNIT_ASSERT_MEMEQ(slab_test_ctx(), a, b, n)
#define slab_fail(...)			KUNIT_FAIL_AND_ABORT(slab_test_ctx(), __VA_ARGS__)
#define slab_skip(reason)		kunit_skip(slab_test_ctx(), reason)

/* The listings the cases read are far below this. */
#define SLAB_TEST_SEQ_SIZE	SZ_256K

static void slab_seq_open(struct seq_file *m)
{
	memset(m, 0, sizeof(*m));
	m->buf = vzalloc(SLAB_TEST_SEQ_SIZE);
	slab_assert_not_null(m->buf);
	m->size = SLAB_TEST_SEQ_SIZE;
}

static void slab_seq_close(struct seq_file *m)
{
	vfree(m->buf);
	m->buf = NULL;
}

static unsigned long slab_reports_base;

static void slab_reports_close(void *unused)
{
	pr_info("libslab: expected report end\n");
}

static void slab_reports_begin(void)
{
	slab_reports_base = libslab_error_count();
	pr_info("libslab: expected report begin\n");
	KUNIT_ASSERT_EQ(slab_test_ctx(),
			kunit_add_action(slab_test_ctx(), slab_reports_close, NULL), 0);
}

#define slab_reports_counted()		(libslab_error_count() - slab_reports_base)
/* printk cannot be read back here: a report with text must have been counted. */
#define slab_assert_reported(text)					\
	KUNIT_ASSERT_GE_MSG(slab_test_ctx(), slab_reports_counted(), 1,	\
			    "no report counted (expected \"%s\")", text)

#include "kmalloc_cases.h"
#include "cache_cases.h"
#include "debug_cases.h"

static struct kunit_suite libslab_kmalloc_suite = {
	.name = "libslab_kmalloc",
	.test_cases = kmalloc_cases,
};

static struct kunit_suite libslab_cache_suite = {
	.name = "libslab_cache",
	.test_cases = cache_cases,
};

static struct kunit_suite libslab_debug_suite = {
	.name = "libslab_debug",
	.test_cases = debug_cases,
};

kunit_test_suites(&libslab_kmalloc_suite, &libslab_cache_suite,
		  &libslab_debug_suite);
