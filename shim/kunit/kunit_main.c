// SPDX-License-Identifier: GPL-2.0
/*
 * main() of a program that is a kernel module, KUnit suites included
 * (<kunit/test.h>, <linux/module.h>): the arguments "name=value" set
 * module parameters, as insmod's do; then the module loads (its
 * module_init() and other initcalls run), the KUnit suites it registered
 * run, all of them or those matching the one argument without '='
 * ("suite" or "suite.case", as the kernel's kunit.filter_glob), and the
 * module unloads; then the threads it left end (sim_module_done()).
 *
 * The argument "kunit.expect=pass:P,fail:F,skip:S" (ours, not a kernel
 * parameter) pins the case counts the run must end with, so that a lost
 * suite, a lost case or a new skip fails the program.  A program with
 * suites, a glob or kunit.expect is a KUnit run: it fails when no suite
 * ran or no case passed, whatever else it printed.  A module that
 * registers no suite and is given neither prints no KTAP.
 *
 * Exit status 1 if the module did not load, a case failed, or the KUnit
 * run's counts are not what it needs; 2 on a bad argument.
 */
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/module-loader.h>
#include <kunit/test-runtime.h>

#define KUNIT_EXPECT_ARG "kunit.expect="

/*
 * lib/radix-tree.c's set-up (its node cache, its CPU hotplug callback),
 * which start_kernel() calls before any initcall; weak, so that a program
 * without that file links.  It is not in the library: the program's copy
 * of the kernel's file is the only one.
 */
void radix_tree_init(void) __attribute__((weak));

/* One "word:N" of kunit.expect at *pos, moving *pos past it; -1 if not. */
static int expect_count(const char **pos, const char *word)
{
	size_t len = strlen(word);
	char *end;
	long n;

	if (strncmp(*pos, word, len) != 0 || (*pos)[len] != ':' ||
	    !isdigit((unsigned char)(*pos)[len + 1]))
		return -1;
	n = strtol(*pos + len + 1, &end, 10);
	if (n > INT_MAX)
		return -1;
	*pos = end;
	return (int)n;
}

/* Parse "pass:P,fail:F,skip:S" into *want; false if it is not that. */
static bool parse_expect(const char *val, struct kunit_totals *want)
{
	const char *pos = val;

	want->passed = expect_count(&pos, "pass");
	if (want->passed < 0 || *pos++ != ',')
		return false;
	want->failed = expect_count(&pos, "fail");
	if (want->failed < 0 || *pos++ != ',')
		return false;
	want->skipped = expect_count(&pos, "skip");
	return want->skipped >= 0 && !*pos;
}

/*
 * The verdict on a KUnit run that counted *got in nr_suites suites: 0 if
 * it passed, else 1 after saying why.  want is NULL without kunit.expect.
 */
static int kunit_verdict(int nr_suites, const struct kunit_totals *got,
			 const struct kunit_totals *want)
{
	int status = 0;

	if (!nr_suites) {
		fprintf(stderr, "kunit: no suite ran\n");
		status = 1;
	} else if (!got->passed) {
		fprintf(stderr, "kunit: no case passed\n");
		status = 1;
	}
	if (got->failed)
		status = 1;
	if (want &&
	    (got->passed != want->passed || got->failed != want->failed ||
	     got->skipped != want->skipped)) {
		fprintf(stderr,
			"kunit: expected pass:%d fail:%d skip:%d, counted pass:%d fail:%d skip:%d\n",
			want->passed, want->failed, want->skipped, got->passed,
			got->failed, got->skipped);
		status = 1;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct kunit_totals want, got;
	bool expect = false;
	const char *glob = NULL;
	int nr_suites, status = 0;

	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], KUNIT_EXPECT_ARG,
			     strlen(KUNIT_EXPECT_ARG))) {
			expect = parse_expect(
				argv[i] + strlen(KUNIT_EXPECT_ARG), &want);
			if (!expect) {
				fprintf(stderr,
					"%s: '%s': the counts are pass:N,fail:N,skip:N\n",
					argv[0], argv[i]);
				return 2;
			}
		} else if (strchr(argv[i], '=')) {
			if (sim_module_set_param(argv[i]))
				return 2;
		} else if (!glob) {
			glob = argv[i];
		} else {
			fprintf(stderr,
				"usage: %s [param=value...] [kunit.expect=pass:N,fail:N,skip:N] [suite[.case] glob]\n",
				argv[0]);
			return 2;
		}
	}
	if (radix_tree_init)
		radix_tree_init();
	if (sim_module_load()) {
		sim_module_done();
		return 1;
	}
	nr_suites = kunit_run_all_suites(glob, &got);
	fflush(stdout);
	if (nr_suites || glob || expect)
		status = kunit_verdict(nr_suites, &got, expect ? &want : NULL);
	sim_module_unload();
	sim_module_done();
	return status;
}
