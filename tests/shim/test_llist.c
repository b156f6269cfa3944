// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/llist.h>: llist_add() reports an empty list, llist_del_all()
 * takes entries newest first, llist_reverse_order() restores the order
 * they were added in, llist_del_first() pops the newest, and concurrent
 * producers lose no entry (include/linux/llist.h, lib/llist.c).
 */
#include <pthread.h>
#include <linux/llist.h>
#include "shim_harness.h"

struct item {
	int value;
	struct llist_node node;
};

static void test_llist_add_returns_true_only_on_an_empty_list(void **state)
{
	LLIST_HEAD(head);
	struct item a = { 1 }, b = { 2 };

	assert_true(llist_empty(&head));
	assert_true(llist_add(&a.node, &head));
	assert_false(llist_add(&b.node, &head));
	assert_false(llist_empty(&head));
}

static void test_llist_del_all_takes_entries_newest_first(void **state)
{
	struct llist_head head;
	struct item items[3] = { { 0 }, { 1 }, { 2 } }, *pos;
	int expect = 2;
	unsigned int i;

	init_llist_head(&head);
	for (i = 0; i < ARRAY_SIZE(items); i++)
		llist_add(&items[i].node, &head);
	llist_for_each_entry(pos, llist_del_all(&head), node)
		assert_int_equal(pos->value, expect--);
	assert_int_equal(expect, -1);
	assert_true(llist_empty(&head));
	assert_null(llist_del_all(&head));
}

static void test_llist_reverse_order_gives_the_order_of_adding(void **state)
{
	LLIST_HEAD(head);
	struct item items[4] = { { 0 }, { 1 }, { 2 }, { 3 } }, *pos, *n;
	int expect = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(items); i++)
		llist_add(&items[i].node, &head);
	llist_for_each_entry_safe(pos, n, llist_reverse_order(llist_del_all(&head)), node) {
		assert_int_equal(pos->value, expect++);
		pos->node.next = NULL;	/* the safe form allows changing pos */
	}
	assert_int_equal(expect, 4);
}

static void test_llist_del_first_pops_the_newest(void **state)
{
	LLIST_HEAD(head);
	struct item a = { 1 }, b = { 2 };

	llist_add(&a.node, &head);
	llist_add(&b.node, &head);
	assert_ptr_equal(llist_del_first(&head), &b.node);
	assert_ptr_equal(llist_del_first_init(&head), &a.node);
	assert_false(llist_on_list(&a.node));
	assert_null(llist_del_first(&head));
}

static void test_llist_add_batch_pushes_a_chain_in_one_step(void **state)
{
	LLIST_HEAD(head);
	struct item a = { 1 }, b = { 2 }, c = { 3 };
	struct llist_node *first;

	llist_add(&c.node, &head);
	a.node.next = &b.node;
	assert_false(llist_add_batch(&a.node, &b.node, &head));
	first = llist_del_all(&head);
	assert_ptr_equal(first, &a.node);
	assert_ptr_equal(llist_next(first), &b.node);
	assert_ptr_equal(llist_next(&b.node), &c.node);
	assert_null(llist_next(&c.node));
}

#define PRODUCERS	4
#define PER_PRODUCER	2000

static struct llist_head shared_head;
static struct item produced[PRODUCERS][PER_PRODUCER];
static atomic_t producers_done;

static void *producer(void *arg)
{
	struct item *mine = arg;
	int i;

	for (i = 0; i < PER_PRODUCER; i++) {
		mine[i].value = i;
		llist_add(&mine[i].node, &shared_head);
	}
	atomic_inc(&producers_done);
	return NULL;
}

/* Take every entry on shared_head, adding up their values and count. */
static void consume(long *total, long *count)
{
	struct item *pos;

	llist_for_each_entry(pos, llist_del_all(&shared_head), node) {
		*total += pos->value;
		(*count)++;
	}
}

static void test_concurrent_producers_lose_no_entry(void **state)
{
	pthread_t threads[PRODUCERS];
	long total = 0, count = 0;
	int t, done;

	init_llist_head(&shared_head);
	atomic_set(&producers_done, 0);
	for (t = 0; t < PRODUCERS; t++)
		assert_int_equal(pthread_create(&threads[t], NULL, producer,
						produced[t]), 0);
	/* The consumer takes batches while the producers run. */
	do {
		done = atomic_read(&producers_done);
		consume(&total, &count);
	} while (done < PRODUCERS);
	for (t = 0; t < PRODUCERS; t++)
		pthread_join(threads[t], NULL);
	consume(&total, &count);
	assert_int_equal(count, (long)PRODUCERS * PER_PRODUCER);
	assert_int_equal(total, (long)PRODUCERS * PER_PRODUCER * (PER_PRODUCER - 1) / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_llist_add_returns_true_only_on_an_empty_list),
		cmocka_unit_test(test_llist_del_all_takes_entries_newest_first),
		cmocka_unit_test(test_llist_reverse_order_gives_the_order_of_adding),
		cmocka_unit_test(test_llist_del_first_pops_the_newest),
		cmocka_unit_test(test_llist_add_batch_pushes_a_chain_in_one_step),
		cmocka_unit_test(test_concurrent_producers_lose_no_entry),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
