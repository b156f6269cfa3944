// SPDX-License-Identifier: GPL-2.0
/*
 * Memory limits and NUMA placement.  The suite runs with two simulated
 * nodes of 64 MiB and two CPUs (CPU n on node n).
 */
#include <asm/timex.h>
#include "harness.h"

static int pin_cpu0(void **state)
{
	sim_set_cpu(0);
	return 0;
}

static void test_nodes_come_from_the_command_line(void **state)
{
	assert_int_equal(nr_node_ids, 2);
	assert_int_equal(sim_node_pages(0), (64UL << 20) >> PAGE_SHIFT);
	assert_int_equal(cpu_to_node(1), 1);
}

static void test_alloc_node_places_object_on_that_node(void **state)
{
	struct kmem_cache *s = kmem_cache_create("numa_place", 200, 0, SLAB_NO_MERGE, NULL);
	void *a = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	void *b = kmem_cache_alloc_node(s, GFP_KERNEL, 0);

	assert_int_equal(folio_nid(virt_to_folio(a)), 1);
	assert_int_equal(folio_nid(virt_to_folio(b)), 0);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
}

static void test_default_node_is_the_cpus_node(void **state)
{
	struct kmem_cache *s = kmem_cache_create("numa_local", 200, 0, SLAB_NO_MERGE, NULL);
	void *a, *b;

	a = kmem_cache_alloc(s, GFP_KERNEL);
	sim_set_cpu(1);
	b = kmem_cache_alloc(s, GFP_KERNEL);
	kmem_cache_free(s, b);
	sim_set_cpu(0);
	assert_int_equal(folio_nid(virt_to_folio(a)), 0);
	assert_int_equal(folio_nid(virt_to_folio(b)), 1);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_slabs_are_counted_per_node(void **state)
{
	struct kmem_cache *s = kmem_cache_create("numa_count", 256, 0, SLAB_NO_MERGE, NULL);
	void *p[20];
	int i;

	for (i = 0; i < 20; i++)
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	assert_int_equal(libslab_node_nr_slabs(s, 0), 0);
	assert_int_equal(libslab_node_nr_slabs(s, 1), 2);
	libslab_flush_all(s);
	assert_int_equal(libslab_node_nr_partial(s, 1), 1);
	assert_int_equal(libslab_node_nr_partial(s, 0), 0);
	for (i = 0; i < 20; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

static void test_kmalloc_node_places_memory(void **state)
{
	void *small = kmalloc_node(100, GFP_KERNEL, 1);
	void *large = kmalloc_node(50000, GFP_KERNEL, 1);

	assert_int_equal(folio_nid(virt_to_folio(small)), 1);
	assert_int_equal(folio_nid(virt_to_folio(large)), 1);
	kfree(small);
	kfree(large);
}

static void test_full_node_falls_back_unless_thisnode(void **state)
{
	static struct page *blocks[16 + (1 << MAX_PAGE_ORDER)];
	const gfp_t here = GFP_KERNEL | __GFP_THISNODE | __GFP_NOWARN;
	unsigned long node1 = sim_pages_in_use(1);
	unsigned int orders[ARRAY_SIZE(blocks)];
	size_t n = 0;
	void *p;

	/* Take all of node 1: whole 4 MiB blocks, then the single pages left. */
	while (n < 16 && (blocks[n] = alloc_pages_node(1, here, MAX_PAGE_ORDER)))
		orders[n++] = MAX_PAGE_ORDER;
	while (n < ARRAY_SIZE(blocks) && (blocks[n] = alloc_pages_node(1, here, 0)))
		orders[n++] = 0;
	assert_int_equal(sim_pages_in_use(1), sim_node_pages(1));

	assert_null(kmalloc_node(20000, here, 1));
	p = kmalloc_node(20000, GFP_KERNEL, 1);
	assert_non_null(p);
	assert_int_equal(folio_nid(virt_to_folio(p)), 0);
	kfree(p);
	while (n--)
		__free_pages(blocks[n], orders[n]);
	assert_int_equal(sim_pages_in_use(1), node1);
}

/*
 * 6.12 ___slab_alloc() (mm/slub.c), try_thisnode: an allocation for node 1
 * without __GFP_THISNODE first looks at node 1 alone, partial slabs then a
 * new slab (GFP_NOWAIT | __GFP_THISNODE), before get_any_partial() may
 * hand out another node's free objects.  Node 0 here has plenty of partial
 * slabs (more than min_partial, so get_any_partial() would take them), and
 * node 1 free memory: the object must come from node 1.
 */
static void test_alloc_node_prefers_a_new_slab_on_that_node(void **state)
{
	struct kmem_cache *s = make_test_cache("try_thisnode");
	void *p[8 * TEST_PER_SLAB], *q;
	int i;

	for (i = 0; i < 8 * TEST_PER_SLAB; i++) {
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 0);
		assert_non_null(p[i]);
		assert_int_equal(folio_nid(virt_to_folio(p[i])), 0);
	}
	for (i = 0; i < 8; i++)
		kmem_cache_free(s, p[i * TEST_PER_SLAB]);
	libslab_flush_all(s);
	assert_true(libslab_node_nr_partial(s, 0) > s->min_partial);

	q = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	assert_non_null(q);
	assert_int_equal(folio_nid(virt_to_folio(q)), 1);
	kmem_cache_free(s, q);
	for (i = 0; i < 8 * TEST_PER_SLAB; i++)
		if (i % TEST_PER_SLAB)
			kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

/*
 * 6.12 get_any_partial(): another node's partial slabs serve a request
 * only while that node holds more than min_partial of them; the few it
 * keeps stay for its own allocations.  A debug cache allocates one object
 * at a time (slub_single.c) but searches the nodes by the same rule:
 * node 1 holds two partial slabs, node 0 none, and an allocation on CPU 0
 * gets a new slab on node 0.
 */
static void test_debug_cache_leaves_a_remote_nodes_few_partial_slabs(void **state)
{
	struct kmem_cache *s = kmem_cache_create("debug_remote", 256, 0,
						 SLAB_CONSISTENCY_CHECKS, NULL);
	void *p[2 * TEST_PER_SLAB], *q;
	int i;

	assert_int_equal(oo_objects(s->oo), TEST_PER_SLAB);
	for (i = 0; i < 2 * TEST_PER_SLAB; i++) {
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
		assert_non_null(p[i]);
	}
	kmem_cache_free(s, p[0]);
	kmem_cache_free(s, p[TEST_PER_SLAB]);
	/* A cache without debugging would hold them on CPU 0 still. */
	libslab_flush_all(s);
	assert_int_equal(libslab_node_nr_partial(s, 0), 0);
	assert_int_equal(libslab_node_nr_partial(s, 1), 2);
	assert_true(2 <= s->min_partial);

	q = kmem_cache_alloc(s, GFP_KERNEL);
	assert_non_null(q);
	assert_int_equal(folio_nid(virt_to_folio(q)), 0);
	assert_int_equal(libslab_node_nr_partial(s, 1), 2);
	kmem_cache_free(s, q);
	for (i = 1; i < 2 * TEST_PER_SLAB; i++)
		if (i != TEST_PER_SLAB)
			kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

/*
 * Fill 8 slabs of s on node 1, then free one object of each: node 1 holds
 * 8 partial slabs, more than min_partial, and node 0 none.  p keeps the rest.
 */
static void fill_remote_partials(struct kmem_cache *s, void **p)
{
	int i;

	for (i = 0; i < 8 * TEST_PER_SLAB; i++) {
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
		assert_non_null(p[i]);
	}
	for (i = 0; i < 8; i++)
		kmem_cache_free(s, p[i * TEST_PER_SLAB]);
	libslab_flush_all(s);
	assert_int_equal(libslab_node_nr_partial(s, 0), 0);
	assert_true(libslab_node_nr_partial(s, 1) > s->min_partial);
}

static void free_remote_partials(struct kmem_cache *s, void **p)
{
	int i;

	for (i = 0; i < 8 * TEST_PER_SLAB; i++)
		if (i % TEST_PER_SLAB)
			kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

/*
 * The node that an allocation on CPU 0 (node 0) gets, with node 1 holding
 * partial slabs and remote_node_defrag_ratio set by ratio() just before.
 */
static int node_of_refill(const char *name, unsigned int (*ratio)(void))
{
	struct kmem_cache *s = make_test_cache(name);
	void *p[8 * TEST_PER_SLAB], *q;
	int nid;

	fill_remote_partials(s, p);
	s->remote_node_defrag_ratio = ratio();
	q = kmem_cache_alloc(s, GFP_KERNEL);
	assert_non_null(q);
	nid = folio_nid(virt_to_folio(q));
	kmem_cache_free(s, q);
	free_remote_partials(s, p);
	return nid;
}

static unsigned int ratio_zero(void)
{
	return 0;
}

static unsigned int ratio_above_every_residue(void)
{
	return 1024;
}

/* A ratio of at least 1 that the cycle counter's next residue is just above, or equal to. */
static unsigned int ratio_below_next_cycle(void)
{
	unsigned int next = (get_cycles() + 1) % 1024;

	if (next < 2)
		next = (get_cycles() + 1) % 1024;
	return next - 1;
}

static unsigned int ratio_at_next_cycle(void)
{
	unsigned int next = (get_cycles() + 1) % 1024;

	if (!next)
		next = (get_cycles() + 1) % 1024;
	return next;
}

/* 6.12 get_any_partial(): a remote_node_defrag_ratio of 0 keeps refills on their node... */
static void test_defrag_ratio_zero_never_takes_remote_partials(void **state)
{
	assert_int_equal(node_of_refill("defrag_0", ratio_zero), 0);
}

/* ...one above get_cycles() % 1024's largest value always looks at other nodes... */
static void test_defrag_ratio_above_1023_always_takes_remote_partials(void **state)
{
	assert_int_equal(node_of_refill("defrag_1024", ratio_above_every_residue), 1);
}

/* ...and between the two, a refill looks when get_cycles() % 1024 is at most the ratio. */
static void test_defrag_ratio_is_compared_with_the_cycle_counter(void **state)
{
	assert_int_equal(node_of_refill("defrag_below", ratio_below_next_cycle), 0);
	assert_int_equal(node_of_refill("defrag_at", ratio_at_next_cycle), 1);
}

/*
 * The node-only try fails when node 1 has no free page; 6.12
 * ___slab_alloc() then retries with the caller's flags, which may use any
 * node: the object comes from node 0.
 */
static void test_alloc_node_falls_back_when_that_node_is_full(void **state)
{
	static struct page *blocks[16 + (1 << MAX_PAGE_ORDER)];
	const gfp_t here = GFP_KERNEL | __GFP_THISNODE | __GFP_NOWARN;
	struct kmem_cache *s = make_test_cache("thisnode_full");
	unsigned int orders[ARRAY_SIZE(blocks)];
	size_t n = 0;
	void *p;

	while (n < 16 && (blocks[n] = alloc_pages_node(1, here, MAX_PAGE_ORDER)))
		orders[n++] = MAX_PAGE_ORDER;
	while (n < ARRAY_SIZE(blocks) && (blocks[n] = alloc_pages_node(1, here, 0)))
		orders[n++] = 0;
	assert_int_equal(sim_pages_in_use(1), sim_node_pages(1));

	assert_null(kmem_cache_alloc_node(s, here, 1));
	p = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	assert_non_null(p);
	assert_int_equal(folio_nid(virt_to_folio(p)), 0);
	kmem_cache_free(s, p);
	while (n--)
		__free_pages(blocks[n], orders[n]);
	kmem_cache_destroy(s);
}

static void test_memory_limit_makes_allocation_fail_cleanly(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_fail", 512, 0, SLAB_NO_MERGE, NULL);
	unsigned long base = sim_pages_in_use(NUMA_NO_NODE);
	void *p[2000];
	int n = 0;

	sim_page_set_limit(base + 16);
	while (n < 2000 && (p[n] = kmem_cache_alloc(s, GFP_KERNEL | __GFP_NOWARN)))
		n++;
	assert_true(n > 0 && n < 2000);
	assert_true(sim_pages_in_use(NUMA_NO_NODE) <= base + 16);
	assert_null(kmalloc(100000, GFP_KERNEL | __GFP_NOWARN));
	while (n)
		kmem_cache_free(s, p[--n]);
	sim_page_set_limit(0);
	kmem_cache_shrink(s);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), base);
	kmem_cache_destroy(s);
}

static void test_allocation_works_again_after_limit_is_lifted(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_lift", 512, 0, SLAB_NO_MERGE, NULL);
	void *p;

	sim_page_set_limit(sim_pages_in_use(NUMA_NO_NODE));
	assert_null(kmem_cache_alloc(s, GFP_KERNEL | __GFP_NOWARN));
	sim_page_set_limit(0);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	assert_non_null(p);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_failed_allocation_warns_unless_nowarn(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_warn", 512, 0, SLAB_NO_MERGE, NULL);

	sim_page_set_limit(sim_pages_in_use(NUMA_NO_NODE));
	capture_start();
	assert_null(kmem_cache_alloc(s, GFP_KERNEL | __GFP_NOWARN));
	capture_stop();
	assert_string_equal(captured(), "");
	capture_start();
	assert_null(kmem_cache_alloc(s, GFP_KERNEL));
	capture_stop();
	sim_page_set_limit(0);
	assert_captured("page allocation failure: order:");
	kmem_cache_destroy(s);
}

/*
 * The lines of 6.12's slab_out_of_memory() (mm/slub.c) for s, failing
 * from CPU 0 on node nid with gfp, when node 0 holds one full slab.
 */
static void assert_slab_oom_report(struct kmem_cache *s, int nid, const char *gfp)
{
	char line[256];

	snprintf(line, sizeof(line),
		 "SLUB: Unable to allocate memory on CPU 0 (of node 0) on node %d, gfp=%s\n",
		 nid, gfp);
	assert_captured(line);
	snprintf(line, sizeof(line),
		 "  cache: %s, object size: %u, buffer size: %u, default order: %u, min order: %u\n",
		 s->name, s->object_size, s->size, oo_order(s->oo), oo_order(s->min));
	assert_captured(line);
	snprintf(line, sizeof(line), "  node 0: slabs: 1, objs: %u, free: 0\n"
		 "  node 1: slabs: 0, objs: 0, free: 0\n", oo_objects(s->oo));
	assert_captured(line);
}

static void test_failed_slab_allocation_reports_the_cache(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_oom", 512, 0, SLAB_NO_MERGE, NULL);
	void *objects[64];
	unsigned int i, n = oo_objects(s->oo);

	assert_true(n <= ARRAY_SIZE(objects));
	for (i = 0; i < n; i++)
		objects[i] = kmem_cache_alloc(s, GFP_KERNEL);
	sim_page_set_limit(sim_pages_in_use(NUMA_NO_NODE));
	capture_start();
	assert_null(kmem_cache_alloc(s, GFP_KERNEL));
	assert_null(kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1));
	capture_stop();
	sim_page_set_limit(0);
	assert_slab_oom_report(s, NUMA_NO_NODE, "0xcc0(GFP_KERNEL)");
	assert_slab_oom_report(s, 1, "0x200cc0(GFP_KERNEL|__GFP_THISNODE)");
	for (i = 0; i < n; i++)
		kmem_cache_free(s, objects[i]);
	kmem_cache_destroy(s);
}

static void test_slab_out_of_memory_says_when_debugging_raised_the_order(void **state)
{
	/* A red zone pushes a page-sized object past a page: min order 1. */
	struct kmem_cache *s = kmem_cache_create("limit_oom_debug", PAGE_SIZE, 0,
						 SLAB_NO_MERGE | SLAB_RED_ZONE, NULL);

	sim_page_set_limit(sim_pages_in_use(NUMA_NO_NODE));
	capture_start();
	assert_null(kmem_cache_alloc(s, GFP_KERNEL));
	capture_stop();
	sim_page_set_limit(0);
	assert_int_equal(oo_order(s->min), 1);
	assert_captured("  limit_oom_debug debugging increased min order, use slab_debug=O to disable.\n");
	kmem_cache_destroy(s);
}

static void test_slab_out_of_memory_is_rate_limited(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_oom_many", 512, 0, SLAB_NO_MERGE, NULL);
	const char *text;
	int i, reports = 0;

	/* What the earlier cases printed shares the same 5 s and burst. */
	sim_page_set_limit(sim_pages_in_use(NUMA_NO_NODE));
	capture_start();
	for (i = 0; i < 30; i++)
		assert_null(kmem_cache_alloc(s, GFP_KERNEL));
	capture_stop();
	sim_page_set_limit(0);
	for (text = captured(); (text = strstr(text, "SLUB: Unable to allocate")); text++)
		reports++;
	/* DEFAULT_RATELIMIT_BURST reports per DEFAULT_RATELIMIT_INTERVAL, from any cache. */
	assert_in_range(reports, 0, DEFAULT_RATELIMIT_BURST);
	kmem_cache_destroy(s);
}

static void test_bulk_alloc_failure_returns_zero_and_leaks_nothing(void **state)
{
	struct kmem_cache *s = kmem_cache_create("limit_bulk", 256, 0, SLAB_NO_MERGE, NULL);
	unsigned long base = sim_pages_in_use(NUMA_NO_NODE);
	void *p[1000];

	sim_page_set_limit(base + 4);
	assert_int_equal(kmem_cache_alloc_bulk(s, GFP_KERNEL | __GFP_NOWARN, 1000, p), 0);
	sim_page_set_limit(0);
	assert_int_equal(libslab_count_inuse(s), 0);
	kmem_cache_shrink(s);
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), base);
	kmem_cache_destroy(s);
}

/*
 * 6.12's __kmem_cache_create_args() (mm/slab_common.c) answers a failed
 * create_cache() with NULL and, short of SLAB_PANIC, a pr_warn() naming
 * itself, the cache and the error, then dump_stack().  create_cache()
 * fails with -ENOMEM when kmem_cache_zalloc() finds no struct kmem_cache.
 */
static void test_cache_creation_without_memory_warns_and_returns_null(void **state)
{
	const gfp_t here = GFP_KERNEL | __GFP_THISNODE | __GFP_NOWARN;
	static void *held[4096];
	unsigned long base = sim_pages_in_use(NUMA_NO_NODE);
	struct kmem_cache *s;
	size_t n = 0;
	int node;

	/* No new page, and every free struct kmem_cache CPU 0 can reach taken. */
	sim_page_set_limit(base);
	for_each_online_node(node)
		while (n < ARRAY_SIZE(held) &&
		       (held[n] = kmem_cache_alloc_node(kmem_cache, here, node)))
			n++;
	assert_in_range(n, 0, ARRAY_SIZE(held) - 1);
	capture_start();
	s = kmem_cache_create("no_memory", 64, 0, SLAB_NO_MERGE, NULL);
	capture_stop();
	while (n)
		kmem_cache_free(kmem_cache, held[--n]);
	sim_page_set_limit(0);

	assert_null(s);
	assert_captured("__kmem_cache_create_args(no_memory) failed with error -12\n");
	assert_captured("Call Trace:\n");
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), base);
}

