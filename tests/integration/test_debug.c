// SPDX-License-Identifier: GPL-2.0
/*
 * slub_debug: the shared cases (shared/debug_cases.h), and the ones that
 * read the report text only the printk capture can see or need the boot
 * option slub_debug=FZPU,kmalloc-64 this suite runs with.
 */
#include "shared_cmocka.h"
#include "debug_cases.h"
#include <linux/sched.h>

static void test_kmalloc_red_zone_catches_writes_past_the_requested_size(void **state)
{
	unsigned char *p = kmalloc(40, GFP_KERNEL);	/* from kmalloc-64 */

	assert_string_equal(virt_to_slab(p)->slab_cache->name, "kmalloc-64");
	p[39] = 1;				/* inside the request: fine */
	p[44] = 2;				/* past it, inside the object */
	kfree(p);
	assert_captured("[kmalloc Redzone overwritten]");
	assert_captured("BUG kmalloc-64 (Not tainted): Object corrupt");
	assert_int_equal(report_count(), 3);
	kfree(p);
	assert_int_equal(report_count(), 3);
}

/*
 * 6.12 __ksize() in mm/slab_common.c calls skip_orig_size_check(): after
 * ksize() the whole object is the request, so filling all ksize() bytes of
 * a kmalloc-64 object (64: slab_ksize() of a red-zoned cache) is no
 * kmalloc red zone overwrite, and the object is freed.
 */
static void test_writing_all_ksize_bytes_is_no_overwrite(void **state)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][6];
	unsigned long inuse = libslab_count_inuse(s);
	unsigned char *p = kmalloc(40, GFP_KERNEL);
	size_t n = ksize(p);

	assert_int_equal(n, 64);
	memset(p, 0x5a, n);
	kfree(p);
	assert_int_equal(report_count(), 0);
	assert_int_equal(libslab_count_inuse(s), inuse);
}

/*
 * krealloc() growing inside the object (6.12 __do_krealloc(): ksize(),
 * then the same pointer back) leaves no stale kmalloc red zone behind:
 * the new size may be written in full.
 */
static void test_krealloc_growing_in_place_may_be_filled(void **state)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][6];
	unsigned long inuse = libslab_count_inuse(s);
	unsigned char *p = kmalloc(40, GFP_KERNEL);
	unsigned char *q = krealloc(p, 60, GFP_KERNEL);

	assert_ptr_equal(q, p);
	memset(q, 0x5a, 60);
	kfree(q);
	assert_int_equal(report_count(), 0);
	assert_int_equal(libslab_count_inuse(s), inuse);
}

/* Whether a tracked allocation's caller lies inside fn (a small function). */
static bool tracked_in(struct kmem_cache *s, void *object, const void *fn)
{
	unsigned long addr = get_track(s, object, TRACK_ALLOC)->addr;

	return addr > (unsigned long)fn && addr < (unsigned long)fn + 512;
}

/* Callers of kmemdup() and krealloc(); the asm keeps the calls from being tail calls. */
static noinline void *dup_here(const void *src)
{
	void *p = kmemdup(src, 40, GFP_KERNEL);

	__asm__ volatile("" : : "r"(p) : "memory");
	return p;
}

static noinline void *grow_here(void *p)
{
	void *q = krealloc(p, 40, GFP_KERNEL);

	__asm__ volatile("" : : "r"(q) : "memory");
	return q;
}

/*
 * 6.12 kmemdup() (mm/util.c) and __do_krealloc() allocate with
 * kmalloc_node_track_caller(..., _RET_IP_): the alloc track names their
 * caller, not the helper.
 */
static void test_kmemdup_and_krealloc_track_their_caller(void **state)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][6];
	char src[40] = "tracked";
	void *d = dup_here(src);
	void *r = grow_here(kmalloc(8, GFP_KERNEL));

	assert_ptr_equal(virt_to_slab(d)->slab_cache, s);
	assert_ptr_equal(virt_to_slab(r)->slab_cache, s);
	assert_true(tracked_in(s, d, dup_here));
	assert_true(tracked_in(s, r, grow_here));
	kfree(d);
	kfree(r);
	assert_int_equal(report_count(), 0);
}

