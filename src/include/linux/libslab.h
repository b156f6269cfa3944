/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab's own interface, which no kernel has: start-up and shutdown
 * (libslab_exit() is the kmalloc leak check), boot parameters at run time,
 * inspection of caches and slabs, the sysfs and debugfs files, failslab
 * and the SLUB statistics.  The kernel API, under the kernel's names, is
 * in <linux/slab_api.h> (through <linux/slab.h>).
 *
 * Shared by both builds: in a kernel build the glue prelude includes it
 * after <linux/slab_api.h>, with the kernel names renamed.
 */
#ifndef _LINUX_LIBSLAB_H
#define _LINUX_LIBSLAB_H

#include <linux/slab_api.h>

/* The cache's name as given at creation (the first creator's for a merged cache). */
const char *kmem_cache_name(const struct kmem_cache *s);

/*
 * Apply the allocator's boot parameters in cmdline (slub_min_order=,
 * slab_nomerge, slub_debug, ...: the __setup() table of slab_params.c),
 * split as the kernel splits its command line; other subsystems' words
 * are ignored, as the kernel ignores them.  The words that set the slabs'
 * layout (slub_min_order=, slub_max_order=, slub_min_objects= and their
 * slab_ spellings) are taken only while the kmalloc caches do not exist:
 * before libslab_init(), or after libslab_exit() for the next start
 * (userspace's libslab_restart(), <front/restart.h>, does both).  Returns 0, or
 * the first error: -EINVAL for a malformed value of a known parameter,
 * -EBUSY for a word that comes too late (each reported and not applied;
 * the other words still are), -EINVAL for a line longer than a command
 * line (reported; none applied).
 */
int libslab_parse_cmdline(const char *cmdline);
/*
 * Offer one word, as next_arg() cut it (val NULL for a word without '='),
 * to the allocator's table: 0 when applied; -EINVAL for a malformed value
 * and -EBUSY for a layout word once the kmalloc caches exist (each
 * reported, not applied); -ENOENT when it is no allocator parameter.
 */
int libslab_setup_param(const char *param, const char *val);
/* Create the kmalloc caches (kmem_cache_init); idempotent, 0 or -ENOMEM. */
int libslab_init(void);
/*
 * Create the flush workqueue, once the platform's workqueues work (the
 * kernel's kmem_cache_init_late()); idempotent, 0 or -ENOMEM.  Until then
 * a flush of the CPUs' slabs (kmem_cache_shrink(), _destroy()) WARNs and
 * does nothing.  After libslab_exit(), a restart calls both again.
 */
int libslab_init_late(void);
/*
 * Run the work still queued and end the simulated machine's threads, then
 * destroy the kmalloc caches and the boot caches, returning every page, so
 * that libslab_init() could start over (module unload): 0; or -EBUSY with
 * a WARN naming each cache its user never destroyed (nothing is torn
 * down); or -EBUSY with one line per kmalloc object never freed, or after
 * a cache was destroyed with live objects (reported then): the caches
 * holding them are kept, so their objects stay valid, and libslab_init()
 * refuses to start over.
 */
int libslab_exit(void);
/*
 * kmalloc() and kfree() on behalf of a wrapper's caller (libslab-malloc.so's
 * malloc() and free()): slub_debug=U's "Allocated in" and "Freed in" name
 * caller, as the kernel's kmalloc_track_caller() does for an allocation.
 */
void *libslab_kmalloc_caller(size_t size, gfp_t flags, unsigned long caller);
void libslab_kfree_caller(const void *object, unsigned long caller);
/*
 * kmalloc() from the buckets b (NULL: kmalloc's own caches), preferring
 * node, tracked to caller: the kernel's __kmalloc_node_track_caller_noprof().
 */
void *libslab_kmalloc_node_caller(kmem_buckets *b, size_t size, gfp_t flags,
				  int node, unsigned long caller);
/* kmalloc(size) from s (which must fit it) on node, for caller: __kmalloc_cache_node_noprof(). */
void *libslab_kmalloc_cache_node(struct kmem_cache *s, gfp_t flags, int node,
				 size_t size, unsigned long caller);
/*
 * Whole compound pages for size bytes, freed by kfree(), for caller (the
 * kmalloc event's call site): __kmalloc_large_node_noprof().
 */
void *libslab_kmalloc_large_node(size_t size, gfp_t flags, int node,
				 unsigned long caller);
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

#endif /* _LINUX_LIBSLAB_H */
