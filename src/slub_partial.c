// SPDX-License-Identifier: GPL-2.0
/*
 * Partial lists: the per-node lists under list_lock, the per-CPU partial
 * chains under the local lock, freezing and unfreezing, deactivation,
 * flushing, shrinking and shutdown; the nodes the caches have, as memory
 * hotplug brings them.
 * Kernel counterparts (mm/slub.c): add_partial(), remove_partial(),
 * get_partial_node(), get_any_partial(), get_partial(), freeze_slab(),
 * deactivate_slab(), put_cpu_partial(), __put_partials(), flush_slab(),
 * flush_cpu_slab(), flush_all(), __kmem_cache_do_shrink(),
 * free_partial(), __kmem_cache_shutdown(), init_kmem_cache_nodes(),
 * slab_nodes and slab_memory_callback() with its three steps.
 */
#include "slab.h"

/* Slabs with at most this many free objects are sorted by shrink. */
#define SHRINK_PROMOTE_MAX 32

/* With the kernel's __add_partial(): the list, the count and the flag. */
void add_partial(struct kmem_cache_node *n, struct slab *slab, bool tail)
{
	lockdep_assert_held(&n->list_lock);
	n->nr_partial++;
	if (tail)
		list_add_tail(&slab->slab_list, &n->partial);
	else
		list_add(&slab->slab_list, &n->partial);
	slab_set_node_partial(slab);
}

void remove_partial(struct kmem_cache_node *n, struct slab *slab)
{
	lockdep_assert_held(&n->list_lock);
	list_del(&slab->slab_list);
	slab_clear_node_partial(slab);
	n->nr_partial--;
}

void add_full(struct kmem_cache *s, struct kmem_cache_node *n,
	      struct slab *slab)
{
	if (!(s->flags & SLAB_STORE_USER))
		return;
	lockdep_assert_held(&n->list_lock);
	list_add(&slab->slab_list, &n->full);
}

void remove_full(struct kmem_cache *s, struct kmem_cache_node *n,
		 struct slab *slab)
{
	if (!(s->flags & SLAB_STORE_USER))
		return;
	lockdep_assert_held(&n->list_lock);
	list_del(&slab->slab_list);
}

void inc_slabs_node(struct kmem_cache *s, int node, int objects)
{
	struct kmem_cache_node *n = get_node(s, node);

	atomic_long_inc(&n->nr_slabs);
	atomic_long_add(objects, &n->total_objects);
}

void dec_slabs_node(struct kmem_cache *s, int node, int objects)
{
	struct kmem_cache_node *n = get_node(s, node);

	atomic_long_dec(&n->nr_slabs);
	atomic_long_sub(objects, &n->total_objects);
}

static void __free_slab(struct kmem_cache *s, struct slab *slab)
{
	struct folio *folio = slab_folio(slab);
	unsigned int order = folio_order(folio);

	slab_tool_slab_free(s, slab_address(slab), slab_size(slab));
	if (IS_ENABLED(CONFIG_LIBSLAB_MEMCG))
		free_slab_obj_exts(slab);
	node_stat_mod_folio(folio, cache_vmstat_idx(s), -(int)(PAGE_SIZE << order));
	__folio_clear_slab(folio);
	slab_clear_node_partial(slab);
	folio->page.mapping = NULL;
	__free_pages(&folio->page, order);
}

static void rcu_free_slab(struct rcu_head *h)
{
	struct slab *slab = container_of(h, struct slab, rcu_head);

	__free_slab(slab->slab_cache, slab);
}

/*
 * Objects of a SLAB_TYPESAFE_BY_RCU cache may be read by RCU readers after
 * they are freed, so their page stays a slab page of this cache until a
 * grace period has passed.  A cache with consistency checks has every
 * object checked first, as 6.12 does.
 */
void free_slab(struct kmem_cache *s, struct slab *slab)
{
	free_slab_checks(s, slab);
	if (unlikely(s->flags & SLAB_TYPESAFE_BY_RCU))
		call_rcu(&slab->rcu_head, rcu_free_slab);
	else
		__free_slab(s, slab);
}

