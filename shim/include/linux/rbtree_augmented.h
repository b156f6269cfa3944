/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/rbtree_augmented.h>: red-black trees whose nodes keep a value
 * computed from their subtree (an interval tree's largest end, say).
 * The caller gives three callbacks: propagate (recompute upwards from a
 * node until a given ancestor, or until a value does not change), copy
 * (a node takes another's place: it takes its value) and rotate (a
 * rotation made new the parent of old: new takes old's value, old's is
 * recomputed).  Insertion links the node, updates the values down the
 * path itself, then rebalances through __rb_insert_augmented(); erasure
 * unlinks the node here, inline so the callbacks inline too, and
 * rebalances through __rb_erase_color().  Those two are the kernel's
 * lib/rbtree.c: a program that uses augmented trees links it (the
 * library's own rbtree, shim/lib/rbtree.c, has no callbacks).
 * The node colour encoding is <linux/rbtree.h>'s: bit 0, 0 red, 1 black.
 */
#ifndef _SHIM_LINUX_RBTREE_AUGMENTED_H
#define _SHIM_LINUX_RBTREE_AUGMENTED_H

#include <linux/compiler.h>
#include <linux/rbtree.h>
#include <linux/rcupdate.h>

struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};

/* Rebalance after node was linked; augment_rotate keeps values right. */
void __rb_insert_augmented(struct rb_node *node, struct rb_root *root,
	void (*augment_rotate)(struct rb_node *old, struct rb_node *new));
/* Rebalance after a black node left the tree below parent. */
void __rb_erase_color(struct rb_node *parent, struct rb_root *root,
	void (*augment_rotate)(struct rb_node *old, struct rb_node *new));

/*
 * Rebalance after rb_link_node() put node in; the caller has already
 * updated the values on node's path.
 */
static inline void rb_insert_augmented(struct rb_node *node,
				       struct rb_root *root,
				       const struct rb_augment_callbacks *augment)
{
	__rb_insert_augmented(node, root, augment->rotate);
}

/* rb_insert_augmented(); newleft says node went in as the smallest. */
static inline void rb_insert_augmented_cached(struct rb_node *node,
					      struct rb_root_cached *root,
					      bool newleft,
					      const struct rb_augment_callbacks *augment)
{
	if (newleft)
		root->rb_leftmost = node;
	rb_insert_augmented(node, &root->rb_root, augment);
}

/*
 * Insert node into the cached tree where less() places it, updating the
 * values with augment; returns node if it is the new leftmost, else NULL.
 */
static __always_inline struct rb_node *
rb_add_augmented_cached(struct rb_node *node, struct rb_root_cached *tree,
			bool (*less)(struct rb_node *, const struct rb_node *),
			const struct rb_augment_callbacks *augment)
{
	struct rb_node *parent, **link;
	bool leftmost;

	link = sim_rb_cached_link(node, tree, less, &parent, &leftmost);
	rb_link_node(node, parent, link);
	augment->propagate(parent, NULL);
	rb_insert_augmented_cached(node, tree, leftmost, augment);
	return leftmost ? node : NULL;
}

/*
 * The three callbacks, named RBNAME##_propagate/_copy/_rotate and
 * gathered in the struct rb_augment_callbacks RBNAME, for nodes of type
 * RBSTRUCT linked by their member RBFIELD and whose value is member
 * RBAUGMENTED.  RBCOMPUTE(node, exit) recomputes node's value and stores
 * it, except that with exit true it returns true and stores nothing when
 * the value is already right.
 */
#define RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD,	\
			     RBAUGMENTED, RBCOMPUTE)			\
static inline void							\
RBNAME ## _propagate(struct rb_node *rb, struct rb_node *stop)		\
{									\
	for (; rb != stop; rb = rb_parent(rb)) {			\
		RBSTRUCT *n = rb_entry(rb, RBSTRUCT, RBFIELD);		\
									\
		if (RBCOMPUTE(n, true))					\
			break;						\
	}								\
}									\
static inline void							\
RBNAME ## _copy(struct rb_node *rb_old, struct rb_node *rb_new)	\
{									\
	rb_entry(rb_new, RBSTRUCT, RBFIELD)->RBAUGMENTED =		\
		rb_entry(rb_old, RBSTRUCT, RBFIELD)->RBAUGMENTED;	\
}									\
static void								\
RBNAME ## _rotate(struct rb_node *rb_old, struct rb_node *rb_new)	\
{									\
	RBSTRUCT *o = rb_entry(rb_old, RBSTRUCT, RBFIELD);		\
									\
	rb_entry(rb_new, RBSTRUCT, RBFIELD)->RBAUGMENTED =		\
		o->RBAUGMENTED;						\
	RBCOMPUTE(o, false);						\
}									\
RBSTATIC const struct rb_augment_callbacks RBNAME = {			\
	.propagate = RBNAME ## _propagate,				\
	.copy = RBNAME ## _copy,					\
	.rotate = RBNAME ## _rotate					\
};

/*
 * RB_DECLARE_CALLBACKS() for a value that is the largest of RBCOMPUTE(node)
 * over the subtree, of type RBTYPE; defines RBNAME##_compute_max().
 */
#define RB_DECLARE_CALLBACKS_MAX(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD,	\
				 RBTYPE, RBAUGMENTED, RBCOMPUTE)	\
