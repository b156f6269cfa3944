// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace KUnit's runtime (<kunit/test.h> says what it models and
 * what not): the current test, resources, failed checks, and the runner
 * that prints KTAP.  It is part of libslab, as KUnit is part of the
 * kernel, so that the allocator can count errors into the running test
 * (slab_add_kunit_errors() in src/slab_common.c); the runner's main() is
 * kunit_main.c, linked into a suite's executable.
 */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test-runtime.h>
#include <kunit/test-bug.h>
#include <kunit/resource.h>

static __thread struct kunit *kunit_current;

struct kunit *kunit_get_current_test(void)
{
	return kunit_current;
}
EXPORT_SYMBOL(kunit_get_current_test);

/* ---- registration ------------------------------------------------------ */

#define KUNIT_MAX_SUITES 64
static struct kunit_suite *kunit_suites[KUNIT_MAX_SUITES];
static int kunit_nr_suites;

void __kunit_register_suites(struct kunit_suite *const *suites, int nr)
{
	for (int i = 0; i < nr; i++) {
		if (kunit_nr_suites == KUNIT_MAX_SUITES) {
			fprintf(stderr, "kunit: more than %d suites\n",
				KUNIT_MAX_SUITES);
			abort();
		}
		kunit_suites[kunit_nr_suites++] = suites[i];
	}
}
EXPORT_SYMBOL(__kunit_register_suites);

/* ---- resources ----------------------------------------------------------- */

int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
			 kunit_resource_free_t free, struct kunit_resource *res,
			 void *data)
{
	unsigned long flags;

	res->free = free;
	atomic_set(&res->refcount, 1);
	if (init) {
		int ret = init(res, data);

		if (ret)
			return ret;
	} else {
		res->data = data;
	}
	spin_lock_irqsave(&test->lock, flags);
	list_add_tail(&res->node, &test->resources);
	spin_unlock_irqrestore(&test->lock, flags);
	return 0;
}
EXPORT_SYMBOL(__kunit_add_resource);

struct kunit_resource *kunit_find_resource(struct kunit *test,
					   kunit_resource_match_t match,
					   void *match_data)
{
	struct kunit_resource *res, *found = NULL;
	unsigned long flags;

	spin_lock_irqsave(&test->lock, flags);
	list_for_each_entry_reverse(res, &test->resources, node) {
		if (match(test, res, match_data)) {
			atomic_inc(&res->refcount);
			found = res;
			break;
		}
	}
	spin_unlock_irqrestore(&test->lock, flags);
	return found;
}
EXPORT_SYMBOL(kunit_find_resource);

void kunit_put_resource(struct kunit_resource *res)
{
	if (!atomic_dec_and_test(&res->refcount))
		return;
	if (res->free)
		res->free(res);
	if (res->should_kfree)
		free(res);
}
EXPORT_SYMBOL(kunit_put_resource);

/* Take res off test's list; whether it was on it (and so held its reference). */
static bool kunit_unlink_resource(struct kunit *test, struct kunit_resource *res)
{
	unsigned long flags;
	bool was_linked;

	spin_lock_irqsave(&test->lock, flags);
	was_linked = !list_empty(&res->node);
	list_del_init(&res->node);
	spin_unlock_irqrestore(&test->lock, flags);
	return was_linked;
}

void kunit_remove_resource(struct kunit *test, struct kunit_resource *res)
{
	if (kunit_unlink_resource(test, res))
		kunit_put_resource(res);
}
EXPORT_SYMBOL(kunit_remove_resource);

int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match,
			   void *match_data)
{
	struct kunit_resource *res = kunit_find_resource(test, match, match_data);

	if (!res)
		return -ENOENT;
	/* The list's reference goes; the one find took keeps res alive until the put. */
	if (kunit_unlink_resource(test, res))
		atomic_dec(&res->refcount);
	kunit_put_resource(res);
	return 0;
}
EXPORT_SYMBOL(kunit_destroy_resource);

void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init,
			   kunit_resource_free_t free, gfp_t gfp, void *context)
{
	struct kunit_resource *res = calloc(1, sizeof(*res));

	if (!res)
		return NULL;
	res->should_kfree = true;
	if (__kunit_add_resource(test, init, free, res, context)) {
		free(res);
		return NULL;
	}
	return res->data;
}
EXPORT_SYMBOL(kunit_alloc_resource);

