// SPDX-License-Identifier: GPL-2.0
/*
 * The files of /sys/kernel/slab/<cache>/ and of /sys/kernel/debug/slab/<cache>/,
 * formatted as Linux 6.12 formats them, so tools written for the kernel's
 * files can read libslab's.  One table, slab_attrs[] below, lists every
 * sysfs file with its show and store functions, its mode and the option
 * it depends on: the listing (libslab_sysfs_attr()), the reads and writes
 * (libslab_sysfs_show(), libslab_sysfs_store()) and the userspace export
 * (front/sysfs_export.c) all walk it.  The counts come from the same
 * node and per-CPU state as the kernel's.
 * Kernel counterparts (mm/slub.c): slab_attrs[], show_slab_objects(), the
 * <attribute>_show() and _store() functions, STAT_ATTR(), show_stat(),
 * clear_stat(), slab_attr_show(), slab_attr_store(); for the directory
 * and link names sysfs_slab_add(), create_unique_id(), sysfs_slab_alias();
 * for debugfs struct
 * location, add_location(), process_slab(), slab_debug_trace_open(),
 * cmp_loc_by_count(), slab_debugfs_show(), debugfs_slab_add().
 */
#include "slab.h"

/* What show_slab_objects() counts. */
#define SO_ALL		BIT(0)	/* all slabs on the node counters */
#define SO_PARTIAL	BIT(1)	/* node partial slabs */
#define SO_CPU		BIT(2)	/* cpu slabs and cpu partial slabs */
#define SO_OBJECTS	BIT(3)	/* objects in use, not slabs */
#define SO_TOTAL	BIT(4)	/* objects in all, not slabs */

/* show_slab_objects(): "<total> N<node>=<n> ...\n". */
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
			/* the CPU may be using the slab: a snapshot */
			unsigned int inuse;

			/*
			 * As 6.12 does, a CPU without an active slab is
			 * passed over whole: its partial slabs go uncounted.
			 */
			if (!slab)
				continue;
			/* racy, as 6.12's show_slab_objects() reads it */
			inuse = data_race((unsigned int)slab->inuse);
			x = flags & SO_TOTAL ? slab->objects :
			    flags & SO_OBJECTS ? inuse : 1;
			total += x;
			nodes[slab_nid(slab)] += x;
			slab = READ_ONCE(c->partial);
			/* only slab counts are asked of the cpu partial slabs */
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
	/* CONFIG_NUMA: every node with a count, even on a one-node machine */
	for (node = 0; IS_ENABLED(CONFIG_LIBSLAB_NUMA) && node < nr_node_ids; node++)
		if (nodes[node])
			len += scnprintf(buf + len, size - len, " N%d=%lu",
					 node, nodes[node]);
	len += scnprintf(buf + len, size - len, "\n");
	return len;
}

/* The options a file depends on (the #ifdefs around slab_attrs[] entries). */
enum attr_config {
	ATTR_ALWAYS = 0,	/* what a row that names no option gets */
	ATTR_SLUB_DEBUG,
	ATTR_ZONE_DMA,
	ATTR_NUMA,
	ATTR_SLUB_STATS,
	ATTR_FAILSLAB,
	ATTR_HARDENED_USERCOPY,
	ATTR_KFENCE,
};

/*
 * Whether the modelled kernel has the option: each follows the build
 * (slabcore_bare and the module turn debug, stats and failslab off; a
 * kernel on libslab sets them all from its own options, and the
 * userspace builds model a NUMA kernel with ZONE_DMA and
 * HARDENED_USERCOPY).  skip_kfence is there with the kernel's KFENCE,
 * which the userspace builds never have.
 */
static bool attr_config_on(enum attr_config config)
{
	switch (config) {
	case ATTR_SLUB_DEBUG:
		return IS_ENABLED(CONFIG_LIBSLAB_DEBUG);
	case ATTR_SLUB_STATS:
		return IS_ENABLED(CONFIG_LIBSLAB_STATS);
	case ATTR_FAILSLAB:
		return IS_ENABLED(CONFIG_LIBSLAB_FAILSLAB);
	case ATTR_ZONE_DMA:
		return IS_ENABLED(CONFIG_LIBSLAB_ZONE_DMA);
	case ATTR_NUMA:
		return IS_ENABLED(CONFIG_LIBSLAB_NUMA);
	case ATTR_HARDENED_USERCOPY:
		return IS_ENABLED(CONFIG_LIBSLAB_HARDENED_USERCOPY);
	case ATTR_KFENCE:
		return IS_ENABLED(CONFIG_KFENCE);
	default:
		return true;
	}
}

