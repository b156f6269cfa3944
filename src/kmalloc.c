// SPDX-License-Identifier: GPL-2.0
/*
 * kmalloc: the array of size-class caches for each kmalloc type, sizes
 * above KMALLOC_MAX_CACHE_SIZE served by the page allocator as compound
 * pages, and the helpers built on them.
 * Kernel counterparts: kmalloc_caches[], kmalloc_size_index[],
 * kmalloc_info[], kmalloc_slab(), new_kmalloc_cache(),
 * create_kmalloc_caches(), kmalloc_size_roundup() (mm/slab_common.c);
 * __do_kmalloc_node(), ___kmalloc_large_node(), free_large_kmalloc(),
 * kfree(), __ksize(), krealloc_noprof(), kfree_sensitive(),
 * kvmalloc_node_noprof(), kvfree(), kvrealloc_noprof(), kstrndup(),
 * kmemdup_nul(), kmemdup_array(), kstrdup_const(), kfree_const(),
 * memdup_user(), memdup_user_nul() (mm/slub.c, mm/util.c);
 * kmem_buckets_create(), __kmalloc_node_noprof() with buckets
 * (mm/slab_common.c, mm/slub.c).
 */
#include "slab.h"

struct kmem_cache *kmalloc_caches[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1];
EXPORT_SYMBOL(kmalloc_caches);

/* kmalloc cache index for sizes 8..192 in steps of 8 (the odd 96 and 192). */
static const u8 kmalloc_size_index[24] = {
	3, 4, 5, 5, 6, 6, 6, 6,		/*   8 ..  64 */
	1, 1, 1, 1, 7, 7, 7, 7,		/*  72 .. 128 */
	2, 2, 2, 2, 2, 2, 2, 2,		/* 136 .. 192 */
};

/* Cache names by index, as kmalloc_info[] spells them. */
static const char *const kmalloc_size_names[KMALLOC_SHIFT_HIGH + 1] = {
	[1] = "96", [2] = "192", [3] = "8", [4] = "16", [5] = "32",
	[6] = "64", [7] = "128", [8] = "256", [9] = "512", [10] = "1k",
	[11] = "2k", [12] = "4k", [13] = "8k",
};

static_assert(KMALLOC_SHIFT_HIGH == 13, "kmalloc_size_names covers 8k");

/*
 * Where kmem_buckets_create() takes each bucket array from: a cache of its
 * own, as 6.12's create_kmalloc_caches() makes it ("kmalloc_buckets").
 */
static struct kmem_cache *kmem_buckets_cache;

/* Random copies of the normal caches in use (random_kmalloc_caches=on). */
bool random_kmalloc_caches;
/*
 * Which copy serves a call site; the kernel's inline kmalloc() hashes it
 * with the caller itself, so it has the kernel's name.
 */
unsigned long random_kmalloc_seed;
EXPORT_SYMBOL(random_kmalloc_seed);

int setup_random_kmalloc_caches(const char *value)
{
	bool on;

	if (kstrtobool(value, &on))
		return -EINVAL;
	/* The kernel's RANDOM_KMALLOC_CACHES depends on !SLUB_TINY. */
	if (on && IS_ENABLED(CONFIG_LIBSLAB_TINY))
		return -EINVAL;
	random_kmalloc_caches = on;
	return 0;
}

/* Name prefixes per type; aliased types (same enum value) share one. */
static const char *kmalloc_type_prefix(enum kmalloc_cache_type type)
{
	static char random_prefixes[RANDOM_KMALLOC_CACHES_NR + 1][16];

	if (type == KMALLOC_NORMAL)
		return "kmalloc-";
	if (type > KMALLOC_RANDOM_START && type <= KMALLOC_RANDOM_END) {
		char *prefix = random_prefixes[type - KMALLOC_RANDOM_START];

		snprintf(prefix, sizeof(random_prefixes[0]), "kmalloc-rnd-%02d-",
			 type - KMALLOC_RANDOM_START);
		return prefix;
	}
	if (type == KMALLOC_RECLAIM)
		return "kmalloc-rcl-";
	if (type == KMALLOC_DMA)
		return "dma-kmalloc-";
	return "kmalloc-cg-";
}

