/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The contract between the shared test cases (the *_cases.h files) and
 * the two harnesses that run them: cmocka in userspace
 * (tests/shared_cmocka.h) and KUnit in the kernel
 * (kernel/tests/shared_kunit.c).  A harness defines, before including
 * any case file:
 *
 *   SLAB_TEST(name)              the head of a test case function
 *   SLAB_TEST_TABLE(name)        the head of a case table's definition
 *   SLAB_CASE(name)              one entry of a table
 *   SLAB_TEST_TABLE_END          the entry that ends a table
 *   slab_assert(cond)            each check ends the case when it fails
 *   slab_assert_eq(a, b)         integers
 *   slab_assert_ge(a, b)
 *   slab_assert_ptr_eq(a, b), slab_assert_ptr_ne(a, b)
 *   slab_assert_null(p), slab_assert_not_null(p)
 *   slab_assert_str_eq(a, b)
 *   slab_assert_mem_eq(a, b, n)
 *   slab_fail(fmt, ...)          fail with a message
 *   slab_skip(reason)            end the case as skipped
 *   slab_seq_open(m), slab_seq_close(m)
 *                                a struct seq_file writing to a buffer
 *   slab_reports_begin()         from here to the end of the case, slab
 *                                reports are expected (counted, and kept
 *                                out of the console checks)
 *   slab_reports_counted()       error events since slab_reports_begin()
 *   slab_assert_reported(text)   a report since then said text: the
 *                                printk text the case's calls printed
 *                                (cmocka: the shim's printk sink; KUnit:
 *                                the printk:console tracepoint), where a
 *                                BUG line's "Not tainted" stands for the
 *                                kernel's taint field, which KUnit's own
 *                                taint and earlier reports may fill
 *   slab_assert_not_reported(text)
 *                                no report since then said text
 *
 * and the case files may use everything of <linux/slab_api.h> and the
 * core's slab.h.  Each case file ends with the table of its cases, which
 * the harness runs as one suite (KUnit) or group (cmocka).
 */
#ifndef LIBSLAB_TESTS_SLAB_TEST_H
#define LIBSLAB_TESTS_SLAB_TEST_H

/* The cache an object of a slab lives in. */
static inline struct kmem_cache *slab_test_cache_of(const void *object)
{
	return folio_slab(virt_to_folio(object))->slab_cache;
}

/* count(s, node) added up over every node. */
static inline unsigned long slab_test_sum_nodes(struct kmem_cache *s,
						unsigned long (*count)(struct kmem_cache *, int))
{
	unsigned long total = 0;
	int node;

	for (node = 0; node < nr_node_ids; node++)
		total += count(s, node);
	return total;
}

/* Partial slabs of s on every node. */
static inline unsigned long slab_test_nr_partial(struct kmem_cache *s)
{
	return slab_test_sum_nodes(s, libslab_node_nr_partial);
}

/* Slabs of s on every node. */
static inline unsigned long slab_test_nr_slabs(struct kmem_cache *s)
{
	return slab_test_sum_nodes(s, libslab_node_nr_slabs);
}

#endif
