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

/* Unlink entry and leave its pointers as they were. */
static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/* Unlink entry and clear its prev pointer only. */
static inline void __list_del_clearprev(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->prev = NULL;
}

/*
 * list_del_init() whose last store, of next, is a release: a reader
 * that sees list_empty_careful() true sees the entry fully unlinked.
 */
static inline void list_del_init_careful(struct list_head *entry)
{
	__list_del_entry(entry);
	WRITE_ONCE(entry->prev, entry);
	__atomic_store_n(&entry->next, entry, __ATOMIC_RELEASE);
}

/*
 * Whether head is empty, read without the lock against a concurrent
 * list_del_init_careful(): both pointers must point back at head.
 */
static inline int list_empty_careful(const struct list_head *head)
{
	struct list_head *next = __atomic_load_n(&head->next, __ATOMIC_ACQUIRE);

	return next == head && next == READ_ONCE(head->prev);
}

/* Whether list is head itself. */
static inline int list_is_head(const struct list_head *list,
			       const struct list_head *head)
{
	return list == head;
}

/* Whether list is the first entry of head. */
static inline int list_is_first(const struct list_head *list,
				const struct list_head *head)
{
	return list->prev == head;
}

/* Whether list is the last entry of head. */
static inline int list_is_last(const struct list_head *list,
			       const struct list_head *head)
{
	return list->next == head;
}

/* Move the first entry of head to its end. */
static inline void list_rotate_left(struct list_head *head)
{
	if (!list_empty(head))
		list_move_tail(head->next, head);
}

/* Rotate head so that list becomes its first entry. */
static inline void list_rotate_to_front(struct list_head *list,
					struct list_head *head)
{
	list_move_tail(head, list);
}

/* Exchange the places of entry1 and entry2, on one list or two. */
static inline void list_swap(struct list_head *entry1, struct list_head *entry2)
{
	struct list_head *after = entry2->prev;

	list_del(entry2);
	list_replace(entry1, entry2);
	if (after == entry1)
		after = entry2;
	list_add(entry1, after);
}

/* Move the run first..last (of one list) to the end of head. */
static inline void list_bulk_move_tail(struct list_head *head,
				       struct list_head *first,
				       struct list_head *last)
{
	first->prev->next = last->next;
	last->next->prev = first->prev;
	head->prev->next = first;
	first->prev = head->prev;
	last->next = head;
	head->prev = last;
}

/* Move head's entries up to entry, included, to list (which is overwritten). */
static inline void __list_cut_position(struct list_head *list,
				       struct list_head *head,
				       struct list_head *entry)
{
	struct list_head *rest = entry->next;

	list->next = head->next;
	list->next->prev = list;
	list->prev = entry;
	entry->next = list;
	head->next = rest;
	rest->prev = head;
}

/*
 * Move head's entries up to entry, included, to list; entry == head
 * moves none and makes list empty.
 */
static inline void list_cut_position(struct list_head *list,
				     struct list_head *head,
				     struct list_head *entry)
{
	if (list_empty(head))
		return;
	if (list_is_singular(head) && entry != head && entry != head->next)
		return;
	if (entry == head)
		INIT_LIST_HEAD(list);
	else
		__list_cut_position(list, head, entry);
}

/*
 * Move head's entries before entry to list (overwritten); entry ==
 * head moves them all, entry first moves none.
 */
static inline void list_cut_before(struct list_head *list,
				   struct list_head *head,
				   struct list_head *entry)
{
	if (head->next == entry) {
		INIT_LIST_HEAD(list);
		return;
	}
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry->prev;
	list->prev->next = list;
	head->next = entry;
	entry->prev = head;
}

/* Join list's entries at the end of head; list is left stale. */
static inline void list_splice_tail(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

#define list_last_entry_or_null(ptr, type, member) \
	(list_empty(ptr) ? NULL : list_last_entry(ptr, type, member))
/* The next entry, the first one after the last. */
#define list_next_entry_circular(pos, head, member)			\
	(list_is_last(__list_member(pos, member), head) ?		\
	 list_first_entry(head, __typeof__(*(pos)), member) :		\
	 list_next_entry(pos, member))
/* The previous entry, the last one before the first. */
#define list_prev_entry_circular(pos, head, member)			\
	(list_is_first(__list_member(pos, member), head) ?		\
	 list_last_entry(head, __typeof__(*(pos)), member) :		\
	 list_prev_entry(pos, member))
/* pos, or the head as an entry to continue from with pos NULL. */
#define list_prepare_entry(pos, head, member)				\
	((pos) ? : list_entry(head, __typeof__(*(pos)), member))

#define list_for_each_continue(pos, head) \
	for (pos = pos->next; pos != (head); pos = pos->next)
#define list_for_each_prev(pos, head) \
	for (pos = (head)->prev; pos != (head); pos = pos->prev)
#define list_for_each_safe(pos, n, head)				\
	for (pos = (head)->next, n = pos->next; pos != (head);		\
	     pos = n, n = pos->next)
#define list_for_each_prev_safe(pos, n, head)				\
	for (pos = (head)->prev, n = pos->prev; pos != (head);		\
	     pos = n, n = pos->prev)
#define list_for_each_entry_continue(pos, head, member)			\
	for (pos = list_next_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_continue_reverse(pos, head, member)		\
	for (pos = list_prev_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))
#define list_for_each_entry_from(pos, head, member)			\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_from_reverse(pos, head, member)		\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))
#define list_for_each_entry_safe_continue(pos, n, head, member)		\
	for (pos = list_next_entry(pos, member),			\
	     n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))
#define list_for_each_entry_safe_from(pos, n, head, member)		\
	for (n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))
#define list_for_each_entry_safe_reverse(pos, n, head, member)		\
	for (pos = list_last_entry(head, __typeof__(*pos), member),	\
	     n = list_prev_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_prev_entry(n, member))
/* Refresh n after the body of a _safe loop let go of the list's lock. */
#define list_safe_reset_next(pos, n, member)				\
	n = list_next_entry(pos, member)

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

/* Make node look hashed without a list: its pprev points at itself. */
static inline void hlist_add_fake(struct hlist_node *node)
{
	node->pprev = &node->next;
}

/* Whether node was made hashed by hlist_add_fake(). */
static inline bool hlist_fake(struct hlist_node *node)
{
	return node->pprev == &node->next;
}

/* Whether node is the only node of head. */
static inline bool hlist_is_singular_node(struct hlist_node *node,
					  struct hlist_head *head)
{
	return !node->next && node->pprev == &head->first;
}

#define hlist_for_each_entry_continue(pos, member)			\
	for (pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_from(pos, member)				\
	for (; pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

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
