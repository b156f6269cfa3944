// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/rculist.h> and the RCU forms of <linux/hashtable.h> with readers
 * running while a writer updates: a reader sees only entries whose
 * contents were written before they were published, and never an entry
 * freed after a grace period (the writer poisons it first, and a reader
 * lingering on an entry checks it neither reads the poison nor turned
 * into a reused object with another key); list_replace_rcu()
 * shows each reader the old entry or the new one, never neither.  The
 * writer waits for every reader to finish a walk before its first update
 * and again every few rounds, so the readers' checks are made while it
 * updates (a reader that stops walking hangs it until meson's timeout
 * fails it).  Also the
 * PROVE_RCU_LIST check: a walk outside a reader without a lockdep
 * condition WARNs (Documentation/RCU/listRCU.rst, include/linux/rculist.h).
 */
#include <pthread.h>
#include <linux/atomic.h>
#include <linux/rculist.h>
#include <linux/hashtable.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include "shim_harness.h"

#define LIVE	0x11fe11feU

struct entry {
	unsigned int magic;
	unsigned long key;
	struct list_head list;
	struct hlist_node hnode;
	struct rcu_head rcu;
};

static struct entry *entry_new(unsigned long key)
{
	struct entry *e = kmalloc(sizeof(*e), GFP_KERNEL);

	assert_non_null(e);
	WRITE_ONCE(e->magic, LIVE);
	WRITE_ONCE(e->key, key);
	return e;
}

/* After the grace period: poison, so a late reader would see it, then free. */
static void entry_free_rcu(struct rcu_head *head)
{
	struct entry *e = container_of(head, struct entry, rcu);

	WRITE_ONCE(e->magic, 0);
	WRITE_ONCE(e->key, ~0UL);
	kfree(e);
}

static LIST_HEAD(shared_list);
static DEFINE_HASHTABLE(shared_table, 3);
static DEFINE_SPINLOCK(writer_lock);
static atomic_t writer_done;
static atomic_t bad_reads;

#define READERS		2
#define ROUNDS		300
/* The writer lets every reader finish a walk each this many rounds. */
#define ROUNDS_PER_WALK 10

struct reader {
	pthread_t thread;
	atomic_t walks;		      /* walks finished */
	unsigned long expect_exactly; /* entries each walk must see, or 0 */
};

static struct reader readers[READERS];

/*
 * Whether e, reached inside a read section, is live and (when linger)
 * stays the same entry across a yield to the writer: a freed entry would
 * read as poison or, reused at once, carry another key.
 */
static bool entry_stays_live(const struct entry *e, bool linger)
{
	unsigned long key = READ_ONCE(e->key);

	if (READ_ONCE(e->magic) != LIVE)
		return false;
	if (linger)
		sched_yield();
	return READ_ONCE(e->magic) == LIVE && READ_ONCE(e->key) == key;
}

/* Walk shared_list until the writer is done; count dead or miscounted entries. */
static void *list_reader(void *arg)
{
	struct reader *r = arg;
	struct entry *e;
	unsigned long seen;

	while (!atomic_read(&writer_done)) {
		seen = 0;
		rcu_read_lock();
		list_for_each_entry_rcu(e, &shared_list, list) {
			/* Linger on some entries: the writer runs meanwhile. */
			if (!entry_stays_live(e, seen++ % 8 == 0))
				atomic_inc(&bad_reads);
		}
		rcu_read_unlock();
		if (r->expect_exactly && seen != r->expect_exactly)
			atomic_inc(&bad_reads);
		atomic_inc(&r->walks);
	}
	return NULL;
}

static void join_readers(void)
{
	int t;

	atomic_set(&writer_done, 1);
	for (t = 0; t < READERS; t++)
		pthread_join(readers[t].thread, NULL);
}

/*
 * Wait until every reader has finished a walk after this call began, so
 * that each one reads among the writer's updates.  However long that
 * takes: a reader that never walks again hangs the test until meson's
 * timeout fails it, where a time limit here would fail a slow host.
 */
