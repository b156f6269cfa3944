/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab_mm_slab.h - replacement mode: the functions of mm/slab.h that
 * the rest of the kernel calls and libslab_kernel.c defines, declared as
 * mm/slab.h declares them.  mm/slab.h itself cannot be included here: it
 * defines struct kmem_cache and struct slab as SLUB lays them out.
 */
#ifndef _LIBSLAB_REPLACE_MM_SLAB_H
#define _LIBSLAB_REPLACE_MM_SLAB_H

#include <linux/init.h>
#include <linux/types.h>

struct slab;
struct kmem_cache;

/* mm_core_init(): make the boot and kmalloc caches. */
void __init kmem_cache_init(void);
/* The OOM killer's table of unreclaimable slab memory. */
void dump_unreclaimable_slab(void);
/* Hardened usercopy's check of a copy that touches a slab object. */
void __check_heap_object(const void *ptr, unsigned long n,
			 const struct slab *slab, bool to_user);

/* Objects currently allocated from s, counted by walking its slabs. */
unsigned long libslab_count_inuse(struct kmem_cache *s);

/*
 * The fields that files outside the allocator read through mm/slab.h.
 * mm/libslab_layout.c measures them in mm/slab.h's definitions,
 * lib/libslab/libslab_kernel.c in libslab's, and kmem_cache_init()
 * refuses to boot on a difference.
 */
enum libslab_layout_field {
	LIBSLAB_CACHE_FLAGS,
	LIBSLAB_CACHE_SIZE,
	LIBSLAB_CACHE_OBJECT_SIZE,
	LIBSLAB_CACHE_RECIPROCAL_SIZE,
	LIBSLAB_CACHE_OFFSET,
	LIBSLAB_CACHE_CTOR,
	LIBSLAB_CACHE_ALIGN,
	LIBSLAB_CACHE_NAME,
	LIBSLAB_SLAB_SLAB_CACHE,
	LIBSLAB_SLAB_FREELIST,
	LIBSLAB_SLAB_COUNTERS,
	LIBSLAB_SLAB_OBJ_EXTS,	/* 0 on both sides without SLAB_OBJ_EXT */
	NR_LIBSLAB_LAYOUT_FIELDS
};

/* Their offsets in mm/slab.h's struct kmem_cache and struct slab. */
extern const unsigned short libslab_mm_slab_layout[NR_LIBSLAB_LAYOUT_FIELDS];

/*
 * The counters word of mm/slab.h's struct slab with its bitfields set to
 * these values: where inuse, objects and frozen sit in it, for the readers
 * of slab->objects (objs_per_slab(): kfence, memcg) and of the word.
 */
unsigned long libslab_mm_slab_counters(unsigned int inuse, unsigned int objects,
				       unsigned int frozen);

#endif /* _LIBSLAB_REPLACE_MM_SLAB_H */
