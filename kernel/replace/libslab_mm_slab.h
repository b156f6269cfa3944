/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab_mm_slab.h - replacement mode: the functions of mm/slab.h that
 * the rest of the kernel calls and libslab_kernel.c defines, declared as
 * mm/slab.h declares them.  mm/slab.h itself cannot be included here: it
 * defines struct kmem_cache and struct slab as SLUB lays them out.
 */
#ifndef _LIBSLAB_MM_SLAB_H
#define _LIBSLAB_MM_SLAB_H

#include <linux/init.h>
#include <linux/types.h>

struct slab;

/* mm_core_init(): make the boot and kmalloc caches. */
void __init kmem_cache_init(void);
/* The OOM killer's table of unreclaimable slab memory. */
void dump_unreclaimable_slab(void);
/* Hardened usercopy's check of a copy that touches a slab object. */
void __check_heap_object(const void *ptr, unsigned long n,
			 const struct slab *slab, bool to_user);

#endif /* _LIBSLAB_MM_SLAB_H */
