/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The differential oracle: scenarios written once (slub_oracle_scenarios.c)
 * that drive a SLUB allocator through its kernel API and print canonical
 * observation lines, run on two sides:
 *
 *   kernel  Linux 6.12's own SLUB, in a KUnit suite built inside mm/
 *           (kernel/oracle/), booted in QEMU;
 *   user    libslab in userspace (tests/oracle/oracle_user.c).
 *
 * Each side supplies the few primitives below that read allocator state a
 * kernel API does not show; everything else is common code.  A line is
 * "slub_oracle: <scenario> <observation>"; tests/oracle/compare.py compares
 * the two sides' lines, minus the differences tests/oracle/allow.txt
 * explains; it compares the key lines of the slub_debug reports a scenario
 * provokes as well (the BUG banner, what was overwritten, the FIX lines,
 * the slab and object lines, the owners), with addresses, ages and pids
 * normalised.
 */
#ifndef LIBSLAB_SLUB_ORACLE_H
#define LIBSLAB_SLUB_ORACLE_H

#include <linux/slab.h>

/* Nodes the observations cover (the oracle boots with numa=fake=2). */
#define ORC_NODES		2
/* Number of 6.12 SLUB_STATS counters (enum stat_item in mm/slub.c). */
#define ORC_NR_STATS		26

/* A cache's geometry as the allocator computed it. */
struct orc_geom {
	unsigned int size, object_size, offset, inuse, align, red_left_pad;
	unsigned int order, objects, min_order, min_objects;
	unsigned int cpu_partial, cpu_partial_slabs;
	unsigned int useroffset, usersize;
	unsigned long min_partial;
	slab_flags_t flags;
};

/* Where a cache's slabs are, seen from one CPU and every node. */
struct orc_state {
	const void *cpu_slab;		/* base of the CPU slab, or NULL */
	unsigned int cpu_free;		/* objects on the CPU freelist */
	unsigned int cpu_partial;	/* slabs on the CPU partial chain */
	unsigned long node_partial[ORC_NODES];
	unsigned long node_slabs[ORC_NODES];
	unsigned long node_objects[ORC_NODES];
};

/* ---- what each side supplies ---- */

/* Fill g with s's geometry. */
void orc_side_geometry(struct kmem_cache *s, struct orc_geom *g);
/* Fill st with s's slabs as seen from cpu. */
void orc_side_state(struct kmem_cache *s, int cpu, struct orc_state *st);
/* Counter item (enum stat_item order) of s summed over CPUs; 0 without stats. */
unsigned long orc_side_stat(struct kmem_cache *s, int item);
/* Base address of the slab obj lives in; NULL if obj is in none. */
const void *orc_side_slab_base(const void *obj);
/* Cache of the slab obj lives in; NULL if obj is in none. */
struct kmem_cache *orc_side_cache_of(const void *obj);
/* The name s was created with (for a merged cache, the first one's). */
const char *orc_side_cache_name(struct kmem_cache *s);
/* Node of the slab obj lives in. */
int orc_side_slab_node(const void *obj);
/*
 * Make s refill from another node's partial slabs whenever its own node
 * has none: the one setting the oracle changes.  6.12's get_any_partial()
 * skips them when get_cycles() % 1024 exceeds remote_node_defrag_ratio,
 * which sysfs caps at 1000, so about 2 % of refills on a remote node
 * would differ at random; libslab never skips (docs/fidelity.md).
 */
void orc_side_refill_from_any_node(struct kmem_cache *s);
/* Run fn(arg) in a task bound to cpu and wait for it; its result. */
long orc_side_on_cpu(int cpu, long (*fn)(void *), void *arg);
/* What /proc/slabinfo shows of a cache (get_slabinfo()). */
struct orc_slabinfo {
	unsigned long active_objs, num_objs, active_slabs, num_slabs;
	unsigned int objects_per_slab, cache_order;
};

/* Fill info with s's slabinfo numbers: 0, or -EOPNOTSUPP without them. */
int orc_side_slabinfo(struct kmem_cache *s, struct orc_slabinfo *info);
/*
 * Read s's sysfs file name (/sys/kernel/slab/<cache>/<name>) into buf as
 * its show function writes it: the length, or a negative errno.
 */
int orc_side_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
			size_t size);
/* Write value to s's sysfs file name: the store function's result. */
int orc_side_sysfs_store(struct kmem_cache *s, const char *name,
			 const char *value);
/*
 * Take cpu offline, which runs the allocator's CPU-dead callback
 * (slub_cpu_dead(): the CPU's slabs flushed), or bring it back: 0 or a
 * negative errno.
 */
int orc_side_cpu_online(int cpu, bool online);
/*
 * failslab as its debugfs knobs set it: the cache filter (cache-filter)
 * on or off, and the calling task's fail_nth (/proc/self/fail-nth: fail
 * its nth fault-injection check).  0, or -EOPNOTSUPP without failslab.
 */
int orc_side_failslab(bool cache_filter, unsigned int fail_nth);
/* What is left of the calling task's fail_nth. */
unsigned int orc_side_fail_nth(void);
/*
 * The kernel side's way to failslab's cache filter, at the end of
 * mm/failslab.c (kernel/oracle/slub_oracle_failslab.c).
 */
void orc_failslab_cache_filter(bool on);
/* Check every slab of s as sysfs "validate" does: validate_slab_cache()'s result. */
int orc_side_validate(struct kmem_cache *s);
/*
 * The reports of the next step, provoked on purpose, begin (true) or ended
 * (false): each side marks them on its console, and compare.py turns the
 * lines between into "slub_oracle: <scenario> report <line>"; a report
 * outside the marks fails the run.
 */
void orc_side_expect_report(const char *scenario, bool begin);
/* Print one finished observation line. */
void orc_side_emit(const char *line);

/* ---- the common part ---- */

/* The scenario being run and the slabs it has seen, for canonical names. */
struct orc_run;

/* Run the geometry sweep (caches created and destroyed, geometry printed). */
void orc_run_geometry(void);
/* Run the kmalloc observations (every size class and type). */
void orc_run_kmalloc(void);
/* Run every behaviour scenario; the caller runs on CPU 0, pinned. */
void orc_run_behaviour(void);

#endif
