// SPDX-License-Identifier: GPL-2.0
/*
 * The read-only attributes of /sys/kernel/slab/<cache>/, formatted as the
 * kernel formats them, so tools written for the kernel's files can read
 * libslab's.  The userspace shim writes them out as a directory tree
 * (sim_sysfs_export()); the counts come from the same node and per-CPU
 * state as the kernel's.
 * Kernel counterparts (mm/slub.c): show_slab_objects() and the
 * <attribute>_show() functions, STAT_ATTR().
 */
#include <linux/jiffies.h>
#include <linux/sort.h>
#include "slab.h"

/* What show_slab_objects() counts. */
#define SO_ALL		BIT(0)	/* all slabs on the node counters */
#define SO_PARTIAL	BIT(1)	/* node partial slabs */
#define SO_CPU		BIT(2)	/* cpu slabs and cpu partial slabs */
#define SO_OBJECTS	BIT(3)	/* objects in use, not slabs */
#define SO_TOTAL	BIT(4)	/* objects in all, not slabs */

static int show_slab_objects(struct kmem_cache *s, char *buf, size_t size,
			     unsigned long flags)
{
	unsigned long nodes[MAX_NUMNODES] = { 0 }, total = 0, x;
	struct kmem_cache_node *n;
	unsigned int cpu;
	int node, len;

	if (flags & SO_CPU) {
		for_each_possible_cpu(cpu) {
			struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);
			struct slab *slab = READ_ONCE(c->slab);

			if (slab) {
				/* the CPU may be using the slab: a snapshot */
				unsigned int inuse = data_race((unsigned int)slab->inuse);

				x = flags & SO_TOTAL ? slab->objects :
				    flags & SO_OBJECTS ? inuse : 1;
				total += x;
				nodes[slab_nid(slab)] += x;
			}
			slab = READ_ONCE(c->partial);
			if (slab && !(flags & (SO_TOTAL | SO_OBJECTS))) {
				/* the chain's count, as its owner last set it */
				x = data_race(slab->slabs);
				total += x;
				nodes[slab_nid(slab)] += x;
			}
		}
	}
	if (flags & SO_ALL) {
		for_each_kmem_cache_node(s, node, n) {
			if (flags & SO_TOTAL)
				x = atomic_long_read(&n->total_objects);
			else if (flags & SO_OBJECTS)
				x = atomic_long_read(&n->total_objects) -
				    count_partial(n, PARTIAL_FREE);
			else
				x = node_nr_slabs(n);
			total += x;
			nodes[node] += x;
		}
	} else if (flags & SO_PARTIAL) {
		for_each_kmem_cache_node(s, node, n) {
			if (flags & (SO_TOTAL | SO_OBJECTS))
				x = count_partial(n, flags & SO_TOTAL ?
						     PARTIAL_TOTAL : PARTIAL_INUSE);
			else
				/* a lockless read, as sysfs reads it */
				x = data_race(n->nr_partial);
			total += x;
			nodes[node] += x;
		}
	}
	len = scnprintf(buf, size, "%lu", total);
	if (nr_node_ids > 1)
		for (node = 0; node < nr_node_ids; node++)
			if (nodes[node])
				len += scnprintf(buf + len, size - len, " N%d=%lu",
						 node, nodes[node]);
	len += scnprintf(buf + len, size - len, "\n");
	return len;
}

static int slabs_cpu_partial_show(struct kmem_cache *s, char *buf, size_t size)
{
	int slabs = 0, len;
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		struct slab *slab = READ_ONCE(per_cpu_ptr(s->cpu_slab, cpu)->partial);

		if (slab)	/* the chain's count, as its owner last set it */
			slabs += data_race(slab->slabs);
	}
	/* Cpu partial slabs are assumed half full (set_partial_limits()). */
	len = scnprintf(buf, size, "%d(%d)", slabs * (int)oo_objects(s->oo) / 2,
			slabs);
	for_each_online_cpu(cpu) {
		struct slab *slab = READ_ONCE(per_cpu_ptr(s->cpu_slab, cpu)->partial);

		if (slab) {
			/* the chain's count, as its owner last set it */
			slabs = data_race(slab->slabs);
			len += scnprintf(buf + len, size - len, " C%u=%d(%d)", cpu,
					 slabs * (int)oo_objects(s->oo) / 2, slabs);
		}
	}
	len += scnprintf(buf + len, size - len, "\n");
	return len;
}

