// SPDX-License-Identifier: GPL-2.0
/*
 * slabsim replay: every slab event of a kmem trace, in order and on the
 * CPU it came from, on libslab (this build's design and boot parameters,
 * LIBSLAB_CMDLINE) or on the SLOB-class model of slob.h.  It reports the
 * slab memory at its peak and at the end, the pages of each cache, where
 * the bytes went (requested, allocated, slab pages), the fast-path rates
 * and stat counters, and the time per operation.  Memory is counted from
 * the start of the replay: the slabs libslab's start-up made (kmalloc
 * caches' kmem_cache and kmem_cache_node objects) are not the trace's.  Objects still live at
 * the end are then freed and the caches destroyed, so that libslab's own
 * checks see the whole life of every cache.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/slab.h>
#include <linux/libslab.h>
#include <sim/cpu.h>
#include <sim/page_alloc.h>

#include "replay.h"
#include "slob.h"
#include "trace.h"

#define SERIES_POINTS	2000	/* samples of memory over the trace */
#define TOP_CACHES	15	/* caches listed by pages */
#define PROGRESS_MIN_EVENTS 200000	/* a shorter replay shows no progress bar */
#define KIB(pages)	((pages) * (PAGE_SIZE / 1024))

struct replay_opts {
	const char *trace;
	const char *label;
	const char *summary;	/* key<TAB>value file */
	const char *series;	/* samples of memory over the trace (write_sample) */
	bool slob;
	bool cpu_partial_off;
	bool quiet;
	bool vs_capture;	/* the end state beside the capture's /proc/slabinfo */
};

/* What the replay measured. */
struct replay_result {
	unsigned long slab_pages, slab_pages_peak;	/* slab pages */
	unsigned long large_pages, large_pages_peak;	/* large kmalloc pages */
	unsigned long total_pages_peak;			/* of slab + large together */
	unsigned long requested, requested_peak;	/* live requested bytes */
	unsigned long allocated;	/* what the live objects in slabs take */
	unsigned long requested_in_slabs;	/* what they asked for */
	unsigned long objects_in_slabs;		/* how many they are */
	unsigned long failed, ops;
	double seconds;
};

/* One allocator under the replay. */
struct backend {
	const char *design;
	bool (*alloc)(const struct trace *t, uint32_t obj, uint8_t gfp, bool cache,
		      uint64_t *handle);
	void (*free)(const struct trace *t, uint32_t obj, uint64_t handle);
	unsigned long (*slab_pages)(void);
	unsigned long (*large_pages)(void);
	/* Bytes a live object takes in its slab; 0 if it has pages of its own. */
	unsigned long (*in_slab)(const struct trace *t, uint32_t obj, uint64_t handle);
};

/* libslab */

static struct kmem_cache **kcaches;	/* per trace cache, created on first use */
static bool *kcache_created;		/* created by the replay, to destroy */
/* Pages in use before the replay: libslab's start-up, not the trace's. */
static unsigned long base_slab_pages, base_other_pages;
static bool opt_cpu_partial_off;

/* Before the replay: counters from zero, cpu_partial=0 if asked. */
static int prepare_boot_cache(struct kmem_cache *s, void *arg)
{
	(void)arg;
	for (int item = 0; libslab_stat_name(item); item++)
		libslab_stat_clear(s, item);
	if (opt_cpu_partial_off)
		libslab_set_cpu_partial(s, 0);
	return 0;
}

static struct kmem_cache *kcache(const struct trace *t, int32_t idx)
{
	const struct trace_cache *c = &t->caches[idx];
	slab_flags_t flags = 0;
	struct kmem_cache *s;

	if (kcaches[idx])
		return kcaches[idx];
	/* A kmalloc cache: libslab made it at start-up. */
	s = libslab_find_cache(c->name);
	if (s) {
		kcaches[idx] = s;
		return s;
	}
	if (c->hwcache_align)
		flags |= SLAB_HWCACHE_ALIGN;
	if (c->reclaim_account)
		flags |= SLAB_RECLAIM_ACCOUNT;
	if (c->typesafe_by_rcu)
		flags |= SLAB_TYPESAFE_BY_RCU;
	if (c->cache_dma)
		flags |= SLAB_CACHE_DMA;
	s = kmem_cache_create(c->name, c->object_size, c->hwcache_align ? 0 : c->align,
			      flags, NULL);
	if (!s)
		return NULL;
	if (opt_cpu_partial_off)
		libslab_set_cpu_partial(s, 0);
	kcaches[idx] = s;
	kcache_created[idx] = true;
	return s;
}

