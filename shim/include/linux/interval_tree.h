/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/interval_tree.h>: the interval tree of unsigned long closed
 * intervals that the kernel's lib/interval_tree.c builds with
 * INTERVAL_TREE_DEFINE() (<linux/interval_tree_generic.h> says what each
 * function does).  The span iterator (CONFIG_INTERVAL_TREE_SPAN_ITER) is
 * not declared.
 */
#ifndef _SHIM_LINUX_INTERVAL_TREE_H
#define _SHIM_LINUX_INTERVAL_TREE_H

#include <linux/rbtree.h>

struct interval_tree_node {
	struct rb_node rb;
	unsigned long start;	/* first index of the interval */
	unsigned long last;	/* last index of the interval */
	unsigned long __subtree_last;
};

void interval_tree_insert(struct interval_tree_node *node,
			  struct rb_root_cached *root);
void interval_tree_remove(struct interval_tree_node *node,
			  struct rb_root_cached *root);
struct interval_tree_node *
interval_tree_iter_first(struct rb_root_cached *root, unsigned long start,
			 unsigned long last);
struct interval_tree_node *
interval_tree_iter_next(struct interval_tree_node *node, unsigned long start,
			unsigned long last);

#endif /* _SHIM_LINUX_INTERVAL_TREE_H */
