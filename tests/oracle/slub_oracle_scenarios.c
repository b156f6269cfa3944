// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's scenarios, written once for both sides (slub_oracle.h).
 *
 * Every line names what it observes in a form that does not depend on
 * where memory happens to be: objects as "s<k>+<offset>", the k-th slab the
 * scenario has met and the offset in it; counters as changes since the
 * scenario's previous look.  A scenario uses private caches (SLAB_NO_MERGE,
 * or kmem_buckets for kmalloc) so nothing else in a booted kernel touches
 * what it observes, and runs on CPU 0; "remote" work runs on CPU 1.
 */
#include <linux/slab.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/gfp.h>
#include <linux/topology.h>
#include <linux/workqueue.h>
#include <linux/rcupdate.h>
#include "slub_oracle.h"

#define ORC_MAX_SLABS	128
#define ORC_LINE	512

struct orc_run {
	const char *name;
	const void *slabs[ORC_MAX_SLABS];
	unsigned int nr_slabs;
	unsigned long stats[ORC_NR_STATS];
	struct kmem_cache *stats_of;
};

/* The counters in the order of 6.12's enum stat_item, as sysfs names them. */
static const char *const orc_stat_names[ORC_NR_STATS] = {
	"alloc_fastpath", "alloc_slowpath", "free_fastpath", "free_slowpath",
	"free_frozen", "free_add_partial", "free_remove_partial",
	"alloc_from_partial", "alloc_slab", "alloc_refill",
	"alloc_node_mismatch", "free_slab", "cpuslab_flush",
	"deactivate_full", "deactivate_empty", "deactivate_to_head",
	"deactivate_to_tail", "deactivate_remote_frees", "deactivate_bypass",
	"order_fallback", "cmpxchg_double_cpu_fail", "cmpxchg_double_fail",
	"cpu_partial_alloc", "cpu_partial_free", "cpu_partial_node",
	"cpu_partial_drain",
};

/* Cache flags by the names mm/slub.c's sysfs and slab.h give them. */
static const struct {
	slab_flags_t flag;
	const char *name;
} orc_flag_names[] = {
	{ SLAB_CONSISTENCY_CHECKS, "F" },
	{ SLAB_RED_ZONE, "Z" },
	{ SLAB_POISON, "P" },
	{ SLAB_STORE_USER, "U" },
	{ SLAB_TRACE, "T" },
	{ SLAB_FAILSLAB, "A" },
	{ SLAB_KMALLOC, "kmalloc" },
	{ SLAB_HWCACHE_ALIGN, "hwcache" },
	{ SLAB_CACHE_DMA, "dma" },
	{ SLAB_CACHE_DMA32, "dma32" },
	{ SLAB_PANIC, "panic" },
	{ SLAB_TYPESAFE_BY_RCU, "rcu" },
	{ SLAB_NOLEAKTRACE, "noleaktrace" },
	{ SLAB_NO_MERGE, "nomerge" },
	{ SLAB_ACCOUNT, "account" },
	{ SLAB_NO_USER_FLAGS, "nouserflags" },
	{ SLAB_RECLAIM_ACCOUNT, "reclaim" },
	{ SLAB_NO_OBJ_EXT, "noobjext" },
	{ __SLAB_FLAG_BIT(_SLAB_OBJECT_POISON), "objpoison" },
	{ __SLAB_FLAG_BIT(_SLAB_CMPXCHG_DOUBLE), "cmpxchg" },
};

static __printf(2, 3) void orc_line(struct orc_run *r, const char *fmt, ...)
{
	char line[ORC_LINE];
	int n;
	va_list ap;

	n = snprintf(line, sizeof(line), "slub_oracle: %s ", r->name);
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - n, fmt, ap);
	va_end(ap);
	orc_side_emit(line);
}

static void orc_begin(struct orc_run *r, const char *name)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
}

/* Canonical name of obj: "s<k>+<offset>", k counting the slabs met so far. */
static const char *orc_where(struct orc_run *r, const void *obj, char *buf,
			     size_t size)
{
	const void *base = obj ? orc_side_slab_base(obj) : NULL;
	unsigned int k;

	if (!obj)
		return "null";
	if (!base)
		return "noslab";
	for (k = 0; k < r->nr_slabs; k++)
		if (r->slabs[k] == base)
			break;
	if (k == r->nr_slabs && k < ORC_MAX_SLABS)
		r->slabs[r->nr_slabs++] = base;
	snprintf(buf, size, "s%u+%lu", k,
		 (unsigned long)((const char *)obj - (const char *)base));
	return buf;
}

/*
 * Print where each of objs[0..n) lives, 32 to a line: a count, not a
 * length, ends a line, so that the lines stay the same where the offsets
 * do not (a shuffled freelist's, compare.py --seeded).
 */
#define ORC_OBJECTS_PER_LINE	32
static void orc_objects(struct orc_run *r, const char *what, void **objs,
			unsigned int n)
{
	char line[ORC_LINE], where[32];
	unsigned int i, len = 0, part = 0;

	for (i = 0; i < n; i++) {
		len += snprintf(line + len, sizeof(line) - len, "%s%s",
				len ? "," : "",
				orc_where(r, objs[i], where, sizeof(where)));
		if ((i + 1) % ORC_OBJECTS_PER_LINE == 0 || i + 1 == n) {
			orc_line(r, "objects %s#%u at=%s", what, part++, line);
			len = 0;
		}
	}
}

/* Print s's slabs from both CPUs and every node. */
static void orc_lists(struct orc_run *r, struct kmem_cache *s, const char *step)
{
	char line[ORC_LINE], where[32];
	struct orc_state st;
	unsigned int len = 0;
	int cpu, node;

	for (cpu = 0; cpu < 2; cpu++) {
		orc_side_state(s, cpu, &st);
		len += snprintf(line + len, sizeof(line) - len,
				" cpu%d=%s/%u/%u", cpu,
				st.cpu_slab ? orc_where(r, st.cpu_slab, where,
							sizeof(where)) : "-",
				st.cpu_free, st.cpu_partial);
		if (cpu == 0)
			for (node = 0; node < ORC_NODES; node++)
				len += snprintf(line + len, sizeof(line) - len,
						" node%d=%lu/%lu/%lu", node,
						st.node_partial[node],
						st.node_slabs[node],
						st.node_objects[node]);
	}
	orc_line(r, "lists %s%s", step, line);
}

/* Print the counters of s that changed since the last look. */
static void orc_stats(struct orc_run *r, struct kmem_cache *s, const char *step)
{
	char line[ORC_LINE] = "";
	unsigned int len = 0;
	int i;

	if (r->stats_of != s) {
		memset(r->stats, 0, sizeof(r->stats));
		r->stats_of = s;
	}
	for (i = 0; i < ORC_NR_STATS; i++) {
		unsigned long v = orc_side_stat(s, i);

		if (v != r->stats[i])
			len += snprintf(line + len, sizeof(line) - len,
					" %s=%lu", orc_stat_names[i],
					v - r->stats[i]);
		r->stats[i] = v;
	}
	orc_line(r, "stats %s%s", step, line);
}

/* Lists and counters after step. */
static void orc_look(struct orc_run *r, struct kmem_cache *s, const char *step)
{
	orc_lists(r, s, step);
	orc_stats(r, s, step);
}

static void orc_geometry(struct orc_run *r, struct kmem_cache *s,
			 const char *label)
{
	char flags[256];
	struct orc_geom g;
	unsigned int i, len = 0;

	if (!s) {
		orc_line(r, "geom %s result=absent", label);
		return;
	}
	orc_side_geometry(s, &g);
	flags[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(orc_flag_names); i++)
		if (orc_flag_names[i].flag && (g.flags & orc_flag_names[i].flag))
			len += snprintf(flags + len, sizeof(flags) - len, "%s%s",
					len ? "," : "", orc_flag_names[i].name);
	orc_line(r, "geom %s size=%u objsize=%u offset=%u inuse=%u align=%u rlp=%u order=%u objs=%u minorder=%u minobjs=%u",
		 label, g.size, g.object_size, g.offset, g.inuse, g.align,
		 g.red_left_pad, g.order, g.objects, g.min_order,
		 g.min_objects);
	orc_line(r, "geom %s minpartial=%lu cpupartial=%u cpupartialslabs=%u useroffset=%u usersize=%u flags=%s",
		 label, g.min_partial, g.cpu_partial, g.cpu_partial_slabs,
		 g.useroffset, g.usersize, len ? flags : "-");
}

/* ---- the geometry sweep ---- */

/* What ksize() says of an object of s (6.12's slab_ksize()). */
static void orc_ksize(struct orc_run *r, struct kmem_cache *s,
		      const char *label)
{
	struct orc_geom g;
	bool traced;
	void *p;

	orc_side_geometry(s, &g);
	/* SLAB_TRACE prints each alloc and free with a stack dump. */
	traced = g.flags & SLAB_TRACE;
	if (traced)
		orc_side_expect_report(r->name, true);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	orc_line(r, "geom %s ksize=%zu", label, p ? ksize(p) : 0);
	kmem_cache_free(s, p);
	if (traced)
		orc_side_expect_report(r->name, false);
}

static void orc_ctor(void *obj)
{
}

static const unsigned int orc_sizes[] = {
	8, 16, 24, 40, 56, 64, 72, 96, 100, 128, 184, 192, 256, 320, 500,
	512, 700, 1024, 1500, 2048, 3000, 4096, 5000, 8192,
};
static const unsigned int orc_aligns[] = { 0, 8, 64, 256 };
static const struct {
	const char *name;
	slab_flags_t flags;
} orc_flag_sets[] = {
	{ "none", 0 },
	{ "H", SLAB_HWCACHE_ALIGN },
	{ "R", SLAB_TYPESAFE_BY_RCU },
	{ "F", SLAB_CONSISTENCY_CHECKS },
	{ "Z", SLAB_RED_ZONE },
	{ "P", SLAB_POISON },
	{ "U", SLAB_STORE_USER },
	{ "T", SLAB_TRACE },
	{ "FZPU", SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE | SLAB_POISON |
		  SLAB_STORE_USER },
	{ "ZPR", SLAB_RED_ZONE | SLAB_POISON | SLAB_TYPESAFE_BY_RCU },
	{ "ZUH", SLAB_RED_ZONE | SLAB_STORE_USER | SLAB_HWCACHE_ALIGN },
	/* slub_debug= never reaches it (kmem_cache_flags()). */
	{ "N", SLAB_NO_USER_FLAGS },
};

