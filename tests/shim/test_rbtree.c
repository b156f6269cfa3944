// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/rbtree.h>: the red-black rules of Documentation/core-api/rbtree.rst
 * (a red node has black children, every root-to-leaf path has the same
 * number of black nodes, the root is black) hold across random insertions
 * and erasures; the walks, the cached leftmost, the rb_add/rb_find helpers
 * and the post-order iterator behave as the kernel documents them.  The
 * colour bit is the kernel's (bit 0 of __rb_parent_color, 1 for black).
 */
#include <linux/rbtree.h>
#include <linux/slab.h>
#include "shim_harness.h"

struct item {
	int key;
	struct rb_node node;
};

#define item_of(n)	rb_entry(n, struct item, node)

static bool node_is_black(const struct rb_node *n)
{
	return !n || (n->__rb_parent_color & 1);
}

/* Black height of n's subtree; fails the test on a broken rule. */
static int check_subtree(const struct rb_node *n, const struct rb_node *parent,
			 size_t *count)
{
	int left, right;

	if (!n)
		return 1;
	assert_ptr_equal(rb_parent(n), parent);
	if (!node_is_black(n)) {
		assert_true(node_is_black(n->rb_left));
		assert_true(node_is_black(n->rb_right));
	}
	if (n->rb_left)
		assert_true(item_of(n->rb_left)->key <= item_of(n)->key);
	if (n->rb_right)
		assert_true(item_of(n->rb_right)->key >= item_of(n)->key);
	left = check_subtree(n->rb_left, n, count);
	right = check_subtree(n->rb_right, n, count);
	assert_int_equal(left, right);
	(*count)++;
	return left + node_is_black(n);
}

/* Every rule holds, and the tree has expected nodes in order. */
static void check_tree(const struct rb_root *root, size_t expected)
{
	const struct rb_node *n, *prev = NULL;
	size_t count = 0;

	assert_true(node_is_black(root->rb_node));
	check_subtree(root->rb_node, NULL, &count);
	assert_int_equal(count, expected);
	count = 0;
	for (n = rb_first(root); n; prev = n, n = rb_next(n), count++)
		if (prev)
			assert_true(item_of(prev)->key <= item_of(n)->key);
	assert_int_equal(count, expected);
}

static bool item_less(struct rb_node *a, const struct rb_node *b)
{
	return item_of(a)->key < rb_entry(b, struct item, node)->key;
}

static int key_cmp(const void *key, const struct rb_node *n)
{
	int k = *(const int *)key, nk = rb_entry(n, struct item, node)->key;

	return k < nk ? -1 : k > nk;
}

static int item_cmp(struct rb_node *a, const struct rb_node *b)
{
	return key_cmp(&item_of(a)->key, b);
}

/* xorshift: a fixed sequence, so a failure replays. */
static unsigned int next_random(unsigned int *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

#define RANDOM_ITEMS	400

static void test_random_inserts_and_erases_keep_the_red_black_rules(void **state)
{
	static struct item items[RANDOM_ITEMS];
	struct rb_root root = RB_ROOT;
	bool in_tree[RANDOM_ITEMS] = { false };
	unsigned int seed = 12345, i, op;
	size_t nr = 0;

	for (i = 0; i < RANDOM_ITEMS; i++)
		items[i].key = (int)(next_random(&seed) % 100);	/* with duplicates */
	for (op = 0; op < 4000; op++) {
		i = next_random(&seed) % RANDOM_ITEMS;
		if (in_tree[i]) {
			rb_erase(&items[i].node, &root);
			nr--;
		} else {
			rb_add(&items[i].node, &root, item_less);
			nr++;
		}
		in_tree[i] = !in_tree[i];
		check_tree(&root, nr);
	}
}

static void test_ascending_inserts_stay_within_twice_the_log_height(void **state)
{
	static struct item items[1023];
	struct rb_root root = RB_ROOT;
	const struct rb_node *n;
	unsigned int i, depth, max_depth = 0;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		items[i].key = (int)i;
		rb_add(&items[i].node, &root, item_less);
	}
	for (i = 0; i < ARRAY_SIZE(items); i++) {
		depth = 0;
		for (n = &items[i].node; n; n = rb_parent(n))
			depth++;
		max_depth = max(max_depth, depth);
	}
	/* A red-black tree of n nodes is at most 2 * log2(n + 1) high. */
	assert_true(max_depth <= 2 * 10);
	check_tree(&root, ARRAY_SIZE(items));
}

static void test_rb_prev_walks_back_from_rb_last(void **state)
{
	struct item items[5] = { { 3 }, { 1 }, { 4 }, { 0 }, { 2 } };
	struct rb_root root = RB_ROOT;
	struct rb_node *n;
	int expect = 4;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(items); i++)
		rb_add(&items[i].node, &root, item_less);
	for (n = rb_last(&root); n; n = rb_prev(n))
		assert_int_equal(item_of(n)->key, expect--);
	assert_int_equal(expect, -1);
	assert_int_equal(item_of(rb_first(&root))->key, 0);
}

static void test_empty_tree_has_no_first_or_last(void **state)
{
	struct rb_root root = RB_ROOT;

	assert_true(RB_EMPTY_ROOT(&root));
	assert_null(rb_first(&root));
	assert_null(rb_last(&root));
	assert_null(rb_first_postorder(&root));
}

