/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/rhashtable.h>: the resizable, RCU-protected hash table of
 * lib/rhashtable.c (which a program using it links, and which builds
 * against this header as it is): the bucket table, the bucket locks, and
 * the fast paths (lookup, insert, remove, replace), inline, as the
 * kernel's are, so that a constant params folds into them.
 *
 * The structure, which lib/rhashtable.c relies on:
 * - A bucket holds the first object of its chain, or NULL for an empty
 *   chain, with bit 0 as the bucket's lock (<linux/bit_spinlock.h>); a
 *   struct rhash_lock_head pointer is such a word, never followed as is.
 * - A chain ends in a nulls marker made from the bucket's address
 *   (RHT_NULLS_MARKER()), so that a lockless reader who ends on another
 *   bucket's marker (its object moved during a resize) knows to look
 *   again.
 * - While the table is resized, tbl->future_tbl names the next table;
 *   inserts go there, lookups and removals try each table in turn.
 * - A table that could not be allocated whole is nested (tbl->nest):
 *   its buckets are found through lib/rhashtable.c's rht_bucket_nested().
 *
 * Guarantees kept: those of the kernel's, lock for lock.  A bucket lock
 * disables interrupts and preemption, and the walk of a chain under RCU
 * needs only rcu_read_lock(), as there.  Not modelled: lockdep's view of
 * the bucket locks (struct lockdep_map is empty, <linux/lockdep.h>),
 * CONFIG_PROVE_LOCKING's checks of rht_dereference(); interrupts off
 * keep only the caller on its CPU (<linux/irqflags.h>).
 */
#ifndef _SHIM_LINUX_RHASHTABLE_H
#define _SHIM_LINUX_RHASHTABLE_H

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/jhash.h>
#include <linux/list_nulls.h>
#include <linux/workqueue.h>
#include <linux/rculist.h>
#include <linux/bit_spinlock.h>
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/rhashtable-types.h>

/* What a bucket holds: a chain pointer with the lock in bit 0.  No fields. */
struct rhash_lock_head {};

/* A chain longer than this on insert makes the table rehash (an attack, or bad luck). */
#define RHT_ELASTICITY	16u

/*
 * A table of size buckets (a power of two), hashed with seed hash_rnd;
 * the walkers that stand on it; the table that replaces it while
 * resizing; nest bits of first-level index when it is nested.
 */
struct bucket_table {
	unsigned int size;
	unsigned int nest;
	u32 hash_rnd;
	struct list_head walkers;
	struct rcu_head rcu;
	struct bucket_table __rcu *future_tbl;
	struct lockdep_map dep_map;
	struct rhash_lock_head __rcu *buckets[] ____cacheline_aligned_in_smp;
};

/*
 * The end marker of the chain of bucket ptr.  The address is shifted
 * down first: its bit 0 is always 0, its top bit may matter, and
 * NULLS_MARKER() drops the top bit.  A bucket stores NULL, never this.
 */
#define RHT_NULLS_MARKER(ptr)	((void *)NULLS_MARKER(((unsigned long)(ptr)) >> 1))
#define INIT_RHT_NULLS_HEAD(ptr)	((ptr) = NULL)

static inline bool rht_is_a_nulls(const struct rhash_head *ptr)
{
	return (unsigned long)ptr & 1;
}

/* The object that embeds he. */
static inline void *rht_obj(const struct rhashtable *ht, const struct rhash_head *he)
{
	return (char *)he - ht->p.head_offset;
}

static inline unsigned int rht_bucket_index(const struct bucket_table *tbl,
					    unsigned int hash)
{
	return hash & (tbl->size - 1);
}

/*
 * The hash of key.  A params the compiler does not know is the table's
 * own: its hashfn, on ht->key_len (in words when it is jhash2).  A
 * constant one picks the function here: its hashfn, else jhash2 on a
 * key of whole words, else jhash; with key_len 0 (objects hashed by
 * obj_hashfn), the table's key length.
 */