/* Attributes that are one number. */
static long number_attr(struct kmem_cache *s, const char *name, bool *found)
{
	static const struct { const char *name; slab_flags_t flag; } flag_attrs[] = {
		{ "reclaim_account", SLAB_RECLAIM_ACCOUNT },
		{ "hwcache_align", SLAB_HWCACHE_ALIGN },
		{ "cache_dma", SLAB_CACHE_DMA },
		{ "destroy_by_rcu", SLAB_TYPESAFE_BY_RCU },
		{ "sanity_checks", SLAB_CONSISTENCY_CHECKS },
		{ "trace", SLAB_TRACE },
		{ "red_zone", SLAB_RED_ZONE },
		{ "poison", SLAB_POISON },
		{ "store_user", SLAB_STORE_USER },
		{ "failslab", SLAB_FAILSLAB },
	};
	unsigned int i;

	*found = true;
	if (!strcmp(name, "slab_size"))
		return s->size;
	if (!strcmp(name, "align"))
		return s->align;
	if (!strcmp(name, "object_size"))
		return s->object_size;
	if (!strcmp(name, "objs_per_slab"))
		return oo_objects(s->oo);
	if (!strcmp(name, "order"))
		return oo_order(s->oo);
	if (!strcmp(name, "min_partial"))
		return s->min_partial;
	if (!strcmp(name, "cpu_partial"))
		return s->cpu_partial;
	if (!strcmp(name, "aliases"))
		return s->refcount < 0 ? 0 : s->refcount - 1;
	if (!strcmp(name, "usersize"))
		return s->usersize;
	for (i = 0; i < ARRAY_SIZE(flag_attrs); i++)
		if (!strcmp(name, flag_attrs[i].name))
			return !!(s->flags & flag_attrs[i].flag);
	*found = false;
	return 0;
}

/* One caller in an alloc_calls/free_calls listing (mm/slub.c struct location). */
struct location {
	unsigned long count;
	unsigned long addr;
	unsigned long sum_time, min_time, max_time;
	long min_pid, max_pid;
	cpumask_t cpus;
	nodemask_t nodes;
};

struct loc_track {
	unsigned long max, count;
	struct location *loc;
};

static bool add_location(struct loc_track *t, struct track *track, int node)
{
	unsigned long age = jiffies - track->when, i;
	struct location *l;

	for (i = 0; i < t->count && t->loc[i].addr != track->addr; i++)
		;
	if (i == t->count) {
		if (t->count == t->max) {
			unsigned long max = t->max ? 2 * t->max : 64;
			struct location *grown = krealloc(t->loc, max * sizeof(*grown),
							  GFP_ATOMIC);

			if (!grown)
				return false;
			t->loc = grown;
			t->max = max;
		}
		l = &t->loc[t->count++];
		memset(l, 0, sizeof(*l));
		l->addr = track->addr;
		l->min_time = age;
		l->max_time = age;
		l->min_pid = track->pid;
		l->max_pid = track->pid;
	}
	l = &t->loc[i];
	l->count++;
	l->sum_time += age;
	l->min_time = min(l->min_time, age);
	l->max_time = max(l->max_time, age);
	l->min_pid = min_t(long, l->min_pid, track->pid);
	l->max_pid = max_t(long, l->max_pid, track->pid);
	cpumask_set_cpu(track->cpu, &l->cpus);
	node_set(node, l->nodes);
	return true;
}

/* The in-use objects of slab into t, by their alloc or free track. */
static void process_slab(struct loc_track *t, struct kmem_cache *s,
			 struct slab *slab, enum track_item alloc,
			 unsigned long *map)
{
	void *addr = slab_address(slab), *p;

	fill_free_map(s, slab, map);
	for_each_object(p, s, addr, slab->objects) {
		struct track *track = get_track(s, p, alloc);

		if (!test_bit(obj_to_index(s, slab, p), map) && track->addr)
			add_location(t, track, slab_nid(slab));
	}
}

/* "0-1,3" for a set of bits. */
static int format_bit_list(char *buf, size_t size, const unsigned long *bits,
			   unsigned int nbits)
{
	unsigned int i = 0, start;
	int len = 0;

	while (i < nbits) {
		if (!test_bit(i, bits)) {
			i++;
			continue;
		}
		start = i;
		while (i + 1 < nbits && test_bit(i + 1, bits))
			i++;
		len += scnprintf(buf + len, size - len, len ? ",%u" : "%u", start);
		if (i > start)
			len += scnprintf(buf + len, size - len, "-%u", i);
		i++;
	}
	return len;
}

static int cmp_location_count(const void *a, const void *b)
{
	const struct location *la = a, *lb = b;

	return la->count < lb->count ? 1 : la->count > lb->count ? -1 : 0;
}

/* alloc_calls / free_calls: who allocated (last freed) the live objects. */
static int show_calls(struct kmem_cache *s, char *buf, size_t size,
		      enum track_item alloc)
{
	struct loc_track t = { 0 };
	struct kmem_cache_node *n;
	unsigned long *map, flags, i;
	struct slab *slab;
	int node, len = 0;

