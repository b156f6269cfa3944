// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-fast has no simulation hooks (<linux/sim_hooks.h>): what needs
 * them refuses with a clear error instead of silently doing nothing.
 */
#include <errno.h>
#include <linux/sim_det.h>
#include "harness.h"

static void do_nothing(void *arg)
{
}

static void test_deterministic_scheduler_is_refused(void **state)
{
	const struct sim_det_task_spec tasks[] = { { .fn = do_nothing } };
	const struct sim_det_params params = { .seed = 1 };
	struct sim_det_result res;

	capture_start();
	assert_int_equal(sim_det_run(&params, tasks, 1, &res), -EOPNOTSUPP);
	capture_stop();
	assert_captured("built without preemption points");
}

static unsigned int hook_calls;

static void count_point(enum sim_point point, void *arg)
{
	hook_calls++;
}

static void test_point_hook_is_refused_with_a_warning(void **state)
{
	unsigned long warns = sim_warn_count();
	struct kmem_cache *s = make_test_cache("fast_point_hook");

	capture_start();
	sim_set_point_hook(count_point, NULL);
	capture_stop();
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured("libslab-fast has no preemption points");
	kmem_cache_free(s, kmem_cache_alloc(s, GFP_KERNEL));
	assert_int_equal(hook_calls, 0);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deterministic_scheduler_is_refused),
		cmocka_unit_test(test_point_hook_is_refused_with_a_warning),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