static inline unsigned int rht_key_get_hash(struct rhashtable *ht, const void *key,
					    const struct rhashtable_params params,
					    unsigned int hash_rnd)
{
	unsigned int len;

	if (!__builtin_constant_p(params.key_len))
		return ht->p.hashfn(key, ht->key_len, hash_rnd);
	len = params.key_len ? params.key_len : ht->p.key_len;
	if (params.hashfn)
		return params.hashfn(key, len, hash_rnd);
	if (params.key_len && !(len % sizeof(u32)))
		return jhash2(key, len / sizeof(u32), hash_rnd);
	return jhash(key, len, hash_rnd);
}

/* The bucket of key in tbl. */
static inline unsigned int rht_key_hashfn(struct rhashtable *ht,
					  const struct bucket_table *tbl,
					  const void *key,
					  const struct rhashtable_params params)
{
	return rht_bucket_index(tbl, rht_key_get_hash(ht, key, params, tbl->hash_rnd));
}

/* The bucket of the object of he in tbl: by obj_hashfn if there is one, else by its key. */
static inline unsigned int rht_head_hashfn(struct rhashtable *ht,
					   const struct bucket_table *tbl,
					   const struct rhash_head *he,
					   const struct rhashtable_params params)
{
	const char *obj = rht_obj(ht, he);

	if (likely(params.obj_hashfn))
		return rht_bucket_index(tbl, params.obj_hashfn(obj,
				params.key_len ? params.key_len : ht->p.key_len,
				tbl->hash_rnd));
	return rht_key_hashfn(ht, tbl, obj + params.key_offset, params);
}

/* More objects than 3/4 of the buckets, and room to grow. */
static inline bool rht_grow_above_75(const struct rhashtable *ht,
				     const struct bucket_table *tbl)
{
	if (ht->p.max_size && tbl->size >= ht->p.max_size)
		return false;
	return (unsigned int)atomic_read(&ht->nelems) > tbl->size / 4 * 3;
}

/* Fewer objects than 3/10 of the buckets, and room to shrink. */
static inline bool rht_shrink_below_30(const struct rhashtable *ht,
				       const struct bucket_table *tbl)
{
	if (tbl->size <= ht->p.min_size)
		return false;
	return (unsigned int)atomic_read(&ht->nelems) < tbl->size * 3 / 10;
}

/* More objects than buckets, and room to grow. */
static inline bool rht_grow_above_100(const struct rhashtable *ht,
				      const struct bucket_table *tbl)
{
	if (ht->p.max_size && tbl->size >= ht->p.max_size)
		return false;
	return (unsigned int)atomic_read(&ht->nelems) > tbl->size;
}

/* As many objects as the table may hold. */
static inline bool rht_grow_above_max(const struct rhashtable *ht,
				      const struct bucket_table *tbl)
{
	(void)tbl;
	return (unsigned int)atomic_read(&ht->nelems) >= ht->max_elems;
}

/* Without CONFIG_PROVE_LOCKING: every dereference is taken as protected. */
static inline int lockdep_rht_mutex_is_held(struct rhashtable *ht)
{
	(void)ht;
	return 1;
}

static inline int lockdep_rht_bucket_is_held(const struct bucket_table *tbl, u32 hash)
{
	(void)tbl;
	(void)hash;
	return 1;
}

/* lib/rhashtable.c */
void *rhashtable_insert_slow(struct rhashtable *ht, const void *key, struct rhash_head *obj);
void rhashtable_walk_enter(struct rhashtable *ht, struct rhashtable_iter *iter);
void rhashtable_walk_exit(struct rhashtable_iter *iter);
int rhashtable_walk_start_check(struct rhashtable_iter *iter) __acquires(RCU);
void *rhashtable_walk_next(struct rhashtable_iter *iter);
void *rhashtable_walk_peek(struct rhashtable_iter *iter);
void rhashtable_walk_stop(struct rhashtable_iter *iter) __releases(RCU);
void rhashtable_free_and_destroy(struct rhashtable *ht,
				 void (*free_fn)(void *ptr, void *arg), void *arg);
void rhashtable_destroy(struct rhashtable *ht);
struct rhash_lock_head __rcu **rht_bucket_nested(const struct bucket_table *tbl,
						 unsigned int hash);
struct rhash_lock_head __rcu **__rht_bucket_nested(const struct bucket_table *tbl,
						   unsigned int hash);
