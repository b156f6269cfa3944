// SPDX-License-Identifier: GPL-2.0
/*
 * Number parsing with the kernel's conventions, the command-line splitter,
 * jiffies, ktime_get() and the simulated clock under them (sim/clock.h),
 * the cycle counter, sort_r() and sort(),
 * reciprocal_value(), hex digits (lib/hexdump.c), strnchrnul()
 * (lib/string.c) and memory_read_from_buffer() (fs/libfs.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <asm/timex.h>
#include <linux/string.h>
#include <linux/sort.h>
#include <linux/reciprocal_div.h>
#include <linux/log2.h>
#include <linux/fs.h>
#include <linux/hex.h>
#include <sim/clock.h>

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

int hex_to_bin(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int hex2bin(u8 *dst, const char *src, size_t count)
{
	for (; count; count--, src += 2) {
		int high = hex_to_bin((unsigned char)src[0]);
		int low = high < 0 ? -1 : hex_to_bin((unsigned char)src[1]);

		if (low < 0)
			return -EINVAL;
		*dst++ = (u8)(high << 4 | low);
	}
	return 0;
}

char *strnchrnul(const char *s, size_t count, int c)
{
	for (; count && *s && *s != (char)c; count--)
		s++;
	return (char *)s;
}

ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				const void *from, size_t available)
{
	loff_t pos = *ppos;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available)
		return 0;
	count = min(count, available - (size_t)pos);
	memcpy(to, (const char *)from + pos, count);
	*ppos = pos + (loff_t)count;
	return (ssize_t)count;
}

char *next_arg(char *args, char **param, char **val)
{
	bool in_quote = *args == '"', unquote = in_quote;
	char *end, *equals = NULL;

	args += in_quote;
	for (end = args; *end && (in_quote || !isspace((unsigned char)*end));
	     end++) {
		if (*end == '"')
			in_quote = !in_quote;
		else if (*end == '=' && !equals)
			equals = end;
	}
	*param = args;
	*val = NULL;
	if (equals) {
		*equals = '\0';
		*val = equals + 1;
		if (**val == '"') {
			++*val;
			unquote = true;
		}
	}
	if (unquote && end > args && end[-1] == '"')
		end[-1] = '\0';
	if (*end)
		*end++ = '\0';
	return skip_spaces(end);
}

/* The host's CLOCK_MONOTONIC in nanoseconds. */
static u64 host_clock_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (u64)now.tv_sec * NSEC_PER_SEC + (u64)now.tv_nsec;
}

/*
 * The simulated clock (sim/clock.h): the host's plus clock_offset_ns, or
 * clock_held_ns while a test holds it (0: not held; the host's monotonic
 * clock is never 0 once running).  Each is one atomic word, so readers on
 * any thread take no lock.
 */
static u64 clock_offset_ns;
static u64 clock_held_ns;
static u64 jiffies_start_ns;

static u64 sim_clock_ns(void)
{
	u64 held = __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE);

	if (held)
		return held;
	return host_clock_ns() + __atomic_load_n(&clock_offset_ns, __ATOMIC_ACQUIRE);
}

void sim_clock_hold(void)
{
	__atomic_store_n(&clock_held_ns, sim_clock_ns(), __ATOMIC_RELEASE);
}

void sim_clock_advance(u64 ns)
{
	if (__atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE))
		__atomic_fetch_add(&clock_held_ns, ns, __ATOMIC_ACQ_REL);
	else
		__atomic_fetch_add(&clock_offset_ns, ns, __ATOMIC_ACQ_REL);
}

void sim_clock_release(void)
{
	u64 held = __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE);

	if (!held)
		return;
	/* Resume from the reading held: the clock goes on from there, never back. */
	__atomic_store_n(&clock_offset_ns, held - host_clock_ns(), __ATOMIC_RELEASE);
	__atomic_store_n(&clock_held_ns, 0, __ATOMIC_RELEASE);
}

bool sim_clock_held(void)
{
	return __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE) != 0;
}

struct timespec sim_clock_host_deadline(clockid_t host_clock, u64 ns)
{
	struct timespec ts;

