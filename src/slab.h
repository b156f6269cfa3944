/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab core: the structures of SLUB (Linux 6.12 mm/slab.h, mm/slub.c)
 * and the helpers every core file shares.
 *
 * Lock order (outermost first):
 *   cpu_hotplug_lock (cpus_read_lock)
 *     slab_mutex                     cache list, creation, destruction
 *       kmem_cache_node->list_lock   a node's partial list
 *         kmem_cache_cpu->lock       local_lock: a CPU's slab and partial chain
 *
 * get_partial_node() moves slabs to the CPU's partial chain while holding
 * list_lock, hence local_lock nests inside it; nothing takes list_lock
 * with the local lock held.
 *
 * The per-CPU freelist/tid pair and each slab's freelist/counters pair are
 * changed only by double-word cmpxchg, so the fast paths take no lock.  The
 * userspace shim may run several threads on one simulated CPU, which a
 * kernel CPU never does; therefore every change of the per-CPU pair,
 * including those made under the local lock, is a cmpxchg as well (the
 * kernel writes the pair plainly there because interrupts are off):
 * cpu_try_commit() on the fast paths, __update_cpu_freelist()
 * everywhere else.
 *
 * Slab states (the 6.8 design):
 *   cpu slab     frozen = 1, owned by one CPU; only that CPU allocates from
 *                it, anyone may free to it through slab->freelist.
 *   cpu partial  frozen = 0, on one CPU's c->partial chain, node-partial
 *                flag clear; frozen lazily when the CPU takes it.
 *   node partial frozen = 0, on n->partial, node-partial flag set.
 *   full         frozen = 0, on no list; the first free puts it on the
 *                freeing CPU's partial chain.
 */
#ifndef LIBSLAB_SLAB_H
#define LIBSLAB_SLAB_H

/* Everything the core needs from its platform (the kernel or the shim). */
#include <slab_platform.h>
/* The core's own API, which programs include as <linux/slab.h>. */
#include <linux/slab.h>
#include <linux/slab_api.h>
#include <linux/libslab.h>

/* Free object list head and its ABA counter, swapped as one double word. */
typedef union {
	struct {
		void *freelist;
		unsigned long counter;
	};
	u128 full;
} freelist_aba_t;

/* Events counted per CPU with CONFIG_LIBSLAB_STATS (mm/slub.c enum stat_item). */
enum stat_item {
	ALLOC_FASTPATH,		/* from the cpu slab, lockless */
	ALLOC_SLOWPATH,		/* through ___slab_alloc() */
	FREE_FASTPATH,		/* to the cpu slab */
	FREE_SLOWPATH,		/* to any other slab */
	FREE_FROZEN,		/* to a slab another CPU holds */
	FREE_ADD_PARTIAL,	/* the free put the slab on a node partial list */
	FREE_REMOVE_PARTIAL,	/* the free emptied a node partial slab */
	ALLOC_FROM_PARTIAL,	/* a cpu slab came off a node partial list */
	ALLOC_SLAB,		/* a cpu slab came from the page allocator */
	ALLOC_REFILL,		/* the cpu slab's own remote frees refilled it */
	ALLOC_NODE_MISMATCH,	/* the cpu slab was on the wrong node */
	FREE_SLAB,		/* a slab went back to the page allocator */
	CPUSLAB_FLUSH,		/* a cpu slab was flushed */
	DEACTIVATE_FULL,	/* deactivated with no free object */
	DEACTIVATE_EMPTY,	/* deactivated with no object in use */
	DEACTIVATE_TO_HEAD,	/* deactivated to a partial list's head */
	DEACTIVATE_TO_TAIL,	/* deactivated to a partial list's tail */
	DEACTIVATE_REMOTE_FREES,/* deactivated holding remote frees */
	DEACTIVATE_BYPASS,	/* full cpu slab dropped without deactivation */
	ORDER_FALLBACK,		/* new slab of the minimum order instead */
	CMPXCHG_DOUBLE_CPU_FAIL,/* per-CPU freelist cmpxchg retried */
	CMPXCHG_DOUBLE_FAIL,	/* slab freelist cmpxchg retried */
	CPU_PARTIAL_ALLOC,	/* a cpu partial slab became the cpu slab */
	CPU_PARTIAL_FREE,	/* a free put a slab on the cpu partial chain */
	CPU_PARTIAL_NODE,	/* node partial slab moved to the cpu partial chain */
	CPU_PARTIAL_DRAIN,	/* the cpu partial chain went to the node */
	NR_SLUB_STAT_ITEMS
};

/* The per-CPU part of a cache (mm/slub.c struct kmem_cache_cpu). */
struct kmem_cache_cpu {
	union {
		struct {
			void **freelist;	/* next object of the cpu slab */
			unsigned long tid;	/* bumped on every change */
		};
		freelist_aba_t freelist_tid;
	};
	struct slab *slab;		/* the cpu slab (frozen) */
	struct slab *partial;		/* chain of cpu partial slabs */
	local_lock_t lock;
	unsigned int stat[NR_SLUB_STAT_ITEMS];
};

/* Per-node slab lists and counters (mm/slub.c struct kmem_cache_node). */
struct kmem_cache_node {
	/* protects the partial (and, debugging, full) list and its counts */
	spinlock_t list_lock;
	unsigned long nr_partial;
	struct list_head partial;
	struct list_head full;		/* full slabs, kept with SLAB_STORE_USER */
	atomic_long_t nr_slabs;
	atomic_long_t total_objects;
};

/* Slab order and objects per slab packed in one word, as oo_make() does. */
struct kmem_cache_order_objects {
	unsigned int x;
};

#define OO_SHIFT	16
#define OO_MASK		((1U << OO_SHIFT) - 1)
#define MAX_OBJS_PER_PAGE	32767

/* A name merged into an existing cache (what sysfs shows as a symlink). */
struct slab_alias {
	struct list_head list;
	char name[];			/* a copy: callers may reuse theirs */
};

/*
 * A slab cache (mm/slab.h struct kmem_cache for SLUB).  Up to list, the
 * fields are 6.12's, in its order and of its types: files outside the
 * allocator read them through mm/slab.h when libslab is the kernel's
 * allocator (kmem_cache_init() there compares the offsets with mm/slab.h's
 * and refuses to boot on a difference).  The rest is libslab's order.
 */
