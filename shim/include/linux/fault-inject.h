/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault injection (the kernel's lib/fault-inject.c interface): a
 * fault_attr decides, call by call, whether an operation should fail, by
 * probability (percent), interval, a budget of failures (times, -1 for no
 * limit) and a budget of bytes to let through first (space).  A task's
 * fail_nth (sim_set_fail_nth(), the kernel's /proc/self/fail-nth) fails
 * exactly its nth check.  The random choice uses a generator seeded by
 * fail_seed= (default 1), so a run can be repeated.
 */
#ifndef _SHIM_LINUX_FAULT_INJECT_H
#define _SHIM_LINUX_FAULT_INJECT_H

#include <linux/types.h>
#include <linux/atomic.h>

#define FAULT_ATTR_DNAME_LEN	32

struct fault_attr {
	unsigned long probability;
	unsigned long interval;
	atomic_t times;
	atomic_t space;
	unsigned long verbose;		/* 0 quiet, 1 a notice, 2 and a stack */
	unsigned long count;
	char dname[FAULT_ATTR_DNAME_LEN];
};

enum fault_flags {
	FAULT_NOWARN = 1 << 0,
};

#define FAULT_ATTR_INITIALIZER {					\
		.interval = 1,						\
		.times = ATOMIC_INIT(1),				\
		.verbose = 2,						\
	}
#define DECLARE_FAULT_ATTR(name)	struct fault_attr name = FAULT_ATTR_INITIALIZER

/* Parse "<interval>,<probability>,<space>,<times>" into attr; 1 on success, 0 if malformed. */
int setup_fault_attr(struct fault_attr *attr, char *str);
/* Whether this call should fail (size: the bytes it asks for); flags FAULT_NOWARN. */
bool should_fail_ex(struct fault_attr *attr, ssize_t size, int flags);
/* should_fail_ex() with a notice on failure. */
bool should_fail(struct fault_attr *attr, ssize_t size);
/* Fail the calling task's nth fault check from now (0: off), as /proc/self/fail-nth. */
void sim_set_fail_nth(unsigned int nth);
/* What is left of the calling task's fail_nth count (0 once it fired). */
unsigned int sim_fail_nth(void);

#endif