static void orc_sweep_one(struct orc_run *r, unsigned int size,
			  struct kmem_cache_args *args, slab_flags_t flags,
			  const char *label)
{
	static unsigned int serial;
	char name[32];
	struct kmem_cache *s;

	snprintf(name, sizeof(name), "orc-g%u", serial++);
	s = kmem_cache_create(name, size, args, flags | SLAB_NO_MERGE);
	if (!s) {
		orc_line(r, "geom %s result=failed", label);
		return;
	}
	orc_geometry(r, s, label);
	orc_ksize(r, s, label);
	kmem_cache_destroy(s);
}

void orc_run_geometry(void)
{
	struct orc_run r;
	char label[64];
	unsigned int si, ai, fi, ctor, n = 0;

	orc_begin(&r, "geometry");
	for (si = 0; si < ARRAY_SIZE(orc_sizes); si++)
		for (ai = 0; ai < ARRAY_SIZE(orc_aligns); ai++)
			for (fi = 0; fi < ARRAY_SIZE(orc_flag_sets); fi++)
				for (ctor = 0; ctor < 2; ctor++) {
					struct kmem_cache_args args = {
						.align = orc_aligns[ai],
						.ctor = ctor ? orc_ctor : NULL,
					};

					snprintf(label, sizeof(label),
						 "%u/a%u/%s%s", orc_sizes[si],
						 orc_aligns[ai],
						 orc_flag_sets[fi].name,
						 ctor ? "/ctor" : "");
					orc_sweep_one(&r, orc_sizes[si], &args,
						      orc_flag_sets[fi].flags,
						      label);
					n++;
				}
	/* Typesafe-by-RCU caches that keep their free pointer inside. */
	for (si = 0; si < ARRAY_SIZE(orc_sizes); si++)
		for (ai = 0; ai < ARRAY_SIZE(orc_aligns); ai++) {
			unsigned int size = orc_sizes[si];
			unsigned int offsets[2] = { 0, size / 2 & ~7U };
			unsigned int oi;

			for (oi = 0; oi < 2; oi++) {
				struct kmem_cache_args args = {
					.align = orc_aligns[ai],
					.freeptr_offset = offsets[oi],
					.use_freeptr_offset = true,
				};

				if (size < 16)
					continue;
				snprintf(label, sizeof(label), "%u/a%u/R/fp%u",
					 size, orc_aligns[ai], offsets[oi]);
				orc_sweep_one(&r, size, &args,
					      SLAB_TYPESAFE_BY_RCU |
					      (oi ? SLAB_RED_ZONE : 0), label);
				n++;
			}
		}
	orc_line(&r, "sweep combinations=%u", n);
}

/* ---- kmalloc ---- */

static const struct {
	int type;
	const char *name;
} orc_kmalloc_types[] = {
	{ KMALLOC_NORMAL, "normal" },
	{ KMALLOC_RECLAIM, "reclaim" },
	{ KMALLOC_DMA, "dma" },
	{ KMALLOC_CGROUP, "cgroup" },
};

/* The largest power of two up to 4096 that divides every object's address. */
static unsigned long orc_common_align(void **objs, unsigned int n)
{
	unsigned long bits = 4096;
	unsigned int i;

	for (i = 0; i < n; i++)
		bits |= (unsigned long)objs[i];
	return bits & -bits;
}

static void orc_kmalloc_classes(struct orc_run *r)
{
	static const size_t sizes[] = {
		1, 8, 9, 16, 17, 24, 32, 33, 64, 65, 96, 97, 128, 129, 192,
		193, 256, 257, 512, 513, 1024, 1025, 2048, 2049, 4096, 4097,
		8192, 8193, 16384, 65536, 65537, 1 << 20,
	};
	static const struct {
		gfp_t gfp;
		const char *name;
	} gfps[] = {
		{ GFP_KERNEL, "kernel" },
		{ GFP_KERNEL | __GFP_RECLAIMABLE, "reclaimable" },
		{ GFP_KERNEL | __GFP_ACCOUNT, "account" },
		{ GFP_KERNEL | GFP_DMA, "dma" },
	};
	unsigned int i, g, k;

	for (g = 0; g < ARRAY_SIZE(gfps); g++)
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			void *objs[8];

			for (k = 0; k < ARRAY_SIZE(objs); k++)
				objs[k] = kmalloc(sizes[i], gfps[g].gfp);
			if (!objs[0]) {
				orc_line(r, "kmalloc %s %zu result=failed",
					 gfps[g].name, sizes[i]);
			} else {
				struct kmem_cache *s = orc_side_cache_of(objs[0]);

				orc_line(r, "kmalloc %s %zu cache=%s ksize=%zu align=%lu",
					 gfps[g].name, sizes[i],
					 s ? orc_side_cache_name(s) : "pages", ksize(objs[0]),
					 orc_common_align(objs, ARRAY_SIZE(objs)));
			}
			for (k = 0; k < ARRAY_SIZE(objs); k++)
				kfree(objs[k]);
		}
}

void orc_run_kmalloc(void)
{
	struct orc_run r;
	char label[64];
	unsigned int t, i;

	orc_begin(&r, "kmalloc");
	for (t = 0; t < ARRAY_SIZE(orc_kmalloc_types); t++)
		for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
			snprintf(label, sizeof(label), "%s/%u",
				 orc_kmalloc_types[t].name, i);
			orc_geometry(&r, kmalloc_caches[orc_kmalloc_types[t].type][i],
				     label);
		}
	/*
	 * The random copies of the normal caches (CONFIG_RANDOM_KMALLOC_CACHES:
	 * the kernel's range is empty without it; without
	 * random_kmalloc_caches=on libslab's copies are the normal caches).
	 * Their number is a name, not a seed.
	 */
	for (t = KMALLOC_RANDOM_START + 1; t <= KMALLOC_RANDOM_END; t++)
		for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
			if (!kmalloc_caches[t][i] ||
			    kmalloc_caches[t][i] == kmalloc_caches[KMALLOC_NORMAL][i])
				continue;
			snprintf(label, sizeof(label), "random-%02u/%u",
				 t - KMALLOC_RANDOM_START, i);
			orc_geometry(&r, kmalloc_caches[t][i], label);
		}
	orc_kmalloc_classes(&r);
}

/* ---- behaviour scenarios ---- */

#define ORC_MAX_OBJS	1024

/* A scenario's private cache, its geometry printed first. */
static struct kmem_cache *orc_cache(struct orc_run *r, unsigned int size,
				    slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache *s;
	char name[48];

	snprintf(name, sizeof(name), "orc-%s", r->name);
	s = kmem_cache_create(name, size, 0, flags | SLAB_NO_MERGE, ctor);
	orc_geometry(r, s, "cache");
	if (s) {
		orc_side_refill_from_any_node(s);
		orc_stats(r, s, "created");
	}
	return s;
}

static unsigned int orc_per_slab(struct kmem_cache *s)
{
	struct orc_geom g;

	orc_side_geometry(s, &g);
	return g.objects;
}

/* Allocate n objects of s into objs from the current CPU. */
static void orc_alloc_n(struct kmem_cache *s, void **objs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		objs[i] = kmem_cache_alloc(s, GFP_KERNEL);
}

/* Free the live objects of objs[from..to) in steps of step (negative: from the end). */
static void orc_free_range(struct kmem_cache *s, void **objs, int from, int to,
			   int step)
{
	int i;

	for (i = step > 0 ? from : to - 1; step > 0 ? i < to : i >= from;
	     i += step) {
		/* kmem_cache_free(s, NULL) oopses in 6.12: skip freed slots. */
		if (objs[i])
			kmem_cache_free(s, objs[i]);
		objs[i] = NULL;
	}
}

static void orc_free_all(struct kmem_cache *s, void **objs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (objs[i])
			kmem_cache_free(s, objs[i]);
		objs[i] = NULL;
	}
}

/*
 * Destroy s after a final look at its lists; its objects must all be free.
 * With counted, at its counters too (the flush's DEACTIVATE_* among
 * them), when at most one CPU has slabs to flush: the kernel flushes
 * CPUs in parallel, so with two, which one's slabs reach the node list
 * first, and with it the FREE_ADD_PARTIAL/DEACTIVATE_EMPTY split at
 * min_partial, varies by run.
 */
static void orc_end_how(struct orc_run *r, struct kmem_cache *s, bool counted)
{
	struct orc_state st;
	int cpu, busy = 0;

	for (cpu = 0; cpu < 2; cpu++) {
		orc_side_state(s, cpu, &st);
		busy += st.cpu_slab || st.cpu_partial;
	}
	kmem_cache_shrink(s);
	orc_lists(r, s, "shrunk");
	if (counted && busy < 2)
		orc_stats(r, s, "shrunk");
	orc_line(r, "validate slabs=%d", orc_side_validate(s));
	kmem_cache_destroy(s);
}

static void orc_end(struct orc_run *r, struct kmem_cache *s)
{
	orc_end_how(r, s, true);
}

struct orc_remote {
	struct kmem_cache *s;
	void **objs;
	int from, to, step;
	unsigned int n;
};

static long orc_remote_free_fn(void *arg)
{
	struct orc_remote *rf = arg;

	orc_free_range(rf->s, rf->objs, rf->from, rf->to, rf->step);
	return 0;
}

