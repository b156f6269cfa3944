// SPDX-License-Identifier: GPL-2.0
/*
 * Freeing: the lockless push onto the cpu freelist when the object belongs
 * to this CPU's slab, the slab freelist cmpxchg for every other slab, and
 * bulk freeing of objects grouped by slab.
 * Kernel counterparts (mm/slub.c): do_slab_free(), __slab_free(),
 * slab_free(), cache_from_obj(), kmem_cache_free(),
 * build_detached_freelist(), kmem_cache_free_bulk().
 */
#include "slab.h"

/*
 * slab_extra_checks(): the freelist head already being the object means
 * it was just freed (what CONFIG_SLAB_FREELIST_HARDENED BUG()s on in
 * set_freepointer()).  Reported, and the free is dropped.
 */
static bool double_free_caught(struct kmem_cache *s, void *head,
			       void *freelist, unsigned long addr)
{
	if (!slab_extra_checks() || likely(freelist != head))
		return false;
	slab_err(s, virt_to_slab(head), "Double free of 0x%p detected at %pS",
		 head, (void *)addr);
	return true;
}

/*
 * The part of a slow-path free that the node lock covers: the slab's move
 * between lists once its freelist took the objects.  Drops the lock.
 */
static void __slab_free_relist(struct kmem_cache *s, struct kmem_cache_node *n,
			       struct slab *slab, bool was_full, bool now_empty,
			       bool on_node_partial, unsigned long flags)
	__releases(&n->list_lock)
{
	/* Partial but on a CPU's chain, not the node list: leave it there. */
	if (!was_full && !on_node_partial) {
		spin_unlock_irqrestore(&n->list_lock, flags);
		return;
	}
	if (unlikely(now_empty && n->nr_partial >= s->min_partial)) {
		if (!was_full) {
			remove_partial(n, slab);
			stat(s, FREE_REMOVE_PARTIAL);
		}
		spin_unlock_irqrestore(&n->list_lock, flags);
		stat(s, FREE_SLAB);
		discard_slab(s, slab);
		return;
	}
	if (!kmem_cache_has_cpu_partial(s) && unlikely(was_full)) {
		add_partial(n, slab, true);
		stat(s, FREE_ADD_PARTIAL);
	}
	spin_unlock_irqrestore(&n->list_lock, flags);
}

/*
 * One try of a slow-path free that may move the slab between lists (it
 * empties, or stops being full): the cmpxchg from prior/counters under the
 * node lock, then the move.  False if the slab changed first (look again).
 * Out of line, as it is once per slab at most: the common free keeps a
 * small frame, and so fewer stores that would queue behind its store to a
 * cold object.
 */
static noinline bool __slab_free_locked(struct kmem_cache *s,
					struct slab *slab, void *prior,
					unsigned long counters, void *head,
					unsigned long new_counters)
{
	struct kmem_cache_node *n = get_node(s, slab_nid(slab));
	union slab_counters new = { .counters = new_counters };
	bool on_node_partial;
	unsigned long flags;

	spin_lock_irqsave(&n->list_lock, flags);
	on_node_partial = slab_test_node_partial(slab);
	if (!slab_update_freelist(s, slab, prior, counters, head,
				  new_counters)) {
		spin_unlock_irqrestore(&n->list_lock, flags);
		return false;
	}
	__slab_free_relist(s, n, slab, !prior, !new.inuse, on_node_partial,
			   flags);
	return true;
}

/*
 * Free to a slab that is not this CPU's slab.  The slab's freelist and
 * counters change in one cmpxchg; the node lock is taken only when the
 * slab may have to move between lists.
 */
static noinline void __slab_free(struct kmem_cache *s, struct slab *slab,
				 void *head, void *tail, int cnt,
				 unsigned long addr)
{
	unsigned long counters;
	bool was_frozen;
	union slab_counters new;
	void *prior;

	stat(s, FREE_SLOWPATH);
	if (slab_uses_node_lists_only(s)) {
		free_to_partial_list(s, slab, head, tail, cnt, addr);
		return;
	}
	for (;;) {
		prior = READ_ONCE(slab->freelist);
		counters = READ_ONCE(slab->counters);
		if (unlikely(double_free_caught(s, head, prior, addr)))
			return;
		set_freepointer(s, tail, prior);
		new.counters = counters;
		was_frozen = new.frozen;
		new.inuse -= cnt;
		/*
		 * A slab that empties or stops being full may have to move
		 * between lists, under the node lock taken before the
		 * cmpxchg; a full one goes to this CPU's partial chain
		 * without it.
		 */
		if (unlikely((!new.inuse || !prior) && !was_frozen &&
			     (!kmem_cache_has_cpu_partial(s) || prior))) {
			if (__slab_free_locked(s, slab, prior, counters, head,
					       new.counters))
				return;
			continue;
		}
		if (slab_update_freelist(s, slab, prior, counters, head,
					 new.counters))
			break;
	}

	/* Frozen slabs belong to a CPU; a full one joins ours. */
	if (was_frozen) {
		stat(s, FREE_FROZEN);
	} else if (kmem_cache_has_cpu_partial(s) && !prior) {
		put_cpu_partial(s, slab, true);
		stat(s, CPU_PARTIAL_FREE);
	}
}