static gfp_t kernel_gfp(uint8_t gfp)
{
	gfp_t flags = gfp & TRACE_GFP_ATOMIC ? GFP_ATOMIC : GFP_KERNEL;

	if (gfp & TRACE_GFP_ZERO)
		flags |= __GFP_ZERO;
	if (gfp & TRACE_GFP_RECLAIMABLE)
		flags |= __GFP_RECLAIMABLE;
	if (gfp & TRACE_GFP_ACCOUNT)
		flags |= __GFP_ACCOUNT;
	if (gfp & TRACE_GFP_DMA)
		flags |= GFP_DMA;
	return flags;
}

static bool slub_alloc(const struct trace *t, uint32_t obj, uint8_t gfp, bool cache,
		       uint64_t *handle)
{
	const struct trace_object *o = &t->objects[obj];
	void *p;

	if (cache) {
		struct kmem_cache *s = kcache(t, o->cache);

		p = s ? kmem_cache_alloc(s, kernel_gfp(gfp)) : NULL;
	} else {
		p = kmalloc(o->bytes_req, kernel_gfp(gfp));
	}
	*handle = (uintptr_t)p;
	return p && !ZERO_OR_NULL_PTR(p);
}

static void slub_free(const struct trace *t, uint32_t obj, uint64_t handle)
{
	const struct trace_object *o = &t->objects[obj];

	if (o->cache >= 0 && kcaches[o->cache])
		kmem_cache_free(kcaches[o->cache], (void *)(uintptr_t)handle);
	else
		kfree((void *)(uintptr_t)handle);
}

static unsigned long slub_slab_pages(void)
{
	unsigned long slab = sim_slab_pages_in_use();

	return slab > base_slab_pages ? slab - base_slab_pages : 0;
}

static unsigned long slub_large_pages(void)
{
	unsigned long all = sim_pages_in_use(NUMA_NO_NODE), slab = sim_slab_pages_in_use();

	return all > slab + base_other_pages ? all - slab - base_other_pages : 0;
}

static unsigned long slub_in_slab(const struct trace *t, uint32_t obj, uint64_t handle)
{
	const struct trace_object *o = &t->objects[obj];

	if (o->cache < 0 && o->bytes_req > KMALLOC_MAX_CACHE_SIZE)
		return 0;
	return ksize((void *)(uintptr_t)handle);
}

static const struct backend slub_backend = {
	.design = IS_ENABLED(CONFIG_LIBSLAB_TINY) ? "SLUB_TINY" : "SLUB",
	.alloc = slub_alloc,
	.free = slub_free,
	.slab_pages = slub_slab_pages,
	.large_pages = slub_large_pages,
	.in_slab = slub_in_slab,
};

/* The SLOB model */

static struct slob *slob;

static size_t slob_object_size(const struct trace *t, const struct trace_object *o)
{
	return o->cache >= 0 ? t->caches[o->cache].object_size : o->bytes_req;
}

static bool slob_model_alloc(const struct trace *t, uint32_t obj, uint8_t gfp, bool cache,
			     uint64_t *handle)
{
	const struct trace_object *o = &t->objects[obj];

	(void)gfp;
	if (cache) {
		const struct trace_cache *c = &t->caches[o->cache];

		*handle = slob_cache_alloc(slob, c->object_size, c->align, c->typesafe_by_rcu);
	} else {
		*handle = slob_kmalloc(slob, o->bytes_req);
	}
	return *handle != 0;
}

static void slob_model_free(const struct trace *t, uint32_t obj, uint64_t handle)
{
	const struct trace_object *o = &t->objects[obj];

	if (o->cache >= 0)
		slob_cache_free(slob, handle, slob_object_size(t, o),
				t->caches[o->cache].typesafe_by_rcu);
	else
		slob_kfree(slob, handle, o->bytes_req);
}

static unsigned long slob_model_slab_pages(void)
{
	return slob_slab_pages(slob);
}

static unsigned long slob_model_large_pages(void)
{
	return slob_large_pages(slob);
}

static unsigned long slob_model_in_slab(const struct trace *t, uint32_t obj, uint64_t handle)
{
	const struct trace_object *o = &t->objects[obj];

	(void)handle;
	if (o->cache < 0)
		return slob_kmalloc_block(o->bytes_req);
	return slob_cache_block(slob_object_size(t, o), t->caches[o->cache].typesafe_by_rcu);
}

static const struct backend slob_backend = {
	.design = "SLOB model",
	.alloc = slob_model_alloc,
	.free = slob_model_free,
	.slab_pages = slob_model_slab_pages,
	.large_pages = slob_model_large_pages,
	.in_slab = slob_model_in_slab,
};

/* The replay */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress(size_t done, size_t total)
{
	int width = 40, filled = total ? (int)(done * width / total) : width;

	fprintf(stderr, "\rslabsim: replay [%.*s%*s] %3d%%", filled,
		"########################################", width - filled, "",
		total ? (int)(done * 100 / total) : 100);
}

