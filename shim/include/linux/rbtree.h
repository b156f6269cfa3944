/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Red-black trees with the kernel's API (<linux/rbtree.h>): the caller
 * walks down to the insertion point itself, links the node there with
 * rb_link_node() and lets rb_insert_color() rebalance; rb_erase() removes.
 * Nodes keep their parent and colour in one word, as in the kernel, so
 * rb_node has the kernel's size and layout.  No locking: callers hold
 * whatever lock protects the tree.  Child pointers are written with
 * WRITE_ONCE(), so a lockless reader (validated by a seqcount, as the
 * kernel's latch trees do) may race with a writer without a data race;
 * it can still see a transiently rotated tree.  The implementation is
 * shim/lib/rbtree.c.
 */
#ifndef _SHIM_LINUX_RBTREE_H
#define _SHIM_LINUX_RBTREE_H

#include <linux/kernel.h>
#include <linux/rcupdate.h>

struct rb_node {
	unsigned long __rb_parent_color;	/* parent pointer | colour bit */
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __aligned(sizeof(long));

struct rb_root {
	struct rb_node *rb_node;
};

/* A tree that also remembers its leftmost (smallest) node. */
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

#define RB_ROOT		(struct rb_root) { NULL, }
#define RB_ROOT_CACHED	(struct rb_root_cached) { { NULL, }, NULL }

#define rb_parent(r)	((struct rb_node *)((r)->__rb_parent_color & ~3UL))
#define rb_entry(ptr, type, member)	container_of(ptr, type, member)
/* rb_entry(), or NULL for a NULL ptr. */
#define rb_entry_safe(ptr, type, member) ({				\
	__typeof__(ptr) ____ptr = (ptr);				\
	____ptr ? rb_entry(____ptr, type, member) : NULL; })

#define RB_EMPTY_ROOT(root)	(READ_ONCE((root)->rb_node) == NULL)
/* A node marked as in no tree (RB_CLEAR_NODE) is its own parent. */
#define RB_EMPTY_NODE(node)	((node)->__rb_parent_color == (unsigned long)(node))
#define RB_CLEAR_NODE(node)	((node)->__rb_parent_color = (unsigned long)(node))

/* Rebalance after rb_link_node() put node (red) at a leaf position. */
void rb_insert_color(struct rb_node *node, struct rb_root *root);
/* Remove node from the tree and rebalance. */
void rb_erase(struct rb_node *node, struct rb_root *root);

/* In-order successor of node, or NULL. */
struct rb_node *rb_next(const struct rb_node *node);
/* In-order predecessor of node, or NULL. */
struct rb_node *rb_prev(const struct rb_node *node);
/* Smallest node, or NULL for an empty tree. */
struct rb_node *rb_first(const struct rb_root *root);
/* Largest node, or NULL for an empty tree. */
struct rb_node *rb_last(const struct rb_root *root);
/* First node of a post-order walk (children before parents), or NULL. */
struct rb_node *rb_first_postorder(const struct rb_root *root);
/* Next node of a post-order walk, or NULL. */
struct rb_node *rb_next_postorder(const struct rb_node *node);

/* Put new where victim is, with no rebalancing: new must sort alike. */
void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root);
/* rb_replace_node() publishing new to RCU readers of the tree. */
void rb_replace_node_rcu(struct rb_node *victim, struct rb_node *new,
			 struct rb_root *root);

/* Make node a red leaf under parent, not yet reachable. */
static inline void __rb_init_leaf(struct rb_node *node, struct rb_node *parent)
{
	node->__rb_parent_color = (unsigned long)parent;
	node->rb_left = NULL;
	node->rb_right = NULL;
}

/* Link node, a new red leaf, as the child *rb_link of parent. */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **rb_link)
{
	__rb_init_leaf(node, parent);
	WRITE_ONCE(*rb_link, node);
}

/* rb_link_node() for a tree read under RCU: node is published with release. */
static inline void rb_link_node_rcu(struct rb_node *node, struct rb_node *parent,
				    struct rb_node **rb_link)
{
	__rb_init_leaf(node, parent);
	rcu_assign_pointer(*rb_link, node);
}

/*
 * Visit every entry children first, so the body may free pos: n already
 * holds the next entry.
 */
#define rbtree_postorder_for_each_entry_safe(pos, n, root, field)	\
	for (pos = rb_entry_safe(rb_first_postorder(root), __typeof__(*pos), field); \
	     pos && ({ n = rb_entry_safe(rb_next_postorder(&pos->field), \
					 __typeof__(*pos), field); 1; }); \
	     pos = n)

/* The leftmost node in O(1). */
#define rb_first_cached(root)	(root)->rb_leftmost

/* rb_insert_color(); leftmost says whether node went in as the new smallest. */
static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_color(node, &root->rb_root);
}

/* rb_erase(); returns the new leftmost node if node was it, else NULL. */
static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node) {
		leftmost = rb_next(node);
		root->rb_leftmost = leftmost;
	}
	rb_erase(node, &root->rb_root);
	return leftmost;
}