/* Callers count FREE_SLAB where 6.12 does: shutdown's discards are not counted. */
void discard_slab(struct kmem_cache *s, struct slab *slab)
{
	dec_slabs_node(s, slab_nid(slab), slab->objects);
	free_slab(s, slab);
}

/* The kernel's freeze_slab() and get_freelist() in one (see slab.h). */
void *freeze_slab(struct kmem_cache *s, struct slab *slab)
{
	union slab_counters new;
	unsigned long counters;
	void *freelist;

	do {
		freelist = READ_ONCE(slab->freelist);
		counters = READ_ONCE(slab->counters);
		new.counters = counters;
		new.inuse = slab->objects;
		new.frozen = !!freelist;
	} while (!slab_update_freelist(s, slab, freelist, counters, NULL,
				       new.counters));
	return freelist;
}

/*
 * Take the first usable slab off n's partial list for the caller and, when
 * the cache keeps per-CPU partial slabs, move up to half the CPU's limit of
 * further slabs onto this CPU's partial chain without freezing them.  A
 * single-object cache takes pc->object off the first slab that gives one.
 */
static struct slab *get_partial_node(struct kmem_cache *s,
				     struct kmem_cache_node *n,
				     struct partial_context *pc)
{
	struct slab *slab, *tmp, *taken = NULL;
	unsigned int partial_slabs = 0;
	unsigned long flags;

	/* A racy peek: an empty-looking list isn't worth the lock. */
	if (!n || !data_race(n->nr_partial))
		return NULL;

	spin_lock_irqsave(&n->list_lock, flags);
	list_for_each_entry_safe(slab, tmp, &n->partial, slab_list) {
		/* The slab stays listed: no ALLOC_FROM_PARTIAL, as in 6.12. */
		if (slab_uses_node_lists_only(s)) {
			pc->object = alloc_single_from_partial(s, n, slab,
							       pc->orig_size);
			if (pc->object) {
				taken = slab;
				break;
			}
			continue;
		}
		remove_partial(n, slab);
		if (!taken) {
			taken = slab;
			stat(s, ALLOC_FROM_PARTIAL);
			if (!s->cpu_partial_slabs)
				break;
			continue;
		}
		put_cpu_partial(s, slab, false);
		stat(s, CPU_PARTIAL_NODE);
		if (++partial_slabs > s->cpu_partial_slabs / 2)
			break;
	}
	spin_unlock_irqrestore(&n->list_lock, flags);
	return taken;
}

/* Partial slabs of other nodes, when they have more than they keep anyway. */
static struct slab *get_any_partial(struct kmem_cache *s, int skip,
				    struct partial_context *pc)
{
	struct slab *slab;
	int node;

	/*
	 * remote_node_defrag_ratio, in tenths of a percent: the share of the
	 * refills that look at other nodes' partial slabs at all (0: none;
	 * past 1023: all).  The cycle counter is the dice, as in 6.12.
	 */
	if (!s->remote_node_defrag_ratio ||
	    get_cycles() % 1024 > s->remote_node_defrag_ratio)
		return NULL;
	for (node = 0; node < nr_node_ids; node++) {
		struct kmem_cache_node *n = get_node(s, node);

		if (node == skip || !n ||
		    data_race(n->nr_partial) <= s->min_partial) /* unlocked peek */
			continue;
		slab = get_partial_node(s, n, pc);
		if (slab)
			return slab;
	}
	return NULL;
}

struct slab *get_partial(struct kmem_cache *s, int node,
			 struct partial_context *pc)
{
	int searchnode = node == NUMA_NO_NODE ? numa_mem_id() : node;
	struct slab *slab;

	slab = get_partial_node(s, get_node(s, searchnode), pc);
	if (slab || (node != NUMA_NO_NODE && (pc->flags & __GFP_THISNODE)))
		return slab;
	return get_any_partial(s, searchnode, pc);
}

