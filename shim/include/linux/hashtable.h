/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-size hash tables of hlist buckets, with the kernel's API
 * (<linux/hashtable.h>).  A key picks its bucket by hash_min(); entries
 * with different keys may share a bucket, so a lookup walks the bucket
 * and compares keys.  No locking, as in the kernel: the *_rcu forms let
 * readers walk while one writer updates (see <linux/rculist.h>).
 */
#ifndef _SHIM_LINUX_HASHTABLE_H
#define _SHIM_LINUX_HASHTABLE_H

#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/hash.h>
#include <linux/log2.h>

#define DEFINE_HASHTABLE(name, bits)					\
	struct hlist_head name[1 << (bits)] =				\
		{ [0 ... ((1 << (bits)) - 1)] = HLIST_HEAD_INIT }
#define DEFINE_READ_MOSTLY_HASHTABLE(name, bits)			\
	struct hlist_head name[1 << (bits)] __read_mostly =		\
		{ [0 ... ((1 << (bits)) - 1)] = HLIST_HEAD_INIT }
#define DECLARE_HASHTABLE(name, bits)	struct hlist_head name[1 << (bits)]

#define HASH_SIZE(name)	(ARRAY_SIZE(name))
#define HASH_BITS(name)	ilog2(HASH_SIZE(name))

/* The bucket of val in a table of 2^bits: hash_32 for up to 32 bits of key. */
#define hash_min(val, bits)						\
	(sizeof(val) <= 4 ? hash_32(val, bits) : hash_long(val, bits))

/* Empty all sz buckets of ht. */
static inline void __hash_init(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		INIT_HLIST_HEAD(&ht[i]);
}

/* Empty every bucket of hashtable (an array, not a pointer). */
#define hash_init(hashtable)	__hash_init(hashtable, HASH_SIZE(hashtable))

/* Add node to hashtable under key. */
#define hash_add(hashtable, node, key)					\
	hlist_add_head(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])
/* hash_add() for a table RCU readers may be walking. */
#define hash_add_rcu(hashtable, node, key)				\
	hlist_add_head_rcu(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])

/* Whether node is in a table. */
static inline bool hash_hashed(struct hlist_node *node)
{
	return !hlist_unhashed(node);
}

/* Whether all sz buckets of ht are empty. */
static inline bool __hash_empty(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		if (!hlist_empty(&ht[i]))
			return false;
	return true;
}

/* Whether hashtable has no entries. */
#define hash_empty(hashtable)	__hash_empty(hashtable, HASH_SIZE(hashtable))

/* Remove node from its table. */
static inline void hash_del(struct hlist_node *node)
{
	hlist_del_init(node);
}

/* Remove node from a table RCU readers may be walking. */
static inline void hash_del_rcu(struct hlist_node *node)
{
	hlist_del_init_rcu(node);
}

/* Every entry of name, bucket by bucket (bkt: the bucket index). */
#define hash_for_each(name, bkt, obj, member)				\
	for ((bkt) = 0, obj = NULL; obj == NULL && (bkt) < HASH_SIZE(name); \
	     (bkt)++)							\
		hlist_for_each_entry(obj, &name[bkt], member)

/* hash_for_each() under rcu_read_lock(). */
#define hash_for_each_rcu(name, bkt, obj, member)			\
	for ((bkt) = 0, obj = NULL; obj == NULL && (bkt) < HASH_SIZE(name); \
	     (bkt)++)							\
		hlist_for_each_entry_rcu(obj, &name[bkt], member)

/* hash_for_each() where the body may remove obj (tmp: a struct hlist_node *). */
#define hash_for_each_safe(name, bkt, tmp, obj, member)			\
	for ((bkt) = 0, obj = NULL; obj == NULL && (bkt) < HASH_SIZE(name); \
	     (bkt)++)							\
		hlist_for_each_entry_safe(obj, tmp, &name[bkt], member)

/* Every entry in key's bucket: key's entries and others sharing the bucket. */
#define hash_for_each_possible(name, obj, member, key)			\
	hlist_for_each_entry(obj, &name[hash_min(key, HASH_BITS(name))], member)

/* hash_for_each_possible() under rcu_read_lock(). */
#define hash_for_each_possible_rcu(name, obj, member, key, cond...)	\
	hlist_for_each_entry_rcu(obj, &name[hash_min(key, HASH_BITS(name))], \
				 member, ## cond)

/* hash_for_each_possible() where the body may remove obj. */
#define hash_for_each_possible_safe(name, obj, tmp, member, key)	\
	hlist_for_each_entry_safe(obj, tmp,				\
				  &name[hash_min(key, HASH_BITS(name))], member)

#endif
