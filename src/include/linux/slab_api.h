/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions libslab implements, spelled with the kernel's names.
 *
 * This header is shared by both builds.  In userspace the shim's
 * <linux/slab.h> supplies the flag, type and constant definitions of Linux
 * 6.12 and then includes this file.  In a kernel build the glue prelude
 * (kernel/glue/libslab_prelude.h) parses the kernel's own <linux/slab.h>
 * first, then renames every identifier below to an lslab_ prefixed one so
 * the core can live beside the kernel's SLUB, then includes this file.
 */
#ifndef _LINUX_SLAB_API_H
#define _LINUX_SLAB_API_H

/* The flags, types and constants; a no-op when <linux/slab.h> came first. */
#include <linux/slab.h>

struct kmem_cache;
struct kmem_cache_args;
struct seq_file;
struct list_lru;

/* Create a cache; returns NULL on failure (or panics with SLAB_PANIC). */
struct kmem_cache *__kmem_cache_create_args(const char *name,
					    unsigned int object_size,
					    struct kmem_cache_args *args,
					    slab_flags_t flags);

/* Legacy five-argument form of kmem_cache_create(). */
static inline struct kmem_cache *
__kmem_cache_create(const char *name, unsigned int size, unsigned int align,
		    slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache_args args = { .align = align, .ctor = ctor };

	return __kmem_cache_create_args(name, size, &args, flags);
}

/* kmem_cache_create(name, size, NULL, flags): default arguments. */
static inline struct kmem_cache *
__kmem_cache_default_args(const char *name, unsigned int size,
			  struct kmem_cache_args *args, slab_flags_t flags)
{
	struct kmem_cache_args defaults = { 0 };

	if (WARN_ON_ONCE(args))
		return ERR_PTR(-EINVAL);
	return __kmem_cache_create_args(name, size, &defaults, flags);
}

/* Create a cache whose [useroffset, useroffset + usersize) may be copied to user. */
static inline struct kmem_cache *
kmem_cache_create_usercopy(const char *name, unsigned int size,
			   unsigned int align, slab_flags_t flags,
			   unsigned int useroffset, unsigned int usersize,
			   void (*ctor)(void *))
{
	struct kmem_cache_args args = {
		.align = align,
		.ctor = ctor,
		.useroffset = useroffset,
		.usersize = usersize,
	};

	return __kmem_cache_create_args(name, size, &args, flags);
}

/* Both 6.12 call forms: (name, size, args, flags) and (name, size, align, flags, ctor). */
#define kmem_cache_create(__name, __object_size, __args, ...)		\
	_Generic((__args),						\
		struct kmem_cache_args *: __kmem_cache_create_args,	\
		void *: __kmem_cache_default_args,			\
		default: __kmem_cache_create)(__name, __object_size,	\
					      __args, __VA_ARGS__)

/* Cache named and aligned after a struct. */
#define KMEM_CACHE(__struct, __flags)					\
	__kmem_cache_create_args(#__struct, sizeof(struct __struct),	\
		&(struct kmem_cache_args) {				\
			.align = __alignof__(struct __struct),		\
		}, (__flags))

/* Destroy a cache; with live objects it reports them, WARNs and keeps the cache. */
void kmem_cache_destroy(struct kmem_cache *s);
/* Flush per-CPU slabs and free empty ones; 1 if slabs remain, else 0. */
int kmem_cache_shrink(struct kmem_cache *s);

/* Allocate one object; NULL when memory cannot be had. */
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags) __malloc;
/* Allocate one object, preferably from node (NUMA_NO_NODE: any). */
void *kmem_cache_alloc_node(struct kmem_cache *s, gfp_t flags, int node) __malloc;
/*
 * Allocate one object that will go on lru: memcg, if it charges the
 * object, makes lru ready for the object's cgroup.
 */
void *kmem_cache_alloc_lru(struct kmem_cache *s, struct list_lru *lru,
			   gfp_t flags) __malloc;
/*
 * Charge objp, allocated without __GFP_ACCOUNT, to the current task's
 * memory cgroup; false if the charge failed (the object stays as it was).
 */
bool kmem_cache_charge(void *objp, gfp_t gfpflags);
/* Return an object to its cache; NULL is ignored. */
void kmem_cache_free(struct kmem_cache *s, void *objp);
/* Allocate size objects into p; returns size, or 0 having allocated none. */
int kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t flags, size_t size,
			  void **p);
