/* SPDX-License-Identifier: GPL-2.0 */
/* Integer logarithms and powers of two, as <linux/log2.h> and get_order(). */
#ifndef _SHIM_LINUX_LOG2_H
#define _SHIM_LINUX_LOG2_H

#include <linux/bitops.h>
#include <asm/page.h>

/* floor(log2(n)); n > 0.  Constant-folds for constant n. */
#define ilog2(n)	(fls64((u64)(n)) - 1)
/* Whether n is a power of two (0 is not). */
#define is_power_of_2(n)	((n) != 0 && (((n) & ((n) - 1)) == 0))
/* Smallest power of two >= n; n > 0. */
#define roundup_pow_of_two(n)	(1UL << fls64((u64)(n) - 1))
/* Largest power of two <= n; n > 0. */
#define rounddown_pow_of_two(n)	(1UL << (fls64((u64)(n)) - 1))
/* ceil(log2(n)); 0 for n <= 1. */
#define order_base_2(n)		((n) > 1 ? ilog2((n) - 1) + 1 : 0)

/* Page order (PAGE_SHIFT 12) of the smallest block holding size bytes. */
static inline int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return fls64((size - 1) >> PAGE_SHIFT);
}

#endif