struct rhash_lock_head __rcu **rht_bucket_nested_insert(struct rhashtable *ht,
							struct bucket_table *tbl,
							unsigned int hash);

/* A walk that ignores whether the table was resized since it began. */
static inline void rhashtable_walk_start(struct rhashtable_iter *iter)
{
	(void)rhashtable_walk_start_check(iter);
}

#define rht_dereference(p, ht)	rcu_dereference_protected(p, lockdep_rht_mutex_is_held(ht))
#define rht_dereference_rcu(p, ht)	rcu_dereference_check(p, lockdep_rht_mutex_is_held(ht))
#define rht_dereference_bucket(p, tbl, hash)				\
	rcu_dereference_protected(p, lockdep_rht_bucket_is_held(tbl, hash))
#define rht_dereference_bucket_rcu(p, tbl, hash)			\
	rcu_dereference_check(p, lockdep_rht_bucket_is_held(tbl, hash))

/* Set tpos to the object of pos; true, to sit in a loop condition. */
#define rht_entry(tpos, pos, member)					\
	({ tpos = container_of(pos, __typeof__(*tpos), member); 1; })

/* Bucket hash of tbl, for reading (NULL-free: a nested table gives an empty one). */
static inline struct rhash_lock_head __rcu *const *rht_bucket(const struct bucket_table *tbl,
							     unsigned int hash)
{
	if (unlikely(tbl->nest))
		return rht_bucket_nested(tbl, hash);
	return &tbl->buckets[hash];
}

/* Bucket hash of tbl, for changing; NULL when a nested table has none there. */
static inline struct rhash_lock_head __rcu **rht_bucket_var(struct bucket_table *tbl,
							    unsigned int hash)
{
	if (unlikely(tbl->nest))
		return __rht_bucket_nested(tbl, hash);
	return &tbl->buckets[hash];
}

/* Bucket hash of tbl, for inserting: made in a nested table; NULL if that fails. */
static inline struct rhash_lock_head __rcu **rht_bucket_insert(struct rhashtable *ht,
							       struct bucket_table *tbl,
							       unsigned int hash)
{
	if (unlikely(tbl->nest))
		return rht_bucket_nested_insert(ht, tbl, hash);
	return &tbl->buckets[hash];
}

/*
 * Lock bucket bkt of tbl: interrupts off (the flags returned, for
 * rht_unlock()), then the bit lock, which disables preemption.
 */
static inline unsigned long rht_lock(struct bucket_table *tbl,
				     struct rhash_lock_head __rcu **bkt)
{
	unsigned long flags;

	local_irq_save(flags);
	bit_spin_lock(0, (unsigned long *)bkt);
	lock_map_acquire(&tbl->dep_map);
	return flags;
}

/* The same, for a second bucket lock of another table held inside the first. */
static inline unsigned long rht_lock_nested(struct bucket_table *tbl,
					    struct rhash_lock_head __rcu **bucket,
					    unsigned int subclass)
{
	unsigned long flags;

	local_irq_save(flags);
	bit_spin_lock(0, (unsigned long *)bucket);
	lock_acquire_exclusive(&tbl->dep_map, subclass, 0, NULL, _THIS_IP_);
	return flags;
}

static inline void rht_unlock(struct bucket_table *tbl,
			      struct rhash_lock_head __rcu **bkt,
			      unsigned long flags)
{
	lock_map_release(&tbl->dep_map);
	bit_spin_unlock(0, (unsigned long *)bkt);
	local_irq_restore(flags);
}

/* The chain head in bucket word p of bucket bkt: the lock bit off, an empty chain its marker. */
static inline struct rhash_head *__rht_ptr(struct rhash_lock_head *p,
					   struct rhash_lock_head __rcu *const *bkt)
{
	unsigned long head = (unsigned long)p & ~BIT(0);

	if (!head)
		return RHT_NULLS_MARKER(bkt);
	return (struct rhash_head *)head;
}

/* The head of bkt's chain: under RCU; under the bucket's lock; with the table to oneself. */
static inline struct rhash_head *rht_ptr_rcu(struct rhash_lock_head __rcu *const *bkt)
{
	return __rht_ptr(rcu_dereference(*bkt), bkt);
}