/*
 * The kmalloc type for flags, as 6.12's kmalloc_type() picks it: a flag
 * counts only where its type has caches of its own (KMALLOC_DMA and
 * KMALLOC_CGROUP are KMALLOC_NORMAL without ZONE_DMA and MEMCG), DMA
 * first, then reclaim; normal allocations spread over the random copies
 * by call site.
 */
static enum kmalloc_cache_type kmalloc_type_of(gfp_t flags,
					       unsigned long caller)
{
	bool has_dma = KMALLOC_DMA != KMALLOC_NORMAL;
	bool has_cgroup = KMALLOC_CGROUP != KMALLOC_NORMAL;
	gfp_t not_normal = __GFP_RECLAIMABLE | (has_dma ? __GFP_DMA : 0) |
			   (has_cgroup ? __GFP_ACCOUNT : 0);

	if (likely(!(flags & not_normal))) {
		if (!random_kmalloc_caches)
			return KMALLOC_NORMAL;
		return KMALLOC_RANDOM_START +
		       hash_64(caller ^ random_kmalloc_seed,
			       ilog2(RANDOM_KMALLOC_CACHES_NR + 1));
	}
	if (has_dma && (flags & __GFP_DMA))
		return KMALLOC_DMA;
	if (!has_cgroup || (flags & __GFP_RECLAIMABLE))
		return KMALLOC_RECLAIM;
	return KMALLOC_CGROUP;
}

static unsigned int kmalloc_index_of(size_t size)
{
	if (size <= 192)
		return kmalloc_size_index[(size - 1) / 8];
	return fls(size - 1);
}

struct kmem_cache *kmalloc_slab(size_t size, gfp_t flags, unsigned long caller)
{
	return kmalloc_caches[kmalloc_type_of(flags, caller)][kmalloc_index_of(size)];
}

static char kmalloc_names[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1][24];

/*
 * A kmalloc cache, made as a boot cache is (so naturally aligned), then
 * listed and destroyable like any other; NULL without memory.  Its whole
 * object may be copied to and from user space: kmalloc has no idea which
 * part of a buffer its caller will expose.  That whitelist also keeps it
 * out of merging, so an accounted cache never becomes an alias of
 * kmalloc-cg-* or kmalloc-rcl-*.
 */
static struct kmem_cache *create_kmalloc_cache(const char *name,
					       unsigned int size,
					       slab_flags_t flags)
{
	struct kmem_cache *s = kmem_cache_zalloc(kmem_cache, GFP_NOWAIT);

	if (!s)
		return NULL;
	cpus_read_lock();
	mutex_lock(&slab_mutex);
	create_boot_cache(s, name, size, flags | SLAB_KMALLOC, 0, size);
	list_add(&s->list, &slab_caches);
	s->refcount = 1;
	mutex_unlock(&slab_mutex);
	cpus_read_unlock();
	return s;
}

static int new_kmalloc_cache(unsigned int idx, enum kmalloc_cache_type type)
{
	slab_flags_t flags = SLAB_KMALLOC;
	unsigned int size = idx == 1 ? 96 : idx == 2 ? 192 : 1U << idx;
	char *name = kmalloc_names[type][idx];
	struct kmem_cache *s;

	/*
	 * Without ZONE_DMA, KMALLOC_DMA is KMALLOC_NORMAL: the normal caches
	 * are no DMA caches (KFENCE, for one, leaves DMA caches alone).
	 */
	if (type == KMALLOC_RECLAIM)
		flags |= SLAB_RECLAIM_ACCOUNT;
	else if (type == KMALLOC_DMA && type != KMALLOC_NORMAL)
		flags |= SLAB_CACHE_DMA;
	else if (type == KMALLOC_CGROUP)
		flags |= SLAB_ACCOUNT;
	/* With memory cgroups the normal caches stay unmerged (6.12). */
	if (type == KMALLOC_NORMAL && KMALLOC_CGROUP != KMALLOC_NORMAL)
		flags |= SLAB_NO_MERGE;
	/* Merged copies would defeat the point of having copies. */
	if (type > KMALLOC_RANDOM_START && type <= KMALLOC_RANDOM_END)
		flags |= SLAB_NO_MERGE;

	/* The longest, "kmalloc-rnd-15-" and "192", fits with room to spare. */
	snprintf(name, sizeof(kmalloc_names[0][0]), "%.16s%.4s",
		 kmalloc_type_prefix(type), kmalloc_size_names[idx]);
	s = create_kmalloc_cache(name, size, flags);
	if (!s)
		return -ENOMEM;
	kmalloc_caches[type][idx] = s;
	return 0;
}