	if (sim_clock_held())
		ns = min_t(u64, ns, NSEC_PER_SEC / HZ);
	clock_gettime(host_clock, &ts);
	ns += (u64)ts.tv_nsec;
	ts.tv_sec += (time_t)(ns / NSEC_PER_SEC);
	ts.tv_nsec = (long)(ns % NSEC_PER_SEC);
	return ts;
}

__attribute__((constructor)) static void start_jiffies(void)
{
	jiffies_start_ns = host_clock_ns();
}

ktime_t ktime_get(void)
{
	return (ktime_t)sim_clock_ns();
}

/* Whole ticks of the simulated time since start-up. */
unsigned long sim_jiffies(void)
{
	return (unsigned long)((sim_clock_ns() - jiffies_start_ns) / (NSEC_PER_SEC / HZ));
}

static cycles_t cycles;

cycles_t get_cycles(void)
{
	return __atomic_fetch_add(&cycles, 1, __ATOMIC_RELAXED);
}

static void sort_swap_bytes(void *a, void *b, size_t size)
{
	unsigned char *x = a, *y = b, t;

	while (size--) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

/*
 * The kernel's heapsort, step for step (lib/sort.c): the same comparisons
 * and exchanges in the same order, so that a comparison that never says
 * "equal" (mm/slub.c's cmp_loc_by_count) leaves equal keys where the
 * kernel leaves them.  The heap is built by sifting down from the middle;
 * each round of the sort then takes the two largest elements off it (the
 * root and the greater of its children) before sifting again.  Sifting
 * goes down to a leaf along the greater children first, then climbs back
 * to the place of the sifted element.
 */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv)
{
	char *e = base;
	size_t end = num, at = num / 2, back = 1;

#define SORT_AT(i)	(e + (i) * size)
#define SORT_SWAP(i, j)							\
	do {								\
		if (swap_func)						\
			swap_func(SORT_AT(i), SORT_AT(j), (int)size, priv); \
		else							\
			sort_swap_bytes(SORT_AT(i), SORT_AT(j), size);	\
	} while (0)

	if (!at || !size)
		return;
	for (;;) {
		size_t node, left, right, dest;

		if (at) {
			/* building the heap, or back to the root after a take */
			at -= back;
		} else if (end > 3) {
			end--;
			SORT_SWAP(0, end);
			/* the second largest is the greater child of the root */
			at = cmp_func(SORT_AT(1), SORT_AT(2), priv) <= 0 ? 2 : 1;
			back = at;
			end--;
			SORT_SWAP(at, end);
		} else {
			break;
		}

		node = at;
		for (;;) {
			left = 2 * node + 1;
			right = left + 1;
			if (right >= end)
				break;
			node = cmp_func(SORT_AT(left), SORT_AT(right), priv) > 0 ?
			       left : right;
		}
		if (right == end)	/* a last leaf without a sibling */
			node = left;
		while (node != at && cmp_func(SORT_AT(at), SORT_AT(node), priv) >= 0)
			node = (node - 1) / 2;
		dest = node;
		while (node != at) {
			node = (node - 1) / 2;
			SORT_SWAP(node, dest);
		}
	}
	end--;
	SORT_SWAP(0, end);
	if (end == 2 && cmp_func(SORT_AT(0), SORT_AT(1), priv) > 0)
		SORT_SWAP(0, 1);
#undef SORT_SWAP
#undef SORT_AT
}

/* sort()'s comparison and exchange, which sort_r() passes its priv. */
struct sort_plain {
	cmp_func_t cmp;
	swap_func_t exchange;
};

static int sort_plain_cmp(const void *a, const void *b, const void *priv)
{
	return ((const struct sort_plain *)priv)->cmp(a, b);
}

static void sort_plain_swap(void *a, void *b, int size, const void *priv)
{
	((const struct sort_plain *)priv)->exchange(a, b, size);
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func,
	  swap_func_t swap_func)
{
	struct sort_plain plain = { cmp_func, swap_func };

	sort_r(base, num, size, sort_plain_cmp,
	       swap_func ? sort_plain_swap : NULL, &plain);
}

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
