// SPDX-License-Identifier: GPL-2.0
/*
 * stress_kunit.c - the "libslab_stress" suite: one worker kthread per
 * online CPU allocates from a cache and from kmalloc, hands objects to the
 * next worker, which frees them wherever it runs, and shrinks now and
 * then, while the test thread takes a CPU offline and brings it back.  At
 * the end every object allocated has been freed exactly once, intact, the
 * cache validates and holds no object.
 *
 * Built with libslab_prelude.h force-included: kmem_cache_*, kmalloc and
 * kfree are libslab's.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/llist.h>
#include <linux/random.h>

#define STRESS_MAGIC		0x51ab51abU
#define STRESS_MAX_WORKERS	64
/* Objects a worker keeps before freeing the oldest. */
#define STRESS_KEEP		64
#define STRESS_HOTPLUG_CYCLES	4
/* Operations each worker does at least, hotplug or not. */
#define STRESS_MIN_OPS		20000

struct stress_obj {
	struct llist_node node;
	u32 magic;
	u32 owner;		/* the worker that allocated it */
	u32 alloc_cpu;
	u32 size;		/* kmalloc size, 0 for a cache object */
};

struct stress_worker {
	struct stress_ctx *ctx;
	unsigned int id;
	struct llist_head inbox;	/* objects others allocated, for us to free */
	struct task_struct *task;
	struct completion done;
	unsigned long ops;
};

struct stress_ctx {
	struct kmem_cache *cache;
	unsigned int nr_workers;
	atomic_long_t allocated;
	atomic_long_t freed;
	atomic_long_t cross_cpu_frees;
	atomic_long_t corrupt;
	atomic_t stop;
	struct stress_worker workers[STRESS_MAX_WORKERS];
};

static struct stress_obj *stress_alloc(struct stress_worker *w)
{
	struct stress_ctx *ctx = w->ctx;
	struct stress_obj *obj;
	u32 size = 0;

	if (get_random_u32_below(4) == 0) {
		size = sizeof(*obj) + get_random_u32_below(2048);
		obj = kmalloc(size, GFP_KERNEL);
	} else {
		obj = kmem_cache_alloc(ctx->cache, GFP_KERNEL);
	}
	if (!obj)
		return NULL;
	obj->magic = STRESS_MAGIC;
	obj->owner = w->id;
	obj->alloc_cpu = raw_smp_processor_id();
	obj->size = size;
	atomic_long_inc(&ctx->allocated);
	return obj;
}

static void stress_free(struct stress_ctx *ctx, struct stress_obj *obj)
{
	if (obj->magic != STRESS_MAGIC || obj->owner >= ctx->nr_workers) {
		atomic_long_inc(&ctx->corrupt);
		return;	/* leaked on purpose: the cache will not validate */
	}
	obj->magic = 0;
	if (obj->alloc_cpu != raw_smp_processor_id())
		atomic_long_inc(&ctx->cross_cpu_frees);
	atomic_long_inc(&ctx->freed);
	if (obj->size)
		kfree(obj);
	else
		kmem_cache_free(ctx->cache, obj);
}

static void stress_drain_inbox(struct stress_worker *w)
{
	struct stress_obj *obj, *next;

	llist_for_each_entry_safe(obj, next, llist_del_all(&w->inbox), node)
		stress_free(w->ctx, obj);
}

static int stress_worker_fn(void *data)
{
	struct stress_worker *w = data;
	struct stress_ctx *ctx = w->ctx;
	struct stress_worker *next = &ctx->workers[(w->id + 1) % ctx->nr_workers];
	struct stress_obj *keep[STRESS_KEEP] = {};
	unsigned int slot = 0, i;

	while (!atomic_read(&ctx->stop) || w->ops < STRESS_MIN_OPS) {
		struct stress_obj *obj = stress_alloc(w);

		if (obj) {
			if (get_random_u32_below(2)) {
				llist_add(&obj->node, &next->inbox);
			} else {
				if (keep[slot])
					stress_free(ctx, keep[slot]);
				keep[slot] = obj;
				slot = (slot + 1) % STRESS_KEEP;
			}
		}
		if ((w->ops & 63) == 0)
			stress_drain_inbox(w);
		if ((w->ops & 4095) == 0)
			kmem_cache_shrink(ctx->cache);
		w->ops++;
		cond_resched();
	}
	for (i = 0; i < STRESS_KEEP; i++)
		if (keep[i])
			stress_free(ctx, keep[i]);
	complete(&w->done);
	return 0;
}