void deactivate_slab(struct kmem_cache *s, struct slab *slab, void *freelist)
{
	struct kmem_cache_node *n = get_node(s, slab_nid(slab));
	void *iter, *tail_obj = NULL;
	struct slab new;
	unsigned long counters, flags;
	void *old_freelist;
	unsigned int free_delta = 0;
	/* Remote frees arrived while it was ours: it's less hot, go last. */
	bool to_tail = !!READ_ONCE(slab->freelist);

	for (iter = freelist; iter; iter = get_freepointer(s, iter)) {
		/* slab_extra_checks(): keep a hardened chain up to a forged link. */
		if (unlikely(s->random) && slab_extra_checks() &&
		    unlikely(!freeptr_sane(s, iter, get_freepointer(s, iter)))) {
			freelist_corrupt(s, iter, get_freepointer(s, iter));
			set_freepointer(s, iter, NULL);
		}
		tail_obj = iter;
		free_delta++;
	}

	do {
		old_freelist = READ_ONCE(slab->freelist);
		counters = READ_ONCE(slab->counters);
		new.counters = counters;
		WARN_ON_ONCE(!new.frozen);
		new.frozen = 0;
		if (tail_obj) {
			new.inuse -= free_delta;
			set_freepointer(s, tail_obj, old_freelist);
			new.freelist = freelist;
		} else {
			new.freelist = old_freelist;
		}
	} while (!slab_update_freelist(s, slab, old_freelist, counters,
				       new.freelist, new.counters));

	if (to_tail)
		stat(s, DEACTIVATE_REMOTE_FREES);
	/* unlocked, as SLUB reads it: a slab too many is harmless */
	if (!new.inuse && data_race(n->nr_partial) >= s->min_partial) {
		stat(s, DEACTIVATE_EMPTY);
		discard_slab(s, slab);
		stat(s, FREE_SLAB);
	} else if (new.freelist) {
		spin_lock_irqsave(&n->list_lock, flags);
		add_partial(n, slab, to_tail);
		spin_unlock_irqrestore(&n->list_lock, flags);
		stat(s, to_tail ? DEACTIVATE_TO_TAIL : DEACTIVATE_TO_HEAD);
	} else {
		/* Full: on no list until an object is freed. */
		stat(s, DEACTIVATE_FULL);
	}
}

void __put_partials(struct kmem_cache *s, struct slab *partial_slab)
{
	struct slab *slab, *to_discard = NULL;
	struct kmem_cache_node *n;
	unsigned long flags;

	/* One lock hold per run of slabs from the same node. */
	while (partial_slab) {
		n = get_node(s, slab_nid(partial_slab));
		spin_lock_irqsave(&n->list_lock, flags);
		while (partial_slab && get_node(s, slab_nid(partial_slab)) == n) {
			slab = partial_slab;
			partial_slab = slab->next;
			if (!slab->inuse && n->nr_partial >= s->min_partial) {
				slab->next = to_discard;
				to_discard = slab;
			} else {
				add_partial(n, slab, true);
				stat(s, FREE_ADD_PARTIAL);
			}
		}
		spin_unlock_irqrestore(&n->list_lock, flags);
	}

	/* An empty slab dropped from the chain counts as a deactivation. */
	while (to_discard) {
		slab = to_discard;
		to_discard = slab->next;
		stat(s, DEACTIVATE_EMPTY);
		discard_slab(s, slab);
		stat(s, FREE_SLAB);
	}
}

void put_cpu_partial(struct kmem_cache *s, struct slab *slab, bool drain)
{
	struct slab *oldslab, *to_put = NULL;
	unsigned long flags;
	int slabs = 0;

	local_lock_irqsave(&s->cpu_slab->lock, flags);
	oldslab = this_cpu_read(s->cpu_slab->partial);
	if (oldslab) {
		if (drain && oldslab->slabs >= s->cpu_partial_slabs) {
			/* Full chain: hand the old one to the nodes, restart. */
			to_put = oldslab;
			oldslab = NULL;
		} else {
			slabs = oldslab->slabs;
		}
	}
	slab->slabs = slabs + 1;
	slab->next = oldslab;
	this_cpu_write(s->cpu_slab->partial, slab);
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);

	if (to_put) {
		__put_partials(s, to_put);
		stat(s, CPU_PARTIAL_DRAIN);
	}
}