static void readers_walk(void)
{
	int t, since;

	for (t = 0; t < READERS; t++) {
		since = atomic_read(&readers[t].walks);
		while (atomic_read(&readers[t].walks) == since)
			sched_yield();
	}
}

/* Start the readers, and let each finish a walk before any update. */
static void start_readers(void *(*fn)(void *), unsigned long expect_exactly)
{
	int t;

	atomic_set(&writer_done, 0);
	atomic_set(&bad_reads, 0);
	for (t = 0; t < READERS; t++) {
		struct reader *r = &readers[t];

		atomic_set(&r->walks, 0);
		r->expect_exactly = expect_exactly;
		assert_int_equal(pthread_create(&r->thread, NULL, fn, r), 0);
	}
	readers_walk();
}

/* Let each reader walk past the last update, then stop them and check. */
static void stop_readers(void)
{
	readers_walk();
	join_readers();
	rcu_barrier();
	assert_int_equal(atomic_read(&bad_reads), 0);
}

static void test_readers_never_see_an_entry_freed_after_list_del_rcu(void **state)
{
	struct entry *e, *n, *tail, *head;
	int round;

	start_readers(list_reader, 0);
	for (round = 0; round < ROUNDS; round++) {
		if (round % ROUNDS_PER_WALK == 0 && round > 0)
			readers_walk();
		/* GFP_KERNEL may sleep: allocate before the writer's spinlock. */
		tail = entry_new(round);
		head = entry_new(round);
		spin_lock(&writer_lock);
		list_add_tail_rcu(&tail->list, &shared_list);
		list_add_rcu(&head->list, &shared_list);
		if (round % 2) {
			/* Alternately the newest and the oldest entry. */
			e = round % 4 == 1 ?
				list_first_entry(&shared_list, struct entry, list) :
				list_last_entry(&shared_list, struct entry, list);
			list_del_rcu(&e->list);
			call_rcu(&e->rcu, entry_free_rcu);
		}
		spin_unlock(&writer_lock);
	}
	stop_readers();
	list_for_each_entry_safe(e, n, &shared_list, list) {
		list_del(&e->list);
		kfree(e);
	}
}

static void test_list_replace_rcu_shows_the_old_or_the_new_entry(void **state)
{
	struct entry *old, *new;
	int round;

	list_add_rcu(&entry_new(0)->list, &shared_list);
	start_readers(list_reader, 1);
	for (round = 1; round <= ROUNDS; round++) {
		if (round % ROUNDS_PER_WALK == 0 && round > 0)
			readers_walk();
		new = entry_new(round);
		spin_lock(&writer_lock);
		old = list_first_entry(&shared_list, struct entry, list);
		list_replace_rcu(&old->list, &new->list);
		spin_unlock(&writer_lock);
		call_rcu(&old->rcu, entry_free_rcu);
	}
	stop_readers();
	new = list_first_entry(&shared_list, struct entry, list);
	assert_int_equal(new->key, ROUNDS);
	list_del(&new->list);
	kfree(new);
}

/* Look up every key of the table, a walk each time, until the writer is done. */
static void *hash_reader(void *arg)
{
	struct reader *r = arg;
	struct entry *e;
	unsigned long key;

	while (!atomic_read(&writer_done)) {
		for (key = 0; key < 16; key++) {
			rcu_read_lock();
			hash_for_each_possible_rcu(shared_table, e, hnode, key) {
				if (!entry_stays_live(e, true))
					atomic_inc(&bad_reads);
			}
			rcu_read_unlock();
		}
		atomic_inc(&r->walks);
	}
	return NULL;
}

