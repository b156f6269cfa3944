/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated clock (userspace only): jiffies and ktime_get() read the
 * host's CLOCK_MONOTONIC plus an offset, unless a test holds the clock.
 * A test that checks what happens when time passes, or that it does not
 * pass, holds the clock and moves it itself, so that its checks mean the
 * same however slowly a loaded host runs it.
 *
 * The kernel's semantics are kept: time never goes back.  A held clock is
 * a machine whose timekeeping has not advanced between two reads (any two
 * reads may be that close), and sim_clock_advance() is the ticks a stalled
 * machine catches up on at once.  While the clock is held, timeouts in
 * jiffies (schedule_timeout(), msleep(), wait queues, completions,
 * delayed work) and hrtimers wait for sim_clock_advance(); usleep_range()
 * and udelay() still take host time.  The kernel has no such control;
 * its tests run on the clock they are given.
 *
 * A sleeper is not woken by sim_clock_advance(): it looks at the clock
 * again at the host instant sim_clock_host_deadline() gives, a jiffy at
 * most while the clock is held, and measures what is left against the
 * end it fixed when it began (as the kernel's timers expire at a jiffies
 * value), so an advance is never lost, only seen up to a jiffy of host
 * time late.
 */
#ifndef _SHIM_SIM_CLOCK_H
#define _SHIM_SIM_CLOCK_H

#include <stdbool.h>
#include <time.h>
#include <linux/types.h>

/* Stop jiffies and ktime_get() where they are now. */
void sim_clock_hold(void);
/* Move the clock forward by ns nanoseconds, held or not. */
void sim_clock_advance(u64 ns);
/* Let the clock follow the host again, from where it was held. */
void sim_clock_release(void);
/* Whether a test holds the clock. */
bool sim_clock_held(void);
/*
 * The host instant, on the host's clock (CLOCK_REALTIME or
 * CLOCK_MONOTONIC, that of the condition variable slept on), at which a
 * sleeper waiting for ns of simulated time looks at the clock again: ns
 * from now, or at most a jiffy while the clock is held.
 */
struct timespec sim_clock_host_deadline(clockid_t host_clock, u64 ns);

#endif
