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
/* Allocate one object on behalf of a list_lru (the lru is not modelled). */
void *kmem_cache_alloc_lru(struct kmem_cache *s, struct list_lru *lru,
			   gfp_t flags) __malloc;
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
/* kmalloc() a copy of len bytes of src. */
void *kmemdup(const void *src, size_t len, gfp_t gfp) __malloc;
/* kmalloc() a copy of the string s (NULL for NULL). */
char *kstrdup(const char *s, gfp_t gfp) __malloc;
/* kmalloc(), falling back to vmalloc for sizes the slab cannot serve. */
void *kvmalloc_node(size_t size, gfp_t flags, int node) __malloc;
/* Free memory from kvmalloc() or kmalloc(). */
void kvfree(const void *addr);

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

/* kmalloc() of n * size bytes; NULL if the product overflows. */
static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return kmalloc(bytes, flags);
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

/* ---- libslab's own interface (no kernel counterpart) ---- */

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

/* The object size the cache was created with (6.12 kmem_cache_size()). */
unsigned int kmem_cache_size(struct kmem_cache *s);
/* The cache's name as given at creation (the first creator's for a merged cache). */
const char *kmem_cache_name(const struct kmem_cache *s);
/* Fill sinfo from the cache's own counters. */
void get_slabinfo(struct kmem_cache *s, struct slabinfo *sinfo);

/*
 * Apply boot parameters (slub_min_order=, slub_max_order=, slub_min_objects=,
 * slab_nomerge, slab_merge; unknown words are ignored as the kernel ignores
 * other subsystems' parameters).  Returns 0, or -EINVAL for a malformed value
 * of a known parameter (the rest are still applied).
 */
int libslab_parse_cmdline(const char *cmdline);
/* Create the kmalloc caches (kmem_cache_init); idempotent, 0 or -ENOMEM. */
int libslab_init(void);
/*
 * Destroy the kmalloc caches and the boot caches, returning every page, so
 * that libslab_init() could start over (module unload): 0, or -EBUSY with a
 * WARN naming each cache its user never destroyed, or -EBUSY once a cache was
 * destroyed with live objects (kept, so nothing is torn down in either case).
 */
int libslab_exit(void);
/* Print /proc/slabinfo (version 2.1) for every cache. */
void libslab_slabinfo_show(struct seq_file *m);
/* The cache called name (an alias name finds the cache it merged into), or NULL. */
struct kmem_cache *libslab_find_cache(const char *name);
/*
 * Names merged into s (sysfs shows them as symlinks to the cache): stores
 * up to max of them in names and returns how many there are.
 */
unsigned int libslab_cache_aliases(struct kmem_cache *s, const char **names,
				   unsigned int max);
/* Print one "alias -> cache" line for every merged name of every cache. */
void libslab_aliases_show(struct seq_file *m);
/* How many names (the cache's own and its aliases) refer to s. */
unsigned int libslab_cache_refcount(const struct kmem_cache *s);
/* Slabs on node's partial list. */
unsigned long libslab_node_nr_partial(struct kmem_cache *s, int node);
/* Slabs allocated for s on node (full, partial, per-CPU). */
unsigned long libslab_node_nr_slabs(struct kmem_cache *s, int node);
/* Slabs on cpu's per-CPU partial list. */
unsigned int libslab_cpu_nr_partial(struct kmem_cache *s, int cpu);
/* Whether cpu has an active slab for s. */
bool libslab_cpu_has_slab(struct kmem_cache *s, int cpu);
/* Move every CPU's active and partial slabs back to the nodes (flush_all). */
void libslab_flush_all(struct kmem_cache *s);
/*
 * Writing nr_objects to /sys/kernel/slab/<cache>/cpu_partial (0 turns the
 * per-CPU partial lists off) and flushing every CPU; 0, or -EINVAL for a
 * non-zero value on a cache without them (debug, SLUB_TINY).
 */
int libslab_set_cpu_partial(struct kmem_cache *s, unsigned int nr_objects);
/* Objects currently allocated from s, counted exactly by walking its slabs. */
unsigned long libslab_count_inuse(struct kmem_cache *s);
/*
 * Check s as the sysfs validate action does (flushes every CPU first):
 * the number of inconsistencies found, each reported, or -ENOMEM.
 */
int libslab_validate(struct kmem_cache *s);
/*
 * 6.12's validate_slab_cache() (mm/slab.h): the same checks, returning the
 * number of slabs checked (the problems are reported and counted, not
 * returned), or -ENOMEM.
 */