/*
 * Hand a CPU's detached slab and partial chain back to the nodes: the
 * deactivation of the kernel's flush_slab(), then its put_partials_cpu().
 */
static void release_cpu_slabs(struct kmem_cache *s, struct slab *slab,
			      void *freelist, struct slab *partial)
{
	if (slab) {
		stat(s, CPUSLAB_FLUSH);
		deactivate_slab(s, slab, freelist);
	}
	if (partial)
		__put_partials(s, partial);
}

/*
 * The per-CPU flush work of flush_all(): one item per CPU, queued on a
 * WQ_MEM_RECLAIM workqueue (6.12's slub_flushwq), whose rescuer lets a
 * flush called from reclaim finish when no new worker can be made.  The
 * items are used under flush_lock; queued tells which to wait for.
 */
struct slab_flush_work {
	struct work_struct work;
	struct kmem_cache *s;
	bool queued;
};

static struct workqueue_struct *flush_wq;
static struct slab_flush_work __percpu *flush_works;
static DEFINE_MUTEX(flush_lock);

int slab_flush_init(void)
{
	if (flush_wq)
		return 0;
	flush_works = alloc_percpu(struct slab_flush_work);
	if (!flush_works)
		return -ENOMEM;
	flush_wq = alloc_workqueue("slub_flushwq", WQ_MEM_RECLAIM, 0);
	if (!flush_wq) {
		free_percpu(flush_works);
		flush_works = NULL;
		return -ENOMEM;
	}
	return 0;
}

void slab_flush_exit(void)
{
	if (!flush_wq)
		return;
	destroy_workqueue(flush_wq);
	flush_wq = NULL;
	free_percpu(flush_works);
	flush_works = NULL;
}

/*
 * Runs on the CPU being flushed, as the kernel's per-CPU flush work does;
 * what its flush_slab() and put_partials() take, it takes under one hold
 * of the local lock.
 */
static void flush_cpu_slab(struct work_struct *work)
{
	struct kmem_cache *s = container_of(work, struct slab_flush_work, work)->s;
	struct slab *slab, *partial;
	unsigned long flags;
	void *freelist;

	slab_tool_metadata_begin();
	local_lock_irqsave(&s->cpu_slab->lock, flags);
	slab = cpu_slab_detach(this_cpu_ptr(s->cpu_slab), &freelist);
	partial = this_cpu_read(s->cpu_slab->partial);
	this_cpu_write(s->cpu_slab->partial, NULL);
	local_unlock_irqrestore(&s->cpu_slab->lock, flags);

	release_cpu_slabs(s, slab, freelist, partial);
	slab_tool_metadata_end();
}

/* Nothing runs on a dead CPU: its state is taken without its lock. */
static void __flush_cpu_slab(struct kmem_cache *s, unsigned int cpu)
{
	struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);
	struct slab *slab, *partial;
	void *freelist;

	slab = cpu_slab_detach(c, &freelist);
	partial = c->partial;
	c->partial = NULL;
	release_cpu_slabs(s, slab, freelist, partial);
}

int slub_cpu_dead(unsigned int cpu)
{
	struct kmem_cache *s;

	mutex_lock(&slab_mutex);
	slab_tool_metadata_begin();
	list_for_each_entry(s, &slab_caches, list)
		__flush_cpu_slab(s, cpu);
	slab_tool_metadata_end();
	mutex_unlock(&slab_mutex);
	return 0;
}

/*
 * Whether cpu holds a slab or a partial chain of s: another CPU's
 * pointers, read without its lock as 6.12's has_cpu_slab() reads them; a
 * stale answer costs one needless flush or skips a slab taken meanwhile.
 */
static bool cpu_has_slabs(struct kmem_cache *s, unsigned int cpu)
{
	struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);

	/* Racy on purpose: the owner writes both under its local lock only. */
	return data_race(READ_ONCE(c->slab)) || data_race(READ_ONCE(c->partial));
}