	if (!(s->flags & SLAB_STORE_USER))
		return -ENOENT;
	map = bitmap_zalloc(oo_objects(s->oo), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	flush_all(s);
	slab_tool_metadata_begin();
	for_each_kmem_cache_node(s, node, n) {
		spin_lock_irqsave(&n->list_lock, flags);
		list_for_each_entry(slab, &n->partial, slab_list)
			process_slab(&t, s, slab, alloc, map);
		list_for_each_entry(slab, &n->full, slab_list)
			process_slab(&t, s, slab, alloc, map);
		spin_unlock_irqrestore(&n->list_lock, flags);
	}
	slab_tool_metadata_end();
	bitmap_free(map);
	sort(t.loc, t.count, sizeof(*t.loc), cmp_location_count, NULL);
	for (i = 0; i < t.count && len < (int)size - 128; i++) {
		struct location *l = &t.loc[i];

		len += scnprintf(buf + len, size - len, "%7lu %pS", l->count,
				 (void *)l->addr);
		if (l->sum_time != l->min_time)
			len += scnprintf(buf + len, size - len, " age=%lu/%lu/%lu",
					 l->min_time, l->sum_time / l->count,
					 l->max_time);
		else
			len += scnprintf(buf + len, size - len, " age=%lu",
					 l->min_time);
		if (l->min_pid != l->max_pid)
			len += scnprintf(buf + len, size - len, " pid=%ld-%ld",
					 l->min_pid, l->max_pid);
		else
			len += scnprintf(buf + len, size - len, " pid=%ld",
					 l->min_pid);
		if (num_online_cpus() > 1) {
			len += scnprintf(buf + len, size - len, " cpus=");
			len += format_bit_list(buf + len, size - len, cpumask_bits(&l->cpus),
					       nr_cpu_ids);
		}
		if (nr_node_ids > 1) {
			len += scnprintf(buf + len, size - len, " nodes=");
			len += format_bit_list(buf + len, size - len,
					       l->nodes.bits, nr_node_ids);
		}
		len += scnprintf(buf + len, size - len, "\n");
	}
	if (!t.count)
		len = scnprintf(buf, size, "No data\n");
	kfree(t.loc);
	return len;
}

/* Every attribute libslab provides, in the kernel's order. */
static const char *const attr_names[] = {
	"slab_size", "align", "object_size", "objs_per_slab", "order",
	"min_partial", "cpu_partial", "ctor", "aliases", "partial",
	"cpu_slabs", "objects_partial", "slabs_cpu_partial",
	"reclaim_account", "hwcache_align", "cache_dma", "usersize",
	"destroy_by_rcu", "slabs", "total_objects", "objects",
	"sanity_checks", "trace", "red_zone", "poison", "store_user",
	"failslab", "alloc_calls", "free_calls",
};

const char *libslab_sysfs_attr(unsigned int i)
{
	if (i < ARRAY_SIZE(attr_names))
		return attr_names[i];
	i -= ARRAY_SIZE(attr_names);
	return libslab_stat_name((int)i);
}
EXPORT_SYMBOL(libslab_sysfs_attr);

int libslab_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
		       size_t size)
{
	bool found;
	long value = number_attr(s, name, &found);
	int item;

	if (found)
		return scnprintf(buf, size, "%ld\n", value);
	if (!strcmp(name, "ctor"))
		return s->ctor ? scnprintf(buf, size, "%pS\n", (void *)s->ctor) : 0;
	if (!strcmp(name, "partial"))
		return show_slab_objects(s, buf, size, SO_PARTIAL);
	if (!strcmp(name, "cpu_slabs"))
		return show_slab_objects(s, buf, size, SO_CPU);
	if (!strcmp(name, "objects_partial"))
		return show_slab_objects(s, buf, size, SO_PARTIAL | SO_OBJECTS);
	if (!strcmp(name, "slabs"))
		return show_slab_objects(s, buf, size, SO_ALL);
	if (!strcmp(name, "total_objects"))
		return show_slab_objects(s, buf, size, SO_ALL | SO_TOTAL);
	if (!strcmp(name, "objects"))
		return show_slab_objects(s, buf, size, SO_ALL | SO_OBJECTS);
	if (!strcmp(name, "slabs_cpu_partial"))
		return slabs_cpu_partial_show(s, buf, size);
	if (!strcmp(name, "alloc_calls"))
		return show_calls(s, buf, size, TRACK_ALLOC);
	if (!strcmp(name, "free_calls"))
		return show_calls(s, buf, size, TRACK_FREE);
	item = libslab_stat_item(name);
	if (item >= 0)
		return libslab_stat_show(s, item, buf, size);
	return -ENOENT;
}
EXPORT_SYMBOL(libslab_sysfs_show);

int libslab_walk_caches(int (*fn)(struct kmem_cache *, void *), void *arg)
{
	struct kmem_cache *s, **caches;
	unsigned int nr = 0, i = 0;
	int ret = 0;

	/* Take a list, then call fn without the mutex, so fn may use the API. */
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list)
		nr++;
	/* NOLINTNEXTLINE(bugprone-sizeof-expression): pointers */
	caches = kmalloc_array(nr ? nr : 1, sizeof(*caches), GFP_KERNEL);
	if (caches)
		list_for_each_entry(s, &slab_caches, list)
			caches[i++] = s;
	mutex_unlock(&slab_mutex);
	if (!caches)
		return -ENOMEM;
	nr = i;
	for (i = 0; i < nr && !ret; i++)
		ret = fn(caches[i], arg);
	kfree(caches);
	return ret;
}
EXPORT_SYMBOL(libslab_walk_caches);
