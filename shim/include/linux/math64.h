/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/math64.h>: 64-bit divisions by name, as kernel code writes them
 * for 32-bit machines, where they are calls; here plain C division.
 */
#ifndef _SHIM_LINUX_MATH64_H
#define _SHIM_LINUX_MATH64_H

#include <linux/types.h>

/* dividend / divisor, the remainder in *remainder. */
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = (s32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/*
 * <asm/div64.h>'s do_div(n, base): n (a u64 lvalue) becomes n / base; the
 * value is the remainder (u32).
 */
#define do_div(n, base)							\
	({								\
		u32 __dd_base = (base);					\
		u32 __dd_rem = (u32)((n) % __dd_base);			\
									\
		(n) /= __dd_base;					\
		__dd_rem;						\
	})

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

#define div64_ul(x, y)		div64_u64((x), (y))
#define div64_long(x, y)	div64_s64((x), (y))

/* The full 64-bit product of two 32-bit numbers. */
static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

#endif /* _SHIM_LINUX_MATH64_H */
