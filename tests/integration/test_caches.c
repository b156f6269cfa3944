// SPDX-License-Identifier: GPL-2.0
/* Cache lifetime: creation forms and checks, merging, destruction, slabinfo. */
#include "harness.h"

struct sample {
	long a;
	int b;
};

static int ctor_calls;

static void counting_ctor(void *object)
{
	ctor_calls++;
	memset(object, 0x11, 16);
}

static void test_create_with_args_struct(void **state)
{
	struct kmem_cache_args args = { .align = 128 };
	struct kmem_cache *s = kmem_cache_create("args_form", 64, &args, 0);

	assert_non_null(s);
	assert_int_equal(s->align, 128);
	assert_string_equal(kmem_cache_name(s), "args_form");
	kmem_cache_destroy(s);
}

static void test_create_with_null_args(void **state)
{
	struct kmem_cache *s = kmem_cache_create("null_args", 64, NULL, SLAB_NO_MERGE);

	assert_non_null(s);
	assert_int_equal(s->object_size, 64);
	kmem_cache_destroy(s);
}

static void test_create_legacy_five_argument_form(void **state)
{
	struct kmem_cache *s = kmem_cache_create("legacy_form", 64, 32,
						 SLAB_NO_MERGE, counting_ctor);

	assert_non_null(s);
	assert_int_equal(s->align, 32);
	assert_ptr_equal(s->ctor, counting_ctor);
	kmem_cache_destroy(s);
}

static void test_kmem_cache_macro_names_and_aligns_after_struct(void **state)
{
	struct kmem_cache *s = KMEM_CACHE(sample, SLAB_NO_MERGE);

	assert_non_null(s);
	assert_string_equal(kmem_cache_name(s), "sample");
	assert_int_equal(s->object_size, sizeof(struct sample));
	kmem_cache_destroy(s);
}

