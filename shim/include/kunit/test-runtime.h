/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <kunit/test.h> without the allocator's API: what the KUnit runtime
 * (shim/kunit/kunit.c), which the core calls (kunit_get_current_test()),
 * compiles against, so that it stays below the core.  Test files include
 * <kunit/test.h>, which adds <linux/slab.h> as the kernel's does.
 *
 * A small userspace KUnit: enough of <kunit/test.h> to compile and run
 * kernel KUnit suites (lib/slub_kunit.c is built unmodified against it,
 * tests/meson.build) on top of libslab.  Written from KUnit's
 * documentation (Documentation/dev-tools/kunit/), not from its code.
 *
 * What it models:
 *  - suites (struct kunit_suite) registered with kunit_test_suite(s)(),
 *    run in registration order by kunit_run_all_suites() (the runner's
 *    main() is shim/kunit/kunit_main.c): suite_init/suite_exit around a
 *    suite, init/exit around each case, exit run even when a case aborts;
 *  - cases (KUNIT_CASE, KUNIT_CASE_PARAM with a generate_params function)
 *    run on the runner's thread, which is kunit_get_current_test()'s
 *    "current" test (<kunit/test-bug.h>);
 *  - the KUNIT_EXPECT_* family (a failure marks the case failed and the
 *    case goes on) and the KUNIT_ASSERT_* family, KUNIT_FAIL(),
 *    kunit_skip() and kunit_mark_skipped() (an assertion or a skip leaves
 *    the case at once, by longjmp() where the kernel ends the case's
 *    kthread);
 *  - named and unnamed resources (<kunit/resource.h>), released in
 *    reverse order when the case ends, and kunit_kmalloc()/kunit_kzalloc();
 *  - KTAP output ("ok N name", "not ok N name", "# SKIP reason", the
 *    "# Totals:" line) and, last, a plain "N passed, N failed" line.
 *
 * What it cannot model: cases run in a kthread that a fault or a hang
 * kills (here a crash ends the whole run, and there is no per-case
 * timeout); kunit_add_action() and deferred actions, test attributes,
 * filtering by attribute, debugfs logs, kunit_test_init_section_suites,
 * static stubs and redirection, the module/built-in distinction (suites
 * run as if loaded as a module: IS_BUILTIN(CONFIG_..._KUNIT_TEST) is 0).
 * The filter is a glob on "suite.case", given as the runner's first
 * argument (the kernel's kunit.filter_glob); kunit.expect= pins the
 * counts a run must end with (shim/kunit/kunit_main.c).
 */
#ifndef _SHIM_KUNIT_TEST_RUNTIME_H
#define _SHIM_KUNIT_TEST_RUNTIME_H

#include <setjmp.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/gfp_types.h>
#include <linux/module.h>
#include <kunit/resource.h>

/* The result of a case, or of a suite. */
enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

#define KUNIT_PARAM_DESC_SIZE	128
#define KUNIT_STATUS_COMMENT_SIZE 256

struct kunit;

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
	/* private: set by the runner */
	enum kunit_status status;
};

#define KUNIT_CASE(test_name)	{ .run_case = test_name, .name = #test_name }
#define KUNIT_CASE_SLOW(test_name)	KUNIT_CASE(test_name)
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params }

struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	/* private: set by the runner */
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	int suite_init_err;
};

/* One run of a case (one parameter of a parameterised case). */
struct kunit {
	void *priv;			/* for the suite's own use */
	/* private: */
	const char *name;
	const void *param_value;
	int param_index;
	spinlock_t lock;		/* guards resources */
	struct list_head resources;
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	jmp_buf abort;			/* where an assertion or a skip lands */
};

/* Register suites; called from constructors made by kunit_test_suites(). */
void __kunit_register_suites(struct kunit_suite *const *suites, int nr);
/* The cases a run counted; each parameter of a parameterised case is one. */
struct kunit_totals {
	int passed, failed, skipped;
};
/*
 * Run every registered suite whose "suite.case" names match glob (NULL:
 * all), print KTAP and the summary line, and put the case counts in
 * *totals; the number of suites that ran.
 */
int kunit_run_all_suites(const char *glob, struct kunit_totals *totals);

