// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation: the lockless per-CPU fast path, the slow path that refills
 * the CPU from its partial chain, the node lists or a new slab, and bulk
 * allocation.
 * Kernel counterparts (mm/slub.c): alloc_slab_page(), allocate_slab(),
 * new_slab(), slab_alloc_node(), __slab_alloc(), ___slab_alloc(),
 * kmem_cache_alloc_noprof(), kmem_cache_alloc_node_noprof(),
 * kmem_cache_alloc_lru_noprof(), kmem_cache_alloc_bulk_noprof();
 * kmalloc_fix_flags() (mm/slab_common.c).
 */
#include "slab.h"

/* The slab overlay must leave the page allocator's own fields alone. */
static_assert(offsetof(struct slab, __page_flags) == offsetof(struct page, flags));
static_assert(offsetof(struct slab, slab_cache) == offsetof(struct page, compound_head));
static_assert(offsetof(struct slab, __page_refcount) == offsetof(struct page, _refcount));
/* The slab type KFENCE, too, sets on its pool's pages through the folio. */
static_assert(offsetof(struct slab, __page_type) == offsetof(struct page, page_type));
static_assert(sizeof(struct slab) <= sizeof(struct page));
/* cmpxchg128 needs the freelist/counters pair 16-byte aligned. */
static_assert(offsetof(struct slab, freelist) % (2 * sizeof(void *)) == 0);
static_assert(offsetof(struct kmem_cache_cpu, freelist) % (2 * sizeof(void *)) == 0);

/*
 * A caller asked for bits no slab allocation may carry (a highmem or
 * DMA32 zone, bits beyond the defined ones): say so, with a backtrace but
 * without a WARN's taint, and carry on without them.
 */
gfp_t kmalloc_fix_flags(gfp_t flags)
{
	gfp_t bad = flags & GFP_SLAB_BUG_MASK;

	flags &= ~GFP_SLAB_BUG_MASK;
	pr_warn("Unexpected gfp: %#x (%pGg). Fixing up to gfp: %#x (%pGg). Fix your code!\n",
		bad, &bad, flags, &flags);
	dump_stack();
	return flags;
}

/* A folio of oo's order for a slab: from node, or by policy if NUMA_NO_NODE. */
static struct slab *alloc_slab_page(gfp_t flags, int node,
				    struct kmem_cache_order_objects oo)
{
	unsigned int order = oo_order(oo);
	struct page *page;
	struct folio *folio;

	if (node == NUMA_NO_NODE)
		page = alloc_pages(flags, order);
	else
		page = alloc_pages_node(node, flags, order);
	if (!page)
		return NULL;
	folio = page_folio(page);
	__folio_set_slab(folio);
	return folio_slab(folio);
}

static void setup_object(struct kmem_cache *s, void *object)
{
	setup_object_debug(s, object);
	if (unlikely(s->ctor)) {
		/*
		 * The constructor is the cache user's code writing into a
		 * slab the tool was told is nobody's: lend it the object for
		 * the call, as the kernel unpoisons it for KASAN.
		 */
		slab_tool_object_alloc(s, object, s->object_size, false);
		s->ctor(object);
		slab_tool_object_free(s, object, s->object_size);
	}
}

/*
 * A slab of s's preferred order if the page allocator has one to spare
 * cheaply, else of its minimum order, with every object set up and on its
 * freelist.  flags holds only reclaim and placement-constraint bits
 * (new_slab() masked them); what the cache needs on every page (its zone,
 * its mobility, __GFP_COMP) comes from s->allocflags.
 */
static struct slab *allocate_slab(struct kmem_cache *s, gfp_t flags, int node)
{
	struct kmem_cache_order_objects oo = s->oo;
	struct slab *slab;
	gfp_t alloc_gfp;
	void *start, *p;
	unsigned int idx, objects, size = s->size;

	flags &= gfp_allowed_mask;
	flags |= s->allocflags;

