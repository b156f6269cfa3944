/* SPDX-License-Identifier: GPL-2.0 */
/* The C library's string functions plus the kernel's additions. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <ctype.h>
#include <linux/errno.h>
#include <string.h>
#include <linux/compiler.h>
#include <linux/types.h>
/* The UAPI header of the name (it includes <string.h> only). */
#include_next <linux/string.h>

/*
 * strnlen() from ISO C's memchr(): strict -std=c11 programs do not see
 * POSIX's declaration.  memchr stops at the first match (C11 7.24.5.1).
 */
static inline size_t __shim_strnlen(const char *s, size_t max)
{
	const char *end = memchr(s, '\0', max);

	return end ? (size_t)(end - s) : max;
}

/* Zero n bytes at s in a way the compiler may not elide. */
static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

/* First byte of s[0..n) that differs from c, or NULL if all equal it. */
static inline void *memchr_inv(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}

/* First occurrence of c in s[0..count), or NULL. */
static inline char *strnchr(const char *s, size_t count, int c)
{
	return memchr(s, c, __shim_strnlen(s, count));
}

/* First character of s that is not white space (isspace(), as the kernel's). */
static inline char *skip_spaces(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return (char *)s;
}

/*
 * Cut the first word of a command line (args, at no blank) in place, as
 * the kernel splits its command line: the word ends at a blank outside
 * double quotes; *param is it up to its first '=', *val the rest, or
 * NULL without '='; a quote opening the word or the value, and the one
 * then ending the word, are dropped.  Returns the next word, or the
 * terminating "" (lib/cmdline.c).
 */
char *next_arg(char *args, char **param, char **val);

/*
 * The first c in the first count bytes of s, or the end of s (its NUL,
 * or s + count) when there is none: lib/string.c's, defined by the
 * library (shim/lib/string.c).
 */
char *strnchrnul(const char *s, size_t count, int c);

/*
 * kmalloc() a copy of len bytes of user space (the program's own memory
 * here, <linux/uaccess.h>), memdup_user_nul() with a NUL after them;
 * ERR_PTR(-ENOMEM) on failure.  Free with kfree().  Defined by the
 * library (mm/util.c in the kernel).
 */
void *memdup_user(const void __user *src, size_t len);
void *memdup_user_nul(const void __user *src, size_t len);

/* Copy at most size-1 bytes and terminate; bytes copied or -E2BIG. */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t len = __shim_strnlen(src, size);

	if (!size)
		return -E2BIG;
	if (len >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}

#endif
