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

/*
 * The kernel's vsnprintf(): the C library formats each standard
 * conversion, the shim the kernel's pointer extensions (%pS, %pe, %ph,
 * %pV, %*pbl, %pGp, %pGg; see printk.c); %n and positional arguments are
 * refused, as the kernel refuses them.  It has its own name so that a
 * program's own vsnprintf() stays the C library's; kernel code formats
 * through printk() and scnprintf(), which use it.
 */
__printf(3, 0) int sim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
/*
 * Format into buf like snprintf(), with sim_vsnprintf()'s conversions;
 * returns the bytes stored, not counting the NUL.
 */
__attribute__((__format__(printf, 3, 4)))
int scnprintf(char *buf, size_t size, const char *fmt, ...);

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
#define BUILD_BUG_ON(cond)		_Static_assert(!(cond), #cond)

#define SZ_1K	0x00000400
#define SZ_4K	0x00001000
#define SZ_8K	0x00002000
#define SZ_16K	0x00004000
#define SZ_64K	0x00010000
#define SZ_1M	0x00100000
#define SZ_2M	0x00200000
#define SZ_4M	0x00400000
#define SZ_1G	0x40000000


/* Parse all of s as an unsigned int in base (0: auto); 0, -EINVAL or -ERANGE. */
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
/* Same for unsigned long. */
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
/* Same for int. */
int kstrtoint(const char *s, unsigned int base, int *res);
/*
 * The kernel's yes/no: true for a first character of y, t or 1 or for
 * "on", false for n, f, 0 or "off" (only the first characters count);
 * else -EINVAL and *res untouched.
 */
int kstrtobool(const char *s, bool *res);
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
