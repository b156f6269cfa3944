/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jiffies: ticks of HZ per second since the library started, read from
 * the simulated clock (sim/clock.h): CLOCK_MONOTONIC, so ages in debug
 * reports ("age=...") are real, unless a test holds or advances it.
 */
#ifndef _SHIM_LINUX_JIFFIES_H
#define _SHIM_LINUX_JIFFIES_H

/* The UAPI <asm/param.h> (through <sys/param.h>) has HZ 100 unless HZ is set. */
#undef HZ
#define HZ	1000

/* Ticks since start-up. */
unsigned long sim_jiffies(void);
#define jiffies	sim_jiffies()

/* Jiffies covering m milliseconds, rounded up as the kernel does. */
#define msecs_to_jiffies(m)	((unsigned long)(m) * HZ / 1000 + \
				 ((unsigned long)(m) * HZ % 1000 != 0))
/* Jiffies covering u microseconds, rounded up. */
#define usecs_to_jiffies(u)	msecs_to_jiffies(((unsigned long)(u) + 999) / 1000)
/* Milliseconds in j jiffies. */
#define jiffies_to_msecs(j)	((unsigned int)((unsigned long)(j) * 1000 / HZ))
/* Whether jiffies value a is after b, across wrap-around. */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)

#endif
