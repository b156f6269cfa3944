// SPDX-License-Identifier: GPL-2.0
/*
 * libslab in place of the toy allocator of the kernel's userspace suites:
 * this file replaces tools/testing/shared/linux.c and tools/lib/slab.c.
 *
 * It is compiled with tools/include's headers, like the suite, and defines
 * what those two files define, under the same names: kmem_cache_create()
 * and the cache calls, kmalloc()/kfree(), the counters (nr_allocated,
 * kmalloc_nr_allocated) and the test hooks the maple tree tests drive
 * (kmem_cache_set_non_kernel(), kmem_cache_set_callback(), ...).  The
 * memory comes from libslab, through slab_bridge.h; the hooks keep the
 * toy's rules, which are the suites' fault injection:
 *
 *  - an allocation without __GFP_DIRECT_RECLAIM fails unless the cache's
 *    non_kernel allowance is left, and each success uses one of it;
 *  - such a failure arms the cache's callback, which runs (with its private
 *    pointer) at the start of the next single-object allocation;
 *  - a bulk allocation uses the allowance object by object and, if it runs
 *    out, fails as a whole without running or arming the callback;
 *  - kmalloc() without __GFP_DIRECT_RECLAIM always fails.
 *
 * Everything else is libslab's: object placement and alignment, merging,
 * constructors, __GFP_ZERO, bulk paths, and whatever LIBSLAB_CMDLINE turns
 * on (slub_debug, failslab, ...).  At exit it prints how many errors
 * libslab reported, for run-radix-tree.sh.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/radix-tree.h>
#include <urcu/uatomic.h>

#include "slab_bridge.h"

int nr_allocated;
int kmalloc_nr_allocated;
int preempt_count;
int test_verbose;
int kmalloc_verbose;

/* The suite's handle: a libslab cache and the toy's bookkeeping for it. */
struct kmem_cache {
	void *libslab;
	unsigned int size;		/* as created: kmem_cache_get_alloc() */
	pthread_mutex_t lock;		/* non_kernel, exec_callback */
	unsigned int non_kernel;
	bool exec_callback;
	void (*callback)(void *);
	void *private;
	unsigned long nr_allocated;
	unsigned long nr_tallocated;
};

static const unsigned long tools_gfp[] = {
	SLAB_BRIDGE_GFP_FLAGS(SLAB_BRIDGE_VALUE)
};
static const unsigned long tools_cache_flags[] = {
	SLAB_BRIDGE_CACHE_FLAGS(SLAB_BRIDGE_VALUE)
};

/* After the suite's own output: stdio would flush it only after this. */
static void report_libslab_errors(void)
{
	fflush(stdout);
	fprintf(stderr, "libslab: error reports: %lu\n",
		slab_bridge_error_count());
}

/* gfp masks pass to libslab unchanged, so their encodings must agree. */
__attribute__((constructor)) static void check_bridge(void)
{
	if (slab_bridge_check_gfp(tools_gfp, sizeof(tools_gfp) / sizeof(tools_gfp[0]))) {
		fprintf(stderr, "slab_adapter: tools/include and libslab disagree on gfp flags\n");
		abort();
	}
	atexit(report_libslab_errors);
}

struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
				     unsigned int align, unsigned int flags,
				     void (*ctor)(void *))
{
	struct kmem_cache *cachep = calloc(1, sizeof(*cachep));
	unsigned int flag_bits = 0, known = 0;
	size_t i;

	for (i = 0; i < sizeof(tools_cache_flags) / sizeof(tools_cache_flags[0]); i++) {
		known |= tools_cache_flags[i];
		if (flags & tools_cache_flags[i])
			flag_bits |= 1U << i;
	}
	if (flags & ~known) {
		fprintf(stderr, "slab_adapter: kmem_cache_create(\"%s\"): flags %#x not in tools/include/linux/slab.h\n",
			name, flags & ~known);
		abort();
	}
	if (!cachep) {
		fprintf(stderr, "slab_adapter: no memory for cache %s\n", name);
		abort();
	}
	cachep->libslab = slab_bridge_cache_create(name, size, align, flag_bits, ctor);
	if (!cachep->libslab) {
		free(cachep);
		return NULL;
	}
	cachep->size = size;
	pthread_mutex_init(&cachep->lock, NULL);
	return cachep;
}