static void test_user_tracking_reports_where_an_object_was_allocated(void **state)
{
	struct kmem_cache *s = make_debug("dbg_track", 64,
					  SLAB_RED_ZONE | SLAB_STORE_USER |
					  SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[70] = 0;
	kmem_cache_free(s, p);
	assert_captured("Allocated in 0x");
	assert_captured(" age=");
	/*
	 * The allocation stack comes from the depot, a frame a line as the
	 * kernel's stack_trace_print() prints it: " %pS" (-rdynamic); a
	 * debug cache allocates through slab_alloc_single().
	 */
	assert_captured("\n slab_alloc_single+0x");
	assert_int_equal(report_count(), 3);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_trace_prints_every_alloc_and_free(void **state)
{
	struct kmem_cache *s = make_debug("dbg_trace", 32, SLAB_TRACE);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	assert_captured("TRACE dbg_trace alloc 0x");
	assert_captured("TRACE dbg_trace free 0x");
	assert_int_equal(report_count(), 0);
	kmem_cache_destroy(s);
}

static void test_destroy_lists_each_leaked_object_with_its_owner(void **state)
{
	struct kmem_cache *s = make_debug("dbg_leak", 64, SLAB_STORE_USER);
	void *p[20];
	int i;

	/* 6.12 lists partial slabs only; the full ones are an extra check. */
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=on"), 0);

	for (i = 0; i < 20; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 20; i += 2)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	assert_captured("BUG dbg_leak (Not tainted): Objects remaining on __kmem_cache_shutdown()");
	assert_captured("Allocated in ");
	/* Ten objects remain, each on its own line, across full and partial slabs. */
	for (i = 1; i < 20; i += 2) {
		char line[64];

		snprintf(line, sizeof(line), "Object 0x%016lx @offset=",
			 (unsigned long)p[i]);
		assert_captured(line);
	}
	assert_false(strstr(captured(), "full slabs on node"));
	/* The cache stays alive with its objects: free them, destroy again. */
	for (i = 1; i < 20; i += 2)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	assert_int_equal(libslab_parse_cmdline("libslab_extra_checks=off"), 0);
}

/*
 * 6.12's print_slab_info() prints the slab page's flags with %pGp, which
 * format_page_flags() (lib/vsprintf.c) writes as the value, then the names
 * of the flags set and the node and zone fields in parentheses.  A free of
 * an interior pointer is refused by free_consistency_checks().
 */
static void test_slab_info_prints_page_flags_as_the_kernel_does(void **state)
{
	struct kmem_cache *s = make_debug("dbg_pgflags", 64, SLAB_CONSISTENCY_CHECKS);
	char *p = kmem_cache_alloc(s, GFP_KERNEL);
	char *keep = kmem_cache_alloc(s, GFP_KERNEL);
	char want[64];

	kmem_cache_free(s, p + 8);
	assert_captured("BUG dbg_pgflags (Not tainted): Invalid object pointer 0x");
	/* On the node partial list: the flag 6.12 uses for that is workingset. */
	snprintf(want, sizeof(want), "flags=%#lx(workingset|node=0|zone=2)\n",
		 1UL << PG_workingset);
	assert_captured(want);
	kmem_cache_free(s, p);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

/*
 * 6.12's free_slab(): a slab of a cache with consistency checks has its
 * padding and every object checked (as free: SLUB_RED_INACTIVE) before
 * its pages go, so a write after free into a red zone is reported there:
 * the overwritten line and the FIX line, two events.
 */
static void test_freeing_a_checked_slab_checks_its_objects(void **state)
{
	struct kmem_cache *s = make_debug("dbg_free_slab", 64,
					  SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	assert_int_equal(report_count(), 0);
	p[64] = 0x78;			/* right red zone of a free object */
	kmem_cache_free(s, keep);	/* under SLUB_TINY the empty slab goes here */
	kmem_cache_shrink(s);		/* otherwise here */
	assert_captured("[Right Redzone overwritten]");
	assert_captured("FIX dbg_free_slab: Restoring Right Redzone");
	assert_int_equal(report_count(), 2);
	kmem_cache_destroy(s);
}

/* ---- exact 6.12.118 line shapes (mm/slub.c), one test per report kind ---- */

#define BANNER_RULE "=============================================================================\n"
#define BANNER_DASH "-----------------------------------------------------------------------------\n\n"

/* Assert that the capture holds fmt's expansion; return where it starts. */
static __attribute__((format(printf, 1, 2))) const char *want(const char *fmt, ...)
{
	char line[512];
	const char *at;
	va_list args;

	va_start(args, fmt);
	vsnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	at = strstr(captured(), line);
	if (!at)
		fail_msg("output lacks \"%s\"; got:\n%s", line, captured());
	return at;
}

/* slab_bug(): the three banner lines, the last followed by an empty one. */
static const char *want_banner(const char *cache, const char *taint,
			       const char *reason)
{
	return want(BANNER_RULE "BUG %s (%s): %s\n" BANNER_DASH, cache, taint,
		    reason);
}

static unsigned long offset_of(const void *p)
{
	return (unsigned long)((const char *)p -
			       (const char *)slab_address(virt_to_slab(p)));
}

/*
 * check_bytes_and_report(): the "[%s overwritten]" line comes before
 * object_err()'s banner; then print_trailer() ("Object 0x%p @offset=%tu
 * fp=0x%p" and an empty line, the "Redzone  " / "Object   " dumps), the
 * WARN_ON(1) of object_err(), restore_bytes()' FIX line; the refused free
 * ends with free_debug_processing()'s "Object at 0x%p not freed".
 */
static void test_shape_right_red_zone(void **state)
{
	struct kmem_cache *s = make_debug("shape_rrz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);
	const char *line, *banner, *warn, *fix;

	p[64] = 0x12;
	kmem_cache_free(s, p);
	line = want("[Right Redzone overwritten] 0x%016lx-0x%016lx @offset=%lu. First byte 0x12 instead of 0xcc\n",
		    (unsigned long)(p + 64), (unsigned long)(p + 64),
		    offset_of(p + 64));
	banner = want_banner("shape_rrz", "Not tainted", "Object corrupt");
	want("Slab 0x%016lx objects=", (unsigned long)virt_to_slab(p));
	want("Object 0x%016lx @offset=%lu fp=0x", (unsigned long)p, offset_of(p));
	want("\n\nRedzone  %016lx: cc cc cc cc cc cc cc cc                          ........\n",
	     (unsigned long)(p - s->red_left_pad));
	want("Object   %016lx: ", (unsigned long)p);
	want("Redzone  %016lx: 12 cc cc cc cc cc cc cc                          ........\n",
	     (unsigned long)(p + 64));
	warn = want("------------[ cut here ]------------\nWARNING: CPU: 0 PID: %d at ",
		    current->pid);
	fix = want("FIX shape_rrz: Restoring Right Redzone 0x%016lx-0x%016lx=0xcc\n",
		   (unsigned long)(p + 64), (unsigned long)(p + 64));
	want("FIX shape_rrz: Object at 0x%016lx not freed\n", (unsigned long)p);
	assert_true(line < banner && banner < warn && warn < fix);
	/* object_err() taints B before its WARN_ON(1); the WARN adds W after. */
	want("Tainted: G    B             \nTainted: [B]=BAD_PAGE\n");
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* check_object(): "Left Redzone", then 6.12's taint string in the next banner. */
static void test_shape_left_red_zone(void **state)
{
	struct kmem_cache *s = make_debug("shape_lrz", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	p[-1] = 0x34;
	kmem_cache_free(s, p);
	want("[Left Redzone overwritten] 0x%016lx-0x%016lx @offset=%lu. First byte 0x34 instead of 0xcc\n",
	     (unsigned long)(p - 1), (unsigned long)(p - 1), offset_of(p - 1));
	want_banner("shape_lrz", "Not tainted", "Object corrupt");
	want("FIX shape_lrz: Restoring Left Redzone 0x%016lx-0x%016lx=0xcc\n",
	     (unsigned long)(p - 1), (unsigned long)(p - 1));
	/* A second report reads the taint the first left. */
	p[65] = 0x56;
	kmem_cache_free(s, p);
	want_banner("shape_lrz", "Tainted: G    B   W         ", "Object corrupt");
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* check_object(): "kmalloc Redzone" past the requested size (kmalloc-64 is FZPU here). */
static void test_shape_kmalloc_red_zone(void **state)
{
	unsigned char *p = kmalloc(40, GFP_KERNEL);

	p[44] = 2;
	kfree(p);
	want("[kmalloc Redzone overwritten] 0x%016lx-0x%016lx @offset=%lu. First byte 0x2 instead of 0xcc\n",
	     (unsigned long)(p + 44), (unsigned long)(p + 44), offset_of(p + 44));
	want_banner("kmalloc-64", "Not tainted", "Object corrupt");
	want("FIX kmalloc-64: Restoring kmalloc Redzone 0x%016lx-0x%016lx=0xcc\n",
	     (unsigned long)(p + 44), (unsigned long)(p + 44));
	kfree(p);
}

/* check_object() at allocation: "Poison" of a freed object, then the slab taken out. */
static void test_shape_poison(void **state)
{
	struct kmem_cache *s = make_debug("shape_poison", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL), *q;

	kmem_cache_free(s, p);
	p[8] = 0x11;
	p[9] = 0x11;
	q = kmem_cache_alloc(s, GFP_KERNEL);
	want("[Poison overwritten] 0x%016lx-0x%016lx @offset=%lu. First byte 0x11 instead of 0x6b\n",
	     (unsigned long)(p + 8), (unsigned long)(p + 9), offset_of(p + 8));
	want_banner("shape_poison", "Not tainted", "Object corrupt");
	want("Object   %016lx: 6b 6b 6b 6b 6b 6b 6b 6b 11 11 6b 6b 6b 6b 6b 6b  kkkkkkkk..kkkkkk\n",
	     (unsigned long)p);
	want("FIX shape_poison: Restoring Poison 0x%016lx-0x%016lx=0x6b\n",
	     (unsigned long)(p + 8), (unsigned long)(p + 9));
	want("FIX shape_poison: Marking all objects used\n");
	kmem_cache_free(s, q);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

/* check_object(): "Freepointer corrupt" through object_err(). */
static void test_shape_free_pointer(void **state)
{
	struct kmem_cache *s = make_debug("shape_fp", 64,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	/* keep holds the slab: SLUB_TINY frees an empty one at once */
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	void *a = kmem_cache_alloc(s, GFP_KERNEL);
	void *b = kmem_cache_alloc(s, GFP_KERNEL);

	assert_ptr_equal(virt_to_slab(keep), virt_to_slab(a));
	kmem_cache_free(s, b);
	kmem_cache_free(s, a);
	*freeptr_addr(s, a) = (char *)b + 3;
	kmem_cache_alloc(s, GFP_KERNEL);	/* from a fresh slab */
	want_banner("shape_fp", "Not tainted", "Freepointer corrupt");
	want("Object 0x%016lx @offset=%lu fp=0x%016lx\n\n", (unsigned long)a,
	     offset_of(a), (unsigned long)((char *)b + 3));
	want("FIX shape_fp: Marking all objects used\n");
	kmem_cache_destroy(s);
}

/* free_consistency_checks(): on_freelist() finds it, object_err() "Object already free". */
static void test_shape_double_free(void **state)
{
	struct kmem_cache *s = make_debug("shape_df", 64,
					  SLAB_CONSISTENCY_CHECKS | SLAB_STORE_USER);
	void *keep = kmem_cache_alloc(s, GFP_KERNEL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	kmem_cache_free(s, p);
	kmem_cache_free(s, p);
	want_banner("shape_df", "Not tainted", "Object already free");
	/* print_track(): "%s in %pS age=%lu cpu=%u pid=%d", then the depot's frames. */
	want("Allocated in ");
	want(" age=");
	want(" cpu=0 pid=%d\n ", current->pid);
	want("\n slab_alloc_single+0x");
	want("Freed in ");
	want("FIX shape_df: Object at 0x%016lx not freed\n", (unsigned long)p);
	kmem_cache_free(s, keep);
	kmem_cache_destroy(s);
}

/*
 * A free to the wrong cache: 6.12's cache_from_obj() WARNs (the caches
 * check consistency) and prints the object's tracking; the object goes to
 * its own cache.  free_consistency_checks()' "page slab pointer corrupt."
 * is left for a slab whose cache pointer itself was overwritten.
 */
static void test_shape_wrong_cache(void **state)
{
	struct kmem_cache *a = make_debug("shape_wc_a", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	struct kmem_cache *b = make_debug("shape_wc_b", 64,
					  SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS);
	void *p = kmem_cache_alloc(a, GFP_KERNEL);
	const char *cut, *msg, *warn;

	assert_ptr_not_equal(a, b);
	kmem_cache_free(b, p);
	cut = want("------------[ cut here ]------------\n");
	msg = want("cache_from_obj: Wrong slab cache. shape_wc_b but object is from shape_wc_a\n");
	warn = want("WARNING: CPU: 0 PID: %d at ", current->pid);
	assert_true(cut < msg && msg < warn);
	assert_int_equal(libslab_count_inuse(a), 0);
	kmem_cache_destroy(a);
	kmem_cache_destroy(b);
}

/* check_pad_bytes(): "Object padding" past the tracks. */
static void test_shape_object_padding(void **state)
{
	/* With a red zone, a word of padding follows the tracks. */
	struct kmem_cache *s = make_debug("shape_pad", 64,
					  SLAB_RED_ZONE | SLAB_POISON |
					  SLAB_STORE_USER | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);
	unsigned int off = get_info_end(s) + 2 * sizeof(struct track);

	assert_true(off < s->size - s->red_left_pad);
	p[off] = 0x77;
	kmem_cache_free(s, p);
	want("[Object padding overwritten] 0x%016lx-0x%016lx @offset=%lu. First byte 0x77 instead of 0x5a\n",
	     (unsigned long)(p + off), (unsigned long)(p + off), offset_of(p + off));
	want("Padding  %016lx: 77 5a", (unsigned long)(p + off));
	want("FIX shape_pad: Restoring Object padding 0x%016lx-0x%016lx=0x5a\n",
	     (unsigned long)(p + off), (unsigned long)(p + off));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* slab_pad_check(): "Padding overwritten." banner, "Padding " dump, __slab_err(), the FIX. */
static void test_shape_slab_padding(void **state)
{
	struct kmem_cache *s = make_debug("shape_slabpad", 200,
					  SLAB_POISON | SLAB_CONSISTENCY_CHECKS);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);
	unsigned char *start = slab_address(slab);
	unsigned int length = slab_size(slab), remainder = length % s->size;
	unsigned char *pad = start + length - remainder;

	assert_true(remainder > 0);
	pad[1] = 0x01;
	kmem_cache_free(s, p);		/* check_slab() checks the padding */
	want(BANNER_RULE "BUG shape_slabpad (Not tainted): Padding overwritten."
	     " 0x%016lx-0x%016lx @offset=%lu\n" BANNER_DASH,
	     (unsigned long)(pad + 1), (unsigned long)(pad + 1),
	     (unsigned long)(pad + 1 - start));
	want("Padding %016lx: 5a 01 5a", (unsigned long)pad);
	want("Slab 0x%016lx objects=", (unsigned long)slab);
	want("FIX shape_slabpad: Restoring slab padding 0x%016lx-0x%016lx=0x5a\n",
	     (unsigned long)(pad + 1), (unsigned long)(pad + 1));
	kmem_cache_destroy(s);
}

/* list_slab_objects(): banner, "Object 0x%p @offset=%tu" each, __slab_err()'s slab line and WARN. */
static void test_shape_objects_remaining(void **state)
{
	struct kmem_cache *s = make_debug("shape_leak", 64, SLAB_RED_ZONE);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	void *q = kmem_cache_alloc(s, GFP_KERNEL);
	const char *obj, *slab_line, *warn;
	unsigned long warns = sim_warn_count();

	kmem_cache_free(s, q);
	kmem_cache_destroy(s);
	want_banner("shape_leak", "Not tainted",
		    "Objects remaining on __kmem_cache_shutdown()");
	obj = want("Object 0x%016lx @offset=%lu\n", (unsigned long)p, offset_of(p));
	slab_line = want("Slab 0x%016lx objects=", (unsigned long)virt_to_slab(p));
	warn = want("WARNING: CPU: 0 PID: %d at ", current->pid);
	assert_true(obj < slab_line && slab_line < warn);
	/* __slab_err()'s WARN_ON(1), then kmem_cache_destroy()'s WARN. */
	assert_int_equal(sim_warn_count(), warns + 2);
	want("kmem_cache_destroy shape_leak: Slab cache still has objects when called from ");
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* trace(): "TRACE %s %s 0x%p inuse=%d fp=0x%p", and a free's "Object " dump. */
static void test_shape_trace(void **state)
{
	struct kmem_cache *s = make_debug("shape_trace", 16, SLAB_TRACE);
	unsigned char *p = kmem_cache_alloc(s, GFP_KERNEL);

	want("TRACE shape_trace alloc 0x%016lx inuse=1 fp=0x", (unsigned long)p);
	memset(p, 'a', 16);
	kmem_cache_free(s, p);
	want("TRACE shape_trace free 0x%016lx inuse=1 fp=0x", (unsigned long)p);
	want("Object %016lx: 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61  aaaaaaaaaaaaaaaa\n",
	     (unsigned long)p);
	want("CPU: 0 UID: ");
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest local[] = {
		cmocka_unit_test_setup_teardown(test_kmalloc_red_zone_catches_writes_past_the_requested_size, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_writing_all_ksize_bytes_is_no_overwrite, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_krealloc_growing_in_place_may_be_filled, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_kmemdup_and_krealloc_track_their_caller, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_user_tracking_reports_where_an_object_was_allocated, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_trace_prints_every_alloc_and_free, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_destroy_lists_each_leaked_object_with_its_owner, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_slab_info_prints_page_flags_as_the_kernel_does, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_freeing_a_checked_slab_checks_its_objects, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_right_red_zone, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_left_red_zone, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_kmalloc_red_zone, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_poison, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_free_pointer, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_double_free, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_wrong_cache, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_object_padding, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_slab_padding, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_objects_remaining, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_shape_trace, report_setup, report_teardown),
	};

	return slab_run_table(debug_cases, NULL, NULL) +
	       cmocka_run_group_tests(local, NULL, NULL);
}