struct slab_attr {
	const char *name;
	int (*show)(struct kmem_cache *s, const struct slab_attr *attr,
		    char *buf, size_t size);
	/* NULL for a read-only file */
	int (*store)(struct kmem_cache *s, const struct slab_attr *attr,
		     const char *buf, size_t len);
	unsigned short mode;	/* 0400 (SLAB_ATTR_RO) or 0600 (SLAB_ATTR) */
	enum attr_config config;
	union {
		slab_flags_t flag;	/* the flag a flag file shows */
		enum stat_item item;	/* the counter a stat file shows */
	};
};

#define SHOW(fn) \
	static int fn(struct kmem_cache *s, const struct slab_attr *attr, \
		      char *buf, size_t size)
#define STORE(fn) \
	static int fn(struct kmem_cache *s, const struct slab_attr *attr, \
		      const char *buf, size_t len)

/* slab_size_show() */
SHOW(slab_size_show)
{
	return scnprintf(buf, size, "%u\n", s->size);
}

/* align_show() */
SHOW(align_show)
{
	return scnprintf(buf, size, "%u\n", s->align);
}

/* object_size_show() */
SHOW(object_size_show)
{
	return scnprintf(buf, size, "%u\n", s->object_size);
}

/* objs_per_slab_show() */
SHOW(objs_per_slab_show)
{
	return scnprintf(buf, size, "%u\n", oo_objects(s->oo));
}

/* order_show() */
SHOW(order_show)
{
	return scnprintf(buf, size, "%u\n", oo_order(s->oo));
}

/* min_partial_show() */
SHOW(min_partial_show)
{
	return scnprintf(buf, size, "%lu\n", s->min_partial);
}

/* min_partial_store(): any unsigned long. */
STORE(min_partial_store)
{
	unsigned long min;
	int err = kstrtoul(buf, 10, &min);

	if (err)
		return err;
	s->min_partial = min;
	return len;
}

/* cpu_partial_show(): 0 without CONFIG_SLUB_CPU_PARTIAL (SLUB_TINY). */
SHOW(cpu_partial_show)
{
	return scnprintf(buf, size, "%u\n",
			 IS_ENABLED(CONFIG_LIBSLAB_TINY) ? 0 : s->cpu_partial);
}

/* cpu_partial_store(): non-zero only where cpu partial lists are used. */
STORE(cpu_partial_store)
{
	unsigned int objects;
	int err = kstrtouint(buf, 10, &objects);

	if (err)
		return err;
	if (objects && !kmem_cache_has_cpu_partial(s))
		return -EINVAL;
	slub_set_cpu_partial(s, objects);
	flush_all(s);
	return len;
}

/* ctor_show(): an empty file for a cache without a constructor. */
SHOW(ctor_show)
{
	return s->ctor ? scnprintf(buf, size, "%pS\n", (void *)s->ctor) : 0;
}

/* aliases_show() */
SHOW(aliases_show)
{
	return scnprintf(buf, size, "%d\n", s->refcount < 0 ? 0 : s->refcount - 1);
}

/* partial_show() */
SHOW(partial_show)
{
	return show_slab_objects(s, buf, size, SO_PARTIAL);
}

/* cpu_slabs_show() */
SHOW(cpu_slabs_show)
{
	return show_slab_objects(s, buf, size, SO_CPU);
}

/* objects_partial_show() */
SHOW(objects_partial_show)
{
	return show_slab_objects(s, buf, size, SO_PARTIAL | SO_OBJECTS);
}

/* slabs_cpu_partial_show(): "<objects>(<slabs>) C<cpu>=<objects>(<slabs>) ...\n". */
SHOW(slabs_cpu_partial_show)
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
			len += scnprintf(buf + len, size - len, " C%d=%d(%d)", (int)cpu,
					 slabs * (int)oo_objects(s->oo) / 2, slabs);
		}
	}
	len += scnprintf(buf + len, size - len, "\n");
	return len;
}