	/*
	 * The preferred order is an optimisation: its attempt fails quietly
	 * and early, and never insists.  When a smaller order would also do,
	 * a caller that may reclaim neither reclaims nor uses the reserves
	 * for it; the retry below, with the caller's own flags, does.
	 */
	alloc_gfp = (flags | __GFP_NOWARN | __GFP_NORETRY) & ~__GFP_NOFAIL;
	if ((alloc_gfp & __GFP_DIRECT_RECLAIM) && oo_order(oo) > oo_order(s->min))
		alloc_gfp = (alloc_gfp | __GFP_NOMEMALLOC) & ~__GFP_RECLAIM;

	slab = alloc_slab_page(alloc_gfp, node, oo);
	if (unlikely(!slab)) {
		/* Perhaps only fragmentation: the minimum order may still come. */
		oo = s->min;
		alloc_gfp = flags;
		slab = alloc_slab_page(alloc_gfp, node, oo);
		if (unlikely(!slab))
			return NULL;
		stat(s, ORDER_FALLBACK);
	}

	objects = oo_objects(oo);
	slab->objects = objects;
	slab->inuse = 0;
	slab->frozen = 0;
	slab_obj_exts_set(slab, 0);
	/* An accounted cache's slab comes with its vector, if one can. */
	if (slab_memcg_online() && (s->flags & SLAB_ACCOUNT))
		alloc_slab_obj_exts(slab, s, flags, true);
	slab->slab_cache = s;
	slab_clear_node_partial(slab);
	/* The node's count; memcg counts the objects as they are charged. */
	node_stat_mod_folio(slab_folio(slab), cache_vmstat_idx(s),
			    PAGE_SIZE << oo_order(oo));

	setup_slab_debug(s, slab, slab_address(slab));
	slab_tool_slab_new(s, slab_address(slab), slab_size(slab));
	start = fixup_red_left(s, slab_address(slab));
	/* Most caches have nothing to set up: skip the walk of a cold slab. */
	if (object_debug_setup_needed(s) || s->ctor)
		for (idx = 0, p = start; idx < objects; idx++) {
			setup_object(s, p);
			p = (char *)p + size;
		}
	/* In address order, unless the freelist is randomised. */
	slab->freelist = shuffle_freelist(s, slab, start);
	if (!slab->freelist) {
		for (idx = 1, p = start; idx < objects; idx++) {
			set_freepointer(s, p, (char *)p + size);
			p = (char *)p + size;
		}
		set_freepointer(s, p, NULL);
		slab->freelist = start;
	}
	return slab;
}

/* A new slab of s from node (NUMA_NO_NODE: by policy), not yet accounted. */
static struct slab *new_slab(struct kmem_cache *s, gfp_t flags, int node)
{
	if (unlikely(flags & GFP_SLAB_BUG_MASK))
		flags = kmalloc_fix_flags(flags);

	/* A constructed object cannot also come zeroed. */
	WARN_ON_ONCE(s->ctor && (flags & __GFP_ZERO));

	/* Of the caller's bits only how hard to try and where may pass. */
	return allocate_slab(s, flags & (GFP_RECLAIM_MASK | GFP_CONSTRAINT_MASK),
			     node);
}

/*
 * Say why an allocation from s failed: no partial slab and no page for a
 * new one.  6.12's report (mm/slub.c, slab_out_of_memory()), rate-limited
 * to 10 per 5 seconds, not under __GFP_NOWARN, and not under SLUB_TINY,
 * which builds it only with SLUB_DEBUG.  The free counts are exact where
 * 6.12 samples a list of over 10000 slabs (count_partial_free_approx()).
 */
