/* SPDX-License-Identifier: GPL-2.0 */
/*
 * min/max and clamping with the kernel's names (<linux/minmax.h>).  Each
 * argument is evaluated once.  The kernel also rejects, at compile time,
 * comparisons of a signed with an unsigned value; here the usual C
 * conversions apply (gcc's -Wsign-compare warns where enabled).
 */
#ifndef _SHIM_LINUX_MINMAX_H
#define _SHIM_LINUX_MINMAX_H

#define min(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b)	({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b)	({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define clamp(v, lo, hi)	min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi)	min_t(t, max_t(t, v, lo), hi)
/* clamp() in the type of v: the bounds are converted to it first. */
#define clamp_val(v, lo, hi)	clamp_t(__typeof__(v), v, lo, hi)

/* Smallest and largest of three. */
#define min3(x, y, z)	min((__typeof__(x))min(x, y), z)
#define max3(x, y, z)	max((__typeof__(x))max(x, y), z)

/* The smaller of x and y, ignoring a zero one (0 only if both are). */
#define min_not_zero(x, y) ({						\
	__typeof__(x) __x = (x);					\
	__typeof__(y) __y = (y);					\
	__x == 0 ? __y : ((__y == 0) ? __x : min(__x, __y)); })

/* min/max comparing both as unsigned long long (negative values are huge). */
#define umin(x, y)	min((x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define umax(x, y)	max((x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)

#endif
