/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The harness of the shim's own cmocka suites: a printk capture, so a
 * test can assert on kernel-format output, fixtures that fail a test
 * leaving WARNs or errors behind, and a group runner that counts a failed
 * group fixture.  It reads only the shim's headers, never the core's
 * (src/), so the shim is tested as its own layer; the allocator's suites
 * use ../harness.h, which builds on this one.
 */
#ifndef LIBSLAB_SHIM_SHIM_HARNESS_H
#define LIBSLAB_SHIM_SHIM_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <linux/kernel.h>
#include <sim/cpu.h>
#include <sim/printk.h>

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

/*
 * The error events that report_count() and expect_clean_teardown()
 * count.  Here: messages printed at KERN_ERR or more urgent.  A harness
 * of a higher layer counts its own instead (../harness.c: the
 * allocator's reports, some of which are not printed).
 */
void harness_count_errors_with(unsigned long (*count)(void));

/*
 * cmocka setup/teardown for tests that expect reports: run on CPU 0,
 * capture printk, count error events from the setup on (report_count()),
 * and forget the WARN and level counters at the end.
 */
int report_setup(void **state);
int report_teardown(void **state);
/* Error events since report_setup() or report_recount(). */
unsigned long report_count(void);
/* Count error events from now on. */
void report_recount(void);

/* cmocka setup/teardown that fail a test leaving WARNs or errors behind. */
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