long validate_slab_cache(struct kmem_cache *s);
/*
 * The usercopy check of CONFIG_HARDENED_USERCOPY for copying n bytes at
 * ptr to (to_user) or from user space: 0 when the range lies in the
 * object's whitelisted region (kmem_cache_args.useroffset/usersize), else
 * a "usercopy: Kernel memory exposure attempt detected ..." report and
 * -EFAULT.  Memory that is not slab memory passes.
 */
int libslab_check_usercopy(const void *ptr, unsigned long n, bool to_user);

/*
 * failslab: fail slab allocations as the kernel's fault injection does.
 * spec is failslab='s "<interval>,<probability>,<space>,<times>"
 * (probability in percent, times -1 for no limit); 0 or -EINVAL.
 */
int libslab_failslab_setup(const char *spec);
/* The ignore-gfp-wait (spare GFP_KERNEL) and cache-filter (SLAB_FAILSLAB caches only) knobs. */
void libslab_failslab_filter(bool ignore_gfp_wait, bool cache_filter);
/* 0: fail silently, 1: print a notice, 2: and a stack (the default). */
void libslab_failslab_verbose(unsigned long verbose);

/*
 * The files of /sys/kernel/slab/<cache>/ (object_size, slabs, partial,
 * cpu_slabs, validate, the stat files, ...): 6.12's slab_attrs[] for the
 * modelled configuration, in the kernel's formats.
 */
/*
 * Call fn(s, arg) for every cache existing now (none may be destroyed
 * meanwhile); stops at the first non-zero return, which it returns.
 */
int libslab_walk_caches(int (*fn)(struct kmem_cache *, void *), void *arg);
/* Name of attribute i (0, 1, ...) in slab_attrs[] order, or NULL past the last. */
const char *libslab_sysfs_attr(unsigned int i);
/* The file's mode (0400 read-only, 0600 writable), or -ENOENT. */
int libslab_sysfs_mode(const char *name);
/*
 * The file's text into buf; its length (0 for an empty file, such as
 * validate or shrink), or -ENOENT for no such attribute.
 */
int libslab_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
		       size_t size);
/*
 * Write buf (len bytes) to the file, as echo does: len, or the store
 * function's error (-EINVAL, -ERANGE, ...), -EIO for a read-only file,
 * -ENOENT for no such attribute.
 */
int libslab_sysfs_store(struct kmem_cache *s, const char *name,
			const char *buf, size_t len);
/*
 * The name of s's directory in /sys/kernel/slab, as 6.12's sysfs_slab_add()
 * names it: the cache's own name for a cache that can never be merged, its
 * unique id ":[<flags>-]<size>" otherwise (":0000064", ":a-0000192").  Its
 * length, or -ENAMETOOLONG when buf is too small.
 */
int libslab_sysfs_dir_name(struct kmem_cache *s, char *buf, size_t size);
/*
 * The names that are symlinks to s's directory: the cache's own when the
 * directory has the unique id, then each name merged into it.  Stores up
 * to max of them in names and returns how many there are.
 */
unsigned int libslab_sysfs_links(struct kmem_cache *s, const char **names,
				 unsigned int max);

/*
 * The files of /sys/kernel/debug/slab/<cache>/: alloc_traces and
 * free_traces, for the caches with SLAB_STORE_USER.
 */
/* Name of debugfs file i (0, 1), or NULL past the last. */
const char *libslab_debugfs_file(unsigned int i);
/*
 * Print the file's text to m: the live objects of s grouped by the caller
 * that allocated (last freed) them, with its stack; 0, -ENOENT when s has
 * no such file (no SLAB_STORE_USER), or -ENOMEM.
 */
int libslab_debugfs_show(struct kmem_cache *s, const char *name,
			 struct seq_file *m);

/*
 * SLUB statistics (CONFIG_LIBSLAB_STATS, always on in userspace).  Counters
 * are named as the sysfs stat files are ("alloc_fastpath", ...).
 */
/* The counter called name, or -EINVAL. */
int libslab_stat_item(const char *name);
/* The name of counter item, or NULL. */
const char *libslab_stat_name(int item);
/* Counter item of s on cpu, or summed over every CPU for cpu < 0. */
unsigned long libslab_stat(struct kmem_cache *s, int item, int cpu);
/* The sysfs file's text ("<sum> C<cpu>=<n> ...\n", online CPUs) into buf; its length or -EINVAL. */
int libslab_stat_show(struct kmem_cache *s, int item, char *buf, size_t size);
/* Zero counter item of s on every online CPU (writing 0 to the sysfs file). */
void libslab_stat_clear(struct kmem_cache *s, int item);
/* Error events (reports, overwritten-byte lines, FIX lines, leaked objects) since start-up. */
unsigned long libslab_error_count(void);

#endif /* _LINUX_SLAB_API_H */
