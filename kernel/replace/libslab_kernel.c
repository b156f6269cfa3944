// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_kernel.c - replacement mode (CONFIG_LIBSLAB_ALLOCATOR): the
 * kernel's slab entry points whose signatures the core's functions do not
 * share (the node, caller, bucket and large forms of kmalloc), and what
 * the rest of the kernel calls its slab allocator for at start-up and in
 * its reports (mm/slab.h).
 *
 * Built with libslab_prelude.h and libslab_kernel_names.h force-included:
 * the names of <linux/slab.h> here are the kernel's.
 */
#include "slab.h"
#include "libslab_mm_slab.h"

#undef pr_fmt
#define pr_fmt(fmt) "libslab: " fmt

/* kmalloc_node() and kmem_buckets_alloc(): b is NULL without SLAB_BUCKETS. */
void *__kmalloc_node_noprof(DECL_BUCKET_PARAMS(size, b), gfp_t flags, int node)
{
	return libslab_kmalloc_node_caller(PASS_BUCKET_PARAM(b), size, flags,
					   node, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_node_noprof);

/* kmalloc_track_caller() and the like: the tracking line names caller. */
void *__kmalloc_node_track_caller_noprof(DECL_BUCKET_PARAMS(size, b),
					 gfp_t flags, int node,
					 unsigned long caller)
{
	return libslab_kmalloc_node_caller(PASS_BUCKET_PARAM(b), size, flags,
					   node, caller);
}
EXPORT_SYMBOL(__kmalloc_node_track_caller_noprof);

/* The inline kmalloc_node() of a constant size, its cache already chosen. */
void *__kmalloc_cache_node_noprof(struct kmem_cache *s, gfp_t flags, int node,
				  size_t size)
{
	return libslab_kmalloc_cache_node(s, flags, node, size, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_cache_node_noprof);

/* The inline kmalloc() of a constant size above the largest cache. */
void *__kmalloc_large_noprof(size_t size, gfp_t flags)
{
	return libslab_kmalloc_large_node(size, flags, NUMA_NO_NODE);
}
EXPORT_SYMBOL(__kmalloc_large_noprof);

/* The same, preferring node. */
void *__kmalloc_large_node_noprof(size_t size, gfp_t flags, int node)
{
	return libslab_kmalloc_large_node(size, flags, node);
}
EXPORT_SYMBOL(__kmalloc_large_node_noprof);

/* Without memcg (a dependency of the choice) there is nothing to charge. */
bool kmem_cache_charge(void *objp, gfp_t gfpflags)
{
	return true;
}
EXPORT_SYMBOL(kmem_cache_charge);

/* slab_is_available(): kmem_cache_init() has made the kmalloc caches. */
static bool libslab_up __ro_after_init;

/* Whether kmalloc() works yet: memblock and others allocate otherwise before. */
bool slab_is_available(void)
{
	return libslab_up;
}

/* Called by mm_core_init(), before any other user of kmalloc. */
void __init kmem_cache_init(void)
{
	int err = libslab_init();

	if (err)
		panic("libslab: cannot create the kmalloc caches: %d\n", err);
	libslab_up = true;
	pr_info("the kernel's slab allocator (kmalloc caches up to %lu bytes)\n",
		(unsigned long)KMALLOC_MAX_CACHE_SIZE);
}

/* Called by start_kernel() once interrupts are on; nothing waits for it yet. */
void __init kmem_cache_init_late(void)
{
}

/*
 * mem_dump_obj()'s line for a slab object goes on with its cache and its
 * offset (pr_cont(), as 6.12's kmem_dump_obj() continues it too).
 */
bool kmem_dump_obj(void *object)
{
	struct kmem_cache *s;
	struct folio *folio;
	unsigned long offset;

	if (!virt_addr_valid(object))
		return false;
	folio = virt_to_folio(object);
	if (!folio_test_slab(folio))
		return false;
	s = folio_slab(folio)->slab_cache;
	offset = ((unsigned long)object - (unsigned long)folio_address(folio)) % s->size;
	pr_cont(" slab %s, offset %lu of a %u-byte slot", s->name, offset,
		s->size);
	return true;
}
EXPORT_SYMBOL_GPL(kmem_dump_obj);

#ifdef CONFIG_SLUB_DEBUG
/*
 * The OOM killer's table of unreclaimable slab memory, cache by cache.  It
 * runs short of memory, so it walks the list itself, allocating nothing.
 */
void dump_unreclaimable_slab(void)
{
	struct slabinfo sinfo;
	struct kmem_cache *s;

	pr_info("Unreclaimable slab info:\n");
	pr_info("Name                      Used          Total\n");
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (s->flags & SLAB_RECLAIM_ACCOUNT)
			continue;
		memset(&sinfo, 0, sizeof(sinfo));
		get_slabinfo(s, &sinfo);
		if (sinfo.num_objs)
			pr_info("%-17s %10luKB %10luKB\n", s->name,
				sinfo.active_objs * s->size / 1024,
				sinfo.num_objs * s->size / 1024);
	}
	mutex_unlock(&slab_mutex);
}
#endif

#ifdef CONFIG_HARDENED_USERCOPY
/* mm/usercopy.c's check of a copy that touches a slab object. */
void __check_heap_object(const void *ptr, unsigned long n,
			 const struct slab *slab, bool to_user)
{
	libslab_check_usercopy(ptr, n, to_user);
}
#endif
