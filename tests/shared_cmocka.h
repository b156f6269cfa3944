/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cmocka side of the shared test cases' contract (shared/slab_test.h).
 * Include after harness.h.
 */
#ifndef LIBSLAB_TESTS_SHARED_CMOCKA_H
#define LIBSLAB_TESTS_SHARED_CMOCKA_H

#include "harness.h"
#include "slab_test.h"

#define SLAB_TEST(name)			static void name(void **state)
#define SLAB_TEST_TABLE(name)		static const struct CMUnitTest name[]
#define SLAB_CASE(name)			cmocka_unit_test_teardown(name, slab_case_teardown)
#define SLAB_TEST_TABLE_END		{ NULL }
/* Run a shared case table (without its end entry) as a cmocka group. */
#define slab_run_table(table, setup, teardown)				\
	slab_run_group_tests(#table, table, ARRAY_SIZE(table) - 1,	\
			     setup, teardown)

#define slab_assert(cond)		assert_true(cond)
#define slab_assert_eq(a, b)		assert_int_equal((a), (b))
#define slab_assert_ge(a, b)		assert_true((a) >= (b))
#define slab_assert_ptr_eq(a, b)	assert_ptr_equal((a), (b))
#define slab_assert_ptr_ne(a, b)	assert_ptr_not_equal((a), (b))
#define slab_assert_null(p)		assert_null(p)
#define slab_assert_not_null(p)		assert_non_null(p)
#define slab_assert_str_eq(a, b)	assert_string_equal((a), (b))
#define slab_assert_mem_eq(a, b, n)	assert_memory_equal((a), (b), (n))
#define slab_fail(...)			fail_msg(__VA_ARGS__)
#define slab_skip(reason)		skip_because(reason)
#define slab_seq_open(m)		seq_file_init_buffer(m)
#define slab_seq_close(m)		seq_file_release(m)
#define slab_reports_begin()		slab_reports_open()
#define slab_reports_counted()		report_count()
#define slab_assert_reported(text)	assert_captured(text)
#define slab_assert_not_reported(text)	assert_not_captured(text)

#endif