struct kmem_cache {
	struct kmem_cache_cpu __percpu *cpu_slab;
	/* SLUB's lockdep class of the per-CPU lock: empty unless LOCKDEP */
	struct lock_class_key lock_key;
	slab_flags_t flags;
	unsigned long min_partial;
	unsigned int size;		/* object plus metadata, aligned */
	unsigned int object_size;	/* what the user asked for */
	struct reciprocal_value reciprocal_size;	/* obj_to_index()'s 1/size */
	unsigned int offset;		/* free pointer offset in the object */
	unsigned int cpu_partial;	/* objects kept in cpu partial slabs */
	unsigned int cpu_partial_slabs;	/* their number in slabs */
	struct kmem_cache_order_objects oo;	/* preferred order */
	struct kmem_cache_order_objects min;	/* fallback order */
	gfp_t allocflags;		/* added to every page allocation */
	int refcount;			/* names using the cache; -1: boot */
	void (*ctor)(void *object);
	unsigned int inuse;		/* offset of the metadata */
	unsigned int align;
	unsigned int red_left_pad;	/* left red zone before each object */
	const char *name;
	struct list_head list;		/* on slab_caches */
	/* end of the fields at mm/slab.h's offsets */
	unsigned long random;		/* freelist pointer key; 0: not hardened */
	unsigned int *random_seq;	/* shuffled object offsets; NULL: in order */
	unsigned int useroffset;
	unsigned int usersize;
	bool name_owned;		/* name is our copy (kfree at release) */
	struct list_head aliases;	/* struct slab_alias entries */
	/* CONFIG_NUMA: in tenths of a percent (sysfs shows percent) */
	unsigned int remote_node_defrag_ratio;
	struct kmem_cache_node *node[MAX_NUMNODES];
};

/* A slab's counters word: objects in use, objects in all, owned by a CPU. */
#define SLAB_COUNTERS				\
	union {					\
		unsigned long counters;		\
		struct {			\
			unsigned inuse:16;	\
			unsigned objects:15;	\
			unsigned frozen:1;	\
		};				\
	}

/*
 * The counters word apart, for computing a new one: it stays in a register,
 * where a whole struct slab on the stack goes through memory, and there a
 * load after the narrower store of a bitfield waits until both reach the
 * cache, behind whatever stores came before (a free's to a cold object).
 */
union slab_counters {
	SLAB_COUNTERS;
};

/*
 * A slab overlays the head struct page of the folio it lives in, exactly as
 * in the kernel; static_asserts in slub_alloc.c check the overlay.
 */
struct slab {
	unsigned long __page_flags;
	struct kmem_cache *slab_cache;
	union {
		struct list_head slab_list;	/* node partial list */
		struct {
			struct slab *next;	/* cpu partial chain */
			int slabs;		/* slabs after this one + 1 */
		};
		struct rcu_head rcu_head;	/* SLAB_TYPESAFE_BY_RCU free */
	};
	union {
		struct {
			void *freelist;

			SLAB_COUNTERS;
		};
		freelist_aba_t freelist_counter;
	};
	unsigned int __page_type;
	atomic_t __page_refcount;
#ifdef CONFIG_LIBSLAB_MEMCG
	/*
	 * The slabobj_ext vector, one entry an object, with the
	 * MEMCG_DATA_OBJEXTS bit; 0 while there is none.  It overlays
	 * page->memcg_data, where mm/memcontrol.c and KFENCE look for it.
	 */
	unsigned long obj_exts;
#endif
};

#ifdef CONFIG_LIBSLAB_MEMCG
static_assert(offsetof(struct slab, obj_exts) == offsetof(struct page, memcg_data));
#endif

/* The page flag that marks a slab as being on a node partial list. */
#define SLAB_NODE_PARTIAL_BIT	PG_workingset

/*
 * On PREEMPT_RT the per-CPU slab state changes only under the local lock,
 * never through the lockless fast paths (mm/slub.c).
 */
#define USE_LOCKLESS_FAST_PATH()	(!preempt_model_rt())

/* tid increment: the low bits keep the CPU number (mm/slub.c TID_STEP). */
#define TID_STEP	roundup_pow_of_two(NR_CPUS)

/* The tid that follows tid: every change of a CPU's pair moves it on. */
static inline unsigned long next_tid(unsigned long tid)
{
	return tid + TID_STEP;
}

/* Internal cache flag: the slab's freelist pair is updated by cmpxchg128. */
#define __CMPXCHG_DOUBLE	SLAB_CMPXCHG_DOUBLE
/*
 * Debug flags under which 6.12 leaves __CMPXCHG_DOUBLE off (kmem_cache_open()):
 * their checks run under the slab lock.  libslab's debug caches take the
 * node-list path (slub_single.c) either way; the flag is kept for what sysfs
 * and the oracle show.
 */
#define SLAB_NO_CMPXCHG (SLAB_CONSISTENCY_CHECKS | SLAB_STORE_USER | SLAB_TRACE)

/* Flags kmem_cache_create() accepts (mm/slab.h SLAB_FLAGS_PERMITTED). */
#define SLAB_CORE_FLAGS (SLAB_HWCACHE_ALIGN | SLAB_CACHE_DMA | \
			 SLAB_CACHE_DMA32 | SLAB_PANIC | \
			 SLAB_TYPESAFE_BY_RCU | SLAB_DEBUG_OBJECTS | \
			 SLAB_NOLEAKTRACE | SLAB_RECLAIM_ACCOUNT | \
			 SLAB_TEMPORARY | SLAB_ACCOUNT | \
			 SLAB_NO_USER_FLAGS | SLAB_KMALLOC | SLAB_NO_MERGE)
#define SLAB_DEBUG_FLAGS (SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER | \
			  SLAB_TRACE | SLAB_CONSISTENCY_CHECKS)
#define SLAB_FLAGS_PERMITTED (SLAB_CORE_FLAGS | SLAB_DEBUG_FLAGS)

/* slub_debug: what "all debugging" means, and what needs object metadata. */
#define DEBUG_DEFAULT_FLAGS (SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE | \
			     SLAB_POISON | SLAB_STORE_USER)
#define DEBUG_METADATA_FLAGS (SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER)
/* Internal: the object itself is poisoned (no ctor, not typesafe RCU). */
#define __OBJECT_POISON	__SLAB_FLAG_BIT(_SLAB_OBJECT_POISON)

/* Who last allocated or freed an object (SLAB_STORE_USER). */
enum track_item { TRACK_ALLOC, TRACK_FREE };
struct track {
	unsigned long addr;		/* caller */
	depot_stack_handle_t handle;	/* its stack in the stack depot */
	int cpu;
	int pid;
	unsigned long when;		/* jiffies */
};

/* Flags that forbid merging, and flags merged caches must share. */
#define SLAB_NEVER_MERGE (SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER | \
			  SLAB_TRACE | SLAB_TYPESAFE_BY_RCU | \
			  SLAB_NOLEAKTRACE | SLAB_FAILSLAB | SLAB_NO_MERGE | \
			  SLAB_KASAN)
#define SLAB_MERGE_SAME (SLAB_RECLAIM_ACCOUNT | SLAB_CACHE_DMA | \
			 SLAB_CACHE_DMA32 | SLAB_ACCOUNT)

/*
 * The gfp masks of 6.12's mm/internal.h, which the slab allocator uses and
 * no public header exports.  GFP_RECLAIM_MASK: the bits about how hard to
 * try (reclaim, I/O and fs recursion, reserves, warnings, retries);
 * GFP_CONSTRAINT_MASK: where the pages may come from.  new_slab() passes
 * only these on to allocate_slab(); the placement bits a slab needs come
 * from s->allocflags.  GFP_SLAB_BUG_MASK: bits a slab allocation may not
 * carry, taken off by kmalloc_fix_flags().
 */
