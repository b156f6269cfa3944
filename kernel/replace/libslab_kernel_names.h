/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab_kernel_names.h - replacement mode (CONFIG_LIBSLAB_ALLOCATOR):
 * the core is the kernel's slab allocator, so the kernel's slab contract
 * takes the kernel's own names again.
 *
 * Force-included ahead of libslab_prelude.h, which maps each of the
 * core's names to an lslab_ one.  This header maps the lslab_ names of
 * the contract on to the kernel's, and macro expansion composes the two:
 * kmalloc -> lslab_kmalloc -> __kmalloc_noprof.  Being first, it is in
 * force when the prelude reads the core's API headers.  Every other name stays
 * lslab_ (private), in particular the ones mm/util.c and mm/failslab.c
 * define (kmemdup, kstrdup, kvmalloc_node, kvfree, should_failslab, ...):
 * the kernel keeps its own.
 *
 * The core also reads the kernel's own slab options here, not libslab's
 * side-by-side ones (whose symbols are off: CONFIG_LIBSLAB is).
 */
#ifndef _LIBSLAB_KERNEL_NAMES_H
#define _LIBSLAB_KERNEL_NAMES_H

/*
 * struct kmem_cache and the cache of caches, one token as in mm/slab.h;
 * mm/failslab.c compares against the variable.
 */
#define lslab_kmem_cache		kmem_cache
#define lslab_kmalloc_caches		kmalloc_caches
#define lslab_kmem_buckets		kmem_buckets
/* The inline kmalloc() picks a random kmalloc copy with it. */
#define lslab_random_kmalloc_seed	random_kmalloc_seed

/* Creation and destruction. */
#define lslab___kmem_cache_create_args	__kmem_cache_create_args
#define lslab_kmem_cache_destroy	kmem_cache_destroy
#define lslab_kmem_cache_shrink		kmem_cache_shrink
#define lslab_kmem_cache_size		kmem_cache_size
#define lslab_kmem_buckets_create	kmem_buckets_create
#define lslab_validate_slab_cache	validate_slab_cache

/*
 * The entry points behind <linux/slab.h>'s alloc_hooks() macros, where
 * the core's function has the kernel's signature.  The node, caller,
 * bucket and large forms are in libslab_kernel.c.
 */
#define lslab_kmalloc			__kmalloc_noprof
#define lslab___kmalloc_cache_noprof	__kmalloc_cache_noprof
#define lslab_krealloc			krealloc_noprof
#define lslab_kmem_cache_alloc		kmem_cache_alloc_noprof
#define lslab_kmem_cache_alloc_node	kmem_cache_alloc_node_noprof
#define lslab_kmem_cache_alloc_lru	kmem_cache_alloc_lru_noprof
#define lslab_kmem_cache_alloc_bulk	kmem_cache_alloc_bulk_noprof

/* Freeing and sizes. */
#define lslab_kfree			kfree
#define lslab_kfree_sensitive		kfree_sensitive
#define lslab_kmem_cache_free		kmem_cache_free
#define lslab_kmem_cache_free_bulk	kmem_cache_free_bulk
#define lslab_ksize			ksize
#define lslab_kmalloc_size_roundup	kmalloc_size_roundup

/* memcg: charging an object afterwards, and the vector memcontrol.c asks for. */
#define lslab_kmem_cache_charge		kmem_cache_charge
#define lslab_alloc_slab_obj_exts	alloc_slab_obj_exts

/*
 * Fault injection is mm/failslab.c's: its failslab= boot parameter, its
 * debugfs files and error injection decide, as for SLUB.
 */
#define lslab_should_failslab		should_failslab

/* The kernel's slab options drive the core's builds of its parts. */
#ifdef CONFIG_SLUB_DEBUG
#define CONFIG_LIBSLAB_DEBUG 1
#endif
#ifdef CONFIG_SLUB_STATS
#define CONFIG_LIBSLAB_STATS 1
#endif
#ifdef CONFIG_SLUB_TINY
#define CONFIG_LIBSLAB_TINY 1
#endif
#ifdef CONFIG_SLAB_FREELIST_HARDENED
#define CONFIG_LIBSLAB_FREELIST_HARDENED 1
#endif
#ifdef CONFIG_SLAB_FREELIST_RANDOM
#define CONFIG_LIBSLAB_FREELIST_RANDOM 1
#endif
#ifdef CONFIG_FAILSLAB
#define CONFIG_LIBSLAB_FAILSLAB 1
#endif
#ifdef CONFIG_HARDENED_USERCOPY
#define CONFIG_LIBSLAB_HARDENED_USERCOPY 1
#endif
#ifdef CONFIG_SLAB_BUCKETS
#define CONFIG_LIBSLAB_BUCKETS 1
#endif
/* The /sys/kernel/slab files 6.12 has only with these (src/slab_sysfs.c). */
#ifdef CONFIG_NUMA
#define CONFIG_LIBSLAB_NUMA 1
#endif
#ifdef CONFIG_ZONE_DMA
#define CONFIG_LIBSLAB_ZONE_DMA 1
#endif
/* struct slab's obj_exts, the charge hooks and their static key. */
#ifdef CONFIG_MEMCG
#define CONFIG_LIBSLAB_MEMCG 1
#endif

#endif /* _LIBSLAB_KERNEL_NAMES_H */
