// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace KUnit itself (shim/include/kunit/test.h), as a KUnit
 * suite: failed checks and skips recorded on a scratch test (its output
 * lines are part of this run's log), resources, the current test, the
 * "slab_errors" count the allocator keeps for the current test, and
 * parameterised cases.  Every case here passes.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/slab.h>

static void scratch_init(struct kunit *scratch, const char *name)
{
	memset(scratch, 0, sizeof(*scratch));
	scratch->name = name;
	spin_lock_init(&scratch->lock);
	INIT_LIST_HEAD(&scratch->resources);
}

static void test_expectation_marks_failure(struct kunit *test)
{
	struct kunit scratch;
	volatile bool went_on = false;

	scratch_init(&scratch, "scratch_expect");
	KUNIT_EXPECT_EQ(&scratch, 1, 1);
	KUNIT_EXPECT_STREQ(&scratch, "a", "a");
	KUNIT_EXPECT_EQ(test, scratch.status, KUNIT_SUCCESS);
	if (!setjmp(scratch.abort)) {
		KUNIT_EXPECT_EQ(&scratch, 2, 3);	/* a deliberate failure */
		went_on = true;
	}
	KUNIT_EXPECT_TRUE(test, went_on);
	KUNIT_EXPECT_EQ(test, scratch.status, KUNIT_FAILURE);
}

static void test_assertion_aborts(struct kunit *test)
{
	struct kunit scratch;
	volatile bool went_on = false;

	scratch_init(&scratch, "scratch_assert");
	if (!setjmp(scratch.abort)) {
		KUNIT_ASSERT_PTR_EQ(&scratch, (void *)test, NULL); /* deliberate */
		went_on = true;
	}
	KUNIT_EXPECT_FALSE(test, went_on);
	KUNIT_EXPECT_EQ(test, scratch.status, KUNIT_FAILURE);
}

static void test_skip_aborts(struct kunit *test)
{
	struct kunit scratch;
	volatile bool went_on = false;

	scratch_init(&scratch, "scratch_skip");
	if (!setjmp(scratch.abort)) {
		kunit_skip(&scratch, "reason %d", 7);
		went_on = true;
	}
	KUNIT_EXPECT_FALSE(test, went_on);
	KUNIT_EXPECT_EQ(test, scratch.status, KUNIT_SKIPPED);
	KUNIT_EXPECT_STREQ(test, scratch.status_comment, "reason 7");
}

static int freed;

static void count_free(struct kunit_resource *res)
{
	freed++;
}

static void test_named_resources(struct kunit *test)
{
	static struct kunit_resource a, b;
	struct kunit_resource *found;
	int data = 5;

	freed = 0;
	KUNIT_ASSERT_EQ(test, 0, kunit_add_named_resource(test, NULL, count_free,
							   &a, "one", &data));
	KUNIT_EXPECT_EQ(test, -EEXIST, kunit_add_named_resource(test, NULL, count_free,
								 &b, "one", &data));
	found = kunit_find_named_resource(test, "one");
	KUNIT_ASSERT_PTR_EQ(test, found, &a);
	KUNIT_EXPECT_PTR_EQ(test, found->data, &data);
	kunit_put_resource(found);
	KUNIT_EXPECT_NULL(test, kunit_find_named_resource(test, "two"));
	KUNIT_EXPECT_EQ(test, 0, kunit_destroy_named_resource(test, "one"));
	KUNIT_EXPECT_EQ(test, freed, 1);
	KUNIT_EXPECT_EQ(test, -ENOENT, kunit_destroy_named_resource(test, "one"));
	/* A static resource can be added again once released. */
	KUNIT_EXPECT_EQ(test, 0, kunit_add_named_resource(test, NULL, NULL,
							  &a, "one", &data));
	KUNIT_EXPECT_NOT_NULL(test, kunit_kzalloc(test, 32, GFP_KERNEL));
}

static void test_current_test(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
}

/* The allocator's error events go to the current test's "slab_errors". */
static void test_slab_errors(struct kunit *test)
{
	static struct kunit_resource res;
	struct kmem_cache *s;
	int errors = 0;

	KUNIT_ASSERT_EQ(test, 0, kunit_add_named_resource(test, NULL, NULL, &res,
							  "slab_errors", &errors));
	s = kmem_cache_create("kunit_shim_leak", 64, 0,
			      SLAB_NO_MERGE | SLAB_NO_USER_FLAGS, NULL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_NOT_NULL(test, kmem_cache_alloc(s, GFP_KERNEL));
	kmem_cache_destroy(s);	/* the report and the object it lists */
	KUNIT_EXPECT_EQ(test, errors, 2);
}

static const void *three_params(const void *prev, char *desc)
{
	static const int values[] = { 1, 2, 3 };
	const int *next = prev ? (const int *)prev + 1 : values;

	if (next == values + ARRAY_SIZE(values))
		return NULL;
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "value %d", *next);
	return next;
}

static int param_sum;

static void test_params(struct kunit *test)
{
	param_sum += *(const int *)test->param_value;
	KUNIT_EXPECT_LE(test, param_sum, 6);
}

static void test_params_ran(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, param_sum, 6);
}

static int inits, exits;

static int count_init(struct kunit *test)
{
	inits++;
	return 0;
}

static void count_exit(struct kunit *test)
{
	exits++;
}

static void test_init_exit(struct kunit *test)
{
	/* Every case so far ran between init and exit. */
	KUNIT_EXPECT_EQ(test, inits, exits + 1);
}

static struct kunit_case kunit_shim_cases[] = {
	KUNIT_CASE(test_expectation_marks_failure),
	KUNIT_CASE(test_assertion_aborts),
	KUNIT_CASE(test_skip_aborts),
	KUNIT_CASE(test_named_resources),
	KUNIT_CASE(test_current_test),
	KUNIT_CASE(test_slab_errors),
	KUNIT_CASE_PARAM(test_params, three_params),
	KUNIT_CASE(test_params_ran),
	KUNIT_CASE(test_init_exit),
	{}
};

static struct kunit_suite kunit_shim_suite = {
	.name = "kunit_shim",
	.init = count_init,
	.exit = count_exit,
	.test_cases = kunit_shim_cases,
};
kunit_test_suite(kunit_shim_suite);