#define GFP_RECLAIM_MASK (__GFP_RECLAIM | __GFP_HIGH | __GFP_IO | __GFP_FS | \
			  __GFP_NOWARN | __GFP_RETRY_MAYFAIL | __GFP_NOFAIL | \
			  __GFP_NORETRY | __GFP_MEMALLOC | __GFP_NOMEMALLOC | \
			  __GFP_NOLOCKDEP)
#define GFP_CONSTRAINT_MASK (__GFP_HARDWALL | __GFP_THISNODE)
#define GFP_SLAB_BUG_MASK (__GFP_DMA32 | __GFP_HIGHMEM | ~__GFP_BITS_MASK)

/* ---- state shared between the core files ---- */

extern struct mutex slab_mutex;
extern struct list_head slab_caches;
extern struct kmem_cache *kmem_cache;		/* caches struct kmem_cache */
extern struct kmem_cache *kmem_cache_node;	/* caches struct kmem_cache_node */
extern bool slab_nomerge;
extern unsigned int slub_min_order;
extern unsigned int slub_max_order;
extern unsigned int slub_min_objects;
/*
 * libslab_extra_checks=on: reports 6.12 does not make, off by default so
 * that libslab reports what 6.12 reports: a double free caught at the
 * freelist head, a free of a pointer that is no object start, full slabs
 * left at cache shutdown, and a hardened cache's forged free pointer (cut
 * off the freelist instead of followed).
 */
DECLARE_STATIC_KEY_FALSE(libslab_extra_checks);

/* Whether libslab_extra_checks=on. */
static __always_inline bool slab_extra_checks(void)
{
	return static_branch_unlikely(&libslab_extra_checks);
}

extern atomic_long_t slab_error_reports;

/* ---- small helpers ---- */

static inline struct kmem_cache_order_objects oo_make(unsigned int order,
						      unsigned int size)
{
	struct kmem_cache_order_objects x = {
		(order << OO_SHIFT) + (((unsigned int)PAGE_SIZE << order) / size)
	};

	return x;
}

static inline unsigned int oo_order(struct kmem_cache_order_objects x)
{
	return x.x >> OO_SHIFT;
}

static inline unsigned int oo_objects(struct kmem_cache_order_objects x)
{
	return x.x & OO_MASK;
}

static inline struct folio *slab_folio(const struct slab *slab)
{
	return (struct folio *)slab;
}

static inline struct slab *folio_slab(const struct folio *folio)
{
	return (struct slab *)folio;
}

static inline void *slab_address(const struct slab *slab)
{
	return folio_address(slab_folio(slab));
}

static inline int slab_nid(const struct slab *slab)
{
	return folio_nid(slab_folio(slab));
}

static inline unsigned int slab_order(const struct slab *slab)
{
	return folio_order(slab_folio(slab));
}

static inline size_t slab_size(const struct slab *slab)
{
	return PAGE_SIZE << slab_order(slab);
}

/* The slab holding x, or NULL when x is not in a slab page of ours. */
static inline struct slab *virt_to_slab(const void *x)
{
	struct folio *folio;

	if (!virt_addr_valid(x))
		return NULL;
	folio = virt_to_folio(x);
	if (!folio_test_slab(folio))
		return NULL;
	return folio_slab(folio);
}

static inline struct kmem_cache_node *get_node(struct kmem_cache *s, int node)
{
	return s->node[node];
}

/* The first kmem_cache_node of s at or after *node (moved there), or NULL. */
static inline struct kmem_cache_node *kmem_cache_node_from(struct kmem_cache *s,
							   int *node)
{
	for (; *node < nr_node_ids; (*node)++)
		if (s->node[*node])
			return s->node[*node];
	return NULL;
}

/* Every node of s that has a kmem_cache_node. */
#define for_each_kmem_cache_node(__s, __node, __n)			\
	for (__node = 0; ((__n) = kmem_cache_node_from(__s, &(__node))); (__node)++)

static inline bool slab_test_node_partial(const struct slab *slab)
{
	return test_bit(SLAB_NODE_PARTIAL_BIT, &slab->__page_flags);
}

static inline void slab_set_node_partial(struct slab *slab)
{
	set_bit(SLAB_NODE_PARTIAL_BIT, &slab->__page_flags);
}

static inline void slab_clear_node_partial(struct slab *slab)
{
	clear_bit(SLAB_NODE_PARTIAL_BIT, &slab->__page_flags);
}

/* Built without CONFIG_LIBSLAB_DEBUG, every debug path folds away here. */
static inline bool kmem_cache_debug(const struct kmem_cache *s)
{
	return IS_ENABLED(CONFIG_LIBSLAB_DEBUG) && (s->flags & SLAB_DEBUG_FLAGS);
}

/*
 * Whether s allocates and frees one object at a time under the node's
 * list_lock, never through per-CPU slabs: debug caches, and every cache
 * under SLUB_TINY.
 */
static inline bool slab_uses_node_lists_only(const struct kmem_cache *s)
{
	return IS_ENABLED(CONFIG_LIBSLAB_TINY) || kmem_cache_debug(s);
}

static inline bool kmem_cache_has_cpu_partial(const struct kmem_cache *s)
{
	return !slab_uses_node_lists_only(s);
}

/*
 * Snapshot of a CPU's freelist/tid pair for a following cmpxchg128, which
 * validates it: two word reads, tid first as the fast paths do.
 */
static inline freelist_aba_t cpu_pair_read(struct kmem_cache_cpu *c)
{
	freelist_aba_t pair;

	pair.counter = READ_ONCE(c->tid);
	pair.freelist = READ_ONCE(c->freelist);
	return pair;
}

/*
 * Swap c's pair from *old (read tid first) to freelist_new, next_tid(): a
 * cmpxchg even when locked (see the top); false leaves what it found in *old.
 */
static inline bool __update_cpu_freelist(struct kmem_cache_cpu *c,
					 freelist_aba_t *old,
					 void *freelist_new)
{
	freelist_aba_t new = { .freelist = freelist_new,
			       .counter = next_tid(old->counter) };

	return slab_cpu_pair_try_cmpxchg128(&c->freelist_tid.full, &old->full,
					    new.full);
}

/*
 * Detach a CPU's active slab and freelist.  c->slab is cleared before the
 * tid changes: a fast path that sees the new tid then also sees the slab
 * gone, and one that saw the old tid fails its cmpxchg.  (A kernel CPU
 * gets this from running with interrupts off; threads sharing a simulated
 * CPU need the ordering.)
 */
static inline struct slab *cpu_slab_detach(struct kmem_cache_cpu *c,
					   void **freelist)
{
	freelist_aba_t old;
	struct slab *slab = c->slab;

	WRITE_ONCE(c->slab, NULL);
	old = cpu_pair_read(c);
	while (!__update_cpu_freelist(c, &old, NULL))
		;
	*freelist = old.freelist;
	return slab;
}

