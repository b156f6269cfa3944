/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A SLOB-class reference allocator for footprint comparisons: the design
 * of the SLOB allocator Linux removed in 6.4, as a model that counts pages
 * and bytes but holds no memory.
 *
 * Objects below a page come from order-0 pages kept on three lists by the
 * size they serve (below 256 bytes, below 1024, the rest); an allocation
 * takes the first free run, in 2-byte units, of the first page of its list
 * that has one of the size at the alignment, and the list then starts its
 * next search at that page.  A page whose last object is freed goes back
 * to the page allocator.  kmalloc() objects carry an 8-byte size header;
 * SLAB_TYPESAFE_BY_RCU objects carry a 16-byte rcu_head, as SLOB's did.
 * Objects of a page or more take pages of their own.
 *
 * Handles stand for objects: non-zero, unique while the object lives.
 */
#ifndef LIBSLAB_BENCH_SLOB_H
#define LIBSLAB_BENCH_SLOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct slob;

/* A new empty allocator, or NULL without memory. */
struct slob *slob_create(void);
/* Drop the allocator and every object it still has. */
void slob_destroy(struct slob *s);
/* kmalloc(size): a handle, or 0 for size 0. */
uint64_t slob_kmalloc(struct slob *s, size_t size);
/* kfree() of a slob_kmalloc(size) handle. */
void slob_kfree(struct slob *s, uint64_t handle, size_t size);
/* kmem_cache_alloc() from a cache of object size and align: a handle. */
uint64_t slob_cache_alloc(struct slob *s, size_t size, size_t align, bool rcu);
/* kmem_cache_free() of a slob_cache_alloc() handle with its size and rcu. */
void slob_cache_free(struct slob *s, uint64_t handle, size_t size, bool rcu);
/* Bytes a kmalloc(size) block takes in a shared page; 0 if it has pages of its own. */
size_t slob_kmalloc_block(size_t size);
/* Bytes a cache object's block takes in a shared page; 0 if it has pages of its own. */
size_t slob_cache_block(size_t size, bool rcu);
/* Pages the three lists hold (SLOB's slab pages). */
unsigned long slob_slab_pages(const struct slob *s);
/* Pages of objects too big for a shared page. */
unsigned long slob_large_pages(const struct slob *s);
/* Bytes of the live objects' blocks in shared pages, headers included. */
unsigned long slob_block_bytes(const struct slob *s);

#endif
