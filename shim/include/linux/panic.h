/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Taint: the flags print_tainted() shows in reports and WARNs.  Only the
 * ones libslab sets are named; the string has the kernel's 19 columns.
 */
#ifndef _SHIM_LINUX_PANIC_H
#define _SHIM_LINUX_PANIC_H

#include <linux/bug.h>

#define TAINT_BAD_PAGE		5
#define TAINT_WARN		9
#define TAINT_SOFTLOCKUP	14
/* A test module (kselftest, KUnit) was loaded. */
#define TAINT_TEST		18
#define TAINT_FLAGS_COUNT	19

enum lockdep_ok {
	LOCKDEP_STILL_OK,
	LOCKDEP_NOW_UNRELIABLE,
};

/* Set taint flag (TAINT_*); lockdep is not modelled, lockdep_ok is ignored. */
void add_taint(unsigned int flag, enum lockdep_ok lockdep_ok);
/* Whether taint flag is set. */
int test_taint(unsigned int flag);

#endif
