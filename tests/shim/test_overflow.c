// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/overflow.h>, <linux/minmax.h> and <linux/err.h>: the size
 * helpers saturate at SIZE_MAX (include/linux/overflow.h), the checks
 * report a wrap and store the wrapped value, struct_size() counts the
 * flexible array, and the min/max/clamp family and PTR_ERR_OR_ZERO()
 * return what include/linux/minmax.h and include/linux/err.h define;
 * reciprocal_divide() divides exactly (lib/reciprocal_div.c's promise).
 */
#include <linux/overflow.h>
#include <linux/minmax.h>
#include <linux/err.h>
#include <linux/reciprocal_div.h>
#include "shim_harness.h"

struct flex {
	int count;
	long items[];
};

static void test_size_mul_saturates_on_overflow(void **state)
{
	assert_int_equal(size_mul(3, 5), 15);
	assert_true(size_mul(SIZE_MAX / 2, 3) == SIZE_MAX);
	assert_true(array_size(SIZE_MAX, 2) == SIZE_MAX);
	assert_int_equal(array3_size(2, 3, 4), 24);
	assert_true(array3_size(SIZE_MAX / 4, 2, 4) == SIZE_MAX);
}

static void test_size_add_saturates_on_overflow(void **state)
{
	assert_int_equal(size_add(3, 5), 8);
	assert_true(size_add(SIZE_MAX - 1, 2) == SIZE_MAX);
}

static void test_size_sub_saturates_on_underflow_and_keeps_size_max(void **state)
{
	assert_int_equal(size_sub(5, 3), 2);
	assert_true(size_sub(3, 5) == SIZE_MAX);
	/* A saturated size stays saturated. */
	assert_true(size_sub(SIZE_MAX, 10) == SIZE_MAX);
}

static void test_check_overflow_reports_the_wrap_and_stores_it(void **state)
{
	u8 d8;
	int d;

	assert_true(check_add_overflow(200, 100, &d8));
	assert_int_equal(d8, 44);			/* 300 mod 256 */
	assert_true(check_sub_overflow(0, 1, &d8));
	assert_int_equal(d8, 255);
	assert_true(check_mul_overflow(INT_MAX, 2, &d));
	assert_int_equal(d, -2);
	assert_false(check_mul_overflow(1000, 1000, &d));
	assert_int_equal(d, 1000000);
}

static void test_struct_size_counts_the_flexible_array(void **state)
{
	struct flex *p = NULL;

	assert_int_equal(struct_size(p, items, 4), sizeof(*p) + 4 * sizeof(long));
	assert_int_equal(flex_array_size(p, items, 3), 3 * sizeof(long));
	assert_int_equal(struct_size_t(struct flex, items, 2),
			 sizeof(struct flex) + 2 * sizeof(long));
	assert_true(struct_size(p, items, SIZE_MAX / 4) == SIZE_MAX);
}

static void test_type_limits_follow_the_type(void **state)
{
	assert_int_equal(type_max(s8), 127);
	assert_int_equal(type_min(s8), -128);
	assert_int_equal(type_max(u16), 65535);
	assert_true(overflows_type(300, u8));
	assert_false(overflows_type(255, u8));
}

static void test_min3_max3_pick_among_three(void **state)
{
	assert_int_equal(min3(4, 2, 9), 2);
	assert_int_equal(max3(4, 2, 9), 9);
}

static void test_clamp_val_converts_bounds_to_the_values_type(void **state)
{
	u8 v = 250;
	int hi = 300;

	/* The bound 300 becomes (u8)44, as clamp_t(u8, ...) would make it. */
	assert_int_equal(clamp_val(v, 10, hi), 44);
	assert_int_equal(clamp(15, 10, 20), 15);
	assert_int_equal(clamp(5, 10, 20), 10);
	assert_int_equal(clamp_t(long, 25, 10, 20), 20);
}

static void test_min_not_zero_ignores_a_zero(void **state)
{
	assert_int_equal(min_not_zero(0, 7), 7);
	assert_int_equal(min_not_zero(7, 0), 7);
	assert_int_equal(min_not_zero(3, 7), 3);
	assert_int_equal(min_not_zero(0, 0), 0);
}

static void test_umin_compares_as_unsigned(void **state)
{
	int neg = -1;

	/*
	 * An int is converted to unsigned int first, then zero-extended
	 * (include/linux/minmax.h): -1 compares as 0xffffffff.
	 */
	assert_int_equal(umin(neg, 5), 5);
	assert_true(umax(neg, 5) == 0xffffffffULL);
}

static void test_ptr_err_or_zero_gives_the_error_or_zero(void **state)
{
	int x;

	assert_int_equal(PTR_ERR_OR_ZERO(ERR_PTR(-ENOMEM)), -ENOMEM);
	assert_int_equal(PTR_ERR_OR_ZERO(&x), 0);
	assert_int_equal(PTR_ERR_OR_ZERO(NULL), 0);
	assert_true(IS_ERR_OR_NULL(NULL));
	assert_int_equal(PTR_ERR(ERR_CAST(ERR_PTR(-EINVAL))), -EINVAL);
}

/*
 * Every divisor a slab size can be, against every offset in an order-3
 * slab and the ends of the 32-bit range: the quotient is a / d.
 */
static void test_reciprocal_divide_is_exact_division(void **state)
{
	static const u32 far[] = { 0xfffffffeU, 0xffffffffU, 0x80000000U, 0x7fffffffU };
	u32 d, a;
	unsigned int i;

	for (d = 1; d <= 4096; d++) {
		struct reciprocal_value r = reciprocal_value(d);

		for (a = 0; a < 32768; a += 1 + a / 1024)
			if (reciprocal_divide(a, r) != a / d)
				fail_msg("%u / %u gave %u", a, d, reciprocal_divide(a, r));
		for (i = 0; i < ARRAY_SIZE(far); i++)
			assert_int_equal(reciprocal_divide(far[i], r), far[i] / d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_mul_saturates_on_overflow),
		cmocka_unit_test(test_size_add_saturates_on_overflow),
		cmocka_unit_test(test_size_sub_saturates_on_underflow_and_keeps_size_max),
		cmocka_unit_test(test_check_overflow_reports_the_wrap_and_stores_it),
		cmocka_unit_test(test_struct_size_counts_the_flexible_array),
		cmocka_unit_test(test_type_limits_follow_the_type),
		cmocka_unit_test(test_min3_max3_pick_among_three),
		cmocka_unit_test(test_clamp_val_converts_bounds_to_the_values_type),
		cmocka_unit_test(test_min_not_zero_ignores_a_zero),
		cmocka_unit_test(test_umin_compares_as_unsigned),
		cmocka_unit_test(test_ptr_err_or_zero_gives_the_error_or_zero),
		cmocka_unit_test(test_reciprocal_divide_is_exact_division),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