/* Free size objects of p (s may be NULL for kmalloc'ed objects). */
void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p);

/* Allocate one zeroed object. */
static inline void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc(s, flags | __GFP_ZERO);
}

/* kmalloc caches: [type][index], index as returned by __kmalloc_index(). */
extern struct kmem_cache *kmalloc_caches[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1];

/* Allocate size bytes; ZERO_SIZE_PTR for 0, NULL on failure or size > KMALLOC_MAX_SIZE. */
void *kmalloc(size_t size, gfp_t flags) __malloc;
/* kmalloc() preferring memory of node. */
void *kmalloc_node(size_t size, gfp_t flags, int node) __malloc;
/* Private kmalloc-sized caches (6.11): a user's objects never share kmalloc's slabs. */
typedef struct kmem_cache *kmem_buckets[KMALLOC_SHIFT_HIGH + 1];
/* Create caches "<name>-<size>" for every kmalloc size; NULL on failure. */
kmem_buckets *kmem_buckets_create(const char *name, slab_flags_t flags,
				  unsigned int useroffset, unsigned int usersize,
				  void (*ctor)(void *));
/* kmalloc() from the buckets b (b NULL: plain kmalloc); free with kfree(). */
void *kmem_buckets_alloc(kmem_buckets *b, size_t size, gfp_t flags) __malloc;
/* kmalloc(size) served by cache s, which must fit it (what kmalloc's inline path calls). */
void *__kmalloc_cache_noprof(struct kmem_cache *s, gfp_t flags, size_t size) __malloc;
/* Resize p keeping min(old, new) bytes; p is freed only if a new block is returned. */
void *krealloc(const void *p, size_t new_size, gfp_t flags);
/* Free memory from kmalloc() or a kmem_cache; NULL and ZERO_SIZE_PTR are ignored. */
void kfree(const void *objp);
/* Zero the whole usable size, then free. */
void kfree_sensitive(const void *objp);
/* Usable size of a kmalloc'ed or cache object (0 for NULL/ZERO_SIZE_PTR). */
size_t ksize(const void *objp);
/* The size kmalloc(size) really allocates. */
size_t kmalloc_size_roundup(size_t size);
/*
 * kmalloc() on behalf of the caller of the function that calls it:
 * slub_debug=U's "Allocated in" names that function's caller, as for
 * the kernel's kmalloc_track_caller() (<linux/libslab.h> declares the
 * function these use).
 */
void *libslab_kmalloc_node_caller(kmem_buckets *b, size_t size, gfp_t flags,
				  int node, unsigned long caller);
#define kmalloc_node_track_caller(size, flags, node)			\
	libslab_kmalloc_node_caller(NULL, (size), (flags), (node), _RET_IP_)
#define kmalloc_track_caller(size, flags)				\
	kmalloc_node_track_caller((size), (flags), NUMA_NO_NODE)
/* kmalloc() a copy of len bytes of src. */
void *kmemdup(const void *src, size_t len, gfp_t gfp) __malloc;
/* kmalloc() a copy of the string s (NULL for NULL). */
char *kstrdup(const char *s, gfp_t gfp) __malloc;
/* kmalloc(), falling back to vmalloc for sizes the slab cannot serve. */
void *kvmalloc_node(size_t size, gfp_t flags, int node) __malloc;
/* Free memory from kvmalloc() or kmalloc(). */
void kvfree(const void *addr);
/*
 * Resize memory from kvmalloc() keeping min(old, new) bytes (6.12
 * kvrealloc_noprof()): krealloc(), falling back to kvmalloc() and a copy;
 * a vmalloc block is resized by vrealloc().  NULL p allocates, size 0
 * frees.  NULL on failure, p then untouched.
 */
void *kvrealloc(const void *p, size_t size, gfp_t flags);
/* kmalloc() a NUL-terminated copy of at most max bytes of s (NULL for NULL). */
char *kstrndup(const char *s, size_t max, gfp_t gfp) __malloc;
/* kmalloc() len bytes of s plus a NUL (NULL for NULL s). */
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp) __malloc;
/* kmalloc() a copy of count elements of element_size bytes; NULL on overflow. */
void *kmemdup_array(const void *src, size_t count, size_t element_size,
		    gfp_t gfp) __malloc;