int create_kmalloc_caches(void)
{
	enum kmalloc_cache_type type;
	unsigned int idx;
	int err;

	if (random_kmalloc_caches)
		random_kmalloc_seed = get_random_u64();
	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++) {
		bool random = type > KMALLOC_RANDOM_START &&
			      type <= KMALLOC_RANDOM_END;
		/*
		 * cgroup.memory=nokmem: accounted kmalloc is normal kmalloc
		 * (memcg's own switch, which only a kernel on libslab asks).
		 */
		bool cgroup = type == KMALLOC_CGROUP &&
			      !(IS_ENABLED(CONFIG_LIBSLAB_MEMCG) &&
				mem_cgroup_kmem_disabled());
		bool aliased = type != KMALLOC_NORMAL &&
			       type != KMALLOC_RECLAIM &&
			       type != KMALLOC_DMA && !cgroup &&
			       !(random && random_kmalloc_caches);

		for (idx = 1; idx <= KMALLOC_SHIFT_HIGH; idx++) {
			if (!kmalloc_size_names[idx] ||
			    kmalloc_caches[type][idx])
				continue;
			/* Types the configuration folds together share caches. */
			if (aliased) {
				kmalloc_caches[type][idx] =
					kmalloc_caches[KMALLOC_NORMAL][idx];
				continue;
			}
			err = new_kmalloc_cache(idx, type);
			if (err)
				return err;
		}
	}
	if (IS_ENABLED(CONFIG_LIBSLAB_BUCKETS)) {
		kmem_buckets_cache = kmem_cache_create("kmalloc_buckets",
						       sizeof(kmem_buckets), 0,
						       SLAB_NO_MERGE, NULL);
		if (!kmem_buckets_cache)
			return -ENOMEM;
	}
	return 0;
}

bool kmalloc_owns_cache(const struct kmem_cache *s)
{
	return (s->flags & SLAB_KMALLOC) || s == kmem_buckets_cache;
}

/* A cache of kmalloc_caches[type][idx] that no earlier slot holds too. */
static bool kmalloc_slot_owns(enum kmalloc_cache_type type, unsigned int idx)
{
	return kmalloc_caches[type][idx] &&
	       (type == KMALLOC_NORMAL ||
		kmalloc_caches[type][idx] != kmalloc_caches[KMALLOC_NORMAL][idx]);
}

unsigned long destroy_kmalloc_caches(void)
{
	enum kmalloc_cache_type type;
	unsigned int idx;
	unsigned long leaks = 0;

	/* Bucket arrays never freed are reported here, as any cache's objects. */
	if (kmem_buckets_cache) {
		leaks += kmalloc_cache_exit(kmem_buckets_cache);
		kmem_buckets_cache = NULL;
	}
	/*
	 * Shuffle sequences are kmalloc'ed: free them all first, or a cache's
	 * sequence could outlive the kmalloc cache it came from.
	 */
	for (type = KMALLOC_NORMAL; type < NR_KMALLOC_TYPES; type++)
		for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++)
			if (kmalloc_slot_owns(type, idx))
				free_cache_hardening(kmalloc_caches[type][idx]);
	free_cache_hardening(kmem_cache);
	free_cache_hardening(kmem_cache_node);
	/* Normal slots last: until then the aliased ones can tell they share. */
	for (type = NR_KMALLOC_TYPES; type-- > KMALLOC_NORMAL; )
		for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++) {
			struct kmem_cache *s = kmalloc_caches[type][idx];
			bool owns = kmalloc_slot_owns(type, idx);

			kmalloc_caches[type][idx] = NULL;
			if (owns)
				leaks += kmalloc_cache_exit(s);
		}
	return leaks;
}

/*
 * A large kmalloc (6.12's ___kmalloc_large_node()): whole compound pages
 * from the page allocator.  The kernel's inline kmalloc() calls it for a
 * constant size above the largest cache (__kmalloc_large_noprof(),
 * __kmalloc_large_node_noprof()); for any other size __do_kmalloc_node()
 * decides.
 */
