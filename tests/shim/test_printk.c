// SPDX-License-Identifier: GPL-2.0
/*
 * printk() formatting: the C library's conversions with their '*' widths
 * and precisions, the kernel's pointer extensions beside them, what the
 * kernel refuses (lib/vsprintf.c's format_decode()), and a program's own
 * vsnprintf() left as the C library's.
 */
#include <errno.h>
#include <stdio.h>
#include <linux/err.h>
#include <linux/printk.h>
#include <linux/ktime.h>
#include <linux/ratelimit.h>
#include <sim/clock.h>
#include "shim_harness.h"

static void test_printk_precision_star_takes_its_argument(void **state)
{
	const char *name = "eth0XXXX";

	capture_start();
	pr_info("dev %.*s: state %s\n", 4, name, "up");
	capture_stop();
	assert_string_equal(captured(), "dev eth0: state up\n");
}

static void test_printk_width_star_takes_its_argument(void **state)
{
	capture_start();
	pr_info("[%*d|%*d|%s]\n", 5, 42, -4, 7, "end");
	capture_stop();
	assert_string_equal(captured(), "[   42|7   |end]\n");
}

static void test_printk_length_modifiers_take_their_width(void **state)
{
	capture_start();
	pr_info("%lld %zu %hhd %ld %s\n", -1099511627776LL, (size_t)-1, 300, -5L, "ok");
	capture_stop();
	assert_string_equal(captured(), "-1099511627776 18446744073709551615 44 -5 ok\n");
}

/* lib/errname.c names the codes; %pe prints "-" and the name. */
static void test_printk_error_pointer_after_precision_star(void **state)
{
	capture_start();
	pr_info("%.*s: %pe, %pe (%d)\n", 4, "eth0XX", ERR_PTR(-ENOMEM),
		ERR_PTR(-EINVAL), 3);
	capture_stop();
	assert_string_equal(captured(), "eth0: -ENOMEM, -EINVAL (3)\n");
}

/* lib/vsprintf.c's hex_string(): ' ' by default, ':' for C, none for N. */
static void test_printk_hex_bytes(void **state)
{
	const unsigned char bytes[] = { 0x01, 0xab, 0x7f };

	capture_start();
	pr_info("%*ph|%*phC|%*phN|%ph\n", 3, bytes, 3, bytes, 3, bytes, bytes);
	capture_stop();
	assert_string_equal(captured(), "01 ab 7f|01:ab:7f|01ab7f|01\n");
}

static void print_nested(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("<%pV> %s\n", &vaf, "after");
	va_end(args);
}

static void test_printk_nested_format(void **state)
{
	capture_start();
	print_nested("%.*s=%*d", 2, "abc", 3, 9);
	capture_stop();
	assert_string_equal(captured(), "<ab=  9> after\n");
}

/*
 * The kernel has no positional arguments: format_decode() reads "2" as a
 * width and refuses '$' with a warning, and vsnprintf() stops there.
 */
static void test_printk_refuses_positional_arguments(void **state)
{
	/* Not a literal: the compiler would refuse it too. */
	const char *positional = "a%2$s b";
	char buf[64];

	scnprintf(buf, sizeof(buf), positional, "x", "y");
	assert_string_equal(buf, "a");
	assert_int_equal(sim_warn_count(), 1);
	assert_captured("Please remove unsupported %$ in format string");
}

/*
 * %n is refused the same way: nothing is written through the pointer (the
 * warning is WARN_ONCE(), given to the first refusal only).
 */
static void test_printk_refuses_n(void **state)
{
	char buf[64];
	int n = -1;

	scnprintf(buf, sizeof(buf), "ab%n cd", &n);
	assert_string_equal(buf, "ab");
	assert_int_equal(n, -1);
}

static void test_vsnprintf_counts_what_does_not_fit(void **state)
{
	char buf[6];

	assert_int_equal(scnprintf(buf, sizeof(buf), "%s-%*d", "abc", 4, 1), 5);
	assert_string_equal(buf, "abc- ");
}

static int user_format(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}

/* A program's own vsnprintf() is the C library's, positional arguments and all. */
static void test_user_vsnprintf_is_the_c_librarys(void **state)
{
	char buf[32];

	user_format(buf, sizeof(buf), "%2$s %1$s", "world", "hello");
	assert_string_equal(buf, "hello world");
	user_format(buf, sizeof(buf), "%p", (void *)0x10);
	assert_string_equal(buf, "0x10");
}

/*
 * lib/ratelimit.c: burst yeses per interval, the rest refused and counted.
 * The clock is held (sim/clock.h): every call falls in the one interval,
 * however slowly the host runs them.
 */
static void test_ratelimit_allows_a_burst_per_interval(void **state)
{
	DEFINE_RATELIMIT_STATE(rs, 60 * HZ, 3);
	int i, allowed = 0;

	sim_clock_hold();
	for (i = 0; i < 10; i++)
		allowed += __ratelimit(&rs);
	sim_clock_release();
	assert_int_equal(allowed, 3);
	assert_int_equal(rs.missed, 7);
}

/*
 * The next interval opens with one line naming the caller and the
 * refusals.  The clock is held, so the three first calls share an
 * interval of one jiffy, and then moved past it: the interval ends when
 * jiffies are after its start plus the interval (time_after()).
 */
static void test_ratelimit_reports_what_it_refused_when_the_interval_ends(void **state)
{
	DEFINE_RATELIMIT_STATE(rs, 1, 1);
	int first, second, third, after_interval;

	sim_clock_hold();
	first = __ratelimit(&rs);
	second = __ratelimit(&rs);
	third = __ratelimit(&rs);
	sim_clock_advance(2 * NSEC_PER_SEC / HZ);
	capture_start();
	after_interval = __ratelimit(&rs);
	capture_stop();
	sim_clock_release();
	assert_true(first);
	assert_false(second);
	assert_false(third);
	assert_true(after_interval);
	assert_string_equal(captured(),
			    "test_ratelimit_reports_what_it_refused_when_the_interval_ends: 2 callbacks suppressed\n");
}

static void test_ratelimit_without_interval_allows_everything(void **state)
{
	DEFINE_RATELIMIT_STATE(rs, 0, 0);

	assert_true(__ratelimit(&rs));
	assert_true(__ratelimit(&rs));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printk_precision_star_takes_its_argument),
		cmocka_unit_test(test_printk_width_star_takes_its_argument),
		cmocka_unit_test(test_printk_length_modifiers_take_their_width),
		cmocka_unit_test(test_printk_error_pointer_after_precision_star),
		cmocka_unit_test(test_printk_hex_bytes),
		cmocka_unit_test(test_printk_nested_format),
		cmocka_unit_test_setup_teardown(test_printk_refuses_positional_arguments,
						report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_printk_refuses_n,
						report_setup, report_teardown),
		cmocka_unit_test(test_vsnprintf_counts_what_does_not_fit),
		cmocka_unit_test(test_user_vsnprintf_is_the_c_librarys),
		cmocka_unit_test(test_ratelimit_allows_a_burst_per_interval),
		cmocka_unit_test(test_ratelimit_reports_what_it_refused_when_the_interval_ends),
		cmocka_unit_test(test_ratelimit_without_interval_allows_everything),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