/*
 * When the struct kmem_cache is there but a node's kmem_cache_node is
 * not, 6.12's do_kmem_cache_create() (mm/slub.c) fails with the -EINVAL
 * it started from, not -ENOMEM, and __kmem_cache_create_args() prints it.
 */
static void test_cache_creation_without_node_memory_warns_einval(void **state)
{
	const gfp_t here = GFP_KERNEL | __GFP_THISNODE | __GFP_NOWARN;
	static const char name[] = "no_node_memory";
	static void *held[4096];
	unsigned long limit;
	struct kmem_cache *s;
	void *spare_cache, *spare_name;
	size_t n = 0;
	int node;

	/*
	 * Freed back to CPU 0's slabs once the limit is on, a struct
	 * kmem_cache and the copy of the name are there for the creation.
	 */
	spare_cache = kmem_cache_alloc(kmem_cache, GFP_KERNEL);
	spare_name = kmalloc(sizeof(name), GFP_KERNEL);
	assert_non_null(spare_cache);
	assert_non_null(spare_name);
	limit = sim_pages_in_use(NUMA_NO_NODE);
	sim_page_set_limit(limit);
	for_each_online_node(node)
		while (n < ARRAY_SIZE(held) &&
		       (held[n] = kmem_cache_alloc_node(kmem_cache_node, here, node)))
			n++;
	assert_in_range(n, 0, ARRAY_SIZE(held) - 1);
	kmem_cache_free(kmem_cache, spare_cache);
	kfree(spare_name);
	capture_start();
	s = kmem_cache_create(name, 64, 0, SLAB_NO_MERGE, NULL);
	capture_stop();
	while (n)
		kmem_cache_free(kmem_cache_node, held[--n]);
	sim_page_set_limit(0);

	assert_null(s);
	assert_captured("__kmem_cache_create_args(no_node_memory) failed with error -22\n");
	assert_captured("Call Trace:\n");
	assert_int_equal(sim_pages_in_use(NUMA_NO_NODE), limit);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_nodes_come_from_the_command_line, pin_cpu0),
		cmocka_unit_test_setup(test_alloc_node_prefers_a_new_slab_on_that_node, pin_cpu0),
		cmocka_unit_test_setup(test_alloc_node_falls_back_when_that_node_is_full, pin_cpu0),
		cmocka_unit_test_setup(test_debug_cache_leaves_a_remote_nodes_few_partial_slabs, pin_cpu0),
		cmocka_unit_test_setup(test_defrag_ratio_zero_never_takes_remote_partials, pin_cpu0),
		cmocka_unit_test_setup(test_defrag_ratio_above_1023_always_takes_remote_partials,
				       pin_cpu0),
		cmocka_unit_test_setup(test_defrag_ratio_is_compared_with_the_cycle_counter, pin_cpu0),
		cmocka_unit_test_setup(test_alloc_node_places_object_on_that_node, pin_cpu0),
		cmocka_unit_test_setup(test_default_node_is_the_cpus_node, pin_cpu0),
		cmocka_unit_test_setup(test_slabs_are_counted_per_node, pin_cpu0),
		cmocka_unit_test_setup(test_kmalloc_node_places_memory, pin_cpu0),
		cmocka_unit_test_setup(test_full_node_falls_back_unless_thisnode, pin_cpu0),
		cmocka_unit_test_setup(test_memory_limit_makes_allocation_fail_cleanly, pin_cpu0),
		cmocka_unit_test_setup(test_allocation_works_again_after_limit_is_lifted, pin_cpu0),
		cmocka_unit_test_setup(test_failed_slab_allocation_reports_the_cache, pin_cpu0),
		cmocka_unit_test_setup(test_slab_out_of_memory_says_when_debugging_raised_the_order,
				       pin_cpu0),
		cmocka_unit_test_setup(test_failed_allocation_warns_unless_nowarn, pin_cpu0),
		cmocka_unit_test_setup(test_bulk_alloc_failure_returns_zero_and_leaks_nothing, pin_cpu0),
		cmocka_unit_test_setup(test_cache_creation_without_memory_warns_and_returns_null, pin_cpu0),
		cmocka_unit_test_setup(test_cache_creation_without_node_memory_warns_einval, pin_cpu0),
		/* Last: it uses up the reports' burst for the next 5 seconds. */
		cmocka_unit_test_setup(test_slab_out_of_memory_is_rate_limited, pin_cpu0),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