static noinline void slab_out_of_memory(struct kmem_cache *s, gfp_t gfpflags, int nid)
{
	static DEFINE_RATELIMIT_STATE(slub_oom_rs, DEFAULT_RATELIMIT_INTERVAL,
				      DEFAULT_RATELIMIT_BURST);
	struct kmem_cache_node *n;
	int cpu, node;

	if (IS_ENABLED(CONFIG_LIBSLAB_TINY) || (gfpflags & __GFP_NOWARN) ||
	    !__ratelimit(&slub_oom_rs))
		return;
	cpu = raw_smp_processor_id();
	pr_warn("SLUB: Unable to allocate memory on CPU %u (of node %d) on node %d, gfp=%#x(%pGg)\n",
		cpu, cpu_to_node(cpu), nid, gfpflags, &gfpflags);
	pr_warn("  cache: %s, object size: %u, buffer size: %u, default order: %u, min order: %u\n",
		s->name, s->object_size, s->size, oo_order(s->oo), oo_order(s->min));
	if (oo_order(s->min) > get_order(s->object_size))
		pr_warn("  %s debugging increased min order, use slab_debug=O to disable.\n",
			s->name);
	for_each_kmem_cache_node(s, node, n)
		pr_warn("  node %d: slabs: %ld, objs: %ld, free: %ld\n", node,
			node_nr_slabs(n), node_nr_objs(n), count_partial(n, PARTIAL_FREE));
}

/* 6.12's new_objects: step of ___slab_alloc(), which both slow paths take. */
struct slab *get_partial_or_new_slab(struct kmem_cache *s, gfp_t gfpflags,
				     int node, bool *try_thisnode,
				     struct partial_context *pc, bool *fresh)
{
	struct slab *slab;

	for (;;) {
		/* The node asked for first, even over free objects elsewhere. */
		pc->flags = *try_thisnode ? SLAB_THISNODE_GFP : gfpflags;
		slab = get_partial(s, node, pc);
		if (slab) {
			*fresh = false;
			return slab;
		}
		slab = new_slab(s, pc->flags, node);
		if (likely(slab)) {
			stat(s, ALLOC_SLAB);
			*fresh = true;
			return slab;
		}
		if (!*try_thisnode) {
			slab_out_of_memory(s, gfpflags, node);
			return NULL;
		}
		*try_thisnode = false;
	}
}

/* Whether slab satisfies a request for node. */
static inline bool node_match(struct slab *slab, int node)
{
	return node == NUMA_NO_NODE || slab_nid(slab) == node;
}

/* Last object of a free chain and the chain's length. */
static void *chain_tail(struct kmem_cache *s, void *head, int *cnt)
{
	void *tail = head;

	*cnt = 1;
	while (get_freepointer(s, tail)) {
		tail = get_freepointer(s, tail);
		(*cnt)++;
	}
	return tail;
}

/* Give a chain of slab's objects back through the ordinary free path. */
static void free_chain(struct kmem_cache *s, struct slab *slab, void *head)
{
	int cnt;
	void *tail = chain_tail(s, head, &cnt);

	do_slab_free(s, slab, head, tail, cnt, _THIS_IP_);
}

/*
 * Pop the cpu freelist under the local lock; NULL when it is empty.  A
 * task sharing this simulated CPU may pop the same object through the
 * fast path meanwhile (and the cmpxchg then fails), hence the racy read.
 */
static void *cpu_freelist_pop(struct kmem_cache *s, struct kmem_cache_cpu *c)
{
	freelist_aba_t old;

	old = cpu_pair_read(c);
	do {
		if (!old.freelist)
			return NULL;
	} while (!__update_cpu_freelist(c, &old,
					get_freepointer_safe(false, s, old.freelist)));
	return old.freelist;
}

/*
 * Hand the first object of chain (objects of the cpu slab that are not on
 * the cpu freelist) to the caller and make the rest the cpu freelist.  With
 * the local lock held only a thread sharing this simulated CPU can have
 * pushed frees meanwhile; they are spliced behind the chain.
 */