/* One line of the series: event, slab KiB, slab + large KiB, requested KiB. */
static void write_sample(FILE *series, const struct backend *b, size_t event,
			 const struct replay_result *r)
{
	unsigned long slab = b->slab_pages();

	fprintf(series, "%zu\t%lu\t%lu\t%lu\n", event, KIB(slab), KIB(slab + b->large_pages()),
		r->requested / 1024);
}

/*
 * Replay every event of t on b into r.  The time covers the loop with its
 * bookkeeping (peaks, samples), as a user of the library would pay it.
 */
static void replay(const struct trace *t, const struct backend *b, uint64_t *handles,
		   bool *live, FILE *series, bool show_progress, struct replay_result *r)
{
	size_t step = t->nr_events / SERIES_POINTS + 1;
	size_t tick = t->nr_events / 100 + 1;
	int cpus = sim_nr_cpus(), cpu = -1;
	double t0;

	memset(r, 0, sizeof(*r));
	t0 = now();
	for (size_t i = 0; i < t->nr_events; i++) {
		const struct trace_event *e = &t->events[i];
		const struct trace_object *o = &t->objects[e->object];
		unsigned long pages, large;

		if (e->cpu % cpus != cpu) {
			cpu = e->cpu % cpus;
			sim_set_cpu(cpu);
		}
		if (e->type == TRACE_FREE) {
			if (live[e->object]) {
				b->free(t, e->object, handles[e->object]);
				live[e->object] = false;
				r->requested -= o->bytes_req;
				r->ops++;
			}
		} else {
			r->ops++;
			if (!b->alloc(t, e->object, e->gfp, e->type == TRACE_CACHE_ALLOC,
				      &handles[e->object])) {
				r->failed++;
				continue;
			}
			live[e->object] = true;
			r->requested += o->bytes_req;
			if (r->requested > r->requested_peak)
				r->requested_peak = r->requested;
			pages = b->slab_pages();
			if (pages > r->slab_pages_peak)
				r->slab_pages_peak = pages;
			large = b->large_pages();
			if (large > r->large_pages_peak)
				r->large_pages_peak = large;
			if (pages + large > r->total_pages_peak)
				r->total_pages_peak = pages + large;
		}
		if (series && !(i % step))
			write_sample(series, b, i, r);
		if (show_progress && !(i % tick))
			progress(i, t->nr_events);
	}
	r->seconds = now() - t0;
	if (show_progress) {
		progress(t->nr_events, t->nr_events);
		fputc('\n', stderr);
	}
	if (series)
		write_sample(series, b, t->nr_events, r);
	r->slab_pages = b->slab_pages();
	r->large_pages = b->large_pages();
	for (size_t i = 0; i < t->nr_objects; i++) {
		unsigned long bytes = live[i] ? b->in_slab(t, i, handles[i]) : 0;

		if (bytes) {
			r->allocated += bytes;
			r->requested_in_slabs += t->objects[i].bytes_req;
			r->objects_in_slabs++;
		}
	}
}

/* Per-cache lines and stat sums, from libslab's sysfs model. */
struct cache_row {
	struct kmem_cache *s;
	unsigned long pages, slabs, objects;
	unsigned int object_size, order;
	char name[64];
};

struct cache_rows {
	struct cache_row *rows;
	size_t nr;
	unsigned long stats[64];
	int nr_stats;
};

static unsigned long sysfs_number(struct kmem_cache *s, const char *attr)
{
	char buf[256];

	return libslab_sysfs_show(s, attr, buf, sizeof(buf)) > 0 ? strtoul(buf, NULL, 10) : 0;
}

static int collect_cache(struct kmem_cache *s, void *arg)
{
	struct cache_rows *rows = arg;
	struct cache_row *row;
	const char *name;
	int item;

	for (item = 0; (name = libslab_stat_name(item)) && item < 64; item++)
		rows->stats[item] += libslab_stat(s, item, -1);
	rows->nr_stats = item;
	rows->rows = realloc(rows->rows, (rows->nr + 1) * sizeof(*rows->rows));
	if (!rows->rows)
		return -ENOMEM;
	row = &rows->rows[rows->nr++];
	row->s = s;
	row->slabs = sysfs_number(s, "slabs");
	row->order = sysfs_number(s, "order");
	row->pages = row->slabs << row->order;
	row->objects = libslab_count_inuse(s);
	row->object_size = sysfs_number(s, "object_size");
	snprintf(row->name, sizeof(row->name), "%s", kmem_cache_name(s));
	return 0;
}

