// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_replace_kunit.c - replacement mode's own KUnit suite.  Built
 * without libslab's name maps: every slab call here is the kernel's
 * <linux/slab.h> as any other kernel file sees it, and mm/slab.h gives
 * the allocator's private view, as lib/slub_kunit.c has it.
 */
#include <kunit/test.h>
#include <linux/cpuhotplug.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include "../../mm/slab.h"
#include "libslab_mm_slab.h"

/* Whether s is kmalloc's 64-byte cache of the normal type or one of its random copies. */
static bool is_kmalloc_64(struct kmem_cache *s)
{
	int type;

	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++) {
		if (type > KMALLOC_NORMAL && !IS_ENABLED(CONFIG_RANDOM_KMALLOC_CACHES))
			break;
		if (type > KMALLOC_RANDOM_END)
			break;
		if (s == kmalloc_caches[type][6])
			return true;
	}
	return false;
}

/*
 * kmalloc(64) of a constant size goes through the kernel's inline
 * kmalloc(), which indexes kmalloc_caches itself: the object comes from
 * kmalloc_caches[KMALLOC_NORMAL][6] (or, with RANDOM_KMALLOC_CACHES, its
 * random copy for this call site), lies in a folio of the kernel's slab
 * page type, and libslab counts it in use until kfree().  KFENCE keeps
 * out of that cache meanwhile (its object would lie on no slab), as
 * /sys/kernel/slab/<cache>/skip_kfence keeps it out.
 */
static void libslab_replace_inline_kmalloc(struct kunit *test)
{
	struct kmem_cache *s, *site;
	slab_flags_t had_skip;
	unsigned long before;
	struct folio *folio;
	void *p;

	KUNIT_ASSERT_EQ(test, kmalloc_index(64), 6);
	KUNIT_ASSERT_NOT_NULL(test, kmalloc_caches[KMALLOC_NORMAL][6]);
	site = kmalloc_caches[kmalloc_type(GFP_KERNEL, _RET_IP_)][6];
	had_skip = site->flags & SLAB_SKIP_KFENCE;
	site->flags |= SLAB_SKIP_KFENCE;
	p = kmalloc(64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	folio = virt_to_folio(p);
	KUNIT_EXPECT_TRUE(test, folio_test_slab(folio));
	s = folio_slab(folio)->slab_cache;
	KUNIT_EXPECT_TRUE(test, is_kmalloc_64(s));
	/* The kernel's own kmalloc_type() names the copy: the inline call's site is ours. */
	KUNIT_EXPECT_PTR_EQ(test, s, site);
	KUNIT_EXPECT_EQ(test, s->object_size, 64);
	before = libslab_count_inuse(s);
	KUNIT_EXPECT_GE(test, before, 1);
	kfree(p);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(s), before - 1);
	site->flags = (site->flags & ~SLAB_SKIP_KFENCE) | had_skip;
}

/*
 * kmalloc_track_caller() hands libslab the call site (_RET_IP_): libslab
 * picks the type, and with RANDOM_KMALLOC_CACHES the copy, for it as the
 * kernel's own kmalloc_type() does for the same site.
 */
static void libslab_replace_track_caller_picks_as_the_kernel(struct kunit *test)
{
	void *p = kmalloc_track_caller(64, GFP_KERNEL);
	struct folio *folio;

	KUNIT_ASSERT_NOT_NULL(test, p);
	folio = virt_to_folio(p);
	KUNIT_EXPECT_PTR_EQ(test, folio_slab(folio)->slab_cache,
			    kmalloc_caches[kmalloc_type(GFP_KERNEL, _RET_IP_)][6]);
	kfree(p);
}

/* A large kmalloc is no slab: kfree() tells it by the page type alone. */
static void libslab_replace_large_kmalloc(struct kunit *test)
{
	void *p = kmalloc(4 * KMALLOC_MAX_CACHE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_FALSE(test, folio_test_slab(virt_to_folio(p)));
	KUNIT_EXPECT_EQ(test, ksize(p), 4 * KMALLOC_MAX_CACHE_SIZE);
	kfree(p);
}

/*
 * libslab's CPU-dead flush holds SLUB's hotplug state, as 6.12's
 * kmem_cache_init() registers slub_cpu_dead() there: another claim of it
 * is refused (kernel/cpu.c cpuhp_store_callbacks()).
 */
static void libslab_replace_holds_slub_dead(struct kunit *test)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_SLUB_DEAD, "libslab_replace:probe",
					    NULL, NULL);

	if (!ret)
		cpuhp_remove_state_nocalls(CPUHP_SLUB_DEAD);
	KUNIT_EXPECT_EQ(test, ret, -EBUSY);
}

