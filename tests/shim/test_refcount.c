// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/refcount.h> and <linux/kref.h>: the counts and the saturation
 * rules of include/linux/refcount.h and lib/refcount.c.  Misuse parks the
 * counter at REFCOUNT_SATURATED (INT_MIN / 2) and WARNs once per kind
 * with the kernel's message, counted by sim_warn_count(); each kind is
 * provoked by one test only, as a second WARN_ONCE of the same kind stays
 * silent, as in the kernel.
 */
#include <linux/refcount.h>
#include <linux/kref.h>
#include "shim_harness.h"

static unsigned long warns_at_start;

static int warn_setup(void **state)
{
	report_setup(state);
	warns_at_start = sim_warn_count();
	return 0;
}

/* WARNs since the test began. */
static unsigned long warns(void)
{
	return sim_warn_count() - warns_at_start;
}

static void test_refcount_dec_and_test_is_true_on_the_last_reference(void **state)
{
	refcount_t r = REFCOUNT_INIT(2);

	assert_false(refcount_dec_and_test(&r));
	assert_int_equal(refcount_read(&r), 1);
	assert_true(refcount_dec_and_test(&r));
	assert_int_equal(refcount_read(&r), 0);
}

static void test_refcount_inc_not_zero_refuses_a_dying_object(void **state)
{
	refcount_t r = REFCOUNT_INIT(0);

	assert_false(refcount_inc_not_zero(&r));
	assert_int_equal(refcount_read(&r), 0);
	refcount_set(&r, 3);
	assert_true(refcount_inc_not_zero(&r));
	assert_int_equal(refcount_read(&r), 4);
}

static void test_refcount_sub_and_test_subtracts_several(void **state)
{
	refcount_t r = REFCOUNT_INIT(5);

	refcount_add(2, &r);
	assert_int_equal(refcount_read(&r), 7);
	assert_false(refcount_sub_and_test(4, &r));
	assert_true(refcount_sub_and_test(3, &r));
}

static void test_refcount_inc_on_zero_warns_use_after_free_and_saturates(void **state)
{
	refcount_t r = REFCOUNT_INIT(0);

	refcount_inc(&r);
	assert_int_equal(warns(), 1);
	assert_captured("refcount_t: addition on 0; use-after-free.");
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
}

static void test_refcount_add_past_int_max_warns_and_saturates(void **state)
{
	refcount_t r = REFCOUNT_INIT(REFCOUNT_MAX);

	refcount_inc(&r);
	assert_int_equal(warns(), 1);
	assert_captured("refcount_t: saturated; leaking memory.");
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
}

static void test_refcount_dec_and_test_below_zero_warns_underflow(void **state)
{
	refcount_t r = REFCOUNT_INIT(0);

	assert_false(refcount_dec_and_test(&r));
	assert_int_equal(warns(), 1);
	assert_captured("refcount_t: underflow; use-after-free.");
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
}

static void test_refcount_dec_to_zero_warns_leak(void **state)
{
	refcount_t r = REFCOUNT_INIT(1);

	refcount_dec(&r);
	assert_int_equal(warns(), 1);
	assert_captured("refcount_t: decrement hit 0; leaking memory.");
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
}

static void test_a_saturated_count_never_reaches_zero(void **state)
{
	refcount_t r = REFCOUNT_INIT(REFCOUNT_SATURATED);
	int i;

	/* Each step is misuse again: saturated stays saturated. */
	for (i = 0; i < 3; i++)
		assert_false(refcount_dec_and_test(&r));
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
	assert_true(refcount_dec_not_one(&r));
	assert_int_equal((int)refcount_read(&r), REFCOUNT_SATURATED);
}

static void test_refcount_dec_if_one_only_drops_the_last(void **state)
{
	refcount_t r = REFCOUNT_INIT(2);

	assert_false(refcount_dec_if_one(&r));
	assert_int_equal(refcount_read(&r), 2);
	assert_true(refcount_dec_not_one(&r));
	assert_false(refcount_dec_not_one(&r));
	assert_true(refcount_dec_if_one(&r));
	assert_int_equal(refcount_read(&r), 0);
}

static void test_refcount_dec_and_lock_holds_the_lock_only_at_zero(void **state)
{
	DEFINE_SPINLOCK(lock);
	refcount_t r = REFCOUNT_INIT(2);

	assert_false(refcount_dec_and_lock(&r, &lock));
	assert_false(sim_lock_held_by_me(&lock.base));
	assert_true(refcount_dec_and_lock(&r, &lock));
	assert_true(sim_lock_held_by_me(&lock.base));
	spin_unlock(&lock);
}

struct obj {
	struct kref ref;
	int released;
};

static void obj_release(struct kref *ref)
{
	container_of(ref, struct obj, ref)->released++;
}

static void test_kref_put_calls_release_on_the_last_put(void **state)
{
	struct obj o = { .released = 0 };

	kref_init(&o.ref);
	kref_get(&o.ref);
	assert_int_equal(kref_read(&o.ref), 2);
	assert_int_equal(kref_put(&o.ref, obj_release), 0);
	assert_int_equal(o.released, 0);
	assert_int_equal(kref_put(&o.ref, obj_release), 1);
	assert_int_equal(o.released, 1);
	assert_false(kref_get_unless_zero(&o.ref));
}

static void test_kref_put_mutex_releases_with_the_mutex_held(void **state)
{
	DEFINE_MUTEX(lock);
	struct obj o = { .ref = KREF_INIT(1), .released = 0 };

	assert_int_equal(kref_put_mutex(&o.ref, obj_release, &lock), 1);
	assert_int_equal(o.released, 1);
	assert_true(sim_lock_held_by_me(&lock.base));
	mutex_unlock(&lock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refcount_dec_and_test_is_true_on_the_last_reference),
		cmocka_unit_test(test_refcount_inc_not_zero_refuses_a_dying_object),
		cmocka_unit_test(test_refcount_sub_and_test_subtracts_several),
		cmocka_unit_test_setup_teardown(test_refcount_inc_on_zero_warns_use_after_free_and_saturates,
						warn_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_refcount_add_past_int_max_warns_and_saturates,
						warn_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_refcount_dec_and_test_below_zero_warns_underflow,
						warn_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_refcount_dec_to_zero_warns_leak,
						warn_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_a_saturated_count_never_reaches_zero,
						warn_setup, report_teardown),
		cmocka_unit_test(test_refcount_dec_if_one_only_drops_the_last),
		cmocka_unit_test(test_refcount_dec_and_lock_holds_the_lock_only_at_zero),
		cmocka_unit_test(test_kref_put_calls_release_on_the_last_put),
		cmocka_unit_test(test_kref_put_mutex_releases_with_the_mutex_held),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
