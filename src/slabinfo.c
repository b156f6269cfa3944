// SPDX-License-Identifier: GPL-2.0
/*
 * What the allocator tells about itself: /proc/slabinfo version 2.1 and
 * the counters behind it, plus libslab's own introspection calls.
 * Kernel counterparts: get_slabinfo(), count_partial_free_approx()
 * (mm/slub.c); print_slabinfo_header(), cache_show(), slab_show()
 * (mm/slab_common.c).
 */
#include "slab.h"

/*
 * The kernel's count_partial() with count_free(), count_inuse() or
 * count_total() as what.  Exact where 6.12's count_partial_free_approx()
 * estimates a long list's free objects from a sample (get_slabinfo()).
 */
unsigned long count_partial(struct kmem_cache_node *n, enum partial_count what)
{
	unsigned long flags, x = 0;
	struct slab *slab;

	spin_lock_irqsave(&n->list_lock, flags);
	list_for_each_entry(slab, &n->partial, slab_list) {
		if (what == PARTIAL_TOTAL)
			x += slab->objects;
		else if (what == PARTIAL_INUSE)
			x += slab->inuse;
		else
			x += slab->objects - slab->inuse;
	}
	spin_unlock_irqrestore(&n->list_lock, flags);
	return x;
}

void get_slabinfo(struct kmem_cache *s, struct slabinfo *sinfo)
{
	unsigned long nr_slabs = 0, nr_objs = 0, nr_free = 0;
	struct kmem_cache_node *n;
	int node;

	for_each_kmem_cache_node(s, node, n) {
		nr_slabs += node_nr_slabs(n);
		nr_objs += atomic_long_read(&n->total_objects);
		nr_free += count_partial(n, PARTIAL_FREE);
	}
	memset(sinfo, 0, sizeof(*sinfo));
	sinfo->active_objs = nr_objs - nr_free;
	sinfo->num_objs = nr_objs;
	sinfo->active_slabs = nr_slabs;
	sinfo->num_slabs = nr_slabs;
	sinfo->objects_per_slab = oo_objects(s->oo);
	sinfo->cache_order = oo_order(s->oo);
}
EXPORT_SYMBOL(get_slabinfo);

static void print_slabinfo_header(struct seq_file *m)
{
	seq_puts(m, "slabinfo - version: 2.1\n");
	seq_puts(m, "# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab>");
	seq_puts(m, " : tunables <limit> <batchcount> <sharedfactor>");
	seq_puts(m, " : slabdata <active_slabs> <num_slabs> <sharedavail>");
	seq_putc(m, '\n');
}

static void cache_show(struct kmem_cache *s, struct seq_file *m)
{
	struct slabinfo sinfo;

	get_slabinfo(s, &sinfo);
	seq_printf(m, "%-17s %6lu %6lu %6u %4u %4d", s->name,
		   sinfo.active_objs, sinfo.num_objs, s->size,
		   sinfo.objects_per_slab, 1 << sinfo.cache_order);
	seq_printf(m, " : tunables %4u %4u %4u", sinfo.limit,
		   sinfo.batchcount, sinfo.shared);
	seq_printf(m, " : slabdata %6lu %6lu %6lu", sinfo.active_slabs,
		   sinfo.num_slabs, sinfo.shared_avail);
	seq_putc(m, '\n');
}

/*
 * The kernel's /proc/slabinfo sequence, slab_start(), slab_show() for each
 * cache, slab_next() and slab_stop(), as one walk under slab_mutex.
 */
void libslab_slabinfo_show(struct seq_file *m)
{
	struct kmem_cache *s;

	mutex_lock(&slab_mutex);
	print_slabinfo_header(m);
	list_for_each_entry(s, &slab_caches, list)
		cache_show(s, m);
	mutex_unlock(&slab_mutex);
}
EXPORT_SYMBOL(libslab_slabinfo_show);

struct kmem_cache *libslab_find_cache(const char *name)
{
	struct kmem_cache *s, *found = NULL;
	struct slab_alias *alias;

	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (!strcmp(s->name, name)) {
			found = s;
			break;
		}
		list_for_each_entry(alias, &s->aliases, list) {
			if (!strcmp(alias->name, name)) {
				found = s;
				goto out;
			}
		}
	}
