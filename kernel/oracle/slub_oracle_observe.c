// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's reads of SLUB's private state (struct kmem_cache_cpu, struct
 * kmem_cache_node, the order/objects word, the stat counters), which only
 * mm/slub.c can see: run-oracle.sh's tree includes this file at the end of
 * mm/slub.c when CONFIG_SLUB_ORACLE_KUNIT is set.  Reads only; the caller
 * keeps the cache quiet while it looks.  Under CONFIG_SLUB_TINY there are
 * no CPU slabs, without CONFIG_SLUB_STATS no counters, without
 * CONFIG_SLUB_DEBUG no slab totals and without CONFIG_HARDENED_USERCOPY no
 * usercopy window: each reads 0.
 */
#include "slub_oracle.h"

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
