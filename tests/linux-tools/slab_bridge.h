/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The calls between the two halves of the tools/testing adapter.
 *
 * tools/include declares the kernel's slab names (struct kmem_cache,
 * kmem_cache_alloc, kmalloc, gfp_t, SLAB_PANIC...) with its own types and
 * values, and libslab's headers declare the same names with the kernel's.
 * No translation unit can see both, so slab_adapter.c (tools' headers)
 * talks to slab_bridge.c (libslab's headers) through these calls, which use
 * plain C types only.  run-radix-tree.sh links slab_bridge.c with libslab
 * into one object that exports nothing but them (docs/linux-tools.md).
 */
#ifndef LIBSLAB_LINUX_TOOLS_SLAB_BRIDGE_H
#define LIBSLAB_LINUX_TOOLS_SLAB_BRIDGE_H

#include <stddef.h>

/*
 * The gfp flags both sides must give the same value: each side builds an
 * array from its own headers and slab_bridge_check_gfp() compares them, so
 * gfp masks then pass through unchanged.  __GFP_NO_OBJ_EXT is left out:
 * tools/ builds without CONFIG_SLAB_OBJ_EXT, where it is 0 and so never set.
 */
#define SLAB_BRIDGE_GFP_FLAGS(X)					\
	X(__GFP_DMA) X(__GFP_HIGHMEM) X(__GFP_DMA32) X(__GFP_MOVABLE)	\
	X(__GFP_RECLAIMABLE) X(__GFP_HIGH) X(__GFP_IO) X(__GFP_FS)	\
	X(__GFP_ZERO) X(__GFP_DIRECT_RECLAIM) X(__GFP_KSWAPD_RECLAIM)	\
	X(__GFP_WRITE) X(__GFP_NOWARN) X(__GFP_RETRY_MAYFAIL)		\
	X(__GFP_NOFAIL) X(__GFP_NORETRY) X(__GFP_MEMALLOC) X(__GFP_COMP)	\
	X(__GFP_NOMEMALLOC) X(__GFP_HARDWALL) X(__GFP_THISNODE)		\
	X(__GFP_ACCOUNT) X(__GFP_ZEROTAGS) X(__GFP_SKIP_ZERO)		\
	X(__GFP_SKIP_KASAN) X(__GFP_NOLOCKDEP)

/*
 * The cache flags tools/include/linux/slab.h defines, whose values differ
 * from the kernel's (SLAB_PANIC is 2 there): they cross as bit i for the
 * i-th flag of this list.
 */
#define SLAB_BRIDGE_CACHE_FLAGS(X) X(SLAB_PANIC) X(SLAB_RECLAIM_ACCOUNT)

/* One array element per flag of a list above, with this side's value. */
#define SLAB_BRIDGE_VALUE(flag) (unsigned long)(flag),

/*
 * 0 if values (the caller's values of SLAB_BRIDGE_GFP_FLAGS, nr of them)
 * equal libslab's; otherwise prints each flag that differs and returns -1.
 */
int slab_bridge_check_gfp(const unsigned long *values, size_t nr);

/*
 * A libslab cache from kmem_cache_create(name, size, align, flags, ctor),
 * flags being bit i for the i-th of SLAB_BRIDGE_CACHE_FLAGS; NULL on failure.
 */
void *slab_bridge_cache_create(const char *name, unsigned int size,
			       unsigned int align, unsigned int flag_bits,
			       void (*ctor)(void *));
/* kmem_cache_destroy(). */
void slab_bridge_cache_destroy(void *cache);
/* kmem_cache_alloc_lru() on cache; lru is a struct list_lru * or NULL. */
void *slab_bridge_cache_alloc(void *cache, void *lru, unsigned int gfp);
/* kmem_cache_free(). */
void slab_bridge_cache_free(void *cache, void *object);
/* kmem_cache_alloc_bulk(): nr objects into objects, or 0 and none. */
int slab_bridge_cache_alloc_bulk(void *cache, unsigned int gfp, size_t nr,
				 void **objects);
/* kmem_cache_free_bulk(). */
void slab_bridge_cache_free_bulk(void *cache, size_t nr, void **objects);
/* kmem_cache_shrink(). */
void slab_bridge_cache_shrink(void *cache);
/* kmalloc(). */
void *slab_bridge_kmalloc(size_t size, unsigned int gfp);
/* kfree(). */
void slab_bridge_kfree(const void *object);
/* libslab_error_count(): slub_debug reports and other errors so far. */
unsigned long slab_bridge_error_count(void);

#endif