/*
 * flush_all() for a caller that already holds the hotplug lock: the flush
 * work is queued on every online CPU that holds something of s, then
 * waited for.  Before slab_flush_init() (the kernel's
 * kmem_cache_init_late()) there is no workqueue: a WARN, nothing flushed.
 */
static void flush_all_cpus_locked(struct kmem_cache *s)
{
	struct slab_flush_work *sfw;
	unsigned int cpu;

	lockdep_assert_cpus_held();
	if (WARN_ONCE(!flush_wq, "%s: cache %s flushed before the flush workqueue exists\n",
		      __func__, s->name))
		return;
	mutex_lock(&flush_lock);
	for_each_online_cpu(cpu) {
		sfw = per_cpu_ptr(flush_works, cpu);
		sfw->queued = cpu_has_slabs(s, cpu);
		if (!sfw->queued)
			continue;
		INIT_WORK(&sfw->work, flush_cpu_slab);
		sfw->s = s;
		slab_flush_queue_on(cpu, flush_wq, &sfw->work);
	}
	for_each_online_cpu(cpu) {
		sfw = per_cpu_ptr(flush_works, cpu);
		if (sfw->queued)
			slab_flush_wait(&sfw->work);
	}
	mutex_unlock(&flush_lock);
}

void flush_all(struct kmem_cache *s)
{
	cpus_read_lock();
	flush_all_cpus_locked(s);
	cpus_read_unlock();
}

static int __kmem_cache_do_shrink(struct kmem_cache *s);
static int do_kmem_cache_shutdown(struct kmem_cache *s,
				  unsigned long *exit_leaks);

int __kmem_cache_shrink(struct kmem_cache *s)
{
	int ret;

	slab_tool_metadata_begin();
	flush_all(s);
	ret = __kmem_cache_do_shrink(s);
	slab_tool_metadata_end();
	return ret;
}

/* __kmem_cache_shrink() of a flushed cache, the metadata open to the tools. */
static int __kmem_cache_do_shrink(struct kmem_cache *s)
{
	struct list_head promote[SHRINK_PROMOTE_MAX];
	struct kmem_cache_node *n;
	struct slab *slab, *tmp;
	unsigned long flags;
	int node, i, ret = 0;
	LIST_HEAD(discard);

	for_each_kmem_cache_node(s, node, n) {
		INIT_LIST_HEAD(&discard);
		for (i = 0; i < SHRINK_PROMOTE_MAX; i++)
			INIT_LIST_HEAD(promote + i);

		spin_lock_irqsave(&n->list_lock, flags);
		/*
		 * Empty slabs go; the rest are sorted so the fullest are used
		 * first and the emptiest get a chance to drain completely.
		 */
		list_for_each_entry_safe(slab, tmp, &n->partial, slab_list) {
			int free = slab->objects - slab->inuse;

			barrier();
			if (free == slab->objects) {
				list_move(&slab->slab_list, &discard);
				slab_clear_node_partial(slab);
				n->nr_partial--;
				dec_slabs_node(s, node, slab->objects);
			} else if (free <= SHRINK_PROMOTE_MAX) {
				list_move(&slab->slab_list, promote + free - 1);
			}
		}
		for (i = SHRINK_PROMOTE_MAX - 1; i >= 0; i--)
			list_splice(promote + i, &n->partial);
		spin_unlock_irqrestore(&n->list_lock, flags);

		list_for_each_entry_safe(slab, tmp, &discard, slab_list)
			free_slab(s, slab);
		if (node_nr_slabs(n))
			ret = 1;
	}
	return ret;
}

/*
 * Report the objects still allocated in slab, with their owners when
 * users are tracked (the kernel's list_slab_objects()).
 */
