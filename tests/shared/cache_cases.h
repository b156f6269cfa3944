/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cache lifetime: creation forms, constructors, merging, aliases, slabinfo.
 * Shared by the cmocka and KUnit harnesses (slab_test.h).
 */

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

SLAB_TEST(test_create_with_args_struct)
{
	struct kmem_cache_args args = { .align = 128 };
	struct kmem_cache *s = kmem_cache_create("args_form", 64, &args, SLAB_NO_MERGE);

	slab_assert_not_null(s);
	slab_assert_eq(s->align, 128);
	slab_assert_str_eq(kmem_cache_name(s), "args_form");
	kmem_cache_destroy(s);
}

SLAB_TEST(test_create_with_null_args)
{
	struct kmem_cache *s = kmem_cache_create("null_args", 64, NULL, SLAB_NO_MERGE);

	slab_assert_not_null(s);
	slab_assert_eq(s->object_size, 64);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_create_legacy_five_argument_form)
{
	struct kmem_cache *s = kmem_cache_create("legacy_form", 64, 32,
						 SLAB_NO_MERGE, counting_ctor);

	slab_assert_not_null(s);
	slab_assert_eq(s->align, 32);
	slab_assert_ptr_eq(s->ctor, counting_ctor);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_kmem_cache_macro_names_and_aligns_after_struct)
{
	struct kmem_cache *s = KMEM_CACHE(sample, SLAB_NO_MERGE);

	slab_assert_not_null(s);
	slab_assert_str_eq(kmem_cache_name(s), "sample");
	slab_assert_eq(s->object_size, sizeof(struct sample));
	kmem_cache_destroy(s);
}

