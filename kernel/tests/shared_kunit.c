// SPDX-License-Identifier: GPL-2.0
/*
 * shared_kunit.c - the KUnit side of the shared test cases' contract
 * (slab_test.h): the libslab_kmalloc, libslab_cache and libslab_debug
 * suites run the same case files as the userspace cmocka suites.
 *
 * Built with libslab_prelude.h force-included, so the allocator names in
 * the cases are libslab's (lslab_) ones.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/ctype.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>
#include <trace/events/printk.h>
#include "../slab.h"
#include "slab_test.h"

/* A case's helpers check too, so every check finds its test itself. */
#define slab_test_ctx()			kunit_get_current_test()

#define SLAB_TEST(name)			static void name(struct kunit *test)
#define SLAB_TEST_TABLE(name)		static struct kunit_case name[]
#define SLAB_CASE(name)			KUNIT_CASE(name)
#define SLAB_TEST_TABLE_END		{}

#define slab_assert(cond)		KUNIT_ASSERT_TRUE(slab_test_ctx(), cond)
#define slab_assert_eq(a, b)		KUNIT_ASSERT_EQ(slab_test_ctx(), a, b)
#define slab_assert_ge(a, b)		KUNIT_ASSERT_GE(slab_test_ctx(), a, b)
#define slab_assert_ptr_eq(a, b)	\
	KUNIT_ASSERT_PTR_EQ(slab_test_ctx(), (const void *)(a), (const void *)(b))
#define slab_assert_ptr_ne(a, b)	\
	KUNIT_ASSERT_PTR_NE(slab_test_ctx(), (const void *)(a), (const void *)(b))
#define slab_assert_null(p)		KUNIT_ASSERT_NULL(slab_test_ctx(), p)
#define slab_assert_not_null(p)		KUNIT_ASSERT_NOT_NULL(slab_test_ctx(), p)
#define slab_assert_str_eq(a, b)	KUNIT_ASSERT_STREQ(slab_test_ctx(), a, b)
#define slab_assert_mem_eq(a, b, n)	KUNIT_ASSERT_MEMEQ(slab_test_ctx(), a, b, n)
#define slab_fail(...)			KUNIT_FAIL_AND_ABORT(slab_test_ctx(), __VA_ARGS__)
#define slab_skip(reason)		kunit_skip(slab_test_ctx(), reason)

/* The listings the cases read are far below this. */
#define SLAB_TEST_SEQ_SIZE	SZ_256K

static void slab_seq_open(struct seq_file *m)
{
	memset(m, 0, sizeof(*m));
	m->buf = vzalloc(SLAB_TEST_SEQ_SIZE);
	slab_assert_not_null(m->buf);
	m->size = SLAB_TEST_SEQ_SIZE;
}

static void slab_seq_close(struct seq_file *m)
{
	vfree(m->buf);
	m->buf = NULL;
}

/* A report's text is far below this. */
#define SLAB_REPORT_CAPTURE_SIZE	SZ_64K

/*
 * What the test's own thread printed since slab_reports_begin(), one
 * printk record a line.  printk() fires the printk:console tracepoint in
 * the caller's context with each record's text, so the capture is
 * complete when the call that reported returns.  Only the test thread's
 * records outside interrupts are kept: a case's reports come from the
 * calls it makes, and with one writer the probe needs no lock.
 */
static struct {
	struct task_struct *task;
	char *text;
	size_t len;
	bool truncated;
} slab_capture;

static unsigned long slab_reports_base;

static void slab_capture_record(void *unused, const char *text, size_t len)
{
	if (!in_task() || current != slab_capture.task)
		return;
	/* The record, its newline and the final NUL. */
	if (len + 2 > SLAB_REPORT_CAPTURE_SIZE - slab_capture.len) {
		slab_capture.truncated = true;
		return;
	}
	memcpy(slab_capture.text + slab_capture.len, text, len);
	slab_capture.len += len;
	slab_capture.text[slab_capture.len++] = '\n';
	slab_capture.text[slab_capture.len] = '\0';
}

static void slab_reports_close(void *unused)
{
	unregister_trace_console(slab_capture_record, NULL);
	tracepoint_synchronize_unregister();
	slab_capture.task = NULL;
	pr_info("libslab: expected report end\n");
}