static void list_slab_objects(struct kmem_cache *s, struct slab *slab)
{
	unsigned long *map;
	void *addr = slab_address(slab);
	void *p;

	/* Inside a KUnit test counting "slab_errors": counted, not printed. */
	if (!slab_add_error())
		slab_bug(s, "Objects remaining on __kmem_cache_shutdown()");
	map = bitmap_zalloc(slab->objects, GFP_ATOMIC);
	if (map)
		fill_free_map(s, slab, map);
	for_each_object(p, s, addr, slab->objects) {
		if (map && test_bit(obj_to_index(s, slab, p), map))
			continue;
		if (slab_add_error())
			continue;
		pr_err("Object 0x%p @offset=%tu\n", p, (char *)p - (char *)addr);
		print_tracking(s, p);
	}
	bitmap_free(map);
	/* The slab's line, a taint and a WARN, as 6.12's __slab_err(). */
	__slab_err(slab);
}

/*
 * libslab_exit()'s own report (the kernel never shuts its kmalloc caches
 * down): one line for each object of slab still allocated, with its
 * allocating caller when users are tracked, unless it is the bookkeeping
 * of a cache kept with objects; how many lines.
 */
static unsigned long report_exit_objects(struct kmem_cache *s,
					 struct slab *slab)
{
	unsigned long *map, reported = 0;
	void *addr = slab_address(slab);
	void *p;

	map = bitmap_zalloc(slab->objects, GFP_ATOMIC);
	if (map)
		fill_free_map(s, slab, map);
	for_each_object(p, s, addr, slab->objects) {
		struct track *t;

		if (map && test_bit(obj_to_index(s, slab, p), map))
			continue;
		if (slab_exit_bookkeeping(p))
			continue;
		reported++;
		if (slab_add_error())
			continue;
		t = NULL;
		if (s->flags & SLAB_STORE_USER)
			t = get_track(s, p, TRACK_ALLOC);
		if (t && t->addr)
			pr_err("libslab_exit: %s object 0x%p never freed, allocated in %pS age=%lu cpu=%u pid=%d\n",
			       s->name, p, (void *)t->addr, jiffies - t->when,
			       t->cpu, t->pid);
		else
			pr_err("libslab_exit: %s object 0x%p never freed\n",
			       s->name, p);
	}
	bitmap_free(map);
	return reported;
}

int __kmem_cache_shutdown(struct kmem_cache *s)
{
	int ret;

	slab_tool_metadata_begin();
	ret = do_kmem_cache_shutdown(s, NULL);
	slab_tool_metadata_end();
	return ret;
}

int slab_exit_shutdown(struct kmem_cache *s, unsigned long *leaks)
{
	int ret;

	*leaks = 0;
	slab_tool_metadata_begin();
	ret = do_kmem_cache_shutdown(s, leaks);
	slab_tool_metadata_end();
	return ret;
}

/*
 * __kmem_cache_shutdown() with the metadata open to the tools; with
 * exit_leaks, libslab_exit()'s report instead of the kernel's, and the
 * objects it named added there.  The walk of each node's partial list is
 * the kernel's free_partial().
 */
static int do_kmem_cache_shutdown(struct kmem_cache *s,
				  unsigned long *exit_leaks)
{
	struct kmem_cache_node *n;
	struct slab *slab, *tmp;
	unsigned long flags, unlisted_objects;
	LIST_HEAD(discard);
	int node, ret = 0;

	flush_all_cpus_locked(s);
	for_each_kmem_cache_node(s, node, n) {
		unsigned long listed_objects = 0, listed_slabs = 0;

		INIT_LIST_HEAD(&discard);
		spin_lock_irqsave(&n->list_lock, flags);
		list_for_each_entry_safe(slab, tmp, &n->partial, slab_list) {
			if (!slab->inuse) {
				remove_partial(n, slab);
				list_add(&slab->slab_list, &discard);
			} else if (exit_leaks) {
				*exit_leaks += report_exit_objects(s, slab);
				listed_objects += slab->objects;
				listed_slabs++;
			} else {
				list_slab_objects(s, slab);
				listed_objects += slab->objects;
				listed_slabs++;
			}
		}
		/*
		 * 6.12 lists partial slabs only; slab_extra_checks() adds the
		 * full ones, listed when users are tracked, counted otherwise.
		 */
		if (exit_leaks) {
			/* Full slabs are on a list only when users are tracked. */
			list_for_each_entry(slab, &n->full, slab_list) {
				*exit_leaks += report_exit_objects(s, slab);
				listed_objects += slab->objects;
				listed_slabs++;
			}
		} else if (slab_extra_checks()) {
			list_for_each_entry(slab, &n->full, slab_list) {
				list_slab_objects(s, slab);
				listed_objects += slab->objects;
				listed_slabs++;
			}
		}
		spin_unlock_irqrestore(&n->list_lock, flags);
		list_for_each_entry_safe(slab, tmp, &discard, slab_list)
			discard_slab(s, slab);

		if (!node_nr_slabs(n))
			continue;
		ret = -EBUSY;
		unlisted_objects = atomic_long_read(&n->total_objects) -
				   listed_objects;
		if (exit_leaks && unlisted_objects) {
			*exit_leaks += unlisted_objects;
			if (!slab_add_error())
				pr_err("libslab_exit: %s: %lu objects in %lu full slabs on node %d never freed (slub_debug=U,%s names each)\n",
				       s->name, unlisted_objects,
				       node_nr_slabs(n) - listed_slabs, node,
				       s->name);
		} else if (slab_extra_checks() && unlisted_objects)
			slab_err(s, NULL, "%lu objects in %lu full slabs on node %d remain allocated",
				 unlisted_objects,
				 node_nr_slabs(n) - listed_slabs, node);
	}
	return ret;
}