SLAB_TEST(test_ctor_runs_once_per_object_at_slab_creation)
{
	struct kmem_cache *s = kmem_cache_create("ctor_once", 256, 0, 0, counting_ctor);
	void *p, *keep;

	slab_test_skip_kfence(s);
	ctor_calls = 0;
	p = kmem_cache_alloc(s, GFP_KERNEL);
	slab_assert_eq(ctor_calls, oo_objects(s->oo));
	slab_assert_eq(*(unsigned char *)p, 0x11);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	keep = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, p);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	slab_assert_eq(ctor_calls, oo_objects(s->oo));
	kmem_cache_free(s, p);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_zalloc_zeroes_object)
{
	struct kmem_cache *s = kmem_cache_create("zalloc", 100, 0, SLAB_NO_MERGE, NULL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);
	int i;

	memset(p, 0xee, 100);
	kmem_cache_free(s, p);
	p = kmem_cache_zalloc(s, GFP_KERNEL);
	for (i = 0; i < 100; i++)
		slab_assert_eq(p[i], 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_alloc_lru_allocates_from_cache)
{
	struct kmem_cache *s = kmem_cache_create("lru", 100, 0, SLAB_NO_MERGE, NULL);
	void *p = kmem_cache_alloc_lru(s, NULL, GFP_KERNEL);

	slab_assert_ptr_eq(folio_slab(virt_to_folio(p))->slab_cache, s);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_merge_same_size_caches)
{
	struct kmem_cache *a = kmem_cache_create("merge_first", 300, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("merge_second", 300, 0, 0, NULL);

	slab_assert_ptr_eq(a, b);
	if (strcmp(kmem_cache_name(a), "merge_first")) {
		kmem_cache_destroy(b);
		kmem_cache_destroy(a);
		slab_skip("the kernel has a cache merge_first merges into");
	}
	slab_assert_eq(libslab_cache_refcount(a), 2);
	slab_assert_ptr_eq(libslab_find_cache("merge_second"), a);
	slab_assert_str_eq(kmem_cache_name(b), "merge_first");
	kmem_cache_destroy(b);
	slab_assert_eq(libslab_cache_refcount(a), 1);
	kmem_cache_destroy(a);
	slab_assert_null(libslab_find_cache("merge_first"));
}

SLAB_TEST(test_merge_into_cache_within_a_word)
{
	struct kmem_cache *a = kmem_cache_create("merge_304", 304, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("merge_300", 300, 0, 0, NULL);
	struct kmem_cache *c = kmem_cache_create("merge_296", 296, 0, 0, NULL);

	slab_assert_ptr_eq(a, b);
	slab_assert_ptr_ne(a, c);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_no_merge_with_ctor)
{
	struct kmem_cache *a = kmem_cache_create("ctor_a", 320, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("ctor_b", 320, 0, 0, counting_ctor);

	slab_assert_ptr_ne(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_no_merge_with_never_merge_flags)
{
	/* The debug flags last: without slub_debug they mean nothing. */
	static const slab_flags_t never[] = {
		SLAB_NO_MERGE, SLAB_TYPESAFE_BY_RCU, SLAB_POISON, SLAB_RED_ZONE,
		SLAB_STORE_USER,
	};
	size_t count = IS_ENABLED(CONFIG_LIBSLAB_DEBUG) ? ARRAY_SIZE(never) : 2;
	struct kmem_cache *a = kmem_cache_create("never_base", 336, 0, 0, NULL);
	size_t i;

	for (i = 0; i < count; i++) {
		struct kmem_cache *b = kmem_cache_create("never_other", 336, 0, never[i], NULL);

		slab_assert_ptr_ne(a, b);
		kmem_cache_destroy(b);
	}
	kmem_cache_destroy(a);
}

/*
 * Without slub_debug (SLUB_TINY) 6.12's __kmem_cache_create_args() masks
 * the debug flags off (CACHE_CREATE_MASK) before __kmem_cache_alias()
 * looks for a cache to merge into: a red-zoned cache is a plain one.
 */
SLAB_TEST(test_debug_flags_merge_without_slub_debug)
{
	if (IS_ENABLED(CONFIG_LIBSLAB_DEBUG))
		slab_skip("debug flags keep a cache apart where slub_debug exists");
	struct kmem_cache *a = kmem_cache_create("nodebug_base", 344, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("nodebug_rz", 344, 0,
						 SLAB_RED_ZONE | SLAB_POISON |
						 SLAB_STORE_USER, NULL);

	slab_assert_ptr_eq(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_merge_needs_same_accounting_flags)
{
	/* SLUB_TINY has no reclaim accounting: the flag is 0 there. */
	if (!SLAB_RECLAIM_ACCOUNT)
		slab_skip("SLAB_RECLAIM_ACCOUNT means nothing under SLUB_TINY");
	struct kmem_cache *a = kmem_cache_create("same_plain", 352, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("same_rcl", 352, 0, SLAB_RECLAIM_ACCOUNT, NULL);
	struct kmem_cache *c = kmem_cache_create("same_rcl2", 352, 0, SLAB_RECLAIM_ACCOUNT, NULL);

	slab_assert_ptr_ne(a, b);
	slab_assert_ptr_eq(b, c);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

/*
 * SLAB_SKIP_KFENCE is set on a cache after its creation (lib/slub_kunit.c
 * does, and 6.12's sysfs skip_kfence): with KFENCE, 6.12's
 * __kmem_cache_create_args() refuses it as a flag outside
 * SLAB_FLAGS_PERMITTED; without KFENCE the flag is 0 and asks nothing.
 * Set, it does not keep caches apart: it is in neither SLAB_NEVER_MERGE
 * nor SLAB_MERGE_SAME.
 */
SLAB_TEST(test_skip_kfence_is_refused_at_creation_and_merges)
{
	struct kmem_cache *asked, *a, *b;

	slab_reports_begin();
	asked = kmem_cache_create("skip_kfence_asked", 360, 0, SLAB_SKIP_KFENCE, NULL);
	if (SLAB_SKIP_KFENCE) {
		slab_assert_null(asked);
		slab_assert_reported("(skip_kfence_asked) failed with error -22");
	} else {
		slab_assert_not_null(asked);
		kmem_cache_destroy(asked);
	}
	a = kmem_cache_create("skip_kfence_set", 360, 0, 0, NULL);
	slab_assert_not_null(a);
	if (strcmp(kmem_cache_name(a), "skip_kfence_set")) {
		kmem_cache_destroy(a);
		slab_skip("the kernel has a cache skip_kfence_set merges into");
	}
	a->flags |= SLAB_SKIP_KFENCE;
	b = kmem_cache_create("skip_kfence_other", 360, 0, 0, NULL);
	slab_assert_ptr_eq(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_usercopy_caches_are_not_merged)
{
	struct kmem_cache *a = kmem_cache_create("uc_plain", 368, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create_usercopy("uc_region", 368, 0, 0, 0, 64, NULL);

	slab_assert_ptr_ne(a, b);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_merged_alias_is_not_a_separate_slabinfo_line)
{
	struct kmem_cache *a = kmem_cache_create("alias_target", 384, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("alias_name", 384, 0, 0, NULL);
	struct seq_file m;

	if (strcmp(kmem_cache_name(a), "alias_target"))
		slab_skip("the kernel has a cache alias_target merges into");
	slab_seq_open(&m);
	libslab_slabinfo_show(&m);
	slab_assert_not_null(strstr(m.buf, "\nalias_target "));
	slab_assert_null(strstr(m.buf, "\nalias_name "));
	slab_seq_close(&m);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_aliases_are_listed_with_their_cache)
{
	struct kmem_cache *a = kmem_cache_create("alias_list_target", 392, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("alias_list_one", 392, 0, 0, NULL);
	struct kmem_cache *c = kmem_cache_create("alias_list_two", 390, 0, 0, NULL);
	const char *names[4];
	struct seq_file m;

	slab_assert_ptr_eq(a, b);
	slab_assert_ptr_eq(a, c);
	slab_assert_eq(libslab_cache_aliases(a, names, 4), 2);
	slab_assert_str_eq(names[0], "alias_list_one");
	slab_assert_str_eq(names[1], "alias_list_two");
	slab_seq_open(&m);
	libslab_aliases_show(&m);
	slab_assert_not_null(strstr(m.buf, "alias_list_two -> alias_list_target\n"));
	slab_seq_close(&m);
	kmem_cache_destroy(c);
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

SLAB_TEST(test_destroy_of_null_and_error_pointer_is_a_no_op)
{
	kmem_cache_destroy(NULL);
	kmem_cache_destroy(ERR_PTR(-ENOMEM));
}

SLAB_TEST(test_slabinfo_header_is_version_2_1)
{
	/* The two header lines, in the pieces the kernel prints them in. */
	static const char * const header[] = {
		"slabinfo - version: 2.1\n",
		"# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab>",
		" : tunables <limit> <batchcount> <sharedfactor>",
		" : slabdata <active_slabs> <num_slabs> <sharedavail>\n",
	};
	struct seq_file m;
	const char *at;
	size_t i;

	slab_seq_open(&m);
	libslab_slabinfo_show(&m);
	for (at = m.buf, i = 0; i < ARRAY_SIZE(header); at += strlen(header[i]), i++)
		slab_assert_eq(strncmp(at, header[i], strlen(header[i])), 0);
	slab_seq_close(&m);
}

SLAB_TEST(test_slabinfo_line_matches_cache_counters)
{
	struct kmem_cache *s = kmem_cache_create("slabinfo_line", 200, 0, SLAB_NO_MERGE, NULL);
	static const char format[] =
		"slabinfo_line %lu %lu %u %u %u : tunables %*u %*u %*u : slabdata %lu %lu";
	unsigned long active, total, active_slabs, slabs;
	unsigned int size, per_slab, pages;
	int fields;
	struct slabinfo info;
	struct seq_file m;
	void *p[30];
	char *line;
	int i;

	for (i = 0; i < 30; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	libslab_flush_all(s);
	get_slabinfo(s, &info);
	slab_seq_open(&m);
	libslab_slabinfo_show(&m);
	line = strstr(m.buf, "\nslabinfo_line ");
	slab_assert_not_null(line);
	fields = sscanf(line + 1, format, &active, &total, &size, &per_slab,
			&pages, &active_slabs, &slabs);
	slab_assert_eq(fields, 7);
	slab_assert_eq(active, 30);
	slab_assert_eq(active, info.active_objs);
	slab_assert_eq(total, info.num_objs);
	slab_assert_eq(size, s->size);
	slab_assert_eq(per_slab, oo_objects(s->oo));
	slab_assert_eq(pages, 1U << oo_order(s->oo));
	slab_assert_eq(slabs, info.num_slabs);
	slab_seq_close(&m);
	for (i = 0; i < 30; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_slabinfo_lists_at_least_the_boot_caches)
{
	struct seq_file m;
	int lines = 0;
	char *p;

	slab_seq_open(&m);
	libslab_slabinfo_show(&m);
	for (p = m.buf; (p = strchr(p, '\n')); p++)
		lines++;
	slab_assert(lines - 2 >= 20);
	slab_assert_not_null(strstr(m.buf, "\nkmem_cache "));
	slab_assert_not_null(strstr(m.buf, "\nkmem_cache_node "));
	slab_assert_not_null(strstr(m.buf, "\nkmalloc-8k "));
	slab_seq_close(&m);
}

SLAB_TEST(test_cache_keeps_its_own_copy_of_the_name)
{
	char name[32] = "named_from_a_buffer";
	char alias_name[32] = "alias_from_a_buffer";
	struct kmem_cache *s = kmem_cache_create(name, 72, 0, 0, NULL);
	struct kmem_cache *t = kmem_cache_create(alias_name, 72, 0, 0, NULL);
	const char *aliases[4];

	slab_assert_ptr_eq(s, t);			/* merged */
	if (strcmp(kmem_cache_name(s), "named_from_a_buffer"))
		slab_skip("the kernel has a cache both names merge into");
	memset(name, 'x', sizeof(name) - 1);
	memset(alias_name, 'y', sizeof(alias_name) - 1);
	slab_assert_str_eq(kmem_cache_name(s), "named_from_a_buffer");
	slab_assert_eq(libslab_cache_aliases(s, aliases, 4), 1);
	slab_assert_str_eq(aliases[0], "alias_from_a_buffer");
	slab_assert_ptr_eq(libslab_find_cache("alias_from_a_buffer"), s);
	kmem_cache_destroy(t);
	kmem_cache_destroy(s);
}

SLAB_TEST_TABLE(cache_cases) = {
	SLAB_CASE(test_create_with_args_struct),
	SLAB_CASE(test_create_with_null_args),
	SLAB_CASE(test_create_legacy_five_argument_form),
	SLAB_CASE(test_kmem_cache_macro_names_and_aligns_after_struct),
	SLAB_CASE(test_ctor_runs_once_per_object_at_slab_creation),
	SLAB_CASE(test_zalloc_zeroes_object),
	SLAB_CASE(test_alloc_lru_allocates_from_cache),
	SLAB_CASE(test_merge_same_size_caches),
	SLAB_CASE(test_merge_into_cache_within_a_word),
	SLAB_CASE(test_no_merge_with_ctor),
	SLAB_CASE(test_no_merge_with_never_merge_flags),
	SLAB_CASE(test_debug_flags_merge_without_slub_debug),
	SLAB_CASE(test_merge_needs_same_accounting_flags),
	SLAB_CASE(test_skip_kfence_is_refused_at_creation_and_merges),
	SLAB_CASE(test_usercopy_caches_are_not_merged),
	SLAB_CASE(test_merged_alias_is_not_a_separate_slabinfo_line),
	SLAB_CASE(test_aliases_are_listed_with_their_cache),
	SLAB_CASE(test_destroy_of_null_and_error_pointer_is_a_no_op),
	SLAB_CASE(test_slabinfo_header_is_version_2_1),
	SLAB_CASE(test_slabinfo_line_matches_cache_counters),
	SLAB_CASE(test_slabinfo_lists_at_least_the_boot_caches),
	SLAB_CASE(test_cache_keeps_its_own_copy_of_the_name),
	SLAB_TEST_TABLE_END
};