/*
 * The flag files, "0\n" or "1\n": reclaim_account_show(),
 * hwcache_align_show(), cache_dma_show(), destroy_by_rcu_show(),
 * sanity_checks_show(), trace_show(), red_zone_show(), poison_show(),
 * store_user_show(), failslab_show(), skip_kfence_show().
 */
SHOW(flag_show)
{
	return scnprintf(buf, size, "%d\n", !!(s->flags & attr->flag));
}

/* usersize_show() */
SHOW(usersize_show)
{
	return scnprintf(buf, size, "%u\n", s->usersize);
}

/* slabs_show() */
SHOW(slabs_show)
{
	return show_slab_objects(s, buf, size, SO_ALL);
}

/* total_objects_show() */
SHOW(total_objects_show)
{
	return show_slab_objects(s, buf, size, SO_ALL | SO_TOTAL);
}

/* objects_show() */
SHOW(objects_show)
{
	return show_slab_objects(s, buf, size, SO_ALL | SO_OBJECTS);
}

/* The action files read empty: validate_show(), shrink_show(). */
SHOW(empty_show)
{
	return 0;
}

/* validate_store(): "1" checks a debug cache; anything else is -EINVAL. */
STORE(validate_store)
{
	int ret = -EINVAL;

	if (buf[0] == '1' && kmem_cache_debug(s)) {
		ret = libslab_validate(s);
		if (ret >= 0)
			ret = len;
	}
	return ret;
}

/* failslab_store(): not for a cache shared with merged names. */
STORE(failslab_store)
{
	if (s->refcount > 1)
		return -EINVAL;
	if (buf[0] == '1')
		WRITE_ONCE(s->flags, s->flags | SLAB_FAILSLAB);
	else
		WRITE_ONCE(s->flags, s->flags & ~SLAB_FAILSLAB);
	return len;
}

/* skip_kfence_store(): "0" clears, "1" sets; anything else is -EINVAL. */
STORE(skip_kfence_store)
{
	if (buf[0] == '0')
		WRITE_ONCE(s->flags, s->flags & ~SLAB_SKIP_KFENCE);
	else if (buf[0] == '1')
		WRITE_ONCE(s->flags, s->flags | SLAB_SKIP_KFENCE);
	else
		return -EINVAL;
	return len;
}

/* shrink_store(): "1" shrinks; anything else is -EINVAL. */
STORE(shrink_store)
{
	if (buf[0] != '1')
		return -EINVAL;
	kmem_cache_shrink(s);
	return len;
}

/* remote_node_defrag_ratio_show(): kept in tenths, shown in percent. */
SHOW(remote_node_defrag_ratio_show)
{
	return scnprintf(buf, size, "%u\n", s->remote_node_defrag_ratio / 10);
}

/* remote_node_defrag_ratio_store(): 0 to 100. */
STORE(remote_node_defrag_ratio_store)
{
	unsigned int ratio;
	int err = kstrtouint(buf, 10, &ratio);

	if (err)
		return err;
	if (ratio > 100)
		return -ERANGE;
	s->remote_node_defrag_ratio = ratio * 10;
	return len;
}

/*
 * show_stat(): "<sum> C<cpu>=<n> ...\n" over the online CPUs, each CPU's
 * counter as the unsigned int it is.
 */
static int show_stat(struct kmem_cache *s, int item, char *buf, size_t size)
{
	unsigned long sum = 0;
	unsigned int cpu;
	int len;

	for_each_online_cpu(cpu)	/* each CPU's counter as it stands */
		sum += data_race(per_cpu_ptr(s->cpu_slab, cpu)->stat[item]);
	len = scnprintf(buf, size, "%lu", sum);
	for_each_online_cpu(cpu) {
		/* each CPU's counter as it stands */
		unsigned int x = data_race(per_cpu_ptr(s->cpu_slab, cpu)->stat[item]);

		if (x)
			len += scnprintf(buf + len, size - len, " C%d=%u", (int)cpu, x);
	}
	len += scnprintf(buf + len, size - len, "\n");
	return len;
}

/* clear_stat(): the online CPUs' counters. */
static void clear_stat(struct kmem_cache *s, int item)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		WRITE_ONCE(per_cpu_ptr(s->cpu_slab, cpu)->stat[item], 0);
}