/*
 * Whether an allocation names a node without insisting on it: then the
 * slow path first tries that node alone (its partial slabs, then a new
 * slab without waiting), and only then any node (6.12 ___slab_alloc()).
 */
static inline bool slab_try_thisnode(int node, gfp_t gfpflags)
{
	return node != NUMA_NO_NODE && !(gfpflags & __GFP_THISNODE);
}

/* The gfp flags of the slow path's node-only first try. */
#define SLAB_THISNODE_GFP	(GFP_NOWAIT | __GFP_THISNODE)

/* Whether the free pointer lies after the object instead of inside it. */
static inline bool freeptr_outside_object(const struct kmem_cache *s)
{
	return s->offset >= s->inuse;
}

/* Offset of the metadata after the free pointer (tracking, padding). */
static inline unsigned int get_info_end(const struct kmem_cache *s)
{
	return freeptr_outside_object(s) ? s->inuse + sizeof(void *) : s->inuse;
}

/* The first object of a slab starts after the left red zone. */
static inline void *fixup_red_left(const struct kmem_cache *s, void *p)
{
	return (s->flags & SLAB_RED_ZONE) ? (char *)p + s->red_left_pad : p;
}

/* Whether object is the start of an object of slab; NULL is valid. */
static inline bool check_valid_pointer(const struct kmem_cache *s,
				       const struct slab *slab,
				       const void *object)
{
	const char *base = slab_address(slab), *p = object;
	size_t offset;

	if (!object)
		return true;
	if (s->flags & SLAB_RED_ZONE)
		p -= s->red_left_pad;
	if (p < base)
		return false;
	offset = p - base;
	/*
	 * Every free checks this: obj_to_index()'s multiplication by 1/size,
	 * not a division (reciprocal_divide() is exact for 32-bit offsets).
	 * objects is fixed while the slab lives, but shares a word with
	 * inuse, which a list_lock holder may be changing.
	 */
	return offset < (size_t)data_race((unsigned int)slab->objects) * s->size &&
	       reciprocal_divide(offset, s->reciprocal_size) * s->size == offset;
}

/*
 * The /proc/meminfo line s's slabs count on: SReclaimable or SUnreclaim
 * (mm/slab.h cache_vmstat_idx()).
 */
static inline enum node_stat_item cache_vmstat_idx(const struct kmem_cache *s)
{
	return (s->flags & SLAB_RECLAIM_ACCOUNT) ? NR_SLAB_RECLAIMABLE_B :
						   NR_SLAB_UNRECLAIMABLE_B;
}

/*
 * ---- memcg: the slabobj_ext vectors (slub_memcg.c) ----
 *
 * Lock order: none of its own.  A vector is set once on a slab in use by
 * a compare-and-exchange (two tasks may race to make one), or plainly on a
 * new slab nobody else sees, and freed with the slab.
 */
#ifdef CONFIG_LIBSLAB_MEMCG
static inline unsigned long slab_obj_exts_word(const struct slab *slab)
{
	return READ_ONCE(slab->obj_exts);
}

static inline void slab_obj_exts_set(struct slab *slab, unsigned long word)
{
	WRITE_ONCE(slab->obj_exts, word);
}

/* Whether slab's word went from old to word (nobody changed it between). */
static inline bool slab_obj_exts_replace(struct slab *slab, unsigned long old,
					 unsigned long word)
{
	return try_cmpxchg(&slab->obj_exts, &old, word);
}
#else
/* Without memcg a slab has no vector: the word reads 0 and stays so. */
static inline unsigned long slab_obj_exts_word(const struct slab *slab __always_unused)
{
	return 0;
}

static inline void slab_obj_exts_set(struct slab *slab __always_unused,
				     unsigned long word __always_unused)
{
}

static inline bool slab_obj_exts_replace(struct slab *slab __always_unused,
					 unsigned long old __always_unused,
					 unsigned long word __always_unused)
{
	return false;
}
#endif

/* slab's vector, or NULL if it has none (mm/slab.h slab_obj_exts()). */
static inline struct slabobj_ext *slab_obj_exts(const struct slab *slab)
{
	return (struct slabobj_ext *)(slab_obj_exts_word(slab) & ~OBJEXTS_FLAGS_MASK);
}

/*
 * Whether memcg may have to see objects: the kernel has it and the core
 * serves it (never beside SLUB, whose memcg reads SLUB's slabs), and some
 * cgroup accounts kernel memory (a static key in the kernel).
 */
static __always_inline bool slab_memcg_online(void)
{
	return IS_ENABLED(CONFIG_LIBSLAB_MEMCG) && memcg_kmem_online();
}

/* Whether an allocation from s with flags is charged to a cgroup. */
static __always_inline bool memcg_slab_charges(const struct kmem_cache *s,
					       gfp_t flags)
{
	return slab_memcg_online() &&
	       ((flags & __GFP_ACCOUNT) || (s->flags & SLAB_ACCOUNT));
}

/*
 * A kmalloc cache of the normal kind: its objects may hold other slabs'
 * vectors, so its own vectors come from the caches that never get one
 * (mm/slab.h is_kmalloc_normal()).
 */
static inline bool is_kmalloc_normal(const struct kmem_cache *s)
{
	return (s->flags & SLAB_KMALLOC) &&
	       !(s->flags & (SLAB_CACHE_DMA | SLAB_ACCOUNT |
			     SLAB_RECLAIM_ACCOUNT | SLAB_NO_OBJ_EXT));
}

/*
 * Give slab a zeroed vector for its objects; 0, or -ENOMEM without one.
 * new_slab: nobody else can see slab yet.  On a slab in use, a vector
 * another task set first is kept (mm/slub.c alloc_slab_obj_exts(), which
 * mm/memcontrol.c calls too).
 */
int alloc_slab_obj_exts(struct slab *slab, struct kmem_cache *s, gfp_t gfp,
			bool new_slab);
/* Free slab's vector, if any, as the slab goes (free_slab_obj_exts()). */
void free_slab_obj_exts(struct slab *slab);
/*
 * Charge the size objects of p, allocated from s, to the current task's
 * cgroup; on failure free them, NULL *p when size is 1, and return false
 * (mm/slub.c memcg_slab_post_alloc_hook() past its memcg_slab_charges()).
 */
bool memcg_slab_post_alloc(struct kmem_cache *s, struct list_lru *lru,
			   gfp_t flags, size_t size, void **p);
/* Charge an object or large kmalloc allocated uncharged (kmem_cache_charge()). */
bool memcg_slab_post_charge(void *p, gfp_t flags);

/* Whether memcg has a vector on slab to look in when an object goes. */
static __always_inline bool memcg_slab_has_exts(const struct slab *slab)
{
	return slab_memcg_online() && unlikely(slab_obj_exts(slab));
}

/* Uncharge object of slab, which has a vector (__memcg_slab_free_hook()). */
void memcg_slab_uncharge(struct kmem_cache *s, struct slab *slab, void *object);