/*
 * The PREEMPT_RT form of the cpu freelist push: under the local lock, if
 * slab is still this CPU's slab.  False if it is not (look again).
 */
static bool cpu_freelist_push_locked(struct kmem_cache *s, struct slab *slab,
				     void *head, void *tail, int cnt,
				     unsigned long addr)
{
	struct kmem_cache_cpu *c;
	freelist_aba_t old;
	unsigned long flags;

	local_lock_irqsave(&s->cpu_slab->lock, flags);
	c = this_cpu_ptr(s->cpu_slab);
	if (unlikely(slab != READ_ONCE(c->slab))) {
		local_unlock_irqrestore(&s->cpu_slab->lock, flags);
		return false;
	}
	old = cpu_pair_read(c);
	do {
		if (unlikely(double_free_caught(s, head, old.freelist, addr)))
			break;
		set_freepointer(s, tail, old.freelist);
	} while (!__update_cpu_freelist(c, &old, head));
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);
	stat_add(s, FREE_FASTPATH, cnt);
	return true;
}

/* What one lockless try of pushing a chain on the cpu freelist did. */
enum cpu_push {
	CPU_PUSH_DONE,		/* pushed (or dropped as a caught double free) */
	CPU_PUSH_RACED,		/* the tid moved on (or more to do): try again */
	CPU_PUSH_NOT_CPU_SLAB,	/* slab is not this CPU's slab */
	CPU_PUSH_LOCKED,	/* PREEMPT_RT: only under the local lock */
};

/*
 * One try of the lockless push of head..tail (cnt objects of slab).
 * plain: the entry points' first try, with every hook off
 * (slab_free_plain()); it reports CPU_PUSH_RACED, too, when it cannot
 * name this CPU's copy without a call.
 */
static __always_inline enum cpu_push cpu_freelist_push_fast(struct kmem_cache *s,
							    struct slab *slab,
							    void *head, void *tail,
							    int cnt, bool plain,
							    unsigned long addr)
{
	struct kmem_cache_cpu *c = cpu_try_ptr(plain, s->cpu_slab);
	unsigned long tid;
	void *freelist;

	if (plain && unlikely(!c))
		return CPU_PUSH_RACED;
	tid = cpu_try_read(plain, c->tid);
	/* Same ordering as the alloc fast path: tid, then the rest. */
	barrier();
	if (unlikely(slab != cpu_try_peek(plain, c->slab)))
		return CPU_PUSH_NOT_CPU_SLAB;
	if (!plain && !USE_LOCKLESS_FAST_PATH())
		return CPU_PUSH_LOCKED;
	freelist = cpu_try_read(plain, c->freelist);
	if (!plain && unlikely(double_free_caught(s, head, freelist, addr)))
		return CPU_PUSH_DONE;
	set_freepointer(s, tail, freelist);
	if (likely(cpu_try_commit(plain, s, c, freelist, head, tid))) {
		/* A bulk chain counts each of its objects. */
		cpu_try_stat(plain, s, c, FREE_FASTPATH, cnt);
		return CPU_PUSH_DONE;
	}
	cpu_try_stat(plain, s, c, CMPXCHG_DOUBLE_CPU_FAIL, 1);
	return CPU_PUSH_RACED;
}

/* do_slab_free(), inlined into the single-object frees (6.12 __fastpath_inline). */
static __always_inline void do_slab_free_inline(struct kmem_cache *s,
						struct slab *slab, void *head,
						void *tail, int cnt,
						unsigned long addr)
{
	/* SLUB_TINY: no CPU owns a slab, every free goes to the slab itself. */
	if (IS_ENABLED(CONFIG_LIBSLAB_TINY)) {
		__slab_free(s, slab, head, tail, cnt, addr);
		return;
	}
	for (;;) {
		switch (cpu_freelist_push_fast(s, slab, head, tail, cnt, false,
					       addr)) {
		case CPU_PUSH_DONE:
			return;
		case CPU_PUSH_NOT_CPU_SLAB:
			__slab_free(s, slab, head, tail, cnt, addr);
			return;
		case CPU_PUSH_LOCKED:
			if (cpu_freelist_push_locked(s, slab, head, tail, cnt, addr))
				return;
			break;
		case CPU_PUSH_RACED:
			break;
		}
	}
}

