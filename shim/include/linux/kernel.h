/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's everyday helpers: min/max, alignment, container_of,
 * overflow checks, number parsing (kernel return conventions: 0 or
 * -EINVAL/-ERANGE) and printf-style formatting from libc.
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

/*
 * vsnprintf() with the kernel's format extensions (%px and friends, as
 * printk() has them): kernel code formats messages with it.
 */
int sim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
#define vsnprintf sim_vsnprintf
/* Format into buf like snprintf(); returns the bytes stored, not counting the NUL. */
__attribute__((__format__(printf, 3, 4)))
int scnprintf(char *buf, size_t size, const char *fmt, ...);

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))

#define min(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b)	({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b)	({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define clamp(v, lo, hi)	min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi)	min_t(t, max_t(t, v, lo), hi)

#define __ALIGN_MASK(x, m)	(((x) + (m)) & ~(m))
#define ALIGN(x, a)		__ALIGN_MASK(x, (__typeof__(x))(a) - 1)
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define PTR_ALIGN(p, a)		((__typeof__(p))ALIGN((unsigned long)(p), (a)))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
/* <sys/param.h> has a roundup() of its own: whichever comes last is used. */
#undef roundup
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))
#define rounddown(x, y)		((x) - ((x) % (y)))

/* true if a * b (or a + b) overflowed; *d gets the wrapped result. */
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)

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

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

/* Parse all of s as an unsigned int in base (0: auto); 0, -EINVAL or -ERANGE. */
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
/* Same for unsigned long. */
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
/* Same for int. */
int kstrtoint(const char *s, unsigned int base, int *res);
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
