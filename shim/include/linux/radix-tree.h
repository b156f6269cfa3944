/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/radix-tree.h>: the radix tree API, which the kernel keeps as a
 * second face of the XArray: a radix_tree_root is a struct xarray and a
 * node a struct xa_node, tags are the XArray's marks, and the kernel's
 * lib/radix-tree.c (with lib/xarray.c) implements it.  The root's flags
 * are the XArray's: ROOT_IS_IDR in the low bits, one bit per tag above
 * the GFP bits.  The iterator's chunk walk below must agree with
 * radix_tree_next_chunk() on what iter->tags and next_index mean.
 *
 * radix_tree_preload() leaves the caller holding its CPU's preload
 * local_lock (a real per-CPU lock here, <linux/local_lock.h>), which
 * radix_tree_preload_end() drops.  The node cache is made by
 * radix_tree_init(), which the module runner calls before the module
 * loads when the program has lib/radix-tree.c, as start_kernel() calls
 * it before any initcall.
 */
#ifndef _SHIM_LINUX_RADIX_TREE_H
#define _SHIM_LINUX_RADIX_TREE_H

#include <linux/bitops.h>
#include <linux/gfp_types.h>
#include <linux/list.h>
#include <linux/local_lock.h>
#include <linux/lockdep.h>
#include <linux/math.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/xarray.h>

#define radix_tree_root		xarray
#define radix_tree_node		xa_node

/* A CPU's spare nodes for an insertion that must not fail: nr of them, chained by ->parent. */
struct radix_tree_preload {
	local_lock_t lock;
	unsigned int nr;
	struct radix_tree_node *nodes;
};
DECLARE_PER_CPU(struct radix_tree_preload, radix_tree_preloads);

/* A slot holding a node pointer has the XArray's internal tag, 10 in binary. */
#define RADIX_TREE_ENTRY_MASK		3UL
#define RADIX_TREE_INTERNAL_NODE	2UL

static inline bool radix_tree_is_internal_node(void *ptr)
{
	return ((unsigned long)ptr & RADIX_TREE_ENTRY_MASK) == RADIX_TREE_INTERNAL_NODE;
}

#define RADIX_TREE_MAP_SHIFT	XA_CHUNK_SHIFT
#define RADIX_TREE_MAP_SIZE	(1UL << RADIX_TREE_MAP_SHIFT)
#define RADIX_TREE_MAP_MASK	(RADIX_TREE_MAP_SIZE - 1)
#define RADIX_TREE_MAX_TAGS	XA_MAX_MARKS
#define RADIX_TREE_TAG_LONGS	XA_MARK_LONGS
#define RADIX_TREE_INDEX_BITS	(8 * sizeof(unsigned long))
/* Levels of the tallest tree: enough for every bit of an index. */
#define RADIX_TREE_MAX_PATH	(DIV_ROUND_UP(RADIX_TREE_INDEX_BITS, RADIX_TREE_MAP_SHIFT))

#define ROOT_IS_IDR		((__force gfp_t)4)
#define ROOT_TAG_SHIFT		(__GFP_BITS_SHIFT)

#define RADIX_TREE_INIT(name, mask)	XARRAY_INIT(name, mask)
#define RADIX_TREE(name, mask)		struct radix_tree_root name = RADIX_TREE_INIT(name, mask)
#define INIT_RADIX_TREE(root, mask)	xa_init_flags(root, mask)

static inline bool radix_tree_empty(const struct radix_tree_root *root)
{
	return root->xa_head == NULL;
}

/*
 * An iteration's position: the slots handed out are those of one node
 * (a "chunk"), index .. next_index - 1; tags has a bit per remaining
 * slot of the chunk, from index, when the walk is of tagged slots.
 * next_index 0 after a chunk means the walk has ended (it wrapped).
 */
struct radix_tree_iter {
	unsigned long	index;
	unsigned long	next_index;
	unsigned long	tags;
	struct radix_tree_node *node;
};

static inline void *radix_tree_deref_slot(void __rcu **slot)
{
	return rcu_dereference(*slot);
}

/* The lock is only the lockdep condition's, unchecked here. */
static inline void *radix_tree_deref_slot_protected(void __rcu **slot,
						    spinlock_t *treelock __maybe_unused)
{
	return rcu_dereference_protected(*slot, lockdep_is_held(treelock));
}

/* A node where an entry was read: the tree changed, read again. */
static inline int radix_tree_deref_retry(void *arg)
{
	return unlikely(radix_tree_is_internal_node(arg));
}

/* Anything but a plain pointer: a node or a value entry. */
static inline int radix_tree_exception(void *arg)
{
	return unlikely((unsigned long)arg & RADIX_TREE_ENTRY_MASK);
}

int radix_tree_insert(struct radix_tree_root *, unsigned long index, void *);
void *__radix_tree_lookup(const struct radix_tree_root *, unsigned long index,
			  struct radix_tree_node **nodep, void __rcu ***slotp);
void *radix_tree_lookup(const struct radix_tree_root *, unsigned long);
void __rcu **radix_tree_lookup_slot(const struct radix_tree_root *, unsigned long index);
void __radix_tree_replace(struct radix_tree_root *, struct radix_tree_node *,
			  void __rcu **slot, void *entry);
void radix_tree_iter_replace(struct radix_tree_root *, const struct radix_tree_iter *,
			     void __rcu **slot, void *entry);
void radix_tree_replace_slot(struct radix_tree_root *, void __rcu **slot, void *entry);
void radix_tree_iter_delete(struct radix_tree_root *, struct radix_tree_iter *iter,
			    void __rcu **slot);
