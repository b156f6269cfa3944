// SPDX-License-Identifier: GPL-2.0
/*
 * Memory cgroup accounting of slab objects: each slab of an accounted
 * cache (SLAB_ACCOUNT, kmalloc-cg-*) or holding an object allocated with
 * __GFP_ACCOUNT gets a vector of struct slabobj_ext, one per object, in
 * which memcg records the cgroup the object is charged to.  The charge
 * and the cgroup's counters are memcg's (mm/memcontrol.c); the core makes
 * and frees the vectors and calls memcg at 6.12's points: after an
 * allocation (single or bulk, KFENCE's included) and before a free.
 * Kernel counterparts (mm/slub.c): alloc_slab_obj_exts(),
 * free_slab_obj_exts(), memcg_slab_post_alloc_hook(),
 * memcg_alloc_abort_single(), memcg_slab_post_charge().
 */
#include "slab.h"

/*
 * Flags that must not reach the vector's allocation: it is charged to
 * nobody, and is neither DMA memory nor reclaimable, nor worth failing
 * the allocation it serves for (6.12's OBJCGS_CLEAR_MASK).
 */
#define OBJ_EXTS_CLEAR_GFP \
	(__GFP_DMA | __GFP_RECLAIMABLE | __GFP_ACCOUNT | __GFP_NOFAIL)

int alloc_slab_obj_exts(struct slab *slab, struct kmem_cache *s, gfp_t gfp,
			bool new_slab)
{
	unsigned int objects = slab->objects;
	struct slabobj_ext *vec;
	unsigned long word, old;

	gfp &= ~OBJ_EXTS_CLEAR_GFP;
	/* A normal kmalloc slab's vector must not need a vector in turn. */
	if (is_kmalloc_normal(s))
		gfp |= __GFP_NO_OBJ_EXT;
	vec = kmalloc_array_node(objects, sizeof(*vec), gfp | __GFP_ZERO,
				 slab_nid(slab));
	if (!vec)
		return slab_obj_exts(slab) ? 0 : -ENOMEM;

	word = (unsigned long)vec | MEMCG_DATA_OBJEXTS;
	if (new_slab) {
		slab_obj_exts_set(slab, word);
		return 0;
	}
	do {
		old = slab_obj_exts_word(slab);
		if (old & ~OBJEXTS_FLAGS_MASK) {
			/* Another task gave the slab its vector first. */
			kfree(vec);
			return 0;
		}
	} while (!slab_obj_exts_replace(slab, old, word));
	return 0;
}

void free_slab_obj_exts(struct slab *slab)
{
	/* kfree(NULL) for a slab that never got one, or failed to. */
	kfree(slab_obj_exts(slab));
	slab_obj_exts_set(slab, 0);
}

bool memcg_slab_post_alloc(struct kmem_cache *s, struct list_lru *lru,
			   gfp_t flags, size_t size, void **p)
{
	/* Built beside SLUB too, where memcg's hooks are not for us. */
	if (!slab_memcg_online())
		return true;
	if (likely(__memcg_slab_post_alloc_hook(s, lru, flags, size, p)))
		return true;

	if (size == 1) {
		/*
		 * memcg_alloc_abort_single(): nothing of it was charged, so
		 * the free's memcg hook finds no cgroup to uncharge.
		 */
		slab_free(s, virt_to_slab(*p), *p, _RET_IP_);
		*p = NULL;
	} else {
		kmem_cache_free_bulk(s, size, p);
	}
	return false;
}

void memcg_slab_uncharge(struct kmem_cache *s, struct slab *slab, void *object)
{
	/* As above: beside SLUB (a module too) memcg's hook is not ours. */
	if (!slab_memcg_online())
		return;
	__memcg_slab_free_hook(s, slab, &object, 1, slab_obj_exts(slab));
}

bool memcg_slab_post_charge(void *p, gfp_t flags)
{
	struct folio *folio = virt_to_folio(p);
	struct slabobj_ext *obj_exts;
	struct kmem_cache *s;
	struct slab *slab;

	if (!slab_memcg_online())
		return true;
	if (!folio_test_slab(folio)) {
		long size = folio_size(folio);

		/* A large kmalloc: the page allocator's charge, once. */
		if (folio_memcg_kmem(folio))
			return true;
		if (__memcg_kmem_charge_page(folio_page(folio, 0), flags,
					     folio_order(folio)))
			return false;
		/* Its bytes move from the node alone to node and cgroup. */
		node_stat_mod_folio(folio, NR_SLAB_UNRECLAIMABLE_B, -size);
		lruvec_stat_mod_folio(folio, NR_SLAB_UNRECLAIMABLE_B, size);
		return true;
	}

	slab = folio_slab(folio);
	s = slab->slab_cache;
	/*
	 * A normal kmalloc object may hold a vector of this very slab, which
	 * could then never be freed: such objects stay uncharged.
	 */
	if (is_kmalloc_normal(s))
		return true;
	obj_exts = slab_obj_exts(slab);
	if (obj_exts && obj_exts[obj_to_index(s, slab, p)].objcg)
		return true;
	return __memcg_slab_post_alloc_hook(s, NULL, flags, 1, &p);
}