static void *kmalloc_large_node(size_t size, gfp_t flags, int node)
{
	unsigned int order = get_order(size);
	struct page *page;
	struct folio *folio;

	if (unlikely(flags & GFP_SLAB_BUG_MASK))
		flags = kmalloc_fix_flags(flags);
	if (unlikely(order > MAX_PAGE_ORDER)) {
		WARN_ON_ONCE(!(flags & __GFP_NOWARN));
		return NULL;
	}
	page = alloc_pages_node(node, flags | __GFP_COMP, order);
	if (!page)
		return NULL;
	folio = page_folio(page);
	__folio_set_large_kmalloc(folio);
	lruvec_stat_mod_folio(folio, NR_SLAB_UNRECLAIMABLE_B, PAGE_SIZE << order);
	return folio_address(folio);
}

/* The large kmalloc with its kmalloc event, on behalf of caller. */
void *libslab_kmalloc_large_node(size_t size, gfp_t flags, int node,
				 unsigned long caller)
{
	void *ret = kmalloc_large_node(size, flags, node);

	trace_kmalloc(caller, ret, size, PAGE_SIZE << get_order(size), flags, node);
	return ret;
}
EXPORT_SYMBOL(libslab_kmalloc_large_node);

/*
 * kmalloc from the buckets b (NULL: kmalloc's own caches) on behalf of
 * caller (its cache copy and its tracking line).
 */
static void *__do_kmalloc_node(kmem_buckets *b, size_t size, gfp_t flags,
			       int node, unsigned long caller)
{
	struct kmem_cache *s;
	void *ret;

	/* Without buckets the kernel's PASS_BUCKET_PARAMS() drops b. */
	if (!IS_ENABLED(CONFIG_LIBSLAB_BUCKETS))
		b = NULL;
	if (unlikely(size > KMALLOC_MAX_CACHE_SIZE)) {
		/* 6.12 emits the event twice here: in the large path and after it. */
		ret = libslab_kmalloc_large_node(size, flags, node, caller);
		trace_kmalloc(caller, ret, size, PAGE_SIZE << get_order(size),
			      flags, node);
		return ret;
	}
	if (unlikely(!size))
		return ZERO_SIZE_PTR;
	s = b ? (*b)[kmalloc_index_of(size)] : kmalloc_slab(size, flags, caller);
	ret = slab_alloc_node(s, flags, node, caller, size);
	trace_kmalloc(caller, ret, size, s->size, flags, node);
	return ret;
}

/* The kernel's __kmalloc_node_noprof(), under the name callers use. */
void *kmalloc_node(size_t size, gfp_t flags, int node)
{
	return __do_kmalloc_node(NULL, size, flags, node, _RET_IP_);
}
EXPORT_SYMBOL(kmalloc_node);

/* kmalloc from s, already chosen, with the kmalloc event. */
static void *kmalloc_cache_traced(struct kmem_cache *s, gfp_t flags, int node,
				  size_t size, unsigned long caller)
{
	void *ret;

	if (WARN_ON_ONCE(s && size > s->object_size))
		return NULL;
	ret = slab_alloc_node(s, flags, node, caller, size);
	trace_kmalloc(caller, ret, size, s->size, flags, node);
	return ret;
}

