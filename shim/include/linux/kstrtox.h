/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/kstrtox.h>: whole strings to integers, the kernel's way: the
 * string is the number, with at most one trailing newline; base 0
 * takes a 0x (hex) or 0 (octal) prefix; 0 on success, -EINVAL for
 * anything else in the string, -ERANGE for a value the type cannot
 * hold, and *res is written only on success.
 *
 * The library defines only what it uses itself (kstrtouint(),
 * kstrtoul(), kstrtoint(), kstrtobool(), in shim/lib/kstrtox.c); the rest
 * is the kernel's lib/kstrtox.c, which a program using them links, and
 * whose definitions then take the place of the library's.  The
 * simple_strto*() family (lib/vsprintf.c in the kernel) is not here.
 * A 64-bit machine: long is long long.
 */
#ifndef _SHIM_LINUX_KSTRTOX_H
#define _SHIM_LINUX_KSTRTOX_H

#include <linux/compiler.h>
#include <linux/types.h>

int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
/* The out-of-line forms that the kernel's 32-bit machines need. */
int _kstrtoul(const char *s, unsigned int base, unsigned long *res);
int _kstrtol(const char *s, unsigned int base, long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);
int kstrtou16(const char *s, unsigned int base, u16 *res);
int kstrtos16(const char *s, unsigned int base, s16 *res);
int kstrtou8(const char *s, unsigned int base, u8 *res);
int kstrtos8(const char *s, unsigned int base, s8 *res);
/*
 * The kernel's yes/no: true for a first character of y, t or 1 or for
 * "on", false for n, f, 0 or "off" (only the first characters count);
 * else -EINVAL and *res untouched.
 */
int kstrtobool(const char *s, bool *res);

static inline int kstrtol(const char *s, unsigned int base, long *res)
{
	return kstrtoll(s, base, (long long *)res);
}

/* The fixed-width names, for the types they are on this machine. */
static inline int kstrtou64(const char *s, unsigned int base, u64 *res)
{
	return kstrtoull(s, base, (unsigned long long *)res);
}

static inline int kstrtos64(const char *s, unsigned int base, s64 *res)
{
	return kstrtoll(s, base, (long long *)res);
}

static inline int kstrtou32(const char *s, unsigned int base, u32 *res)
{
	return kstrtouint(s, base, (unsigned int *)res);
}

static inline int kstrtos32(const char *s, unsigned int base, s32 *res)
{
	return kstrtoint(s, base, (int *)res);
}

/*
 * The same from count bytes of user space (at most a short line):
 * lib/kstrtox.c.  Here user space is the program's own memory.
 */
int kstrtoull_from_user(const char __user *s, size_t count, unsigned int base,
			unsigned long long *res);
int kstrtoll_from_user(const char __user *s, size_t count, unsigned int base,
		       long long *res);
int kstrtoul_from_user(const char __user *s, size_t count, unsigned int base,
		       unsigned long *res);
int kstrtol_from_user(const char __user *s, size_t count, unsigned int base,
		      long *res);
int kstrtouint_from_user(const char __user *s, size_t count, unsigned int base,
			 unsigned int *res);
int kstrtoint_from_user(const char __user *s, size_t count, unsigned int base,
			int *res);
int kstrtou16_from_user(const char __user *s, size_t count, unsigned int base,
			u16 *res);
int kstrtos16_from_user(const char __user *s, size_t count, unsigned int base,
			s16 *res);
int kstrtou8_from_user(const char __user *s, size_t count, unsigned int base,
		       u8 *res);
int kstrtos8_from_user(const char __user *s, size_t count, unsigned int base,
		       s8 *res);
int kstrtobool_from_user(const char __user *s, size_t count, bool *res);

#endif /* _SHIM_LINUX_KSTRTOX_H */