static inline struct rhash_head *rht_ptr(struct rhash_lock_head __rcu *const *bkt,
					 struct bucket_table *tbl, unsigned int hash)
{
	(void)tbl;
	(void)hash;
	return __rht_ptr(rht_dereference_bucket(*bkt, tbl, hash), bkt);
}

static inline struct rhash_head *rht_ptr_exclusive(struct rhash_lock_head __rcu *const *bkt)
{
	return __rht_ptr(rcu_dereference_protected(*bkt, 1), bkt);
}

/* Make obj the head of locked bucket bkt, keeping it locked. */
static inline void rht_assign_locked(struct rhash_lock_head __rcu **bkt,
				     struct rhash_head *obj)
{
	unsigned long word = rht_is_a_nulls(obj) ? 0 : (unsigned long)obj;

	rcu_assign_pointer(*bkt, (struct rhash_lock_head *)(word | BIT(0)));
}

/*
 * Make obj the head of locked bucket bkt and unlock it in the same
 * store (the lock bit clear, with the release of rcu_assign_pointer());
 * then what rht_unlock() undoes besides.
 */
static inline void rht_assign_unlock(struct bucket_table *tbl,
				     struct rhash_lock_head __rcu **bkt,
				     struct rhash_head *obj, unsigned long flags)
{
	unsigned long word = rht_is_a_nulls(obj) ? 0 : (unsigned long)obj;

	lock_map_release(&tbl->dep_map);
	rcu_assign_pointer(*bkt, (struct rhash_lock_head *)word);
	preempt_enable();
	__release(bitlock);
	local_irq_restore(flags);
}

/* Chain walks under the bucket's lock, from head or from the bucket. */
#define rht_for_each_from(pos, head, tbl, hash)				\
	for (pos = (head); !rht_is_a_nulls(pos);			\
	     pos = rht_dereference_bucket((pos)->next, tbl, hash))

#define rht_for_each(pos, tbl, hash)					\
	rht_for_each_from(pos, rht_ptr(rht_bucket(tbl, hash), tbl, hash), tbl, hash)

#define rht_for_each_entry_from(tpos, pos, head, tbl, hash, member)	\
	for (pos = (head);						\
	     !rht_is_a_nulls(pos) && rht_entry(tpos, pos, member);	\
	     pos = rht_dereference_bucket((pos)->next, tbl, hash))

#define rht_for_each_entry(tpos, pos, tbl, hash, member)		\
	rht_for_each_entry_from(tpos, pos,				\
				rht_ptr(rht_bucket(tbl, hash), tbl, hash), \
				tbl, hash, member)

/* The same, where the loop may unlink pos: next is read first. */
#define rht_for_each_entry_safe(tpos, pos, next, tbl, hash, member)	\
	for (pos = rht_ptr(rht_bucket(tbl, hash), tbl, hash),		\
	     next = rht_is_a_nulls(pos) ? NULL :			\
		    rht_dereference_bucket((pos)->next, tbl, hash);	\
	     !rht_is_a_nulls(pos) && rht_entry(tpos, pos, member);	\
	     pos = next,						\
	     next = rht_is_a_nulls(pos) ? NULL :			\
		    rht_dereference_bucket((pos)->next, tbl, hash))

/* Chain walks under rcu_read_lock(). */
#define rht_for_each_rcu_from(pos, head, tbl, hash)			\
	for (({ barrier(); }), pos = (head);				\
	     !rht_is_a_nulls(pos);					\
	     pos = rcu_dereference_raw((pos)->next))

#define rht_for_each_rcu(pos, tbl, hash)				\
	rht_for_each_rcu_from(pos, rht_ptr_rcu(rht_bucket(tbl, hash)), tbl, hash)

#define rht_for_each_entry_rcu_from(tpos, pos, head, tbl, hash, member) \
	for (({ barrier(); }), pos = (head);				\
	     !rht_is_a_nulls(pos) && rht_entry(tpos, pos, member);	\
	     pos = rht_dereference_bucket_rcu((pos)->next, tbl, hash))