/* s itself if it is the kernel's read-only data, else kstrdup(); free with kfree_const(). */
const char *kstrdup_const(const char *s, gfp_t gfp);
/* kfree(x) unless x is the kernel's read-only data (a kstrdup_const() original). */
void kfree_const(const void *x);

/* Zeroed kmalloc(). */
static inline void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

/* Zeroed kmalloc_node(). */
static inline void *kzalloc_node(size_t size, gfp_t flags, int node)
{
	return kmalloc_node(size, flags | __GFP_ZERO, node);
}

/*
 * alloc(n * size, args...), or NULL if the product overflows: the one
 * overflow rule of the array forms.
 */
#define slab_array_alloc(n, size, alloc, ...) ({			\
	size_t __bytes;							\
									\
	unlikely(check_mul_overflow(n, size, &__bytes)) ? NULL :	\
		alloc(__bytes, __VA_ARGS__);				\
})

/* kmalloc() of n * size bytes; NULL if the product overflows. */
static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	return slab_array_alloc(n, size, kmalloc, flags);
}

/* kmalloc_array() on node. */
static inline void *kmalloc_array_node(size_t n, size_t size, gfp_t flags,
				       int node)
{
	return slab_array_alloc(n, size, kmalloc_node, flags, node);
}

/* Zeroed kmalloc_array(). */
static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

/* kvmalloc_node() on any node. */
static inline void *kvmalloc(size_t size, gfp_t flags)
{
	return kvmalloc_node(size, flags, NUMA_NO_NODE);
}

/* Zeroed kvmalloc(). */
static inline void *kvzalloc(size_t size, gfp_t flags)
{
	return kvmalloc(size, flags | __GFP_ZERO);
}

/* kvmalloc_node() of n * size bytes; NULL if the product overflows. */
static inline void *kvmalloc_array_node(size_t n, size_t size, gfp_t flags,
					int node)
{
	return slab_array_alloc(n, size, kvmalloc_node, flags, node);
}

/* kvmalloc() of n * size bytes; NULL if the product overflows. */
static inline void *kvmalloc_array(size_t n, size_t size, gfp_t flags)
{
	return kvmalloc_array_node(n, size, flags, NUMA_NO_NODE);
}

/* Zeroed kvmalloc_array_node(). */
static inline void *kvcalloc_node(size_t n, size_t size, gfp_t flags, int node)
{
	return kvmalloc_array_node(n, size, flags | __GFP_ZERO, node);
}

/* Zeroed kvmalloc_array(). */
static inline void *kvcalloc(size_t n, size_t size, gfp_t flags)
{
	return kvcalloc_node(n, size, flags, NUMA_NO_NODE);
}

/* krealloc() to new_n * new_size bytes; NULL (p untouched) if that overflows. */
static inline void *krealloc_array(void *p, size_t new_n, size_t new_size,
				   gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(new_n, new_size, &bytes)))
		return NULL;
	return krealloc(p, bytes, flags);
}

/* kfree() the size objects of p (kmalloc'ed or from any cache) in bulk. */
static inline void kfree_bulk(size_t size, void **p)
{
	kmem_cache_free_bulk(NULL, size, p);
}

/* The object size the cache was created with (6.12 kmem_cache_size()). */
unsigned int kmem_cache_size(struct kmem_cache *s);

/*
 * mm/slab.h's names, private to mm/ in the kernel: what /proc/slabinfo and
 * the sysfs validate file are made from.  lib/slub_kunit.c calls
 * validate_slab_cache().
 */

/*
 * What /proc/slabinfo shows for one cache (as mm/slab.h's struct slabinfo).
 * Objects in per-CPU slabs count as active, exactly as in the kernel.
 */
struct slabinfo {
	unsigned long active_objs;
	unsigned long num_objs;
	unsigned long active_slabs;
	unsigned long num_slabs;
	unsigned long shared_avail;
	unsigned int limit;
	unsigned int batchcount;
	unsigned int shared;
	unsigned int objects_per_slab;
	unsigned int cache_order;
};

/* Fill sinfo from the cache's own counters. */
void get_slabinfo(struct kmem_cache *s, struct slabinfo *sinfo);
/*
 * 6.12's validate_slab_cache() (mm/slab.h): the same checks, returning the
 * number of slabs checked (the problems are reported and counted, not
 * returned), or -ENOMEM.
 */
long validate_slab_cache(struct kmem_cache *s);

#endif /* _LINUX_SLAB_API_H */
