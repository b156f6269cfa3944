// SPDX-License-Identifier: GPL-2.0
/*
 * The gfp a new slab's pages are asked for, read through the simulated
 * page allocator's sim_page_alloc_observe() hook.  Each expected value is
 * what the named 6.12 function (mm/slub.c unless said otherwise) hands the
 * page allocator.  Two NUMA nodes; the calling thread runs on CPU 0.
 */
#include "harness.h"

/* mm/internal.h's GFP_BOOT_MASK: gfp_allowed_mask until init runs. */
#define BOOT_MASK	(__GFP_BITS_MASK & ~(__GFP_RECLAIM | __GFP_IO | __GFP_FS))

#define MAX_SEEN	8
static struct sim_page_request seen[MAX_SEEN];
static unsigned int nr_seen;

static void record(const struct sim_page_request *req, void *arg)
{
	if (nr_seen < MAX_SEEN)
		seen[nr_seen] = *req;
	nr_seen++;
}

static void watch(void)
{
	nr_seen = 0;
	sim_page_alloc_observe(record, NULL);
}

static void unwatch(void)
{
	sim_page_alloc_observe(NULL, NULL);
}

static int setup(void **state)
{
	sim_set_cpu(0);
	return expect_clean_setup(state);
}

static int teardown(void **state)
{
	unwatch();
	sim_page_fail_above_order(-1);
	sim_fail_page_alloc_setup("1,0,0,0");
	sim_fail_page_alloc_filter(true, 1);
	gfp_allowed_mask = __GFP_BITS_MASK;
	return expect_clean_teardown(state);
}

static unsigned long order_fallbacks(struct kmem_cache *s)
{
	int item = libslab_stat_item("order_fallback");

	assert_true(item >= 0);
	return libslab_stat(s, item, -1);
}

/* 3000-byte objects: preferred order above the minimum order 0. */
static struct kmem_cache *high_order_cache(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, 3000, 0, SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	assert_true(oo_order(s->oo) > 0);
	assert_int_equal(oo_order(s->min), 0);
	return s;
}

/* 256-byte objects: preferred and minimum order both 0. */
static struct kmem_cache *order0_cache(const char *name, slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_create(name, 256, 0,
						 SLAB_NO_MERGE | flags, NULL);

	assert_non_null(s);
	assert_int_equal(oo_order(s->oo), 0);
	assert_int_equal(oo_order(s->min), 0);
	return s;
}

static void assert_request(unsigned int i, int nid, gfp_t gfp,
			   unsigned int order, bool served)
{
	assert_true(i < nr_seen);
	assert_int_equal(seen[i].nid, nid);
	assert_int_equal(seen[i].gfp, gfp);
	assert_int_equal(seen[i].order, order);
	if (served)
		assert_non_null(seen[i].page);
	else
		assert_null(seen[i].page);
}

/*
 * allocate_slab(): a GFP_KERNEL caller's preferred-order attempt goes
 * without reclaim and reserves, quietly, without retrying:
 * (GFP_KERNEL | allocflags | __GFP_NOWARN | __GFP_NORETRY |
 * __GFP_NOMEMALLOC) & ~__GFP_RECLAIM.
 */
