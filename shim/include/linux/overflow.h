/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Overflow-checked arithmetic with the kernel's names (<linux/overflow.h>).
 * check_*_overflow() store the wrapped result and say whether it wrapped;
 * the size_*() helpers saturate at SIZE_MAX, which no allocator can
 * satisfy, so an overflowing size makes the allocation fail instead of
 * returning a short buffer.
 */
#ifndef _SHIM_LINUX_OVERFLOW_H
#define _SHIM_LINUX_OVERFLOW_H

#include <stdint.h>
#include <linux/types.h>
#include <linux/compiler.h>

/* true if a + b (a - b, a * b) overflowed *d's type; *d gets the wrapped result. */
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

/* a + b (a - b, a * b) wrapped to type's width, on purpose. */
#define wrapping_add(type, a, b) ({ type __wr; (void)check_add_overflow(a, b, &__wr); __wr; })
#define wrapping_sub(type, a, b) ({ type __wr; (void)check_sub_overflow(a, b, &__wr); __wr; })
#define wrapping_mul(type, a, b) ({ type __wr; (void)check_mul_overflow(a, b, &__wr); __wr; })

#define is_signed_type(type)	(((type)(-1)) < (type)1)
#define type_max(t)							\
	((t)(is_signed_type(t) ?					\
	     ((((t)1 << (sizeof(t) * 8 - 2)) - 1) * 2 + 1) : ~(t)0))
#define type_min(t)	((t)(is_signed_type(t) ? -type_max(t) - 1 : (t)0))
/* Whether n does not fit in the type of T (or T itself, a type). */
#define overflows_type(n, T)	({					\
	__typeof__(T) __ot;						\
	check_add_overflow(n, 0, &__ot); })

/* a * b, or SIZE_MAX if that overflows. */
static inline size_t __must_check size_mul(size_t factor1, size_t factor2)
{
	size_t bytes;

	if (check_mul_overflow(factor1, factor2, &bytes))
		return SIZE_MAX;
	return bytes;
}

/* a + b, or SIZE_MAX if that overflows. */
static inline size_t __must_check size_add(size_t addend1, size_t addend2)
{
	size_t bytes;

	if (check_add_overflow(addend1, addend2, &bytes))
		return SIZE_MAX;
	return bytes;
}

/* a - b, or SIZE_MAX if that underflows or either is SIZE_MAX already. */
static inline size_t __must_check size_sub(size_t minuend, size_t subtrahend)
{
	size_t bytes;

	if (minuend == SIZE_MAX || subtrahend == SIZE_MAX ||
	    check_sub_overflow(minuend, subtrahend, &bytes))
		return SIZE_MAX;
	return bytes;
}

/* Bytes of an a by b array, saturating. */
#define array_size(a, b)	size_mul(a, b)
/* Bytes of an a by b by c array, saturating. */
#define array3_size(a, b, c)	size_mul(size_mul(a, b), c)

/* 0, failing the build if a is a pointer rather than an array. */
#define __must_be_array(a)						\
	(sizeof(struct { _Static_assert(!__same_type((a), &(a)[0]),	\
					"must be an array"); int __x; }) * 0)

/* Bytes of count elements of p's flexible array member, saturating. */
#define flex_array_size(p, member, count)				\
	size_mul(count, sizeof(*(p)->member) + __must_be_array((p)->member))

/* Bytes of *p with count elements in its flexible array member, saturating. */
#define struct_size(p, member, count)					\
	size_add(sizeof(*(p)), flex_array_size(p, member, count))

/* struct_size() from the type rather than an instance. */
#define struct_size_t(type, member, count)				\
	struct_size((type *)NULL, member, count)

#endif