/* Release the resources of a finished case, newest first. */
static void kunit_release_resources(struct kunit *test)
{
	for (;;) {
		struct kunit_resource *res = NULL;
		unsigned long flags;

		spin_lock_irqsave(&test->lock, flags);
		if (!list_empty(&test->resources))
			res = list_last_entry(&test->resources,
					      struct kunit_resource, node);
		spin_unlock_irqrestore(&test->lock, flags);
		if (!res)
			break;
		kunit_remove_resource(test, res);
	}
}

/* kunit_kmalloc(): the object is the resource's data, freed with it. */
static int kunit_kmalloc_init(struct kunit_resource *res, void *context)
{
	const size_t *size = context;

	res->data = malloc(*size ? *size : 1);
	return res->data ? 0 : -ENOMEM;
}

static void kunit_kmalloc_free(struct kunit_resource *res)
{
	free(res->data);
}

void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	void *p = kunit_alloc_resource(test, kunit_kmalloc_init,
				       kunit_kmalloc_free, gfp, &size);

	if (p && (gfp & __GFP_ZERO))
		memset(p, 0, size);
	return p;
}
EXPORT_SYMBOL(kunit_kmalloc);

static bool kunit_data_match(struct kunit *test, struct kunit_resource *res,
			     void *data)
{
	return res->free == kunit_kmalloc_free && res->data == data;
}

void kunit_kfree(struct kunit *test, const void *ptr)
{
	if (ptr && kunit_destroy_resource(test, kunit_data_match, (void *)ptr))
		KUNIT_FAIL(test, "kunit_kfree: %p was not allocated by kunit_kmalloc", ptr);
}
EXPORT_SYMBOL(kunit_kfree);

/* ---- status and failures ------------------------------------------------- */

void kunit_set_failure(struct kunit *test)
{
	test->status = KUNIT_FAILURE;
}
EXPORT_SYMBOL(kunit_set_failure);

void __kunit_abort(struct kunit *test)
{
	longjmp(test->abort, 1);
}
EXPORT_SYMBOL(__kunit_abort);