static void test_hash_readers_never_see_an_entry_freed_after_hash_del_rcu(void **state)
{
	struct entry *slots[16] = { NULL }, *e, *new;
	unsigned long key;
	int round;

	start_readers(hash_reader, 0);
	for (round = 0; round < ROUNDS; round++) {
		if (round % ROUNDS_PER_WALK == 0 && round > 0)
			readers_walk();
		key = (unsigned long)round % 16;
		new = entry_new(key);
		spin_lock(&writer_lock);
		if (slots[key]) {
			hash_del_rcu(&slots[key]->hnode);
			call_rcu(&slots[key]->rcu, entry_free_rcu);
		}
		slots[key] = new;
		hash_add_rcu(shared_table, &slots[key]->hnode, key);
		spin_unlock(&writer_lock);
	}
	stop_readers();
	for (key = 0; key < 16; key++) {
		e = slots[key];
		if (e) {
			hash_del(&e->hnode);
			kfree(e);
		}
	}
	assert_true(hash_empty(shared_table));
}

static void test_hlist_add_head_rcu_is_found_by_hlist_for_each_entry_rcu(void **state)
{
	HLIST_HEAD(head);
	struct entry *a = entry_new(1), *b = entry_new(2), *e;
	unsigned long sum = 0;

	hlist_add_head_rcu(&a->hnode, &head);
	hlist_add_behind_rcu(&b->hnode, &a->hnode);
	rcu_read_lock();
	/* cppcheck-suppress uninitvar ; it misreads the once-flag of the walk's check */
	hlist_for_each_entry_rcu(e, &head, hnode)
		sum = sum * 10 + e->key;
	rcu_read_unlock();
	assert_int_equal(sum, 12);
	hlist_del_rcu(&a->hnode);
	assert_ptr_equal(a->hnode.pprev, LIST_POISON2);
	assert_ptr_equal(head.first, &b->hnode);
	synchronize_rcu();
	kfree(a);
	kfree(b);
}

static void test_list_first_or_null_rcu_is_null_on_an_empty_list(void **state)
{
	LIST_HEAD(head);
	struct entry *a = entry_new(5);

	rcu_read_lock();
	assert_null(list_first_or_null_rcu(&head, struct entry, list));
	rcu_read_unlock();
	list_add_tail_rcu(&a->list, &head);
	rcu_read_lock();
	assert_ptr_equal(list_first_or_null_rcu(&head, struct entry, list), a);
	rcu_read_unlock();
	list_del_rcu(&a->list);
	assert_ptr_equal(a->list.prev, LIST_POISON2);
	assert_true(list_empty(&head));
	synchronize_rcu();
	kfree(a);
}

static void test_walk_outside_a_reader_without_a_condition_warns(void **state)
{
	LIST_HEAD(head);
	struct entry *e;
	unsigned long before = sim_warn_count();

	/* cppcheck-suppress uninitvar ; it misreads the once-flag of the walk's check */
	list_for_each_entry_rcu(e, &head, list)
		fail();
	assert_int_equal(sim_warn_count(), before + 1);
	assert_captured("RCU-list traversed in non-reader section!");
}

static void test_walk_under_the_lock_named_by_the_condition_is_quiet(void **state)
{
	LIST_HEAD(head);
	struct entry *e;

	spin_lock(&writer_lock);
	/* cppcheck-suppress uninitvar ; it misreads the once-flag of the walk's check */
	list_for_each_entry_rcu(e, &head, list, lockdep_is_held(&writer_lock))
		fail();
	spin_unlock(&writer_lock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_readers_never_see_an_entry_freed_after_list_del_rcu),
		cmocka_unit_test(test_list_replace_rcu_shows_the_old_or_the_new_entry),
		cmocka_unit_test(test_hash_readers_never_see_an_entry_freed_after_hash_del_rcu),
		cmocka_unit_test(test_hlist_add_head_rcu_is_found_by_hlist_for_each_entry_rcu),
		cmocka_unit_test(test_list_first_or_null_rcu_is_null_on_an_empty_list),
		cmocka_unit_test_setup_teardown(test_walk_outside_a_reader_without_a_condition_warns,
						report_setup, report_teardown),
		cmocka_unit_test_setup_teardown(test_walk_under_the_lock_named_by_the_condition_is_quiet,
						expect_clean_setup, expect_clean_teardown),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