#define rht_for_each_entry_rcu(tpos, pos, tbl, hash, member)		\
	rht_for_each_entry_rcu_from(tpos, pos,				\
				    rht_ptr_rcu(rht_bucket(tbl, hash)),	\
				    tbl, hash, member)

/* The duplicates of a key in an rhltable, from the list rhltable_lookup() gave. */
#define rhl_for_each_rcu(pos, list)					\
	for (pos = (list); pos; pos = rcu_dereference_raw((pos)->next))

#define rhl_for_each_entry_rcu(tpos, pos, list, member)			\
	for (pos = (list); pos && rht_entry(tpos, pos, member);		\
	     pos = rcu_dereference_raw((pos)->next))

/* The default comparison: 0 if obj's key is arg's, byte for byte. */
static inline int rhashtable_compare(struct rhashtable_compare_arg *arg, const void *obj)
{
	const struct rhashtable *ht = arg->ht;

	return memcmp((const char *)obj + ht->p.key_offset, arg->key, ht->p.key_len);
}

/* Whether obj does not match arg's key, by params' comparison or the default one. */
static inline int sim_rht_differs(struct rhashtable_compare_arg *arg, const void *obj,
				  const struct rhashtable_params params)
{
	if (params.obj_cmpfn)
		return params.obj_cmpfn(arg, obj);
	return rhashtable_compare(arg, obj);
}

/*
 * The first object of key, under rcu_read_lock(): in the table, then in
 * each table it is being resized into.  A chain that ends on a marker
 * not its bucket's was left by a moved object: that bucket is walked again.
 */
static inline struct rhash_head *__rhashtable_lookup(struct rhashtable *ht, const void *key,
						     const struct rhashtable_params params)
{
	struct rhashtable_compare_arg arg = { .ht = ht, .key = key };
	struct bucket_table *tbl = rht_dereference_rcu(ht->tbl, ht);

	while (tbl) {
		unsigned int hash = rht_key_hashfn(ht, tbl, key, params);
		struct rhash_lock_head __rcu *const *bkt = rht_bucket(tbl, hash);
		struct rhash_head *he;

		do {
			rht_for_each_rcu_from(he, rht_ptr_rcu(bkt), tbl, hash) {
				if (!sim_rht_differs(&arg, rht_obj(ht, he), params))
					return he;
			}
		} while (he != RHT_NULLS_MARKER(bkt));
		/* A table that replaces this one is seen after its objects moved. */
		smp_rmb();
		tbl = rht_dereference_rcu(tbl->future_tbl, ht);
	}
	return NULL;
}

/* The object of key, or NULL; under rcu_read_lock(). */
static inline void *rhashtable_lookup(struct rhashtable *ht, const void *key,
				      const struct rhashtable_params params)
{
	struct rhash_head *he = __rhashtable_lookup(ht, key, params);

	return he ? rht_obj(ht, he) : NULL;
}

/* The same, taking rcu_read_lock() itself: the object may be freed once it returns. */
static inline void *rhashtable_lookup_fast(struct rhashtable *ht, const void *key,
					   const struct rhashtable_params params)
{
	void *obj;

	rcu_read_lock();
	obj = rhashtable_lookup(ht, key, params);
	rcu_read_unlock();
	return obj;
}

/* The list of key's objects in an rhltable, or NULL; under rcu_read_lock(). */
static inline struct rhlist_head *rhltable_lookup(struct rhltable *hlt, const void *key,
						  const struct rhashtable_params params)
{
	struct rhash_head *he = __rhashtable_lookup(&hlt->ht, key, params);

	return he ? container_of(he, struct rhlist_head, rhead) : NULL;
}

/*
 * Insert obj.  With a key: if an object of that key is there, return it
 * and insert nothing, except in an rhltable (rhlist), where obj joins
 * that key's list, at its front.  NULL once inserted, or an ERR_PTR
 * (-ENOMEM, -E2BIG).  A table being resized, a long chain, or a table
 * full to 100%, go the slow way (rhashtable_insert_slow()).
 */