void kunit_mark_skipped_fmt(struct kunit *test, const char *fmt, ...)
{
	va_list args;

	test->status = KUNIT_SKIPPED;
	va_start(args, fmt);
	sim_vsnprintf(test->status_comment, sizeof(test->status_comment), fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(kunit_mark_skipped_fmt);

/* Every line about a case is a KTAP diagnostic line of its suite. */
static void kunit_vline(struct kunit *test, const char *fmt, va_list args)
{
	char buf[1024];
	char *line, *save;

	sim_vsnprintf(buf, sizeof(buf), fmt, args);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		printf("    # %s: %s\n", test->name, line);
	fflush(stdout);
}

void kunit_log_line(struct kunit *test, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	kunit_vline(test, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(kunit_log_line);

static const char *const kunit_kind[] = {
	[KUNIT_ASSERTION] = "ASSERTION",
	[KUNIT_EXPECTATION] = "EXPECTATION",
};

void __kunit_fail(struct kunit *test, enum kunit_assert_type type,
		  const char *file, int line, const char *fmt, ...)
{
	va_list args;

	kunit_set_failure(test);
	kunit_log_line(test, "%s FAILED at %s:%d", kunit_kind[type], file, line);
	va_start(args, fmt);
	kunit_vline(test, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(__kunit_fail);

void __kunit_fail_int(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, long long lval,
		      long long rval)
{
	__kunit_fail(test, type, file, line,
		     "Expected %s %s %s, but\n    %s == %lld (%#llx)\n    %s == %lld (%#llx)",
		     left, op, right, left, lval, lval, right, rval, rval);
}
EXPORT_SYMBOL(__kunit_fail_int);

void __kunit_fail_ptr(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, const void *lval,
		      const void *rval)
{
	__kunit_fail(test, type, file, line,
		     "Expected %s %s %s, but\n    %s == %p\n    %s == %p",
		     left, op, right, left, lval, right, rval);
}
EXPORT_SYMBOL(__kunit_fail_ptr);

void __kunit_fail_str(struct kunit *test, enum kunit_assert_type type,
		      const char *file, int line, const char *left,
		      const char *op, const char *right, const char *lval,
		      const char *rval)
{
	__kunit_fail(test, type, file, line,
		     "Expected %s %s %s, but\n    %s == \"%s\"\n    %s == \"%s\"",
		     left, op, right, left, lval, right, rval);
}
EXPORT_SYMBOL(__kunit_fail_str);

void __kunit_fail_msg(struct kunit *test, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	kunit_vline(test, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(__kunit_fail_msg);

void __kunit_fail_end(struct kunit *test, enum kunit_assert_type type)
{
	if (type == KUNIT_ASSERTION)
		__kunit_abort(test);
}
EXPORT_SYMBOL(__kunit_fail_end);

void __kunit_fail_current_test(const char *file, int line, const char *fmt, ...)
{
	struct kunit *test = kunit_current;
	va_list args;

	if (!test)
		return;
	kunit_set_failure(test);
	kunit_log_line(test, "%s:%d:", file, line);
	va_start(args, fmt);
	kunit_vline(test, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(__kunit_fail_current_test);

/* ---- the runner ----------------------------------------------------------- */

static const char *kunit_status_word(enum kunit_status status)
{
	return status == KUNIT_FAILURE ? "not ok" : "ok";
}

static void kunit_result_line(const char *indent, int nr, const char *name,
			      enum kunit_status status, const char *comment)
{
	printf("%s%s %d %s", indent, kunit_status_word(status), nr, name);
	if (status == KUNIT_SKIPPED)
		printf(" # SKIP %s", comment);
	printf("\n");
	fflush(stdout);
}

/*
 * One run of a case: init, the case, exit, then the resources.  An
 * assertion or a skip in the case lands back here and exit still runs; one
 * in init or exit ends that step.
 */
static void kunit_run_one(struct kunit_suite *suite, struct kunit_case *c,
			  struct kunit *test)
{
	kunit_current = test;
	if (!setjmp(test->abort)) {
		int err = suite->init ? suite->init(test) : 0;

		if (err) {
			kunit_log_line(test, "failed to initialise: %d", err);
			kunit_set_failure(test);
		} else {
			c->run_case(test);
		}
	}
	if (suite->exit && !setjmp(test->abort))
		suite->exit(test);
	kunit_release_resources(test);
	kunit_current = NULL;
}

/*
 * The filter glob: "suite" or "suite.case" (as kunit.filter_glob), with
 * fnmatch() wildcards; NULL runs everything.
 */
static bool kunit_suite_wanted(const char *glob, const char *suite)
{
	char part[256];

	if (!glob)
		return true;
	snprintf(part, sizeof(part), "%.*s", (int)strcspn(glob, "."), glob);
	return fnmatch(part, suite, 0) == 0;
}

static bool kunit_wanted(const char *glob, const char *suite, const char *name)
{
	char full[512];

	if (!glob || !strchr(glob, '.'))
		return kunit_suite_wanted(glob, suite);
	snprintf(full, sizeof(full), "%s.%s", suite, name);
	return fnmatch(glob, full, 0) == 0;
}

static void kunit_count(struct kunit_totals *t, enum kunit_status status)
{
	if (status == KUNIT_FAILURE)
		t->failed++;
	else if (status == KUNIT_SKIPPED)
		t->skipped++;
	else
		t->passed++;
}

static void kunit_init_test(struct kunit *test, const char *name)
{
	memset(test, 0, sizeof(*test));
	test->name = name;
	spin_lock_init(&test->lock);
	INIT_LIST_HEAD(&test->resources);
	test->status = KUNIT_SUCCESS;
}

/* A parameterised case: one subtest line per parameter, then its own. */
static enum kunit_status kunit_run_params(struct kunit_suite *suite,
					  struct kunit_case *c,
					  struct kunit_totals *t)
{
	enum kunit_status status = KUNIT_SKIPPED;
	char desc[KUNIT_PARAM_DESC_SIZE];
	const void *param;
	int index = 0;

	printf("        KTAP version 1\n        # Subtest: %s\n", c->name);
	desc[0] = '\0';
	for (param = c->generate_params(NULL, desc); param;
	     param = c->generate_params(param, desc)) {
		struct kunit test;

		kunit_init_test(&test, c->name);
		test.param_value = param;
		test.param_index = index;
		kunit_run_one(suite, c, &test);
		if (!desc[0])
			snprintf(desc, sizeof(desc), "param-%d", index);
		kunit_result_line("        ", ++index, desc, test.status,
				  test.status_comment);
		kunit_count(t, test.status);
		if (test.status == KUNIT_FAILURE)
			status = KUNIT_FAILURE;
		else if (test.status == KUNIT_SUCCESS && status == KUNIT_SKIPPED)
			status = KUNIT_SUCCESS;
		desc[0] = '\0';
	}
	return status;
}

static enum kunit_status kunit_run_suite(struct kunit_suite *suite,
					 const char *glob, int nr,
					 struct kunit_totals *all)
{
	struct kunit_totals t = { 0 };
	enum kunit_status status;
	struct kunit_case *c;
	int cases = 0, index = 0;

	for (c = suite->test_cases; c->run_case; c++)
		if (kunit_wanted(glob, suite->name, c->name))
			cases++;
	printf("    KTAP version 1\n    # Subtest: %s\n    1..%d\n",
	       suite->name, cases);
	fflush(stdout);
	suite->suite_init_err = suite->suite_init ? suite->suite_init(suite) : 0;
	for (c = suite->test_cases; c->run_case; c++) {
		struct kunit test;

		if (!kunit_wanted(glob, suite->name, c->name))
			continue;
		kunit_init_test(&test, c->name);
		if (suite->suite_init_err) {
			kunit_log_line(&test, "suite_init failed: %d",
				       suite->suite_init_err);
			kunit_set_failure(&test);
			kunit_count(&t, test.status);
		} else if (c->generate_params) {
			test.status = kunit_run_params(suite, c, &t);
		} else {
			kunit_run_one(suite, c, &test);
			kunit_count(&t, test.status);
		}
		c->status = test.status;
		kunit_result_line("    ", ++index, c->name, test.status,
				  test.status_comment);
	}
	if (suite->suite_exit && !suite->suite_init_err)
		suite->suite_exit(suite);

	printf("# %s: pass:%d fail:%d skip:%d total:%d\n", suite->name,
	       t.passed, t.failed, t.skipped, t.passed + t.failed + t.skipped);
	if (t.failed)
		status = KUNIT_FAILURE;
	else if (t.passed)
		status = KUNIT_SUCCESS;
	else
		status = KUNIT_SKIPPED;
	suite->status = status;
	kunit_result_line("", nr, suite->name, status, "no case ran");
	all->passed += t.passed;
	all->failed += t.failed;
	all->skipped += t.skipped;
	return status;
}

int kunit_run_all_suites(const char *glob, struct kunit_totals *totals)
{
	struct kunit_totals all = { 0 };
	int i, nr = 0;

	*totals = all;
	/* A module without suites is not a KUnit test: it prints no KTAP. */
	if (!kunit_nr_suites)
		return 0;
	for (i = 0; i < kunit_nr_suites; i++)
		if (kunit_suite_wanted(glob, kunit_suites[i]->name))
			nr++;
	printf("KTAP version 1\n1..%d\n", nr);
	nr = 0;
	for (i = 0; i < kunit_nr_suites; i++) {
		struct kunit_suite *suite = kunit_suites[i];

		if (!kunit_suite_wanted(glob, suite->name))
			continue;
		kunit_run_suite(suite, glob, ++nr, &all);
	}
	printf("# Totals: pass:%d fail:%d skip:%d total:%d\n", all.passed,
	       all.failed, all.skipped, all.passed + all.failed + all.skipped);
	if (all.skipped)
		printf("%d passed, %d failed, %d skipped\n", all.passed,
		       all.failed, all.skipped);
	else
		printf("%d passed, %d failed\n", all.passed, all.failed);
	fflush(stdout);
	*totals = all;
	return nr;
}
EXPORT_SYMBOL(kunit_run_all_suites);
