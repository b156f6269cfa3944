/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/klist.h>: lists whose nodes are reference counted so that a
 * walker (struct klist_iter) may drop the list's lock between nodes: a
 * deleted node stays linked, marked dead, until its last reference goes,
 * and walkers skip it.  The kernel's lib/klist.c implements them (a
 * program that uses klists links it).  get and put, if given, are called
 * when a node is added and when it finally leaves the list.
 */
#ifndef _SHIM_LINUX_KLIST_H
#define _SHIM_LINUX_KLIST_H

#include <linux/spinlock.h>
#include <linux/kref.h>
#include <linux/list.h>

struct klist_node;

struct klist {
	spinlock_t k_lock;
	struct list_head k_list;
	void (*get)(struct klist_node *node);
	void (*put)(struct klist_node *node);
} __attribute__((__aligned__(sizeof(void *))));

#define KLIST_INIT(_name, _get, _put)					\
	{ .k_lock = __SPIN_LOCK_UNLOCKED(_name.k_lock),			\
	  .k_list = LIST_HEAD_INIT(_name.k_list),			\
	  .get = _get, .put = _put }
#define DEFINE_KLIST(_name, _get, _put)					\
	struct klist _name = KLIST_INIT(_name, _get, _put)

/* An empty klist with the callbacks get and put (either may be NULL). */
void klist_init(struct klist *k, void (*get)(struct klist_node *),
		void (*put)(struct klist_node *));

struct klist_node {
	void *n_klist;		/* the klist, and the dead mark in bit 0 */
	struct list_head n_node;
	struct kref n_ref;
};

void klist_add_tail(struct klist_node *n, struct klist *k);
void klist_add_head(struct klist_node *n, struct klist *k);
/* Add n after pos, on pos's klist. */
void klist_add_behind(struct klist_node *n, struct klist_node *pos);
/* Add n before pos, on pos's klist. */
void klist_add_before(struct klist_node *n, struct klist_node *pos);
/* Mark n dead and drop the list's reference: it leaves when walkers let go. */
void klist_del(struct klist_node *n);
/* klist_del(), then wait until n has left the list. */
void klist_remove(struct klist_node *n);
/* Whether n is on a klist. */
int klist_node_attached(struct klist_node *n);

struct klist_iter {
	struct klist *i_klist;
	struct klist_node *i_cur;
};

void klist_iter_init(struct klist *k, struct klist_iter *i);
/* Start a walk of k at n (which the walk returns first). */
void klist_iter_init_node(struct klist *k, struct klist_iter *i,
			  struct klist_node *n);
/* End the walk: drop the reference to the current node. */
void klist_iter_exit(struct klist_iter *i);
/* The previous live node, or NULL at the start. */
struct klist_node *klist_prev(struct klist_iter *i);
/* The next live node, or NULL at the end. */
struct klist_node *klist_next(struct klist_iter *i);

#endif /* _SHIM_LINUX_KLIST_H */
