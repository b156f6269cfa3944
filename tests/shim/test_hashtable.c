// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/hashtable.h> and the hlist API of <linux/list.h>: a key's entries
 * are found in its bucket, deletion unhashes, iteration visits each entry
 * once, and hash_min() picks the bucket hash_32()/hash_long() give
 * (include/linux/hashtable.h, include/linux/hash.h).
 */
#include <linux/hashtable.h>
#include "shim_harness.h"

struct entry {
	unsigned long key;
	struct hlist_node node;
};

static void test_hash_for_each_possible_finds_the_added_key(void **state)
{
	DEFINE_HASHTABLE(table, 4);
	struct entry a = { .key = 42 }, b = { .key = 43 };
	struct entry *pos;
	unsigned long key = 42;
	int found = 0;

	hash_add(table, &a.node, a.key);
	hash_add(table, &b.node, b.key);
	hash_for_each_possible(table, pos, node, key)
		if (pos->key == key)
			found++;
	assert_int_equal(found, 1);
}

static void test_hash_bits_and_size_follow_the_declaration(void **state)
{
	DEFINE_HASHTABLE(table, 5);

	assert_int_equal(HASH_SIZE(table), 32);
	assert_int_equal(HASH_BITS(table), 5);
	assert_true(hash_empty(table));
}

static void test_hash_min_uses_hash_32_for_an_int_key(void **state)
{
	unsigned int key32 = 0x12345678;
	unsigned long key64 = 0x123456789abcdefUL;

	/* hash_32(): the top bits of key * 0x61C88647 (GOLDEN_RATIO_32). */
	assert_int_equal(hash_min(key32, 6), (u32)(key32 * 0x61C88647U) >> 26);
	/* hash_long() on 64-bit: key * 0x61C8864680B583EB (GOLDEN_RATIO_64). */
	assert_int_equal(hash_min(key64, 6),
			 (u32)((key64 * 0x61C8864680B583EBULL) >> 58));
}

static void test_hash_del_unhashes_and_empties_the_table(void **state)
{
	DEFINE_HASHTABLE(table, 3);
	struct entry a = { .key = 7 };

	hash_add(table, &a.node, a.key);
	assert_true(hash_hashed(&a.node));
	assert_false(hash_empty(table));
	hash_del(&a.node);
	assert_false(hash_hashed(&a.node));
	assert_true(hash_empty(table));
}

static void test_hash_for_each_visits_every_entry_once(void **state)
{
	DECLARE_HASHTABLE(table, 3);
	struct entry entries[20], *pos;
	unsigned int bkt, i, seen[20] = { 0 };

	hash_init(table);
	for (i = 0; i < ARRAY_SIZE(entries); i++) {
		entries[i].key = i * 1000;
		hash_add(table, &entries[i].node, entries[i].key);
	}
	hash_for_each(table, bkt, pos, node)
		seen[pos->key / 1000]++;
	for (i = 0; i < ARRAY_SIZE(entries); i++)
		assert_int_equal(seen[i], 1);
}

static void test_hash_for_each_safe_allows_deleting_the_current_entry(void **state)
{
	DEFINE_HASHTABLE(table, 2);
	struct entry entries[10], *pos;
	struct hlist_node *tmp;
	unsigned int bkt, i, deleted = 0;

	for (i = 0; i < ARRAY_SIZE(entries); i++) {
		entries[i].key = i;
		hash_add(table, &entries[i].node, entries[i].key);
	}
	hash_for_each_safe(table, bkt, tmp, pos, node) {
		hash_del(&pos->node);
		deleted++;
	}
	assert_int_equal(deleted, 10);
	assert_true(hash_empty(table));
}

static void test_hlist_add_head_puts_the_newest_first(void **state)
{
	HLIST_HEAD(head);
	struct entry a = { .key = 1 }, b = { .key = 2 };

	hlist_add_head(&a.node, &head);
	hlist_add_head(&b.node, &head);
	assert_ptr_equal(hlist_entry(head.first, struct entry, node), &b);
	assert_int_equal(hlist_count_nodes(&head), 2);
}

static void test_hlist_add_before_and_behind_place_the_node(void **state)
{
	HLIST_HEAD(head);
	struct entry a = { .key = 1 }, b = { .key = 2 }, c = { .key = 3 };
	struct entry *pos;
	unsigned long order[3];
	int i = 0;

	hlist_add_head(&b.node, &head);
	hlist_add_before(&a.node, &b.node);
	hlist_add_behind(&c.node, &b.node);
	hlist_for_each_entry(pos, &head, node)
		order[i++] = pos->key;
	assert_int_equal(i, 3);
	assert_int_equal(order[0], 1);
	assert_int_equal(order[1], 2);
	assert_int_equal(order[2], 3);
}

static void test_hlist_del_poisons_and_del_init_unhashes(void **state)
{
	HLIST_HEAD(head);
	struct entry a = { .key = 1 }, b = { .key = 2 };

	INIT_HLIST_NODE(&a.node);
	assert_true(hlist_unhashed(&a.node));
	hlist_add_head(&a.node, &head);
	hlist_add_head(&b.node, &head);
	hlist_del(&a.node);
	assert_ptr_equal(a.node.next, LIST_POISON1);
	assert_ptr_equal(a.node.pprev, LIST_POISON2);
	hlist_del_init(&b.node);
	assert_true(hlist_unhashed(&b.node));
	assert_true(hlist_empty(&head));
}

static void test_hlist_move_list_leaves_the_old_head_empty(void **state)
{
	HLIST_HEAD(old);
	HLIST_HEAD(new);
	struct entry a = { .key = 1 };

	hlist_add_head(&a.node, &old);
	hlist_move_list(&old, &new);
	assert_true(hlist_empty(&old));
	assert_ptr_equal(new.first, &a.node);
	assert_ptr_equal(a.node.pprev, &new.first);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hash_for_each_possible_finds_the_added_key),
		cmocka_unit_test(test_hash_bits_and_size_follow_the_declaration),
		cmocka_unit_test(test_hash_min_uses_hash_32_for_an_int_key),
		cmocka_unit_test(test_hash_del_unhashes_and_empties_the_table),
		cmocka_unit_test(test_hash_for_each_visits_every_entry_once),
		cmocka_unit_test(test_hash_for_each_safe_allows_deleting_the_current_entry),
		cmocka_unit_test(test_hlist_add_head_puts_the_newest_first),
		cmocka_unit_test(test_hlist_add_before_and_behind_place_the_node),
		cmocka_unit_test(test_hlist_del_poisons_and_del_init_unhashes),
		cmocka_unit_test(test_hlist_move_list_leaves_the_old_head_empty),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