static int by_pages(const void *a, const void *b)
{
	const struct cache_row *x = a, *y = b;

	return x->pages < y->pages ? 1 : x->pages > y->pages ? -1 : strcmp(x->name, y->name);
}

static double pct(unsigned long part, unsigned long whole)
{
	return whole ? 100.0 * part / whole : 0.0;
}

static void print_caches(struct cache_rows *rows)
{
	unsigned long rest = 0;

	qsort(rows->rows, rows->nr, sizeof(*rows->rows), by_pages);
	printf("\n%-24s %8s %10s %8s %6s %8s %10s\n", "cache", "objsize", "objects",
	       "slabs", "order", "pages", "KiB");
	for (size_t i = 0; i < rows->nr; i++) {
		const struct cache_row *c = &rows->rows[i];

		if (!c->pages)
			break;
		if (i >= TOP_CACHES) {
			rest += c->pages;
			continue;
		}
		printf("%-24s %8u %10lu %8lu %6u %8lu %10lu\n", c->name, c->object_size,
		       c->objects, c->slabs, c->order, c->pages, KIB(c->pages));
	}
	if (rest)
		printf("%-24s %8s %10s %8s %6s %8lu %10lu\n", "(the other caches)", "", "", "",
		       "", rest, KIB(rest));
}

/* The fast and slow path counts of allocations and frees. */
struct paths {
	unsigned long alloc_fast, alloc_slow, free_fast, free_slow;
};

static void print_stats(const struct cache_rows *rows, struct paths *paths)
{
	const unsigned long *st = rows->stats;
	unsigned long af = st[libslab_stat_item("alloc_fastpath")];
	unsigned long as = st[libslab_stat_item("alloc_slowpath")];
	unsigned long ff = st[libslab_stat_item("free_fastpath")];
	unsigned long fs = st[libslab_stat_item("free_slowpath")];
	int col = 0;

	*paths = (struct paths){ af, as, ff, fs };
	printf("\nfast path: %.1f%% of allocations, %.1f%% of frees\n", pct(af, af + as),
	       pct(ff, ff + fs));
	printf("stat counters (every cache):\n");
	for (int i = 0; i < rows->nr_stats; i++) {
		if (!st[i])
			continue;
		printf("  %-24s %10lu%s", libslab_stat_name(i), st[i], ++col % 3 ? "" : "\n");
	}
	if (col % 3)
		putchar('\n');
}

/*
 * --vs-capture: one row per cache of the capture's /proc/slabinfo, with the
 * libslab caches that hold the same names (their own or merged ones, the
 * capture's aliases followed) summed into it, then one row per libslab
 * cache that matches none.
 */
struct slab_figures {
	unsigned long active_objs, num_objs, active_slabs, num_slabs;
	unsigned long objsize, objperslab, pagesperslab;
};

struct vs_row {
	const struct trace_slabinfo *cap;	/* NULL: only in libslab */
	struct slab_figures lib;
	unsigned long lib_inuse;		/* objects allocated, counted exactly */
	int nr_lib;				/* libslab caches summed into the row */
	char lib_name[64];			/* the first one's name */
};

struct vs_table {
	const struct trace *t;
	struct vs_row *rows;
	size_t nr;
};

#define VS_ALIASES	256	/* merged names of one libslab cache looked at */

/* The capture's slabinfo line that name (a cache or an alias) stands for, or -1. */
static long capture_line(const struct trace *t, const char *name)
{
	const char *target = trace_alias_target(t, name);

	for (size_t i = 0; i < t->nr_slabinfo; i++)
		if (!strcmp(t->slabinfo[i].name, name))
			return i;
	for (size_t i = 0; i < t->nr_slabinfo; i++)
		if (!strcmp(trace_alias_target(t, t->slabinfo[i].name), target))
			return i;
	return -1;
}

static int vs_collect(struct kmem_cache *s, void *arg)
{
	struct vs_table *v = arg;
	const char *names[VS_ALIASES];
	unsigned int nr_names = libslab_cache_aliases(s, names, VS_ALIASES);
	long line = capture_line(v->t, kmem_cache_name(s));
	struct slabinfo si;
	struct vs_row *row;

	for (unsigned int i = 0; line < 0 && i < nr_names && i < VS_ALIASES; i++)
		line = capture_line(v->t, names[i]);
	if (line >= 0) {
		row = &v->rows[line];
	} else {
		struct vs_row *rows = realloc(v->rows, (v->nr + 1) * sizeof(*rows));

		if (!rows)
			return -ENOMEM;
		v->rows = rows;
		row = &v->rows[v->nr++];
		memset(row, 0, sizeof(*row));
	}
	get_slabinfo(s, &si);
	if (!row->nr_lib++) {
		snprintf(row->lib_name, sizeof(row->lib_name), "%s", kmem_cache_name(s));
		row->lib.objsize = sysfs_number(s, "slab_size");
		row->lib.objperslab = si.objects_per_slab;
		row->lib.pagesperslab = 1UL << si.cache_order;
	}
	row->lib.active_objs += si.active_objs;
	row->lib.num_objs += si.num_objs;
	row->lib.active_slabs += si.active_slabs;
	row->lib.num_slabs += si.num_slabs;
	row->lib_inuse += libslab_count_inuse(s);
	return 0;
}

