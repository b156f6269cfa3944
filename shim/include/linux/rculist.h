/* SPDX-License-Identifier: GPL-2.0 */
/*
 * List and hlist updates that RCU readers may walk concurrently, with the
 * kernel's API (<linux/rculist.h>).  Writers still exclude each other
 * with a lock; readers walk inside rcu_read_lock() with the *_rcu
 * iterators.  An entry is published with rcu_assign_pointer() (a release
 * store), so a reader that finds it also sees its contents; the reader
 * loads each link with rcu_dereference() (READ_ONCE, an address
 * dependency the hardware orders).  A removed entry keeps its forward
 * link, so a reader standing on it can continue, and may be freed only
 * after a grace period (synchronize_rcu(), call_rcu(), kfree_rcu()).
 *
 * The iterators take the kernel's optional lockdep condition and, as
 * CONFIG_PROVE_RCU_LIST does, WARN once when a walk is neither inside a
 * read-side section nor under that condition.
 */
#ifndef _SHIM_LINUX_RCULIST_H
#define _SHIM_LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/bug.h>
#include <linux/lockdep.h>

/* An entry's forward link as an RCU-protected pointer. */
#define list_next_rcu(list)	(*((struct list_head __rcu **)(&(list)->next)))
#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))
#define hlist_pprev_rcu(node)	(*((struct hlist_node __rcu **)((node)->pprev)))

/* INIT_LIST_HEAD() for a list readers may already be looking at. */
static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* The walk is legal inside an RCU reader, or where the caller says so. */
#define __list_check_rcu(dummy, cond, extra...)				\
	WARN_ONCE(!(cond) && !rcu_read_lock_held(),			\
		  "RCU-list traversed in non-reader section!\n")

static inline void __list_add_rcu(struct list_head *entry,
				  struct list_head *prev, struct list_head *next)
{
	entry->next = next;
	entry->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), entry);
	next->prev = entry;
}

/* Insert entry after head, visible to readers only once complete. */
static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	__list_add_rcu(entry, head, head->next);
}

/* Insert entry before head (at the tail), visible only once complete. */
static inline void list_add_tail_rcu(struct list_head *entry,
				     struct list_head *head)
{
	__list_add_rcu(entry, head->prev, head);
}

/*
 * Unlink entry; readers on it may still follow its next link, so only
 * prev is poisoned.  Free it after a grace period.
 */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->prev = LIST_POISON2;
}

/* Put entry where old is; old may be freed after a grace period. */
static inline void list_replace_rcu(struct list_head *old,
				    struct list_head *entry)
{
	entry->next = old->next;
	entry->prev = old->prev;
	rcu_assign_pointer(list_next_rcu(entry->prev), entry);
	entry->next->prev = entry;
	old->prev = LIST_POISON2;
}

/* The entry ptr points into, ptr loaded as an RCU pointer. */
#define list_entry_rcu(ptr, type, member)	container_of(READ_ONCE(ptr), type, member)

/* The first entry, or NULL for an empty list (one load of the link). */
#define list_first_or_null_rcu(ptr, type, member) ({			\
	struct list_head *__head = (ptr);				\
	struct list_head *__next = READ_ONCE(__head->next);		\
	__next != __head ? list_entry_rcu(__next, type, member) : NULL; })

/* The entry after pos, or NULL at the end of head. */
#define list_next_or_null_rcu(head, ptr, type, member) ({		\
	struct list_head *__head = (head);				\
	struct list_head *__next = READ_ONCE((ptr)->next);		\
	__next != __head ? list_entry_rcu(__next, type, member) : NULL; })

/* Walk head under rcu_read_lock() (or the optional lockdep condition). */
#define list_for_each_entry_rcu(pos, head, member, cond...)		\
	for (__list_check_rcu(dummy, ## cond, 0),			\
	     pos = list_entry_rcu((head)->next, __typeof__(*pos), member); \
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_entry_rcu(__list_member(pos, member)->next,	\
				  __typeof__(*pos), member))

/* Continue an RCU walk after pos. */
#define list_for_each_entry_continue_rcu(pos, head, member)		\
	for (pos = list_entry_rcu(__list_member(pos, member)->next,	\
				  __typeof__(*pos), member);		\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_entry_rcu(__list_member(pos, member)->next,	\
				  __typeof__(*pos), member))

/* Unlink node; readers on it may still follow its next link. */
static inline void hlist_del_rcu(struct hlist_node *node)
{
	__hlist_del(node);
	WRITE_ONCE(node->pprev, LIST_POISON2);
}

/* hlist_del_rcu() that leaves node marked as on no list. */
static inline void hlist_del_init_rcu(struct hlist_node *node)
{
	if (!hlist_unhashed(node)) {
		__hlist_del(node);
		WRITE_ONCE(node->pprev, NULL);
	}
}

/* Insert node at the front of head, visible only once complete. */
static inline void hlist_add_head_rcu(struct hlist_node *node,
				      struct hlist_head *head)
{
	struct hlist_node *first = head->first;

	node->next = first;
	WRITE_ONCE(node->pprev, &head->first);
	rcu_assign_pointer(hlist_first_rcu(head), node);
	if (first)
		WRITE_ONCE(first->pprev, &node->next);
}

/* Insert node before next, visible only once complete. */
static inline void hlist_add_before_rcu(struct hlist_node *node,
					struct hlist_node *next)
{
	WRITE_ONCE(node->pprev, next->pprev);
	node->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(node), node);
	WRITE_ONCE(next->pprev, &node->next);
}

/* Insert node after prev, visible only once complete. */
static inline void hlist_add_behind_rcu(struct hlist_node *node,
					struct hlist_node *prev)
{
	node->next = prev->next;
	WRITE_ONCE(node->pprev, &prev->next);
	rcu_assign_pointer(hlist_next_rcu(prev), node);
	if (node->next)
		WRITE_ONCE(node->next->pprev, &node->next);
}

/* Put node where old is; old may be freed after a grace period. */
static inline void hlist_replace_rcu(struct hlist_node *old,
				     struct hlist_node *node)
{
	struct hlist_node *next = old->next;

	node->next = next;
	WRITE_ONCE(node->pprev, old->pprev);
	rcu_assign_pointer(*(struct hlist_node __rcu **)node->pprev, node);
	if (next)
		WRITE_ONCE(next->pprev, &node->next);
	WRITE_ONCE(old->pprev, LIST_POISON2);
}

/* Walk head under rcu_read_lock() (or the optional lockdep condition). */
#define hlist_for_each_entry_rcu(pos, head, member, cond...)		\
	for (__list_check_rcu(dummy, ## cond, 0),			\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_first_rcu(head)), \
				    __typeof__(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(&(pos)->member)), \
				    __typeof__(*(pos)), member))

#endif