/* Free objs[from..to) by step on cpu. */
static void orc_free_on(int cpu, struct kmem_cache *s, void **objs, int from,
			int to, int step)
{
	struct orc_remote rf = { s, objs, from, to, step, 0 };

	orc_side_on_cpu(cpu, orc_remote_free_fn, &rf);
}

static long orc_remote_alloc_fn(void *arg)
{
	struct orc_remote *ra = arg;

	orc_alloc_n(ra->s, ra->objs, ra->n);
	return 0;
}

static void orc_alloc_on(int cpu, struct kmem_cache *s, void **objs,
			 unsigned int n)
{
	struct orc_remote ra = { s, objs, 0, 0, 0, n };

	orc_side_on_cpu(cpu, orc_remote_alloc_fn, &ra);
}

struct orc_remote_node {
	struct kmem_cache *s;
	void **objs;
	unsigned int n;
	int node;
};

static long orc_remote_alloc_node_fn(void *arg)
{
	struct orc_remote_node *ra = arg;
	unsigned int i;

	for (i = 0; i < ra->n; i++)
		ra->objs[i] = kmem_cache_alloc_node(ra->s, GFP_KERNEL, ra->node);
	return 0;
}

/* Allocate n objects of s for node into objs on cpu. */
static void orc_alloc_node_on(int cpu, struct kmem_cache *s, void **objs,
			      unsigned int n, int node)
{
	struct orc_remote_node ra = { s, objs, n, node };

	orc_side_on_cpu(cpu, orc_remote_alloc_node_fn, &ra);
}

/* Print the node of the slab of each of objs[0..n). */
static void orc_nodes(struct orc_run *r, const char *what, void **objs,
		      unsigned int n)
{
	char line[ORC_LINE];
	unsigned int i, len = 0;

	for (i = 0; i < n && len < sizeof(line) - 8; i++)
		len += snprintf(line + len, sizeof(line) - len, "%s%d",
				i ? "," : "", orc_side_slab_node(objs[i]));
	orc_line(r, "nodes %s node=%s", what, line);
}

/* The sysfs files the sysfs scenario reads, as 6.12 names them. */
static const char *const orc_sysfs_files[] = {
	"objects", "objects_partial", "total_objects", "slabs", "partial",
	"cpu_slabs", "slabs_cpu_partial", "min_partial", "cpu_partial",
	"remote_node_defrag_ratio", "order", "objs_per_slab", "object_size",
	"slab_size", "align", "aliases", "usersize", "reclaim_account",
	"hwcache_align", "destroy_by_rcu", "cache_dma", "sanity_checks",
	"trace", "red_zone", "poison", "store_user", "failslab",
};

/* One sysfs file of s, its value's spaces and newline made commas. */
static void orc_sysfs_show(struct orc_run *r, struct kmem_cache *s,
			   const char *step, const char *name)
{
	char buf[ORC_LINE / 2];
	int len = orc_side_sysfs_show(s, name, buf, sizeof(buf)), i;

	if (len < 0) {
		orc_line(r, "sysfs %s %s error=%d", step, name, len);
		return;
	}
	while (len > 0 && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	for (i = 0; i < len; i++)
		if (buf[i] == ' ' || buf[i] == '\n')
			buf[i] = ',';
	orc_line(r, "sysfs %s %s value=%s", step, name, len ? buf : "-");
}

static void orc_sysfs_store(struct orc_run *r, struct kmem_cache *s,
			    const char *name, const char *value)
{
	orc_line(r, "sysfs-store %s=%s result=%d", name, value,
		 orc_side_sysfs_store(s, name, value));
}

/* /proc/slabinfo's numbers of s (get_slabinfo()). */
static void orc_slabinfo(struct orc_run *r, struct kmem_cache *s,
			 const char *step)
{
	struct orc_slabinfo si;

	if (orc_side_slabinfo(s, &si))
		return;
	orc_line(r, "slabinfo %s active_objs=%lu num_objs=%lu active_slabs=%lu num_slabs=%lu objperslab=%u order=%u",
		 step, si.active_objs, si.num_objs, si.active_slabs,
		 si.num_slabs, si.objects_per_slab, si.cache_order);
}

/* Every sysfs file of orc_sysfs_files[] and /proc/slabinfo's numbers. */
static void orc_sysfs_all(struct orc_run *r, struct kmem_cache *s,
			  const char *step)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(orc_sysfs_files); i++)
		orc_sysfs_show(r, s, step, orc_sysfs_files[i]);
	orc_slabinfo(r, s, step);
}

typedef void orc_scenario_fn(struct orc_run *r, void **objs);

static void sc_alloc_free_fast(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);

	orc_alloc_n(s, objs, 1);
	orc_objects(r, "alloc", objs, 1);
	orc_look(r, s, "alloc1");
	orc_free_all(s, objs, 1);
	orc_look(r, s, "free1");
	orc_alloc_n(s, objs, 2);
	orc_objects(r, "again", objs, 2);
	orc_free_all(s, objs, 2);
	orc_end(r, s);
}

static void sc_fill_slab(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 192, 0, NULL);
	unsigned int n = orc_per_slab(s) + 1;

	orc_alloc_n(s, objs, n);
	orc_objects(r, "alloc", objs, n);
	orc_look(r, s, "filled");
	orc_free_all(s, objs, n);
	orc_look(r, s, "freed");
	orc_end(r, s);
}

static void sc_free_fifo(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int n = 3 * orc_per_slab(s);

	orc_alloc_n(s, objs, n);
	orc_look(r, s, "alloc");
	orc_free_range(s, objs, 0, n / 3, 1);
	orc_look(r, s, "free-first-third");
	orc_free_range(s, objs, n / 3, 2 * n / 3, 1);
	orc_look(r, s, "free-second-third");
	orc_free_range(s, objs, 2 * n / 3, n, 1);
	orc_look(r, s, "free-rest");
	orc_end(r, s);
}

static void sc_free_lifo(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int n = 3 * orc_per_slab(s);

	orc_alloc_n(s, objs, n);
	orc_look(r, s, "alloc");
	orc_free_range(s, objs, 2 * n / 3, n, -1);
	orc_look(r, s, "free-last-third");
	orc_free_range(s, objs, 0, 2 * n / 3, -1);
	orc_look(r, s, "free-rest");
	orc_alloc_n(s, objs, 4);
	orc_objects(r, "realloc", objs, 4);
	orc_free_all(s, objs, 4);
	orc_end(r, s);
}

/* Full slabs get one free each: each goes to the CPU partial chain until it drains. */
static void sc_cpu_partial_fill(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 1024, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = 12, i;

	orc_alloc_n(s, objs, per * slabs);
	orc_look(r, s, "alloc");
	for (i = 0; i < slabs; i++) {
		char step[24];

		kmem_cache_free(s, objs[i * per]);
		objs[i * per] = NULL;
		snprintf(step, sizeof(step), "free-one-of-slab%u", i);
		orc_look(r, s, step);
	}
	orc_alloc_n(s, objs + per * slabs, 3);
	orc_objects(r, "from-partial", objs + per * slabs, 3);
	orc_look(r, s, "alloc-from-partial");
	orc_free_all(s, objs, per * slabs + 3);
	orc_look(r, s, "free-all");
	orc_end(r, s);
}

/* Empty slabs beyond min_partial go back to the page allocator. */
static void sc_min_partial_discard(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 2048, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = 10;

	orc_alloc_n(s, objs, per * slabs);
	orc_look(r, s, "alloc");
	orc_free_range(s, objs, 0, per * slabs, 2);
	orc_look(r, s, "free-half");
	orc_free_range(s, objs, 1, per * slabs, 2);
	orc_look(r, s, "free-rest");
	orc_end(r, s);
}

/* Another CPU frees into this CPU's slab. */
static void sc_remote_free_cpu_slab(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_n(s, objs, 4);
	orc_free_on(1, s, objs, 0, 2, 1);
	orc_look(r, s, "remote-free-2");
	orc_alloc_n(s, objs + 4, per);
	orc_objects(r, "refill", objs + 4, per);
	orc_look(r, s, "alloc-past-freelist");
	orc_free_all(s, objs, per + 4);
	orc_end(r, s);
}

/* Another CPU frees into a full slab: it lands on that CPU's partial chain. */
static void sc_remote_free_full_slab(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_n(s, objs, 2 * per);
	orc_look(r, s, "two-slabs");
	orc_free_on(1, s, objs, 0, 1, 1);
	orc_look(r, s, "remote-free-one");
	orc_free_on(1, s, objs, 1, per, 1);
	orc_look(r, s, "remote-free-slab");
	orc_free_all(s, objs, 2 * per);
	orc_look(r, s, "free-all");
	orc_end(r, s);
}

/* Objects allocated on CPU 1 and freed here. */
static void sc_remote_alloc(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 128, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_on(1, s, objs, per + 3);
	orc_objects(r, "cpu1", objs, per + 3);
	orc_look(r, s, "cpu1-alloc");
	orc_free_all(s, objs, per + 3);
	orc_look(r, s, "local-free");
	orc_alloc_n(s, objs, 3);
	orc_objects(r, "cpu0", objs, 3);
	orc_free_all(s, objs, 3);
	orc_end(r, s);
}