static void slab_reports_begin(void)
{
	struct kunit *test = slab_test_ctx();

	slab_capture.text = kunit_kzalloc(test, SLAB_REPORT_CAPTURE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, slab_capture.text);
	slab_capture.len = 0;
	slab_capture.truncated = false;
	slab_capture.task = current;
	slab_reports_base = libslab_error_count();
	pr_info("libslab: expected report begin\n");
	KUNIT_ASSERT_EQ_MSG(test, register_trace_console(slab_capture_record, NULL), 0,
			    "no printk:console tracepoint (CONFIG_TRACEPOINTS)");
	/* Added after the buffer, so run before it is freed. */
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, slab_reports_close, NULL), 0);
}

static bool slab_starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/*
 * The capture holds text.  A BUG line's taint field is the taint at the
 * time of the report: KUnit taints the kernel (TAINT_TEST) before a case
 * runs and each report adds TAINT_BAD_PAGE, so where a case expects "Not
 * tainted" (the cmocka harness resets the taint for each case) the kernel
 * may print "Tainted: " and the flags' letters instead (the kernel's
 * print_tainted() pads clear flags with spaces, the module's prelude
 * prints the set ones only); either is the field.
 */
static bool slab_captured(const char *text)
{
	static const char untainted[] = "Not tainted", tainted[] = "Tainted: ";
	const char *field = strstr(text, untainted);
	const char *rest, *at, *after, *flags;
	size_t head;

	if (!field)
		return strstr(slab_capture.text, text);
	head = field - text;
	rest = field + strlen(untainted);
	for (at = slab_capture.text; *at; at++) {
		if (strncmp(at, text, head))
			continue;
		after = at + head;
		if (slab_starts_with(after, untainted)) {
			after += strlen(untainted);
		} else if (slab_starts_with(after, tainted)) {
			flags = after + strlen(tainted);
			for (after = flags; isupper(*after) || *after == ' '; after++)
				;
			if (after == flags)
				continue;
		} else {
			continue;
		}
		if (slab_starts_with(after, rest))
			return true;
	}
	return false;
}

/* Ends the case when no report said text; the message names it. */
static void slab_assert_captured(struct kunit *test, const char *text)
{
	KUNIT_ASSERT_TRUE_MSG(test, slab_captured(text),
			      "no report said \"%s\" (%zu bytes printed%s)", text,
			      slab_capture.len, slab_capture.truncated ? ", more lost" : "");
}

/* Ends the case when a report said text. */
static void slab_assert_not_captured(struct kunit *test, const char *text)
{
	KUNIT_ASSERT_FALSE_MSG(test, slab_captured(text),
			       "a report said \"%s\"", text);
}

#define slab_reports_counted()		(libslab_error_count() - slab_reports_base)
#define slab_assert_reported(text)	slab_assert_captured(slab_test_ctx(), text)
#define slab_assert_not_reported(text)	slab_assert_not_captured(slab_test_ctx(), text)

#include "kmalloc_cases.h"
#include "cache_cases.h"
#include "debug_cases.h"

static struct slab_test_kfence_saved kmalloc_suite_kfence;

/* The kmalloc cases size and count the kmalloc caches' objects. */
static int libslab_kmalloc_suite_init(struct kunit_suite *suite)
{
	slab_test_kmalloc_skip_kfence(&kmalloc_suite_kfence);
	return 0;
}

static void libslab_kmalloc_suite_exit(struct kunit_suite *suite)
{
	slab_test_kmalloc_let_kfence_back(&kmalloc_suite_kfence);
}

static struct kunit_suite libslab_kmalloc_suite = {
	.name = "libslab_kmalloc",
	.suite_init = libslab_kmalloc_suite_init,
	.suite_exit = libslab_kmalloc_suite_exit,
	.test_cases = kmalloc_cases,
};

static struct kunit_suite libslab_cache_suite = {
	.name = "libslab_cache",
	.test_cases = cache_cases,
};

static struct kunit_suite libslab_debug_suite = {
	.name = "libslab_debug",
	.test_cases = debug_cases,
};

kunit_test_suites(&libslab_kmalloc_suite, &libslab_cache_suite,
		  &libslab_debug_suite);
