/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's everyday helpers: min/max (<linux/minmax.h>), alignment,
 * container_of, overflow checks (<linux/overflow.h>), number parsing
 * (kernel return conventions: 0 or -EINVAL/-ERANGE) and printf-style
 * formatting from libc.
 */
#ifndef _SHIM_LINUX_KERNEL_H
#define _SHIM_LINUX_KERNEL_H

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
/*
 * The UAPI header of the same name first, as the kernel's own includes
 * <uapi/linux/kernel.h>: the C library includes <linux/kernel.h> for it
 * (<sys/sysinfo.h> wants its struct sysinfo).
 */
#include_next <linux/kernel.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/export.h>
#include <linux/math64.h>
#include <linux/kstrtox.h>
#include <linux/sprintf.h>

/* The kernel's snprintf() family is <linux/sprintf.h>'s. */

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))


#define __ALIGN_MASK(x, m)	(((x) + (m)) & ~(m))
#define ALIGN(x, a)		__ALIGN_MASK(x, (__typeof__(x))(a) - 1)
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define PTR_ALIGN(p, a)		((__typeof__(p))ALIGN((unsigned long)(p), (a)))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
/* x rounded up or down to a multiple of y, a power of two. */
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y) - 1)))
/* <sys/param.h> has a roundup() of its own: whichever comes last is used. */
#undef roundup
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))
#define rounddown(x, y)		((x) - ((x) % (y)))

/* The message is optional, as in C23; <assert.h> has a C11 one (message required). */
#undef static_assert
#define static_assert(expr, ...)	_Static_assert(expr, "" __VA_ARGS__)
/*
 * BUILD_BUG_ON() as the kernel's: a statement, and cond need only be a
 * constant once the compiler has optimised (a const local, an inline
 * function's result).  A true cond leaves a call to a function declared
 * with the error attribute, which the compiler reports; an optimiser
 * that could not fold cond leaves it too, and the build fails, on
 * purpose, as the kernel's does.
 */
#define BUILD_BUG_ON(cond)	__sim_build_bug_on(cond, __COUNTER__)
#define __sim_build_bug_on(cond, n)	___sim_build_bug_on(cond, n)
#define ___sim_build_bug_on(cond, n)					\
	do {								\
		extern void __sim_build_bug_##n(void)			\
			__attribute__((__error__("BUILD_BUG_ON failed: " #cond))); \
		if (cond)						\
			__sim_build_bug_##n();				\
	} while (0)

#define SZ_1K	0x00000400
#define SZ_4K	0x00001000
#define SZ_8K	0x00002000
#define SZ_16K	0x00004000
#define SZ_64K	0x00010000
#define SZ_1M	0x00100000
#define SZ_2M	0x00200000
#define SZ_4M	0x00400000
#define SZ_1G	0x40000000


/* Parse a size with an optional K/M/G suffix; *retptr points past it. */
unsigned long long memparse(const char *ptr, char **retptr);

/* Exchange the values of a and b. */
#define swap(a, b)							\
	do {								\
		__typeof__(a) __swap_tmp = (a);				\
		(a) = (b);						\
		(b) = __swap_tmp;					\
	} while (0)

#endif