void *__kmalloc_cache_noprof(struct kmem_cache *s, gfp_t flags, size_t size)
{
	return kmalloc_cache_traced(s, flags, NUMA_NO_NODE, size, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_cache_noprof);

void *libslab_kmalloc_cache_node(struct kmem_cache *s, gfp_t flags, int node,
				 size_t size, unsigned long caller)
{
	return kmalloc_cache_traced(s, flags, node, size, caller);
}
EXPORT_SYMBOL(libslab_kmalloc_cache_node);

/* The kernel's __kmalloc_noprof(); its inline kmalloc()'s tests are in here. */
void *kmalloc(size_t size, gfp_t flags)
{
	return __do_kmalloc_node(NULL, size, flags, NUMA_NO_NODE, _RET_IP_);
}
EXPORT_SYMBOL(kmalloc);

/* The kernel's __kmalloc_node_track_caller_noprof(), on any node. */
void *libslab_kmalloc_caller(size_t size, gfp_t flags, unsigned long caller)
{
	return __do_kmalloc_node(NULL, size, flags, NUMA_NO_NODE, caller);
}
EXPORT_SYMBOL(libslab_kmalloc_caller);

void *libslab_kmalloc_node_caller(kmem_buckets *b, size_t size, gfp_t flags,
				  int node, unsigned long caller)
{
	return __do_kmalloc_node(b, size, flags, node, caller);
}
EXPORT_SYMBOL(libslab_kmalloc_node_caller);

kmem_buckets *kmem_buckets_create(const char *name, slab_flags_t flags,
				  unsigned int useroffset, unsigned int usersize,
				  void (*ctor)(void *))
{
	unsigned long created = 0;	/* bit idx: (*b)[idx] made here */
	kmem_buckets *b;
	unsigned int idx;
	char buf[64];

	BUILD_BUG_ON(ARRAY_SIZE(kmalloc_caches[KMALLOC_NORMAL]) > BITS_PER_LONG);
	/*
	 * Without separate buckets (CONFIG_SLAB_BUCKETS off), 6.12's
	 * kmem_buckets_create() makes no caches and hands back ZERO_SIZE_PTR,
	 * a handle its callers only test for NULL: their allocations go to
	 * the kmalloc caches.
	 */
	if (!IS_ENABLED(CONFIG_LIBSLAB_BUCKETS))
		return (kmem_buckets *)ZERO_SIZE_PTR;
	if (WARN_ON(!kmem_buckets_cache))
		return NULL;	/* before create_kmalloc_caches() */
	b = kmem_cache_zalloc(kmem_buckets_cache, GFP_KERNEL);
	if (WARN_ON(!b))
		return NULL;
	/* One private cache per kmalloc size, never merged with kmalloc's. */
	flags |= SLAB_NO_MERGE;
	for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++) {
		struct kmem_cache *kmalloc = kmalloc_caches[KMALLOC_NORMAL][idx];
		struct kmem_cache_args args = { .ctor = ctor };
		unsigned int size, home;

		if (!kmalloc || !kmalloc->object_size)
			continue;
		size = kmalloc->object_size;
		/* A slot whose kmalloc cache is another size's shares its bucket. */
		home = __kmalloc_index(size, false);
		if (!(*b)[home]) {
			snprintf(buf, sizeof(buf), "%s-%s", name,
				 kmalloc->name + strlen("kmalloc-"));
			if (useroffset < size) {
				args.useroffset = useroffset;
				args.usersize = min(usersize, size - useroffset);
			}
			(*b)[home] = __kmem_cache_create_args(buf, size, &args, flags);
			if (WARN_ON(!(*b)[home]))
				goto fail;
			created |= BIT(home);
		}
		(*b)[idx] = (*b)[home];
	}
	return b;
fail:
	for (idx = 0; idx <= KMALLOC_SHIFT_HIGH; idx++)
		if (created & BIT(idx))
			kmem_cache_destroy((*b)[idx]);
	kmem_cache_free(kmem_buckets_cache, b);
	return NULL;
}
EXPORT_SYMBOL(kmem_buckets_create);

void *kmem_buckets_alloc(kmem_buckets *b, size_t size, gfp_t flags)
{
	return __do_kmalloc_node(b, size, flags, NUMA_NO_NODE, _RET_IP_);
}
EXPORT_SYMBOL(kmem_buckets_alloc);

static void free_large_kmalloc(struct folio *folio, const void *object)
{
	if (WARN(object != folio_address(folio),
		 "freeing 0x%p: inside a large kmalloc block, not its start\n",
		 object))
		return;
	lruvec_stat_mod_folio(folio, NR_SLAB_UNRECLAIMABLE_B,
			      -(int)(PAGE_SIZE << folio_order(folio)));
	__folio_clear_large_kmalloc(folio);
	__free_pages(&folio->page, folio_order(folio));
}

/* kfree() of object on behalf of caller (its free track). */
static __always_inline void kfree_caller(const void *object,
					 unsigned long caller)
{
	struct folio *folio;
	struct slab *slab;

	trace_kfree(caller, object);
	if (unlikely(ZERO_OR_NULL_PTR(object)))
		return;
	if (WARN(!virt_addr_valid(object),
		 "freeing 0x%p: not allocated by the slab allocator\n",
		 object))
		return;
	folio = virt_to_folio(object);
	if (unlikely(!folio_test_slab(folio))) {
		if (WARN(!folio_test_large_kmalloc(folio),
			 "freeing 0x%p: in a page the slab allocator does not own\n",
			 object))
			return;
		free_large_kmalloc(folio, object);
		return;
	}
	slab = folio_slab(folio);
	slab_free(slab->slab_cache, slab, (void *)object, caller);
}