/* An allocation for another node deactivates the CPU slab. */
static void sc_node_mismatch(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int i;

	orc_alloc_n(s, objs, 3);
	orc_look(r, s, "node0");
	for (i = 3; i < 6; i++)
		objs[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	orc_objects(r, "node1-objs", objs + 3, 3);
	for (i = 3; i < 6; i++)
		orc_line(r, "node-of obj%u node=%d", i, orc_side_slab_node(objs[i]));
	orc_look(r, s, "node1");
	objs[6] = kmem_cache_alloc_node(s, GFP_KERNEL, 0);
	orc_line(r, "node-of obj6 node=%d", orc_side_slab_node(objs[6]));
	orc_look(r, s, "node0-again");
	orc_free_all(s, objs, 7);
	orc_end(r, s);
}

/* kmem_cache_alloc_node() for each node, NUMA_NO_NODE between. */
static void sc_alloc_node_each(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int i;
	static const int nodes[] = { 1, 1, 0, NUMA_NO_NODE, 1, 0, 1 };

	for (i = 0; i < ARRAY_SIZE(nodes); i++) {
		objs[i] = kmem_cache_alloc_node(s, GFP_KERNEL, nodes[i]);
		orc_line(r, "alloc-node#%u want=%d got=%d", i, nodes[i],
			 orc_side_slab_node(objs[i]));
	}
	orc_look(r, s, "allocated");
	orc_free_all(s, objs, ARRAY_SIZE(nodes));
	orc_end(r, s);
}

/* Shrink flushes the CPU slabs and discards empty slabs. */
static void sc_shrink(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int per = orc_per_slab(s), n = 5 * per;

	orc_alloc_n(s, objs, n);
	orc_free_range(s, objs, 0, n, 3);
	orc_look(r, s, "sparse");
	kmem_cache_shrink(s);
	orc_look(r, s, "shrink-sparse");
	orc_free_all(s, objs, n);
	orc_look(r, s, "free-all");
	kmem_cache_shrink(s);
	orc_look(r, s, "shrink-empty");
	orc_end(r, s);
}

/* Objects of a cache come from a CPU slab refilled by its own remote frees. */
static void sc_flush_remote(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_on(1, s, objs, per / 2);
	orc_look(r, s, "cpu1-slab");
	kmem_cache_shrink(s);
	orc_look(r, s, "flushed");
	orc_free_all(s, objs, per / 2);
	orc_end(r, s);
}

static void sc_bulk(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s), n = 2 * per + 5;
	int got;

	got = kmem_cache_alloc_bulk(s, GFP_KERNEL, n, objs);
	orc_line(r, "bulk-alloc got=%d", got);
	orc_objects(r, "bulk", objs, n);
	orc_look(r, s, "bulk-alloc");
	kmem_cache_free_bulk(s, n, objs);
	orc_look(r, s, "bulk-free");
	orc_end(r, s);
}

static void sc_bulk_mixed(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int per = orc_per_slab(s), n = 2 * per;
	int got;

	orc_alloc_n(s, objs, n);
	orc_free_range(s, objs, 0, n, 2);
	orc_look(r, s, "holes");
	got = kmem_cache_alloc_bulk(s, GFP_KERNEL, per, objs + n);
	orc_line(r, "bulk-alloc got=%d", got);
	orc_objects(r, "bulk", objs + n, per);
	orc_look(r, s, "bulk-alloc");
	kmem_cache_free_bulk(s, per, objs + n);
	orc_look(r, s, "bulk-free");
	orc_free_all(s, objs, n);
	orc_end(r, s);
}

static unsigned int orc_ctor_calls;

static void orc_counting_ctor(void *obj)
{
	orc_ctor_calls++;
}

/* A constructor runs once per object when its slab is made. */
static void sc_ctor(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 200, 0, orc_counting_ctor);
	unsigned int per = orc_per_slab(s);

	orc_ctor_calls = 0;
	orc_alloc_n(s, objs, per + 1);
	orc_line(r, "ctor first-slabs=%u", orc_ctor_calls);
	orc_free_all(s, objs, per + 1);
	orc_alloc_n(s, objs, 2);
	orc_line(r, "ctor after-reuse=%u", orc_ctor_calls);
	orc_free_all(s, objs, 2);
	orc_end(r, s);
}

/* __GFP_ZERO clears a reused object. */
static void sc_gfp_zero(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 96, 0, NULL);
	unsigned char *p;
	unsigned int i, nonzero = 0;

	p = kmem_cache_alloc(s, GFP_KERNEL);
	memset(p, 0xa5, 96);
	kmem_cache_free(s, p);
	p = kmem_cache_zalloc(s, GFP_KERNEL);
	for (i = 0; i < 96; i++)
		nonzero += p[i] != 0;
	orc_line(r, "zalloc nonzero_bytes=%u", nonzero);
	kmem_cache_free(s, p);
	orc_end(r, s);
}

/* kfree() takes objects of any cache. */
static void sc_kfree_cache_object(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 320, 0, NULL);

	orc_alloc_n(s, objs, 5);
	kfree(objs[1]);
	kfree(objs[3]);
	objs[1] = objs[3] = NULL;
	orc_look(r, s, "kfree-two");
	orc_free_all(s, objs, 5);
	orc_end(r, s);
}

static void sc_typesafe_rcu(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, SLAB_TYPESAFE_BY_RCU, NULL);
	unsigned int per = orc_per_slab(s), n = 3 * per;

	orc_alloc_n(s, objs, n);
	orc_look(r, s, "alloc");
	orc_free_all(s, objs, n);
	orc_look(r, s, "freed");
	kmem_cache_shrink(s);
	rcu_barrier();
	orc_look(r, s, "after-grace-period");
	orc_end(r, s);
}

/* Debug caches take every object from the node lists, one at a time. */
static void sc_debug_paths(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 128, SLAB_CONSISTENCY_CHECKS |
					 SLAB_RED_ZONE | SLAB_POISON |
					 SLAB_STORE_USER, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_n(s, objs, per + 2);
	orc_objects(r, "alloc", objs, per + 2);
	orc_look(r, s, "alloc");
	orc_free_on(1, s, objs, 0, 2, 1);
	orc_look(r, s, "remote-free");
	orc_free_all(s, objs, per + 2);
	orc_look(r, s, "free-all");
	orc_end(r, s);
}

/* Objects of a red-zoned cache start after the left red zone. */
static void sc_redzone_placement(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 100, SLAB_RED_ZONE, NULL);

	orc_alloc_n(s, objs, 6);
	orc_objects(r, "alloc", objs, 6);
	orc_free_all(s, objs, 6);
	orc_end(r, s);
}

static void sc_hwcache_placement(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 72, SLAB_HWCACHE_ALIGN, NULL);

	orc_alloc_n(s, objs, 6);
	orc_objects(r, "alloc", objs, 6);
	orc_free_all(s, objs, 6);
	orc_end(r, s);
}

/* Slabs freed to the node are taken back by the next CPU that needs one. */
static void sc_node_partial_to_cpu(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 1024, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = 14, i;

	orc_alloc_n(s, objs, per * slabs);
	for (i = 0; i < slabs; i++) {
		kmem_cache_free(s, objs[i * per]);
		objs[i * per] = NULL;
	}
	orc_look(r, s, "partials");
	orc_alloc_on(1, s, objs + per * slabs, 3);
	orc_objects(r, "cpu1", objs + per * slabs, 3);
	orc_look(r, s, "cpu1-takes");
	orc_free_all(s, objs, per * slabs + 3);
	orc_end(r, s);
}

/* krealloc() and ksize() across kmalloc size classes. */
static void sc_krealloc(struct orc_run *r, void **objs)
{
	static const size_t sizes[] = { 40, 56, 64, 65, 96, 100, 200, 128, 10, 3000, 9000, 20 };
	unsigned int i;
	void *p = kmalloc(24, GFP_KERNEL), *q;

	orc_line(r, "kmalloc24 ksize=%zu", ksize(p));
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		q = krealloc(p, sizes[i], GFP_KERNEL);
		orc_line(r, "krealloc %zu result=%s ksize=%zu", sizes[i],
			 q == p ? "same" : "moved", ksize(q));
		p = q;
	}
	kfree(p);
	q = kmalloc(0, GFP_KERNEL);
	orc_line(r, "kmalloc0 result=%s", ZERO_OR_NULL_PTR(q) ? "zero-ptr" : "object");
	kfree(q);
}

/* A bucket set's caches: private kmalloc caches of the kernel's sizes. */
static void sc_buckets(struct orc_run *r, void **objs)
{
	kmem_buckets *b = kmem_buckets_create("orc-bk", 0, 0, 0, NULL);
	static const size_t sizes[] = { 8, 24, 100, 200, 1000, 5000 };
	unsigned int i;

	if (!b) {
		orc_line(r, "buckets result=unavailable");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct kmem_cache *s;

		objs[i] = kmem_buckets_alloc(b, sizes[i], GFP_KERNEL);
		s = orc_side_cache_of(objs[i]);
		orc_line(r, "bucket %zu cache=%s ksize=%zu", sizes[i],
			 s ? orc_side_cache_name(s) : "-", ksize(objs[i]));
		if (s) {
			char label[24];

			snprintf(label, sizeof(label), "bucket-%zu", sizes[i]);
			orc_geometry(r, s, label);
		}
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		kfree(objs[i]);
}

/* Merging: which of these would share a cache. */
static void sc_merge(struct orc_run *r, void **objs)
{
	static const struct {
		unsigned int size, align;
		slab_flags_t flags;
		const char *name;
	} specs[] = {
		{ 200, 0, 0, "plain" },
		{ 200, 0, 0, "plain-twin" },
		{ 196, 0, 0, "smaller" },
		{ 200, 64, 0, "aligned64" },
		{ 200, 0, SLAB_HWCACHE_ALIGN, "hwcache" },
		{ 200, 0, SLAB_RECLAIM_ACCOUNT, "reclaim" },
		{ 200, 0, SLAB_ACCOUNT, "account" },
		{ 200, 0, SLAB_RED_ZONE, "redzone" },
		{ 200, 0, SLAB_TYPESAFE_BY_RCU, "rcu" },
		{ 200, 0, SLAB_NO_MERGE, "nomerge" },
		{ 64, 0, 0, "like-kmalloc-64" },
		{ 250, 0, 0, "like-kmalloc-256" },
		{ 250, 0, SLAB_ACCOUNT, "account-256" },
		{ 250, 0, SLAB_RECLAIM_ACCOUNT, "reclaim-256" },
		/* A word of waste is too much: no merge (find_mergeable()). */
		{ 248, 0, 0, "word-below-256" },
	};
	struct kmem_cache *made[ARRAY_SIZE(specs)];
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(specs); i++) {
		char name[48];
		const char *into = "own";

		snprintf(name, sizeof(name), "orc-merge-%s", specs[i].name);
		made[i] = kmem_cache_create(name, specs[i].size, specs[i].align,
					    specs[i].flags, NULL);
		for (j = 0; j < i; j++)
			if (made[j] == made[i])
				into = specs[j].name;
		/* A cache of the machine's own: kmalloc's by name, others alike. */
		if (made[i] && !strcmp(into, "own")) {
			const char *target = orc_side_cache_name(made[i]);

			if (strncmp(target, "orc-merge-", 10) != 0)
				into = strncmp(target, "kmalloc", 7) ?
					"another-cache" : target;
		}
		orc_line(r, "merge %s into=%s", specs[i].name, into);
	}
	for (i = ARRAY_SIZE(specs); i-- > 0;)
		kmem_cache_destroy(made[i]);
}


