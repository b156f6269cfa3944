/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rate limits for messages (<linux/ratelimit.h>, lib/ratelimit.c): at
 * most burst messages per interval jiffies; the ones refused are counted,
 * and named in one KERN_WARNING line when the next interval opens.  The
 * state's lock is only tried: a caller that finds it taken is refused, as
 * the kernel's is.  jiffies are the shim's (wall time since start-up).
 */
#ifndef _SHIM_LINUX_RATELIMIT_H
#define _SHIM_LINUX_RATELIMIT_H

#include <linux/jiffies.h>
#include <linux/spinlock.h>

#define DEFAULT_RATELIMIT_INTERVAL	(5 * HZ)
#define DEFAULT_RATELIMIT_BURST		10
/* flags: say nothing of refused messages when an interval opens. */
#define RATELIMIT_MSG_ON_RELEASE	1

struct ratelimit_state {
	raw_spinlock_t lock;
	int interval;		/* jiffies; 0: no limit */
	int burst;		/* messages per interval; 0: none */
	int printed;		/* in the current interval */
	int missed;		/* refused since the last report */
	unsigned int flags;
	unsigned long begin;	/* jiffies the interval opened at; 0: not yet */
};

#define RATELIMIT_STATE_INIT(name, interval_init, burst_init) {		\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.interval = (interval_init),					\
	.burst = (burst_init),						\
}
#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init)		\
	struct ratelimit_state name =					\
		RATELIMIT_STATE_INIT(name, interval_init, burst_init)

/* Whether a message may go out now (1) or is refused (0); func names the caller in the report. */
int ___ratelimit(struct ratelimit_state *rs, const char *func);
#define __ratelimit(state)	___ratelimit(state, __func__)

#endif
