/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers of the cmocka suites: a printk capture, so tests can
 * assert on the kernel-format reports, and counts taken from the
 * allocator's own accounting.
 */
#ifndef LIBSLAB_TESTS_HARNESS_H
#define LIBSLAB_TESTS_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <sim/page_alloc.h>
#include <sim/printk.h>
#include <sim/cpu.h>
#include "slab.h"
#include "slab_test.h"

/* Start collecting printk output (and stop echoing it to stderr). */
void capture_start(void);
/* Stop collecting; the text stays readable through captured(). */
void capture_stop(void);
/* Everything printed since capture_start(). */
const char *captured(void);
/* Assert that the captured output contains text. */
#define assert_captured(text)						\
	do {								\
		if (!strstr(captured(), (text)))			\
			fail_msg("output lacks \"%s\"; got:\n%s", (text),	\
				 captured());				\
	} while (0)
/* Assert that the captured output does not contain text. */
#define assert_not_captured(text)					\
	do {								\
		if (strstr(captured(), (text)))				\
			fail_msg("output has \"%s\"; got:\n%s", (text),	\
				 captured());				\
	} while (0)

/*
 * End the case as skipped, printing "SKIP: <reason>" first: cmocka's
 * "[  SKIPPED ]" line gives none, and tests/run-all.sh shows the reason
 * beside the case (tests/tools/stage_counts.py).
 */
#define skip_because(reason)						\
	do {								\
		print_message("SKIP: %s\n", reason);			\
		skip();							\
	} while (0)

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

/*
 * cmocka setup/teardown for tests that expect reports: run on CPU 0,
 * capture printk, count error events from the setup on (report_count()),
 * and forget the WARN and level counters at the end.
 */
int report_setup(void **state);
int report_teardown(void **state);
/* Error events (libslab_error_count()) since report_setup() or report_recount(). */
unsigned long report_count(void);
/* Count error events from now on. */
void report_recount(void);

/* Start a shared case's report scope: report_setup() until the case ends. */
void slab_reports_open(void);
/* Every shared case's teardown: closes its report scope, if it opened one. */
int slab_case_teardown(void **state);

/* cmocka setup/teardown that fail a test leaving WARNs or reports behind. */
int expect_clean_setup(void **state);
int expect_clean_teardown(void **state);

/*
 * Run tests as one cmocka group, as cmocka_run_group_tests() does, and
 * count a failed group setup or teardown as one more failure.  cmocka
 * 1.1.5 prints "GROUP TEARDOWN" failed yet leaves it out of the count it
 * returns, so a suite whose group teardown is expect_clean_teardown()
 * would exit 0 with WARNs behind it.  Every group with a teardown runs
 * here (tests/lint/group_runner_lint.py refuses cmocka's runner with one).
 */
int slab_run_group_tests(const char *group_name, const struct CMUnitTest *tests,
			 size_t count, CMFixtureFunction group_setup,
			 CMFixtureFunction group_teardown);
#define slab_run_group(tests, group_setup, group_teardown)			\
	slab_run_group_tests(#tests, tests, ARRAY_SIZE(tests), group_setup,	\
			     group_teardown)

#endif