static void test_preferred_order_of_a_reclaiming_caller_drops_reclaim(void **state)
{
	struct kmem_cache *s = high_order_cache("gfp_prefer_kernel");
	void *p;

	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL);
	unwatch();
	assert_non_null(p);
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, __GFP_IO | __GFP_FS | __GFP_COMP |
		       __GFP_NOWARN | __GFP_NORETRY | __GFP_NOMEMALLOC,
		       oo_order(s->oo), true);
	assert_int_equal(order_fallbacks(s), 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * allocate_slab(): without __GFP_DIRECT_RECLAIM the preferred-order
 * attempt keeps the caller's bits (kswapd wake-up, __GFP_HIGH) and gets
 * only __GFP_NOWARN | __GFP_NORETRY, no __GFP_NOMEMALLOC.
 */
static void test_preferred_order_of_an_atomic_caller_keeps_its_bits(void **state)
{
	struct kmem_cache *s = high_order_cache("gfp_prefer_atomic");
	void *p;

	watch();
	p = kmem_cache_alloc(s, GFP_ATOMIC);
	unwatch();
	assert_non_null(p);
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, __GFP_HIGH | __GFP_KSWAPD_RECLAIM |
		       __GFP_COMP | __GFP_NOWARN | __GFP_NORETRY,
		       oo_order(s->oo), true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * allocate_slab(): when the preferred order is the minimum one there is
 * nothing to fall back to, so reclaim stays; __GFP_NOWARN | __GFP_NORETRY
 * are still added and __GFP_NOFAIL taken off.
 */
static void test_minimum_order_cache_keeps_reclaim(void **state)
{
	struct kmem_cache *s = order0_cache("gfp_order0", 0);
	void *p;

	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_NOFAIL);
	unwatch();
	assert_non_null(p);
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, GFP_KERNEL | __GFP_COMP | __GFP_NOWARN |
		       __GFP_NORETRY, 0, true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * allocate_slab(): the preferred order failing, the minimum order is asked
 * for with flags | s->allocflags alone (reclaim back, no __GFP_NOWARN or
 * __GFP_NORETRY), the slab has oo_objects(s->min) objects and
 * ORDER_FALLBACK is counted.
 */
static void test_preferred_order_failure_falls_back_with_the_callers_flags(void **state)
{
	struct kmem_cache *s = high_order_cache("gfp_fallback");
	void *p;

	sim_page_fail_above_order(0);
	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL);
	unwatch();
	sim_page_fail_above_order(-1);
	assert_non_null(p);
	assert_int_equal(nr_seen, 2);
	assert_request(0, NUMA_NO_NODE, __GFP_IO | __GFP_FS | __GFP_COMP |
		       __GFP_NOWARN | __GFP_NORETRY | __GFP_NOMEMALLOC,
		       oo_order(s->oo), false);
	assert_request(1, NUMA_NO_NODE, GFP_KERNEL | __GFP_COMP, 0, true);
	assert_int_equal(virt_to_slab(p)->objects, oo_objects(s->min));
	assert_int_equal(order_fallbacks(s), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * allocate_slab() under fail_page_alloc with its defaults (ignore-gfp-wait,
 * min-order 1): the preferred-order attempt, stripped of
 * __GFP_DIRECT_RECLAIM, is failed; the order-0 fallback with the caller's
 * GFP_KERNEL is spared; ORDER_FALLBACK is counted.
 */
static void test_fail_page_alloc_fails_only_the_preferred_order(void **state)
{
	struct kmem_cache *s = high_order_cache("gfp_fail_page_alloc");
	void *p;

	assert_int_equal(sim_fail_page_alloc_setup("1,100,0,-1"), 0);
	sim_fail_page_alloc_filter(true, 1);
	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL);
	unwatch();
	sim_fail_page_alloc_setup("1,0,0,0");
	assert_non_null(p);
	assert_int_equal(nr_seen, 2);
	assert_false(seen[0].gfp & __GFP_DIRECT_RECLAIM);
	assert_null(seen[0].page);
	assert_request(1, NUMA_NO_NODE, GFP_KERNEL | __GFP_COMP, 0, true);
	assert_int_equal(order_fallbacks(s), 1);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * new_slab(): only GFP_RECLAIM_MASK | GFP_CONSTRAINT_MASK bits of the
 * caller reach allocate_slab(); __GFP_ZERO, __GFP_ACCOUNT, the mobility
 * and __GFP_WRITE bits stay behind, __GFP_HARDWALL passes.
 */
static void test_only_reclaim_and_constraint_bits_reach_the_page_allocator(void **state)
{
	struct kmem_cache *s = order0_cache("gfp_masked", 0);
	void *p;

	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_ZERO | __GFP_ACCOUNT |
			     __GFP_MOVABLE | __GFP_RECLAIMABLE | __GFP_WRITE |
			     __GFP_HARDWALL);
	unwatch();
	assert_non_null(p);
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, GFP_KERNEL | __GFP_HARDWALL | __GFP_COMP |
		       __GFP_NOWARN | __GFP_NORETRY, 0, true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * calculate_sizes() sets s->allocflags: __GFP_COMP always, GFP_DMA for
 * SLAB_CACHE_DMA, GFP_DMA32 for SLAB_CACHE_DMA32, __GFP_RECLAIMABLE for
 * SLAB_RECLAIM_ACCOUNT; allocate_slab() adds them to every page request
 * (after new_slab()'s GFP_SLAB_BUG_MASK check, so GFP_DMA32 passes it).
 */
static void test_allocflags_follow_the_cache_flags(void **state)
{
	static const struct {
		const char *name;
		slab_flags_t flags;
		gfp_t allocflags;
	} cases[] = {
		{ "gfp_plain", 0, __GFP_COMP },
		{ "gfp_dma", SLAB_CACHE_DMA, __GFP_COMP | GFP_DMA },
		{ "gfp_dma32", SLAB_CACHE_DMA32, __GFP_COMP | GFP_DMA32 },
		{ "gfp_reclaim", SLAB_RECLAIM_ACCOUNT, __GFP_COMP | __GFP_RECLAIMABLE },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct kmem_cache *s = order0_cache(cases[i].name, cases[i].flags);
		void *p;

		assert_int_equal(s->allocflags, cases[i].allocflags);
		watch();
		p = kmem_cache_alloc(s, GFP_KERNEL);
		unwatch();
		assert_non_null(p);
		assert_int_equal(nr_seen, 1);
		assert_request(0, NUMA_NO_NODE, GFP_KERNEL | cases[i].allocflags |
			       __GFP_NOWARN | __GFP_NORETRY, 0, true);
		kmem_cache_free(s, p);
		kmem_cache_destroy(s);
	}
}

/*
 * ___slab_alloc(): a request for node 1 without __GFP_THISNODE first tries
 * that node alone with GFP_NOWAIT | __GFP_THISNODE; allocate_slab() then
 * keeps kswapd's bit (no direct reclaim to drop) for the preferred order.
 */
static void test_node_request_first_tries_the_node_alone(void **state)
{
	struct kmem_cache *s = high_order_cache("gfp_thisnode");
	void *p;

	watch();
	p = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	unwatch();
	assert_non_null(p);
	assert_int_equal(slab_nid(virt_to_slab(p)), 1);
	assert_int_equal(nr_seen, 1);
	assert_request(0, 1, __GFP_KSWAPD_RECLAIM | __GFP_NOWARN | __GFP_THISNODE |
		       __GFP_COMP | __GFP_NORETRY, oo_order(s->oo), true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* allocate_slab(): flags &= gfp_allowed_mask before s->allocflags go in. */
static void test_gfp_allowed_mask_narrows_the_request(void **state)
{
	struct kmem_cache *s = order0_cache("gfp_allowed", SLAB_RECLAIM_ACCOUNT);
	void *p;

	gfp_allowed_mask = BOOT_MASK;
	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL);
	unwatch();
	gfp_allowed_mask = __GFP_BITS_MASK;
	assert_non_null(p);
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, __GFP_RECLAIMABLE | __GFP_COMP |
		       __GFP_NOWARN | __GFP_NORETRY, 0, true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * new_slab() calls kmalloc_fix_flags() (mm/slab_common.c) for
 * GFP_SLAB_BUG_MASK bits: a pr_warn naming both masks with %pGg and a
 * backtrace, no WARN; the page request goes without the bits.
 */
static void test_slab_bug_mask_bits_are_fixed_up(void **state)
{
	struct kmem_cache *s = order0_cache("gfp_fixup", 0);
	unsigned long warns = sim_warn_count();
	void *p;

	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_HIGHMEM | __GFP_DMA32);
	unwatch();
	assert_non_null(p);
	assert_int_equal(sim_warn_count(), warns);
	assert_captured("Unexpected gfp: 0x6 (__GFP_HIGHMEM|GFP_DMA32). Fixing up to gfp: 0xcc0 (GFP_KERNEL). Fix your code!\n");
	assert_captured("Call Trace:\n");
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, GFP_KERNEL | __GFP_COMP | __GFP_NOWARN |
		       __GFP_NORETRY, 0, true);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* kmalloc_fix_flags(): a bit past __GFP_BITS_MASK has no name, only its value. */
static void test_bits_past_the_last_gfp_bit_are_fixed_up(void **state)
{
	struct kmem_cache *s = order0_cache("gfp_fixup_high", 0);
	gfp_t stray = (gfp_t)1 << __GFP_BITS_SHIFT;
	void *p;

	p = kmem_cache_alloc(s, GFP_NOWAIT | stray);
	assert_non_null(p);
	assert_captured("Unexpected gfp: 0x2000000 (0x2000000). Fixing up to gfp: 0x2800 (GFP_NOWAIT). Fix your code!\n");
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * ___kmalloc_large_node(): kmalloc_fix_flags() too, then the pages come
 * with the caller's (fixed) flags and __GFP_COMP, nothing else.
 */
static void test_large_kmalloc_fixes_up_and_adds_only_comp(void **state)
{
	size_t size = 4 * PAGE_SIZE;
	void *p;

	assert_true(size > KMALLOC_MAX_CACHE_SIZE);
	watch();
	p = kmalloc(size, GFP_KERNEL | __GFP_HIGHMEM);
	unwatch();
	assert_non_null(p);
	assert_captured("Unexpected gfp: 0x2 (__GFP_HIGHMEM). Fixing up to gfp: 0xcc0 (GFP_KERNEL). Fix your code!\n");
	assert_int_equal(nr_seen, 1);
	assert_request(0, NUMA_NO_NODE, GFP_KERNEL | __GFP_COMP, get_order(size), true);
	kfree(p);
}

/*
 * new_slab(): WARN_ON_ONCE(s->ctor && (flags & __GFP_ZERO)), once for the
 * whole kernel; __GFP_ZERO does not reach the page allocator.
 */
static void ctor(void *object)
{
	memset(object, 0x5c, 64);
}

static void test_zeroing_a_constructed_cache_warns_once_in_new_slab(void **state)
{
	struct kmem_cache *s = kmem_cache_create("gfp_ctor_zero", 64, 0,
						 SLAB_NO_MERGE, ctor);
	unsigned long warns = sim_warn_count();
	void *p, *q[64];
	unsigned int i, n;

	assert_non_null(s);
	watch();
	p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_ZERO);
	unwatch();
	assert_non_null(p);
	assert_int_equal(sim_warn_count(), warns + 1);
	assert_captured(" new_slab\n");
	assert_int_equal(nr_seen, 1);
	assert_false(seen[0].gfp & __GFP_ZERO);
	/* Another slab, through the bulk path: no second warning. */
	n = oo_objects(s->oo) + 1;
	assert_true(n <= ARRAY_SIZE(q));
	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL | __GFP_ZERO, n, q), n);
	assert_int_equal(sim_warn_count(), warns + 1);
	for (i = 0; i < n; i++)
		assert_int_equal(((unsigned char *)q[i])[0], 0);
	kmem_cache_free_bulk(s, n, q);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/*
 * The page allocator's failure line (6.12 warn_alloc()) names the mode:
 * here allocate_slab()'s minimum-order retry, which has no __GFP_NOWARN.
 */
static void test_failed_minimum_order_prints_the_mode(void **state)
{
	struct kmem_cache *s = kmem_cache_create("gfp_fail_line", 5000, 0,
						 SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	assert_int_equal(oo_order(s->min), 1);
	sim_page_fail_above_order(0);
	assert_null(kmem_cache_alloc(s, GFP_KERNEL));
	sim_page_fail_above_order(-1);
	assert_captured("page allocation failure: order:1, mode:0x40cc0(GFP_KERNEL|__GFP_COMP), nodemask=(null)\n");
	kmem_cache_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_preferred_order_of_a_reclaiming_caller_drops_reclaim, setup, teardown),
		cmocka_unit_test_setup_teardown(test_preferred_order_of_an_atomic_caller_keeps_its_bits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_minimum_order_cache_keeps_reclaim, setup, teardown),
		cmocka_unit_test_setup_teardown(test_preferred_order_failure_falls_back_with_the_callers_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fail_page_alloc_fails_only_the_preferred_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_only_reclaim_and_constraint_bits_reach_the_page_allocator, setup, teardown),
		cmocka_unit_test_setup_teardown(test_allocflags_follow_the_cache_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_node_request_first_tries_the_node_alone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gfp_allowed_mask_narrows_the_request, setup, teardown),
		cmocka_unit_test_setup_teardown(test_slab_bug_mask_bits_are_fixed_up, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_bits_past_the_last_gfp_bit_are_fixed_up, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_large_kmalloc_fixes_up_and_adds_only_comp, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_zeroing_a_constructed_cache_warns_once_in_new_slab, report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_failed_minimum_order_prints_the_mode, report_setup, report_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