#define __KUNIT_PASTE2(a, b)	a##b
#define __KUNIT_PASTE(a, b)	__KUNIT_PASTE2(a, b)
#define __kunit_test_suites(id, ...)					\
	static struct kunit_suite *const __KUNIT_PASTE(id, _list)[] =	\
		{ __VA_ARGS__ };					\
	static void __attribute__((__constructor__))			\
	__KUNIT_PASTE(id, _register)(void)				\
	{								\
		__kunit_register_suites(__KUNIT_PASTE(id, _list),	\
			ARRAY_SIZE(__KUNIT_PASTE(id, _list)));		\
	}
#define kunit_test_suites(...)						\
	__kunit_test_suites(__KUNIT_PASTE(__kunit_suites_, __COUNTER__), __VA_ARGS__)
#define kunit_test_suite(suite)		kunit_test_suites(&suite)

/* ---- the case's state ------------------------------------------------- */

void kunit_set_failure(struct kunit *test);
/* Leave the running case now (its exit and resource release still run). */
void __noreturn __kunit_abort(struct kunit *test);

__printf(2, 3) void kunit_mark_skipped_fmt(struct kunit *test, const char *fmt, ...);
#define kunit_mark_skipped(test, fmt, ...)				\
	kunit_mark_skipped_fmt(test, fmt, ##__VA_ARGS__)
#define kunit_skip(test, fmt, ...)					\
	do {								\
		kunit_mark_skipped_fmt(test, fmt, ##__VA_ARGS__);	\
		__kunit_abort(test);					\
	} while (0)

/* Log lines, printed at once (the kernel keeps them with the case too). */
__printf(2, 3) void kunit_log_line(struct kunit *test, const char *fmt, ...);
#define kunit_info(test, fmt, ...)	kunit_log_line(test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...)	kunit_log_line(test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...)	kunit_log_line(test, fmt, ##__VA_ARGS__)
#define kunit_printk(lvl, test, fmt, ...) kunit_log_line(test, fmt, ##__VA_ARGS__)

/* Memory freed when the case ends. */
void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);
static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}
/* An array of n elements of size bytes owned by test; NULL on overflow. */
static inline void *kunit_kmalloc_array(struct kunit *test, size_t n,
					size_t size, gfp_t gfp)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return kunit_kmalloc(test, bytes, gfp);
}
static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size,
				  gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

/* ---- expectations and assertions --------------------------------------- */

enum kunit_assert_type { KUNIT_ASSERTION, KUNIT_EXPECTATION };

/*
 * Report a failed check: "EXPECTATION FAILED at file:line" and what was
 * compared, plus the optional message; an assertion then aborts the case.
 */
__printf(5, 6) void __kunit_fail(struct kunit *test, enum kunit_assert_type type,
				 const char *file, int line, const char *fmt, ...);
void __kunit_fail_int(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, long long lval,
		      long long rval);
void __kunit_fail_ptr(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, const void *lval,
		      const void *rval);
void __kunit_fail_str(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, const char *lval,
		      const char *rval);
/* The optional "fmt, ..." of the _MSG forms, printed after a failure. */
__printf(2, 3) void __kunit_fail_msg(struct kunit *test, const char *fmt, ...);
void __kunit_fail_end(struct kunit *test, enum kunit_assert_type type);

#define __KUNIT_MSG(test, ...)						\
	__VA_OPT__(__kunit_fail_msg(test, __VA_ARGS__))

#define __KUNIT_CHECK_INT(test, type, left, op, right, ...)		\
	do {								\
		const __auto_type __kl = (left);			\
		const __auto_type __kr = (right);			\
		if (!(__kl op __kr)) {					\
			__kunit_fail_int(test, type, __FILE__, __LINE__, \
					 #left, #op, #right,		\
					 (long long)__kl, (long long)__kr); \
			__KUNIT_MSG(test, __VA_ARGS__);			\
			__kunit_fail_end(test, type);			\
		}							\
	} while (0)
