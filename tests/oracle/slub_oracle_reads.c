// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's reads of an allocator's state, one file for both sides: the
 * kernel's tree includes it at the end of mm/slub.c (make-series.sh), where
 * struct kmem_cache_cpu, struct kmem_cache_node, the order/objects word and
 * the stat counters are visible; libslab builds it against src/slab.h,
 * which gives the same names, with the kernel options its build models
 * defined by tests/oracle/meson.build.  Reads only, but for
 * orc_side_refill_from_any_node(); the caller keeps the cache quiet while
 * it looks.  Under CONFIG_SLUB_TINY there are no CPU
 * slabs, without CONFIG_SLUB_STATS no counters, without CONFIG_SLUB_DEBUG
 * no slab totals and without CONFIG_HARDENED_USERCOPY no usercopy window:
 * each reads 0.
 */
#include <linux/workqueue.h>
#include "slab.h"
#include "slub_oracle.h"

void orc_side_refill_from_any_node(struct kmem_cache *s)
{
#ifdef CONFIG_NUMA
	/* Past every value of get_cycles() % 1024: the test never skips. */
	s->remote_node_defrag_ratio = 1024;
#endif
}

void orc_side_geometry(struct kmem_cache *s, struct orc_geom *g)
{
	*g = (struct orc_geom) {
		.size = s->size,
		.object_size = s->object_size,
		.offset = s->offset,
		.inuse = s->inuse,
		.align = s->align,
		.red_left_pad = s->red_left_pad,
		.order = oo_order(s->oo),
		.objects = oo_objects(s->oo),
		.min_order = oo_order(s->min),
		.min_objects = oo_objects(s->min),
#ifdef CONFIG_SLUB_CPU_PARTIAL
		.cpu_partial = s->cpu_partial,
		.cpu_partial_slabs = s->cpu_partial_slabs,
#endif
#ifdef CONFIG_HARDENED_USERCOPY
		.useroffset = s->useroffset,
		.usersize = s->usersize,
#endif
		.min_partial = s->min_partial,
		.flags = s->flags,
	};
}

void orc_side_state(struct kmem_cache *s, int cpu, struct orc_state *st)
{
	int node;

	memset(st, 0, sizeof(*st));
#ifndef CONFIG_SLUB_TINY
	{
		struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);
		void *p;

		st->cpu_slab = c->slab ? slab_address(c->slab) : NULL;
		for (p = c->freelist; p; p = get_freepointer(s, p))
			st->cpu_free++;
#ifdef CONFIG_SLUB_CPU_PARTIAL
		{
			struct slab *slab;

			for (slab = c->partial; slab; slab = slab->next)
				st->cpu_partial++;
		}
#endif
	}
#endif
	for (node = 0; node < ORC_NODES && node < nr_node_ids; node++) {
		struct kmem_cache_node *n = get_node(s, node);

		if (!n)
			continue;
		st->node_partial[node] = n->nr_partial;
#ifdef CONFIG_SLUB_DEBUG
		st->node_slabs[node] = atomic_long_read(&n->nr_slabs);
		st->node_objects[node] = atomic_long_read(&n->total_objects);
#endif
	}
}

unsigned long orc_side_stat(struct kmem_cache *s, int item)
{
	unsigned long sum = 0;
#ifdef CONFIG_SLUB_STATS
	int cpu;

	BUILD_BUG_ON(ORC_NR_STATS != NR_SLUB_STAT_ITEMS);
	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(s->cpu_slab, cpu)->stat[item];
#endif
	return sum;
}

const void *orc_side_slab_base(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab_address(slab) : NULL;
}

struct kmem_cache *orc_side_cache_of(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab->slab_cache : NULL;
}

const char *orc_side_cache_name(struct kmem_cache *s)
{
	return s->name;
}

int orc_side_slab_node(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab_nid(slab) : -1;
}

int orc_side_slabinfo(struct kmem_cache *s, struct orc_slabinfo *info)
{
#ifdef CONFIG_SLUB_DEBUG
	struct slabinfo sinfo;

	get_slabinfo(s, &sinfo);
	*info = (struct orc_slabinfo) {
		.active_objs = sinfo.active_objs,
		.num_objs = sinfo.num_objs,
		.active_slabs = sinfo.active_slabs,
		.num_slabs = sinfo.num_slabs,
		.objects_per_slab = sinfo.objects_per_slab,
		.cache_order = sinfo.cache_order,
	};
	return 0;
#else
	return -EOPNOTSUPP;
#endif
}

long orc_side_on_cpu(int cpu, long (*fn)(void *), void *arg)
{
	return work_on_cpu(cpu, fn, arg);
}
