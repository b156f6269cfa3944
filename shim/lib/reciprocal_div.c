// SPDX-License-Identifier: GPL-2.0
/*
 * Division by an invariant by multiplication: reciprocal_value(), as
 * the kernel's lib/math/reciprocal_div.c has it (<linux/reciprocal_div.h>).
 */
#include <linux/reciprocal_div.h>
#include <linux/log2.h>

/*
 * With ceil = ceil(log2(d)), m = 2^32 * (2^ceil - d) / d + 1 and the
 * shifts 1 and ceil - 1 (0 and 0 when d is 1) make reciprocal_divide()
 * exact over 32 bits (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", 1994).
 */
struct reciprocal_value reciprocal_value(u32 d)
{
	struct reciprocal_value r;
	unsigned int ceil = fls(d - 1);

	r.m = (u32)(((1ULL << 32) * ((1ULL << ceil) - d)) / d + 1);
	r.sh1 = ceil ? 1 : 0;
	r.sh2 = ceil ? ceil - 1 : 0;
	return r;
}
