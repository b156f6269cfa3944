/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers of the allocator's cmocka suites: the shim's harness
 * (tests/shim/shim_harness.h: printk capture, clean and report fixtures, the
 * group runner), with the allocator's reports counted as its errors, and
 * counts taken from the allocator's own accounting.
 */
#ifndef LIBSLAB_TESTS_HARNESS_H
#define LIBSLAB_TESTS_HARNESS_H

#include "shim/shim_harness.h"

#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <sim/page_alloc.h>
#include "slab.h"
#include "slab_test.h"

/* Objects per slab of make_test_cache() caches. */
#define TEST_PER_SLAB	16
/* A never-merged cache of 256-byte objects, TEST_PER_SLAB per order-0 slab. */
struct kmem_cache *make_test_cache(const char *name);


/*
 * A walk of the whole simulated page allocator, taken while nothing else
 * runs, after every cache was flushed and RCU callbacks have run.  Every
 * slab folio's free chain is followed (full slabs included), so objects
 * and slabs are counted without trusting the allocator's counters, then
 * compared with them.
 */
#define CENSUS_MAX_CACHES	512
struct page_census {
	unsigned long slab_folios;
	unsigned long slab_pages;
	unsigned long other_pages;	/* in use and not a slab */
	unsigned long orphan_slabs;	/* slab folios of no live cache */
	unsigned long bad_slabs;	/* frozen, or a broken free chain */
	unsigned long counter_mismatches; /* caches whose counters disagree */
	unsigned int nr_caches;
	struct census_cache {
		struct kmem_cache *s;
		unsigned long slabs;
		unsigned long objects;
		unsigned long inuse;
	} caches[CENSUS_MAX_CACHES];
};

/* Walk every page; problems are printed as they are found. */
void page_census(struct page_census *census);
/* The census entry of s, or NULL if s had no slab and no counter. */
const struct census_cache *census_of(const struct page_census *census,
				     const struct kmem_cache *s);
/*
 * Assert that after is whole (no orphan or broken slab, every counter
 * right) and holds what before held: the same pages outside slabs and
 * the same objects in use in every cache before knew.
 */
void assert_census_back_to(const struct page_census *before,
			   const struct page_census *after);

/* Start a shared case's report scope: report_setup() until the case ends. */
void slab_reports_open(void);
/* Every shared case's teardown: closes its report scope, if it opened one. */
int slab_case_teardown(void **state);

#endif