void kfree(const void *object)
{
	kfree_caller(object, _RET_IP_);
}
EXPORT_SYMBOL(kfree);

void libslab_kfree_caller(const void *object, unsigned long caller)
{
	kfree_caller(object, caller);
}
EXPORT_SYMBOL(libslab_kfree_caller);

/* Bytes of an object of s a caller may use (the kernel's slab_ksize()). */
static size_t slab_ksize(const struct kmem_cache *s)
{
	if (s->flags & (SLAB_RED_ZONE | SLAB_POISON))
		return s->object_size;
	if (s->flags & (SLAB_TYPESAFE_BY_RCU | SLAB_STORE_USER))
		return s->inuse;
	return s->size;
}

/* With the kernel's __ksize(), which finds the size. */
size_t ksize(const void *object)
{
	struct folio *folio;
	size_t kfence_size;

	if (unlikely(ZERO_OR_NULL_PTR(object)))
		return 0;
	/* KFENCE's object is as large as its request: past it is the guard. */
	kfence_size = kfence_ksize(object);
	if (kfence_size)
		return kfence_size;
	if (WARN_ON(!virt_addr_valid(object)))
		return 0;
	folio = virt_to_folio(object);
	if (unlikely(!folio_test_slab(folio))) {
		if (WARN_ON(!folio_test_large_kmalloc(folio)))
			return 0;
		if (WARN_ON(object != folio_address(folio)))
			return 0;
		return folio_size(folio);
	}
	/*
	 * The caller may now use all of it: the tools and the kmalloc red
	 * zone are told so (the kernel's ksize() unpoisons too).
	 */
	slab_tool_object_alloc(folio_slab(folio)->slab_cache, object,
			       slab_ksize(folio_slab(folio)->slab_cache), true);
	skip_orig_size_check(folio_slab(folio)->slab_cache, object);
	return slab_ksize(folio_slab(folio)->slab_cache);
}
EXPORT_SYMBOL(ksize);

size_t kmalloc_size_roundup(size_t size)
{
	if (size && size <= KMALLOC_MAX_CACHE_SIZE)
		return kmalloc_slab(size, GFP_KERNEL, 0)->object_size;
	if (size && size <= KMALLOC_MAX_SIZE)
		return PAGE_SIZE << get_order(size);
	/* 0 stays 0 (ZERO_SIZE_PTR); too large stays too large (fails). */
	return size;
}
EXPORT_SYMBOL(kmalloc_size_roundup);

/* The kernel's krealloc_noprof() and __do_krealloc() in one. */
void *krealloc(const void *p, size_t new_size, gfp_t flags)
{
	size_t ks = 0;
	void *ret;

	if (unlikely(!new_size)) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (p && p != ZERO_SIZE_PTR)
		ks = ksize(p);

	/*
	 * In place: ksize() made the whole object the request, so no stale
	 * kmalloc red zone is left between the old and the new size.  What
	 * lies past new_size is zeroed whenever allocations are initialised.
	 */
	if (new_size <= ks) {
		if (want_init_on_alloc(flags))
			memset((char *)p + new_size, 0, ks - new_size);
		return (void *)p;
	}

	/* Tracked as allocated by krealloc()'s caller. */
	ret = __do_kmalloc_node(NULL, new_size, flags, NUMA_NO_NODE, _RET_IP_);
	if (ret && ks) {
		slab_tool_metadata_begin();
		memcpy(ret, p, ks);
		slab_tool_metadata_end();
		kfree(p);
	}
	return ret;
}
EXPORT_SYMBOL(krealloc);

void kfree_sensitive(const void *p)
{
	size_t ks = ksize(p);

	if (ks)
		memzero_explicit((void *)p, ks);
	kfree(p);
}
EXPORT_SYMBOL(kfree_sensitive);

/* A copy of len bytes of src, tracked as allocated by caller. */
static void *kmemdup_caller(const void *src, size_t len, gfp_t gfp,
			    unsigned long caller)
{
	void *p = __do_kmalloc_node(NULL, len, gfp, NUMA_NO_NODE, caller);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	return kmemdup_caller(src, len, gfp, _RET_IP_);
}
EXPORT_SYMBOL(kmemdup);