/*
 * kmem_cache_init_late() creates the flush workqueue as 6.12's does,
 * "slub_flushwq" with WQ_MEM_RECLAIM, so it has a rescuer thread named
 * "kworker/R-slub_flushwq" (kernel/workqueue.c format_worker_id(); a
 * task's comm keeps the first TASK_COMM_LEN - 1 characters).
 */
static void libslab_replace_flush_workqueue_has_a_rescuer(struct kunit *test)
{
	static const char rescuer[] = "kworker/R-slub_flushwq";
	struct task_struct *g, *t;
	bool found = false;

	rcu_read_lock();
	for_each_process_thread(g, t)
		if (!strncmp(t->comm, rescuer, TASK_COMM_LEN - 1))
			found = true;
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE(test, found);
}

/*
 * 6.12's kmem_buckets_create(): without SLAB_BUCKETS it makes no cache and
 * returns ZERO_SIZE_PTR (the bucket allocation macros drop the handle);
 * with it, one cache per kmalloc size.  A trace-capture kernel on libslab
 * (SLAB_BUCKETS off) once listed 14 memdup_user-* caches that stock SLUB
 * does not have (docs/kernel.md, "slabinfo against stock").
 */
static void libslab_replace_buckets_follow_config(struct kunit *test)
{
	kmem_buckets *b = kmem_buckets_create("libslab_rb", 0, 0, 0, NULL);
	int idx;

	if (!IS_ENABLED(CONFIG_SLAB_BUCKETS)) {
		KUNIT_EXPECT_PTR_EQ(test, (void *)b, (void *)ZERO_SIZE_PTR);
		return;
	}
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_NOT_NULL(test, (*b)[6]);
	if ((*b)[6])
		KUNIT_EXPECT_EQ(test, (*b)[6]->object_size, 64);
	for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++)
		kmem_cache_destroy((*b)[idx]);
	kfree(b);
}

/*
 * 6.12's slab_unmergeable() and __kmem_cache_create_args(): a usercopy
 * region keeps a cache apart only with HARDENED_USERCOPY (without it the
 * region is dropped, and the kmalloc caches, whose region is the whole
 * object, take other caches in).  A cache of kmalloc-64's geometry with a
 * region merges into kmalloc-64 without the option, and not with it.
 */
static void libslab_replace_usercopy_merge_follows_config(struct kunit *test)
{
	struct kmem_cache *s = kmem_cache_create_usercopy("libslab_ruc", 64, 0, 0,
							  0, 64, NULL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	if (IS_ENABLED(CONFIG_HARDENED_USERCOPY))
		KUNIT_EXPECT_FALSE(test, is_kmalloc_64(s));
	else if (!IS_ENABLED(CONFIG_RANDOM_KMALLOC_CACHES))
		KUNIT_EXPECT_PTR_EQ(test, s, kmalloc_caches[KMALLOC_NORMAL][6]);
	kmem_cache_destroy(s);
}

static struct kunit_case libslab_replace_cases[] = {
	KUNIT_CASE(libslab_replace_inline_kmalloc),
	KUNIT_CASE(libslab_replace_track_caller_picks_as_the_kernel),
	KUNIT_CASE(libslab_replace_large_kmalloc),
	KUNIT_CASE(libslab_replace_holds_slub_dead),
	KUNIT_CASE(libslab_replace_flush_workqueue_has_a_rescuer),
	KUNIT_CASE(libslab_replace_buckets_follow_config),
	KUNIT_CASE(libslab_replace_usercopy_merge_follows_config),
	{}
};

static struct kunit_suite libslab_replace_suite = {
	.name = "libslab_replace",
	.test_cases = libslab_replace_cases,
};

kunit_test_suite(libslab_replace_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit: the kernel's own slab calls land in libslab");
