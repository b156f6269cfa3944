/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace KUnit's <kunit/test.h> (<kunit/test-runtime.h> describes
 * it), with <linux/slab.h>, which the kernel's brings to its test files.
 */
#ifndef _SHIM_KUNIT_TEST_H
#define _SHIM_KUNIT_TEST_H

#include <kunit/test-runtime.h>
#include <linux/slab.h>

#endif /* _SHIM_KUNIT_TEST_H */