#define __KUNIT_CHECK_PTR(test, type, left, op, right, ...)		\
	do {								\
		const void *__kl = (left);				\
		const void *__kr = (right);				\
		if (!(__kl op __kr)) {					\
			__kunit_fail_ptr(test, type, __FILE__, __LINE__, \
					 #left, #op, #right, __kl, __kr); \
			__KUNIT_MSG(test, __VA_ARGS__);			\
			__kunit_fail_end(test, type);			\
		}							\
	} while (0)
#define __KUNIT_CHECK_STR(test, type, left, op, right, ...)		\
	do {								\
		const char *__kl = (left);				\
		const char *__kr = (right);				\
		if (!(strcmp(__kl, __kr) op 0)) {			\
			__kunit_fail_str(test, type, __FILE__, __LINE__, \
					 #left, #op, #right, __kl, __kr); \
			__KUNIT_MSG(test, __VA_ARGS__);			\
			__kunit_fail_end(test, type);			\
		}							\
	} while (0)
#define __KUNIT_CHECK_COND(test, type, cond, expect, ...)		\
	do {								\
		const bool __kc = (cond);				\
		if (__kc != (expect)) {					\
			__kunit_fail(test, type, __FILE__, __LINE__,	\
				     "Expected %s to be %s, but is %s",	\
				     #cond, (expect) ? "true" : "false", \
				     (expect) ? "false" : "true");	\
			__KUNIT_MSG(test, __VA_ARGS__);			\
			__kunit_fail_end(test, type);			\
		}							\
	} while (0)
#define __KUNIT_CHECK_ERR_OR_NULL(test, type, ptr, ...)			\
	do {								\
		const void *__kp = (ptr);				\
		if (IS_ERR_OR_NULL(__kp)) {				\
			__kunit_fail(test, type, __FILE__, __LINE__,	\
				     "Expected %s is not error or NULL, but is: %p", \
				     #ptr, __kp);			\
			__KUNIT_MSG(test, __VA_ARGS__);			\
			__kunit_fail_end(test, type);			\
		}							\
	} while (0)

#define KUNIT_FAIL(test, fmt, ...)					\
	do {								\
		__kunit_fail(test, KUNIT_EXPECTATION, __FILE__, __LINE__, \
			     fmt, ##__VA_ARGS__);			\
		__kunit_fail_end(test, KUNIT_EXPECTATION);		\
	} while (0)

/* The _MSG forms take a format and its arguments after the operands. */
#define KUNIT_EXPECT_TRUE(test, c)	__KUNIT_CHECK_COND(test, KUNIT_EXPECTATION, c, true)
#define KUNIT_EXPECT_FALSE(test, c)	__KUNIT_CHECK_COND(test, KUNIT_EXPECTATION, c, false)
#define KUNIT_EXPECT_EQ(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, ==, r)
#define KUNIT_EXPECT_NE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, !=, r)
#define KUNIT_EXPECT_LT(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, <, r)
#define KUNIT_EXPECT_LE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, <=, r)
#define KUNIT_EXPECT_GT(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, >, r)
#define KUNIT_EXPECT_GE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, >=, r)
#define KUNIT_EXPECT_PTR_EQ(test, l, r)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, l, ==, r)
#define KUNIT_EXPECT_PTR_NE(test, l, r)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, l, !=, r)
#define KUNIT_EXPECT_NULL(test, p)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, p, ==, NULL)
#define KUNIT_EXPECT_NOT_NULL(test, p)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, p, !=, NULL)
#define KUNIT_EXPECT_STREQ(test, l, r)	__KUNIT_CHECK_STR(test, KUNIT_EXPECTATION, l, ==, r)
#define KUNIT_EXPECT_STRNEQ(test, l, r)	__KUNIT_CHECK_STR(test, KUNIT_EXPECTATION, l, !=, r)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, p) __KUNIT_CHECK_ERR_OR_NULL(test, KUNIT_EXPECTATION, p)

#define KUNIT_EXPECT_TRUE_MSG(test, c, ...)	__KUNIT_CHECK_COND(test, KUNIT_EXPECTATION, c, true, __VA_ARGS__)
#define KUNIT_EXPECT_FALSE_MSG(test, c, ...)	__KUNIT_CHECK_COND(test, KUNIT_EXPECTATION, c, false, __VA_ARGS__)
#define KUNIT_EXPECT_EQ_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, ==, r, __VA_ARGS__)
#define KUNIT_EXPECT_NE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, !=, r, __VA_ARGS__)
#define KUNIT_EXPECT_LT_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, <, r, __VA_ARGS__)
#define KUNIT_EXPECT_LE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, <=, r, __VA_ARGS__)
#define KUNIT_EXPECT_GT_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, >, r, __VA_ARGS__)
#define KUNIT_EXPECT_GE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_EXPECTATION, l, >=, r, __VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, l, r, ...) __KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, l, ==, r, __VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, p, ...)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, p, ==, NULL, __VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, p, ...)	__KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, p, !=, NULL, __VA_ARGS__)
#define KUNIT_EXPECT_STREQ_MSG(test, l, r, ...)	__KUNIT_CHECK_STR(test, KUNIT_EXPECTATION, l, ==, r, __VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ_MSG(test, l, r, ...) __KUNIT_CHECK_STR(test, KUNIT_EXPECTATION, l, !=, r, __VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE_MSG(test, l, r, ...) __KUNIT_CHECK_PTR(test, KUNIT_EXPECTATION, l, !=, r, __VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, p, ...) __KUNIT_CHECK_ERR_OR_NULL(test, KUNIT_EXPECTATION, p, __VA_ARGS__)

#define KUNIT_ASSERT_TRUE(test, c)	__KUNIT_CHECK_COND(test, KUNIT_ASSERTION, c, true)
#define KUNIT_ASSERT_FALSE(test, c)	__KUNIT_CHECK_COND(test, KUNIT_ASSERTION, c, false)
#define KUNIT_ASSERT_EQ(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, ==, r)
#define KUNIT_ASSERT_NE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, !=, r)
#define KUNIT_ASSERT_LT(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, <, r)
#define KUNIT_ASSERT_LE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, <=, r)
#define KUNIT_ASSERT_GT(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, >, r)
#define KUNIT_ASSERT_GE(test, l, r)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, >=, r)
#define KUNIT_ASSERT_PTR_EQ(test, l, r)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, l, ==, r)
#define KUNIT_ASSERT_PTR_NE(test, l, r)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, l, !=, r)
#define KUNIT_ASSERT_NULL(test, p)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, p, ==, NULL)
#define KUNIT_ASSERT_NOT_NULL(test, p)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, p, !=, NULL)
#define KUNIT_ASSERT_STREQ(test, l, r)	__KUNIT_CHECK_STR(test, KUNIT_ASSERTION, l, ==, r)
#define KUNIT_ASSERT_STRNEQ(test, l, r)	__KUNIT_CHECK_STR(test, KUNIT_ASSERTION, l, !=, r)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p) __KUNIT_CHECK_ERR_OR_NULL(test, KUNIT_ASSERTION, p)
#define KUNIT_ASSERT_FAILURE(test, fmt, ...)				\
	do {								\
		__kunit_fail(test, KUNIT_ASSERTION, __FILE__, __LINE__,	\
			     fmt, ##__VA_ARGS__);			\
		__kunit_fail_end(test, KUNIT_ASSERTION);		\
	} while (0)

#define KUNIT_ASSERT_TRUE_MSG(test, c, ...)	__KUNIT_CHECK_COND(test, KUNIT_ASSERTION, c, true, __VA_ARGS__)
#define KUNIT_ASSERT_FALSE_MSG(test, c, ...)	__KUNIT_CHECK_COND(test, KUNIT_ASSERTION, c, false, __VA_ARGS__)
#define KUNIT_ASSERT_EQ_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, ==, r, __VA_ARGS__)
#define KUNIT_ASSERT_NE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, !=, r, __VA_ARGS__)
#define KUNIT_ASSERT_LT_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, <, r, __VA_ARGS__)
#define KUNIT_ASSERT_LE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, <=, r, __VA_ARGS__)
#define KUNIT_ASSERT_GT_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, >, r, __VA_ARGS__)
#define KUNIT_ASSERT_GE_MSG(test, l, r, ...)	__KUNIT_CHECK_INT(test, KUNIT_ASSERTION, l, >=, r, __VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, l, r, ...) __KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, l, ==, r, __VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE_MSG(test, l, r, ...) __KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, l, !=, r, __VA_ARGS__)
#define KUNIT_ASSERT_NULL_MSG(test, p, ...)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, p, ==, NULL, __VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, p, ...)	__KUNIT_CHECK_PTR(test, KUNIT_ASSERTION, p, !=, NULL, __VA_ARGS__)
#define KUNIT_ASSERT_STREQ_MSG(test, l, r, ...)	__KUNIT_CHECK_STR(test, KUNIT_ASSERTION, l, ==, r, __VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ_MSG(test, l, r, ...) __KUNIT_CHECK_STR(test, KUNIT_ASSERTION, l, !=, r, __VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, p, ...) __KUNIT_CHECK_ERR_OR_NULL(test, KUNIT_ASSERTION, p, __VA_ARGS__)

#endif /* _SHIM_KUNIT_TEST_RUNTIME_H */
