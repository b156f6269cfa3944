// SPDX-License-Identifier: GPL-2.0
/* Message rate limits (<linux/ratelimit.h>). */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>

int ___ratelimit(struct ratelimit_state *rs, const char *func)
{
	int interval = READ_ONCE(rs->interval);
	int burst = READ_ONCE(rs->burst);
	unsigned long flags, now;
	int allowed;

	if (!interval)
		return 1;
	/* A caller racing another is refused rather than made to wait. */
	if (!raw_spin_trylock_irqsave(&rs->lock, flags))
		return 0;
	now = jiffies;
	if (!rs->begin)
		rs->begin = now;
	if (time_after(now, rs->begin + interval)) {
		if (rs->missed && !(rs->flags & RATELIMIT_MSG_ON_RELEASE)) {
			pr_warn("%s: %d callbacks suppressed\n", func, rs->missed);
			rs->missed = 0;
		}
		rs->begin = now;
		rs->printed = 0;
	}
	allowed = burst && rs->printed < burst;
	if (allowed)
		rs->printed++;
	else
		rs->missed++;
	raw_spin_unlock_irqrestore(&rs->lock, flags);
	return allowed;
}
