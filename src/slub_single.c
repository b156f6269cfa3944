// SPDX-License-Identifier: GPL-2.0
/*
 * The single-object path: allocation and free of one object at a time
 * under the node's list_lock, straight from and to the node's partial
 * (and, for SLAB_STORE_USER, full) lists, never through a per-CPU slab or
 * partial chain.  The slab cannot change under the lock, so every object
 * can be checked on the way in and out.
 *
 * Who takes it (slab_uses_node_lists_only() in slab.h): every cache with
 * a debug flag, and every cache under CONFIG_LIBSLAB_TINY (the kernel's
 * SLUB_TINY, which has no per-CPU slabs).  slab_alloc_single() is entered
 * from ___slab_alloc() (debug) and slab_alloc_fast() (TINY) in
 * slub_alloc.c, free_to_partial_list() from __slab_free() in slub_free.c.
 *
 * Locking: n->list_lock, irqsave, around each partial-list walk, each new
 * slab joining its node, and each free; no local_lock is taken.  The
 * checks themselves (alloc_debug_processing(), free_debug_processing())
 * are slub_debug.c's and run under the lock, except a new slab's first
 * object, checked before the slab is on any list.  The stack for
 * SLAB_STORE_USER is saved outside the lock.
 *
 * Kernel counterparts (mm/slub.c): alloc_single_from_partial(),
 * alloc_single_from_new_slab(), the kmem_cache_debug() branches of
 * get_partial_node() and ___slab_alloc(), the CONFIG_SLUB_TINY
 * __slab_alloc_node(), free_to_partial_list().
 */
#include "slab.h"

/* Take one object off a partial slab of n; under list_lock. */
static void *alloc_single_from_partial(struct kmem_cache *s,
				       struct kmem_cache_node *n,
				       struct slab *slab, unsigned int orig_size)
{
	void *object = slab->freelist;

	lockdep_assert_held(&n->list_lock);
	slab->freelist = get_freepointer(s, object);
	slab->inuse++;
	if (!alloc_debug_processing(s, slab, object, orig_size)) {
		remove_partial(n, slab);
		return NULL;
	}
	if (slab->inuse == slab->objects) {
		remove_partial(n, slab);
		add_full(s, n, slab);
	}
	return object;
}

/* The first object of a new slab, which then joins its node's lists. */
static void *alloc_single_from_new_slab(struct kmem_cache *s,
					struct slab *slab,
					unsigned int orig_size)
{
	int nid = slab_nid(slab);
	struct kmem_cache_node *n = get_node(s, nid);
	void *object = slab->freelist;
	unsigned long flags;

	slab->freelist = get_freepointer(s, object);
	slab->inuse = 1;
	if (!alloc_debug_processing(s, slab, object, orig_size))
		return NULL;	/* a fresh slab corrupted meanwhile: leave it */
	spin_lock_irqsave(&n->list_lock, flags);
	if (slab->inuse == slab->objects)
		add_full(s, n, slab);
	else
		add_partial(n, slab, false);
	inc_slabs_node(s, nid, slab->objects);
	spin_unlock_irqrestore(&n->list_lock, flags);
	return object;
}

/* An object from node's partial slabs, or NULL. */
static void *alloc_from_node(struct kmem_cache *s, struct kmem_cache_node *n,
			     unsigned int orig_size)
{
	struct slab *slab, *tmp;
	unsigned long flags;
	void *object = NULL;

	/* an unlocked peek; the list is walked under the lock */
	if (!n || !data_race(n->nr_partial))
		return NULL;
	spin_lock_irqsave(&n->list_lock, flags);
	list_for_each_entry_safe(slab, tmp, &n->partial, slab_list) {
		/* No ALLOC_FROM_PARTIAL: 6.12 counts only cpu slabs taken. */
		object = alloc_single_from_partial(s, n, slab, orig_size);
		if (object)
			break;
	}
	spin_unlock_irqrestore(&n->list_lock, flags);
	return object;
}

void *slab_alloc_single(struct kmem_cache *s, gfp_t gfpflags, int node,
			unsigned long addr, size_t orig_size)
{
	int searchnode = node == NUMA_NO_NODE ? numa_mem_id() : node;
	/* SLUB_TINY's path has no node-only first try; debug caches do. */
	bool try_thisnode = !IS_ENABLED(CONFIG_LIBSLAB_TINY) &&
			    slab_try_thisnode(node, gfpflags);
	struct slab *slab;
	gfp_t pc_flags;
	void *object;
	int nid;

new_objects:
	pc_flags = try_thisnode ? SLAB_THISNODE_GFP : gfpflags;
	object = alloc_from_node(s, get_node(s, searchnode), orig_size);
	for (nid = 0; !object && nid < nr_node_ids; nid++) {
		if (nid == searchnode ||
		    (node != NUMA_NO_NODE && (pc_flags & __GFP_THISNODE)))
			continue;
		object = alloc_from_node(s, get_node(s, nid), orig_size);
	}
	while (!object) {
		slab = new_slab(s, pc_flags, node);
		if (unlikely(!slab)) {
			if (try_thisnode) {
				try_thisnode = false;
				goto new_objects;
			}
			return NULL;
		}
		stat(s, ALLOC_SLAB);
		object = alloc_single_from_new_slab(s, slab, orig_size);
	}
	if (s->flags & SLAB_STORE_USER)
		set_track_update(s, object, TRACK_ALLOC, addr,
				 set_track_prepare());
	return object;
}

void free_to_partial_list(struct kmem_cache *s, struct slab *slab,
			  void *head, void *tail, int bulk_cnt,
			  unsigned long addr)
{
	struct kmem_cache_node *n = get_node(s, slab_nid(slab));
	depot_stack_handle_t handle = 0;
	struct slab *to_free = NULL;
	unsigned long flags;
	int cnt = bulk_cnt;

	if (s->flags & SLAB_STORE_USER)
		handle = set_track_prepare();

	spin_lock_irqsave(&n->list_lock, flags);
	if (free_debug_processing(s, slab, head, tail, &cnt, addr, handle)) {
		void *prior = slab->freelist;

		slab->inuse -= cnt;
		set_freepointer(s, tail, prior);
		slab->freelist = head;
		/* An empty slab goes once the node keeps enough partial ones. */
		if (!slab->inuse && n->nr_partial >= s->min_partial)
			to_free = slab;
		if (!prior) {
			remove_full(s, n, slab);
			if (!to_free) {
				add_partial(n, slab, true);
				stat(s, FREE_ADD_PARTIAL);
			}
		} else if (to_free) {
			remove_partial(n, slab);
			stat(s, FREE_REMOVE_PARTIAL);
		}
	}
	if (to_free)
		dec_slabs_node(s, slab_nid(to_free), to_free->objects);
	spin_unlock_irqrestore(&n->list_lock, flags);
	if (to_free) {
		stat(s, FREE_SLAB);
		free_slab(s, to_free);
	}
}