static void *load_freelist(struct kmem_cache *s, struct kmem_cache_cpu *c,
			   void *chain)
{
	freelist_aba_t old;
	void *tail = NULL;
	int cnt;

	old = cpu_pair_read(c);
	for (;;) {
		if (old.freelist || tail) {
			if (!tail)
				tail = chain_tail(s, chain, &cnt);
			set_freepointer(s, tail, old.freelist);
		}
		if (__update_cpu_freelist(c, &old, get_freepointer(s, chain)))
			return chain;
	}
}

/* Make slab (frozen, chain = its free objects) the CPU's slab. */
static void *install_cpu_slab(struct kmem_cache *s, struct slab *slab,
			      void *chain)
{
	struct kmem_cache_cpu *c;
	struct slab *old_slab;
	unsigned long flags;
	void *old_freelist;
	void *object;

	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	/*
	 * A thread sharing this CPU may have installed one meanwhile.  The
	 * slab pointer changes before each tid change (see cpu_slab_detach()).
	 */
	old_slab = cpu_slab_detach(c, &old_freelist);
	WRITE_ONCE(c->slab, slab);
	object = load_freelist(s, c, chain);
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);

	/* The kernel's retry_load_slab: the slab it displaces is flushed. */
	if (old_slab) {
		deactivate_slab(s, old_slab, old_freelist);
		stat(s, CPUSLAB_FLUSH);
	}
	return object;
}

/*
 * Refill the CPU from its partial chain.  Returns an object, or NULL with
 * *retry set when the CPU's state changed and the caller must look again,
 * or NULL with *retry clear when the chain is empty.
 */
static void *alloc_from_cpu_partial(struct kmem_cache *s, int node,
				    bool *retry)
{
	struct kmem_cache_cpu *c;
	struct slab *slab;
	unsigned long flags;
	void *chain;

	*retry = false;
	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	slab = c->partial;
	if (unlikely(c->slab) || !slab) {
		*retry = !!c->slab;
		local_unlock_irqrestore(&s->cpu_slab->lock, flags);
		return NULL;
	}
	c->partial = slab->next;
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);

	*retry = true;
	if (unlikely(!node_match(slab, node))) {
		slab->next = NULL;
		__put_partials(s, slab);
		return NULL;
	}
	chain = freeze_slab(s, slab);
	if (unlikely(!chain))
		return NULL;	/* filled up meanwhile: now on no list */
	stat(s, CPU_PARTIAL_ALLOC);
	return install_cpu_slab(s, slab, chain);
}

/*
 * The slow path: the cpu freelist is empty or its slab is on the wrong
 * node.  The local lock is dropped before anything that can block.  The
 * kernel's __slab_alloc() wraps it to keep the task on its CPU; here the
 * local lock covers every use of the CPU's state, and there is no wrapper.
 */
