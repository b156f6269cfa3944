// SPDX-License-Identifier: GPL-2.0
/*
 * The libslab half of the tools/testing adapter: the kernel calls behind
 * slab_bridge.h, made with libslab's own headers, so every type and flag
 * here is the kernel's.
 */
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include "slab_bridge.h"

#define FLAG_NAME(flag) #flag,

static const unsigned long libslab_gfp[] = {
	SLAB_BRIDGE_GFP_FLAGS(SLAB_BRIDGE_VALUE)
};
static const char *const gfp_names[] = { SLAB_BRIDGE_GFP_FLAGS(FLAG_NAME) };
static const unsigned long libslab_cache_flags[] = {
	SLAB_BRIDGE_CACHE_FLAGS(SLAB_BRIDGE_VALUE)
};

int slab_bridge_check_gfp(const unsigned long *values, size_t nr)
{
	int status = 0;
	size_t i;

	if (nr != ARRAY_SIZE(libslab_gfp)) {
		fprintf(stderr, "slab_bridge: %zu gfp flags given, libslab checks %zu\n",
			nr, ARRAY_SIZE(libslab_gfp));
		return -1;
	}
	for (i = 0; i < nr; i++) {
		if (values[i] == libslab_gfp[i])
			continue;
		fprintf(stderr, "slab_bridge: %s is %#lx in tools/include but %#lx in libslab\n",
			gfp_names[i], values[i], libslab_gfp[i]);
		status = -1;
	}
	return status;
}

void *slab_bridge_cache_create(const char *name, unsigned int size,
			       unsigned int align, unsigned int flag_bits,
			       void (*ctor)(void *))
{
	slab_flags_t flags = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(libslab_cache_flags); i++)
		if (flag_bits & (1U << i))
			flags |= (slab_flags_t)libslab_cache_flags[i];
	return kmem_cache_create(name, size, align, flags, ctor);
}

void slab_bridge_cache_destroy(void *cache)
{
	kmem_cache_destroy(cache);
}

void *slab_bridge_cache_alloc(void *cache, void *lru, unsigned int gfp)
{
	return kmem_cache_alloc_lru(cache, lru, (gfp_t)gfp);
}

void slab_bridge_cache_free(void *cache, void *object)
{
	kmem_cache_free(cache, object);
}

int slab_bridge_cache_alloc_bulk(void *cache, unsigned int gfp, size_t nr,
				 void **objects)
{
	return kmem_cache_alloc_bulk(cache, (gfp_t)gfp, nr, objects);
}

void slab_bridge_cache_free_bulk(void *cache, size_t nr, void **objects)
{
	kmem_cache_free_bulk(cache, nr, objects);
}

void slab_bridge_cache_shrink(void *cache)
{
	kmem_cache_shrink(cache);
}

void *slab_bridge_kmalloc(size_t size, unsigned int gfp)
{
	return kmalloc(size, (gfp_t)gfp);
}

void slab_bridge_kfree(const void *object)
{
	kfree(object);
}

unsigned long slab_bridge_error_count(void)
{
	return libslab_error_count();
}