/* ---- slub_debug reports: what the allocator does after each kind ---- */

/* A debug cache of one kind, an object corrupted by corrupt(), then a look. */
static void orc_debug_case(struct orc_run *r, void **objs, slab_flags_t flags,
			   unsigned int size,
			   void (*corrupt)(struct kmem_cache *s, void **objs))
{
	struct kmem_cache *s = orc_cache(r, size, flags, NULL);

	orc_alloc_n(s, objs, 3);
	orc_side_expect_report(r->name, true);
	corrupt(s, objs);
	orc_side_expect_report(r->name, false);
	orc_look(r, s, "after");
	orc_side_expect_report(r->name, true);
	orc_line(r, "validate slabs=%d", orc_side_validate(s));
	orc_side_expect_report(r->name, false);
	orc_free_all(s, objs, 3);
	orc_side_expect_report(r->name, true);
	kmem_cache_shrink(s);
	orc_side_expect_report(r->name, false);
	orc_look(r, s, "shrunk");
	/* An object whose free failed its checks stays allocated. */
	orc_side_expect_report(r->name, true);
	kmem_cache_destroy(s);
	orc_side_expect_report(r->name, false);
}

static void corrupt_right_redzone(struct kmem_cache *s, void **objs)
{
	((u8 *)objs[1])[kmem_cache_size(s)] = 0x55;
	kmem_cache_free(s, objs[1]);
	objs[1] = NULL;
}

static void corrupt_left_redzone(struct kmem_cache *s, void **objs)
{
	((u8 *)objs[1])[-1] = 0x55;
	kmem_cache_free(s, objs[1]);
	objs[1] = NULL;
}

static void corrupt_after_free(struct kmem_cache *s, void **objs)
{
	u8 *p = objs[1];

	kmem_cache_free(s, p);
	objs[1] = NULL;
	p[kmem_cache_size(s) / 2] = 0x55;
}

static void corrupt_double_free(struct kmem_cache *s, void **objs)
{
	kmem_cache_free(s, objs[1]);
	kmem_cache_free(s, objs[1]);
	objs[1] = NULL;
}

static void corrupt_free_pointer(struct kmem_cache *s, void **objs)
{
	u8 *p = objs[1];

	kmem_cache_free(s, p);
	objs[1] = NULL;
	memset(p, 0x33, kmem_cache_size(s));
}

static void sc_debug_right_redzone(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS, 100,
		       corrupt_right_redzone);
}

static void sc_debug_left_redzone(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_RED_ZONE | SLAB_CONSISTENCY_CHECKS, 64,
		       corrupt_left_redzone);
}

static void sc_debug_use_after_free(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_POISON | SLAB_CONSISTENCY_CHECKS, 128,
		       corrupt_after_free);
}

static void sc_debug_double_free(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_CONSISTENCY_CHECKS | SLAB_STORE_USER, 96,
		       corrupt_double_free);
}

static void sc_debug_free_pointer(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_POISON | SLAB_RED_ZONE |
		       SLAB_CONSISTENCY_CHECKS, 200, corrupt_free_pointer);
}

/* A 40-byte bucket allocation: its cache, ksize and lists. */
static void sc_kmalloc_bucket_40(struct orc_run *r, void **objs)
{
	kmem_buckets *b = kmem_buckets_create("orc-kz", 0, 0, 0, NULL);
	struct kmem_cache *s;
	u8 *p;

	if (!b) {
		orc_line(r, "buckets result=unavailable");
		return;
	}
	p = kmem_buckets_alloc(b, 40, GFP_KERNEL);
	s = orc_side_cache_of(p);
	orc_line(r, "cache ksize=%zu", ksize(p));
	orc_geometry(r, s, "bucket-40");
	kfree(p);
	/*
	 * Without SLAB_BUCKETS (SLUB_TINY) the handle is ZERO_SIZE_PTR and s
	 * is the kernel's own kmalloc cache, whose lists hold what the booted
	 * kernel allocated: they differ from boot to boot, so only the
	 * sharing is observed.
	 */
	if (b == ZERO_SIZE_PTR)
		orc_line(r, "lists shared-with=kmalloc");
	else
		orc_look(r, s, "before");
}

/* A slab drained from a full CPU partial chain by frees from another CPU. */
static void sc_remote_partial_drain(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = 20, i;

	orc_alloc_n(s, objs, per * slabs);
	for (i = 0; i < slabs; i++)
		orc_free_on(1, s, objs, i * per, i * per + 1, 1);
	orc_look(r, s, "cpu1-frees-one-per-slab");
	orc_free_on(1, s, objs, 0, per * slabs, 1);
	orc_look(r, s, "cpu1-frees-all");
	orc_end(r, s);
}

/* Partial slabs taken back on allocation: cpu_partial_alloc. */
static void sc_cpu_partial_alloc(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s), i;

	orc_alloc_n(s, objs, 4 * per);
	for (i = 0; i < 4; i++)
		orc_free_range(s, objs, i * per, i * per + 2, 1);
	orc_look(r, s, "holes");
	orc_alloc_n(s, objs + 4 * per, 8);
	orc_objects(r, "refill", objs + 4 * per, 8);
	orc_look(r, s, "refilled");
	orc_free_all(s, objs, 4 * per + 8);
	orc_end(r, s);
}

/* Freeing the last object of a node partial slab. */
static void sc_free_remove_partial(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 4096, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = 16;

	orc_alloc_n(s, objs, per * slabs);
	orc_free_range(s, objs, 0, per * slabs, per);
	orc_look(r, s, "one-free-per-slab");
	kmem_cache_shrink(s);
	orc_look(r, s, "shrunk-partials");
	orc_free_all(s, objs, per * slabs);
	orc_look(r, s, "all-free");
	orc_end(r, s);
}

/* kmalloc_size_roundup() across the size classes and past them. */
static void sc_size_roundup(struct orc_run *r, void **objs)
{
	static const size_t sizes[] = {
		0, 1, 7, 8, 9, 63, 64, 65, 95, 96, 97, 191, 192, 193, 4095,
		4096, 4097, 8191, 8192, 8193, 100000,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		orc_line(r, "roundup %zu to=%zu", sizes[i],
			 kmalloc_size_roundup(sizes[i]));
}

/* Page-allocator kmallocs: their size and what freeing them leaves. */
static void sc_kmalloc_large(struct orc_run *r, void **objs)
{
	static const size_t sizes[] = { 8193, 12288, 16385, 65536, 200000 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		void *p = kmalloc(sizes[i], GFP_KERNEL);

		orc_line(r, "large %zu slab=%s ksize=%zu pagealigned=%d",
			 sizes[i], orc_side_slab_base(p) ? "yes" : "no",
			 ksize(p), !((unsigned long)p & 4095));
		kfree(p);
	}
}

/* krealloc() to 0 frees and gives ZERO_SIZE_PTR; kzalloc is zeroed. */
static void sc_krealloc_edges(struct orc_run *r, void **objs)
{
	u8 *p = kmalloc(100, GFP_KERNEL), *q;
	unsigned int i, nonzero = 0;

	memset(p, 0xaa, 100);
	q = krealloc(p, 0, GFP_KERNEL);
	orc_line(r, "krealloc-to-0 result=%s", q == ZERO_SIZE_PTR ? "zero-ptr" :
		 q ? "object" : "null");
	p = krealloc(NULL, 50, GFP_KERNEL);
	orc_line(r, "krealloc-null ksize=%zu", ksize(p));
	memset(p, 0xbb, 50);
	kfree(p);
	p = kzalloc(50, GFP_KERNEL);
	for (i = 0; i < 50; i++)
		/* kzalloc() zeroes, which clang-analyzer does not see */
		/* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
		nonzero += p[i] != 0;
	orc_line(r, "kzalloc nonzero_bytes=%u", nonzero);
	q = krealloc(p, 30, GFP_KERNEL | __GFP_ZERO);
	orc_line(r, "krealloc-shrink result=%s ksize=%zu", q == p ? "same" : "moved",
		 ksize(q));
	kfree(q);
}

/* A poisoned cache with a constructor: objects are not poisoned. */
static void sc_poison_ctor(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 64, SLAB_POISON, orc_counting_ctor);

	orc_ctor_calls = 0;
	orc_alloc_n(s, objs, 2);
	orc_line(r, "ctor calls=%u", orc_ctor_calls);
	orc_free_all(s, objs, 2);
	orc_end(r, s);
}

/* A typesafe-by-RCU cache whose free pointer sits inside the object. */
static void sc_rcu_freeptr_offset(struct orc_run *r, void **objs)
{
	struct kmem_cache_args args = {
		.freeptr_offset = 16,
		.use_freeptr_offset = true,
	};
	struct kmem_cache *s = kmem_cache_create("orc-rcu-fp", 64, &args,
						 SLAB_TYPESAFE_BY_RCU);
	unsigned int per;

	orc_geometry(r, s, "cache");
	per = orc_per_slab(s);
	orc_alloc_n(s, objs, per + 2);
	orc_objects(r, "alloc", objs, per + 2);
	orc_free_all(s, objs, per + 2);
	orc_look(r, s, "freed");
	orc_end(r, s);
}

/* Bulk allocation that needs more than the CPU slab and partial chain. */
static void sc_bulk_large(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 64, 0, NULL);
	unsigned int n = 300;
	int got;

	got = kmem_cache_alloc_bulk(s, GFP_KERNEL, n, objs);
	orc_line(r, "bulk-alloc got=%d", got);
	orc_look(r, s, "bulk-alloc");
	kmem_cache_free_bulk(s, n / 2, objs);
	orc_look(r, s, "bulk-free-half");
	kmem_cache_free_bulk(s, n - n / 2, objs + n / 2);
	orc_look(r, s, "bulk-free-rest");
	orc_end(r, s);
}

