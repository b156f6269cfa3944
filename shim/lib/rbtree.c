// SPDX-License-Identifier: GPL-2.0
/*
 * Red-black tree rebalancing and walks for <linux/rbtree.h>, as the
 * kernel's lib/rbtree.c has them.
 *
 * The rules kept: every node is red or black, the root is black, a red
 * node has no red child, and every path from a node down to a missing
 * child passes the same number of black nodes.  Insertion and erasure
 * restore them with at most three rotations (the textbook algorithms, with
 * NULL standing for the black leaves).  The colour lives in bit 0 of
 * __rb_parent_color: 0 red, 1 black, as in the kernel, so a node freshly
 * linked by rb_link_node() is red.
 */
#include <linux/rbtree.h>

#define RB_RED		0UL
#define RB_BLACK	1UL

static inline unsigned long rb_color(const struct rb_node *node)
{
	return node->__rb_parent_color & 1;
}

static inline bool rb_is_red(const struct rb_node *node)
{
	return node && rb_color(node) == RB_RED;
}

/* NULL leaves count as black. */
static inline bool rb_is_black(const struct rb_node *node)
{
	return !node || rb_color(node) == RB_BLACK;
}

static inline void rb_set_parent_color(struct rb_node *node,
				       struct rb_node *parent,
				       unsigned long color)
{
	node->__rb_parent_color = (unsigned long)parent | color;
}

static inline void rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	rb_set_parent_color(node, parent, rb_color(node));
}

static inline void rb_set_color(struct rb_node *node, unsigned long color)
{
	rb_set_parent_color(node, rb_parent(node), color);
}

/* Make new the child of parent (or the root) that old was. */
static void change_child(struct rb_node *old, struct rb_node *new,
			 struct rb_node *parent, struct rb_root *root)
{
	if (!parent)
		WRITE_ONCE(root->rb_node, new);
	else if (parent->rb_left == old)
		WRITE_ONCE(parent->rb_left, new);
	else
		WRITE_ONCE(parent->rb_right, new);
}

/* The two sides of a node; the code for one serves the mirror image too. */
enum rb_side { RB_LEFT, RB_RIGHT };

static inline struct rb_node **rb_child(struct rb_node *node, enum rb_side side)
{
	return side == RB_LEFT ? &node->rb_left : &node->rb_right;
}

static inline enum rb_side rb_other(enum rb_side side)
{
	return side == RB_LEFT ? RB_RIGHT : RB_LEFT;
}

/* The side of parent that node hangs on. */
static inline enum rb_side rb_side_of(const struct rb_node *node,
				      const struct rb_node *parent)
{
	return node == parent->rb_left ? RB_LEFT : RB_RIGHT;
}

/*
 * node moves down on side; its child on the other side (the pivot) takes
 * its place, handing over its inner subtree (rotate left for RB_LEFT).
 */
static void rotate(struct rb_node *node, enum rb_side side, struct rb_root *root)
{
	struct rb_node *pivot = *rb_child(node, rb_other(side));
	struct rb_node *inner = *rb_child(pivot, side);
	struct rb_node *parent = rb_parent(node);

	WRITE_ONCE(*rb_child(node, rb_other(side)), inner);
	if (inner)
		rb_set_parent(inner, node);
	rb_set_parent(pivot, parent);
	change_child(node, pivot, parent, root);
	WRITE_ONCE(*rb_child(pivot, side), node);
	rb_set_parent(node, pivot);
}

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *parent, *gparent, *uncle;
	enum rb_side side;

	/* Only a red node under a red parent breaks a rule. */
	while ((parent = rb_parent(node)) && rb_is_red(parent)) {
		/* A red parent is not the root, so it has a parent. */
		gparent = rb_parent(parent);
		side = rb_side_of(parent, gparent);
		uncle = *rb_child(gparent, rb_other(side));
		if (rb_is_red(uncle)) {
			/* Push the grandparent's black down a level. */
			rb_set_color(parent, RB_BLACK);
			rb_set_color(uncle, RB_BLACK);
			rb_set_color(gparent, RB_RED);
			node = gparent;
			continue;
		}
		/* An inner grandchild first becomes an outer one. */
		if (node == *rb_child(parent, rb_other(side))) {
			rotate(parent, side, root);
			node = parent;
			parent = rb_parent(node);
		}
		rb_set_color(parent, RB_BLACK);
		rb_set_color(gparent, RB_RED);
		rotate(gparent, rb_other(side), root);
	}
	rb_set_color(root->rb_node, RB_BLACK);
}
EXPORT_SYMBOL(rb_insert_color);

/*
 * A black node was removed above node (NULL for a leaf), the child of
 * parent: the paths through node are one black short.  Give them a black
 * from the sibling's side, or move the deficit up.
 */
static void erase_fixup(struct rb_node *node, struct rb_node *parent,
			struct rb_root *root)
{
	struct rb_node *sibling;
	enum rb_side side;