/* The stat files of STAT_ATTR(). */
SHOW(stat_show)
{
	return show_stat(s, attr->item, buf, size);
}

/* STAT_ATTR()'s store: only "0" (clears). */
STORE(stat_store)
{
	if (buf[0] != '0')
		return -EINVAL;
	clear_stat(s, attr->item);
	return len;
}

/*
 * A row names its option (.config) only if the file depends on one, as
 * 6.12 lists such files inside #ifdef blocks; the rest of the rows get
 * ATTR_ALWAYS, the zero value.
 */
#define ATTR_RO(_name, ...) \
	{ .name = #_name, .show = _name##_show, .mode = 0400, __VA_ARGS__ }
#define ATTR_RW(_name, ...) \
	{ .name = #_name, .show = _name##_show, .store = _name##_store, \
	  .mode = 0600, __VA_ARGS__ }
#define ATTR_FLAG(_name, _flag, ...) \
	{ .name = #_name, .show = flag_show, .mode = 0400, .flag = _flag, \
	  __VA_ARGS__ }
#define ATTR_FLAG_RW(_name, _flag, ...) \
	{ .name = #_name, .show = flag_show, .store = _name##_store, \
	  .mode = 0600, .flag = _flag, __VA_ARGS__ }
#define ATTR_ACTION(_name, ...) \
	{ .name = #_name, .show = empty_show, .store = _name##_store, \
	  .mode = 0600, __VA_ARGS__ }
#define ATTR_STAT(_item, _name) \
	{ .name = #_name, .show = stat_show, .store = stat_store, .mode = 0600, \
	  .config = ATTR_SLUB_STATS, .item = _item }

/* 6.12's slab_attrs[], in its order. */
static const struct slab_attr slab_attrs[] = {
	ATTR_RO(slab_size),
	ATTR_RO(object_size),
	ATTR_RO(objs_per_slab),
	ATTR_RO(order),
	ATTR_RW(min_partial),
	ATTR_RW(cpu_partial),
	ATTR_RO(objects_partial),
	ATTR_RO(partial),
	ATTR_RO(cpu_slabs),
	ATTR_RO(ctor),
	ATTR_RO(aliases),
	ATTR_RO(align),
	ATTR_FLAG(hwcache_align, SLAB_HWCACHE_ALIGN),
	ATTR_FLAG(reclaim_account, SLAB_RECLAIM_ACCOUNT),
	ATTR_FLAG(destroy_by_rcu, SLAB_TYPESAFE_BY_RCU),
	ATTR_ACTION(shrink),
	ATTR_RO(slabs_cpu_partial),
	ATTR_RO(total_objects, .config = ATTR_SLUB_DEBUG),
	ATTR_RO(objects, .config = ATTR_SLUB_DEBUG),
	ATTR_RO(slabs, .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(sanity_checks, SLAB_CONSISTENCY_CHECKS,
		  .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(trace, SLAB_TRACE, .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(red_zone, SLAB_RED_ZONE, .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(poison, SLAB_POISON, .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(store_user, SLAB_STORE_USER, .config = ATTR_SLUB_DEBUG),
	ATTR_ACTION(validate, .config = ATTR_SLUB_DEBUG),
	ATTR_FLAG(cache_dma, SLAB_CACHE_DMA, .config = ATTR_ZONE_DMA),
	ATTR_RW(remote_node_defrag_ratio, .config = ATTR_NUMA),
	ATTR_STAT(ALLOC_FASTPATH, alloc_fastpath),
	ATTR_STAT(ALLOC_SLOWPATH, alloc_slowpath),
	ATTR_STAT(FREE_FASTPATH, free_fastpath),
	ATTR_STAT(FREE_SLOWPATH, free_slowpath),
	ATTR_STAT(FREE_FROZEN, free_frozen),
	ATTR_STAT(FREE_ADD_PARTIAL, free_add_partial),
	ATTR_STAT(FREE_REMOVE_PARTIAL, free_remove_partial),
	ATTR_STAT(ALLOC_FROM_PARTIAL, alloc_from_partial),
	ATTR_STAT(ALLOC_SLAB, alloc_slab),
	ATTR_STAT(ALLOC_REFILL, alloc_refill),
	ATTR_STAT(ALLOC_NODE_MISMATCH, alloc_node_mismatch),
	ATTR_STAT(FREE_SLAB, free_slab),
	ATTR_STAT(CPUSLAB_FLUSH, cpuslab_flush),
	ATTR_STAT(DEACTIVATE_FULL, deactivate_full),
	ATTR_STAT(DEACTIVATE_EMPTY, deactivate_empty),
	ATTR_STAT(DEACTIVATE_TO_HEAD, deactivate_to_head),
	ATTR_STAT(DEACTIVATE_TO_TAIL, deactivate_to_tail),
	ATTR_STAT(DEACTIVATE_REMOTE_FREES, deactivate_remote_frees),
	ATTR_STAT(DEACTIVATE_BYPASS, deactivate_bypass),
	ATTR_STAT(ORDER_FALLBACK, order_fallback),
	ATTR_STAT(CMPXCHG_DOUBLE_FAIL, cmpxchg_double_fail),
	ATTR_STAT(CMPXCHG_DOUBLE_CPU_FAIL, cmpxchg_double_cpu_fail),
	ATTR_STAT(CPU_PARTIAL_ALLOC, cpu_partial_alloc),
	ATTR_STAT(CPU_PARTIAL_FREE, cpu_partial_free),
	ATTR_STAT(CPU_PARTIAL_NODE, cpu_partial_node),
	ATTR_STAT(CPU_PARTIAL_DRAIN, cpu_partial_drain),
	ATTR_FLAG_RW(failslab, SLAB_FAILSLAB, .config = ATTR_FAILSLAB),
	ATTR_RO(usersize, .config = ATTR_HARDENED_USERCOPY),
	ATTR_FLAG_RW(skip_kfence, SLAB_SKIP_KFENCE, .config = ATTR_KFENCE),
};

/* The file called name, if the modelled kernel has it. */
static const struct slab_attr *find_attr(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(slab_attrs); i++)
		if (!strcmp(slab_attrs[i].name, name))
			return attr_config_on(slab_attrs[i].config) ?
			       &slab_attrs[i] : NULL;
	return NULL;
}

const char *libslab_sysfs_attr(unsigned int i)
{
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(slab_attrs); k++)
		if (attr_config_on(slab_attrs[k].config) && !i--)
			return slab_attrs[k].name;
	return NULL;
}
EXPORT_SYMBOL(libslab_sysfs_attr);

int libslab_sysfs_mode(const char *name)
{
	const struct slab_attr *attr = find_attr(name);

	return attr ? attr->mode : -ENOENT;
}
EXPORT_SYMBOL(libslab_sysfs_mode);

/* The kernel's slab_attr_show(). */
int libslab_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
		       size_t size)
{
	const struct slab_attr *attr = find_attr(name);

	if (!attr)
		return -ENOENT;
	if (size)
		buf[0] = '\0';
	return attr->show(s, attr, buf, size);
}
EXPORT_SYMBOL(libslab_sysfs_show);

/* The kernel's slab_attr_store(). */
int libslab_sysfs_store(struct kmem_cache *s, const char *name,
			const char *buf, size_t len)
{
	const struct slab_attr *attr = find_attr(name);

	if (!attr)
		return -ENOENT;
	/* a file without a store function */
	if (!attr->store)
		return -EIO;
	return attr->store(s, attr, buf, len);
}
EXPORT_SYMBOL(libslab_sysfs_store);

/*
 * The names in /sys/kernel/slab.  sysfs_slab_add() gives a cache that may
 * take other caches' names (a mergeable one) a directory named by what it
 * is, not by who asked for it first, and makes every name of it a symlink
 * to that directory: its own name there, each merged name as
 * __kmem_cache_alias() adds it (sysfs_slab_alias()).  A cache that can
 * never be merged has a directory of its own name.  The kernel decides
 * when it adds the directory; libslab when asked, from what stays fixed
 * while the cache lives (its flags, ctor, usersize, the boot caches'
 * refcount of -1, slab_nomerge and slub_debug= from the command line).
 */

/*
 * sysfs_slab_add()'s choice of the cache's own name: never mergeable, or
 * slub_debug=O with metadata debugging asked for every cache, where the
 * caches that lost it for their order are still named (not merged into).
 */
static bool sysfs_dir_is_cache_name(struct kmem_cache *s)
{
	return slab_unmergeable(s) ||
	       (slub_debug_order_sensitive() &&
		(slub_debug_global_flags() & DEBUG_METADATA_FLAGS));
}

/*
 * create_unique_id(): ":[<flags>-]<size>", the flags that merging matches
 * as letters, the slab size in at least seven digits.
 */
static int create_unique_id(struct kmem_cache *s, char *buf, size_t size)
{
	static const struct {
		slab_flags_t flag;
		char letter;
	} id_flags[] = {
		{ SLAB_CACHE_DMA, 'd' },
		{ SLAB_CACHE_DMA32, 'D' },
		{ SLAB_RECLAIM_ACCOUNT, 'a' },
		{ SLAB_CONSISTENCY_CHECKS, 'F' },
		{ SLAB_ACCOUNT, 'A' },
	};
	char letters[ARRAY_SIZE(id_flags) + 1];
	unsigned int i, n = 0;
	int len;

	for (i = 0; i < ARRAY_SIZE(id_flags); i++)
		if (s->flags & id_flags[i].flag)
			letters[n++] = id_flags[i].letter;
	letters[n] = '\0';
	len = snprintf(buf, size, ":%s%s%07u", letters, n ? "-" : "", s->size);
	return len >= 0 && (size_t)len < size ? len : -ENAMETOOLONG;
}

int libslab_sysfs_dir_name(struct kmem_cache *s, char *buf, size_t size)
{
	ssize_t len;

	if (!sysfs_dir_is_cache_name(s))
		return create_unique_id(s, buf, size);
	len = strscpy(buf, s->name, size);
	return len < 0 ? -ENAMETOOLONG : (int)len;
}
EXPORT_SYMBOL(libslab_sysfs_dir_name);

/* The links that the kernel's sysfs_slab_add() and sysfs_slab_alias() make. */
unsigned int libslab_sysfs_links(struct kmem_cache *s, const char **names,
				 unsigned int max)
{
	unsigned int own = 0;

	/*
	 * sysfs_slab_add(): the first name, when the directory has the id
	 * (what decides it does not change while the cache lives), then
	 * sysfs_slab_alias()'s.
	 */
	if (!sysfs_dir_is_cache_name(s)) {
		if (max)
			names[0] = s->name;
		own = 1;
	}
	return own + libslab_cache_aliases(s, names + min(own, max),
					   max > own ? max - own : 0);
}
EXPORT_SYMBOL(libslab_sysfs_links);

/*
 * The counters' names are their stat files' names, whether or not the
 * build shows the files.
 */
int libslab_stat_item(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(slab_attrs); i++)
		if (slab_attrs[i].show == stat_show &&
		    !strcmp(slab_attrs[i].name, name))
			return slab_attrs[i].item;
	return -EINVAL;
}
EXPORT_SYMBOL(libslab_stat_item);

const char *libslab_stat_name(int item)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(slab_attrs); i++)
		if (slab_attrs[i].show == stat_show &&
		    slab_attrs[i].item == item)
			return slab_attrs[i].name;
	return NULL;
}
EXPORT_SYMBOL(libslab_stat_name);

