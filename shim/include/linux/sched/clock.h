/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/sched/clock.h>: the scheduler's clocks, nanoseconds of the
 * host's monotonic clock (the kernel's count from boot, these from an
 * arbitrary start: only differences mean anything in both).
 */
#ifndef _SHIM_LINUX_SCHED_CLOCK_H
#define _SHIM_LINUX_SCHED_CLOCK_H

#include <linux/types.h>
/* ktime_get(), which the kernel's also brings along (through <linux/smp.h>). */
#include <linux/ktime.h>

/* Nanoseconds of a clock that never goes back: ktime_get()'s. */
static inline u64 sched_clock(void)
{
	return (u64)ktime_get();
}

/* sched_clock() as the current CPU sees it: the same clock here. */
static inline u64 local_clock(void)
{
	return sched_clock();
}

#endif /* _SHIM_LINUX_SCHED_CLOCK_H */
