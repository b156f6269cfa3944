/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Division by a run-time constant as a multiplication and two shifts, the
 * kernel's <linux/reciprocal_div.h>: reciprocal_value(d) once, then
 * reciprocal_divide(a, R) == a / d for every 32-bit a and d > 0, exactly.
 * Only the plain form is modelled, not reciprocal_value_adv().
 */
#ifndef _SHIM_LINUX_RECIPROCAL_DIV_H
#define _SHIM_LINUX_RECIPROCAL_DIV_H

#include <linux/types.h>

/* The multiplier and the two shifts that divide by one divisor. */
struct reciprocal_value {
	u32 m;
	u8 sh1, sh2;
};

/* The reciprocal of d (d > 0) for reciprocal_divide(). */
struct reciprocal_value reciprocal_value(u32 d);

/* a / d, for R = reciprocal_value(d). */
static inline u32 reciprocal_divide(u32 a, struct reciprocal_value R)
{
	u32 high = (u32)(((u64)a * R.m) >> 32);

	return (high + ((a - high) >> R.sh1)) >> R.sh2;
}

#endif
