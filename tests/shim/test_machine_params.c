// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated machine's parameters: each bad value is refused with a
 * message naming it and what was expected (start-up then keeps that
 * parameter's default, as the kernel keeps a malformed boot parameter
 * unapplied); good values and the allocator's own words pass silently.
 */
#include <linux/cpumask.h>
#include <sim/params.h>
#include <sim/startup.h>
#include "shim_harness.h"

static int start(void **state)
{
	capture_start();
	return 0;
}

static int stop(void **state)
{
	capture_stop();
	sim_printk_reset_counts();
	return 0;
}

/* Assert that cmdline is refused with exactly this message. */
static void assert_refused(const char *cmdline, const char *message)
{
	capture_start();
	assert_int_equal(sim_check_cmdline(cmdline), -EINVAL);
	capture_stop();
	assert_string_equal(captured(), message);
}

static void test_good_machine_parameters_pass_silently(void **state)
{
	assert_int_equal(sim_check_cmdline("nr_cpus=4 numa=fake=2 mem=64M cpu_map=getcpu "
					   "preempt=rt page_poison=on init_on_alloc=1 "
					   "init_on_free=off slub_tool_poison=y fail_seed=7 "
					   "random_seed=0x10 fail_page_alloc=1,100,0,5"), 0);
	assert_string_equal(captured(), "");
}

static void test_allocator_words_are_not_the_machines(void **state)
{
	assert_int_equal(sim_check_cmdline("slub_debug=FZ slab_nomerge memx=3"), 0);
	assert_string_equal(captured(), "");
}

static void test_nr_cpus_out_of_range_or_not_a_number(void **state)
{
	assert_refused("nr_cpus=0", "libslab: nr_cpus=0: expects a number of CPUs in 1..256; ignored\n");
	assert_refused("nr_cpus=-1", "libslab: nr_cpus=-1: expects a number of CPUs in 1..256; ignored\n");
	assert_refused("nr_cpus=abc", "libslab: nr_cpus=abc: expects a number of CPUs in 1..256; ignored\n");
	assert_refused("nr_cpus=1024", "libslab: nr_cpus=1024: expects a number of CPUs in 1..256; ignored\n");
}

static void test_numa_fake_out_of_range(void **state)
{
	assert_refused("numa=fake=0",
		       "libslab: numa=fake=0: expects fake= and a number of nodes in 1..64; ignored\n");
	assert_refused("numa=fake=65",
		       "libslab: numa=fake=65: expects fake= and a number of nodes in 1..64; ignored\n");
	/* numa=off and the kernel's other numa= options are not modelled. */
	assert_refused("numa=off",
		       "libslab: numa=off: expects fake= and a number of nodes in 1..64; ignored\n");
}

static void test_mem_negative_too_small_or_too_large(void **state)
{
	assert_refused("mem=-5", "libslab: mem=-5: expects a size per node in 4M..1024G; ignored\n");
	assert_refused("mem=1M", "libslab: mem=1M: expects a size per node in 4M..1024G; ignored\n");
	assert_refused("mem=99999999G", "libslab: mem=99999999G: expects a size per node in 4M..1024G; ignored\n");
	assert_refused("mem=64Q", "libslab: mem=64Q: expects a size per node in 4M..1024G; ignored\n");
}

static void test_mem_times_nodes_too_large(void **state)
{
	assert_refused("mem=512G numa=fake=4",
		       "libslab: mem=549755813888 with numa=fake=4: more than 1024G in all; mem= ignored\n");
}

static void test_memoryless_nodes_leave_node_0_its_memory(void **state)
{
	assert_int_equal(sim_check_cmdline("numa=fake=3 memoryless_nodes=2"), 0);
	assert_string_equal(captured(), "");
	assert_refused("memoryless_nodes=1",
		       "libslab: memoryless_nodes=1 with numa=fake=1: node 0 must have memory; memoryless_nodes= ignored\n");
	assert_refused("numa=fake=2 memoryless_nodes=2",
		       "libslab: memoryless_nodes=2 with numa=fake=2: node 0 must have memory; memoryless_nodes= ignored\n");
	assert_refused("memoryless_nodes=-1",
		       "libslab: memoryless_nodes=-1: expects fewer nodes than numa=fake= makes; ignored\n");
}

static void test_unknown_cpu_map_and_preempt_model(void **state)
{
	assert_refused("cpu_map=foo", "libslab: cpu_map=foo: expects rr or getcpu; ignored\n");
	assert_refused("preempt=foo",
		       "libslab: preempt=foo: expects rt, or none, voluntary or full (run alike); ignored\n");
}

/* The kernel's early_init_on_alloc() takes kstrtobool(), which refuses "2". */
static void test_switches_take_the_kernels_booleans(void **state)
{
	assert_refused("init_on_alloc=2",
		       "libslab: init_on_alloc=2: expects on/off, 1/0 or y/n; ignored\n");
	assert_refused("page_poison=maybe",
		       "libslab: page_poison=maybe: expects on/off, 1/0 or y/n; ignored\n");
}

static void test_fail_page_alloc_needs_four_fields(void **state)
{
	capture_start();
	assert_int_equal(sim_check_cmdline("fail_page_alloc=1,100"), -EINVAL);
	capture_stop();
	assert_captured("libslab: fail_page_alloc=1,100: expects interval,probability,space,times");
}

static void test_every_bad_word_gets_its_message(void **state)
{
	assert_refused("nr_cpus=x mem=2M",
		       "libslab: nr_cpus=x: expects a number of CPUs in 1..256; ignored\n"
		       "libslab: mem=2M: expects a size per node in 4M..1024G; ignored\n");
}

/* Once the machine is up (start-up brought it up), its words come too late, and are told so. */
static void test_a_machine_word_after_start_up_is_refused(void **state)
{
	capture_start();
	assert_int_equal(sim_setup_param("nr_cpus", "4"), -EBUSY);
	assert_int_equal(sim_setup_param("slab_nomerge", NULL), -ENOENT);
	capture_stop();
	assert_string_equal(captured(), "libslab: nr_cpus=4: the simulated machine is up already; ignored\n");
	assert_int_equal(nr_cpu_ids, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_good_machine_parameters_pass_silently, start, stop),
		cmocka_unit_test_setup_teardown(test_allocator_words_are_not_the_machines, start, stop),
		cmocka_unit_test_setup_teardown(test_nr_cpus_out_of_range_or_not_a_number, start, stop),
		cmocka_unit_test_setup_teardown(test_numa_fake_out_of_range, start, stop),
		cmocka_unit_test_setup_teardown(test_mem_negative_too_small_or_too_large, start, stop),
		cmocka_unit_test_setup_teardown(test_mem_times_nodes_too_large, start, stop),
		cmocka_unit_test_setup_teardown(test_memoryless_nodes_leave_node_0_its_memory,
						start, stop),
		cmocka_unit_test_setup_teardown(test_unknown_cpu_map_and_preempt_model, start, stop),
		cmocka_unit_test_setup_teardown(test_switches_take_the_kernels_booleans, start, stop),
		cmocka_unit_test_setup_teardown(test_fail_page_alloc_needs_four_fields, start, stop),
		cmocka_unit_test_setup_teardown(test_every_bad_word_gets_its_message, start, stop),
		cmocka_unit_test_setup_teardown(test_a_machine_word_after_start_up_is_refused, start, stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