/*
 * Not in the toy, whose caches live as long as the program; libslab then
 * reports objects still allocated.
 */
void kmem_cache_destroy(struct kmem_cache *cachep)
{
	if (!cachep)
		return;
	slab_bridge_cache_destroy(cachep->libslab);
	pthread_mutex_destroy(&cachep->lock);
	free(cachep);
}

void kmem_cache_set_callback(struct kmem_cache *cachep, void (*callback)(void *))
{
	cachep->callback = callback;
}

void kmem_cache_set_private(struct kmem_cache *cachep, void *private)
{
	cachep->private = private;
}

void kmem_cache_set_non_kernel(struct kmem_cache *cachep, unsigned int val)
{
	pthread_mutex_lock(&cachep->lock);
	cachep->non_kernel = val;
	pthread_mutex_unlock(&cachep->lock);
}

unsigned long kmem_cache_get_alloc(struct kmem_cache *cachep)
{
	return cachep->size * uatomic_read(&cachep->nr_allocated);
}

unsigned long kmem_cache_nr_allocated(struct kmem_cache *cachep)
{
	return uatomic_read(&cachep->nr_allocated);
}

unsigned long kmem_cache_nr_tallocated(struct kmem_cache *cachep)
{
	return uatomic_read(&cachep->nr_tallocated);
}

void kmem_cache_zero_nr_tallocated(struct kmem_cache *cachep)
{
	uatomic_set(&cachep->nr_tallocated, 0);
}

/*
 * How many of nr objects a gfp mask may have: all if it may reclaim, else
 * what is left of the allowance, which this uses up.
 */
static size_t take_allowance(struct kmem_cache *cachep, gfp_t gfp, size_t nr)
{
	if (gfp & __GFP_DIRECT_RECLAIM)
		return nr;
	pthread_mutex_lock(&cachep->lock);
	if (nr > cachep->non_kernel)
		nr = cachep->non_kernel;
	cachep->non_kernel -= nr;
	pthread_mutex_unlock(&cachep->lock);
	return nr;
}

/* Run the callback a failed allocation armed, outside the lock: it may allocate. */
static void run_armed_callback(struct kmem_cache *cachep)
{
	void (*callback)(void *) = NULL;
	void *private = NULL;

	if (!uatomic_read(&cachep->exec_callback))
		return;
	pthread_mutex_lock(&cachep->lock);
	if (cachep->exec_callback) {
		cachep->exec_callback = false;
		callback = cachep->callback;
		private = cachep->private;
	}
	pthread_mutex_unlock(&cachep->lock);
	if (callback)
		callback(private);
}

static void count_allocated(struct kmem_cache *cachep, void **objects, size_t nr)
{
	size_t i;

	uatomic_add(&cachep->nr_allocated, nr);
	uatomic_add(&cachep->nr_tallocated, nr);
	uatomic_add(&nr_allocated, (int)nr);
	if (kmalloc_verbose)
		for (i = 0; i < nr; i++)
			printf("Allocating %p from slab\n", objects[i]);
}

static void count_freed(struct kmem_cache *cachep, void **objects, size_t nr)
{
	size_t i;

	uatomic_sub(&cachep->nr_allocated, nr);
	uatomic_sub(&nr_allocated, (int)nr);
	if (kmalloc_verbose)
		for (i = 0; i < nr; i++)
			printf("Freeing %p to slab\n", objects[i]);
}

void *kmem_cache_alloc_lru(struct kmem_cache *cachep, struct list_lru *lru,
			   int gfp)
{
	void *object;

	run_armed_callback(cachep);
	if (!take_allowance(cachep, gfp, 1)) {
		uatomic_set(&cachep->exec_callback, true);
		return NULL;
	}
	object = slab_bridge_cache_alloc(cachep->libslab, lru, gfp);
	if (object)
		count_allocated(cachep, &object, 1);
	return object;
}