/*
 * Uncharge object before it is freed (mm/slub.c memcg_slab_free_hook()).
 * The object goes by value: a free path with a local whose address is
 * taken could no longer hand a KFENCE object on as a tail call, and
 * KFENCE's report would then name the path, not the caller that freed.
 */
static __always_inline void memcg_slab_free_hook(struct kmem_cache *s,
						 struct slab *slab,
						 void *object)
{
	if (memcg_slab_has_exts(slab))
		memcg_slab_uncharge(s, slab, object);
}

/* Count one event (racy, cheap: counts may be lost, as in the kernel). */
static inline void stat(const struct kmem_cache *s, enum stat_item si)
{
	if (IS_ENABLED(CONFIG_LIBSLAB_STATS))
		raw_cpu_inc(s->cpu_slab->stat[si]);
}

/*
 * stat_add() from a plain lockless try, on c, the CPU copy it began on (the
 * kernel's raw_cpu_inc() counts on the CPU it runs on by then: a task
 * that moved in between counts one CPU over).
 */
static __always_inline void stat_lockless(struct kmem_cache_cpu *c,
					  enum stat_item si, int nr)
{
	unsigned int count;

	if (IS_ENABLED(CONFIG_LIBSLAB_STATS)) {
		/* Read, then write: the shim's marked accesses do not nest. */
		count = slab_lockless_read(c->stat[si]) + nr;
		slab_lockless_write(c->stat[si], count);
	}
}

/* Count nr events at once (a chain of nr objects freed in one go). */
static inline void stat_add(const struct kmem_cache *s, enum stat_item si,
			    int nr)
{
	if (IS_ENABLED(CONFIG_LIBSLAB_STATS))
		raw_cpu_add(s->cpu_slab->stat[si], nr);
}

/*
 * A lockless try's primitives.  A plain try (the entry points' first, with
 * every hook off and nothing watching, see slab_platform_impl.h) uses forms
 * that call nothing and counts on c; every other try is the kernel's code,
 * READ_ONCE()s that are preemption points and a commit on this CPU.
 * plain is a constant wherever these are inlined.
 */
#define cpu_try_ptr(plain, pcp)						\
	((plain) ? slab_lockless_cpu_ptr(pcp) : raw_cpu_ptr(pcp))
#define cpu_try_read(plain, x)						\
	((plain) ? slab_lockless_read(x) : READ_ONCE(x))
/*
 * A field of the pair's CPU that the fast paths read after the tid
 * without marking it, as 6.12's do c->slab (and the alloc path
 * c->freelist): the commit's tid check validates whatever was seen.
 */
#define cpu_try_peek(plain, x)						\
	((plain) ? slab_lockless_peek(x) : READ_ONCE(x))

/*
 * The fast paths' commit (the kernel's __update_cpu_freelist_fast()): swap
 * this CPU's freelist from freelist_old to freelist_new if its tid is
 * still tid.  Fails if anything changed the pair, this thread moved to
 * another CPU, or another context ran there (a plain try: on c, see
 * slab_platform_impl.h).
 */
static __always_inline bool cpu_try_commit(bool plain, struct kmem_cache *s,
					   struct kmem_cache_cpu *c,
					   void *freelist_old,
					   void *freelist_new,
					   unsigned long tid)
{
	freelist_aba_t old = { .freelist = freelist_old, .counter = tid };
	freelist_aba_t new = { .freelist = freelist_new,
			       .counter = next_tid(tid) };

	if (plain)
		return slab_lockless_try_cmpxchg128(s->cpu_slab->freelist_tid.full,
						    &c->freelist_tid.full,
						    old.full, new.full);
	return this_cpu_try_cmpxchg128(s->cpu_slab->freelist_tid.full,
				       &old.full, new.full);
}

static __always_inline void cpu_try_stat(bool plain, struct kmem_cache *s,
					 struct kmem_cache_cpu *c,
					 enum stat_item si, int nr)
{
	if (plain)
		stat_lockless(c, si, nr);
	else
		stat_add(s, si, nr);
}

/* Where the free pointer of object lives. */
static inline void **freeptr_addr(const struct kmem_cache *s, void *object)
{
	return (void **)((char *)object + s->offset);
}

/*
 * With freelist hardening (s->random set) a stored free pointer is the
 * pointer XOR a per-cache secret XOR its own byte-swapped address, so a
 * leaked free pointer reveals no heap address and a forged one decodes to
 * garbage (mm/slub.c freelist_ptr_encode()).
 */
static inline unsigned long freelist_ptr_key(const struct kmem_cache *s,
					     void **ptr_addr)
{
	return s->random ^ swab((unsigned long)ptr_addr);
}

/* The free pointer that the word at addr holds as stored. */
static inline void *freelist_ptr_decode(const struct kmem_cache *s, void **addr,
					void *stored)
{
	if (likely(!s->random))
		return stored;
	return (void *)((unsigned long)stored ^ freelist_ptr_key(s, addr));
}

static inline void *get_freepointer(const struct kmem_cache *s, void *object)
{
	void **addr = freeptr_addr(s, object);

	return freelist_ptr_decode(s, addr, *addr);
}

/*
 * Read a free pointer that a racing CPU may be overwriting, in a lockless
 * try (plain: see cpu_try_read()).
 */
static __always_inline void *get_freepointer_safe(bool plain,
						  const struct kmem_cache *s,
						  void *object)
{
	void **addr = freeptr_addr(s, object);
	/* the object may be reallocated and overwritten: the tid check decides */
	void *stored = data_race(cpu_try_read(plain, *addr));

	return freelist_ptr_decode(s, addr, stored);
}

/*
 * Store fp as object's free pointer, encoded on a hardened cache (the
 * kernel's freelist_ptr_encode()).  A hardened cache also refuses an
 * object that would point at itself: the one-object cycle a free of the
 * freelist's head makes, which 6.12's set_freepointer() BUG()s on under
 * CONFIG_SLAB_FREELIST_HARDENED, a cheap catch of the simplest double
 * free.  The test sits in the hardened branch: an unhardened cache's
 * fast paths pay nothing for it.
 */
static inline void set_freepointer(const struct kmem_cache *s, void *object,
				   void *fp)
{
	void **addr = freeptr_addr(s, object);

	if (unlikely(s->random)) {
		BUG_ON(object == fp);
		fp = (void *)((unsigned long)fp ^ freelist_ptr_key(s, addr));
	}
	*addr = fp;
}

/*
 * init_on_alloc/init_on_free for slab objects: constructed, RCU-readable
 * and poisoned objects keep their contents (mm/slab.h).
 */
static inline bool slab_want_init_on_alloc(gfp_t flags, const struct kmem_cache *s)
{
	if (want_init_on_alloc(0)) {
		if (s->ctor)
			return false;
		if (s->flags & (SLAB_TYPESAFE_BY_RCU | SLAB_POISON))
			return flags & __GFP_ZERO;
		return true;
	}
	return flags & __GFP_ZERO;
}

static inline bool slab_want_init_on_free(const struct kmem_cache *s)
{
	return want_init_on_free() &&
	       !(s->ctor || (s->flags & (SLAB_TYPESAFE_BY_RCU | SLAB_POISON)));
}