static inline void *__rhashtable_insert_fast(struct rhashtable *ht, const void *key,
					     struct rhash_head *obj,
					     const struct rhashtable_params params,
					     bool rhlist)
{
	struct rhashtable_compare_arg arg = { .ht = ht, .key = key };
	struct rhash_head __rcu **link = NULL;	/* the next of the object before */
	struct rhash_lock_head __rcu **bkt;
	struct bucket_table *tbl;
	struct rhash_head *he;
	unsigned int hash;
	unsigned long flags;
	unsigned int seen = 0;
	void *ret;

	rcu_read_lock();
	tbl = rht_dereference_rcu(ht->tbl, ht);
	hash = rht_head_hashfn(ht, tbl, obj, params);
	bkt = rht_bucket_insert(ht, tbl, hash);
	if (!bkt) {
		ret = ERR_PTR(-ENOMEM);
		goto out;
	}
	flags = rht_lock(tbl, bkt);
	if (unlikely(rcu_access_pointer(tbl->future_tbl)))
		goto slow;

	rht_for_each_from(he, rht_ptr(bkt, tbl, hash), tbl, hash) {
		struct rhlist_head *mine, *theirs;

		seen++;
		if (!key || sim_rht_differs(&arg, rht_obj(ht, he), params)) {
			link = &he->next;
			continue;
		}
		if (!rhlist) {
			ret = rht_obj(ht, he);
			goto unlock;
		}
		/* obj takes he's place in the chain; he's list follows obj. */
		mine = container_of(obj, struct rhlist_head, rhead);
		theirs = container_of(he, struct rhlist_head, rhead);
		RCU_INIT_POINTER(mine->next, theirs);
		RCU_INIT_POINTER(obj->next, rht_dereference_bucket(he->next, tbl, hash));
		if (link) {
			rcu_assign_pointer(*link, obj);
			rht_unlock(tbl, bkt, flags);
		} else {
			rht_assign_unlock(tbl, bkt, obj, flags);
		}
		ret = NULL;
		goto out;
	}

	if (seen >= RHT_ELASTICITY)
		goto slow;
	if (unlikely(rht_grow_above_max(ht, tbl))) {
		ret = ERR_PTR(-E2BIG);
		goto unlock;
	}
	if (unlikely(rht_grow_above_100(ht, tbl)))
		goto slow;

	/* At the chain's head: the store that links obj also unlocks. */
	RCU_INIT_POINTER(obj->next, rht_ptr(bkt, tbl, hash));
	if (rhlist)
		RCU_INIT_POINTER(container_of(obj, struct rhlist_head, rhead)->next, NULL);
	atomic_inc(&ht->nelems);
	rht_assign_unlock(tbl, bkt, obj, flags);
	if (rht_grow_above_75(ht, tbl))
		schedule_work(&ht->run_work);
	ret = NULL;
	goto out;

slow:
	rht_unlock(tbl, bkt, flags);
	rcu_read_unlock();
	return rhashtable_insert_slow(ht, key, obj);
unlock:
	rht_unlock(tbl, bkt, flags);
out:
	rcu_read_unlock();
	return ret;
}

/* Insert obj, whatever its key: 0 or -errno. */
static inline int rhashtable_insert_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	void *ret = __rhashtable_insert_fast(ht, NULL, obj, params, false);

	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret ? -EEXIST : 0;
}

/* Add list to key's objects in an rhltable: 0 or -errno. */
static inline int rhltable_insert_key(struct rhltable *hlt, const void *key,
				      struct rhlist_head *list,
				      const struct rhashtable_params params)
{
	return PTR_ERR(__rhashtable_insert_fast(&hlt->ht, key, &list->rhead, params, true));
}

/* The same, with the key in the object. */
static inline int rhltable_insert(struct rhltable *hlt, struct rhlist_head *list,
				  const struct rhashtable_params params)
{
	const char *obj = rht_obj(&hlt->ht, &list->rhead);

	return rhltable_insert_key(hlt, obj + params.key_offset, list, params);
}

/* Insert obj unless an object of its key is there (-EEXIST): 0 or -errno. */
static inline int rhashtable_lookup_insert_fast(struct rhashtable *ht, struct rhash_head *obj,
						const struct rhashtable_params params)
{
	const char *o = rht_obj(ht, obj);
	void *ret;

	BUG_ON(ht->p.obj_hashfn);
	ret = __rhashtable_insert_fast(ht, o + ht->p.key_offset, obj, params, false);
	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret ? -EEXIST : 0;
}

