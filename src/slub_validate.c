// SPDX-License-Identifier: GPL-2.0
/*
 * Validation (the sysfs "validate" action): with every CPU's slabs
 * flushed, walk each node's partial list (and, with SLAB_STORE_USER, its
 * full list) under its lock and check every slab's state, free chain and
 * counters, and for debug caches every object's red zones and poison,
 * reporting each inconsistency.  Without user tracking full slabs sit on
 * no list, so only their totals can be checked here; tests/ cross-checks
 * them against the page allocator.
 * Kernel counterparts (mm/slub.c): check_slab(), on_freelist(),
 * validate_slab(), validate_slab_node(), validate_slab_cache().
 */
#include "slab.h"

/* Check one slab off a node list; returns the problems found. */
static unsigned int validate_slab(struct kmem_cache *s, struct slab *slab,
				  int node, unsigned long *map)
{
	unsigned int max = slab_size(slab) / s->size;
	unsigned int problems = 0, nfree = 0;
	void *p;

	if (slab->slab_cache != s) {
		slab_err(s, "Slab 0x%px on the partial list belongs to %s",
			 slab, slab->slab_cache ? slab->slab_cache->name : "no cache");
		return 1;
	}
	if (slab->objects > max) {
		slab_err(s, "objects %u > max %u", slab->objects, max);
		return 1;
	}
	if (slab->inuse > slab->objects) {
		slab_err(s, "inuse %u > max %u", slab->inuse, slab->objects);
		problems++;
	}
	if (slab->frozen) {
		slab_err(s, "Slab 0x%px on node %d's partial list is frozen",
			 slab, node);
		problems++;
	}
	if (slab_nid(slab) != node || !slab_test_node_partial(slab)) {
		slab_err(s, "Slab 0x%px of node %d misfiled on node %d's partial list",
			 slab, slab_nid(slab), node);
		problems++;
	}

	bitmap_zero(map, slab->objects);
	for (p = slab->freelist; p; p = get_freepointer(s, p)) {
		unsigned int idx;

		if (!check_valid_pointer(s, slab, p)) {
			slab_err(s, "Freepointer 0x%px corrupt", p);
			return problems + 1;
		}
		idx = obj_to_index(s, slab, p);
		if (test_and_set_bit(idx, map)) {
			slab_err(s, "Freechain corrupt: object 0x%px is on it twice", p);
			return problems + 1;
		}
		nfree++;
	}
	if (nfree != slab->objects - slab->inuse) {
		slab_err(s, "Wrong object count. Counter is %u but counted were %u",
			 slab->inuse, slab->objects - nfree);
		problems++;
	}
	/* Debug caches also have every object's red zones and poison. */
	if (kmem_cache_debug(s))
		problems += validate_slab_objects(s, slab, map);
	return problems;
}

int libslab_validate(struct kmem_cache *s)
{
	struct kmem_cache_node *n;
	unsigned long *map;
	unsigned long flags;
	struct slab *slab;
	int node, problems = 0;

	map = bitmap_zalloc(oo_objects(s->oo), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	flush_all(s);
	for_each_kmem_cache_node(s, node, n) {
		unsigned long counted = 0;

		spin_lock_irqsave(&n->list_lock, flags);
		list_for_each_entry(slab, &n->partial, slab_list) {
			problems += validate_slab(s, slab, node, map);
			counted++;
		}
		list_for_each_entry(slab, &n->full, slab_list) {
			if (slab->inuse != slab->objects) {
				slab_err(s, "Slab 0x%px on the full list has %u of %u objects in use",
					 slab, slab->inuse, slab->objects);
				problems++;
			}
			if (kmem_cache_debug(s))
				problems += validate_slab_objects(s, slab, map);
		}
		if (counted != n->nr_partial) {
			slab_err(s, "%lu partial slabs counted but counter=%lu",
				 counted, n->nr_partial);
			problems++;
		}
		if (counted > node_nr_slabs(n)) {
			slab_err(s, "%lu partial slabs but only %lu slabs on node %d",
				 counted, node_nr_slabs(n), node);
			problems++;
		}
		spin_unlock_irqrestore(&n->list_lock, flags);
	}
	bitmap_free(map);
	return problems;
}
EXPORT_SYMBOL(libslab_validate);