int libslab_stat_show(struct kmem_cache *s, int item, char *buf, size_t size)
{
	if (item < 0 || item >= NR_SLUB_STAT_ITEMS)
		return -EINVAL;
	return show_stat(s, item, buf, size);
}
EXPORT_SYMBOL(libslab_stat_show);

void libslab_stat_clear(struct kmem_cache *s, int item)
{
	if (item >= 0 && item < NR_SLUB_STAT_ITEMS)
		clear_stat(s, item);
}
EXPORT_SYMBOL(libslab_stat_clear);

/*
 * debugfs: /sys/kernel/debug/slab/<cache>/alloc_traces and free_traces of
 * a SLAB_STORE_USER cache, its live objects grouped by where they were
 * allocated (last freed).
 */

/* One group of objects (mm/slub.c struct location). */
struct location {
	depot_stack_handle_t handle;	/* the stack, 0 if none was saved */
	unsigned long count;
	unsigned long addr;		/* the caller */
	unsigned long waste;		/* bytes asked for less than object_size */
	long long sum_time;
	long min_time, max_time;
	long min_pid, max_pid;
	cpumask_t cpus;
	nodemask_t nodes;
};

/* The groups so far, sorted by (addr, handle, waste) while they are added. */
struct loc_track {
	unsigned long max, count;
	struct location *loc;
};