out:
	mutex_unlock(&slab_mutex);
	return found;
}
EXPORT_SYMBOL(libslab_find_cache);

unsigned int libslab_cache_aliases(struct kmem_cache *s, const char **names,
				   unsigned int max)
{
	struct slab_alias *alias;
	unsigned int n = 0;

	mutex_lock(&slab_mutex);
	list_for_each_entry(alias, &s->aliases, list) {
		if (n < max)
			names[n] = alias->name;
		n++;
	}
	mutex_unlock(&slab_mutex);
	return n;
}
EXPORT_SYMBOL(libslab_cache_aliases);

void libslab_aliases_show(struct seq_file *m)
{
	struct slab_alias *alias;
	struct kmem_cache *s;

	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list)
		list_for_each_entry(alias, &s->aliases, list)
			seq_printf(m, "%s -> %s\n", alias->name, s->name);
	mutex_unlock(&slab_mutex);
}
EXPORT_SYMBOL(libslab_aliases_show);

unsigned int libslab_cache_refcount(const struct kmem_cache *s)
{
	return max(s->refcount, 0);
}
EXPORT_SYMBOL(libslab_cache_refcount);

unsigned long libslab_node_nr_partial(struct kmem_cache *s, int node)
{
	struct kmem_cache_node *n = get_node(s, node);

	/* a lockless read: the count may change as soon as it is read */
	return n ? data_race(READ_ONCE(n->nr_partial)) : 0;
}
EXPORT_SYMBOL(libslab_node_nr_partial);

unsigned long libslab_node_nr_slabs(struct kmem_cache *s, int node)
{
	struct kmem_cache_node *n = get_node(s, node);

	return n ? node_nr_slabs(n) : 0;
}
EXPORT_SYMBOL(libslab_node_nr_slabs);

unsigned int libslab_cpu_nr_partial(struct kmem_cache *s, int cpu)
{
	/* another CPU's chain, read as sysfs reads it: a snapshot */
	struct slab *partial = data_race(READ_ONCE(per_cpu_ptr(s->cpu_slab, cpu)->partial));

	return partial ? partial->slabs : 0;
}
EXPORT_SYMBOL(libslab_cpu_nr_partial);

bool libslab_cpu_has_slab(struct kmem_cache *s, int cpu)
{
	/* another CPU's slab pointer: a snapshot */
	return !!data_race(READ_ONCE(per_cpu_ptr(s->cpu_slab, cpu)->slab));
}
EXPORT_SYMBOL(libslab_cpu_has_slab);

void libslab_flush_all(struct kmem_cache *s)
{
	flush_all(s);
}
EXPORT_SYMBOL(libslab_flush_all);

int libslab_set_cpu_partial(struct kmem_cache *s, unsigned int nr_objects)
{
	if (nr_objects && !kmem_cache_has_cpu_partial(s))
		return -EINVAL;
	slub_set_cpu_partial(s, nr_objects);
	flush_all(s);
	return 0;
}
EXPORT_SYMBOL(libslab_set_cpu_partial);

unsigned long libslab_count_inuse(struct kmem_cache *s)
{
	struct slabinfo sinfo;

	/* With no CPU holding slabs, the node counters are exact. */
	flush_all(s);
	get_slabinfo(s, &sinfo);
	return sinfo.active_objs;
}
EXPORT_SYMBOL(libslab_count_inuse);

unsigned long libslab_error_count(void)
{
	return atomic_long_read(&slab_error_reports);
}
EXPORT_SYMBOL(libslab_error_count);

unsigned long libslab_stat(struct kmem_cache *s, int item, int cpu)
{
	unsigned long sum = 0;
	unsigned int c;

	if (item < 0 || item >= NR_SLUB_STAT_ITEMS)
		return 0;
	/* per-CPU counters are summed without stopping their CPUs, as in SLUB */
	if (cpu >= 0)
		return (unsigned int)cpu < nr_cpu_ids ?
		       data_race(per_cpu_ptr(s->cpu_slab, cpu)->stat[item]) : 0; /* racy */
	for_each_possible_cpu(c)	/* each CPU's counter as it stands */
		sum += data_race(per_cpu_ptr(s->cpu_slab, c)->stat[item]);
	return sum;
}
EXPORT_SYMBOL(libslab_stat);