void do_slab_free(struct kmem_cache *s, struct slab *slab, void *head,
		  void *tail, int cnt, unsigned long addr)
{
	do_slab_free_inline(s, slab, head, tail, cnt, addr);
}

/*
 * init_on_free: zero the bytes the caller asked for and the metadata after
 * the free pointer, all but a left red zone, so the owner tracks go too;
 * the kmalloc request size is put back so its red zone stays checkable
 * (6.12 slab_free_hook()).
 */
static void wipe_on_free(struct kmem_cache *s, void *object)
{
	unsigned int inuse = get_info_end(s);
	unsigned int rsize = (s->flags & SLAB_RED_ZONE) ? s->red_left_pad : 0;
	unsigned long orig_size;

	slab_tool_metadata_begin();
	orig_size = get_orig_size(s, object);
	memset(object, 0, orig_size);
	memset((char *)object + inuse, 0, s->size - inuse - rsize);
	set_orig_size(s, object, orig_size);
	slab_tool_metadata_end();
}

/*
 * What happens to an object the caller gives back before the allocator
 * takes it: init_on_free wiping, then the tool forbids access (RCU
 * readers may still look at a typesafe object, so it stays readable).
 */
static __always_inline void slab_free_hook(struct kmem_cache *s, void *object)
{
	if (unlikely(slab_want_init_on_free(s)))
		wipe_on_free(s, object);
	if (!(s->flags & SLAB_TYPESAFE_BY_RCU))
		slab_tool_object_free(s, object, s->object_size);
}

/* slab_free()'s whole path: the checks, the hooks and every way of freeing. */
static noinline void slab_free_full(struct kmem_cache *s, struct slab *slab,
				    void *object, unsigned long addr)
{
	/*
	 * KFENCE's object, in a page of its pool that passes for a slab of
	 * s, goes back to KFENCE before any check or hook of the core.
	 */
	memcg_slab_free_hook(s, slab, object);
	if (kfence_free(object))
		return;
	/* Debug caches check it in free_consistency_checks(), as 6.12 does. */
	if (slab_extra_checks() &&
	    unlikely(!check_valid_pointer(s, slab, object))) {
		slab_err(s, slab, "Invalid object pointer 0x%p freed at %pS",
			 object, (void *)addr);
		return;
	}
	slab_free_hook(s, object);
	slab_tool_metadata_begin();
	do_slab_free_inline(s, slab, object, object, 1, addr);
	slab_tool_metadata_end();
}

/*
 * Whether a free to s has nothing to do but the push: every switch is off
 * (slab_switches_off()), the cache has per-CPU slabs, and memcg has no
 * vector on the slab to look in.
 */
static __always_inline bool slab_free_plain(struct kmem_cache *s,
					    struct slab *slab)
{
	return !IS_ENABLED(CONFIG_LIBSLAB_TINY) && slab_switches_off() &&
	       !memcg_slab_has_exts(slab);
}

/*
 * The entry points' free of object (of s's slab): with every hook off, an
 * object of the cpu slab is one plain lockless try, which calls nothing
 * and so needs no stack frame, and any other slab's object goes straight
 * to __slab_free() (when the try's copy is still the task's CPU's);
 * anything else, a race included, is the whole path.
 * All three are tail calls.
 */
static __always_inline void slab_free_try_plain(struct kmem_cache *s,
						struct slab *slab,
						void *object,
						unsigned long addr)
{
	if (likely(slab_free_plain(s, slab))) {
		switch (cpu_freelist_push_fast(s, slab, object, object, 1, true,
					       addr)) {
		case CPU_PUSH_DONE:
			return;
		case CPU_PUSH_NOT_CPU_SLAB:
			/*
			 * Unless the copy was of a CPU the task has left.
			 * KFENCE's objects are never in a cpu slab: 6.12's
			 * test of every free comes only here.
			 */
			if (!slab_lockless_placed())
				break;
			if (kfence_free(object))
				return;
			__slab_free(s, slab, object, object, 1, addr);
			return;
		case CPU_PUSH_RACED:
		case CPU_PUSH_LOCKED:
			break;
		}
	}
	slab_free_full(s, slab, object, addr);
}

void slab_free(struct kmem_cache *s, struct slab *slab, void *object,
	       unsigned long addr)
{
	slab_free_try_plain(s, slab, object, addr);
}

/* The cache of a slab object; NULL, WARNed once, if obj is in no slab. */
static struct kmem_cache *virt_to_cache(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	if (WARN_ONCE(!slab, "%s: Object is not a Slab page!\n", __func__))
		return NULL;
	return slab->slab_cache;
}

struct kmem_cache *cache_from_obj(struct kmem_cache *s, void *x)
{
	struct kmem_cache *cachep = virt_to_cache(x);

