// SPDX-License-Identifier: GPL-2.0
/*
 * RCU: SLAB_TYPESAFE_BY_RCU keeps a freed slab's memory a slab page of its
 * cache until a grace period has passed, so readers see objects of the
 * same type (perhaps reused), never freed memory; kfree_rcu() in its one-
 * and two-argument forms frees only after readers are gone; destroying a
 * cache waits for what is still in flight.  Runs with page_poison=on, so
 * memory handed back to the page allocator reads as PAGE_POISON.  "Not
 * freed yet" is checked once RCU is seen waiting for the reader
 * (sim/rcu.h), not after some time: then nothing but the reader leaving
 * can let it go further, however slowly the host runs.
 */
#include <pthread.h>
#include <unistd.h>
#include <linux/rcupdate.h>
#include <linux/vmalloc.h>
#include <sim/rcu.h>
#include "harness.h"

#define TYPE_MAGIC	0x7e57ab1eU

struct node {
	unsigned int magic;		/* set by the constructor, never cleared */
	unsigned int generation;
	struct rcu_head rcu;
	char payload[40];
};

static void node_ctor(void *p)
{
	struct node *n = p;

	n->magic = TYPE_MAGIC;
	n->generation = 0;
}

static struct kmem_cache *make_typesafe(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, sizeof(struct node), 0,
						 SLAB_TYPESAFE_BY_RCU, node_ctor);

	assert_non_null(s);
	assert_true(s->flags & SLAB_TYPESAFE_BY_RCU);
	return s;
}

static void test_typesafe_slab_stays_a_slab_page_until_readers_leave(void **state)
{
	struct kmem_cache *s = make_typesafe("typesafe_page");
	struct node *n = kmem_cache_alloc(s, GFP_KERNEL);
	struct folio *folio = virt_to_folio(n);

	rcu_barrier();			/* nothing older in flight */
	rcu_read_lock();
	kmem_cache_free(s, n);
	kmem_cache_shrink(s);		/* the empty slab is released... */
	assert_int_equal(slab_test_nr_slabs(s), 0);
	assert_true(sim_rcu_waits_for_readers());
	/* ...but stays this cache's memory while a reader may look. */
	assert_true(folio_test_slab(folio));
	assert_ptr_equal(folio_slab(folio)->slab_cache, s);
	assert_int_equal(READ_ONCE(n->magic), TYPE_MAGIC);
	rcu_read_unlock();

	rcu_barrier();
	assert_false(folio_test_slab(folio));
	assert_int_equal(READ_ONCE(n->magic), 0xaaaaaaaaU);	/* PAGE_POISON */
	kmem_cache_destroy(s);
}

static void test_slab_without_typesafe_goes_back_at_once(void **state)
{
	struct kmem_cache *s = kmem_cache_create("not_typesafe", sizeof(struct node),
						 0, SLAB_NO_MERGE, node_ctor);
	struct node *n = kmem_cache_alloc(s, GFP_KERNEL);
	struct folio *folio = virt_to_folio(n);

	kmem_cache_free(s, n);
	kmem_cache_shrink(s);
	assert_false(folio_test_slab(folio));
	kmem_cache_destroy(s);
}

static void test_typesafe_object_is_reused_at_once_under_a_reader(void **state)
{
	struct kmem_cache *s = make_typesafe("typesafe_at_once");
	struct node *seen, *again;

	rcu_read_lock();
	seen = kmem_cache_alloc(s, GFP_KERNEL);
	seen->generation = 1;
	kmem_cache_free(s, seen);
	again = kmem_cache_alloc(s, GFP_KERNEL);
	again->generation = 2;
	/* The reader's pointer now names a different object of the same type. */
	assert_ptr_equal(again, seen);
	assert_int_equal(READ_ONCE(seen->magic), TYPE_MAGIC);
	assert_int_equal(READ_ONCE(seen->generation), 2);
	rcu_read_unlock();
	kmem_cache_free(s, again);
	kmem_cache_destroy(s);
}

static struct node *published;
static int stop_readers;

struct reader_stats {
	unsigned long reads;
	unsigned long reused;		/* generation changed under the reader */
	unsigned long foreign;		/* magic not ours: freed memory seen */
};

static void *typesafe_reader(void *arg)
{
	struct reader_stats *st = arg;

	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		struct node *n;
		unsigned int gen;

		rcu_read_lock();
		n = rcu_dereference(published);
		if (n) {
			gen = READ_ONCE(n->generation);
			if (READ_ONCE(n->magic) != TYPE_MAGIC)
				st->foreign++;
			if (READ_ONCE(n->generation) != gen)
				st->reused++;
			__atomic_store_n(&st->reads, st->reads + 1, __ATOMIC_RELAXED);
		}
		rcu_read_unlock();
	}
	return NULL;
}

static void test_typesafe_readers_see_reused_objects_never_freed_memory(void **state)
{
	struct kmem_cache *s = make_typesafe("typesafe_reuse");
	struct reader_stats st[2] = { { 0 } };
	pthread_t readers[2];
	unsigned int i;

	published = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 2; i++)
		pthread_create(&readers[i], NULL, typesafe_reader, &st[i]);
	while (!__atomic_load_n(&st[0].reads, __ATOMIC_RELAXED) ||
	       !__atomic_load_n(&st[1].reads, __ATOMIC_RELAXED))
		usleep(100);
	for (i = 1; i <= 20000; i++) {
		struct node *n = kmem_cache_alloc(s, GFP_KERNEL);
		struct node *old;

		assert_non_null(n);
		WRITE_ONCE(n->generation, i);
		old = __atomic_exchange_n(&published, n, __ATOMIC_ACQ_REL);
		if (old) {
			/* Reused at once while readers may still hold it. */
			kmem_cache_free(s, old);
			WRITE_ONCE(old->generation, i + 1000000);
		}
		if (i % 512 == 0)
			kmem_cache_shrink(s);
	}
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		pthread_join(readers[i], NULL);
	kmem_cache_free(s, published);
	published = NULL;

	assert_true(st[0].reads + st[1].reads > 0);
	assert_int_equal(st[0].foreign + st[1].foreign, 0);
	kmem_cache_destroy(s);
}