	while (node != root->rb_node && rb_is_black(node)) {
		/* node may be NULL: the sibling's side is the non-empty one. */
		side = node == parent->rb_left ? RB_LEFT : RB_RIGHT;
		sibling = *rb_child(parent, rb_other(side));
		if (rb_is_red(sibling)) {
			rb_set_color(sibling, RB_BLACK);
			rb_set_color(parent, RB_RED);
			rotate(parent, side, root);
			sibling = *rb_child(parent, rb_other(side));
		}
		if (rb_is_black(sibling->rb_left) &&
		    rb_is_black(sibling->rb_right)) {
			rb_set_color(sibling, RB_RED);
			node = parent;
			parent = rb_parent(node);
			continue;
		}
		/* The sibling's far child must be red for the last rotation. */
		if (rb_is_black(*rb_child(sibling, rb_other(side)))) {
			rb_set_color(*rb_child(sibling, side), RB_BLACK);
			rb_set_color(sibling, RB_RED);
			rotate(sibling, rb_other(side), root);
			sibling = *rb_child(parent, rb_other(side));
		}
		rb_set_color(sibling, rb_color(parent));
		rb_set_color(parent, RB_BLACK);
		rb_set_color(*rb_child(sibling, rb_other(side)), RB_BLACK);
		rotate(parent, side, root);
		/* The deficit is repaid: stop. */
		node = root->rb_node;
		break;
	}
	if (node)
		rb_set_color(node, RB_BLACK);
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *child, *parent, *succ;
	bool removed_black;

	if (!node->rb_left || !node->rb_right) {
		/* At most one child: it takes node's place. */
		child = node->rb_left ? node->rb_left : node->rb_right;
		parent = rb_parent(node);
		removed_black = rb_is_black(node);
		change_child(node, child, parent, root);
		if (child)
			rb_set_parent(child, parent);
	} else {
		/*
		 * Two children: the successor (leftmost on the right, which
		 * has no left child) takes node's place and colour, so what
		 * the tree loses is the successor's old position.
		 */
		succ = node->rb_right;
		while (succ->rb_left)
			succ = succ->rb_left;
		removed_black = rb_is_black(succ);
		child = succ->rb_right;
		if (succ == node->rb_right) {
			parent = succ;
		} else {
			parent = rb_parent(succ);
			WRITE_ONCE(parent->rb_left, child);
			if (child)
				rb_set_parent(child, parent);
			WRITE_ONCE(succ->rb_right, node->rb_right);
			rb_set_parent(node->rb_right, succ);
		}
		WRITE_ONCE(succ->rb_left, node->rb_left);
		rb_set_parent(node->rb_left, succ);
		succ->__rb_parent_color = node->__rb_parent_color;
		change_child(node, succ, rb_parent(node), root);
	}
	if (removed_black)
		erase_fixup(child, parent, root);
}
EXPORT_SYMBOL(rb_erase);

/* The node furthest to side below node. */
static struct rb_node *rb_extreme(const struct rb_node *node, enum rb_side side)
{
	struct rb_node *n = (struct rb_node *)node;

	while (n && *rb_child(n, side))
		n = *rb_child(n, side);
	return n;
}

/* The in-order neighbour of node towards side (RB_RIGHT: rb_next()). */
static struct rb_node *rb_step(const struct rb_node *node, enum rb_side side)
{
	struct rb_node *n = (struct rb_node *)node, *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;
	if (*rb_child(n, side))
		return rb_extreme(*rb_child(n, side), rb_other(side));
	/* Climb while we come from that side. */
	while ((parent = rb_parent(n)) && n == *rb_child(parent, side))
		n = parent;
	return parent;
}

struct rb_node *rb_first(const struct rb_root *root)
{
	return rb_extreme(root->rb_node, RB_LEFT);
}
EXPORT_SYMBOL(rb_first);

struct rb_node *rb_last(const struct rb_root *root)
{
	return rb_extreme(root->rb_node, RB_RIGHT);
}
EXPORT_SYMBOL(rb_last);

struct rb_node *rb_next(const struct rb_node *node)
{
	return rb_step(node, RB_RIGHT);
}
EXPORT_SYMBOL(rb_next);

struct rb_node *rb_prev(const struct rb_node *node)
{
	return rb_step(node, RB_LEFT);
}
EXPORT_SYMBOL(rb_prev);

/* The first node of node's subtree in post-order: a leaf. */
static struct rb_node *rb_left_deepest(const struct rb_node *node)
{
	for (;;) {
		if (node->rb_left)
			node = node->rb_left;
		else if (node->rb_right)
			node = node->rb_right;
		else
			return (struct rb_node *)node;
	}
}

struct rb_node *rb_first_postorder(const struct rb_root *root)
{
	return root->rb_node ? rb_left_deepest(root->rb_node) : NULL;
}
EXPORT_SYMBOL(rb_first_postorder);

struct rb_node *rb_next_postorder(const struct rb_node *node)
{
	const struct rb_node *parent;

	if (!node)
		return NULL;
	parent = rb_parent(node);
	/* From a left child, the right subtree comes next, then the parent. */
	if (parent && node == parent->rb_left && parent->rb_right)
		return rb_left_deepest(parent->rb_right);
	return (struct rb_node *)parent;
}
EXPORT_SYMBOL(rb_next_postorder);

/* new takes victim's parent, colour and children; publish is the last store. */
static void replace_node(struct rb_node *victim, struct rb_node *new,
			 struct rb_root *root, bool rcu)
{
	struct rb_node *parent = rb_parent(victim);

	*new = *victim;
	if (victim->rb_left)
		rb_set_parent(victim->rb_left, new);
	if (victim->rb_right)
		rb_set_parent(victim->rb_right, new);
	if (!rcu)
		change_child(victim, new, parent, root);
	else if (!parent)
		rcu_assign_pointer(root->rb_node, new);
	else if (parent->rb_left == victim)
		rcu_assign_pointer(parent->rb_left, new);
	else
		rcu_assign_pointer(parent->rb_right, new);
}

void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root)
{
	replace_node(victim, new, root, false);
}
EXPORT_SYMBOL(rb_replace_node);

void rb_replace_node_rcu(struct rb_node *victim, struct rb_node *new,
			 struct rb_root *root)
{
	replace_node(victim, new, root, true);
}
EXPORT_SYMBOL(rb_replace_node_rcu);
