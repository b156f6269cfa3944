// SPDX-License-Identifier: GPL-2.0
/*
 * slub_debug= parsing, as the kernel parses it: flags, '-', per-cache
 * lists separated by ',' and blocks by ';', globs, 'O', unknown letters,
 * and caches that opt out with SLAB_NO_USER_FLAGS.
 */
#include "harness.h"

static int reset(void **state)
{
	capture_start();
	return 0;
}

static int restore(void **state)
{
	capture_stop();
	assert_int_equal(libslab_parse_cmdline("slub_debug=-"), 0);
	sim_printk_reset_counts();
	return 0;
}

/* The debug flags a cache called name created now would get. */
static slab_flags_t debug_of(const char *name, slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_create(name, 100, 0, flags, NULL);
	slab_flags_t got;

	assert_non_null(s);
	got = s->flags & (SLAB_DEBUG_FLAGS | SLAB_FAILSLAB);
	kmem_cache_destroy(s);
	return got;
}

static void test_bare_slub_debug_turns_on_all_debugging(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug"), 0);
	assert_int_equal(debug_of("any_cache", 0), DEBUG_DEFAULT_FLAGS);
}

static void test_each_letter_turns_on_its_flag(void **state)
{
	static const struct { const char *opt; slab_flags_t flag; } letters[] = {
		{ "slub_debug=F", SLAB_CONSISTENCY_CHECKS },
		{ "slub_debug=Z", SLAB_RED_ZONE },
		{ "slub_debug=P", SLAB_POISON },
		{ "slub_debug=U", SLAB_STORE_USER },
		{ "slub_debug=T", SLAB_TRACE },
		{ "slub_debug=A", SLAB_FAILSLAB },
		{ "slab_debug=zp", SLAB_RED_ZONE | SLAB_POISON },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(letters); i++) {
		assert_int_equal(libslab_parse_cmdline(letters[i].opt), 0);
		assert_int_equal(debug_of("letter_cache", 0), letters[i].flag);
	}
}

static void test_minus_turns_debugging_off(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=FZ-"), 0);
	assert_int_equal(debug_of("off_cache", 0), 0);
}

static void test_a_cache_list_limits_the_flags_to_those_caches(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=P,listed_a,listed_b"), 0);
	assert_int_equal(debug_of("listed_a", 0), SLAB_POISON);
	assert_int_equal(debug_of("listed_b", 0), SLAB_POISON);
	assert_int_equal(debug_of("unlisted", 0), 0);
}

/*
 * A kernel command line holds up to COMMAND_LINE_SIZE (2048 on x86_64)
 * characters, so a cache list of 600 keeps its last name.
 */
static void test_a_long_cache_list_is_read_to_its_end(void **state)
{
	char param[1024] = "slub_debug=P";
	int i;

	for (i = 0; i < 40; i++)
		strcat(param, ",a_cache_named_filler");
	strcat(param, ",the_last_cache");
	assert_true(strlen(param) > 600);
	assert_int_equal(libslab_parse_cmdline(param), 0);
	assert_int_equal(debug_of("the_last_cache", 0), SLAB_POISON);
}

/* A word no kernel command line can hold is refused with a message, not cut. */
static void test_a_parameter_longer_than_a_command_line_is_refused(void **state)
{
	static char param[2100];

	memset(param, 'x', sizeof(param) - 1);
	memcpy(param, "slub_debug=P,", 13);
	assert_int_equal(libslab_parse_cmdline(param), -EINVAL);
	assert_captured("command line 'slub_debug=P,xxxxxxxxxxxxxxxxxxx...' is longer than 2047 characters");
}

static void test_blocks_give_different_caches_different_flags(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=P,cache_a;Z,cache_b;U"), 0);
	assert_int_equal(debug_of("cache_a", 0), SLAB_POISON);
	assert_int_equal(debug_of("cache_b", 0), SLAB_RED_ZONE);
	/* A block without a list sets the flags of every other cache. */
	assert_int_equal(debug_of("cache_c", 0), SLAB_STORE_USER);
}

static void test_a_glob_matches_a_name_prefix(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=FZ,glob-*"), 0);
	assert_int_equal(debug_of("glob-one", 0), SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE);
	assert_int_equal(debug_of("glob-", 0), SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE);
	assert_int_equal(debug_of("globe", 0), 0);
}

static void test_an_empty_flag_list_before_caches_means_all_debugging(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=,full_cache"), 0);
	assert_int_equal(debug_of("full_cache", 0), DEBUG_DEFAULT_FLAGS);
	assert_int_equal(debug_of("other_cache", 0), 0);
}

static void test_unknown_letters_are_reported_and_skipped(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug=Pq"), 0);
	assert_captured("slab_debug option 'q' unknown. skipped");
	assert_int_equal(debug_of("skip_cache", 0), SLAB_POISON);
}

static void test_no_user_flags_caches_ignore_slub_debug(void **state)
{
	assert_int_equal(libslab_parse_cmdline("slub_debug"), 0);
	assert_int_equal(debug_of("opted_out", SLAB_NO_USER_FLAGS), 0);
	assert_int_equal(debug_of("opted_in", SLAB_NO_USER_FLAGS | SLAB_POISON), SLAB_POISON);
}

static void test_o_drops_debugging_that_would_raise_the_order(void **state)
{
	struct kmem_cache *s;

	/* 4096-byte objects: red zones and tracking push them past a page. */
	assert_int_equal(libslab_parse_cmdline("slub_debug=FZPUO"), 0);
	s = kmem_cache_create("big_objects", 4096, 0, 0, NULL);
	assert_false(s->flags & DEBUG_METADATA_FLAGS);
	assert_true(s->flags & SLAB_CONSISTENCY_CHECKS);
	assert_int_equal(s->size, 4096);
	kmem_cache_destroy(s);
	/* Small objects keep everything. */
	assert_int_equal(debug_of("small_objects", 0), DEBUG_DEFAULT_FLAGS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bare_slub_debug_turns_on_all_debugging, reset, restore),
		cmocka_unit_test_setup_teardown(test_each_letter_turns_on_its_flag, reset, restore),
		cmocka_unit_test_setup_teardown(test_minus_turns_debugging_off, reset, restore),
		cmocka_unit_test_setup_teardown(test_a_cache_list_limits_the_flags_to_those_caches, reset, restore),
		cmocka_unit_test_setup_teardown(test_a_long_cache_list_is_read_to_its_end, reset, restore),
		cmocka_unit_test_setup_teardown(test_a_parameter_longer_than_a_command_line_is_refused, reset, restore),
		cmocka_unit_test_setup_teardown(test_blocks_give_different_caches_different_flags, reset, restore),
		cmocka_unit_test_setup_teardown(test_a_glob_matches_a_name_prefix, reset, restore),
		cmocka_unit_test_setup_teardown(test_an_empty_flag_list_before_caches_means_all_debugging, reset, restore),
		cmocka_unit_test_setup_teardown(test_unknown_letters_are_reported_and_skipped, reset, restore),
		cmocka_unit_test_setup_teardown(test_no_user_flags_caches_ignore_slub_debug, reset, restore),
		cmocka_unit_test_setup_teardown(test_o_drops_debugging_that_would_raise_the_order, reset, restore),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