/*
 * With init_on_free a freed object is all zeroes but for its free pointer:
 * clear that too when the object is handed out (6.12
 * maybe_wipe_obj_freeptr()), so the caller sees a fully wiped object.
 */
static inline void maybe_wipe_obj_freeptr(struct kmem_cache *s, void *object)
{
	if (unlikely(slab_want_init_on_free(s)) && object &&
	    !freeptr_outside_object(s))
		memset((char *)object + s->offset, 0, sizeof(void *));
}

/* Whether next can follow object on a freelist: NULL or an object of its slab. */
static inline bool freeptr_sane(const struct kmem_cache *s, void *object,
				void *next)
{
	struct slab *slab = virt_to_slab(object);

	return !next || (slab && virt_to_slab(next) == slab &&
			 check_valid_pointer(s, slab, next));
}

/* kmalloc's requested size is kept after the tracks (kmalloc caches with U). */
static inline bool slub_debug_orig_size(const struct kmem_cache *s)
{
	return (s->flags & SLAB_STORE_USER) && (s->flags & SLAB_KMALLOC);
}

/* Index of object p in its slab, by multiplication with 1/size. */
static inline unsigned int obj_to_index(const struct kmem_cache *s,
					const struct slab *slab, const void *p)
{
	unsigned long offset = (const char *)p - (const char *)slab_address(slab);

	return reciprocal_divide(offset, s->reciprocal_size);
}

/*
 * Mark in map the objects on slab's freelist (the kernel's __fill_map());
 * at most slab->objects links are followed, so a cycle cannot hang it.
 */
static inline void fill_free_map(const struct kmem_cache *s,
				 const struct slab *slab, unsigned long *map)
{
	unsigned int nr = 0;
	void *p;

	bitmap_zero(map, slab->objects);
	for (p = slab->freelist; p && nr++ < slab->objects;
	     p = get_freepointer(s, p))
		set_bit(obj_to_index(s, slab, p), map);
}

#define for_each_object(__p, __s, __addr, __objects)			\
	for (__p = fixup_red_left(__s, __addr);				\
	     (char *)__p < (char *)(__addr) + (__objects) * (__s)->size;	\
	     __p = (char *)__p + (__s)->size)

static inline unsigned long node_nr_slabs(struct kmem_cache_node *n)
{
	return atomic_long_read(&n->nr_slabs);
}

static inline unsigned long node_nr_objs(struct kmem_cache_node *n)
{
	return atomic_long_read(&n->total_objects);
}

/* ---- functions shared between core files ---- */

/* slab_hardening.c: the run-time hardening switches (and their Kconfig defaults). */
extern bool slab_freelist_hardened;
extern bool slab_freelist_random;
/* slab_hardening.c: give s its freelist key and (once kmalloc works) shuffle sequence. */
int init_cache_hardening(struct kmem_cache *s, bool kmalloc_ready);
/* slab_hardening.c: give s its shuffle sequence if randomisation is on; 0 or -ENOMEM. */
int init_cache_random_seq(struct kmem_cache *s);
/* slab_hardening.c: free what init_cache_hardening() allocated. */
void free_cache_hardening(struct kmem_cache *s);
/* slab_hardening.c: the first object of a new slab's freelist, linking the rest shuffled. */
void *shuffle_freelist(struct kmem_cache *s, struct slab *slab, void *start);
/* slab_hardening.c: a forged free pointer (hardened caches); reported, and cut. */
void freelist_corrupt(struct kmem_cache *s, void *object, void *next);
int setup_slab_freelist_hardened(const char *value);
int setup_slab_freelist_random(const char *value);

#if IS_ENABLED(CONFIG_LIBSLAB_FAILSLAB)
/* failslab.c: -ENOMEM if this allocation is to fail by fault injection. */
int should_failslab(struct kmem_cache *s, gfp_t gfpflags);
/* failslab.c: on once failslab= is set up; until then no allocation asks should_failslab(). */
DECLARE_STATIC_KEY_FALSE(failslab_active);

/* Whether failslab= is set up: allocations ask should_failslab(). */
static __always_inline bool slab_failslab_armed(void)
{
	return static_branch_unlikely(&failslab_active);
}

/* Whether fault injection fails this allocation; a flag test while unarmed. */
static __always_inline bool slab_should_fail(struct kmem_cache *s, gfp_t gfpflags)
{
	return static_branch_unlikely(&failslab_active) &&
	       should_failslab(s, gfpflags);
}

/* failslab.c: apply a failslab= value; 0 or -EINVAL. */
int setup_failslab(const char *value);
#else
/* Built without fault injection: nothing fails, and failslab= is unknown. */
static __always_inline bool slab_failslab_armed(void)
{
	return false;
}

static __always_inline bool slab_should_fail(struct kmem_cache *s, gfp_t gfpflags)
{
	return false;
}

static inline int setup_failslab(const char *value)
{
	return -EINVAL;
}
#endif

/*
 * Whether every switch that gives an allocation or a free more to do than
 * the lockless pop or push is off: PREEMPT_RT's lock-only paths, fault
 * injection, the tool, init_on_alloc (the per-call __GFP_ZERO aside) and
 * init_on_free, libslab_extra_checks, and anything watching single steps
 * (userspace).  Where slab_lockless_quiet() covers them all in one test,
 * it alone answers.
 */
static __always_inline bool slab_switches_off(void)
{
	if (SLAB_LOCKLESS_QUIET_COVERS_SWITCHES)
		return slab_lockless_quiet();
	return slab_lockless_quiet() && USE_LOCKLESS_FAST_PATH() &&
	       !slab_failslab_armed() && !slab_tool_active() &&
	       !want_init_on_alloc(0) && !want_init_on_free() &&
	       !slab_extra_checks();
}

/* slub_debug.c: apply slub_debug= to the flags of the cache called name. */
slab_flags_t kmem_cache_flags(slab_flags_t flags, const char *name);
/* slub_debug.c: parse a slub_debug= value (NULL: the bare word); 0 or -EINVAL. */
int setup_slub_debug(const char *value);
/* slub_debug.c: whether the 'O' option drops debugging that raises the order. */
bool slub_debug_order_sensitive(void);
/* slub_debug.c: the flags slub_debug= gives the caches no list names. */
slab_flags_t slub_debug_global_flags(void);
/* slub_debug.c: poison and red-zone a new slab's objects. */
void setup_slab_debug(struct kmem_cache *s, struct slab *slab, void *addr);
void setup_object_debug(struct kmem_cache *s, void *object);

/* Whether setup_object_debug() writes anything into a new object of s. */
static inline bool object_debug_setup_needed(const struct kmem_cache *s)
{
	return s->flags & (SLAB_STORE_USER | SLAB_RED_ZONE | __OBJECT_POISON);
}

/*
 * What get_partial() is asked (6.12's struct partial_context): flags tell
 * which nodes may serve; a cache on the single-object path
 * (slab_uses_node_lists_only()) is handed one object of orig_size bytes,
 * checked and counted, in object.
 */
