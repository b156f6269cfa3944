/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/rhashtable-types.h>: the structures of a resizable hash table
 * (the table itself is lib/rhashtable.c, which a program using it
 * links; the fast paths are <linux/rhashtable.h>), for headers that
 * embed one.  The fields are the kernel's, in its order, so that
 * lib/rhashtable.c builds as it is; without CONFIG_MEM_ALLOC_PROFILING
 * (<linux/alloc_tag.h>) there is no alloc_tag field.
 */
#ifndef _SHIM_LINUX_RHASHTABLE_TYPES_H
#define _SHIM_LINUX_RHASHTABLE_TYPES_H

#include <linux/alloc_tag.h>
#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue_types.h>

/* The link of an object in a hash chain. */
struct rhash_head {
	struct rhash_head __rcu *next;
};

/* The link of an object of an rhltable: the chain, and the list of its key's duplicates. */
struct rhlist_head {
	struct rhash_head rhead;
	struct rhlist_head __rcu *next;
};

struct bucket_table;
struct rhashtable;

/* What an obj_cmpfn compares with: the table and the key looked up. */
struct rhashtable_compare_arg {
	struct rhashtable *ht;
	const void *key;
};

/* Hash len bytes of a key, or of an object, with seed. */
typedef u32 (*rht_hashfn_t)(const void *data, u32 len, u32 seed);
typedef u32 (*rht_obj_hashfn_t)(const void *data, u32 len, u32 seed);
/* 0 if the object matches arg's key. */
typedef int (*rht_obj_cmpfn_t)(struct rhashtable_compare_arg *arg, const void *obj);

/*
 * How a table is made: a size hint (75% of the buckets wanted), where the
 * key and the rhash_head lie in an object and the key's length, size
 * bounds, whether the table shrinks by itself, and the functions (jhash
 * of the key, and memcmp of it, by default).
 */
struct rhashtable_params {
	u16 nelem_hint;
	u16 key_len;
	u16 key_offset;
	u16 head_offset;
	unsigned int max_size;
	u16 min_size;
	bool automatic_shrinking;
	rht_hashfn_t hashfn;
	rht_obj_hashfn_t obj_hashfn;
	rht_obj_cmpfn_t obj_cmpfn;
};

/*
 * A table: its bucket table (and, while it is resized, the next ones,
 * chained by future_tbl), the parameters, the worker that resizes it, the
 * mutex of resizing, the lock of the walkers' list, the object count.
 */
struct rhashtable {
	struct bucket_table __rcu *tbl;
	unsigned int key_len;
	unsigned int max_elems;
	struct rhashtable_params p;
	bool rhlist;
	struct work_struct run_work;
	struct mutex mutex;
	spinlock_t lock;
	atomic_t nelems;
};

/* A table whose objects may share a key (rhlist_head links). */
struct rhltable {
	struct rhashtable ht;
};

/* A walk in progress, on its bucket table's list of walkers. */
struct rhashtable_walker {
	struct list_head list;
	struct bucket_table *tbl;
};

/* An iterator of rhashtable_walk_*(). */
struct rhashtable_iter {
	struct rhashtable *ht;
	struct rhash_head *p;
	struct rhlist_head *list;
	struct rhashtable_walker walker;
	unsigned int slot;
	unsigned int skip;
	bool end_of_table;
};

int rhashtable_init_noprof(struct rhashtable *ht, const struct rhashtable_params *params);
#define rhashtable_init(...)	alloc_hooks(rhashtable_init_noprof(__VA_ARGS__))
int rhltable_init_noprof(struct rhltable *hlt, const struct rhashtable_params *params);
#define rhltable_init(...)	alloc_hooks(rhltable_init_noprof(__VA_ARGS__))

#endif /* _SHIM_LINUX_RHASHTABLE_TYPES_H */