	/* No cache is a wrong one too, where the kernel oopses on its name. */
	if (WARN(cachep && cachep != s,
		 "%s: Wrong slab cache. %s but object is from %s\n",
		 __func__, s ? s->name : "NULL", cachep->name))
		print_tracking(cachep, x);
	return cachep;
}

/*
 * kmem_cache_free() of an object that is not in a slab of s, or of NULL:
 * nothing for NULL; else WARNed by cache_from_obj() and freed to the
 * cache it is in, if any.  Out of line, so that the usual free makes no
 * call that needs a stack frame.
 */
static noinline void kmem_cache_free_stray(struct kmem_cache *s,
					   struct slab *slab, void *x,
					   unsigned long addr)
{
	if (unlikely(!x))
		return;
	/* Non-NULL only for an object in a slab, the one given. */
	s = cache_from_obj(s, x);
	if (!s)
		return;
	trace_kmem_cache_free(addr, x, s);
	slab_free(s, slab, x, addr);
}

void kmem_cache_free(struct kmem_cache *s, void *x)
{
	struct slab *slab = virt_to_slab(x);

	/*
	 * 6.12 calls cache_from_obj() only when hardened or checking
	 * consistency; its test costs one comparison here, where the slab
	 * is at hand anyway, so every free gets it: a wrong cache or a
	 * pointer outside any slab is WARNed, never freed.  (NULL is in
	 * no slab.)
	 */
	if (unlikely(!slab || slab->slab_cache != s)) {
		kmem_cache_free_stray(s, slab, x, _RET_IP_);
		return;
	}
	trace_kmem_cache_free(_RET_IP_, x, s);
	slab_free_try_plain(s, slab, x, _RET_IP_);
}
EXPORT_SYMBOL(kmem_cache_free);

/* Objects of one slab gathered from a bulk free into one chain. */
struct detached_freelist {
	struct slab *slab;
	void *tail;
	void *freelist;
	int cnt;
	struct kmem_cache *s;
};

/*
 * Collect into df the last object of p[0..size) and every other object of
 * the same slab (looking at most three misses back), clearing their slots.
 * Returns how many slots remain to be processed.
 */
static size_t build_detached_freelist(struct kmem_cache *s, size_t size,
				      void **p, struct detached_freelist *df)
{
	int lookahead = 3;
	void *object;
	size_t first_skipped_index = 0;

	df->slab = NULL;
	do {
		object = p[--size];
	} while (!object && size);
	if (!object)
		return 0;

	df->slab = virt_to_slab(object);
	if (!df->slab) {
		/* Not ours as a slab object: a large kmalloc, or bad. */
		kfree(object);
		p[size] = NULL;
		return size;
	}
	df->s = s ? cache_from_obj(s, object) : df->slab->slab_cache;
	/* A KFENCE object is a slab of its own: back to KFENCE, alone. */
	if (df->s && is_kfence_address(object)) {
		memcg_slab_free_hook(df->s, df->slab, object);
		__kfence_free(object);
		df->slab = NULL;
		p[size] = NULL;
		return size;
	}
	if (!df->s || (slab_extra_checks() &&
		       !check_valid_pointer(df->s, df->slab, object))) {
		if (df->s)
			slab_err(df->s, df->slab,
				 "Invalid object pointer 0x%p in bulk free",
				 object);
		df->slab = NULL;
		p[size] = NULL;
		return size;
	}

	memcg_slab_free_hook(df->s, df->slab, object);
	slab_free_hook(df->s, object);
	set_freepointer(df->s, object, NULL);
	df->tail = object;
	df->freelist = object;
	df->cnt = 1;
	p[size] = NULL;

	while (size) {
		object = p[--size];
		if (!object)
			continue;
		if (df->slab == virt_to_slab(object) &&
		    (!slab_extra_checks() ||
		     (check_valid_pointer(df->s, df->slab, object) &&
		      object != df->freelist))) {
			memcg_slab_free_hook(df->s, df->slab, object);
			slab_free_hook(df->s, object);
			set_freepointer(df->s, object, df->freelist);
			df->freelist = object;
			df->cnt++;
			p[size] = NULL;
			continue;
		}
		if (!--lookahead)
			break;
		if (!first_skipped_index)
			first_skipped_index = size + 1;
	}
	return first_skipped_index;
}

/*
 * With the kernel's __kmem_cache_free_bulk(): s may be NULL (kfree_bulk()),
 * each object then going to its own cache.
 */
void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p)
{
	if (!size)
		return;
	slab_tool_metadata_begin();
	do {
		struct detached_freelist df;

		size = build_detached_freelist(s, size, p, &df);
		if (!df.slab)
			continue;
		do_slab_free(df.s, df.slab, df.freelist, df.tail, df.cnt,
			     _RET_IP_);
	} while (likely(size));
	slab_tool_metadata_end();
}
EXPORT_SYMBOL(kmem_cache_free_bulk);
