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

/* Number of entries on head. */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *pos;
	size_t count = 0;

	list_for_each(pos, head)
		count++;
	return count;
}

#endif