static bool alloc_loc_track(struct loc_track *t, unsigned long max, gfp_t gfp)
{
	struct location *grown = krealloc(t->loc, max * sizeof(*grown), gfp);

	if (!grown)
		return false;
	t->loc = grown;
	t->max = max;
	return true;
}

/* <0, 0, >0 as (addr, handle, waste) sorts before, as, after l's. */
static int location_key_cmp(const struct location *l, unsigned long addr,
			    depot_stack_handle_t handle, unsigned long waste)
{
	if (addr != l->addr)
		return addr < l->addr ? -1 : 1;
	if (handle != l->handle)
		return handle < l->handle ? -1 : 1;
	if (waste != l->waste)
		return waste < l->waste ? -1 : 1;
	return 0;
}

/*
 * add_location(): count an object with track (in a slab on node) and
 * orig_size bytes asked for into its group, or start the group.  An
 * object whose track was never written (when 0) still counts, but adds
 * no age, pid or CPU to a group that exists.
 */
static void add_location(struct loc_track *t, struct kmem_cache *s,
			 const struct track *track, unsigned int orig_size,
			 int node)
{
	unsigned long age = jiffies - track->when, lo = 0, hi = t->count, mid;
	depot_stack_handle_t handle = READ_ONCE(track->handle);
	unsigned long waste = s->object_size - orig_size;
	struct location *l;
	int cmp;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		l = &t->loc[mid];
		cmp = location_key_cmp(l, track->addr, handle, waste);
		if (!cmp) {
			l->count++;
			if (track->when) {
				l->sum_time += age;
				l->min_time = min_t(long, l->min_time, age);
				l->max_time = max_t(long, l->max_time, age);
				l->min_pid = min_t(long, l->min_pid, track->pid);
				l->max_pid = max_t(long, l->max_pid, track->pid);
				cpumask_set_cpu(track->cpu, &l->cpus);
			}
			node_set(node, l->nodes);
			return;
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	/* As the kernel's, a group that finds no room is left out. */
	if (t->count >= t->max && !alloc_loc_track(t, 2 * t->max, GFP_ATOMIC))
		return;
	l = &t->loc[lo];
	memmove(l + 1, l, (t->count - lo) * sizeof(*l));
	t->count++;
	memset(l, 0, sizeof(*l));
	l->count = 1;
	l->addr = track->addr;
	l->handle = handle;
	l->waste = waste;
	l->sum_time = age;
	l->min_time = age;
	l->max_time = age;
	l->min_pid = track->pid;
	l->max_pid = track->pid;
	cpumask_set_cpu(track->cpu, &l->cpus);
	node_set(node, l->nodes);
}

/* process_slab(): the in-use objects of slab into t. */
static void process_slab(struct loc_track *t, struct kmem_cache *s,
			 struct slab *slab, enum track_item alloc,
			 unsigned long *map)
{
	void *addr = slab_address(slab), *p;

	fill_free_map(s, slab, map);
	for_each_object(p, s, addr, slab->objects)
		if (!test_bit(obj_to_index(s, slab, p), map))
			add_location(t, s, get_track(s, p, alloc),
				     alloc == TRACK_ALLOC ? get_orig_size(s, p) :
							    s->object_size,
				     slab_nid(slab));
}

/*
 * cmp_loc_by_count(): more objects first; never "equal", so where equal
 * counts end up is the heapsort's doing (sort_r() keeps the kernel's).
 */
static int cmp_loc_by_count(const void *a, const void *b, const void *priv)
{
	const struct location *la = a, *lb = b;

	return la->count > lb->count ? -1 : 1;
}

/*
 * slab_debugfs_show() for every group in turn, as the kernel's
 * slab_debugfs_start(), slab_debugfs_next() and slab_debugfs_stop() walk.
 */
static void show_locations(struct seq_file *m, const struct loc_track *t)
{
	unsigned long i, *entries;
	unsigned int nr, j;

	for (i = 0; i < t->count; i++) {
		const struct location *l = &t->loc[i];

		seq_printf(m, "%7ld ", (long)l->count);
		if (l->addr)
			seq_printf(m, "%pS", (void *)l->addr);
		else
			seq_puts(m, "<not-available>");
		if (l->waste)
			seq_printf(m, " waste=%lu/%lu", l->count * l->waste,
				   l->waste);
		if (l->sum_time != l->min_time)
			seq_printf(m, " age=%ld/%llu/%ld", l->min_time,
				   (unsigned long long)l->sum_time / l->count,
				   l->max_time);
		else
			seq_printf(m, " age=%ld", l->min_time);
		if (l->min_pid != l->max_pid)
			seq_printf(m, " pid=%ld-%ld", l->min_pid, l->max_pid);
		else
			seq_printf(m, " pid=%ld", l->min_pid);
		if (num_online_cpus() > 1 && !cpumask_empty(&l->cpus))
			seq_printf(m, " cpus=%*pbl", cpumask_pr_args(&l->cpus));
		if (nr_online_nodes > 1 && !nodes_empty(l->nodes))
			seq_printf(m, " nodes=%*pbl", nodemask_pr_args(&l->nodes));
		if (l->handle) {
			nr = stack_depot_fetch(l->handle, &entries);
			seq_puts(m, "\n");
			for (j = 0; j < nr; j++)
				seq_printf(m, "        %pS\n", (void *)entries[j]);
		}
		seq_puts(m, "\n");
	}
	if (!t->count)
		seq_puts(m, "No data\n");
}

/* The per-cache debugfs files (debugfs_slab_add()), all mode 0400. */
static const struct {
	const char *name;
	enum track_item item;
} slab_debugfs_files[] = {
	{ "alloc_traces", TRACK_ALLOC },
	{ "free_traces", TRACK_FREE },
};

const char *libslab_debugfs_file(unsigned int i)
{
	return i < ARRAY_SIZE(slab_debugfs_files) ? slab_debugfs_files[i].name :
						    NULL;
}
EXPORT_SYMBOL(libslab_debugfs_file);

/* slab_debug_trace_open() and slab_debugfs_show() in one. */
int libslab_debugfs_show(struct kmem_cache *s, const char *name,
			 struct seq_file *m)
{
	struct loc_track t = { 0 };
	struct kmem_cache_node *n;
	unsigned long *map, flags;
	enum track_item alloc;
	struct slab *slab;
	unsigned int i;
	int node;

	/* Only the caches that track users have the files. */
	if (!IS_ENABLED(CONFIG_LIBSLAB_DEBUG) || !(s->flags & SLAB_STORE_USER))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(slab_debugfs_files); i++)
		if (!strcmp(slab_debugfs_files[i].name, name))
			break;
	if (i == ARRAY_SIZE(slab_debugfs_files))
		return -ENOENT;
	alloc = slab_debugfs_files[i].item;

	map = bitmap_zalloc(oo_objects(s->oo), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	/* a page of groups to start with */
	if (!alloc_loc_track(&t, PAGE_SIZE / sizeof(struct location),
			     GFP_KERNEL)) {
		bitmap_free(map);
		return -ENOMEM;
	}
	/*
	 * Debug caches keep no cpu slabs, so the node lists hold every slab
	 * with live objects; nothing is flushed.
	 */
	slab_tool_metadata_begin();
	for_each_kmem_cache_node(s, node, n) {
		if (!node_nr_slabs(n))
			continue;
		spin_lock_irqsave(&n->list_lock, flags);
		list_for_each_entry(slab, &n->partial, slab_list)
			process_slab(&t, s, slab, alloc, map);
		list_for_each_entry(slab, &n->full, slab_list)
			process_slab(&t, s, slab, alloc, map);
		spin_unlock_irqrestore(&n->list_lock, flags);
	}
	slab_tool_metadata_end();
	bitmap_free(map);
	sort_r(t.loc, t.count, sizeof(*t.loc), cmp_loc_by_count, NULL, NULL);
	show_locations(m, &t);
	kfree(t.loc);
	return 0;
}
EXPORT_SYMBOL(libslab_debugfs_show);

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
