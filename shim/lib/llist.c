// SPDX-License-Identifier: GPL-2.0
/*
 * The functions of <linux/llist.h> that the kernel has out of line, in
 * lib/llist.c: a program that links that file gets the kernel's, which
 * take precedence over these.
 */
#include <linux/llist.h>

bool llist_add_batch(struct llist_node *new_first, struct llist_node *new_last,
		     struct llist_head *head)
{
	struct llist_node *first = READ_ONCE(head->first);

	do {
		new_last->next = first;
	} while (!try_cmpxchg(&head->first, &first, new_first));
	return !first;
}

struct llist_node *llist_del_first(struct llist_head *head)
{
	struct llist_node *entry = smp_load_acquire(&head->first);
	struct llist_node *next;

	do {
		if (!entry)
			return NULL;
		next = READ_ONCE(entry->next);
	} while (!try_cmpxchg(&head->first, &entry, next));
	return entry;
}

bool llist_del_first_this(struct llist_head *head, struct llist_node *this)
{
	struct llist_node *entry = smp_load_acquire(&head->first);
	struct llist_node *next;

	do {
		if (entry != this)
			return false;
		next = READ_ONCE(entry->next);
	} while (!try_cmpxchg(&head->first, &entry, next));
	return true;
}

struct llist_node *llist_reverse_order(struct llist_node *head)
{
	struct llist_node *reversed = NULL, *next;

	while (head) {
		next = head->next;
		head->next = reversed;
		reversed = head;
		head = next;
	}
	return reversed;
}