struct with_head {
	long value;
	struct rcu_head rcu;
};

static int reader_inside;
static int reader_may_leave;

static void *hold_read_section(void *unused)
{
	rcu_read_lock();
	__atomic_store_n(&reader_inside, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&reader_may_leave, __ATOMIC_SEQ_CST))
		usleep(1000);
	rcu_read_unlock();
	return NULL;
}

static unsigned long kmalloc_inuse(size_t size)
{
	return libslab_count_inuse(kmalloc_slab(size, GFP_KERNEL, 0));
}

static void test_kfree_rcu_waits_for_the_reader_it_started_under(void **state)
{
	struct with_head *p = kmalloc(sizeof(*p), GFP_KERNEL);
	unsigned long before;
	pthread_t reader;

	before = kmalloc_inuse(sizeof(*p));
	rcu_barrier();			/* nothing older in flight */
	reader_inside = reader_may_leave = 0;
	pthread_create(&reader, NULL, hold_read_section, NULL);
	while (!__atomic_load_n(&reader_inside, __ATOMIC_SEQ_CST))
		usleep(1000);
	kfree_rcu(p, rcu);
	assert_true(sim_rcu_waits_for_readers());
	assert_int_equal(kmalloc_inuse(sizeof(*p)), before);	/* still there */
	__atomic_store_n(&reader_may_leave, 1, __ATOMIC_SEQ_CST);
	pthread_join(reader, NULL);
	kvfree_rcu_barrier();
	assert_int_equal(kmalloc_inuse(sizeof(*p)), before - 1);
}

static void test_one_argument_kfree_rcu_frees_after_a_grace_period(void **state)
{
	void *p[600];
	unsigned long before;
	int i;

	for (i = 0; i < 600; i++)
		p[i] = kmalloc(96, GFP_KERNEL);
	before = kmalloc_inuse(96);
	for (i = 0; i < 300; i++)
		kfree_rcu(p[i]);
	for (; i < 600; i++)
		kfree_rcu_mightsleep(p[i]);
	kvfree_rcu_barrier();
	assert_int_equal(kmalloc_inuse(96), before - 600);
}

static void test_kvfree_rcu_frees_vmalloc_memory_too(void **state)
{
	struct with_head *big = kvmalloc(8 << 20, GFP_KERNEL)	/* above MAX_PAGE_ORDER */;
	struct with_head *small = kvmalloc(sizeof(*small), GFP_KERNEL);

	assert_true(is_vmalloc_addr(big));
	assert_false(is_vmalloc_addr(small));
	kvfree_rcu(big, rcu);
	kvfree_rcu(small);
	kvfree_rcu_barrier();
	/* valgrind and ASan would report a leak or a bad free here. */
}

static int callbacks_ran;

static void count_callback(struct rcu_head *head)
{
	__atomic_fetch_add(&callbacks_ran, 1, __ATOMIC_SEQ_CST);
}

static void test_rcu_barrier_waits_for_every_queued_callback(void **state)
{
	static struct rcu_head heads[8];
	int i;

	for (i = 0; i < 8; i++)
		call_rcu(&heads[i], count_callback);
	rcu_barrier();
	assert_int_equal(__atomic_load_n(&callbacks_ran, __ATOMIC_SEQ_CST), 8);
}

static void test_destroy_waits_for_kfree_rcu_of_its_objects(void **state)
{
	struct kmem_cache *s = kmem_cache_create("destroy_after_rcu",
						 sizeof(struct with_head), 0,
						 SLAB_NO_MERGE, NULL);
	unsigned long errors = libslab_error_count();
	int i;

	for (i = 0; i < 100; i++) {
		struct with_head *p = kmem_cache_alloc(s, GFP_KERNEL);

		kfree_rcu(p, rcu);
	}
	kmem_cache_destroy(s);		/* no "objects remaining" report */
	assert_int_equal(libslab_error_count(), errors);
}

static void test_typesafe_cache_destroy_waits_for_its_slabs(void **state)
{
	struct kmem_cache *s = make_typesafe("typesafe_destroy");
	unsigned long slab_pages = sim_slab_pages_in_use();
	void *p[64];
	int i;

	for (i = 0; i < 64; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 64; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
	/* Every slab went back through a grace period before the cache. */
	assert_true(sim_slab_pages_in_use() <= slab_pages);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_typesafe_slab_stays_a_slab_page_until_readers_leave, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_slab_without_typesafe_goes_back_at_once, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_typesafe_object_is_reused_at_once_under_a_reader, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_typesafe_readers_see_reused_objects_never_freed_memory, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_kfree_rcu_waits_for_the_reader_it_started_under, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_one_argument_kfree_rcu_frees_after_a_grace_period, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_kvfree_rcu_frees_vmalloc_memory_too, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_rcu_barrier_waits_for_every_queued_callback, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_destroy_waits_for_kfree_rcu_of_its_objects, expect_clean_setup, expect_clean_teardown),
		cmocka_unit_test_setup_teardown(test_typesafe_cache_destroy_waits_for_its_slabs, expect_clean_setup, expect_clean_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
