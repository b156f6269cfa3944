// SPDX-License-Identifier: GPL-2.0
/*
 * main() of a userspace KUnit executable (<kunit/test.h>): run the suites
 * the program registered with kunit_test_suite(), all of them or those
 * matching the glob given as the only argument ("suite" or "suite.case",
 * as the kernel's kunit.filter_glob).  Exit status 1 if a case failed.
 */
#include <stdio.h>
#include <kunit/test-runtime.h>

int main(int argc, char **argv)
{
	if (argc > 2) {
		fprintf(stderr, "usage: %s [suite[.case] glob]\n", argv[0]);
		return 2;
	}
	return kunit_run_all_suites(argc == 2 ? argv[1] : NULL) ? 1 : 0;
}
