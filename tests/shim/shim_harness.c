// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <linux/seq_file.h>
#include "shim_harness.h"

static struct seq_file capture_buf;

static void capture_sink(const char *text, void *arg)
{
	seq_puts(arg, text);
}

void capture_start(void)
{
	seq_file_release(&capture_buf);
	seq_file_init_buffer(&capture_buf);
	seq_puts(&capture_buf, "");
	printk_set_sink(capture_sink, &capture_buf);
}

void capture_stop(void)
{
	printk_set_sink(NULL, NULL);
}

const char *captured(void)
{
	return capture_buf.buf ? capture_buf.buf : "";
}

/* Messages at KERN_EMERG (0) to KERN_ERR (3). */
static unsigned long printed_errors(void)
{
	unsigned long n = 0;

	for (int level = 0; level <= 3; level++)
		n += sim_printk_count(level);
	return n;
}

static unsigned long (*count_errors)(void) = printed_errors;

void harness_count_errors_with(unsigned long (*count)(void))
{
	count_errors = count;
}

static unsigned long report_base;

int report_setup(void **state)
{
	sim_set_cpu(0);
	report_recount();
	/* Reports read "Not tainted" until the test's first one taints. */
	sim_taint_reset();
	capture_start();
	return 0;
}

int report_teardown(void **state)
{
	capture_stop();
	sim_printk_reset_counts();
	return 0;
}

unsigned long report_count(void)
{
	return count_errors() - report_base;
}

void report_recount(void)
{
	report_base = count_errors();
}

static unsigned long warns_before, errors_before;

int expect_clean_setup(void **state)
{
	warns_before = sim_warn_count();
	errors_before = count_errors();
	return 0;
}

int expect_clean_teardown(void **state)
{
	capture_stop();
	if (sim_warn_count() != warns_before ||
	    count_errors() != errors_before) {
		fprintf(stderr, "test left %lu WARNs and %lu reports\n",
			sim_warn_count() - warns_before,
			count_errors() - errors_before);
		return -1;
	}
	return 0;
}

/* The fixtures of the group slab_run_group_tests() runs, and how they ended. */
static CMFixtureFunction group_setup_fn, group_teardown_fn;
static bool group_setup_passed, group_teardown_passed;

/* A fixture that fails an assertion never returns: passed stays false. */
static int group_setup_recorded(void **state)
{
	int ret = group_setup_fn(state);

	group_setup_passed = ret == 0;
	return ret;
}

static int group_teardown_recorded(void **state)
{
	int ret = group_teardown_fn(state);

	group_teardown_passed = ret == 0;
	return ret;
}

int slab_run_group_tests(const char *group_name, const struct CMUnitTest *tests,
			 size_t count, CMFixtureFunction group_setup,
			 CMFixtureFunction group_teardown)
{
	struct CMUnitTest *cases = calloc(count, sizeof(*cases));
	int failed;

	assert_non_null(cases);
	memcpy(cases, tests, count * sizeof(*cases));
	/*
	 * A case that resets the console counts (report_teardown()) would hide
	 * an earlier case's WARN from the group teardown, so a clean group
	 * checks each case that has no fixtures of its own as well.
	 */
	if (group_teardown == expect_clean_teardown) {
		for (size_t i = 0; i < count; i++) {
			if (cases[i].setup_func || cases[i].teardown_func)
				continue;
			cases[i].setup_func = expect_clean_setup;
			cases[i].teardown_func = expect_clean_teardown;
		}
	}
	group_setup_fn = group_setup;
	group_teardown_fn = group_teardown;
	group_setup_passed = group_teardown_passed = false;
	failed = _cmocka_run_group_tests(
		group_name, cases, count,
		group_setup ? group_setup_recorded : NULL,
		group_teardown ? group_teardown_recorded : NULL);
	free(cases);
	if (group_setup && !group_setup_passed)
		failed++;
	else if (group_teardown && !group_teardown_passed)
		failed++;
	return failed;
}