static inline bool RBNAME ## _compute_max(RBSTRUCT *node, bool exit)	\
{									\
	RBTYPE max = RBCOMPUTE(node);					\
	struct rb_node *side[2] = { node->RBFIELD.rb_left,		\
				    node->RBFIELD.rb_right };		\
									\
	for (int i = 0; i < 2; i++) {					\
		if (side[i]) {						\
			RBTYPE v = rb_entry(side[i], RBSTRUCT,		\
					    RBFIELD)->RBAUGMENTED;	\
			if (v > max)					\
				max = v;				\
		}							\
	}								\
	if (exit && node->RBAUGMENTED == max)				\
		return true;						\
	node->RBAUGMENTED = max;					\
	return false;							\
}									\
RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD,		\
		     RBAUGMENTED, RBNAME ## _compute_max)

#define RB_RED		0
#define RB_BLACK	1

#define __rb_parent(pc)		((struct rb_node *)((pc) & ~3UL))
#define __rb_color(pc)		((pc) & 1)
#define __rb_is_black(pc)	__rb_color(pc)
#define __rb_is_red(pc)		(!__rb_color(pc))
#define rb_color(rb)		__rb_color((rb)->__rb_parent_color)
#define rb_is_red(rb)		__rb_is_red((rb)->__rb_parent_color)
#define rb_is_black(rb)		__rb_is_black((rb)->__rb_parent_color)

/* Give rb the parent p, keeping its colour. */
static inline void rb_set_parent(struct rb_node *rb, struct rb_node *p)
{
	rb->__rb_parent_color = rb_color(rb) | (unsigned long)p;
}

/* Give rb the parent p and the colour color (RB_RED or RB_BLACK). */
static inline void rb_set_parent_color(struct rb_node *rb, struct rb_node *p,
				       int color)
{
	rb->__rb_parent_color = (unsigned long)p | (unsigned long)color;
}

/* Make new the child of parent, or the root, that old was. */
static inline void __rb_change_child(struct rb_node *old, struct rb_node *new,
				     struct rb_node *parent, struct rb_root *root)
{
	struct rb_node **link = !parent ? &root->rb_node :
				parent->rb_left == old ? &parent->rb_left :
				&parent->rb_right;

	WRITE_ONCE(*link, new);
}

/* __rb_change_child() publishing new to RCU readers. */
static inline void __rb_change_child_rcu(struct rb_node *old, struct rb_node *new,
					 struct rb_node *parent, struct rb_root *root)
{
	struct rb_node **link = !parent ? &root->rb_node :
				parent->rb_left == old ? &parent->rb_left :
				&parent->rb_right;

	rcu_assign_pointer(*link, new);
}

/*
 * Unlink node, updating the values with augment.  Returns the node below
 * which a black node went missing (for __rb_erase_color()), or NULL when
 * the colours need no repair.
 */
static __always_inline struct rb_node *
__rb_erase_augmented(struct rb_node *node, struct rb_root *root,
		     const struct rb_augment_callbacks *augment)
{
	struct rb_node *left = node->rb_left, *right = node->rb_right;
	unsigned long pc = node->__rb_parent_color;
	struct rb_node *parent = __rb_parent(pc), *fix, *from;

	if (!left || !right) {
		/* One child at most: it takes node's place and colour. */
		struct rb_node *only = left ? left : right;

		__rb_change_child(node, only, parent, root);
		if (only) {
			only->__rb_parent_color = pc;
			fix = NULL;
		} else {
			fix = __rb_is_black(pc) ? parent : NULL;
		}
		from = parent;
	} else {
		/*
		 * Two children: node's successor, the leftmost node of its
		 * right subtree, takes node's place and colour; the
		 * successor's right child, if any, takes the successor's.
		 */
		struct rb_node *succ = right, *succ_parent, *succ_right;

		if (!succ->rb_left) {
			succ_parent = succ;
			succ_right = succ->rb_right;
			augment->copy(node, succ);
		} else {
			do {
				succ_parent = succ;
				succ = succ->rb_left;
			} while (succ->rb_left);
			succ_right = succ->rb_right;
			WRITE_ONCE(succ_parent->rb_left, succ_right);
			WRITE_ONCE(succ->rb_right, right);
			rb_set_parent(right, succ);
			augment->copy(node, succ);
			augment->propagate(succ_parent, succ);
		}
		WRITE_ONCE(succ->rb_left, left);
		rb_set_parent(left, succ);
		__rb_change_child(node, succ, parent, root);
		if (succ_right) {
			rb_set_parent_color(succ_right, succ_parent, RB_BLACK);
			fix = NULL;
		} else {
			fix = rb_is_black(succ) ? succ_parent : NULL;
		}
		succ->__rb_parent_color = pc;
		from = succ;
	}
	augment->propagate(from, NULL);
	return fix;
}

/* Remove node from the tree, updating the values with augment. */
static __always_inline void
rb_erase_augmented(struct rb_node *node, struct rb_root *root,
		   const struct rb_augment_callbacks *augment)
{
	struct rb_node *fix = __rb_erase_augmented(node, root, augment);

	if (fix)
		__rb_erase_color(fix, root, augment->rotate);
}

/* rb_erase_augmented() keeping the leftmost pointer right. */
static __always_inline void
rb_erase_augmented_cached(struct rb_node *node, struct rb_root_cached *root,
			  const struct rb_augment_callbacks *augment)
{
	if (root->rb_leftmost == node)
		root->rb_leftmost = rb_next(node);
	rb_erase_augmented(node, &root->rb_root, augment);
}

#endif /* _SHIM_LINUX_RBTREE_AUGMENTED_H */