static struct slab_figures capture_figures(const struct vs_row *r)
{
	const struct trace_slabinfo *c = r->cap;

	if (!c)
		return (struct slab_figures){ 0 };
	return (struct slab_figures){ c->active_objs, c->num_objs, c->active_slabs,
				      c->num_slabs, c->objsize, c->objperslab,
				      c->pagesperslab };
}

static bool geometry_differs(const struct vs_row *r)
{
	struct slab_figures c = capture_figures(r);

	return r->cap && r->nr_lib && (c.objsize != r->lib.objsize ||
				       c.objperslab != r->lib.objperslab ||
				       c.pagesperslab != r->lib.pagesperslab);
}

static long active_diff(const struct vs_row *r)
{
	return (long)r->lib.active_objs - (long)capture_figures(r).active_objs;
}

/* Largest difference of active objects first, then by name. */
static int by_active_diff(const void *a, const void *b)
{
	const struct vs_row *x = a, *y = b;
	long dx = labs(active_diff(x)), dy = labs(active_diff(y));

	if (dx != dy)
		return dx < dy ? 1 : -1;
	return strcmp(x->cap ? x->cap->name : x->lib_name, y->cap ? y->cap->name : y->lib_name);
}

/* "capture libslab diff" of one figure; a side the row lacks is "-". */
static void vs_cell(bool has_cap, unsigned long cap, bool has_lib, unsigned long lib,
		    bool geometry, int width)
{
	if (has_cap)
		printf(" %*lu", width, cap);
	else
		printf(" %*s", width, "-");
	if (has_lib)
		printf(" %*lu", width, lib);
	else
		printf(" %*s", width, "-");
	if (geometry && !(has_cap && has_lib))
		printf(" %*s", width, "-");
	else
		printf(" %+*ld", width, (long)lib - (long)cap);
}

static void vs_line(const char *name, bool has_cap, const struct slab_figures *c,
		    bool has_lib, const struct slab_figures *l, bool geometry, const char *note)
{
	printf("%-24s", name);
	vs_cell(has_cap, c->active_objs, has_lib, l->active_objs, false, 7);
	vs_cell(has_cap, c->num_objs, has_lib, l->num_objs, false, 7);
	vs_cell(has_cap, c->active_slabs, has_lib, l->active_slabs, false, 5);
	vs_cell(has_cap, c->num_slabs, has_lib, l->num_slabs, false, 5);
	if (geometry) {
		vs_cell(has_cap, c->objsize, has_lib, l->objsize, true, 5);
		vs_cell(has_cap, c->objperslab, has_lib, l->objperslab, true, 4);
		vs_cell(has_cap, c->pagesperslab, has_lib, l->pagesperslab, true, 3);
	}
	printf("%s%s\n", note[0] ? "  " : "", note);
}