char *kstrdup(const char *s, gfp_t gfp)
{
	if (!s)
		return NULL;
	return kmemdup_caller(s, strlen(s) + 1, gfp, _RET_IP_);
}
EXPORT_SYMBOL(kstrdup);

/* len bytes of s and a NUL in a new block, tracked as allocated by caller. */
static char *kmemdup_nul_caller(const char *s, size_t len, gfp_t gfp,
				unsigned long caller)
{
	char *buf;

	if (!s)
		return NULL;
	buf = __do_kmalloc_node(NULL, len + 1, gfp, NUMA_NO_NODE, caller);
	if (buf) {
		memcpy(buf, s, len);
		buf[len] = '\0';
	}
	return buf;
}

char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	return kmemdup_nul_caller(s, s ? strnlen(s, max) : 0, gfp, _RET_IP_);
}
EXPORT_SYMBOL(kstrndup);

char *kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	return kmemdup_nul_caller(s, len, gfp, _RET_IP_);
}
EXPORT_SYMBOL(kmemdup_nul);

void *kmemdup_array(const void *src, size_t count, size_t element_size,
		    gfp_t gfp)
{
	/* An overflowing product saturates, and so the allocation fails. */
	return kmemdup_caller(src, size_mul(element_size, count), gfp, _RET_IP_);
}
EXPORT_SYMBOL(kmemdup_array);

void *memdup_user(const void __user *src, size_t len)
{
	void *p = kmemdup_caller((const void __force *)src, len, GFP_USER, _RET_IP_);

	return p ? p : ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL(memdup_user);

void *memdup_user_nul(const void __user *src, size_t len)
{
	char *p = kmemdup_nul_caller((const char __force *)src, len, GFP_KERNEL, _RET_IP_);

	return p ? p : ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL(memdup_user_nul);

const char *kstrdup_const(const char *s, gfp_t gfp)
{
	/* Read-only data lives as long as the kernel: share it. */
	if (is_kernel_rodata((unsigned long)s))
		return s;
	return kstrdup(s, gfp);
}
EXPORT_SYMBOL(kstrdup_const);

void kfree_const(const void *x)
{
	if (!is_kernel_rodata((unsigned long)x))
		kfree(x);
}
EXPORT_SYMBOL(kfree_const);

/*
 * kvmalloc's flags for its slab attempt: above a page it is opportunistic,
 * so no effort and no noise, the vmalloc fallback being there.
 */
static gfp_t kmalloc_gfp_adjust(gfp_t flags, size_t size)
{
	if (size > PAGE_SIZE) {
		flags |= __GFP_NOWARN;
		if (!(flags & __GFP_RETRY_MAYFAIL))
			flags |= __GFP_NORETRY;
		flags &= ~__GFP_NOFAIL;
	}
	return flags;
}

void *kvmalloc_node(size_t size, gfp_t flags, int node)
{
	void *ret;

	ret = __do_kmalloc_node(NULL, size, kmalloc_gfp_adjust(flags, size), node,
				_RET_IP_);
	if (ret || size <= PAGE_SIZE)
		return ret;
	if (!gfpflags_allow_blocking(flags))
		return NULL;
	if (unlikely(size > INT_MAX)) {
		WARN_ON_ONCE(!(flags & __GFP_NOWARN));
		return NULL;
	}
	return __vmalloc(size, flags);
}
EXPORT_SYMBOL(kvmalloc_node);

void kvfree(const void *addr)
{
	if (is_vmalloc_addr(addr))
		vfree(addr);
	else
		kfree(addr);
}
EXPORT_SYMBOL(kvfree);

void *kvrealloc(const void *p, size_t size, gfp_t flags)
{
	void *n;

	if (is_vmalloc_addr(p))
		return vrealloc(p, size, flags);

	n = krealloc(p, size, kmalloc_gfp_adjust(flags, size));
	if (!n) {
		/* The slab cannot hold it: move to kvmalloc() memory. */
		n = kvmalloc(size, flags);
		if (!n)
			return NULL;
		if (p) {
			/* krealloc() kept it only if it fit: p is smaller. */
			memcpy(n, p, ksize(p));
			kfree(p);
		}
	}
	return n;
}
EXPORT_SYMBOL(kvrealloc);
