/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memory cgroup interface of the slab allocator, the kernel's
 * <linux/memcontrol.h>, as a 6.12 kernel with CONFIG_MEMCG has it while
 * no cgroup accounts kernel memory: every task is in the root cgroup,
 * memcg_kmem_online() is false, so no object is charged and no slab is
 * given an obj_exts vector by the hooks.  What the core keeps for memcg
 * (struct slab's obj_exts, alloc_slab_obj_exts(), kmalloc-cg-*) still
 * runs: its tests call alloc_slab_obj_exts() as mm/memcontrol.c would.
 * Not modelled: cgroups themselves, charges, limits and memory.stat.
 * Those run in the replacement kernel's boot, where the kernel's own
 * header and mm/memcontrol.c serve the same calls.
 */
#ifndef _SHIM_LINUX_MEMCONTROL_H
#define _SHIM_LINUX_MEMCONTROL_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/gfp.h>

struct kmem_cache;
struct slab;
struct folio;
struct page;
struct list_lru;
struct obj_cgroup;

/* The low bits of slab->obj_exts (6.12's page_memcg_data_flags). */
enum page_memcg_data_flags {
	MEMCG_DATA_OBJEXTS = 1UL << 0,
	MEMCG_DATA_KMEM = 1UL << 1,
	__NR_MEMCG_DATA_FLAGS = 1UL << 2,
};

/*
 * The vector could not be made: the OBJEXTS bit with no address above it
 * (memory profiling's debug mark).  The flags end one bit past memcg's.
 */
enum objext_flags {
	OBJEXTS_ALLOC_FAIL = MEMCG_DATA_OBJEXTS,
	__NR_OBJEXTS_FLAGS = __NR_MEMCG_DATA_FLAGS << 1,
};

/* The bits of slab->obj_exts that are flags, not the vector's address. */
#define OBJEXTS_FLAGS_MASK	(__NR_OBJEXTS_FLAGS - 1)

/* One object's extension: the cgroup it is charged to, or NULL. */
struct slabobj_ext {
	struct obj_cgroup *objcg;
} __aligned(8);

/* No cgroup accounts kernel memory. */
static inline bool memcg_kmem_online(void)
{
	return false;
}

/* cgroup.memory=nokmem is not on the command line. */
static inline bool mem_cgroup_kmem_disabled(void)
{
	return false;
}

/* A root-cgroup task has nothing to charge: every object passes. */
static inline bool __memcg_slab_post_alloc_hook(struct kmem_cache *s __always_unused,
						struct list_lru *lru __always_unused,
						gfp_t flags __always_unused,
						size_t size __always_unused,
						void **p __always_unused)
{
	return true;
}

/* Nothing was charged, so there is nothing to give back. */
static inline void __memcg_slab_free_hook(struct kmem_cache *s __always_unused,
					  struct slab *slab __always_unused,
					  void **p __always_unused,
					  int objects __always_unused,
					  struct slabobj_ext *obj_exts __always_unused)
{
}

/* No large kmalloc folio is charged. */
static inline bool folio_memcg_kmem(struct folio *folio __always_unused)
{
	return false;
}

/* A root-cgroup task's page needs no charge: 0, success. */
static inline int __memcg_kmem_charge_page(struct page *page __always_unused,
					   gfp_t gfp __always_unused,
					   int order __always_unused)
{
	return 0;
}

#endif
