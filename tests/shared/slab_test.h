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
#ifndef LIBSLAB_SHARED_SLAB_TEST_H
#define LIBSLAB_SHARED_SLAB_TEST_H

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

/*
 * KFENCE kept out of s, as lib/slub_kunit.c keeps it out of its own
 * caches.  A kernel that samples with KFENCE (the x86_64 replacement boot)
 * now and then hands out an object of KFENCE's pool instead: as in 6.12,
 * it lies on no slab of s, its ksize() is the size asked and its
 * constructor runs for it alone, so a case that counts, sizes or places
 * s's objects sets this first.  SLAB_SKIP_KFENCE is 0 where KFENCE is not
 * built (userspace, the other boots).
 */
static inline void slab_test_skip_kfence(struct kmem_cache *s)
{
	s->flags |= SLAB_SKIP_KFENCE;
}

/* The kmalloc caches that had SLAB_SKIP_KFENCE already, one bit per index. */
struct slab_test_kfence_saved {
	unsigned long had[NR_KMALLOC_TYPES];
};

/*
 * KFENCE kept out of every kmalloc cache while a suite that checks their
 * geometry runs, as writing 1 to /sys/kernel/slab/<cache>/skip_kfence
 * does; slab_test_kmalloc_let_kfence_back() clears the flag again where
 * it was clear.
 */
static inline void slab_test_kmalloc_skip_kfence(struct slab_test_kfence_saved *saved)
{
	int type, i;

	BUILD_BUG_ON(KMALLOC_SHIFT_HIGH >= BITS_PER_LONG);
	for (type = 0; type < NR_KMALLOC_TYPES; type++) {
		saved->had[type] = 0;
		for (i = 0; i <= KMALLOC_SHIFT_HIGH; i++) {
			struct kmem_cache *s = kmalloc_caches[type][i];

			if (!s)
				continue;
			if (s->flags & SLAB_SKIP_KFENCE)
				saved->had[type] |= 1UL << i;
			slab_test_skip_kfence(s);
		}
	}
}

static inline void slab_test_kmalloc_let_kfence_back(const struct slab_test_kfence_saved *saved)
{
	int type, i;

	for (type = 0; type < NR_KMALLOC_TYPES; type++)
		for (i = 0; i <= KMALLOC_SHIFT_HIGH; i++) {
			struct kmem_cache *s = kmalloc_caches[type][i];

			if (s && !(saved->had[type] & (1UL << i)))
				s->flags &= ~SLAB_SKIP_KFENCE;
		}
}

#endif
