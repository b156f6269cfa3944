// SPDX-License-Identifier: GPL-2.0
/*
 * main() of a program that is a kernel module, KUnit suites included
 * (<kunit/test.h>, <linux/module.h>): the arguments "name=value" set
 * module parameters, as insmod's do; then the module loads (its
 * module_init() and other initcalls run), the KUnit suites it registered
 * run, all of them or those matching the one argument without '='
 * ("suite" or "suite.case", as the kernel's kunit.filter_glob), and the
 * module unloads; then the threads it left end (sim_module_done()).  Exit status 1 if the module did not load or a case
 * failed, 2 on a bad argument.
 */
#include <stdio.h>
#include <string.h>
#include <kunit/module-loader.h>
#include <kunit/test-runtime.h>

/*
 * lib/radix-tree.c's set-up (its node cache, its CPU hotplug callback),
 * which start_kernel() calls before any initcall; weak, so that a program
 * without that file links.  It is not in the library: the program's copy
 * of the kernel's file is the only one.
 */
void radix_tree_init(void) __attribute__((weak));

int main(int argc, char **argv)
{
	const char *glob = NULL;
	int failed;

	for (int i = 1; i < argc; i++) {
		if (strchr(argv[i], '=')) {
			if (sim_module_set_param(argv[i]))
				return 2;
		} else if (!glob) {
			glob = argv[i];
		} else {
			fprintf(stderr, "usage: %s [param=value...] [suite[.case] glob]\n",
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
	failed = kunit_run_all_suites(glob);
	sim_module_unload();
	sim_module_done();
	return failed ? 1 : 0;
}
