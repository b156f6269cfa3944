/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lock-less singly linked lists with the kernel's API (<linux/llist.h>):
 * any number of producers llist_add() concurrently with a consumer that
 * takes the whole list with llist_del_all(), all by cmpxchg/xchg on the
 * head.  llist_del_first() is safe against concurrent adds but not
 * against another llist_del_first() or llist_del_all() (the ABA problem
 * the kernel documents): consumers that take single entries need a lock
 * among themselves.  Entries come off newest first; llist_reverse_order()
 * gives the order they were added in.  The fully ordered cmpxchg and xchg
 * make an entry's contents, written before llist_add(), visible to the
 * consumer that takes it.  The functions that the kernel has in
 * lib/llist.c are the library's (shim/lib/llist.c), not inline, so
 * that a program linking the kernel's lib/llist.c uses its own.
 */
#ifndef _SHIM_LINUX_LLIST_H
#define _SHIM_LINUX_LLIST_H

#include <linux/kernel.h>
#include <linux/atomic.h>

struct llist_head {
	struct llist_node *first;
};

struct llist_node {
	struct llist_node *next;
};

#define LLIST_HEAD_INIT(name)	{ NULL }
#define LLIST_HEAD(name)	struct llist_head name = LLIST_HEAD_INIT(name)

/* Make list empty. */
static inline void init_llist_head(struct llist_head *list)
{
	list->first = NULL;
}

/* Mark node as on no list (llist_on_list() false). */
static inline void init_llist_node(struct llist_node *node)
{
	node->next = node;
}

/* Whether node is on a list (not marked by init_llist_node()). */
static inline bool llist_on_list(const struct llist_node *node)
{
	return node->next != node;
}

/*
 * container_of() by integer arithmetic: the iterators below turn the
 * list's terminating NULL into an "entry" too and test its member's
 * address, which pointer arithmetic on NULL would make undefined.
 */
#define llist_entry(ptr, type, member)					\
	((type *)((uintptr_t)(ptr) - offsetof(type, member)))

/* Whether the member of the entry at ptr would be at a non-NULL address. */
#define member_address_is_nonnull(ptr, member)				\
	((uintptr_t)(ptr) + offsetof(__typeof__(*(ptr)), member) != 0)

/* Walk the entries from node (a list taken off a head) on. */
#define llist_for_each(pos, node)	for ((pos) = (node); pos; (pos) = (pos)->next)
/* llist_for_each() where the body may free pos. */
#define llist_for_each_safe(pos, n, node)				\
	for ((pos) = (node); (pos) && ((n) = (pos)->next, true); (pos) = (n))
#define llist_for_each_entry(pos, node, member)				\
	for ((pos) = llist_entry((node), __typeof__(*(pos)), member);	\
	     member_address_is_nonnull(pos, member);			\
	     (pos) = llist_entry((pos)->member.next, __typeof__(*(pos)), member))
/* llist_for_each_entry() where the body may free pos. */
#define llist_for_each_entry_safe(pos, n, node, member)			\
	for (pos = llist_entry((node), __typeof__(*pos), member);	\
	     member_address_is_nonnull(pos, member) &&			\
		(n = llist_entry(pos->member.next, __typeof__(*n), member), true); \
	     pos = n)

/* Whether head has no entries (a snapshot: producers may add at once). */
static inline bool llist_empty(const struct llist_head *head)
{
	return READ_ONCE(head->first) == NULL;
}

/* The entry after node in a list taken off a head. */
static inline struct llist_node *llist_next(struct llist_node *node)
{
	return node->next;
}

/*
 * Push the chain new_first..new_last (linked by next) onto head in one
 * step; true if head was empty before.
 */
bool llist_add_batch(struct llist_node *new_first, struct llist_node *new_last,
		     struct llist_head *head);

/* llist_add_batch() for a head no one else touches meanwhile. */
static inline bool __llist_add_batch(struct llist_node *new_first,
				     struct llist_node *new_last,
				     struct llist_head *head)
{
	new_last->next = head->first;
	head->first = new_first;
	return !new_last->next;
}

/* Push node onto head; true if head was empty before. */
static inline bool llist_add(struct llist_node *node, struct llist_head *head)
{
	return llist_add_batch(node, node, head);
}

/* llist_add() for a head no one else touches meanwhile. */
static inline bool __llist_add(struct llist_node *node, struct llist_head *head)
{
	return __llist_add_batch(node, node, head);
}

/* Take every entry, newest first; NULL if head was empty. */
static inline struct llist_node *llist_del_all(struct llist_head *head)
{
	return xchg(&head->first, NULL);
}

/* llist_del_all() for a head no one else touches meanwhile. */
static inline struct llist_node *__llist_del_all(struct llist_head *head)
{
	struct llist_node *first = head->first;

	head->first = NULL;
	return first;
}

/*
 * Take the newest entry, or NULL.  Safe against concurrent llist_add(),
 * not against other consumers (see the top of this file).
 */
struct llist_node *llist_del_first(struct llist_head *head);

/* llist_del_first() that marks the entry as on no list. */
static inline struct llist_node *llist_del_first_init(struct llist_head *head)
{
	struct llist_node *node = llist_del_first(head);

	if (node)
		init_llist_node(node);
	return node;
}

/* Take this off head if it is the newest entry; true if it was. */
bool llist_del_first_this(struct llist_head *head, struct llist_node *this);

/* Reverse a list taken off a head (newest first becomes oldest first). */
struct llist_node *llist_reverse_order(struct llist_node *head);

#endif
