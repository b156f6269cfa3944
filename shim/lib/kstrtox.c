// SPDX-License-Identifier: GPL-2.0
/*
 * Number parsing with the kernel's conventions (lib/kstrtox.c): the
 * kstrto*() the library and its programs use, and kstrtobool().
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>

/* Parse all of s (one trailing newline allowed) as an unsigned long long. */
static int parse_ull(const char *s, unsigned int base, unsigned long long max,
		     unsigned long long *res)
{
	unsigned long long v;
	char *end;

	if (!s || *s == '-' || *s == '\0')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, base);
	if (end == s)
		return -EINVAL;
	if (*end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	if (errno == ERANGE || v > max)
		return -ERANGE;
	*res = v;
	return 0;
}

int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int err = parse_ull(s, base, UINT_MAX, &v);

	if (!err)
		*res = v;
	return err;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int err = parse_ull(s, base, ULONG_MAX, &v);

	if (!err)
		*res = v;
	return err;
}

int kstrtoint(const char *s, unsigned int base, int *res)
{
	unsigned long long v;
	int err;

	if (s && *s == '-') {
		err = parse_ull(s + 1, base, (unsigned long long)INT_MAX + 1, &v);
		if (!err)
			*res = -(long long)v;
		return err;
	}
	err = parse_ull(s, base, INT_MAX, &v);
	if (!err)
		*res = v;
	return err;
}

int kstrtobool(const char *s, bool *res)
{
	char first = s ? (char)tolower((unsigned char)s[0]) : '\0';

	if (first == 'o' && s[1])
		first = (char)tolower((unsigned char)s[1]) == 'n' ? 'y' :
			(char)tolower((unsigned char)s[1]) == 'f' ? 'n' : '\0';
	if (first && strchr("yt1", first)) {
		*res = true;
		return 0;
	}
	if (first && strchr("nf0", first)) {
		*res = false;
		return 0;
	}
	return -EINVAL;
}
