/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/interval_tree_generic.h>: INTERVAL_TREE_DEFINE() writes an
 * interval tree for any node type: an augmented red-black tree
 * (<linux/rbtree_augmented.h>) sorted by interval start, where each node
 * keeps the largest interval end of its subtree, so that a search skips
 * every subtree that ends before the query starts.  Intervals are closed:
 * [start, last].
 *
 * INTERVAL_TREE_DEFINE(ITSTRUCT, ITRB, ITTYPE, ITSUBTREE, ITSTART, ITLAST,
 *                      ITSTATIC, ITPREFIX) defines, for nodes of type
 * ITSTRUCT linked by member ITRB, with endpoints of type ITTYPE given by
 * ITSTART(node) and ITLAST(node), and the subtree's largest end kept in
 * member ITSUBTREE:
 *   ITPREFIX_insert(node, root)          root: struct rb_root_cached *
 *   ITPREFIX_remove(node, root)
 *   ITPREFIX_iter_first(root, start, last)  the first node (by start)
 *                                        overlapping [start, last], or NULL
 *   ITPREFIX_iter_next(node, start, last)   the next one after node
 */
#ifndef _SHIM_LINUX_INTERVAL_TREE_GENERIC_H
#define _SHIM_LINUX_INTERVAL_TREE_GENERIC_H

#include <linux/rbtree_augmented.h>

#define INTERVAL_TREE_DEFINE(ITSTRUCT, ITRB, ITTYPE, ITSUBTREE,		\
			     ITSTART, ITLAST, ITSTATIC, ITPREFIX)	\
									\
RB_DECLARE_CALLBACKS_MAX(static, ITPREFIX ## _augment, ITSTRUCT, ITRB,	\
			 ITTYPE, ITSUBTREE, ITLAST)			\
									\
ITSTATIC void ITPREFIX ## _insert(ITSTRUCT *node,			\
				  struct rb_root_cached *root)		\
{									\
	struct rb_node **link = &root->rb_root.rb_node, *rb_parent = NULL; \
	ITTYPE start = ITSTART(node), last = ITLAST(node);		\
	bool leftmost = true;						\
									\
	/* Every node passed on the way down gets node in its subtree. */ \
	while (*link) {							\
		ITSTRUCT *above = rb_entry(*link, ITSTRUCT, ITRB);	\
									\
		rb_parent = *link;					\
		if (above->ITSUBTREE < last)				\
			above->ITSUBTREE = last;			\
		if (start < ITSTART(above)) {				\
			link = &above->ITRB.rb_left;			\
		} else {						\
			link = &above->ITRB.rb_right;			\
			leftmost = false;				\
		}							\
	}								\
	node->ITSUBTREE = last;						\
	rb_link_node(&node->ITRB, rb_parent, link);			\
	rb_insert_augmented_cached(&node->ITRB, root, leftmost,		\
				   &ITPREFIX ## _augment);		\
}									\
									\
ITSTATIC void ITPREFIX ## _remove(ITSTRUCT *node,			\
				  struct rb_root_cached *root)		\
{									\
	rb_erase_augmented_cached(&node->ITRB, root, &ITPREFIX ## _augment); \
}									\
									\
/*									\
 * The first node of the subtree at node overlapping [start, last];	\
 * node's subtree must end at or after start.  Going left whenever the	\
 * left subtree ends at or after start is right even when no node there \
 * overlaps: every node right of it then starts after last as well.	\
 */									\
static ITSTRUCT *							\
ITPREFIX ## _subtree_search(ITSTRUCT *node, ITTYPE start, ITTYPE last)	\
{									\
	for (;;) {							\
		struct rb_node *rb = node->ITRB.rb_left;		\
									\
		if (rb) {						\
			ITSTRUCT *left = rb_entry(rb, ITSTRUCT, ITRB);	\
									\
			if (start <= left->ITSUBTREE) {			\
				node = left;				\
				continue;				\
			}						\
		}							\
		if (ITSTART(node) > last)				\
			return NULL;					\
		if (start <= ITLAST(node))				\
			return node;					\
		rb = node->ITRB.rb_right;				\
		if (!rb)						\
			return NULL;					\
		node = rb_entry(rb, ITSTRUCT, ITRB);			\
		if (node->ITSUBTREE < start)				\
			return NULL;					\
	}								\
}									\
									\
ITSTATIC ITSTRUCT *							\
ITPREFIX ## _iter_first(struct rb_root_cached *root,			\
			ITTYPE start, ITTYPE last)			\
{									\
	ITSTRUCT *top, *leftmost;					\
									\
	if (!root->rb_root.rb_node)					\
		return NULL;						\
	top = rb_entry(root->rb_root.rb_node, ITSTRUCT, ITRB);		\
	if (top->ITSUBTREE < start)					\
		return NULL;						\
	leftmost = rb_entry(root->rb_leftmost, ITSTRUCT, ITRB);	\
	if (ITSTART(leftmost) > last)					\
		return NULL;						\
	return ITPREFIX ## _subtree_search(top, start, last);		\
}									\
									\
ITSTATIC ITSTRUCT *							\
ITPREFIX ## _iter_next(ITSTRUCT *node, ITTYPE start, ITTYPE last)	\
{									\
	struct rb_node *rb = node->ITRB.rb_right, *from;		\
									\
	for (;;) {							\
		/* First the right subtree, if it reaches start. */	\
		if (rb) {						\
			ITSTRUCT *right = rb_entry(rb, ITSTRUCT, ITRB);	\
									\
			if (start <= right->ITSUBTREE)			\
				return ITPREFIX ## _subtree_search(right, \
							start, last);	\
		}							\
		/* Then up to the first ancestor node is left of. */	\
		do {							\
			rb = rb_parent(&node->ITRB);			\
			if (!rb)					\
				return NULL;				\
			from = &node->ITRB;				\
			node = rb_entry(rb, ITSTRUCT, ITRB);		\
			rb = node->ITRB.rb_right;			\
		} while (from == rb);					\
		if (ITSTART(node) > last)				\
			return NULL;					\
		if (start <= ITLAST(node))				\
			return node;					\
	}								\
}

#endif /* _SHIM_LINUX_INTERVAL_TREE_GENERIC_H */
