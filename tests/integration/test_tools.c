// SPDX-License-Identifier: GPL-2.0
/*
 * Object-granular reports from the tools (slub_tool_poison=on): a child
 * process misuses a slab object and its report from valgrind's memcheck,
 * or from AddressSanitizer in an ASan build, names the misuse.  The child
 * is this program run with a scenario name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "harness.h"

/* ---- the child: one misuse each ---- */

/* A constructor's writes, as the radix tree's node constructor makes them. */
static void fill_object(void *object)
{
	memset(object, 0x5a, 64);
}

/* Kept out of line, so that the report's stack names it at any -O. */
static noinline int scenario(const char *name)
{
	volatile char *p;
	struct kmem_cache *s;
	char c;

	if (!strcmp(name, "use_after_free")) {
		p = kmalloc(64, GFP_KERNEL);
		kfree((void *)p);
		p[10] = 1;
	} else if (!strcmp(name, "past_the_request")) {
		p = kmalloc(40, GFP_KERNEL);	/* a 64-byte object */
		c = p[44];
		(void)c;
		kfree((void *)p);
	} else if (!strcmp(name, "uninitialised")) {
		s = kmem_cache_create("tool_uninit", 64, 0, 0, NULL);
		p = kmem_cache_alloc(s, GFP_KERNEL);
		if (p[5] == 7)
			puts("seven");
		kmem_cache_free(s, (void *)p);
		kmem_cache_destroy(s);
	} else if (!strcmp(name, "zeroed_odd_sizes")) {
		/* 100 and 40 bytes: objects of 128 and 64, zeroed whole. */
		p = kzalloc(100, GFP_KERNEL);
		p[99] = p[0] + 1;
		kfree((void *)p);
		p = kmalloc(40, GFP_KERNEL | __GFP_ZERO);
		p[39] = p[0] + 1;
		kfree((void *)p);
	} else if (!strcmp(name, "past_a_zeroed_request")) {
		p = kzalloc(100, GFP_KERNEL);	/* a 128-byte object */
		c = p[110];
		(void)c;
		kfree((void *)p);
	} else if (!strcmp(name, "constructor")) {
		s = kmem_cache_create("tool_ctor", 64, 0, 0, fill_object);
		p = kmem_cache_alloc(s, GFP_KERNEL);
		if (p[63] != 0x5a)
			return 1;
		kmem_cache_free(s, (void *)p);
		kmem_cache_destroy(s);
	} else if (!strcmp(name, "clean")) {
		p = kzalloc(64, GFP_KERNEL);
		p[63] = p[0] + 1;
		kfree((void *)p);
		p = kmalloc(100, GFP_KERNEL);
		p = krealloc((void *)p, 300, GFP_KERNEL);
		kfree((void *)p);
	}
	return 0;
}

/* ---- the parent ---- */

static const char *program_path;

#if defined(__SANITIZE_ADDRESS__)
#define TOOL_PREFIX	""
#define TOOL_NAME	"ASan"
#elif defined(VALGRIND_PATH) && !defined(__SANITIZE_THREAD__) && !defined(LIBSLAB_DRD)
#define TOOL_PREFIX	VALGRIND_PATH " --error-exitcode=9 -q "
#define TOOL_NAME	"memcheck"
#endif

#ifdef TOOL_NAME
static char report[65536];

/*
 * Run the child on name under the tool, with params added to its command
 * line; its exit status, report[] its output.
 */
static int run_child_with(const char *name, const char *params)
{
	char cmd[1024];
	size_t n = 0, got;
	FILE *f;

	snprintf(cmd, sizeof(cmd),
		 "LIBSLAB_CMDLINE='nr_cpus=1 slub_tool_poison=on %s' %s%s %s 2>&1",
		 params, TOOL_PREFIX, program_path, name);
	f = popen(cmd, "r");
	assert_non_null(f);
	while ((got = fread(report + n, 1, sizeof(report) - 1 - n, f)) > 0)
		n += got;
	report[n] = '\0';
	return pclose(f);
}

static int run_child(const char *name)
{
	return run_child_with(name, "");
}
#endif