/* Objects of one cache allocated on both CPUs and freed crosswise. */
static void sc_crosswise(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 128, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_alloc_n(s, objs, per + 4);
	orc_alloc_on(1, s, objs + per + 4, per + 4);
	orc_look(r, s, "both-cpus");
	orc_free_on(1, s, objs, 0, per + 4, 1);
	orc_free_range(s, objs, per + 4, 2 * per + 8, 1);
	orc_look(r, s, "crosswise-free");
	orc_end(r, s);
}

/* What a reused object still holds of its last user (init_on_alloc/free). */
static void sc_reuse_contents(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int i, kept = 0, zero = 0;
	struct orc_geom g;
	u8 *p, *q;

	orc_side_geometry(s, &g);
	p = kmem_cache_alloc(s, GFP_KERNEL);
	memset(p, 0xa5, 256);
	kmem_cache_free(s, p);
	q = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 256; i++) {
		bool freeptr = i >= g.offset && i < g.offset + sizeof(void *);

		/* The free pointer's bytes are an address, of any value. */
		if (!freeptr)
			kept += q[i] == 0xa5;
		zero += q[i] == 0;
	}
	orc_line(r, "reused same=%d kept_bytes=%u all_zero=%s", p == q, kept,
		 zero == 256 ? "yes" : "no");
	kmem_cache_free(s, q);
	orc_end(r, s);
}

/* kmem_cache_create() refuses what SLAB_FLAGS_PERMITTED lacks, with a report. */
static void sc_refused_flags(struct orc_run *r, void **objs)
{
	static const struct {
		slab_flags_t flags;
		const char *name;
	} refused[] = {
		{ SLAB_FAILSLAB, "failslab" },
		{ __SLAB_FLAG_BIT(_SLAB_OBJECT_POISON), "objpoison" },
		{ __SLAB_FLAG_BIT(_SLAB_CMPXCHG_DOUBLE), "cmpxchg" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		struct kmem_cache *s;

		orc_side_expect_report(r->name, true);
		s = kmem_cache_create("orc-refused", 64, 0, refused[i].flags,
				      NULL);
		orc_side_expect_report(r->name, false);
		orc_line(r, "create %s result=%s", refused[i].name,
			 s ? "created" : "refused");
		kmem_cache_destroy(s);
	}
}

/*
 * get_any_partial() takes another node's partial slabs only while that
 * node keeps more than min_partial; a kmem_cache_alloc_node() first tries
 * its node alone (__GFP_THISNODE).  A debug cache, whose frees land on the
 * node lists at once.
 */
static void sc_remote_partial_threshold(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, SLAB_RED_ZONE, NULL);
	struct orc_geom g;
	unsigned int per, slabs, n, i;

	orc_side_geometry(s, &g);
	per = g.objects;
	slabs = g.min_partial + 2;
	n = per * slabs;
	orc_alloc_on(1, s, objs, n);
	for (i = 0; i + 1 < slabs; i++)
		orc_free_on(1, s, objs, i * per, i * per + 1, 1);
	orc_look(r, s, "node1-partials");
	objs[n] = kmem_cache_alloc_node(s, GFP_KERNEL, 0);
	orc_nodes(r, "alloc-node0", objs + n, 1);
	orc_look(r, s, "alloc-node0");
	kmem_cache_free(s, objs[n]);
	kmem_cache_shrink(s);
	orc_look(r, s, "node0-shrunk");
	objs[n] = kmem_cache_alloc(s, GFP_KERNEL);
	orc_nodes(r, "above-min-partial", objs + n, 1);
	orc_look(r, s, "above-min-partial");
	objs[n + 1] = kmem_cache_alloc(s, GFP_KERNEL);
	orc_nodes(r, "at-min-partial", objs + n + 1, 1);
	orc_look(r, s, "at-min-partial");
	orc_free_all(s, objs, n + 2);
	orc_end(r, s);
}

/*
 * deactivate_slab() of a CPU slab that another CPU freed into: it goes to
 * the tail of its node's list, behind a slab drained there before.
 */
static void sc_deactivate_remote_frees(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s), n = per + 2;

	orc_alloc_n(s, objs, n);
	orc_objects(r, "alloc", objs, n);
	orc_look(r, s, "two-slabs");
	/* Into the full slab (CPU 1's chain), then into CPU 0's slab. */
	orc_free_on(1, s, objs, 0, 1, 1);
	orc_free_on(1, s, objs, per, per + 1, 1);
	orc_look(r, s, "remote-frees");
	/* CPU 1's chain holds a node-0 slab: drained to node 0's list. */
	orc_alloc_node_on(1, s, objs + n, 1, 1);
	orc_look(r, s, "cpu1-node1");
	objs[n + 1] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	orc_look(r, s, "cpu0-node1");
	objs[n + 2] = kmem_cache_alloc_node(s, GFP_KERNEL, 0);
	orc_objects(r, "node0-head", objs + n + 2, 1);
	orc_look(r, s, "cpu0-node0");
	orc_free_all(s, objs, n + 3);
	orc_end(r, s);
}

/* min_partial 0 (sysfs): every slab that empties is discarded. */
static void sc_min_partial_zero(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 128, 0, NULL);
	unsigned int per = orc_per_slab(s);

	orc_sysfs_store(r, s, "min_partial", "0");
	orc_alloc_n(s, objs, 2);
	orc_free_all(s, objs, 2);
	/* The emptied CPU slab is on node 0: deactivated. */
	objs[0] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	orc_look(r, s, "deactivate-empty");
	/* Fill the node-1 slab, then empty it on CPU 0's partial chain. */
	orc_alloc_n(s, objs + 1, per);
	orc_objects(r, "fill", objs, per + 1);
	orc_look(r, s, "filled");
	orc_free_range(s, objs, 0, per, 1);
	orc_look(r, s, "emptied-on-chain");
	kmem_cache_shrink(s);
	orc_look(r, s, "flushed");
	orc_free_all(s, objs, per + 1);
	orc_end(r, s);
}

/*
 * A debug cache through the bulk API: full slabs (listed, users being
 * tracked), then a whole slab freed in one call next to min_partial
 * partial slabs.
 */
static void sc_debug_bulk(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 192, SLAB_CONSISTENCY_CHECKS |
					 SLAB_STORE_USER, NULL);
	struct orc_geom g;
	unsigned int per, slabs, i;
	int got;

	orc_side_geometry(s, &g);
	per = g.objects;
	slabs = g.min_partial + 1;
	got = kmem_cache_alloc_bulk(s, GFP_KERNEL, per * slabs, objs);
	orc_line(r, "bulk-alloc got=%d", got);
	orc_objects(r, "bulk", objs, per * slabs);
	orc_look(r, s, "full-slabs");
	orc_line(r, "validate slabs=%d", orc_side_validate(s));
	for (i = 0; i + 1 < slabs; i++)
		orc_free_range(s, objs, i * per, i * per + 1, 1);
	orc_look(r, s, "partials");
	kmem_cache_free_bulk(s, per, objs + (slabs - 1) * per);
	memset(objs + (slabs - 1) * per, 0, per * sizeof(*objs));
	orc_look(r, s, "bulk-free-slab");
	orc_free_all(s, objs, per * slabs);
	orc_end(r, s);
}

/* Shrink sorts a node's partial slabs: fewest free objects first. */
static void sc_shrink_sorts(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 512, SLAB_RED_ZONE, NULL);
	unsigned int per = orc_per_slab(s), n = 3 * per;

	orc_alloc_n(s, objs, n);
	orc_free_range(s, objs, 0, 1, 1);
	orc_free_range(s, objs, per, per + 3, 1);
	orc_free_range(s, objs, 2 * per, 2 * per + 2, 1);
	orc_look(r, s, "one-three-two-free");
	kmem_cache_shrink(s);
	orc_look(r, s, "shrunk");
	orc_alloc_n(s, objs + n, 4);
	orc_objects(r, "after-shrink", objs + n, 4);
	orc_free_all(s, objs, n + 4);
	orc_end(r, s);
}

