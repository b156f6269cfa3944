// SPDX-License-Identifier: GPL-2.0
/*
 * The atomic family of Documentation/atomic_t.txt on atomic_t, atomic64_t
 * and atomic_long_t: what each operation returns and stores, the
 * conditional operations, wrap-around, and the release/acquire pairs that
 * order a message between threads.
 */
#include <pthread.h>
#include <linux/atomic.h>
#include "shim_harness.h"

static void test_fetch_ops_return_the_old_value_and_return_ops_the_new(void **state)
{
	atomic_t v = ATOMIC_INIT(10);

	assert_int_equal(atomic_fetch_add(5, &v), 10);
	assert_int_equal(atomic_add_return_relaxed(5, &v), 20);
	assert_int_equal(atomic_fetch_sub_acquire(3, &v), 20);
	assert_int_equal(atomic_sub_return_release(7, &v), 10);
	assert_int_equal(atomic_fetch_inc(&v), 10);
	assert_int_equal(atomic_fetch_dec_relaxed(&v), 11);
	assert_int_equal(atomic_inc_return_acquire(&v), 11);
	assert_int_equal(atomic_dec_return_release(&v), 10);
}

static void test_bitwise_ops_change_only_their_bits(void **state)
{
	atomic_t v = ATOMIC_INIT(0xf0);

	atomic_or(0x0f, &v);
	assert_int_equal(atomic_read(&v), 0xff);
	atomic_and(0x3c, &v);
	assert_int_equal(atomic_read(&v), 0x3c);
	atomic_xor(0xff, &v);
	assert_int_equal(atomic_read(&v), 0xc3);
	atomic_andnot(0x03, &v);
	assert_int_equal(atomic_read(&v), 0xc0);
	assert_int_equal(atomic_fetch_or(0x01, &v), 0xc0);
	assert_int_equal(atomic_fetch_andnot_relaxed(0x40, &v), 0xc1);
	assert_int_equal(atomic_fetch_xor_release(0x81, &v), 0x81);
	assert_int_equal(atomic_fetch_and_acquire(0, &v), 0);
}

static void test_cmpxchg_stores_only_on_a_match(void **state)
{
	atomic_t v = ATOMIC_INIT(1);

	assert_int_equal(atomic_cmpxchg(&v, 2, 9), 1);	/* no match: old back */
	assert_int_equal(atomic_read(&v), 1);
	assert_int_equal(atomic_cmpxchg_relaxed(&v, 1, 9), 1);
	assert_int_equal(atomic_read(&v), 9);
	assert_int_equal(atomic_xchg_acquire(&v, 4), 9);
	assert_int_equal(atomic_read(&v), 4);
}

static void test_try_cmpxchg_updates_the_expected_value_on_failure(void **state)
{
	atomic64_t v = ATOMIC64_INIT(5);
	s64 old = 3;

	assert_false(atomic64_try_cmpxchg(&v, &old, 8));
	assert_int_equal(old, 5);
	assert_true(atomic64_try_cmpxchg_release(&v, &old, 8));
	assert_int_equal(atomic64_read(&v), 8);
}

static void test_add_unless_skips_the_forbidden_value(void **state)
{
	atomic_long_t v = ATOMIC_LONG_INIT(0);

	assert_false(atomic_long_add_unless(&v, 5, 0));
	assert_int_equal(atomic_long_read(&v), 0);
	assert_false(atomic_long_inc_not_zero(&v));
	atomic_long_set(&v, 2);
	assert_int_equal(atomic_long_fetch_add_unless(&v, 5, 0), 2);
	assert_int_equal(atomic_long_read(&v), 7);
	assert_true(atomic_long_inc_not_zero(&v));
	assert_int_equal(atomic_long_read(&v), 8);
}

static void test_sign_conditional_ops_respect_the_sign(void **state)
{
	atomic_t v = ATOMIC_INIT(-1);

	assert_false(atomic_inc_unless_negative(&v));
	assert_true(atomic_dec_unless_positive(&v));
	assert_int_equal(atomic_read(&v), -2);
	atomic_set(&v, 1);
	assert_false(atomic_dec_unless_positive(&v));
	assert_int_equal(atomic_dec_if_positive(&v), 0);
	assert_int_equal(atomic_read(&v), 0);
	/* Would go negative: nothing stored, the would-be value returned. */
	assert_int_equal(atomic_dec_if_positive(&v), -1);
	assert_int_equal(atomic_read(&v), 0);
}

static void test_test_ops_report_zero_and_negative(void **state)
{
	atomic64_t v = ATOMIC64_INIT(3);

	assert_false(atomic64_sub_and_test(2, &v));
	assert_true(atomic64_dec_and_test(&v));
	assert_true(atomic64_add_negative(-1, &v));
	assert_true(atomic64_inc_and_test(&v));
}

static void test_counters_wrap_around_like_the_kernels(void **state)
{
	atomic_t v = ATOMIC_INIT(INT_MAX);
	atomic64_t w = ATOMIC64_INIT(INT64_MIN);

	assert_int_equal(atomic_fetch_inc(&v), INT_MAX);
	assert_int_equal(atomic_read(&v), INT_MIN);
	assert_int_equal(atomic64_dec_return_relaxed(&w), INT64_MAX);
}

static int message;
static int ready;

static void *publisher(void *arg)
{
	message = 42;			/* plain store, ordered by the release */
	smp_store_release(&ready, 1);
	return NULL;
}

static void test_smp_store_release_publishes_to_smp_load_acquire(void **state)
{
	pthread_t thread;

	message = 0;
	ready = 0;
	assert_int_equal(pthread_create(&thread, NULL, publisher, NULL), 0);
	while (!smp_load_acquire(&ready))
		sched_yield();
	assert_int_equal(message, 42);	/* no data race: TSan checks */
	pthread_join(thread, NULL);
}

#define ADDERS		4
#define ADDS		20000

static atomic64_t shared_counter;

static void *adder(void *arg)
{
	int i;

	for (i = 0; i < ADDS; i++)
		atomic64_fetch_add_relaxed(1, &shared_counter);
	return NULL;
}

static void test_concurrent_fetch_add_loses_no_increment(void **state)
{
	pthread_t threads[ADDERS];
	int t;

	atomic64_set(&shared_counter, 0);
	for (t = 0; t < ADDERS; t++)
		assert_int_equal(pthread_create(&threads[t], NULL, adder, NULL), 0);
	for (t = 0; t < ADDERS; t++)
		pthread_join(threads[t], NULL);
	assert_int_equal(atomic64_read(&shared_counter), ADDERS * ADDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fetch_ops_return_the_old_value_and_return_ops_the_new),
		cmocka_unit_test(test_bitwise_ops_change_only_their_bits),
		cmocka_unit_test(test_cmpxchg_stores_only_on_a_match),
		cmocka_unit_test(test_try_cmpxchg_updates_the_expected_value_on_failure),
		cmocka_unit_test(test_add_unless_skips_the_forbidden_value),
		cmocka_unit_test(test_sign_conditional_ops_respect_the_sign),
		cmocka_unit_test(test_test_ops_report_zero_and_negative),
		cmocka_unit_test(test_counters_wrap_around_like_the_kernels),
		cmocka_unit_test(test_smp_store_release_publishes_to_smp_load_acquire),
		cmocka_unit_test(test_concurrent_fetch_add_loses_no_increment),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