static noinline void *___slab_alloc(struct kmem_cache *s, gfp_t gfpflags,
				    int node, unsigned long addr,
				    size_t orig_size)
{
	struct kmem_cache_cpu *c;
	struct slab *slab;
	unsigned long flags;
	void *object, *chain;
	bool retry, frozen, fresh;
	bool try_thisnode;
	struct partial_context pc = { .orig_size = orig_size };

	stat(s, ALLOC_SLOWPATH);
	/*
	 * A node without normal memory (or not yet known to the caches) is
	 * no constraint: 6.12 drops it both where it finds no cpu slab and
	 * where the cpu slab is on another node, so the cpu slab is kept.
	 */
	if (unlikely(node != NUMA_NO_NODE && !node_isset(node, slab_nodes)))
		node = NUMA_NO_NODE;
	try_thisnode = slab_try_thisnode(node, gfpflags);
	if (kmem_cache_debug(s))
		return slab_alloc_single(s, gfpflags, node, addr, orig_size);
reread:
	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	slab = c->slab;
	if (slab) {
		frozen = true;
		if (likely(node_match(slab, node))) {
			object = cpu_freelist_pop(s, c);
			if (object)
				goto out_unlock;
			/* Take what was freed remotely while the slab was ours. */
			chain = freeze_slab(s, slab);
			if (chain) {
				stat(s, ALLOC_REFILL);
				object = load_freelist(s, c, chain);
				goto out_unlock;
			}
			stat(s, DEACTIVATE_BYPASS);
			frozen = false;
		} else {
			stat(s, ALLOC_NODE_MISMATCH);
		}
		/* Full (now unfrozen) or on the wrong node: let it go. */
		cpu_slab_detach(c, &chain);
		local_unlock_irqrestore(&s->cpu_slab->lock, flags);
		/* Once unfrozen another CPU may own it: read no slab state. */
		if (frozen)
			deactivate_slab(s, slab, chain);
		else if (unlikely(chain))
			free_chain(s, slab, chain);
	} else {
		local_unlock_irqrestore(&s->cpu_slab->lock, flags);
	}

	if (kmem_cache_has_cpu_partial(s)) {
		object = alloc_from_cpu_partial(s, node, &retry);
		if (object)
			return object;
		if (retry)
			goto reread;
	}

	slab = get_partial_or_new_slab(s, gfpflags, node, &try_thisnode, &pc,
				       &fresh);
	if (unlikely(!slab))
		return NULL;
	if (!fresh) {
		chain = freeze_slab(s, slab);
		if (likely(chain))
			return install_cpu_slab(s, slab, chain);
		goto reread;
	}
	inc_slabs_node(s, slab_nid(slab), slab->objects);

	chain = slab->freelist;
	slab->freelist = NULL;
	slab->inuse = slab->objects;
	slab->frozen = 1;
	return install_cpu_slab(s, slab, chain);

out_unlock:
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);
	return object;
}

/*
 * slab_extra_checks(): a forged free pointer of a hardened cache was just
 * made the cpu freelist (6.12 would follow it): report it and empty the cpu
 * freelist (its objects stay counted as in use: lost, but never handed out
 * wrongly).
 */
static noinline void cpu_freelist_cut(struct kmem_cache *s, void *object,
				      void *next)
{
	struct kmem_cache_cpu *c;
	freelist_aba_t old;
	unsigned long flags;

	freelist_corrupt(s, object, next);
	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	old = cpu_pair_read(c);
	while (old.freelist == next) {
		if (__update_cpu_freelist(c, &old, NULL))
			break;
	}
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);
}

/*
 * One try of the lockless pop: the object, or NULL when the cpu freelist
 * is empty or its slab is not on node (*raced clear: take the slow path),
 * or when the tid moved on (*raced set: try again).  plain: the entry
 * points' first try, with every hook off (slab_alloc_plain()); it also
 * gives up, *raced clear, when it cannot name this CPU's copy without a
 * call.
 */
static __always_inline void *cpu_freelist_pop_fast(struct kmem_cache *s,
						   int node, bool plain,
						   bool *raced)
{
	struct kmem_cache_cpu *c = cpu_try_ptr(plain, s->cpu_slab);
	unsigned long tid;
	struct slab *slab;
	void *object, *next;

	*raced = false;
	if (plain && unlikely(!c))
		return NULL;
	tid = cpu_try_read(plain, c->tid);
	/* tid first: any change after this fails the cmpxchg. */
	barrier();
	object = cpu_try_peek(plain, c->freelist);
	slab = cpu_try_peek(plain, c->slab);
	if (unlikely(!object || !slab || !node_match(slab, node)))
		return NULL;

	next = get_freepointer_safe(plain, s, object);
	if (likely(cpu_try_commit(plain, s, c, object, next, tid))) {
		/* Committed under an unchanged tid: next was really stored. */
		if (!plain && unlikely(s->random) &&
		    slab_extra_checks() &&
		    unlikely(!freeptr_sane(s, object, next)))
			cpu_freelist_cut(s, object, next);
		cpu_try_stat(plain, s, c, ALLOC_FASTPATH, 1);
		return object;
	}
	cpu_try_stat(plain, s, c, CMPXCHG_DOUBLE_CPU_FAIL, 1);
	*raced = true;
	return NULL;
}