void kmem_cache_free(struct kmem_cache *cachep, void *objp)
{
	assert(objp);
	count_freed(cachep, &objp, 1);
	slab_bridge_cache_free(cachep->libslab, objp);
}

int kmem_cache_alloc_bulk(struct kmem_cache *cachep, gfp_t gfp, size_t size,
			  void **list)
{
	if (kmalloc_verbose)
		pr_debug("Bulk alloc %zu\n", size);
	if (take_allowance(cachep, gfp, size) < size)
		return 0;
	if (!slab_bridge_cache_alloc_bulk(cachep->libslab, gfp, size, list))
		return 0;
	count_allocated(cachep, list, size);
	return size;
}

void kmem_cache_free_bulk(struct kmem_cache *cachep, size_t size, void **list)
{
	if (kmalloc_verbose)
		pr_debug("Bulk free %p[0-%zu]\n", list, size - 1);
	count_freed(cachep, list, size);
	slab_bridge_cache_free_bulk(cachep->libslab, size, list);
}

void kmem_cache_shrink(struct kmem_cache *cachep)
{
	slab_bridge_cache_shrink(cachep->libslab);
}

void *kmalloc(size_t size, gfp_t gfp)
{
	void *object;

	if (!(gfp & __GFP_DIRECT_RECLAIM))
		return NULL;
	object = slab_bridge_kmalloc(size, gfp);
	if (!object)
		return NULL;
	uatomic_inc(&kmalloc_nr_allocated);
	if (kmalloc_verbose)
		printf("Allocating %p from kmalloc\n", object);
	return object;
}

void kfree(void *p)
{
	if (!p)
		return;
	uatomic_dec(&kmalloc_nr_allocated);
	if (kmalloc_verbose)
		printf("Freeing %p to kmalloc\n", p);
	slab_bridge_kfree(p);
}

/*
 * The maple suite's check of its harness (linux.c's version looks at the
 * toy's free list): the counters follow single and bulk calls, a bulk
 * allocation beyond the allowance fails whole after using it up, and an
 * aligned cache's objects are aligned.  The caches are destroyed, so
 * libslab would report an object the counters missed.
 */
void test_kmem_cache_bulk(void)
{
	struct kmem_cache *plain, *aligned;
	void *list[12];
	int i;

	plain = kmem_cache_create("test_cache", 256, 0, SLAB_PANIC, NULL);
	for (i = 0; i < 5; i++)
		list[i] = kmem_cache_alloc(plain, __GFP_DIRECT_RECLAIM);
	assert(kmem_cache_nr_allocated(plain) == 5);
	for (i = 0; i < 5; i++)
		kmem_cache_free(plain, list[i]);
	assert(kmem_cache_nr_allocated(plain) == 0);

	assert(kmem_cache_alloc_bulk(plain, __GFP_DIRECT_RECLAIM, 12, list) == 12);
	assert(kmem_cache_nr_allocated(plain) == 12);
	assert(kmem_cache_nr_tallocated(plain) == 17);
	kmem_cache_free_bulk(plain, 12, list);
	assert(kmem_cache_nr_allocated(plain) == 0);

	kmem_cache_set_non_kernel(plain, 3);
	assert(kmem_cache_alloc_bulk(plain, GFP_NOWAIT, 5, list) == 0);
	assert(!kmem_cache_alloc(plain, GFP_NOWAIT));
	assert(kmem_cache_nr_allocated(plain) == 0);

	aligned = kmem_cache_create("test_cache2", 128, 128, SLAB_PANIC, NULL);
	assert(kmem_cache_alloc_bulk(aligned, __GFP_DIRECT_RECLAIM, 10, list) == 10);
	for (i = 0; i < 10; i++)
		assert(((uintptr_t)list[i] & 127) == 0);
	kmem_cache_free_bulk(aligned, 10, list);
	assert(kmem_cache_nr_allocated(aligned) == 0);

	kmem_cache_destroy(aligned);
	kmem_cache_destroy(plain);
}