struct partial_context {
	gfp_t flags;
	unsigned int orig_size;
	void *object;
};

/*
 * slub_single.c: one object under the node lock, from a partial or a new
 * slab: a debug cache's slow path, and every allocation under SLUB_TINY
 * (the kernel's TINY __slab_alloc_node()).
 */
void *slab_alloc_single(struct kmem_cache *s, gfp_t gfpflags, int node,
			unsigned long addr, size_t orig_size);
/*
 * slub_single.c: take one object of orig_size bytes off partial slab of n,
 * checked and counted, moving a slab it fills to the full list; NULL if
 * the checks took the slab out of use.  Under n->list_lock.
 */
void *alloc_single_from_partial(struct kmem_cache *s, struct kmem_cache_node *n,
				struct slab *slab, unsigned int orig_size);
/* slub_single.c: a debug (or SLUB_TINY) cache's free under the node lock, checked if asked. */
void free_to_partial_list(struct kmem_cache *s, struct slab *slab,
			  void *head, void *tail, int bulk_cnt,
			  unsigned long addr);
/*
 * slub_debug.c: check object just taken off slab (inuse counted) and mark it
 * allocated; false: the slab was taken out of use.
 */
bool alloc_debug_processing(struct kmem_cache *s, struct slab *slab,
			    void *object, unsigned int orig_size);
/*
 * slub_debug.c: check and mark free head..tail of *bulk_cnt objects (corrected
 * if the chain differs); under list_lock; false: free none.
 */
bool free_debug_processing(struct kmem_cache *s, struct slab *slab,
			   void *head, void *tail, int *bulk_cnt,
			   unsigned long addr, depot_stack_handle_t handle);
/*
 * slub_debug.c: save the caller's stack (from the allocator's entry) for a
 * track; call it outside list_lock.
 */
depot_stack_handle_t set_track_prepare(void);
/* slub_debug.c: record addr, handle, cpu, pid and time in object's alloc or free track. */
void set_track_update(struct kmem_cache *s, void *object,
		      enum track_item alloc, unsigned long addr,
		      depot_stack_handle_t handle);
/* slub_debug.c: object's last allocation or free (SLAB_STORE_USER caches). */
struct track *get_track(struct kmem_cache *s, void *object,
			enum track_item alloc);
/*
 * slub_debug.c: a caller told the whole object is usable (ksize()) may
 * write all of it: object's requested size becomes the object size, so
 * the kmalloc red zone shrinks to nothing.
 */
void skip_orig_size_check(struct kmem_cache *s, const void *object);
/* slub_debug.c: the size kmalloc was asked for (object_size if not kept). */
unsigned long get_orig_size(struct kmem_cache *s, void *object);
/* slub_debug.c: keep orig_size as object's requested size (kmalloc caches that track it). */
void set_orig_size(struct kmem_cache *s, void *object, unsigned long orig_size);
/* slub_debug.c: the alloc/free owner lines of object's report. */
void print_tracking(struct kmem_cache *s, void *object);
/* slub_debug.c: check every object of a slab (validate); problems found. */
unsigned int validate_slab_objects(struct kmem_cache *s, struct slab *slab,
				   unsigned long *map);
/* slub_debug.c: check every object of a slab about to be freed (SLAB_CONSISTENCY_CHECKS). */
void free_slab_checks(struct kmem_cache *s, struct slab *slab);
/* slub_partial.c: free a slab's pages (after a grace period if typesafe). */
void free_slab(struct kmem_cache *s, struct slab *slab);
/* slub_partial.c: debug caches keep full slabs listed when tracking users. */
void add_full(struct kmem_cache *s, struct kmem_cache_node *n, struct slab *slab);
void remove_full(struct kmem_cache *s, struct kmem_cache_node *n, struct slab *slab);

/* slub_layout.c: compute size, offset, order of s; 0 if impossible. */
int calculate_sizes(struct kmem_cache *s, struct kmem_cache_args *args);
/*
 * slab_common.c: whether the kmalloc caches exist (from libslab_init() to
 * libslab_exit()): the slabs' layout is fixed then.
 */
bool libslab_is_up(void);
/* slab_common.c: whether s can never be merged with (slab_unmergeable()). */
bool slab_unmergeable(struct kmem_cache *s);
/* slub_layout.c: alignment the objects of a cache with these flags get. */
unsigned int calculate_alignment(slab_flags_t flags, unsigned int align,
				 unsigned int size);
/* slub_layout.c: slab order for objects of size; negative if none fits. */
int calculate_order(unsigned int size);
/* slub_layout.c: min_partial and cpu partial limits from the size. */
void set_partial_limits(struct kmem_cache *s);
/* slub_layout.c: keep up to nr_objects free objects on each CPU's partial slabs. */
void slub_set_cpu_partial(struct kmem_cache *s, unsigned int nr_objects);

/*
 * slub_alloc.c: a slab for the slow path to allocate from: one of the
 * partial lists' by get_partial()'s node policy (*fresh cleared), else a
 * new one, not yet accounted (*fresh set); NULL without memory.  While
 * *try_thisnode, the node asked for is tried alone and without waiting
 * first (slab_try_thisnode()); a failed try clears it.  pc->flags is set
 * here; pc->orig_size is the caller's.
 */
struct slab *get_partial_or_new_slab(struct kmem_cache *s, gfp_t gfpflags,
				     int node, bool *try_thisnode,
				     struct partial_context *pc, bool *fresh);
/* slub_alloc.c: gfp flags with the bits slab may not use WARNed off. */
gfp_t kmalloc_fix_flags(gfp_t flags);
/* slub_alloc.c: the allocation path shared by every entry point. */
void *slab_alloc_node(struct kmem_cache *s, gfp_t gfpflags, int node,
		      unsigned long addr, size_t orig_size);

/* slub_free.c: free a chain head..tail of cnt objects of slab. */
void do_slab_free(struct kmem_cache *s, struct slab *slab, void *head,
		  void *tail, int cnt, unsigned long addr);
/* slub_free.c: the free path every entry point shares (checks then frees). */
void slab_free(struct kmem_cache *s, struct slab *slab, void *object,
	       unsigned long addr);
/* slub_free.c: the cache object x really belongs to, WARNing if not s. */
struct kmem_cache *cache_from_obj(struct kmem_cache *s, void *x);

/* slub_partial.c */
void add_partial(struct kmem_cache_node *n, struct slab *slab, bool tail);
void remove_partial(struct kmem_cache_node *n, struct slab *slab);
void inc_slabs_node(struct kmem_cache *s, int node, int objects);
void dec_slabs_node(struct kmem_cache *s, int node, int objects);
void discard_slab(struct kmem_cache *s, struct slab *slab);
/*
 * A partial slab for an allocation on node (NUMA_NO_NODE: this CPU's),
 * then, unless pc->flags pins that node, on another node that holds more
 * than min_partial; NULL if none.  A cache with per-CPU slabs gets the
 * slab off its list, for the caller to freeze; a single-object cache gets
 * pc->object from it, the slab staying on the node's lists.
 */