/*
 * The lockless fast path, then the slow path when the cpu freelist cannot
 * serve (the kernel's __slab_alloc_node() without SLUB_TINY).
 */
static __always_inline void *slab_alloc_fast(struct kmem_cache *s,
					     gfp_t gfpflags, int node,
					     unsigned long addr,
					     size_t orig_size)
{
	void *object;
	bool raced;

	/* SLUB_TINY has no per-CPU slabs: straight to the node's lists. */
	if (IS_ENABLED(CONFIG_LIBSLAB_TINY))
		return slab_alloc_single(s, gfpflags, node, addr, orig_size);
	if (!USE_LOCKLESS_FAST_PATH())
		return ___slab_alloc(s, gfpflags, node, addr, orig_size);

	do {
		object = cpu_freelist_pop_fast(s, node, false, &raced);
		if (likely(object))
			return object;
	} while (raced);
	return ___slab_alloc(s, gfpflags, node, addr, orig_size);
}

/*
 * The orig_size of a kmem_cache_alloc*(): s->object_size, looked up on the
 * whole path, where s is known to exist, so that the fast path keeps no
 * register for it.  No kmalloc size comes near it.
 */
#define CACHE_OBJECT_SIZE	SIZE_MAX

/* The size the caller asked for: orig_size, or s's object size. */
static __always_inline size_t requested_size(const struct kmem_cache *s,
					     size_t orig_size)
{
	return orig_size == CACHE_OBJECT_SIZE ? s->object_size : orig_size;
}

/*
 * slab_alloc_node()'s whole path: every hook, the lockless fast path and
 * the slow path (6.12's __fastpath_inline slab_alloc_node(), with its
 * slab_pre_alloc_hook() and slab_post_alloc_hook() written inline).
 */
static noinline void *slab_alloc_full(struct kmem_cache *s,
				      struct list_lru *lru, gfp_t gfpflags,
				      int node, unsigned long addr,
				      size_t orig_size, bool ask_kfence)
{
	/* slab_pre_alloc_hook(): its checks see only the bits allowed now. */
	gfp_t hook_flags = gfpflags & gfp_allowed_mask;
	void *object;
	bool init = false;

	if (unlikely(!s))
		return NULL;
	orig_size = requested_size(s, orig_size);
	might_sleep_if(gfpflags_allow_blocking(hook_flags));
	if (unlikely(node != NUMA_NO_NODE &&
		     (node < 0 || node >= nr_node_ids))) {
		WARN_ONCE(1, "%s: invalid node %d\n", s->name, node);
		node = NUMA_NO_NODE;
	}
	if (slab_should_fail(s, hook_flags))
		return NULL;

	/* KFENCE's object comes zeroed as asked: the post-alloc hooks only. */
	if (ask_kfence) {
		object = kfence_alloc(s, orig_size, gfpflags);
		if (unlikely(object))
			goto post_alloc;
	}

	slab_tool_metadata_begin();
	object = slab_alloc_fast(s, gfpflags, node, addr, orig_size);
	maybe_wipe_obj_freeptr(s, object);
	slab_tool_metadata_end();
	if (unlikely(!object))
		return NULL;
	init = slab_want_init_on_alloc(gfpflags, s);
post_alloc:
	/*
	 * slab_post_alloc_hook(): the whole object is handed out and zeroed,
	 * then a kmalloc object's tail is taken back from the tools (the
	 * kernel's kasan_slab_alloc(), then kasan_kmalloc()).
	 */
	slab_tool_object_alloc(s, object, s->object_size, init || s->ctor);
	/* Zero what the caller asked for: kmalloc's red zone stays. */
	if (unlikely(init))
		memset(object, 0, slub_debug_orig_size(s) ? orig_size :
							 s->object_size);
	slab_tool_object_trim(s, object, orig_size, s->object_size);
	if (unlikely(memcg_slab_charges(s, gfpflags)))
		memcg_slab_post_alloc(s, lru, gfpflags, 1, &object);
	return object;
}

