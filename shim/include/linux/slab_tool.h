/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Object-granular reports from valgrind's memcheck and AddressSanitizer
 * (slub_tool_poison=on in LIBSLAB_CMDLINE).  The allocator tells the tool
 * which bytes a caller may touch: a new slab is inaccessible, an allocated
 * object is accessible for the size asked for (uninitialised unless
 * zeroed or constructed), a freed object is inaccessible again.  As
 * KASAN is told in the kernel, a new object is first the caller's whole
 * (kasan_slab_alloc()), so that zeroing it is no misuse, then a kmalloc
 * object loses the bytes past the size asked for (kasan_kmalloc()).  The
 * allocator's own look at its metadata (free pointers, red zones, tracks)
 * is bracketed by slab_tool_metadata_begin()/end(), as the kernel's
 * metadata_access_enable() tells KASAN; under ASan the core is built
 * uninstrumented instead, as the kernel builds mm/slub.c without KASAN.
 *
 * Debug caches are left to their own red zones and poison.  Off by
 * default: with it on, code that peeks at freed objects on purpose
 * (white-box tests, the page census) is reported too.  The kernel build's
 * version of this header is empty: KASAN has its own hooks there.
 */
#ifndef _SHIM_LINUX_SLAB_TOOL_H
#define _SHIM_LINUX_SLAB_TOOL_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/sim_switches.h>

struct kmem_cache;
/* Whether s takes part: debug caches check objects themselves. */
bool slab_tool_cache(const struct kmem_cache *s);

/* Whether any hook below does something (a tool runs): else they are all no-ops. */
static inline bool slab_tool_active(void)
{
	return __builtin_expect(__atomic_load_n(&sim_switches.tool_poison,
						__ATOMIC_RELAXED), 0);
}

/* Used through the inline wrappers below. */
void __slab_tool_slab_new(void *addr, size_t size);
void __slab_tool_slab_free(void *addr, size_t size);
void __slab_tool_object_alloc(const void *object, size_t size, bool initialized);
void __slab_tool_object_free(const void *object, size_t size);
void __slab_tool_object_trim(const void *object, size_t size, size_t object_size);
void __slab_tool_metadata_begin(void);
void __slab_tool_metadata_end(void);

/* A new slab's memory: nobody's until an object is handed out. */
static inline void slab_tool_slab_new(const struct kmem_cache *s, void *addr,
				      size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_slab_new(addr, size);
}

/* A slab's memory goes back to the page allocator. */
static inline void slab_tool_slab_free(const struct kmem_cache *s, void *addr,
				       size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_slab_free(addr, size);
}

/* size bytes at object now belong to the caller. */
static inline void slab_tool_object_alloc(const struct kmem_cache *s,
					  const void *object, size_t size,
					  bool initialized)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_object_alloc(object, size, initialized);
}

/*
 * Bytes [size, object_size) of a handed-out object are not the caller's:
 * a kmalloc object's tail past the size asked for.
 */
static inline void slab_tool_object_trim(const struct kmem_cache *s,
					 const void *object, size_t size,
					 size_t object_size)
{
	if (slab_tool_active() && size < object_size && slab_tool_cache(s))
		__slab_tool_object_trim(object, size, object_size);
}

/* The caller gave object back. */
static inline void slab_tool_object_free(const struct kmem_cache *s,
					 const void *object, size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_object_free(object, size);
}

/* The allocator reads or writes its own metadata from here... */
static inline void slab_tool_metadata_begin(void)
{
	if (slab_tool_active())
		__slab_tool_metadata_begin();
}

/* ...to here. */
static inline void slab_tool_metadata_end(void)
{
	if (slab_tool_active())
		__slab_tool_metadata_end();
}

#endif
