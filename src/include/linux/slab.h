/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The public kernel slab API for userspace programs: include this after
 * `pkg-config --cflags libslab` and get Linux 6.12's names, flags and
 * signatures, served by libslab's SLUB core.  Flag values are those of a
 * 6.12 kernel with CONFIG_FAILSLAB, CONFIG_MEMCG, CONFIG_ZONE_DMA,
 * CONFIG_SLAB_OBJ_EXT, CONFIG_HARDENED_USERCOPY and CONFIG_SLAB_BUCKETS on
 * and CONFIG_DEBUG_OBJECTS, CONFIG_KASAN_GENERIC, CONFIG_KFENCE and
 * CONFIG_SLUB_TINY off (docs/fidelity.md; kernel/oracle/oracle.config).
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/err.h>
#include <linux/bug.h>
#include <linux/numa.h>
#include <linux/log2.h>
#include <linux/mmzone.h>
#include <asm/page.h>
#include <linux/alloc_tag.h>

enum _slab_flag_bits {
	_SLAB_CONSISTENCY_CHECKS,
	_SLAB_RED_ZONE,
	_SLAB_POISON,
	_SLAB_KMALLOC,
	_SLAB_HWCACHE_ALIGN,
	_SLAB_CACHE_DMA,
	_SLAB_CACHE_DMA32,
	_SLAB_STORE_USER,
	_SLAB_PANIC,
	_SLAB_TYPESAFE_BY_RCU,
	_SLAB_TRACE,
	_SLAB_NOLEAKTRACE,
	_SLAB_NO_MERGE,
	_SLAB_FAILSLAB,
	_SLAB_ACCOUNT,
	_SLAB_NO_USER_FLAGS,
	_SLAB_RECLAIM_ACCOUNT,
	_SLAB_OBJECT_POISON,
	_SLAB_CMPXCHG_DOUBLE,
	_SLAB_NO_OBJ_EXT,
	_SLAB_FLAGS_LAST_BIT
};

#define __SLAB_FLAG_BIT(nr)	((slab_flags_t)(1U << (nr)))
#define __SLAB_FLAG_UNUSED	((slab_flags_t)0U)

#define SLAB_CONSISTENCY_CHECKS	__SLAB_FLAG_BIT(_SLAB_CONSISTENCY_CHECKS)
#define SLAB_RED_ZONE		__SLAB_FLAG_BIT(_SLAB_RED_ZONE)
#define SLAB_POISON		__SLAB_FLAG_BIT(_SLAB_POISON)
#define SLAB_KMALLOC		__SLAB_FLAG_BIT(_SLAB_KMALLOC)
#define SLAB_HWCACHE_ALIGN	__SLAB_FLAG_BIT(_SLAB_HWCACHE_ALIGN)
#define SLAB_CACHE_DMA		__SLAB_FLAG_BIT(_SLAB_CACHE_DMA)
#define SLAB_CACHE_DMA32	__SLAB_FLAG_BIT(_SLAB_CACHE_DMA32)
#define SLAB_STORE_USER		__SLAB_FLAG_BIT(_SLAB_STORE_USER)
#define SLAB_PANIC		__SLAB_FLAG_BIT(_SLAB_PANIC)
#define SLAB_TYPESAFE_BY_RCU	__SLAB_FLAG_BIT(_SLAB_TYPESAFE_BY_RCU)
#define SLAB_TRACE		__SLAB_FLAG_BIT(_SLAB_TRACE)
#define SLAB_DEBUG_OBJECTS	__SLAB_FLAG_UNUSED
#define SLAB_NOLEAKTRACE	__SLAB_FLAG_BIT(_SLAB_NOLEAKTRACE)
#define SLAB_NO_MERGE		__SLAB_FLAG_BIT(_SLAB_NO_MERGE)
#define SLAB_FAILSLAB		__SLAB_FLAG_BIT(_SLAB_FAILSLAB)
#define SLAB_ACCOUNT		__SLAB_FLAG_BIT(_SLAB_ACCOUNT)
#define SLAB_KASAN		__SLAB_FLAG_UNUSED
#define SLAB_NO_USER_FLAGS	__SLAB_FLAG_BIT(_SLAB_NO_USER_FLAGS)
#define SLAB_SKIP_KFENCE	__SLAB_FLAG_UNUSED
/* SLUB_TINY has no reclaimable caches: the flag means nothing, so they merge. */
#ifdef CONFIG_LIBSLAB_TINY
#define SLAB_RECLAIM_ACCOUNT	__SLAB_FLAG_UNUSED
#else
#define SLAB_RECLAIM_ACCOUNT	__SLAB_FLAG_BIT(_SLAB_RECLAIM_ACCOUNT)
#endif
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#define SLAB_OBJECT_POISON	__SLAB_FLAG_BIT(_SLAB_OBJECT_POISON)
#define SLAB_CMPXCHG_DOUBLE	__SLAB_FLAG_BIT(_SLAB_CMPXCHG_DOUBLE)
#define SLAB_NO_OBJ_EXT		__SLAB_FLAG_BIT(_SLAB_NO_OBJ_EXT)