/*
 * Whether an allocation from s has nothing to do but the pop: every
 * switch is off (slab_switches_off()), it asks for no zeroing and no
 * charge, and it may sleep if it says so (might_sleep() would have
 * nothing to report).
 */
static __always_inline bool slab_alloc_plain(struct kmem_cache *s,
					     gfp_t gfpflags)
{
	return !IS_ENABLED(CONFIG_LIBSLAB_TINY) && likely(s) &&
	       slab_switches_off() && !(gfpflags & __GFP_ZERO) &&
	       !memcg_slab_charges(s, gfpflags) &&
	       (!IS_ENABLED(CONFIG_DEBUG_ATOMIC_SLEEP) ||
		!gfpflags_allow_blocking(gfpflags & gfp_allowed_mask) ||
		preemptible());
}

/*
 * The entry points' allocation: with every hook off, a hit on the cpu
 * freelist is one plain lockless try, which calls nothing and so needs no
 * stack frame; anything else, a race included, is the whole path as a
 * tail call.  KFENCE is asked first, once, as 6.12's slab_alloc_node()
 * asks it after the pre-alloc hook (which has nothing to do here): with
 * its gate shut that is kfence_alloc()'s inline test, 6.12's cost.
 */
static __always_inline void *slab_alloc_try_plain(struct kmem_cache *s,
						  struct list_lru *lru,
						  gfp_t gfpflags, int node,
						  unsigned long addr,
						  size_t orig_size)
{
	if (likely(slab_alloc_plain(s, gfpflags))) {
		bool raced;
		void *object;

		object = kfence_alloc(s, requested_size(s, orig_size), gfpflags);
		if (unlikely(object))
			return object;
		object = cpu_freelist_pop_fast(s, node, true, &raced);
		if (likely(object))
			return object;
		return slab_alloc_full(s, lru, gfpflags, node, addr, orig_size,
				       false);
	}
	return slab_alloc_full(s, lru, gfpflags, node, addr, orig_size, true);
}

void *slab_alloc_node(struct kmem_cache *s, gfp_t gfpflags, int node,
		      unsigned long addr, size_t orig_size)
{
	return slab_alloc_try_plain(s, NULL, gfpflags, node, addr, orig_size);
}

/*
 * An object of s for addr, with the kmem_cache_alloc event; lru: the
 * list_lru the object will go on, which memcg extends to its cgroup.
 */
static __always_inline void *kmem_cache_alloc_traced(struct kmem_cache *s,
						     struct list_lru *lru,
						     gfp_t flags, int node,
						     unsigned long addr)
{
	void *ret = slab_alloc_try_plain(s, lru, flags, node, addr,
					 CACHE_OBJECT_SIZE);

	trace_kmem_cache_alloc(addr, ret, s, flags, node);
	return ret;
}

/* The kernel's kmem_cache_alloc_noprof(), under the name callers use. */
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc_traced(s, NULL, flags, NUMA_NO_NODE, _RET_IP_);
}
EXPORT_SYMBOL(kmem_cache_alloc);

/* The kernel's kmem_cache_alloc_node_noprof(). */
void *kmem_cache_alloc_node(struct kmem_cache *s, gfp_t flags, int node)
{
	return kmem_cache_alloc_traced(s, NULL, flags, node, _RET_IP_);
}
EXPORT_SYMBOL(kmem_cache_alloc_node);

/* The kernel's kmem_cache_alloc_lru_noprof(). */
void *kmem_cache_alloc_lru(struct kmem_cache *s, struct list_lru *lru,
			   gfp_t flags)
{
	return kmem_cache_alloc_traced(s, lru, flags, NUMA_NO_NODE, _RET_IP_);
}
EXPORT_SYMBOL(kmem_cache_alloc_lru);