static void test_ctor_runs_once_per_object_at_slab_creation(void **state)
{
	struct kmem_cache *s = kmem_cache_create("ctor_once", 256, 0, 0, counting_ctor);
	void *p;

	ctor_calls = 0;
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_int_equal(ctor_calls, oo_objects(s->oo));
	assert_int_equal(*(unsigned char *)p, 0x11);
	kmem_cache_free(s, p);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_int_equal(ctor_calls, oo_objects(s->oo));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_zalloc_zeroes_object(void **state)
{
	struct kmem_cache *s = kmem_cache_create("zalloc", 100, 0, SLAB_NO_MERGE, NULL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);
	int i;

	memset(p, 0xee, 100);
	kmem_cache_free(s, p);
	p = kmem_cache_zalloc(s, GFP_KERNEL);
	for (i = 0; i < 100; i++)
		assert_int_equal(p[i], 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_alloc_lru_allocates_from_cache(void **state)
{
	struct kmem_cache *s = kmem_cache_create("lru", 100, 0, SLAB_NO_MERGE, NULL);
	void *p = kmem_cache_alloc_lru(s, NULL, GFP_KERNEL);

	assert_ptr_equal(folio_slab(virt_to_folio(p))->slab_cache, s);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_merge_same_size_caches(void **state)
{
	struct kmem_cache *a = kmem_cache_create("merge_first", 300, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("merge_second", 300, 0, 0, NULL);

	assert_ptr_equal(a, b);
	assert_int_equal(libslab_cache_refcount(a), 2);
	assert_ptr_equal(libslab_find_cache("merge_second"), a);
	assert_string_equal(kmem_cache_name(b), "merge_first");
	kmem_cache_destroy(b);
	assert_int_equal(libslab_cache_refcount(a), 1);
	kmem_cache_destroy(a);
	assert_null(libslab_find_cache("merge_first"));
}

static void test_merge_into_cache_within_a_word(void **state)
{
	struct kmem_cache *a = kmem_cache_create("merge_304", 304, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("merge_300", 300, 0, 0, NULL);
	struct kmem_cache *c = kmem_cache_create("merge_296", 296, 0, 0, NULL);

	assert_ptr_equal(a, b);
	assert_ptr_not_equal(a, c);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_no_merge_with_ctor(void **state)
{
	struct kmem_cache *a = kmem_cache_create("ctor_a", 320, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("ctor_b", 320, 0, 0, counting_ctor);

	assert_ptr_not_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_no_merge_with_never_merge_flags(void **state)
{
	static const slab_flags_t never[] = {
		SLAB_NO_MERGE, SLAB_TYPESAFE_BY_RCU, SLAB_POISON, SLAB_RED_ZONE,
		SLAB_STORE_USER,
	};
	struct kmem_cache *a = kmem_cache_create("never_base", 336, 0, 0, NULL);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(never); i++) {
		struct kmem_cache *b = kmem_cache_create("never_other", 336, 0, never[i], NULL);

		assert_ptr_not_equal(a, b);
		kmem_cache_destroy(b);
	}
	kmem_cache_destroy(a);
}

static void test_merge_needs_same_accounting_flags(void **state)
{
	struct kmem_cache *a = kmem_cache_create("same_plain", 352, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("same_rcl", 352, 0, SLAB_RECLAIM_ACCOUNT, NULL);
	struct kmem_cache *c = kmem_cache_create("same_rcl2", 352, 0, SLAB_RECLAIM_ACCOUNT, NULL);

	assert_ptr_not_equal(a, b);
	assert_ptr_equal(b, c);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_usercopy_caches_are_not_merged(void **state)
{
	struct kmem_cache *a = kmem_cache_create("uc_plain", 368, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create_usercopy("uc_region", 368, 0, 0, 0, 64, NULL);

	assert_ptr_not_equal(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_usercopy_region_outside_object_is_dropped(void **state)
{
	struct kmem_cache *s;

	capture_start();
	s = kmem_cache_create_usercopy("uc_bad", 64, 0, SLAB_NO_MERGE, 32, 64, NULL);
	capture_stop();
	assert_non_null(s);
	assert_int_equal(s->usersize, 0);
	assert_int_equal(s->useroffset, 0);
	assert_captured("WARNING");
	kmem_cache_destroy(s);
}

static void test_merged_alias_is_not_a_separate_slabinfo_line(void **state)
{
	struct kmem_cache *a = kmem_cache_create("alias_target", 384, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("alias_name", 384, 0, 0, NULL);
	struct seq_file m;

	seq_file_init_buffer(&m);
	libslab_slabinfo_show(&m);
	assert_non_null(strstr(m.buf, "\nalias_target "));
	assert_null(strstr(m.buf, "\nalias_name "));
	seq_file_release(&m);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_aliases_are_listed_with_their_cache(void **state)
{
	struct kmem_cache *a = kmem_cache_create("alias_list_target", 392, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("alias_list_one", 392, 0, 0, NULL);
	struct kmem_cache *c = kmem_cache_create("alias_list_two", 390, 0, 0, NULL);
	const char *names[4];
	struct seq_file m;

	assert_ptr_equal(a, b);
	assert_ptr_equal(a, c);
	assert_int_equal(libslab_cache_aliases(a, names, 4), 2);
	assert_string_equal(names[0], "alias_list_one");
	assert_string_equal(names[1], "alias_list_two");
	seq_file_init_buffer(&m);
	libslab_aliases_show(&m);
	assert_non_null(strstr(m.buf, "alias_list_two -> alias_list_target\n"));
	seq_file_release(&m);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static void test_slab_pages_are_counted_while_typed_slab(void **state)
{
	struct kmem_cache *s = kmem_cache_create("slab_pages", 2048, 0, SLAB_NO_MERGE, NULL);
	unsigned long before = sim_slab_pages_in_use();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(sim_slab_pages_in_use(), before + (1UL << oo_order(s->oo)));
	kmem_cache_free(s, p);
	kmem_cache_shrink(s);
	assert_int_equal(sim_slab_pages_in_use(), before);
	kmem_cache_destroy(s);
}

static void test_destroy_of_null_and_error_pointer_is_a_no_op(void **state)
{
	kmem_cache_destroy(NULL);
	kmem_cache_destroy(ERR_PTR(-ENOMEM));
}

static void test_destroy_empty_cache_returns_its_pages(void **state)
{
	unsigned long before = sim_pages_in_use(NUMA_NO_NODE);
	struct kmem_cache *s = kmem_cache_create("destroy_empty", 500, 0, SLAB_NO_MERGE, NULL);
	void *p[100];
	int i;

	for (i = 0; i < 100; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 100; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), before);
}

static void test_slabinfo_header_is_version_2_1(void **state)
{
	static const char header[] =
		"slabinfo - version: 2.1\n"
		"# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab>"
		" : tunables <limit> <batchcount> <sharedfactor>"
		" : slabdata <active_slabs> <num_slabs> <sharedavail>\n";
	struct seq_file m;

	seq_file_init_buffer(&m);
	libslab_slabinfo_show(&m);
	assert_int_equal(strncmp(m.buf, header, strlen(header)), 0);
	seq_file_release(&m);
}

static void test_slabinfo_line_matches_cache_counters(void **state)
{
	struct kmem_cache *s = kmem_cache_create("slabinfo_line", 200, 0, SLAB_NO_MERGE, NULL);
	unsigned long active, total, active_slabs, slabs;
	unsigned int size, per_slab, pages;
	struct slabinfo info;
	struct seq_file m;
	void *p[30];
	char *line;
	int i;

	for (i = 0; i < 30; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	libslab_flush_all(s);
	get_slabinfo(s, &info);
	seq_file_init_buffer(&m);
	libslab_slabinfo_show(&m);
	line = strstr(m.buf, "\nslabinfo_line ");
	assert_non_null(line);
	assert_int_equal(sscanf(line + 1, "slabinfo_line %lu %lu %u %u %u : tunables %*u %*u %*u : slabdata %lu %lu",
				&active, &total, &size, &per_slab, &pages,
				&active_slabs, &slabs), 7);
	assert_int_equal(active, 30);
	assert_int_equal(active, info.active_objs);
	assert_int_equal(total, info.num_objs);
	assert_int_equal(size, s->size);
	assert_int_equal(per_slab, oo_objects(s->oo));
	assert_int_equal(pages, 1U << oo_order(s->oo));
	assert_int_equal(slabs, info.num_slabs);
	seq_file_release(&m);
	for (i = 0; i < 30; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_slabinfo_lists_at_least_the_boot_caches(void **state)
{
	struct seq_file m;
	int lines = 0;
	char *p;

	seq_file_init_buffer(&m);
	libslab_slabinfo_show(&m);
	for (p = m.buf; (p = strchr(p, '\n')); p++)
		lines++;
	assert_true(lines - 2 >= 20);
	assert_non_null(strstr(m.buf, "\nkmem_cache "));
	assert_non_null(strstr(m.buf, "\nkmem_cache_node "));
	assert_non_null(strstr(m.buf, "\nkmalloc-8k "));
	seq_file_release(&m);
}

static void test_cache_keeps_its_own_copy_of_the_name(void **state)
{
	char name[32] = "named_from_a_buffer";
	char alias_name[32] = "alias_from_a_buffer";
	struct kmem_cache *s = kmem_cache_create(name, 72, 0, 0, NULL);
	struct kmem_cache *t = kmem_cache_create(alias_name, 72, 0, 0, NULL);
	const char *aliases[4];

	assert_ptr_equal(s, t);			/* merged */
	memset(name, 'x', sizeof(name) - 1);
	memset(alias_name, 'y', sizeof(alias_name) - 1);
	assert_string_equal(kmem_cache_name(s), "named_from_a_buffer");
	assert_int_equal(libslab_cache_aliases(s, aliases, 4), 1);
	assert_string_equal(aliases[0], "alias_from_a_buffer");
	assert_ptr_equal(libslab_find_cache("alias_from_a_buffer"), s);
	kmem_cache_destroy(t);
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_with_args_struct),
		cmocka_unit_test(test_create_with_null_args),
		cmocka_unit_test(test_create_legacy_five_argument_form),
		cmocka_unit_test(test_kmem_cache_macro_names_and_aligns_after_struct),
		cmocka_unit_test(test_ctor_runs_once_per_object_at_slab_creation),
		cmocka_unit_test(test_zalloc_zeroes_object),
		cmocka_unit_test(test_alloc_lru_allocates_from_cache),
		cmocka_unit_test(test_merge_same_size_caches),
		cmocka_unit_test(test_merge_into_cache_within_a_word),
		cmocka_unit_test(test_no_merge_with_ctor),
		cmocka_unit_test(test_no_merge_with_never_merge_flags),
		cmocka_unit_test(test_merge_needs_same_accounting_flags),
		cmocka_unit_test(test_usercopy_caches_are_not_merged),
		cmocka_unit_test(test_usercopy_region_outside_object_is_dropped),
		cmocka_unit_test(test_merged_alias_is_not_a_separate_slabinfo_line),
		cmocka_unit_test(test_aliases_are_listed_with_their_cache),
		cmocka_unit_test(test_slab_pages_are_counted_while_typed_slab),
		cmocka_unit_test(test_destroy_of_null_and_error_pointer_is_a_no_op),
		cmocka_unit_test(test_destroy_empty_cache_returns_its_pages),
		cmocka_unit_test(test_slabinfo_header_is_version_2_1),
		cmocka_unit_test(test_slabinfo_line_matches_cache_counters),
		cmocka_unit_test(test_slabinfo_lists_at_least_the_boot_caches),
		cmocka_unit_test(test_cache_keeps_its_own_copy_of_the_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