static void test_cleared_node_reads_as_empty_and_has_no_next(void **state)
{
	struct item item = { 1 };

	RB_CLEAR_NODE(&item.node);
	assert_true(RB_EMPTY_NODE(&item.node));
	assert_null(rb_next(&item.node));
	assert_null(rb_prev(&item.node));
}

static void test_rb_add_cached_reports_a_new_leftmost(void **state)
{
	struct item a = { 5 }, b = { 7 }, c = { 2 };
	struct rb_root_cached root = RB_ROOT_CACHED;

	assert_ptr_equal(rb_add_cached(&a.node, &root, item_less), &a.node);
	assert_null(rb_add_cached(&b.node, &root, item_less));
	assert_ptr_equal(rb_add_cached(&c.node, &root, item_less), &c.node);
	assert_ptr_equal(rb_first_cached(&root), &c.node);
}

static void test_rb_erase_cached_returns_the_next_leftmost(void **state)
{
	struct item a = { 5 }, b = { 7 }, c = { 2 };
	struct rb_root_cached root = RB_ROOT_CACHED;

	rb_add_cached(&a.node, &root, item_less);
	rb_add_cached(&b.node, &root, item_less);
	rb_add_cached(&c.node, &root, item_less);
	assert_null(rb_erase_cached(&b.node, &root));	/* not the leftmost */
	assert_ptr_equal(rb_erase_cached(&c.node, &root), &a.node);
	assert_ptr_equal(rb_first_cached(&root), &a.node);
	check_tree(&root.rb_root, 1);
}

static void test_rb_find_first_and_rb_for_each_visit_every_equal_key(void **state)
{
	struct item items[7] = { { 1 }, { 3 }, { 3 }, { 2 }, { 3 }, { 4 }, { 3 } };
	struct rb_root root = RB_ROOT;
	struct rb_node *n;
	int key = 3, seen = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(items); i++)
		rb_add(&items[i].node, &root, item_less);
	n = rb_find_first(&key, &root, key_cmp);
	assert_non_null(n);
	assert_int_equal(item_of(rb_prev(n))->key, 2);	/* the leftmost 3 */
	rb_for_each(n, &key, &root, key_cmp) {
		assert_int_equal(item_of(n)->key, 3);
		seen++;
	}
	assert_int_equal(seen, 4);
	key = 9;
	assert_null(rb_find(&key, &root, key_cmp));
}

static void test_rb_find_add_returns_the_existing_equal_node(void **state)
{
	struct item a = { 5 }, dup = { 5 }, b = { 6 };
	struct rb_root root = RB_ROOT;

	assert_null(rb_find_add(&a.node, &root, item_cmp));
	assert_null(rb_find_add(&b.node, &root, item_cmp));
	assert_ptr_equal(rb_find_add(&dup.node, &root, item_cmp), &a.node);
	check_tree(&root, 2);
}

static void test_rb_replace_node_takes_the_victims_place(void **state)
{
	struct item items[3] = { { 1 }, { 2 }, { 3 } }, new = { 2 };
	struct rb_root root = RB_ROOT;
	unsigned int i;
	int key = 2;

	for (i = 0; i < ARRAY_SIZE(items); i++)
		rb_add(&items[i].node, &root, item_less);
	rb_replace_node(&items[1].node, &new.node, &root);
	assert_ptr_equal(rb_find(&key, &root, key_cmp), &new.node);
	check_tree(&root, 3);
}

/* Whether n is among the first nr entries of freed (only compared, never read). */
static bool was_freed(struct rb_node **freed, int nr, const struct rb_node *n)
{
	int i;

	for (i = 0; i < nr; i++)
		if (freed[i] == n)
			return true;
	return false;
}

static void test_postorder_walk_lets_the_body_free_every_entry(void **state)
{
	struct rb_root root = RB_ROOT;
	struct rb_node *freed[50];
	struct item *pos, *n = NULL;
	int i, visited = 0;

	for (i = 0; i < 50; i++) {
		struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);

		assert_non_null(it);
		it->key = (i * 7) % 50;
		rb_add(&it->node, &root, item_less);
	}
	rbtree_postorder_for_each_entry_safe(pos, n, &root, node) {
		/* Children come before their parent: both already freed. */
		assert_true(!pos->node.rb_left ||
			    was_freed(freed, visited, pos->node.rb_left));
		assert_true(!pos->node.rb_right ||
			    was_freed(freed, visited, pos->node.rb_right));
		freed[visited++] = &pos->node;
		kfree(pos);
	}
	assert_int_equal(visited, 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_inserts_and_erases_keep_the_red_black_rules),
		cmocka_unit_test(test_ascending_inserts_stay_within_twice_the_log_height),
		cmocka_unit_test(test_rb_prev_walks_back_from_rb_last),
		cmocka_unit_test(test_empty_tree_has_no_first_or_last),
		cmocka_unit_test(test_cleared_node_reads_as_empty_and_has_no_next),
		cmocka_unit_test(test_rb_add_cached_reports_a_new_leftmost),
		cmocka_unit_test(test_rb_erase_cached_returns_the_next_leftmost),
		cmocka_unit_test(test_rb_find_first_and_rb_for_each_visit_every_equal_key),
		cmocka_unit_test(test_rb_find_add_returns_the_existing_equal_node),
		cmocka_unit_test(test_rb_replace_node_takes_the_victims_place),
		cmocka_unit_test(test_postorder_walk_lets_the_body_free_every_entry),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
