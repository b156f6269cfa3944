/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Delays (<linux/delay.h>, Documentation/timers/delay_sleep_functions.rst).
 *
 * Guarantees kept: msleep() and usleep_range() sleep at least the time
 * asked and might_sleep(); msleep() counts it in jiffies, as the kernel
 * (schedule_timeout_uninterruptible()), so it waits for a held clock
 * (sim/clock.h) to be advanced; usleep_range() takes host time (the
 * kernel's is an hrtimer sleep, not modelled on the simulated clock);
 * udelay()/ndelay()/mdelay() busy-wait and may be called in atomic
 * context.  Under the deterministic scheduler (sim/det.h) a sleep is one
 * yield to the other tasks: there is no simulated clock.
 *
 * Not modelled: timer slack; msleep_interruptible() is never cut short, as
 * there are no signals.
 */
#ifndef _SHIM_LINUX_DELAY_H
#define _SHIM_LINUX_DELAY_H

/* Sleep at least msecs milliseconds. */
void msleep(unsigned int msecs);
/* As msleep(); the milliseconds left when a signal ends it early (always 0 here). */
unsigned long msleep_interruptible(unsigned int msecs);
/* Sleep between min and max microseconds (at least min). */
void usleep_range(unsigned long min, unsigned long max);
/* Spin usecs microseconds without sleeping. */
void udelay(unsigned long usecs);

#define fsleep(usecs)	usleep_range(usecs, (usecs) * 2)
#define ndelay(nsecs)	udelay(((nsecs) + 999) / 1000)
#define mdelay(msecs)	udelay((unsigned long)(msecs) * 1000)
#define ssleep(secs)	msleep((secs) * 1000)

#endif