/* libslab's caches now, beside the capture's /proc/slabinfo; -1 on no memory. */
static int print_vs_capture(const struct trace *t, unsigned long live_objects)
{
	struct vs_table v = { .t = t, .nr = t->nr_slabinfo };
	struct slab_figures cap_total = { 0 }, lib_total = { 0 };
	unsigned long cap_pages = 0, lib_pages = 0, covered = 0, lib_inuse = 0;
	size_t both = 0, cap_only = 0, lib_only = 0, geometry = 0;

	v.rows = calloc(v.nr ? v.nr : 1, sizeof(*v.rows));
	if (!v.rows)
		return -1;
	for (size_t i = 0; i < v.nr; i++)
		v.rows[i].cap = &t->slabinfo[i];
	if (libslab_walk_caches(vs_collect, &v)) {
		free(v.rows);
		return -1;
	}
	qsort(v.rows, v.nr, sizeof(*v.rows), by_active_diff);

	printf("\nlibslab at the end of the replay beside the capture's /proc/slabinfo "
	       "(capture, libslab, libslab - capture):\n");
	printf("%-24s %23s %23s %17s %17s %17s %14s %11s\n", "", "active_objs", "num_objs",
	       "active_slabs", "num_slabs", "objsize", "objperslab", "pagesperslab");
	printf("%-24s", "cache");
	for (int i = 0; i < 7; i++) {
		static const int width[] = { 7, 7, 5, 5, 5, 4, 3 };

		printf(" %*s %*s %*s", width[i], "cap", width[i], "lib", width[i], "diff");
	}
	putchar('\n');
	for (size_t i = 0; i < v.nr; i++) {
		const struct vs_row *r = &v.rows[i];
		struct slab_figures c = capture_figures(r);
		char note[160] = "";

		if (!r->cap) {
			snprintf(note, sizeof(note), "only in libslab");
			lib_only++;
		} else if (!r->nr_lib) {
			struct kmem_cache *merged = libslab_find_cache(r->cap->name);

			snprintf(note, sizeof(note), "only in the capture%s%s",
				 merged ? "; libslab merged it into " : "",
				 merged ? kmem_cache_name(merged) : "");
			cap_only++;
		} else {
			both++;
			covered += r->lib.active_objs < c.active_objs ? r->lib.active_objs
								      : c.active_objs;
			if (strcmp(r->lib_name, r->cap->name))
				snprintf(note, sizeof(note), "libslab: %s%s", r->lib_name,
					 r->nr_lib > 1 ? " and others" : "");
			else if (r->nr_lib > 1)
				snprintf(note, sizeof(note), "libslab: %d caches", r->nr_lib);
		}
		if (geometry_differs(r)) {
			geometry++;
			snprintf(note + strlen(note), sizeof(note) - strlen(note), "%sgeometry differs",
				 note[0] ? "; " : "");
		}
		vs_line(r->cap ? r->cap->name : r->lib_name, r->cap, &c, r->nr_lib, &r->lib,
			true, note);
		cap_total.active_objs += c.active_objs;
		cap_total.num_objs += c.num_objs;
		cap_total.active_slabs += c.active_slabs;
		cap_total.num_slabs += c.num_slabs;
		cap_pages += c.num_slabs * c.pagesperslab;
		lib_total.active_objs += r->lib.active_objs;
		lib_total.num_objs += r->lib.num_objs;
		lib_total.active_slabs += r->lib.active_slabs;
		lib_total.num_slabs += r->lib.num_slabs;
		lib_pages += r->lib.num_slabs * r->lib.pagesperslab;
		lib_inuse += r->lib_inuse;
	}
	vs_line("total", true, &cap_total, true, &lib_total, false, "");
	printf("caches: %zu on both sides, %zu only in the capture, %zu only in libslab; "
	       "geometry (objsize, objperslab, pagesperslab) differs for %zu\n", both, cap_only,
	       lib_only, geometry);
	printf("slab pages: capture %lu (%lu KiB), libslab %lu (%lu KiB), %+ld\n", cap_pages,
	       KIB(cap_pages), lib_pages, KIB(lib_pages), (long)lib_pages - (long)cap_pages);
	printf("active objects of the capture that libslab's caches of the same name hold: "
	       "%lu of %lu (%.1f%%)\n", covered, cap_total.active_objs,
	       pct(covered, cap_total.active_objs));
	printf("objects allocated in libslab at the end: %lu, of them %lu the trace's live "
	       "objects in slabs\n", lib_inuse, live_objects);
	free(v.rows);
	return 0;
}

/* Open path to write; NULL, with a message naming it, if it cannot be. */
static FILE *open_output(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		fprintf(stderr, "slabsim: cannot write %s: %s\n", path, strerror(errno));
	return f;
}

/* Close f, written to path: 0, or 1 with a message if anything was lost. */
static int close_output(FILE *f, const char *path)
{
	bool lost = ferror(f);
	int err = errno;

	if (fclose(f) && !lost) {
		lost = true;
		err = errno;
	}
	if (!lost)
		return 0;
	fprintf(stderr, "slabsim: cannot write %s: %s\n", path, strerror(err));
	return 1;
}

