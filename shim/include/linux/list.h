/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Doubly linked lists with the kernel's API.  No locking: callers hold
 * whatever lock protects the list, as in the kernel.  list_del() poisons
 * the entry so a use after deletion faults.
 */
#ifndef _SHIM_LINUX_LIST_H
#define _SHIM_LINUX_LIST_H

#include <linux/kernel.h>
#include <linux/poison.h>

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	list->prev = list;
}

static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	WRITE_ONCE(prev->next, entry);
}

/* Insert entry after head. */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/* Insert entry before head (at the tail). */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

/* Unlink entry and poison it. */
static inline void list_del(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}

/* Unlink entry and make it an empty list. */
static inline void list_del_init(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	INIT_LIST_HEAD(entry);
}

/* Move entry to after head. */
static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_del(entry->prev, entry->next);
	list_add(entry, head);
}

/* Move entry to before head. */
static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
	__list_del(entry->prev, entry->next);
	list_add_tail(entry, head);
}

/* Whether head has no entries. */
static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/* Whether head has exactly one entry. */
static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

static inline void __list_splice(const struct list_head *list,
				 struct list_head *prev, struct list_head *next)
{
	struct list_head *first = list->next, *last = list->prev;

	first->prev = prev;
	prev->next = first;
	last->next = next;
	next->prev = last;
}

/* Join list's entries after head; list itself is left stale. */
static inline void list_splice(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/* Join list's entries after head and reinitialise list. */
static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/* Join list's entries before head and reinitialise list. */
static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member) list_entry((ptr)->prev, type, member)
#define list_first_entry_or_null(ptr, type, member) \
	(list_empty(ptr) ? NULL : list_first_entry(ptr, type, member))
/*
 * The list_head inside pos, by address arithmetic.  An iteration ends on
 * the "entry" made from the head itself, which lives in another struct
 * (a kmem_cache_node, 8-aligned) and so may be misaligned for pos's type
 * (struct slab wants 16): the kernel makes the same pointer, but a member
 * access through it is what UBSan's alignment check reports.
 */
#define __list_member(pos, member) \
	((struct list_head *)((char *)(pos) + offsetof(__typeof__(*(pos)), member)))
#define list_next_entry(pos, member) \
	list_entry(__list_member(pos, member)->next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member) \
	list_entry(__list_member(pos, member)->prev, __typeof__(*(pos)), member)
#define list_entry_is_head(pos, head, member) (__list_member(pos, member) == (head))

#define list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_last_entry(head, __typeof__(*pos), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, __typeof__(*pos), member),	\
	     n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))

/* Put entry where old is; old is left stale. */
static inline void list_replace(struct list_head *old, struct list_head *entry)
{
	entry->next = old->next;
	entry->next->prev = entry;
	entry->prev = old->prev;
	WRITE_ONCE(entry->prev->next, entry);
}

/* Put entry where old is and make old an empty list. */
static inline void list_replace_init(struct list_head *old, struct list_head *entry)
{
	list_replace(old, entry);
	INIT_LIST_HEAD(old);
}

/* Number of entries on head. */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *pos;
	size_t count = 0;

	list_for_each(pos, head)
		count++;
	return count;
}

/*
 * Hash-bucket lists: a head of one pointer, nodes linked forward, each
 * node's pprev pointing at the pointer that points at it, so a node can
 * be unlinked without its head.  Forward pointers are written with
 * WRITE_ONCE() so that the RCU variants (<linux/rculist.h>) can share the
 * unlinking code.
 */
#define HLIST_HEAD_INIT		{ .first = NULL }
#define HLIST_HEAD(name)	struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr)	((ptr)->first = NULL)

/* Mark node as on no list. */
static inline void INIT_HLIST_NODE(struct hlist_node *node)
{
	node->next = NULL;
	node->pprev = NULL;
}

/* Whether node is on no list (never added, or removed with hlist_del_init()). */
static inline int hlist_unhashed(const struct hlist_node *node)
{
	return !node->pprev;
}

/* hlist_unhashed() for a caller racing with the list's writer. */
static inline int hlist_unhashed_lockless(const struct hlist_node *node)
{
	return !READ_ONCE(node->pprev);
}

/* Whether head has no entries. */
static inline int hlist_empty(const struct hlist_head *head)
{
	return !READ_ONCE(head->first);
}

static inline void __hlist_del(struct hlist_node *node)
{
	struct hlist_node *next = node->next;
	struct hlist_node **pprev = node->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
}

/* Unlink node and poison it. */
static inline void hlist_del(struct hlist_node *node)
{
	__hlist_del(node);
	node->next = LIST_POISON1;
	node->pprev = LIST_POISON2;
}

/* Unlink node if it is on a list and mark it as on none. */
static inline void hlist_del_init(struct hlist_node *node)
{
	if (!hlist_unhashed(node)) {
		__hlist_del(node);
		INIT_HLIST_NODE(node);
	}
}

/* Insert node at the front of head. */
static inline void hlist_add_head(struct hlist_node *node, struct hlist_head *head)
{
	struct hlist_node *first = head->first;

	WRITE_ONCE(node->next, first);
	if (first)
		WRITE_ONCE(first->pprev, &node->next);
	WRITE_ONCE(head->first, node);
	WRITE_ONCE(node->pprev, &head->first);
}

/* Insert node before next, which is on a list. */
static inline void hlist_add_before(struct hlist_node *node, struct hlist_node *next)
{
	WRITE_ONCE(node->pprev, next->pprev);
	WRITE_ONCE(node->next, next);
	WRITE_ONCE(next->pprev, &node->next);
	WRITE_ONCE(*(node->pprev), node);
}

/* Insert node after prev, which is on a list. */
static inline void hlist_add_behind(struct hlist_node *node, struct hlist_node *prev)
{
	WRITE_ONCE(node->next, prev->next);
	WRITE_ONCE(prev->next, node);
	WRITE_ONCE(node->pprev, &prev->next);
	if (node->next)
		WRITE_ONCE(node->next->pprev, &node->next);
}

/* Move every entry of old to new (which must be empty); old ends empty. */
static inline void hlist_move_list(struct hlist_head *old, struct hlist_head *new)
{
	new->first = old->first;
	if (new->first)
		new->first->pprev = &new->first;
	old->first = NULL;
}

#define hlist_entry(ptr, type, member)	container_of(ptr, type, member)
/* hlist_entry(), or NULL for a NULL ptr. */
#define hlist_entry_safe(ptr, type, member) ({				\
	__typeof__(ptr) ____ptr = (ptr);				\
	____ptr ? hlist_entry(____ptr, type, member) : NULL; })

#define hlist_for_each(pos, head) \
	for (pos = (head)->first; pos; pos = pos->next)
#define hlist_for_each_safe(pos, n, head) \
	for (pos = (head)->first; pos && ({ n = pos->next; 1; }); pos = n)
#define hlist_for_each_entry(pos, head, member)				\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
/* hlist_for_each_entry() where the body may unlink or free pos. */
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = hlist_entry_safe(n, __typeof__(*pos), member))

/* Number of entries on head. */
static inline size_t hlist_count_nodes(struct hlist_head *head)
{
	struct hlist_node *pos;
	size_t count = 0;

	hlist_for_each(pos, head)
		count++;
	return count;
}

#endif
