// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_layout.c - replacement mode: where mm/slab.h puts the fields
 * that files outside the slab allocator read.  Built in mm/ against
 * mm/slab.h itself; lib/libslab/libslab_kernel.c compares libslab's
 * struct kmem_cache and struct slab with these offsets, and its counters
 * word's bitfields with these, at boot.
 */
#include <linux/stddef.h>
#include "slab.h"
#include "../lib/libslab/libslab_mm_slab.h"

const unsigned short libslab_mm_slab_layout[NR_LIBSLAB_LAYOUT_FIELDS] = {
	[LIBSLAB_CACHE_FLAGS] = offsetof(struct kmem_cache, flags),
	[LIBSLAB_CACHE_SIZE] = offsetof(struct kmem_cache, size),
	[LIBSLAB_CACHE_OBJECT_SIZE] = offsetof(struct kmem_cache, object_size),
	[LIBSLAB_CACHE_RECIPROCAL_SIZE] = offsetof(struct kmem_cache, reciprocal_size),
	[LIBSLAB_CACHE_OFFSET] = offsetof(struct kmem_cache, offset),
	[LIBSLAB_CACHE_CTOR] = offsetof(struct kmem_cache, ctor),
	[LIBSLAB_CACHE_ALIGN] = offsetof(struct kmem_cache, align),
	[LIBSLAB_CACHE_NAME] = offsetof(struct kmem_cache, name),
	[LIBSLAB_SLAB_SLAB_CACHE] = offsetof(struct slab, slab_cache),
	[LIBSLAB_SLAB_FREELIST] = offsetof(struct slab, freelist),
	[LIBSLAB_SLAB_COUNTERS] = offsetof(struct slab, counters),
#ifdef CONFIG_SLAB_OBJ_EXT
	[LIBSLAB_SLAB_OBJ_EXTS] = offsetof(struct slab, obj_exts),
#endif
};

unsigned long libslab_mm_slab_counters(unsigned int inuse, unsigned int objects,
				       unsigned int frozen)
{
	struct slab slab = { .counters = 0 };

	slab.inuse = inuse;
	slab.objects = objects;
	slab.frozen = frozen;
	return slab.counters;
}