static void write_summary(FILE *f, const struct replay_opts *o, const struct backend *b,
			  const struct trace *t, const struct replay_result *r,
			  const struct paths *paths, double load_s)
{
	fprintf(f, "label\t%s\ndesign\t%s\ncmdline\t%s\ncpu_partial_off\t%d\n",
		o->label ? o->label : b->design, b->design,
		getenv("LIBSLAB_CMDLINE") ? getenv("LIBSLAB_CMDLINE") : "",
		o->cpu_partial_off);
	fprintf(f, "events\t%zu\nops\t%lu\nfailed\t%lu\n", t->nr_events, r->ops, r->failed);
	fprintf(f, "ns_per_op\t%.1f\nreplay_s\t%.3f\nload_s\t%.3f\n",
		r->ops ? r->seconds * 1e9 / r->ops : 0.0, r->seconds, load_s);
	fprintf(f, "slab_peak_kib\t%lu\nslab_final_kib\t%lu\n", KIB(r->slab_pages_peak),
		KIB(r->slab_pages));
	fprintf(f, "large_peak_kib\t%lu\nlarge_final_kib\t%lu\n", KIB(r->large_pages_peak),
		KIB(r->large_pages));
	fprintf(f, "total_peak_kib\t%lu\ntotal_final_kib\t%lu\n", KIB(r->total_pages_peak),
		KIB(r->slab_pages + r->large_pages));
	fprintf(f, "requested_peak_kib\t%lu\nrequested_final_kib\t%lu\n",
		r->requested_peak / 1024, r->requested / 1024);
	fprintf(f, "slab_requested_final_kib\t%lu\nslab_allocated_final_kib\t%lu\n",
		r->requested_in_slabs / 1024, r->allocated / 1024);
	fprintf(f, "alloc_fastpath\t%lu\nalloc_slowpath\t%lu\n", paths->alloc_fast,
		paths->alloc_slow);
	fprintf(f, "free_fastpath\t%lu\nfree_slowpath\t%lu\n", paths->free_fast,
		paths->free_slow);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: slabsim replay [--slob] [--cpu-partial-off] [--label NAME]\n"
		"                      [--summary FILE] [--series FILE] [--quiet]\n"
		"                      [--vs-capture] TRACE\n"
		"Replay the slab events of TRACE (capture-boot-trace.sh's dump or ftrace\n"
		"text, .xz/.gz decompressed) on libslab, and report memory, pages per cache,\n"
		"fragmentation, fast-path rates, stat counters and time per operation.\n"
		"  --slob             replay on the SLOB-class model instead of libslab\n"
		"  --cpu-partial-off  cpu_partial=0 on every cache (the per-CPU partial lists off)\n"
		"  --label NAME       the configuration's name in the summary\n"
		"  --summary FILE     write the figures as key<TAB>value lines to FILE\n"
		"  --series FILE      write samples \"event slab-KiB slab+large-KiB requested-KiB\"\n"
		"  --quiet            only the figures, no per-cache table or counters\n"
		"  --vs-capture       print libslab's end state beside the capture's\n"
		"                     /proc/slabinfo (TRACE's slabinfo section): per cache\n"
		"                     active_objs, num_objs, active_slabs, num_slabs, objsize,\n"
		"                     objperslab, pagesperslab of both and the differences,\n"
		"                     and a total; not with --slob\n"
		"Boot parameters (slub_debug, slub_min_order=, ...) and the simulated machine\n"
		"(nr_cpus=) come from LIBSLAB_CMDLINE; slabsim-tiny is the SLUB_TINY build.\n");
}

static int parse_replay_args(int argc, char **argv, struct replay_opts *o)
{
	static const struct option longopts[] = {
		{ "slob", no_argument, NULL, 's' },
		{ "cpu-partial-off", no_argument, NULL, 'p' },
		{ "label", required_argument, NULL, 'l' },
		{ "summary", required_argument, NULL, 'o' },
		{ "series", required_argument, NULL, 'S' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "vs-capture", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 's': o->slob = true; break;
		case 'p': o->cpu_partial_off = true; break;
		case 'l': o->label = optarg; break;
		case 'o': o->summary = optarg; break;
		case 'S': o->series = optarg; break;
		case 'q': o->quiet = true; break;
		case 'c': o->vs_capture = true; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); return -1;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return -1;
	}
	if (o->vs_capture && o->slob) {
		fprintf(stderr, "slabsim: --vs-capture compares libslab's caches, "
			"not the SLOB model's: drop --slob\n");
		return -1;
	}
	o->trace = argv[optind];
	return 0;
}