#ifndef TOOL_NAME
static void no_tool(void **state)
{
	skip_because("no tool to run the children under (valgrind not found at configure time, or a sanitizer build)");
}
#define NEEDS_TOOL()	no_tool(state)
#else
#define NEEDS_TOOL()	do { } while (0)
#endif

static void test_write_after_free_is_reported_by_the_tool(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	assert_int_not_equal(run_child("use_after_free"), 0);
#if defined(__SANITIZE_ADDRESS__)
	assert_non_null(strstr(report, "AddressSanitizer: use-after-poison"));
	assert_non_null(strstr(report, "WRITE of size 1"));
#else
	assert_non_null(strstr(report, "Invalid write of size 1"));
#endif
	assert_non_null(strstr(report, "scenario"));
#endif
}

static void test_read_past_the_requested_size_is_reported_by_the_tool(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	assert_int_not_equal(run_child("past_the_request"), 0);
#if defined(__SANITIZE_ADDRESS__)
	assert_non_null(strstr(report, "AddressSanitizer: use-after-poison"));
	assert_non_null(strstr(report, "READ of size 1"));
#else
	assert_non_null(strstr(report, "Invalid read of size 1"));
#endif
#endif
}

static void test_read_of_uninitialised_object_memory_is_reported_by_memcheck(void **state)
{
	NEEDS_TOOL();
#if defined(TOOL_NAME) && !defined(__SANITIZE_ADDRESS__)
	assert_int_not_equal(run_child("uninitialised"), 0);
	assert_non_null(strstr(report, "Conditional jump or move depends on uninitialised value"));
#elif defined(TOOL_NAME)
	skip_because("ASan does not track definedness: the uninitialised read is memcheck's to see");
#endif
}

#ifdef TOOL_NAME
/* Scenario name runs without a report from the tool. */
static void assert_no_report(const char *name)
{
	if (run_child(name))
		fail_msg("the tool reported scenario %s:\n%s", name, report);
}
#endif

static void test_correct_use_gives_no_report(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	assert_no_report("clean");
#endif
}

/*
 * The constructor runs while the new slab is poisoned: its writes are the
 * user's.  ASan reported them; memcheck did not, as the allocation path
 * around new_slab() runs with its error reporting off (metadata access).
 */
static void test_constructor_writes_are_not_reported(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	assert_no_report("constructor");
#endif
}

/*
 * The kernel zeroes a kzalloc() object whole before KASAN narrows it to
 * the size asked for (slab_post_alloc_hook(), then kasan_kmalloc()): no
 * report for a size that is not a bucket's.
 */
static void test_zeroed_allocation_of_any_size_gives_no_report(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	if (run_child("zeroed_odd_sizes"))
		fail_msg("the tool reported zeroed allocations:\n%s", report);
#endif
}

static void test_init_on_alloc_of_any_size_gives_no_report(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	if (run_child_with("past_the_request", "init_on_alloc=1") == 0 ||
	    run_child_with("clean", "init_on_alloc=1"))
		fail_msg("init_on_alloc=1 gave the wrong reports:\n%s", report);
#endif
}

static void test_read_past_a_zeroed_request_is_reported_by_the_tool(void **state)
{
	NEEDS_TOOL();
#ifdef TOOL_NAME
	assert_int_not_equal(run_child("past_a_zeroed_request"), 0);
#if defined(__SANITIZE_ADDRESS__)
	assert_non_null(strstr(report, "AddressSanitizer: use-after-poison"));
#else
	assert_non_null(strstr(report, "Invalid read of size 1"));
#endif
#endif
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_after_free_is_reported_by_the_tool),
		cmocka_unit_test(test_read_past_the_requested_size_is_reported_by_the_tool),
		cmocka_unit_test(test_read_of_uninitialised_object_memory_is_reported_by_memcheck),
		cmocka_unit_test(test_correct_use_gives_no_report),
		cmocka_unit_test(test_zeroed_allocation_of_any_size_gives_no_report),
		cmocka_unit_test(test_init_on_alloc_of_any_size_gives_no_report),
		cmocka_unit_test(test_read_past_a_zeroed_request_is_reported_by_the_tool),
		cmocka_unit_test(test_constructor_writes_are_not_reported),
	};

	if (argc > 1)
		return scenario(argv[1]);
	program_path = argv[0];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