struct slab *get_partial(struct kmem_cache *s, int node,
			 struct partial_context *pc);
/* Return a cpu slab and its remaining cpu freelist to the node. */
void deactivate_slab(struct kmem_cache *s, struct slab *slab, void *freelist);
/* Put an unfrozen slab on this CPU's partial chain; drain if too long. */
void put_cpu_partial(struct kmem_cache *s, struct slab *slab, bool drain);
/* Move a cpu partial chain to the node lists (or free empty slabs). */
void __put_partials(struct kmem_cache *s, struct slab *partial_slab);
/* Return every CPU's cpu slab and partial chain of s to the nodes. */
void flush_all(struct kmem_cache *s);
/* Create flush_all()'s workqueue and per-CPU work: 0, or -ENOMEM. */
int slab_flush_init(void);
/* Destroy them (libslab_exit()); flush_all() then WARNs until the next init. */
void slab_flush_exit(void);
/* CPU hotplug teardown: flush the caches' state of the dead cpu. */
int slub_cpu_dead(unsigned int cpu);
/*
 * Take every free object of a slab the caller owns (its cpu slab, or one
 * taken off a list): the slab stays or becomes frozen if there were any,
 * and is left unfrozen and full (on no list) if there were none.  The
 * kernel's freeze_slab() and get_freelist() in one.
 */
void *freeze_slab(struct kmem_cache *s, struct slab *slab);
/*
 * cmpxchg of a slab's freelist/counters pair; false (and counted) if either
 * changed.  Inline: every slow-path free makes one.  The kernel's
 * slab_update_freelist(), __slab_update_freelist() and
 * __update_freelist_fast() in one: the double-word cmpxchg is always
 * there, so nothing falls back to the slab lock.
 */
static inline bool slab_update_freelist(struct kmem_cache *s,
					struct slab *slab,
					void *freelist_old,
					unsigned long counters_old,
					void *freelist_new,
					unsigned long counters_new)
{
	freelist_aba_t old = { .freelist = freelist_old,
			       .counter = counters_old };
	freelist_aba_t new = { .freelist = freelist_new,
			       .counter = counters_new };

	if (likely(try_cmpxchg128(&slab->freelist_counter.full, &old.full,
				  new.full)))
		return true;
	stat(s, CMPXCHG_DOUBLE_FAIL);
	return false;
}

/* Release empty slabs of s; 1 if slabs remain. */
int __kmem_cache_shrink(struct kmem_cache *s);
/*
 * Free every slab of an empty cache; -EBUSY (after a report) if any is in
 * use.  The caller holds cpus_read_lock() and slab_mutex.
 */
int __kmem_cache_shutdown(struct kmem_cache *s);
/*
 * __kmem_cache_shutdown() for libslab_exit(): a line per object still
 * allocated (libslab's own report, not the kernel's), their number in
 * *leaks; the bookkeeping of kept caches is not reported.  Same locking.
 */
int slab_exit_shutdown(struct kmem_cache *s, unsigned long *leaks);
/*
 * slab_common.c: whether object is what a cache kept with objects still
 * uses (its kmalloc'ed name, alias names, shuffle sequence), which is no
 * leak of the program's.  slab_mutex held.
 */
bool slab_exit_bookkeeping(const void *object);
/*
 * slab_common.c: libslab_exit()'s end of kmalloc cache s: shut down with
 * libslab's own report and released, or kept if objects remain; the
 * number of objects reported.
 */
unsigned long kmalloc_cache_exit(struct kmem_cache *s);
/*
 * The nodes whose normal memory is online, as the caches know them: each
 * cache has a kmem_cache_node on each (slab_mutex guards changes).  An
 * allocation naming another node is served from any (6.12's
 * ___slab_alloc()).  slab_nodes_init() fills it at start-up from the
 * node states; slab_memory_nb keeps it current as memory comes and goes.
 */
extern nodemask_t slab_nodes;
void slab_nodes_init(void);
extern struct notifier_block slab_memory_nb;
/* Allocate and set up s->node[] (one per node of slab_nodes) and s->cpu_slab; 0 or -ENOMEM. */
int init_kmem_cache_nodes(struct kmem_cache *s);
/* Free what init_kmem_cache_nodes() allocated. */
void free_kmem_cache_nodes(struct kmem_cache *s);

/*
 * slab_common.c: count one error event.  Events are counted where the
 * kernel's slab_add_kunit_errors() counts them: each BUG report, each
 * "[... overwritten]" line, each FIX line, each object listed as leaked,
 * so KUnit's expected counts apply unchanged (libslab_error_count()).
 * True when a KUnit test's "slab_errors" resource took the count: the
 * caller then prints nothing, as 6.12 does.
 */
bool slab_add_error(void);
/* slab_common.c: whether the current KUnit test counts "slab_errors". */
bool slab_in_kunit_test(void);
/*
 * slab_common.c: a formatted error report about s (one event): banner,
 * then __slab_err(slab).  Silent when a KUnit test counts it.
 */
__printf(3, 4) void slab_err(struct kmem_cache *s, struct slab *slab,
			     const char *fmt, ...);
/*
 * slub_debug.c: the end of a slab report: the slab's line (slab may be
 * NULL), a TAINT_BAD_PAGE taint and a WARN; nothing inside a KUnit test.
 */
void __slab_err(struct slab *slab);
/* slab_common.c: just the "BUG <cache> (...)" banner of a report (no event). */
__printf(2, 3) void slab_bug(struct kmem_cache *s, const char *fmt, ...);
/* slabinfo.c: objects on n's partial list, counted under its lock. */
enum partial_count { PARTIAL_FREE, PARTIAL_INUSE, PARTIAL_TOTAL };
unsigned long count_partial(struct kmem_cache_node *n, enum partial_count what);

/* slab_common.c: set up a boot cache in static storage. */
void create_boot_cache(struct kmem_cache *s, const char *name,
		       unsigned int size, slab_flags_t flags,
		       unsigned int useroffset, unsigned int usersize);

/* kmalloc.c: create the kmalloc caches. */
int create_kmalloc_caches(void);
/* kmalloc.c: whether s is a kmalloc cache or the bucket arrays' cache. */
bool kmalloc_owns_cache(const struct kmem_cache *s);
/*
 * kmalloc.c: destroy every kmalloc cache and clear kmalloc_caches[] (at
 * libslab_exit()); the number of objects never freed, each reported.
 */
unsigned long destroy_kmalloc_caches(void);
/* kmalloc.c: the kmalloc cache serving size with flags for caller. */
struct kmem_cache *kmalloc_slab(size_t size, gfp_t flags, unsigned long caller);
/* kmalloc.c: random_kmalloc_caches= (the copies of CONFIG_RANDOM_KMALLOC_CACHES). */
extern bool random_kmalloc_caches;
extern unsigned long random_kmalloc_seed;
int setup_random_kmalloc_caches(const char *value);

#endif /* LIBSLAB_SLAB_H */