/* A cache's sysfs files and slabinfo as its slabs come and go. */
static void sc_sysfs(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = kmem_cache_create("orc-sysfs", 256, 0,
						 SLAB_NO_MERGE, NULL);
	unsigned int per, n;

	if (!s) {
		orc_line(r, "cache result=failed");
		return;
	}
	per = orc_per_slab(s);
	n = 2 * per + per / 2;
	orc_sysfs_all(r, s, "created");
	orc_sysfs_store(r, s, "remote_node_defrag_ratio", "0");
	orc_sysfs_show(r, s, "ratio0", "remote_node_defrag_ratio");
	orc_sysfs_store(r, s, "remote_node_defrag_ratio", "101");
	orc_sysfs_store(r, s, "remote_node_defrag_ratio", "100");
	orc_sysfs_show(r, s, "ratio100", "remote_node_defrag_ratio");
	orc_side_refill_from_any_node(s);
	orc_stats(r, s, "created");
	orc_alloc_n(s, objs, n);
	orc_free_range(s, objs, 0, 2 * per, 2);
	orc_sysfs_all(r, s, "holes");
	orc_free_on(1, s, objs, 2 * per, 2 * per + 2, 1);
	orc_sysfs_all(r, s, "remote-frees");
	orc_sysfs_store(r, s, "min_partial", "2");
	orc_sysfs_store(r, s, "cpu_partial", "0");
	orc_sysfs_all(r, s, "limits");
	orc_free_all(s, objs, n);
	orc_sysfs_all(r, s, "freed");
	orc_sysfs_store(r, s, "shrink", "1");
	orc_sysfs_all(r, s, "shrunk");
	orc_look(r, s, "shrunk");
	orc_end(r, s);
}

static void corrupt_allocated_free_pointer(struct kmem_cache *s, void **objs)
{
	struct orc_geom g;

	/* A free pointer outside the object: checked on free, allocated. */
	orc_side_geometry(s, &g);
	memset((u8 *)objs[1] + g.offset, 0x33, sizeof(void *));
	kmem_cache_free(s, objs[1]);
	objs[1] = NULL;
}

static void sc_debug_allocated_free_pointer(struct orc_run *r, void **objs)
{
	orc_debug_case(r, objs, SLAB_POISON | SLAB_CONSISTENCY_CHECKS, 128,
		       corrupt_allocated_free_pointer);
}

/*
 * A kmalloc cache with red zones, owners and consistency checks (what
 * slub_debug=FZU gives kmalloc-N; here kmem_buckets with SLAB_KMALLOC,
 * which kmem_cache_create() permits): it keeps each object's request
 * size, and the bytes from there to the slot's end are a red zone of
 * their own (check_object()).  krealloc() in place asks ksize(), which
 * gives the whole slot to the caller: no red zone is left inside.
 */
static void sc_kmalloc_redzone(struct orc_run *r, void **objs)
{
	kmem_buckets *b = kmem_buckets_create("orc-kr", SLAB_KMALLOC |
					      SLAB_CONSISTENCY_CHECKS |
					      SLAB_RED_ZONE | SLAB_STORE_USER,
					      0, 0, NULL);
	struct kmem_cache *s;
	unsigned int i;
	u8 *p;

	if (!b) {
		orc_line(r, "buckets result=unavailable");
		return;
	}
	for (i = 0; i < 4; i++)
		objs[i] = kmem_buckets_alloc(b, 20, GFP_KERNEL);
	s = orc_side_cache_of(objs[0]);
	orc_line(r, "cache name=%s", s ? orc_side_cache_name(s) : "-");
	if (!s)
		return;
	orc_geometry(r, s, "bucket-32");
	orc_objects(r, "alloc", objs, 4);
	orc_look(r, s, "alloc");
	/* Past the 20 bytes asked for, inside the 32-byte slot. */
	p = objs[1];
	orc_side_expect_report(r->name, true);
	p[20] = 0x55;
	kfree(p);
	orc_side_expect_report(r->name, false);
	/* The object failed its checks on free: it stays allocated. */
	objs[1] = NULL;
	orc_look(r, s, "past-request-freed");
	p = krealloc(objs[2], 10, GFP_KERNEL);
	orc_line(r, "krealloc 10 result=%s", p == objs[2] ? "same" : "moved");
	objs[2] = p;
	/* Past both requests, 20 and 10: inside what ksize() gave. */
	p[24] = 0x55;
	orc_side_expect_report(r->name, true);
	orc_line(r, "validate slabs=%d", orc_side_validate(s));
	for (i = 0; i < 4; i++) {
		kfree(objs[i]);
		objs[i] = NULL;
	}
	kmem_cache_shrink(s);
	orc_side_expect_report(r->name, false);
	orc_look(r, s, "freed");
}

/*
 * failslab's cache filter: with it on, only caches marked failslab
 * (sysfs, or slub_debug=A) get a fault-injection check, so a task's
 * fail_nth passes the others by; reclaiming allocations are spared
 * (ignore-gfp-wait).  Each cache has a slab with free objects first, so
 * no page is asked for while a fail_nth is pending.
 */
static void orc_failslab_try(struct orc_run *r, struct kmem_cache *s,
			     const char *what, gfp_t gfp, void **slot)
{
	*slot = kmem_cache_alloc(s, gfp);
	orc_line(r, "failslab %s result=%s nth_left=%u", what,
		 *slot ? "object" : "failed", orc_side_fail_nth());
}

static void sc_failslab_filter(struct orc_run *r, void **objs)
{
	struct kmem_cache *a = orc_cache(r, 128, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("orc-failslab-plain", 128, 0,
						 SLAB_NO_MERGE, NULL);
	const gfp_t nowait = GFP_NOWAIT | __GFP_NOWARN;

	if (!b)
		return;
	orc_sysfs_store(r, a, "failslab", "1");
	orc_sysfs_show(r, a, "marked", "failslab");
	orc_sysfs_show(r, b, "plain", "failslab");
	kmem_cache_free(a, kmem_cache_alloc(a, GFP_KERNEL));
	kmem_cache_free(b, kmem_cache_alloc(b, GFP_KERNEL));
	if (orc_side_failslab(true, 1)) {
		orc_line(r, "failslab result=unavailable");
	} else {
		orc_failslab_try(r, b, "filter-on plain", nowait, &objs[0]);
		orc_failslab_try(r, a, "filter-on marked", nowait, &objs[1]);
		orc_side_failslab(true, 1);
		orc_failslab_try(r, a, "filter-on marked-reclaim", GFP_KERNEL,
				 &objs[2]);
		orc_side_failslab(false, 1);
		orc_failslab_try(r, b, "filter-off plain", nowait, &objs[3]);
		orc_side_failslab(false, 0);
	}
	orc_look(r, a, "marked");
	/* kmem_cache_free(b, NULL) oopses in 6.12: a failed slot stays NULL. */
	if (objs[0])
		kmem_cache_free(b, objs[0]);
	if (objs[3])
		kmem_cache_free(b, objs[3]);
	objs[0] = NULL;
	objs[3] = NULL;
	kmem_cache_destroy(b);
	orc_free_all(a, objs, 4);
	orc_end(r, a);
}

/* A full CPU slab deactivated (DEACTIVATE_FULL): on a node mismatch, on a flush. */
static void sc_deactivate_full(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s), i;

	orc_alloc_n(s, objs, per);
	orc_look(r, s, "cpu-slab-full");
	for (i = per; i < 2 * per; i++)
		objs[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	orc_nodes(r, "node1", objs + per, 1);
	orc_look(r, s, "node-mismatch");
	/* Only CPU 0 has a slab: the flush is this CPU's alone. */
	kmem_cache_shrink(s);
	orc_look(r, s, "flushed");
	orc_free_all(s, objs, 2 * per);
	orc_end(r, s);
}

/* /proc/slabinfo (get_slabinfo()) and sysfs over a long node partial list. */
static void sc_slabinfo_long_partial(struct orc_run *r, void **objs)
{
	static const char *const files[] = {
		"partial", "objects_partial", "objects", "slabs",
		"total_objects", "slabs_cpu_partial",
	};
	struct kmem_cache *s = orc_cache(r, 4096, 0, NULL);
	unsigned int per = orc_per_slab(s), slabs = ORC_MAX_OBJS / per, i;

	orc_alloc_n(s, objs, per * slabs);
	for (i = 0; i < slabs; i++) {
		kmem_cache_free(s, objs[i * per]);
		objs[i * per] = NULL;
	}
	orc_look(r, s, "one-free-per-slab");
	for (i = 0; i < ARRAY_SIZE(files); i++)
		orc_sysfs_show(r, s, "partials", files[i]);
	orc_slabinfo(r, s, "partials");
	kmem_cache_shrink(s);
	orc_look(r, s, "shrunk");
	orc_slabinfo(r, s, "shrunk");
	orc_free_all(s, objs, per * slabs);
	orc_end(r, s);
}

struct orc_rcu_obj {
	struct rcu_head rcu;
	char payload[112];
};

/*
 * kfree_rcu(), kvfree_rcu() and kfree_rcu_mightsleep() of a cache's
 * objects, all freed by kvfree_rcu_barrier().  Only what a flush leaves
 * is printed: the batches' work may free them on either CPU.
 */
static void sc_kfree_rcu(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, sizeof(struct orc_rcu_obj), 0, NULL);
	unsigned int per = orc_per_slab(s), n = 2 * per + 4, i;

	orc_alloc_n(s, objs, n);
	orc_look(r, s, "alloc");
	/* The first slab whole, every other object of the second. */
	for (i = 0; i < per; i++) {
		struct orc_rcu_obj *o = objs[i];

		if (i % 2)
			kfree_rcu(o, rcu);
		else
			kvfree_rcu(o, rcu);
		objs[i] = NULL;
	}
	for (i = per; i < 2 * per; i += 2) {
		kfree_rcu_mightsleep(objs[i]);
		objs[i] = NULL;
	}
	kvfree_rcu_barrier();
	kmem_cache_shrink(s);
	orc_lists(r, s, "barrier-shrunk");
	orc_sysfs_show(r, s, "barrier-shrunk", "objects");
	orc_free_all(s, objs, n);
	orc_end_how(r, s, false);
}