bool kmem_cache_charge(void *objp, gfp_t gfpflags)
{
	if (!slab_memcg_online())
		return true;
	return memcg_slab_post_charge(objp, gfpflags);
}
EXPORT_SYMBOL(kmem_cache_charge);

/*
 * Move up to want objects of this CPU's freelist to p; how many it moved.
 * The local lock keeps the cpu slab in place while one cmpxchg takes the
 * whole freelist and load_freelist() gives back what is left, behind any
 * frees a task sharing this CPU pushed meanwhile: two cmpxchgs for the
 * lot, where single allocations pay one each.
 */
static size_t cpu_freelist_take(struct kmem_cache *s, size_t want, void **p)
{
	struct kmem_cache_cpu *c;
	freelist_aba_t old;
	unsigned long flags;
	void *object;
	size_t got = 0, i;

	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	old = cpu_pair_read(c);
	do {
		if (!old.freelist)
			goto out_unlock;
	} while (!__update_cpu_freelist(c, &old, NULL));

	object = old.freelist;
	while (object && got + 1 < want) {
		p[got++] = object;
		object = get_freepointer(s, object);
	}
	if (object)
		p[got++] = load_freelist(s, c, object);
out_unlock:
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);
	for (i = 0; i < got; i++)
		stat(s, ALLOC_FASTPATH);
	return got;
}

/*
 * The kernel's kmem_cache_alloc_bulk_noprof() and its
 * __kmem_cache_alloc_bulk() in one.
 */
int kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t flags, size_t size,
			  void **p)
{
	size_t i;
	bool init;

	if (!size || WARN_ON_ONCE(!s))
		return 0;
	if (slab_should_fail(s, flags & gfp_allowed_mask))
		return 0;

	/*
	 * Objects come off the cpu freelist in one go, and the fast path
	 * refills it from the slow path when it runs dry.  A hardened cache
	 * under slab_extra_checks() checks every free pointer it follows, so
	 * it takes the fast path for each object.
	 */
	slab_tool_metadata_begin();
	for (i = 0; i < size; i++) {
		/*
		 * 6.12 asks KFENCE before each object; here before each
		 * object or run of objects taken off the cpu freelist.  Its
		 * timer opens the gate for one object (kfence.burst more).
		 */
		p[i] = kfence_alloc(s, s->object_size, flags);
		if (unlikely(p[i]))
			continue;
		if (likely(!s->random || !slab_extra_checks())) {
			i += cpu_freelist_take(s, size - i, p + i);
			if (i == size)
				break;
		}
		p[i] = slab_alloc_fast(s, flags, NUMA_NO_NODE, _RET_IP_,
				       s->object_size);
		if (unlikely(!p[i])) {
			size_t got = i;

			/* Hand back what was taken, as the caller would. */
			slab_tool_metadata_end();
			for (i = 0; i < got; i++)
				slab_tool_object_alloc(s, p[i], s->object_size, true);
			kmem_cache_free_bulk(s, got, p);
			return 0;
		}
	}
	for (i = 0; i < size; i++)
		if (likely(!is_kfence_address(p[i])))
			maybe_wipe_obj_freeptr(s, p[i]);
	slab_tool_metadata_end();
	init = slab_want_init_on_alloc(flags, s);
	for (i = 0; i < size; i++) {
		slab_tool_object_alloc(s, p[i], s->object_size, init || s->ctor);
		if (unlikely(init))
			memset(p[i], 0, s->object_size);
	}
	if (unlikely(memcg_slab_charges(s, flags)) &&
	    !memcg_slab_post_alloc(s, NULL, flags, size, p))
		return 0;
	return size;
}
EXPORT_SYMBOL(kmem_cache_alloc_bulk);