/*
 * The node structures of the two boot caches, which cannot allocate their
 * own, share one page of memory per node: kmem_cache_node's at its start,
 * kmem_cache's after it, the page taken by whichever comes first and freed
 * with whichever goes last.  Not a static array of MAX_NUMNODES pairs,
 * which with a distribution's NODES_SHIFT of 10 would keep a quarter of a
 * megabyte for the one or two nodes a machine has.
 */
static_assert(2 * sizeof(struct kmem_cache_node) <= PAGE_SIZE);

static struct kmem_cache *boot_partner(struct kmem_cache *s)
{
	return s == kmem_cache ? kmem_cache_node : kmem_cache;
}

static int boot_slot(struct kmem_cache *s)
{
	return s == kmem_cache;
}

/* Boot cache s's kmem_cache_node for node, from memory on page_nid. */
static struct kmem_cache_node *boot_cache_node(struct kmem_cache *s, int node,
					       int page_nid, gfp_t gfp)
{
	struct kmem_cache *partner = boot_partner(s);
	struct kmem_cache_node *shared = partner->node[node];
	struct page *page;

	if (shared)
		return shared - boot_slot(partner) + boot_slot(s);
	page = alloc_pages_node(page_nid, gfp, 0);
	if (!page)
		return NULL;
	return (struct kmem_cache_node *)page_address(page) + boot_slot(s);
}

/*
 * s's kmem_cache_node for node, from memory on page_nid (NUMA_NO_NODE: any
 * node): a boot cache's in the page it shares with its partner (taken with
 * boot_gfp), any other cache's an object of kmem_cache_node.
 */
static struct kmem_cache_node *alloc_cache_node(struct kmem_cache *s, int node,
						int page_nid, gfp_t boot_gfp)
{
	if (s == kmem_cache || s == kmem_cache_node)
		return boot_cache_node(s, node, page_nid, boot_gfp);
	return kmem_cache_alloc_node(kmem_cache_node, GFP_KERNEL, page_nid);
}

void free_kmem_cache_nodes(struct kmem_cache *s)
{
	int node;

	for (node = 0; node < nr_node_ids; node++) {
		struct kmem_cache_node *n = s->node[node];

		s->node[node] = NULL;
		if (!n)
			continue;
		if (s != kmem_cache && s != kmem_cache_node)
			kmem_cache_free(kmem_cache_node, n);
		else if (!boot_partner(s)->node[node])
			__free_pages(virt_to_page(n), 0);	/* the page's last user */
	}
	free_percpu(s->cpu_slab);
	s->cpu_slab = NULL;
}

static void init_kmem_cache_node(struct kmem_cache_node *n)
{
	n->nr_partial = 0;
	spin_lock_init(&n->list_lock);
	INIT_LIST_HEAD(&n->partial);
	INIT_LIST_HEAD(&n->full);
	atomic_long_set(&n->nr_slabs, 0);
	atomic_long_set(&n->total_objects, 0);
}