/* A CPU other than the boot CPU that can go offline, or -1. */
static int stress_hotplug_cpu(void)
{
	int cpu;

	if (!IS_ENABLED(CONFIG_HOTPLUG_CPU))
		return -1;
	for_each_online_cpu(cpu)
		if (cpu != cpumask_first(cpu_online_mask))
			return cpu;
	return -1;
}

static void libslab_stress_cross_cpu_frees_with_hotplug(struct kunit *test)
{
	unsigned long errors = libslab_error_count();
	struct stress_ctx *ctx;
	unsigned int i, cycles = 0;
	int cpu = stress_hotplug_cpu();

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->cache = kmem_cache_create("libslab_stress", 192, NULL, SLAB_NO_MERGE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->cache);
	ctx->nr_workers = min_t(unsigned int, num_online_cpus(), STRESS_MAX_WORKERS);
	if (ctx->nr_workers < 2)
		ctx->nr_workers = 2;	/* cross frees even on one CPU */

	/*
	 * Every worker is ready before the first starts: a running worker
	 * hands objects to the next one's inbox at once.
	 */
	for (i = 0; i < ctx->nr_workers; i++) {
		struct stress_worker *w = &ctx->workers[i];

		w->ctx = ctx;
		w->id = i;
		init_llist_head(&w->inbox);
		init_completion(&w->done);
	}
	for (i = 0; i < ctx->nr_workers; i++) {
		struct stress_worker *w = &ctx->workers[i];

		w->task = kthread_run(stress_worker_fn, w, "libslab_stress/%u", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(w->task));
	}

	if (cpu >= 0) {
		for (cycles = 0; cycles < STRESS_HOTPLUG_CYCLES; cycles++) {
			msleep(50);
			KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
			msleep(50);
			KUNIT_ASSERT_EQ(test, add_cpu(cpu), 0);
		}
	} else {
		kunit_info(test, "no CPU can go offline: no hotplug this run\n");
	}
	atomic_set(&ctx->stop, 1);
	for (i = 0; i < ctx->nr_workers; i++)
		wait_for_completion(&ctx->workers[i].done);
	/* What was handed over after its receiver's last drain. */
	for (i = 0; i < ctx->nr_workers; i++)
		stress_drain_inbox(&ctx->workers[i]);

	kunit_info(test, "%u workers, %ld objects, %ld freed on another CPU, %u hotplug cycles\n",
		   ctx->nr_workers, atomic_long_read(&ctx->allocated),
		   atomic_long_read(&ctx->cross_cpu_frees), cycles);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&ctx->corrupt), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&ctx->freed),
			atomic_long_read(&ctx->allocated));
	KUNIT_EXPECT_GT(test, atomic_long_read(&ctx->cross_cpu_frees), 0);
	libslab_flush_all(ctx->cache);
	KUNIT_EXPECT_EQ(test, libslab_count_inuse(ctx->cache), 0);
	KUNIT_EXPECT_EQ(test, libslab_validate(ctx->cache), 0);
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
	if (cpu >= 0 && num_online_cpus() > 1)
		KUNIT_EXPECT_EQ(test, cycles, STRESS_HOTPLUG_CYCLES);
	kmem_cache_destroy(ctx->cache);
	KUNIT_EXPECT_EQ(test, libslab_error_count(), errors);
}

static struct kunit_case libslab_stress_cases[] = {
	KUNIT_CASE_SLOW(libslab_stress_cross_cpu_frees_with_hotplug),
	{}
};

static struct kunit_suite libslab_stress_suite = {
	.name = "libslab_stress",
	.test_cases = libslab_stress_cases,
};

kunit_test_suite(libslab_stress_suite);
