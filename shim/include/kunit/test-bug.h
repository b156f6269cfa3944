/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace KUnit's "current test" (see <kunit/test.h>): code under
 * test asks whether a KUnit case is running on its thread and, if so,
 * which.  The kernel keeps it in current->kunit_test behind the
 * kunit_running static key; here it is a thread-local set by the runner
 * for the thread that runs the case (other threads, like the kernel's
 * other tasks, see NULL).
 */
#ifndef _SHIM_KUNIT_TEST_BUG_H
#define _SHIM_KUNIT_TEST_BUG_H

#include <linux/compiler.h>

struct kunit;

/* The test running on this thread, or NULL. */
struct kunit *kunit_get_current_test(void);

/* Fail the current test, if any, with a message (from code under test). */
__printf(3, 4) void __kunit_fail_current_test(const char *file, int line,
					      const char *fmt, ...);
#define kunit_fail_current_test(fmt, ...)				\
	__kunit_fail_current_test(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#endif /* _SHIM_KUNIT_TEST_BUG_H */
