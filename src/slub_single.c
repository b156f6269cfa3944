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
 * alloc_single_from_new_slab(), the kmem_cache_debug() branch of
 * ___slab_alloc(), the CONFIG_SLUB_TINY __slab_alloc_node(),
 * free_to_partial_list().  The node search, get_partial() with its
 * single-object branch in get_partial_node(), is slub_partial.c's.
 */
#include "slab.h"

void *alloc_single_from_partial(struct kmem_cache *s, struct kmem_cache_node *n,
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

/*
 * The kernel's SLUB_TINY __slab_alloc_node() and the kmem_cache_debug()
 * branches of its ___slab_alloc(): the nodes are searched as for a cache
 * with per-CPU slabs (get_partial_or_new_slab()).
 */
void *slab_alloc_single(struct kmem_cache *s, gfp_t gfpflags, int node,
			unsigned long addr, size_t orig_size)
{
	/* SLUB_TINY's path has no node-only first try; debug caches do. */
	bool try_thisnode = !IS_ENABLED(CONFIG_LIBSLAB_TINY) &&
			    slab_try_thisnode(node, gfpflags);
	struct partial_context pc = { .orig_size = orig_size };
	struct slab *slab;
	void *object;
	bool fresh;

	for (;;) {
		slab = get_partial_or_new_slab(s, gfpflags, node, &try_thisnode,
					       &pc, &fresh);
		if (unlikely(!slab))
			return NULL;
		if (!fresh) {
			object = pc.object;
			break;
		}
		object = alloc_single_from_new_slab(s, slab, orig_size);
		/* A new slab failed its checks: 6.12's TINY path gives up. */
		if (object || IS_ENABLED(CONFIG_LIBSLAB_TINY))
			break;
	}
	if (likely(object) && (s->flags & SLAB_STORE_USER))
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