/* The same; returns the object already there, NULL once inserted, or an ERR_PTR. */
static inline void *rhashtable_lookup_get_insert_fast(struct rhashtable *ht,
						      struct rhash_head *obj,
						      const struct rhashtable_params params)
{
	const char *o = rht_obj(ht, obj);

	BUG_ON(ht->p.obj_hashfn);
	return __rhashtable_insert_fast(ht, o + ht->p.key_offset, obj, params, false);
}

/* For a table hashed by obj_hashfn: insert obj under key unless it is there. */
static inline int rhashtable_lookup_insert_key(struct rhashtable *ht, const void *key,
					       struct rhash_head *obj,
					       const struct rhashtable_params params)
{
	void *ret;

	BUG_ON(!ht->p.obj_hashfn || !key);
	ret = __rhashtable_insert_fast(ht, key, obj, params, false);
	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret ? -EEXIST : 0;
}

static inline void *rhashtable_lookup_get_insert_key(struct rhashtable *ht, const void *key,
						     struct rhash_head *obj,
						     const struct rhashtable_params params)
{
	BUG_ON(!ht->p.obj_hashfn || !key);
	return __rhashtable_insert_fast(ht, key, obj, params, false);
}

/*
 * Unlink obj from tbl: 0 once done, -ENOENT if tbl does not hold it.  In
 * an rhltable obj may be in a key's list rather than in the chain; when
 * it heads a list, the next of its list takes its place in the chain.
 */
static inline int __rhashtable_remove_fast_one(struct rhashtable *ht,
					       struct bucket_table *tbl,
					       struct rhash_head *obj,
					       const struct rhashtable_params params,
					       bool rhlist)
{
	struct rhash_head __rcu **link = NULL;
	struct rhash_lock_head __rcu **bkt;
	struct rhash_head *he;
	unsigned long flags;
	unsigned int hash;
	bool counted = false;
	int err = -ENOENT;

	hash = rht_head_hashfn(ht, tbl, obj, params);
	bkt = rht_bucket_var(tbl, hash);
	if (!bkt)
		return -ENOENT;
	flags = rht_lock(tbl, bkt);

	rht_for_each_from(he, rht_ptr(bkt, tbl, hash), tbl, hash) {
		struct rhlist_head *entry = container_of(he, struct rhlist_head, rhead);
		struct rhash_head *replacement;

		if (he != obj) {
			struct rhlist_head __rcu **lnext = &entry->next;
			struct rhlist_head *dup;

			link = &he->next;
			if (!rhlist)
				continue;
			/* obj may be a duplicate in he's list. */
			for (dup = rht_dereference_bucket(*lnext, tbl, hash);
			     dup && &dup->rhead != obj;
			     dup = rht_dereference_bucket(*lnext, tbl, hash))
				lnext = &dup->next;
			if (!dup)
				continue;
			RCU_INIT_POINTER(*lnext, rht_dereference_bucket(dup->next, tbl, hash));
			err = 0;
			break;
		}

		/* obj heads a chain place: its chain successor, or its list's next, replaces it. */
		replacement = rht_dereference_bucket(obj->next, tbl, hash);
		counted = true;
		if (rhlist) {
			struct rhlist_head *next_dup =
				rht_dereference_bucket(entry->next, tbl, hash);

			if (next_dup) {
				RCU_INIT_POINTER(next_dup->rhead.next, replacement);
				replacement = &next_dup->rhead;
				counted = false;
			}
		}
		if (link) {
			rcu_assign_pointer(*link, replacement);
			rht_unlock(tbl, bkt, flags);
		} else {
			rht_assign_unlock(tbl, bkt, replacement, flags);
		}
		err = 0;
		goto unlocked;
	}
	rht_unlock(tbl, bkt, flags);
unlocked:
	/* The object count is of chain places: a duplicate leaving is none. */
	if (counted) {
		atomic_dec(&ht->nelems);
		if (unlikely(ht->p.automatic_shrinking && rht_shrink_below_30(ht, tbl)))
			schedule_work(&ht->run_work);
	}
	return err;
}