void *radix_tree_delete_item(struct radix_tree_root *, unsigned long, void *);
void *radix_tree_delete(struct radix_tree_root *, unsigned long);
unsigned int radix_tree_gang_lookup(const struct radix_tree_root *, void **results,
				    unsigned long first_index, unsigned int max_items);
int radix_tree_preload(gfp_t gfp_mask);
int radix_tree_maybe_preload(gfp_t gfp_mask);
void radix_tree_init(void);
void *radix_tree_tag_set(struct radix_tree_root *, unsigned long index, unsigned int tag);
void *radix_tree_tag_clear(struct radix_tree_root *, unsigned long index, unsigned int tag);
int radix_tree_tag_get(const struct radix_tree_root *, unsigned long index, unsigned int tag);
void radix_tree_iter_tag_clear(struct radix_tree_root *, const struct radix_tree_iter *iter,
			       unsigned int tag);
unsigned int radix_tree_gang_lookup_tag(const struct radix_tree_root *, void **results,
					unsigned long first_index, unsigned int max_items,
					unsigned int tag);
unsigned int radix_tree_gang_lookup_tag_slot(const struct radix_tree_root *,
					     void __rcu ***results, unsigned long first_index,
					     unsigned int max_items, unsigned int tag);
int radix_tree_tagged(const struct radix_tree_root *, unsigned int tag);

/* Drop the preload lock radix_tree_preload() returned holding. */
static inline void radix_tree_preload_end(void)
{
	local_unlock(&radix_tree_preloads.lock);
}

void __rcu **idr_get_free(struct radix_tree_root *root, struct radix_tree_iter *iter,
			  gfp_t gfp, unsigned long max);

/* The flags of a chunk walk: a tag number, and how slots are picked. */
enum {
	RADIX_TREE_ITER_TAG_MASK = 0x0f,
	RADIX_TREE_ITER_TAGGED   = 0x10,	/* only slots with the tag */
	RADIX_TREE_ITER_CONTIG   = 0x20,	/* end at the first empty slot */
};

/*
 * Begin a walk at start.  index 0 with next_index start is an empty
 * chunk ending where the first one must begin (the walk's first
 * radix_tree_next_chunk() call looks there).
 */
static __always_inline void __rcu **radix_tree_iter_init(struct radix_tree_iter *iter,
							 unsigned long start)
{
	iter->index = 0;
	iter->next_index = start;
	return NULL;
}

void __rcu **radix_tree_next_chunk(const struct radix_tree_root *,
				   struct radix_tree_iter *iter, unsigned int flags);

/* The slot of index, if it holds something, as the start of a walk. */
static inline void __rcu **radix_tree_iter_lookup(const struct radix_tree_root *root,
						  struct radix_tree_iter *iter,
						  unsigned long index)
{
	radix_tree_iter_init(iter, index);
	return radix_tree_next_chunk(root, iter, RADIX_TREE_ITER_CONTIG);
}

/* Look at the current index again from the top of the tree. */
static inline __must_check void __rcu **radix_tree_iter_retry(struct radix_tree_iter *iter)
{
	iter->next_index = iter->index;
	iter->tags = 0;
	return NULL;
}

static inline unsigned long __radix_tree_iter_add(struct radix_tree_iter *iter,
						  unsigned long slots)
{
	return iter->index + slots;
}

void __rcu **__must_check radix_tree_iter_resume(void __rcu **slot,
						 struct radix_tree_iter *iter);

static __always_inline long radix_tree_chunk_size(struct radix_tree_iter *iter)
{
	return iter->next_index - iter->index;
}

/*
 * The next slot of the current chunk that the walk wants, or NULL when
 * the chunk has no more (the caller then asks radix_tree_next_chunk()).
 * A tagged walk reads iter->tags, whose bit 0 is the current slot; an
 * untagged one looks for the next non-empty slot.  A contiguous walk
 * stops at the first slot it does not want, and clears next_index so
 * that no further chunk is looked at.
 */
static __always_inline void __rcu **radix_tree_next_slot(void __rcu **slot,
							 struct radix_tree_iter *iter,
							 unsigned int flags)
{
	long left;

	if (flags & RADIX_TREE_ITER_TAGGED) {
		unsigned int step;

		iter->tags >>= 1;
		if (unlikely(!iter->tags))
			return NULL;
		if (iter->tags & 1UL) {
			step = 1;
		} else {
			if (flags & RADIX_TREE_ITER_CONTIG)
				return NULL;
			step = __ffs(iter->tags);
			iter->tags >>= step;
			step++;
		}
		iter->index = __radix_tree_iter_add(iter, step);
		return slot + step;
	}
	for (left = radix_tree_chunk_size(iter) - 1; left > 0; left--) {
		slot++;
		iter->index = __radix_tree_iter_add(iter, 1);
		if (likely(*slot))
			return slot;
		if (flags & RADIX_TREE_ITER_CONTIG) {
			iter->next_index = 0;
			break;
		}
	}
	return NULL;
}

#define radix_tree_for_each_slot(slot, root, iter, start)			\
	for (slot = radix_tree_iter_init(iter, start);				\
	     slot || (slot = radix_tree_next_chunk(root, iter, 0));		\
	     slot = radix_tree_next_slot(slot, iter, 0))
#define radix_tree_for_each_tagged(slot, root, iter, start, tag)		\
	for (slot = radix_tree_iter_init(iter, start);				\
	     slot || (slot = radix_tree_next_chunk(root, iter,			\
						   RADIX_TREE_ITER_TAGGED | (tag)));	\
	     slot = radix_tree_next_slot(slot, iter, RADIX_TREE_ITER_TAGGED | (tag)))

#endif
