/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/ktime.h>: ktime_t, signed nanoseconds, and the monotonic clock
 * (CLOCK_MONOTONIC of the host, as the kernel's ktime_get() is its own
 * CLOCK_MONOTONIC, unless a test holds or advances it: sim/clock.h).
 */
#ifndef _SHIM_LINUX_KTIME_H
#define _SHIM_LINUX_KTIME_H

#include <linux/types.h>

/* long long, as the kernel's s64: code prints it with %lld. */
typedef long long ktime_t;

#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L
#define USEC_PER_SEC	1000000L
#define MSEC_PER_SEC	1000L

#define KTIME_MAX	((ktime_t)~((u64)1 << 63))
#define KTIME_SEC_MAX	(KTIME_MAX / NSEC_PER_SEC)

/* secs seconds and nsecs nanoseconds; KTIME_MAX if that is past its range. */
static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (secs >= KTIME_SEC_MAX)
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}

/* The monotonic clock now (shim/machine/timekeeping.c, sim/clock.h). */
ktime_t ktime_get(void);

static inline u64 ktime_get_ns(void)
{
	return (u64)ktime_get();
}

#define ktime_add(a, b)		((a) + (b))
#define ktime_sub(a, b)		((a) - (b))
#define ktime_add_ns(kt, ns)	((kt) + (ns))
#define ktime_sub_ns(kt, ns)	((kt) - (ns))
#define ktime_compare(a, b)	((a) < (b) ? -1 : (a) > (b))
#define ktime_after(a, b)	((a) > (b))
#define ktime_before(a, b)	((a) < (b))

static inline s64 ktime_to_ns(ktime_t kt)
{
	return kt;
}

static inline s64 ktime_to_us(ktime_t kt)
{
	return kt / NSEC_PER_USEC;
}

static inline s64 ktime_to_ms(ktime_t kt)
{
	return kt / NSEC_PER_MSEC;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return (ktime_t)ns;
}

static inline ktime_t ms_to_ktime(u64 ms)
{
	return (ktime_t)ms * NSEC_PER_MSEC;
}

static inline ktime_t us_to_ktime(u64 us)
{
	return (ktime_t)us * NSEC_PER_USEC;
}

static inline s64 ktime_us_delta(ktime_t later, ktime_t earlier)
{
	return ktime_to_us(later - earlier);
}

#endif /* _SHIM_LINUX_KTIME_H */
