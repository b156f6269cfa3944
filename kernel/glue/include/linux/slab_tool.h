/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel build's side of libslab's tool hooks (the userspace shim's
 * <linux/slab_tool.h> drives valgrind and ASan with them): nothing to do,
 * KASAN instruments the kernel itself.
 */
#ifndef _LIBSLAB_GLUE_SLAB_TOOL_H
#define _LIBSLAB_GLUE_SLAB_TOOL_H

#include <linux/types.h>

struct kmem_cache;

/* Defined by the core for the userspace hooks; unused here. */
bool slab_tool_cache(const struct kmem_cache *s);

static inline bool slab_tool_active(void) { return false; }
static inline void slab_tool_slab_new(const struct kmem_cache *s, void *addr,
				      size_t size) { }
static inline void slab_tool_slab_free(const struct kmem_cache *s, void *addr,
				       size_t size) { }
static inline void slab_tool_object_alloc(const struct kmem_cache *s,
					  const void *object, size_t size,
					  bool initialized) { }
static inline void slab_tool_object_trim(const struct kmem_cache *s,
					 const void *object, size_t size,
					 size_t object_size) { }
static inline void slab_tool_object_free(const struct kmem_cache *s,
					 const void *object, size_t size) { }
static inline void slab_tool_metadata_begin(void) { }
static inline void slab_tool_metadata_end(void) { }

#endif
