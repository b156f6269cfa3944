/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/genalloc.h>: the general-purpose allocator of address ranges
 * (gen_pool): a pool holds chunks of addresses that its owner added
 * (on-chip SRAM, a device's buffer, any range), each with a bitmap of
 * units of 2^min_alloc_order bytes, and hands out runs of units by an
 * allocation algorithm (first fit, best fit, aligned...).  The pool and
 * its algorithms are the kernel's lib/genalloc.c, which a program using
 * them links; the library defines none of them.
 *
 * What a process cannot give: a device tree.  CONFIG_OF is off, so
 * of_gen_pool_get() finds no pool (NULL), as in a kernel without OF.
 * A chunk's physical address is what its owner says it is
 * (gen_pool_add_virt()); nothing here maps or checks it.
 */
#ifndef _SHIM_LINUX_GENALLOC_H
#define _SHIM_LINUX_GENALLOC_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct device;
struct device_node;
struct gen_pool;

/*
 * An allocation algorithm: the first bit of a run of nr clear bits of
 * map (size bits, searching from start), or a bit at or past size if
 * there is none.  data is the algorithm's own (an alignment...),
 * start_addr the address of the chunk's bit 0.
 */
typedef unsigned long (*genpool_algo_t)(unsigned long *map, unsigned long size,
					unsigned long start, unsigned int nr,
					void *data, struct gen_pool *pool,
					unsigned long start_addr);

struct gen_pool {
	spinlock_t lock;
	struct list_head chunks;	/* its gen_pool_chunk, RCU-walked */
	int min_alloc_order;		/* log2 of the bytes of a unit */
	genpool_algo_t algo;		/* gen_pool_alloc()'s algorithm */
	void *data;			/* and that algorithm's data */
	const char *name;		/* devm_gen_pool_create()'s, or NULL */
};

struct gen_pool_chunk {
	struct list_head next_chunk;
	atomic_long_t avail;		/* bytes not handed out */
	phys_addr_t phys_addr;		/* of start_addr, or -1 */
	void *owner;			/* gen_pool_add_owner()'s cookie */
	unsigned long start_addr;	/* the first address */
	unsigned long end_addr;		/* the last address (inclusive) */
	unsigned long bits[];		/* a bit per unit: set is in use */
};

/* The data of gen_pool_first_fit_align(): the alignment, in bytes. */
struct genpool_data_align {
	int align;
};

/* The data of gen_pool_fixed_alloc(): the offset, in bytes, from the chunk's start. */
struct genpool_data_fixed {
	unsigned long offset;
};

/* A pool of units of 2^min_alloc_order bytes, its structures on node nid; NULL on failure. */
struct gen_pool *gen_pool_create(int min_alloc_order, int nid);
/* The physical address of addr (-1 if no chunk holds it). */
phys_addr_t gen_pool_virt_to_phys(struct gen_pool *pool, unsigned long addr);
/* Add the size bytes at virt (physical phys) with owner's cookie; 0 or -ENOMEM. */
int gen_pool_add_owner(struct gen_pool *pool, unsigned long virt,
		       phys_addr_t phys, size_t size, int nid, void *owner);

static inline int gen_pool_add_virt(struct gen_pool *pool, unsigned long addr,
				    phys_addr_t phys, size_t size, int nid)
{
	return gen_pool_add_owner(pool, addr, phys, size, nid, NULL);
}

/* Add a chunk whose physical address is unknown (-1). */
static inline int gen_pool_add(struct gen_pool *pool, unsigned long addr,
			       size_t size, int nid)
{
	return gen_pool_add_virt(pool, addr, (phys_addr_t)-1, size, nid);
}

/* Free the pool and its chunks; everything must have been given back (BUG otherwise). */
void gen_pool_destroy(struct gen_pool *pool);
/* size bytes by algo (with data); 0 when nothing fits; *owner (if asked) the chunk's cookie. */
unsigned long gen_pool_alloc_algo_owner(struct gen_pool *pool, size_t size,
					genpool_algo_t algo, void *data,
					void **owner);

static inline unsigned long gen_pool_alloc_owner(struct gen_pool *pool,
						 size_t size, void **owner)
{
	return gen_pool_alloc_algo_owner(pool, size, pool->algo, pool->data,
					 owner);
}

static inline unsigned long gen_pool_alloc_algo(struct gen_pool *pool,
						size_t size,
						genpool_algo_t algo, void *data)
{
	return gen_pool_alloc_algo_owner(pool, size, algo, data, NULL);
}

/* size bytes by the pool's own algorithm; 0 when nothing fits. */
static inline unsigned long gen_pool_alloc(struct gen_pool *pool, size_t size)
{
	return gen_pool_alloc_algo(pool, size, pool->algo, pool->data);
}

/* The same as pointers, with the physical address in *dma (if asked); _zalloc zeroes. */
void *gen_pool_dma_alloc(struct gen_pool *pool, size_t size, dma_addr_t *dma);
void *gen_pool_dma_alloc_algo(struct gen_pool *pool, size_t size,
			      dma_addr_t *dma, genpool_algo_t algo, void *data);
void *gen_pool_dma_alloc_align(struct gen_pool *pool, size_t size,
			       dma_addr_t *dma, int align);
void *gen_pool_dma_zalloc(struct gen_pool *pool, size_t size, dma_addr_t *dma);
void *gen_pool_dma_zalloc_algo(struct gen_pool *pool, size_t size,
			       dma_addr_t *dma, genpool_algo_t algo, void *data);
void *gen_pool_dma_zalloc_align(struct gen_pool *pool, size_t size,
				dma_addr_t *dma, int align);
/* Give back the size bytes at addr; *owner (if asked) the chunk's cookie. */
void gen_pool_free_owner(struct gen_pool *pool, unsigned long addr, size_t size,
			 void **owner);

static inline void gen_pool_free(struct gen_pool *pool, unsigned long addr,
				 size_t size)
{
	gen_pool_free_owner(pool, addr, size, NULL);
}

/* Call func(pool, chunk, data) for each chunk, under RCU. */
void gen_pool_for_each_chunk(struct gen_pool *pool,
			     void (*func)(struct gen_pool *pool,
					  struct gen_pool_chunk *chunk,
					  void *data),
			     void *data);
/* Bytes free, and bytes in all, of the pool. */
size_t gen_pool_avail(struct gen_pool *pool);
size_t gen_pool_size(struct gen_pool *pool);
/* gen_pool_alloc()'s algorithm from now on (NULL: first fit). */
void gen_pool_set_algo(struct gen_pool *pool, genpool_algo_t algo, void *data);

/* The algorithms. */
unsigned long gen_pool_first_fit(unsigned long *map, unsigned long size,
				 unsigned long start, unsigned int nr,
				 void *data, struct gen_pool *pool,
				 unsigned long start_addr);
unsigned long gen_pool_fixed_alloc(unsigned long *map, unsigned long size,
				   unsigned long start, unsigned int nr,
				   void *data, struct gen_pool *pool,
				   unsigned long start_addr);
unsigned long gen_pool_first_fit_align(unsigned long *map, unsigned long size,
				       unsigned long start, unsigned int nr,
				       void *data, struct gen_pool *pool,
				       unsigned long start_addr);
unsigned long gen_pool_first_fit_order_align(unsigned long *map,
					     unsigned long size,
					     unsigned long start,
					     unsigned int nr, void *data,
					     struct gen_pool *pool,
					     unsigned long start_addr);
unsigned long gen_pool_best_fit(unsigned long *map, unsigned long size,
				unsigned long start, unsigned int nr,
				void *data, struct gen_pool *pool,
				unsigned long start_addr);

/* A pool released with dev (a managed resource), found again by name. */
struct gen_pool *devm_gen_pool_create(struct device *dev, int min_alloc_order,
				      int nid, const char *name);
struct gen_pool *gen_pool_get(struct device *dev, const char *name);
/* Whether the size bytes at start all lie in one chunk of the pool. */
bool gen_pool_has_addr(struct gen_pool *pool, unsigned long start, size_t size);

/* The pool of a device tree node's phandle: there is no device tree (CONFIG_OF off). */
static inline struct gen_pool *of_gen_pool_get(struct device_node *np,
					       const char *propname, int index)
{
	(void)np;
	(void)propname;
	(void)index;
	return NULL;
}

#endif /* _SHIM_LINUX_GENALLOC_H */