/* CPU 1 goes offline: slub_cpu_dead() flushes its slab and partial chain. */
static void sc_cpu_hotplug_flush(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, 0, NULL);
	unsigned int per = orc_per_slab(s), n = per + 3;
	int err;

	orc_alloc_on(1, s, objs, n);
	/* The full first slab onto CPU 1's partial chain. */
	orc_free_on(1, s, objs, 0, 1, 1);
	orc_look(r, s, "cpu1-slabs");
	err = orc_side_cpu_online(1, false);
	orc_line(r, "cpu1 offline result=%d", err);
	orc_look(r, s, "cpu1-dead");
	if (!err) {
		err = orc_side_cpu_online(1, true);
		orc_line(r, "cpu1 online result=%d", err);
	}
	orc_alloc_on(1, s, objs + n, 2);
	orc_objects(r, "cpu1-again", objs + n, 2);
	orc_look(r, s, "cpu1-again");
	orc_free_all(s, objs, n + 2);
	orc_end(r, s);
}

/*
 * remote_node_defrag_ratio (sysfs, in percent; ten times that inside): at
 * 0 get_any_partial() never takes another node's partial slabs; at 100 it
 * does unless get_cycles() % 1024 is past 1000.  The kernel's cycles are
 * the TSC's, so it skips about one refill in 45 at random: at 100 the
 * allocation is tried until it is served from node 1 (the new node-0 slab
 * of a miss shrunk away; eight misses in a row have a chance of 1e-13),
 * and only where it came from and the lists are printed.  A debug cache,
 * whose slabs stay on the node lists.
 */
static void sc_remote_ratio(struct orc_run *r, void **objs)
{
	struct kmem_cache *s = orc_cache(r, 256, SLAB_RED_ZONE, NULL);
	struct orc_geom g;
	unsigned int per, slabs, n, i, tries;

	orc_side_geometry(s, &g);
	per = g.objects;
	slabs = g.min_partial + 3;
	n = per * slabs;
	orc_alloc_on(1, s, objs, n);
	for (i = 0; i + 1 < slabs; i++)
		orc_free_on(1, s, objs, i * per, i * per + 1, 1);
	orc_look(r, s, "node1-partials");
	orc_sysfs_store(r, s, "remote_node_defrag_ratio", "0");
	objs[n] = kmem_cache_alloc(s, GFP_KERNEL);
	orc_nodes(r, "ratio0", objs + n, 1);
	orc_look(r, s, "ratio0");
	kmem_cache_free(s, objs[n]);
	kmem_cache_shrink(s);
	orc_look(r, s, "ratio0-shrunk");
	orc_sysfs_store(r, s, "remote_node_defrag_ratio", "100");
	orc_sysfs_show(r, s, "ratio100", "remote_node_defrag_ratio");
	for (tries = 0; tries < 8; tries++) {
		objs[n] = kmem_cache_alloc(s, GFP_KERNEL);
		if (orc_side_slab_node(objs[n]) == 1)
			break;
		kmem_cache_free(s, objs[n]);
		kmem_cache_shrink(s);
	}
	orc_nodes(r, "ratio100", objs + n, 1);
	orc_lists(r, s, "ratio100");
	orc_free_all(s, objs, n + 1);
	orc_end_how(r, s, false);
}

/* kmalloc_node() with __GFP_THISNODE: the node asked for, from either CPU's side. */
static void sc_kmalloc_thisnode(struct orc_run *r, void **objs)
{
	static const size_t sizes[] = { 64, 700, 3000 };
	unsigned int i;
	int node;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		for (node = 0; node < ORC_NODES; node++) {
			void *p = kmalloc_node(sizes[i], GFP_KERNEL | __GFP_THISNODE,
					       node);
			struct kmem_cache *c = p ? orc_side_cache_of(p) : NULL;

			orc_line(r, "kmalloc-node %zu want=%d got=%d cache=%s",
				 sizes[i], node, p ? orc_side_slab_node(p) : -1,
				 c ? orc_side_cache_name(c) : "-");
			kfree(p);
		}
}

/*
 * What a scenario needs of the machine and the allocator.  It is skipped,
 * saying so, where that is missing: on SLUB_TINY (no slub_debug: the
 * debug scenarios' planted corruption would go unseen and break the
 * freelist) and on a machine with one node.
 */
#define ORC_NEEDS_DEBUG		1U	/* slub_debug's checks and reports */
#define ORC_NEEDS_NODES		2U	/* two NUMA nodes */

static const struct {
	const char *name;
	orc_scenario_fn *fn;
	unsigned int needs;
} orc_scenarios[] = {
	{ "alloc_free_fast", sc_alloc_free_fast, 0 },
	{ "fill_slab", sc_fill_slab, 0 },
	{ "free_fifo", sc_free_fifo, 0 },
	{ "free_lifo", sc_free_lifo, 0 },
	{ "cpu_partial_fill", sc_cpu_partial_fill, 0 },
	{ "min_partial_discard", sc_min_partial_discard, 0 },
	{ "remote_free_cpu_slab", sc_remote_free_cpu_slab, 0 },
	{ "remote_free_full_slab", sc_remote_free_full_slab, 0 },
	{ "remote_alloc", sc_remote_alloc, 0 },
	{ "node_mismatch", sc_node_mismatch, ORC_NEEDS_NODES },
	{ "alloc_node_each", sc_alloc_node_each, ORC_NEEDS_NODES },
	{ "shrink", sc_shrink, 0 },
	{ "flush_remote", sc_flush_remote, 0 },
	{ "bulk", sc_bulk, 0 },
	{ "bulk_mixed", sc_bulk_mixed, 0 },
	{ "ctor", sc_ctor, 0 },
	{ "gfp_zero", sc_gfp_zero, 0 },
	{ "kfree_cache_object", sc_kfree_cache_object, 0 },
	{ "typesafe_rcu", sc_typesafe_rcu, 0 },
	{ "debug_paths", sc_debug_paths, ORC_NEEDS_DEBUG },
	{ "redzone_placement", sc_redzone_placement, 0 },
	{ "hwcache_placement", sc_hwcache_placement, 0 },
	{ "node_partial_to_cpu", sc_node_partial_to_cpu, 0 },
	{ "krealloc", sc_krealloc, 0 },
	{ "buckets", sc_buckets, 0 },
	{ "merge", sc_merge, 0 },
	{ "refused_flags", sc_refused_flags, 0 },
	{ "debug_right_redzone", sc_debug_right_redzone, ORC_NEEDS_DEBUG },
	{ "debug_left_redzone", sc_debug_left_redzone, ORC_NEEDS_DEBUG },
	{ "debug_use_after_free", sc_debug_use_after_free, ORC_NEEDS_DEBUG },
	{ "debug_double_free", sc_debug_double_free, ORC_NEEDS_DEBUG },
	{ "debug_free_pointer", sc_debug_free_pointer, ORC_NEEDS_DEBUG },
	{ "kmalloc_bucket_40", sc_kmalloc_bucket_40, 0 },
	{ "remote_partial_drain", sc_remote_partial_drain, 0 },
	{ "cpu_partial_alloc", sc_cpu_partial_alloc, 0 },
	{ "free_remove_partial", sc_free_remove_partial, 0 },
	{ "size_roundup", sc_size_roundup, 0 },
	{ "kmalloc_large", sc_kmalloc_large, 0 },
	{ "krealloc_edges", sc_krealloc_edges, 0 },
	{ "poison_ctor", sc_poison_ctor, 0 },
	{ "rcu_freeptr_offset", sc_rcu_freeptr_offset, 0 },
	{ "bulk_large", sc_bulk_large, 0 },
	{ "crosswise", sc_crosswise, 0 },
	{ "reuse_contents", sc_reuse_contents, 0 },
	{ "remote_partial_threshold", sc_remote_partial_threshold, ORC_NEEDS_NODES },
	{ "deactivate_remote_frees", sc_deactivate_remote_frees, ORC_NEEDS_NODES },
	{ "min_partial_zero", sc_min_partial_zero, ORC_NEEDS_NODES },
	{ "debug_bulk", sc_debug_bulk, ORC_NEEDS_DEBUG },
	{ "shrink_sorts", sc_shrink_sorts, 0 },
	{ "sysfs", sc_sysfs, 0 },
	{ "debug_allocated_free_pointer", sc_debug_allocated_free_pointer, ORC_NEEDS_DEBUG },
	{ "kmalloc_redzone", sc_kmalloc_redzone, ORC_NEEDS_DEBUG },
	{ "failslab_filter", sc_failslab_filter, 0 },
	{ "deactivate_full", sc_deactivate_full, ORC_NEEDS_NODES },
	{ "slabinfo_long_partial", sc_slabinfo_long_partial, 0 },
	{ "kfree_rcu", sc_kfree_rcu, 0 },
	{ "cpu_hotplug_flush", sc_cpu_hotplug_flush, 0 },
	{ "remote_ratio", sc_remote_ratio, ORC_NEEDS_NODES },
	{ "kmalloc_thisnode", sc_kmalloc_thisnode, ORC_NEEDS_NODES },
};

void orc_run_behaviour(void)
{
	struct orc_run r;
	void **objs = kcalloc(ORC_MAX_OBJS, sizeof(*objs), GFP_KERNEL);
	unsigned int i;

	orc_begin(&r, "machine");
	orc_line(&r, "topology cpu0_node=%d cpu1_node=%d", cpu_to_node(0), cpu_to_node(1));
	if (!objs)
		return;
	for (i = 0; i < ARRAY_SIZE(orc_scenarios); i++) {
		unsigned int needs = orc_scenarios[i].needs;

		orc_begin(&r, orc_scenarios[i].name);
		if ((needs & ORC_NEEDS_DEBUG) && !IS_ENABLED(CONFIG_SLUB_DEBUG)) {
			orc_line(&r, "skipped needs=slub_debug");
			continue;
		}
		if ((needs & ORC_NEEDS_NODES) && nr_node_ids < 2) {
			orc_line(&r, "skipped needs=nodes");
			continue;
		}
		memset(objs, 0, ORC_MAX_OBJS * sizeof(*objs));
		orc_scenarios[i].fn(&r, objs);
	}
	orc_begin(&r, "behaviour");
	orc_line(&r, "run scenarios=%u", (unsigned int)ARRAY_SIZE(orc_scenarios));
	kfree(objs);
}