/* rb_replace_node() keeping the leftmost pointer right. */
static inline void rb_replace_node_cached(struct rb_node *victim,
					  struct rb_node *new,
					  struct rb_root_cached *root)
{
	if (root->rb_leftmost == victim)
		root->rb_leftmost = new;
	rb_replace_node(victim, new, &root->rb_root);
}

/*
 * Where less() places node in the cached tree: the link to set, its
 * parent, and whether node becomes the leftmost (rb_add_cached() and
 * rb_add_augmented_cached() share the descent).
 */
static __always_inline struct rb_node **
sim_rb_cached_link(struct rb_node *node, struct rb_root_cached *tree,
		   bool (*less)(struct rb_node *, const struct rb_node *),
		   struct rb_node **parent, bool *leftmost)
{
	struct rb_node **link = &tree->rb_root.rb_node;

	*parent = NULL;
	*leftmost = true;
	while (*link) {
		*parent = *link;
		if (less(node, *parent)) {
			link = &(*parent)->rb_left;
		} else {
			link = &(*parent)->rb_right;
			*leftmost = false;
		}
	}
	return link;
}

/*
 * Insert node where less() puts it (after its equals); returns node if it
 * became the leftmost, else NULL.
 */
static __always_inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node *parent, **link;
	bool leftmost;

	link = sim_rb_cached_link(node, tree, less, &parent, &leftmost);
	rb_link_node(node, parent, link);
	rb_insert_color_cached(node, tree, leftmost);
	return leftmost ? node : NULL;
}

/* Insert node where less() puts it (after its equals). */
static __always_inline void
rb_add(struct rb_node *node, struct rb_root *tree,
       bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node;
	struct rb_node *parent = NULL;

	while (*link) {
		parent = *link;
		link = less(node, parent) ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
}

/*
 * Walk down by cmp(node, other) (<0 left, >0 right); an equal node found
 * on the way is returned and node is not inserted, else node is inserted
 * (linked by link_fn) and NULL returned.
 */
static __always_inline struct rb_node *
__rb_find_add(struct rb_node *node, struct rb_root *tree,
	      int (*cmp)(struct rb_node *, const struct rb_node *),
	      void (*link_fn)(struct rb_node *, struct rb_node *,
			      struct rb_node **))
{
	struct rb_node **link = &tree->rb_node;
	struct rb_node *parent = NULL;
	int c;

	while (*link) {
		parent = *link;
		c = cmp(node, parent);
		if (c < 0)
			link = &parent->rb_left;
		else if (c > 0)
			link = &parent->rb_right;
		else
			return parent;
	}
	link_fn(node, parent, link);
	rb_insert_color(node, tree);
	return NULL;
}

/* Insert node unless an equal one exists: that one, or NULL once inserted. */
static __always_inline struct rb_node *
rb_find_add(struct rb_node *node, struct rb_root *tree,
	    int (*cmp)(struct rb_node *, const struct rb_node *))
{
	return __rb_find_add(node, tree, cmp, rb_link_node);
}

/* rb_find_add() for a tree read under RCU. */
static __always_inline struct rb_node *
rb_find_add_rcu(struct rb_node *node, struct rb_root *tree,
		int (*cmp)(struct rb_node *, const struct rb_node *))
{
	return __rb_find_add(node, tree, cmp, rb_link_node_rcu);
}

/*
 * Some node equal to key by cmp(key, node), or NULL; inside an RCU read
 * section it may miss a node that a concurrent rotation moves.
 */
static __always_inline struct rb_node *
rb_find_rcu(const void *key, const struct rb_root *tree,
	    int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = rcu_dereference_raw(tree->rb_node);
	int c;

	while (node) {
		c = cmp(key, node);
		if (c < 0)
			node = rcu_dereference_raw(node->rb_left);
		else if (c > 0)
			node = rcu_dereference_raw(node->rb_right);
		else
			return node;
	}
	return NULL;
}

/* Some node equal to key by cmp(key, node), or NULL (the same walk). */
static __always_inline struct rb_node *
rb_find(const void *key, const struct rb_root *tree,
	int (*cmp)(const void *key, const struct rb_node *))
{
	return rb_find_rcu(key, tree, cmp);
}

/* The leftmost node equal to key, or NULL. */
static __always_inline struct rb_node *
rb_find_first(const void *key, const struct rb_root *tree,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;
	struct rb_node *match = NULL;
	int c;

	while (node) {
		c = cmp(key, node);
		if (c <= 0) {
			if (!c)
				match = node;
			node = node->rb_left;
		} else {
			node = node->rb_right;
		}
	}
	return match;
}

/* The node after node if it is still equal to key, else NULL. */
static __always_inline struct rb_node *
rb_next_match(const void *key, struct rb_node *node,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	node = rb_next(node);
	if (node && cmp(key, node))
		node = NULL;
	return node;
}

/* Every node equal to key, in order. */
#define rb_for_each(node, key, tree, cmp)				\
	for ((node) = rb_find_first((key), (tree), (cmp));		\
	     (node); (node) = rb_next_match((key), (node), (cmp)))

#endif
