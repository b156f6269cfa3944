/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slub_debug: each corruption a debug cache can detect is detected at the
 * documented moment, reported in the kernel's format, repaired as the
 * kernel repairs it, and counted.  Shared by the cmocka and KUnit
 * harnesses (slab_test.h); the cases make their own debug caches.
 */

/* A cache with the given debug flags, checked to be one. */
static struct kmem_cache *make_debug(const char *name, unsigned int size,
				     slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_create(name, size, 0, flags, NULL);

	slab_assert_not_null(s);
	slab_assert(kmem_cache_debug(s));
	/* A KFENCE object has none of slub_debug's red zones, poison or tracks. */
	slab_test_skip_kfence(s);
	return s;
}

SLAB_TEST(test_debug_caches_keep_no_cpu_slab)
{
	struct kmem_cache *s = make_debug("dbg_no_cpu", 64, SLAB_RED_ZONE);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	slab_assert(!libslab_cpu_has_slab(s, 0));
	slab_assert_eq(slab_test_nr_partial(s), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
	slab_assert_eq(slab_reports_counted(), 0);
}

SLAB_TEST(test_red_zones_surround_an_allocated_object)
{
	struct kmem_cache *s = make_debug("dbg_layout", 64, SLAB_RED_ZONE);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	slab_assert(s->red_left_pad >= sizeof(void *));
	slab_assert_eq(p[-1], SLUB_RED_ACTIVE);
	slab_assert_eq(p[64], SLUB_RED_ACTIVE);
	kmem_cache_free(s, p);
	slab_assert_eq(p[-1], SLUB_RED_INACTIVE);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_right_red_zone_overwrite_is_reported_and_repaired)
{
	struct kmem_cache *s = make_debug("dbg_right_rz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	p[64] = 0x12;
	kmem_cache_free(s, p);			/* refused: not freed */
	slab_assert_reported("[Right Redzone overwritten] 0x");
	slab_assert_reported("First byte 0x12 instead of 0xcc");
	slab_assert_reported("BUG dbg_right_rz (Not tainted): Object corrupt");
	slab_assert_reported("FIX dbg_right_rz: Restoring Right Redzone 0x");
	slab_assert_reported("FIX dbg_right_rz: Object at 0x");
	slab_assert_reported("Redzone  ");
	/* The overwritten bytes, their repair, the refused free. */
	slab_assert_eq(slab_reports_counted(), 3);
	slab_assert_eq(p[64], SLUB_RED_ACTIVE);
	slab_assert_eq(libslab_count_inuse(s), 1);
	kmem_cache_free(s, p);			/* repaired: now it goes */
	slab_assert_eq(libslab_count_inuse(s), 0);
	slab_assert_eq(slab_reports_counted(), 3);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_left_red_zone_overwrite_is_reported)
{
	struct kmem_cache *s = make_debug("dbg_left_rz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	p[-2] = 0;
	kmem_cache_free(s, p);
	slab_assert_reported("[Left Redzone overwritten]");
	slab_assert_eq(slab_reports_counted(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_write_after_free_breaks_the_poison_and_is_caught_at_alloc)
{
	struct kmem_cache *s = make_debug("dbg_poison", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL), *q;

	slab_assert_ptr_eq(virt_to_slab(keep), virt_to_slab(p));
	slab_reports_begin();
	kmem_cache_free(s, p);
	slab_assert_eq(p[0], POISON_FREE);
	slab_assert_eq(p[63], POISON_END);
	p[8] = 0x11;				/* use after free */
	q = kmem_cache_alloc(s, GFP_KERNEL);
	slab_assert_reported("[Poison overwritten]");
	slab_assert_reported("First byte 0x11 instead of 0x6b");
	slab_assert_reported("FIX dbg_poison: Marking all objects used");
	/* The overwritten bytes, their repair, the slab taken out of use. */
	slab_assert_eq(slab_reports_counted(), 3);
	/* The damaged slab is out of use: q came from a fresh one. */
	slab_assert_not_null(q);
	slab_assert_ptr_ne(virt_to_slab(q), virt_to_slab(p));
	kmem_cache_free(s, q);
	kmem_cache_shrink(s);
	slab_assert_eq(slab_test_nr_slabs(s), 1);	/* the isolated slab stays */
	/*
	 * Its objects count as leaked and the cache is kept.  6.12's
	 * free_partial() lists partial slabs only, so this one gets no slab
	 * report: kmem_cache_destroy() just WARNs.
	 */
	kmem_cache_destroy(s);
}

SLAB_TEST(test_double_free_is_reported_and_ignored)
{
	struct kmem_cache *s = make_debug("dbg_double", 64,
					  SLAB_CONSISTENCY_CHECKS | SLAB_STORE_USER);
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	kmem_cache_free(s, p);
	kmem_cache_free(s, p);
	slab_assert_reported("BUG dbg_double (Not tainted): Object already free");
	if (slab_want_init_on_free(s)) {
		/*
		 * 6.12's slab_free_hook() zeroes the tracks with the object
		 * before each free is checked, the refused one too: the
		 * report has no track to print (print_track() skips a zero
		 * address).
		 */
		slab_assert_not_reported("Allocated in ");
		slab_assert_not_reported("Freed in ");
	} else {
		slab_assert_reported("Allocated in ");
		slab_assert_reported("Freed in ");
		slab_assert_reported(" age=");
		slab_assert_reported(" cpu=");
		slab_assert_reported(" pid=");
	}
	/* The report and the refused free. */
	slab_assert_eq(slab_reports_counted(), 2);
	slab_assert_eq(libslab_count_inuse(s), 1);
	slab_assert_eq(libslab_validate(s), 0);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_corrupted_free_pointer_is_reported_and_cut)
{
	struct kmem_cache *s = make_debug("dbg_freeptr", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	void *a = kmem_cache_alloc(s, GFP_KERNEL);
	void *b = kmem_cache_alloc(s, GFP_KERNEL);

	slab_assert_ptr_eq(virt_to_slab(keep), virt_to_slab(a));
	slab_reports_begin();
	kmem_cache_free(s, b);
	kmem_cache_free(s, a);			/* freelist: a -> b -> ... */
	*freeptr_addr(s, a) = (char *)b + 3;	/* not an object start */
	a = kmem_cache_alloc(s, GFP_KERNEL);
	slab_assert_reported("BUG dbg_freeptr (Not tainted): Freepointer corrupt");
	/* The report and the slab taken out of use. */
	slab_assert_reported("FIX dbg_freeptr: Marking all objects used");
	slab_assert_eq(slab_reports_counted(), 2);
	/* The slab taken out of use holds objects: reported, cache kept. */
	kmem_cache_destroy(s);
	slab_assert_reported("Objects remaining on __kmem_cache_shutdown()");
}

SLAB_TEST(test_validate_finds_a_broken_poison)
{
	struct kmem_cache *s = make_debug("dbg_validate", 64, SLAB_POISON);
	unsigned char *keep = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	kmem_cache_free(s, p);
	slab_assert_eq(libslab_validate(s), 0);
	p[5] = 0;
	slab_assert_eq(libslab_validate(s), 1);
	slab_assert_reported("[Poison overwritten]");
	slab_assert_eq(libslab_validate(s), 0);	/* repaired */
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

SLAB_TEST(test_alignment_padding_is_poisoned_and_checked)
{
	struct kmem_cache *s = make_debug("dbg_align_pad", 60,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	slab_reports_begin();
	slab_assert_eq(s->inuse, 64);
	p[61] = 0;
	kmem_cache_free(s, p);
	slab_assert_reported("[Alignment padding overwritten]");
	slab_assert_eq(slab_reports_counted(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

SLAB_TEST_TABLE(debug_cases) = {
	SLAB_CASE(test_debug_caches_keep_no_cpu_slab),
	SLAB_CASE(test_red_zones_surround_an_allocated_object),
	SLAB_CASE(test_right_red_zone_overwrite_is_reported_and_repaired),
	SLAB_CASE(test_left_red_zone_overwrite_is_reported),
	SLAB_CASE(test_write_after_free_breaks_the_poison_and_is_caught_at_alloc),
	SLAB_CASE(test_double_free_is_reported_and_ignored),
	SLAB_CASE(test_corrupted_free_pointer_is_reported_and_cut),
	SLAB_CASE(test_validate_finds_a_broken_poison),
	SLAB_CASE(test_alignment_padding_is_poisoned_and_checked),
	SLAB_TEST_TABLE_END
};