int replay_main(int argc, char **argv)
{
	struct replay_opts o = { 0 };
	const struct backend *b;
	struct cache_rows rows = { 0 };
	struct replay_result r;
	struct paths paths = { 0 };
	unsigned long errors;
	bool show_progress = isatty(STDERR_FILENO);
	uint64_t *handles = NULL;
	struct trace t;
	FILE *series = NULL, *summary = NULL;
	double t0;
	bool *live = NULL;
	int status = 0;

	if (parse_replay_args(argc, argv, &o))
		return 2;
	t0 = now();
	if (trace_load(o.trace, &t, show_progress))
		return 2;
	t0 = now() - t0;
	if (o.vs_capture && (!t.has_slabinfo || !t.nr_slabinfo)) {
		fprintf(stderr, "slabsim: %s has %s, so --vs-capture has nothing to compare "
			"with\n", o.trace, t.has_slabinfo ? "an empty slabinfo section"
			: "no slabinfo section (the capture's /proc/slabinfo)");
		trace_release(&t);
		return 2;
	}
	b = o.slob ? &slob_backend : &slub_backend;
	opt_cpu_partial_off = o.cpu_partial_off;
	if (o.slob && !(slob = slob_create())) {
		status = 2;
		goto out;
	}
	if (!o.slob)
		libslab_walk_caches(prepare_boot_cache, NULL);
	kcaches = calloc(t.nr_caches, sizeof(*kcaches));
	kcache_created = calloc(t.nr_caches, sizeof(*kcache_created));
	handles = calloc(t.nr_objects, sizeof(*handles));
	live = calloc(t.nr_objects, sizeof(*live));
	if (!kcaches || !kcache_created || !handles || !live) {
		fprintf(stderr, "slabsim: out of memory\n");
		status = 2;
		goto out;
	}
	/* Before the replay: a file that cannot be written fails at once. */
	if ((o.series && !(series = open_output(o.series))) ||
	    (o.summary && !(summary = open_output(o.summary)))) {
		status = 2;
		goto out;
	}
	if ((int)t.counts.nr_cpus > sim_nr_cpus())
		fprintf(stderr, "slabsim: the trace has %u CPUs, the simulation %d: "
			"CPU n replays on CPU n %% %d (set nr_cpus= in LIBSLAB_CMDLINE)\n",
			t.counts.nr_cpus, sim_nr_cpus(), sim_nr_cpus());
	errors = libslab_error_count();
	base_slab_pages = sim_slab_pages_in_use();
	base_other_pages = sim_pages_in_use(NUMA_NO_NODE) - base_slab_pages;
	replay(&t, b, handles, live, series,
	       show_progress && t.nr_events > PROGRESS_MIN_EVENTS, &r);
	if (series) {
		status = close_output(series, o.series);
		series = NULL;
	}

	printf("%s replay of %s%s%s\n", b->design, o.trace, getenv("LIBSLAB_CMDLINE") ?
	       " with LIBSLAB_CMDLINE=" : "", getenv("LIBSLAB_CMDLINE") ?: "");
	if (t.cmdline[0])
		printf("captured with: %s\n", t.cmdline);
	trace_print_counts(&t, stdout);
	printf("\n%lu operations in %.3f s: %.1f ns per operation (trace read in %.3f s)\n",
	       r.ops, r.seconds, r.ops ? r.seconds * 1e9 / r.ops : 0.0, t0);
	if (r.failed)
		printf("allocations that failed in the replay: %lu\n", r.failed);
	printf("slab memory: peak %lu KiB, at the end %lu KiB; large kmalloc pages: "
	       "peak %lu KiB, at the end %lu KiB\n", KIB(r.slab_pages_peak), KIB(r.slab_pages),
	       KIB(r.large_pages_peak), KIB(r.large_pages));
	printf("slab and large pages together: peak %lu KiB, at the end %lu KiB\n",
	       KIB(r.total_pages_peak), KIB(r.slab_pages + r.large_pages));
	printf("objects in slabs at the end: requested %lu KiB, allocated %lu KiB (%.1f%% "
	       "internal fragmentation), in %lu KiB of slab pages (%.1f%% of them unused)\n",
	       r.requested_in_slabs / 1024, r.allocated / 1024,
	       100.0 - pct(r.requested_in_slabs, r.allocated), KIB(r.slab_pages),
	       100.0 - pct(r.allocated, KIB(r.slab_pages) * 1024));
	printf("live requested bytes (the ideal): peak %lu KiB\n", r.requested_peak / 1024);
	if (!o.slob) {
		libslab_walk_caches(collect_cache, &rows);
		if (!o.quiet)
			print_caches(&rows);
		print_stats(&rows, &paths);
		free(rows.rows);
		if (o.vs_capture && print_vs_capture(&t, r.objects_in_slabs)) {
			fprintf(stderr, "slabsim: out of memory\n");
			status = 2;
		}
	}
	if (summary) {
		write_summary(summary, &o, b, &t, &r, &paths, t0);
		status = max(status, close_output(summary, o.summary));
		summary = NULL;
	}

	for (size_t i = 0; i < t.nr_objects; i++)
		if (live[i])
			b->free(&t, i, handles[i]);
	for (size_t i = 0; i < t.nr_caches; i++)
		if (kcache_created[i])
			kmem_cache_destroy(kcaches[i]);
	if (!o.slob && libslab_error_count() != errors) {
		fprintf(stderr, "slabsim: libslab reported %lu errors during the replay\n",
			libslab_error_count() - errors);
		status = 1;
	}
out:
	if (series)
		fclose(series);
	if (summary)
		fclose(summary);
	slob_destroy(slob);
	free(handles);
	free(live);
	free(kcaches);
	free(kcache_created);
	trace_release(&t);
	return status;
}
