// SPDX-License-Identifier: GPL-2.0
/*
 * The part of the kernel's lib/string.c that the C library lacks:
 * strnchrnul().
 */
#include <linux/string.h>

char *strnchrnul(const char *s, size_t count, int c)
{
	for (; count && *s && *s != (char)c; count--)
		s++;
	return (char *)s;
}