/* A free pointer as stored in a free object (possibly encoded). */
typedef struct { unsigned long v; } freeptr_t;

/* What kmalloc(0) returns: not NULL, faults when dereferenced, kfree()-able. */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

/* Less common arguments of kmem_cache_create(); zero means unused. */
struct kmem_cache_args {
	unsigned int align;
	unsigned int useroffset;
	unsigned int usersize;
	unsigned int freeptr_offset;
	bool use_freeptr_offset;
	void (*ctor)(void *);
};

#define ARCH_KMALLOC_MINALIGN	__alignof__(unsigned long long)
#define ARCH_SLAB_MINALIGN	__alignof__(unsigned long long)
#define KMALLOC_MIN_SIZE	8
#define KMALLOC_SHIFT_LOW	3
#define KMALLOC_SHIFT_HIGH	(PAGE_SHIFT + 1)
#define KMALLOC_SHIFT_MAX	(MAX_PAGE_ORDER + PAGE_SHIFT)
#define KMALLOC_MAX_SIZE	(1UL << KMALLOC_SHIFT_MAX)
#define KMALLOC_MAX_CACHE_SIZE	(1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MAX_ORDER	(KMALLOC_SHIFT_MAX - PAGE_SHIFT)
#define SLAB_OBJ_MIN_SIZE	(KMALLOC_MIN_SIZE < 16 ? KMALLOC_MIN_SIZE : 16)

/*
 * CONFIG_RANDOM_KMALLOC_CACHES: 15 extra copies of the normal kmalloc
 * caches, one chosen per call site.  They are made and used only with
 * random_kmalloc_caches=on (a libslab boot parameter); otherwise they are
 * the normal caches, as with the option off.
 */
#define RANDOM_KMALLOC_CACHES_NR	15

enum kmalloc_cache_type {
	KMALLOC_NORMAL = 0,
	KMALLOC_RANDOM_START = KMALLOC_NORMAL,
	KMALLOC_RANDOM_END = KMALLOC_RANDOM_START + RANDOM_KMALLOC_CACHES_NR,
#ifdef CONFIG_LIBSLAB_TINY
	/* SLUB_TINY folds reclaimable kmalloc into the normal caches. */
	KMALLOC_RECLAIM = KMALLOC_NORMAL,
	KMALLOC_DMA = KMALLOC_RANDOM_END + 1,
#else
	KMALLOC_RECLAIM,
	KMALLOC_DMA,
#endif
	KMALLOC_CGROUP,
	KMALLOC_NO_OBJ_EXT,
	NR_KMALLOC_TYPES
};

typedef struct kmem_cache *kmem_buckets[KMALLOC_SHIFT_HIGH + 1];

/* Index of the kmalloc cache for size (1: 96, 2: 192, else ceil(log2)). */
/*
 * The kernel uses size_is_constant to fail the build for a constant size
 * kmalloc cannot serve; here every size is checked when it is allocated.
 */
static inline unsigned int __kmalloc_index(size_t size,
					   bool size_is_constant __always_unused)
{
	if (!size)
		return 0;
	if (size <= KMALLOC_MIN_SIZE)
		return KMALLOC_SHIFT_LOW;
	if (size > 64 && size <= 96)
		return 1;
	if (size > 128 && size <= 192)
		return 2;
	return fls((unsigned int)(size - 1));
}
#define kmalloc_index(s)	__kmalloc_index(s, true)

struct list_lru;

#include <linux/slab_api.h>
#include <linux/cleanup.h>

/*
 * __free(kfree) and __free(kvfree), as 6.12's <linux/slab.h> declares them.
 * The two are declared again because <linux/slab_api.h>, included first,
 * brings this header in before its own declarations.
 */
void kfree(const void *objp);
void kvfree(const void *addr);
DEFINE_FREE(kfree, void *, if (!IS_ERR_OR_NULL(_T)) kfree(_T))
DEFINE_FREE(kvfree, void *, if (!IS_ERR_OR_NULL(_T)) kvfree(_T))

#endif
