/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/list_nulls.h>: hash chains that end in a "nulls" marker instead
 * of NULL: an odd value (bit 0 set) that carries a number in its other
 * bits, so that a lockless reader who reaches the end can tell which
 * chain it ended on (an object may move between chains under it).
 * Plain C: no simulation behind it.
 */
#ifndef _SHIM_LINUX_LIST_NULLS_H
#define _SHIM_LINUX_LIST_NULLS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/poison.h>
#include <linux/kernel.h>

struct hlist_nulls_node {
	struct hlist_nulls_node *next, **pprev;
};

struct hlist_nulls_head {
	struct hlist_nulls_node *first;
};

/* The end marker carrying value (which loses its top bit). */
#define NULLS_MARKER(value)	(1UL | (((unsigned long)(value)) << 1))

#define INIT_HLIST_NULLS_HEAD(head, value)				\
	((head)->first = (struct hlist_nulls_node *)NULLS_MARKER(value))

#define hlist_nulls_entry(ptr, type, member)	container_of(ptr, type, member)
#define hlist_nulls_entry_safe(ptr, type, member)			\
	({								\
		__typeof__(ptr) __nptr = (ptr);				\
									\
		!is_a_nulls(__nptr) ?					\
			hlist_nulls_entry(__nptr, type, member) : NULL;	\
	})

/* Whether ptr is an end marker. */
static inline int is_a_nulls(const struct hlist_nulls_node *ptr)
{
	return (unsigned long)ptr & 1;
}

/* The value an end marker carries. */
static inline unsigned long get_nulls_value(const struct hlist_nulls_node *ptr)
{
	return (unsigned long)ptr >> 1;
}

static inline int hlist_nulls_unhashed(const struct hlist_nulls_node *node)
{
	return !node->pprev;
}

static inline int hlist_nulls_unhashed_lockless(const struct hlist_nulls_node *node)
{
	return !READ_ONCE(node->pprev);
}

static inline int hlist_nulls_empty(const struct hlist_nulls_head *head)
{
	return is_a_nulls(READ_ONCE(head->first));
}

static inline void hlist_nulls_add_head(struct hlist_nulls_node *node,
					struct hlist_nulls_head *head)
{
	struct hlist_nulls_node *old_first = head->first;

	node->next = old_first;
	WRITE_ONCE(node->pprev, &head->first);
	head->first = node;
	if (!is_a_nulls(old_first))
		WRITE_ONCE(old_first->pprev, &node->next);
}

/* Unlink node; its next stays, for a lockless reader standing on it. */
static inline void __hlist_nulls_del(struct hlist_nulls_node *node)
{
	struct hlist_nulls_node *after = node->next;
	struct hlist_nulls_node **link = node->pprev;

	WRITE_ONCE(*link, after);
	if (!is_a_nulls(after))
		WRITE_ONCE(after->pprev, link);
}

static inline void hlist_nulls_del(struct hlist_nulls_node *node)
{
	__hlist_nulls_del(node);
	WRITE_ONCE(node->pprev, LIST_POISON2);
}

#define hlist_nulls_for_each_entry(tpos, pos, head, member)		\
	for (pos = (head)->first;					\
	     !is_a_nulls(pos) &&					\
		({ tpos = hlist_nulls_entry(pos, __typeof__(*tpos), member); 1; }); \
	     pos = pos->next)

#define hlist_nulls_for_each_entry_from(tpos, pos, member)		\
	for (; !is_a_nulls(pos) &&					\
		({ tpos = hlist_nulls_entry(pos, __typeof__(*tpos), member); 1; }); \
	     pos = pos->next)

#endif /* _SHIM_LINUX_LIST_NULLS_H */
