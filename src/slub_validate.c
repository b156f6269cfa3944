// SPDX-License-Identifier: GPL-2.0
/*
 * Validation (the sysfs "validate" action): with every CPU's slabs
 * flushed, walk each node's partial list (and, with SLAB_STORE_USER, its
 * full list) under its lock and check every slab's state, free chain,
 * counters and objects (red zones and poison on debug caches), reporting
 * and repairing each inconsistency as the kernel does.  Without user tracking full slabs sit on
 * no list, so only their totals can be checked here; tests/ cross-checks
 * them against the page allocator.
 * Kernel counterparts (mm/slub.c): check_slab(), on_freelist(),
 * validate_slab(), validate_slab_node(), validate_slab_cache().
 */
#include "slab.h"

/*
 * Check one slab off a node list: it must be ours and, on a partial list,
 * filed on its node; then its counters, free chain and objects.  Returns
 * the problems found.
 */
static unsigned int validate_slab(struct kmem_cache *s, struct slab *slab,
				  int node, bool on_partial, unsigned long *map)
{
	unsigned int problems = 0;

	if (slab->slab_cache != s) {
		slab_err(s, slab, "Slab 0x%p on node %d's lists belongs to %s",
			 slab, node,
			 slab->slab_cache ? slab->slab_cache->name : "no cache");
		return 1;
	}
	if (on_partial &&
	    (slab_nid(slab) != node || !slab_test_node_partial(slab))) {
		slab_err(s, slab, "Slab 0x%p of node %d misfiled on node %d's partial list",
			 slab, slab_nid(slab), node);
		problems++;
	}
	return problems + validate_slab_objects(s, slab, map);
}

/*
 * Validate every slab of s; the problems found, or -ENOMEM.  *walked gets
 * the number of slabs checked, which is what 6.12's validate_slab_cache()
 * returns.  The loop body is the kernel's validate_slab_node().
 */
static int validate_cache(struct kmem_cache *s, long *walked)
{
	struct kmem_cache_node *n;
	unsigned long *map;
	unsigned long flags;
	struct slab *slab;
	int node, problems = 0;

	*walked = 0;
	map = bitmap_zalloc(oo_objects(s->oo), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	flush_all(s);
	slab_tool_metadata_begin();
	for_each_kmem_cache_node(s, node, n) {
		unsigned long counted = 0, full = 0;

		spin_lock_irqsave(&n->list_lock, flags);
		list_for_each_entry(slab, &n->partial, slab_list) {
			problems += validate_slab(s, slab, node, true, map);
			counted++;
		}
		list_for_each_entry(slab, &n->full, slab_list) {
			full++;
			problems += validate_slab(s, slab, node, false, map);
		}
		if (counted != n->nr_partial) {
			pr_err("SLUB %s: %lu partial slabs counted but counter=%lu\n",
			       s->name, counted, n->nr_partial);
			slab_add_error();
			problems++;
		}
		if ((s->flags & SLAB_STORE_USER) &&
		    counted + full != node_nr_slabs(n)) {
			pr_err("SLUB: %s %lu slabs counted but counter=%lu\n",
			       s->name, counted + full, node_nr_slabs(n));
			slab_add_error();
			problems++;
		}
		if (counted > node_nr_slabs(n)) {
			slab_err(s, NULL, "%lu partial slabs but only %lu slabs on node %d",
				 counted, node_nr_slabs(n), node);
			problems++;
		}
		*walked += counted + full;
		spin_unlock_irqrestore(&n->list_lock, flags);
	}
	slab_tool_metadata_end();
	bitmap_free(map);
	return problems;
}

int libslab_validate(struct kmem_cache *s)
{
	long walked;

	return validate_cache(s, &walked);
}
EXPORT_SYMBOL(libslab_validate);

long validate_slab_cache(struct kmem_cache *s)
{
	long walked;
	int problems = validate_cache(s, &walked);

	return problems < 0 ? problems : walked;
}
EXPORT_SYMBOL(validate_slab_cache);
