/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kmem trace, loaded for replay: the slab events of an ftrace text dump
 * (kmalloc, kmem_cache_alloc, kfree, kmem_cache_free) in their order, each
 * allocation matched with its free, each cache allocation resolved to a
 * cache, and the page allocator events summed up.
 *
 * Input is what kernel/scripts/capture-boot-trace.sh writes (sections
 * opened by "# libslab-trace: <name>" lines), or a bare ftrace text
 * output; ".xz" and ".gz" files are decompressed on the fly.
 *
 * Linux 6.12's kmem_cache_alloc event carries no cache name, only its
 * object size and slab object size, while kmem_cache_free does name the
 * cache.  An allocation's cache is therefore taken, in this order, from
 * its own free, from another object allocated at the same call site, from
 * the one cache of the snapshot with its two sizes, or else a cache
 * "unnamed-<size>" is made up.
 */
#ifndef LIBSLAB_BENCH_TRACE_H
#define LIBSLAB_BENCH_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum trace_event_type {
	TRACE_KMALLOC,		/* kmalloc(bytes_req) */
	TRACE_CACHE_ALLOC,	/* kmem_cache_alloc(cache) */
	TRACE_FREE,		/* kfree() or kmem_cache_free() of object */
};

/* gfp bits that change what an allocation does in the replay. */
#define TRACE_GFP_ZERO		0x01u
#define TRACE_GFP_RECLAIMABLE	0x02u
#define TRACE_GFP_ACCOUNT	0x04u
#define TRACE_GFP_DMA		0x08u
#define TRACE_GFP_ATOMIC	0x10u	/* may not sleep */

/* One slab event. */
struct trace_event {
	uint32_t object;	/* index into trace.objects */
	uint8_t type;		/* enum trace_event_type */
	uint8_t cpu;
	uint8_t gfp;		/* TRACE_GFP_* */
};

/* One object's life: what its allocation asked for. */
struct trace_object {
	uint32_t bytes_req;	/* requested size */
	uint32_t bytes_alloc;	/* what the kernel's SLUB gave */
	int32_t cache;		/* index into trace.caches; -1 for kmalloc */
};

/* A cache the trace uses, as the snapshot (or the events) describe it. */
struct trace_cache {
	char name[64];
	uint32_t object_size;
	uint32_t size;		/* the kernel's s->size; 0 when unknown */
	uint32_t align;
	bool reclaim_account, hwcache_align, typesafe_by_rcu, cache_dma;
	bool in_snapshot;	/* described by the capture's caches section */
	bool used;		/* some object of the trace is in it */
};

/* How the events' problems and loose ends were counted. */
struct trace_counts {
	unsigned long lines;
	unsigned long malformed;	/* slab or page event lines that did not parse */
	unsigned long other_lines;	/* lines of other events, ignored */
	unsigned long untracked_frees;	/* frees of objects allocated before tracing */
	unsigned long null_frees;	/* kfree(NULL) and kfree(ZERO_SIZE_PTR) */
	unsigned long failed_allocs;	/* allocations that returned NULL */
	unsigned long zero_allocs;	/* kmalloc(0): ZERO_SIZE_PTR */
	unsigned long reused_live;	/* a live address allocated again: its free was not traced */
	unsigned long live_at_end;	/* allocated and never freed */
	unsigned long cache_from_free, cache_from_site, cache_from_snapshot, cache_made_up;
	unsigned long page_allocs, page_frees;
	long page_net, page_net_peak;	/* pages allocated minus freed, during the trace */
	unsigned int nr_cpus;		/* highest CPU seen + 1 */
	bool lost_events;		/* ftrace's header says the ring dropped events */
};

/* One cache line of the capture's /proc/slabinfo (version 2.1). */
struct trace_slabinfo {
	char name[64];
	unsigned long active_objs, num_objs, active_slabs, num_slabs;
	unsigned int objsize, objperslab, pagesperslab;
};

/* A merged name of the capture and the cache (sysfs directory) it points to. */
struct trace_alias {
	char name[64], target[64];
};

struct trace {
	struct trace_event *events;
	size_t nr_events;
	struct trace_object *objects;
	size_t nr_objects;
	struct trace_cache *caches;
	size_t nr_caches;
	struct trace_counts counts;
	char cmdline[512];		/* the captured kernel's command line */
	bool has_snapshot;
	bool has_slabinfo;		/* the dump has a slabinfo section */
	struct trace_slabinfo *slabinfo;	/* its cache lines, in its order */
	size_t nr_slabinfo;
	struct trace_alias *aliases;	/* the aliases section */
	size_t nr_aliases;
};

/* Load path into t: 0, or -1 having printed why (file unreadable, no events). */
int trace_load(const char *path, struct trace *t, bool progress);
/* Free what trace_load() allocated. */
void trace_release(struct trace *t);
/* Print the loose ends and problems of the trace's events to f. */
void trace_print_counts(const struct trace *t, FILE *f);
/*
 * The capture's cache that name stands for: its target if the aliases
 * section lists name, else name itself.
 */
const char *trace_alias_target(const struct trace *t, const char *name);

#endif