/* Unlink obj from the table, or from a table it is being resized into. */
static inline int __rhashtable_remove_fast(struct rhashtable *ht, struct rhash_head *obj,
					   const struct rhashtable_params params,
					   bool rhlist)
{
	struct bucket_table *tbl;
	int err;

	rcu_read_lock();
	/*
	 * Having held (and dropped) the bucket lock of a table, a NULL
	 * future_tbl seen after it means obj was not moved on from it.
	 */
	tbl = rht_dereference_rcu(ht->tbl, ht);
	while ((err = __rhashtable_remove_fast_one(ht, tbl, obj, params, rhlist))) {
		tbl = rht_dereference_rcu(tbl->future_tbl, ht);
		if (!tbl)
			break;
	}
	rcu_read_unlock();
	return err;
}

/* Remove obj: 0, or -ENOENT if the table does not hold it. */
static inline int rhashtable_remove_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	return __rhashtable_remove_fast(ht, obj, params, false);
}

static inline int rhltable_remove(struct rhltable *hlt, struct rhlist_head *list,
				  const struct rhashtable_params params)
{
	return __rhashtable_remove_fast(&hlt->ht, &list->rhead, params, true);
}

/*
 * Put obj_new in obj_old's place in tbl: 0, -EINVAL if they hash to
 * different buckets, -ENOENT if tbl does not hold obj_old.
 */
static inline int __rhashtable_replace_fast(struct rhashtable *ht, struct bucket_table *tbl,
					    struct rhash_head *obj_old,
					    struct rhash_head *obj_new,
					    const struct rhashtable_params params)
{
	struct rhash_head __rcu **link = NULL;
	struct rhash_lock_head __rcu **bkt;
	struct rhash_head *he;
	unsigned long flags;
	unsigned int hash;

	hash = rht_head_hashfn(ht, tbl, obj_old, params);
	if (hash != rht_head_hashfn(ht, tbl, obj_new, params))
		return -EINVAL;
	bkt = rht_bucket_var(tbl, hash);
	if (!bkt)
		return -ENOENT;
	flags = rht_lock(tbl, bkt);
	rht_for_each_from(he, rht_ptr(bkt, tbl, hash), tbl, hash) {
		if (he != obj_old) {
			link = &he->next;
			continue;
		}
		rcu_assign_pointer(obj_new->next, obj_old->next);
		if (link) {
			rcu_assign_pointer(*link, obj_new);
			rht_unlock(tbl, bkt, flags);
		} else {
			rht_assign_unlock(tbl, bkt, obj_new, flags);
		}
		return 0;
	}
	rht_unlock(tbl, bkt, flags);
	return -ENOENT;
}

/* Replace obj_old by obj_new, which must have the same key. */
static inline int rhashtable_replace_fast(struct rhashtable *ht, struct rhash_head *obj_old,
					  struct rhash_head *obj_new,
					  const struct rhashtable_params params)
{
	struct bucket_table *tbl;
	int err;

	rcu_read_lock();
	/* As for a removal: the tables in turn, while obj_old is not found. */
	tbl = rht_dereference_rcu(ht->tbl, ht);
	while ((err = __rhashtable_replace_fast(ht, tbl, obj_old, obj_new, params))) {
		tbl = rht_dereference_rcu(tbl->future_tbl, ht);
		if (!tbl)
			break;
	}
	rcu_read_unlock();
	return err;
}

static inline void rhltable_walk_enter(struct rhltable *hlt, struct rhashtable_iter *iter)
{
	rhashtable_walk_enter(&hlt->ht, iter);
}

static inline void rhltable_free_and_destroy(struct rhltable *hlt,
					     void (*free_fn)(void *ptr, void *arg),
					     void *arg)
{
	rhashtable_free_and_destroy(&hlt->ht, free_fn, arg);
}

static inline void rhltable_destroy(struct rhltable *hlt)
{
	rhltable_free_and_destroy(hlt, NULL, NULL);
}

#endif /* _SHIM_LINUX_RHASHTABLE_H */