nodemask_t slab_nodes;

void slab_nodes_init(void)
{
	int node;

	nodes_clear(slab_nodes);
	for_each_node_state(node, N_NORMAL_MEMORY)
		node_set(node, slab_nodes);
}

/*
 * The per-CPU part first, as the kernel's alloc_kmem_cache_cpus() and
 * init_kmem_cache_cpus() (init_tid()) make it, then the nodes.
 */
int init_kmem_cache_nodes(struct kmem_cache *s)
{
	unsigned int cpu;
	int node;

	s->cpu_slab = alloc_percpu(struct kmem_cache_cpu);
	if (!s->cpu_slab)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);

		local_lock_init(&c->lock);
		c->tid = cpu;	/* tids of different CPUs never collide */
	}

	for_each_node_mask(node, slab_nodes) {
		struct kmem_cache_node *n;

		n = alloc_cache_node(s, node, node, GFP_NOWAIT);
		if (!n) {
			free_kmem_cache_nodes(s);
			return -ENOMEM;
		}
		init_kmem_cache_node(n);
		s->node[node] = n;
	}
	return 0;
}

/*
 * A node about to get its first normal memory (6.12's
 * slab_mem_going_online_callback()): every cache gets its kmem_cache_node
 * there, allocated elsewhere, the node having no memory yet; then the node
 * joins slab_nodes, so that the caches made later get one too.  A node
 * that was online before kept its kmem_cache_nodes.
 */
static int slab_node_going_online(int nid)
{
	struct kmem_cache *s;
	int ret = 0;

	if (nid < 0)
		return 0;	/* the node had memory already */
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		struct kmem_cache_node *n;

		if (get_node(s, nid))
			continue;
		n = alloc_cache_node(s, nid, NUMA_NO_NODE, GFP_KERNEL);
		if (!n) {
			ret = -ENOMEM;
			break;
		}
		init_kmem_cache_node(n);
		s->node[nid] = n;
	}
	if (!ret)
		node_set(nid, slab_nodes);
	mutex_unlock(&slab_mutex);
	return ret;
}

/*
 * Memory about to go offline (6.12's slab_mem_going_offline_callback()):
 * every cache lets its empty slabs go, so that their pages can.  The
 * hotplug operation holds the CPU hotplug lock.
 */
static void slab_memory_going_offline(void)
{
	struct kmem_cache *s;

	mutex_lock(&slab_mutex);
	slab_tool_metadata_begin();
	list_for_each_entry(s, &slab_caches, list) {
		flush_all_cpus_locked(s);
		__kmem_cache_do_shrink(s);
	}
	slab_tool_metadata_end();
	mutex_unlock(&slab_mutex);
}

/*
 * A node lost its last normal memory, or its onlining was cancelled
 * (6.12's slab_mem_offline_callback()): it leaves slab_nodes.  Its
 * kmem_cache_nodes stay, as get_node()'s lockless readers may hold them.
 */
static void slab_node_offline(int nid)
{
	if (nid < 0)
		return;
	mutex_lock(&slab_mutex);
	node_clear(nid, slab_nodes);
	mutex_unlock(&slab_mutex);
}

static int slab_memory_callback(struct notifier_block *nb,
				unsigned long step, void *data)
{
	struct memory_notify *arg = data;
	int ret = 0;

	switch (step) {
	case MEM_GOING_ONLINE:
		ret = slab_node_going_online(arg->status_change_nid_normal);
		break;
	case MEM_GOING_OFFLINE:
		slab_memory_going_offline();
		break;
	case MEM_OFFLINE:
	case MEM_CANCEL_ONLINE:
		slab_node_offline(arg->status_change_nid_normal);
		break;
	default:
		break;
	}
	return notifier_from_errno(ret);
}

struct notifier_block slab_memory_nb = {
	.notifier_call = slab_memory_callback,
	.priority = SLAB_CALLBACK_PRI,
};
