// SPDX-License-Identifier: GPL-2.0
/* Number parsing with the kernel's conventions, and jiffies. */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>

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

unsigned long long memparse(const char *ptr, char **retptr)
{
	char *end;
	unsigned long long v = strtoull(ptr, &end, 0);

	switch (*end) {
	case 'G': case 'g':
		v <<= 10;
		/* fall through */
	case 'M': case 'm':
		v <<= 10;
		/* fall through */
	case 'K': case 'k':
		v <<= 10;
		end++;
		break;
	default:
		break;
	}
	if (retptr)
		*retptr = end;
	return v;
}

static struct timespec jiffies_start;

__attribute__((constructor)) static void start_jiffies(void)
{
	clock_gettime(CLOCK_MONOTONIC, &jiffies_start);
}

unsigned long sim_jiffies(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (unsigned long)((now.tv_sec - jiffies_start.tv_sec) * HZ +
			       (now.tv_nsec - jiffies_start.tv_nsec) /
			       (1000000000 / HZ));
}
