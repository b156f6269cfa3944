// SPDX-License-Identifier: GPL-2.0
/*
 * Threads sharing simulated CPUs allocate and free across each other's
 * objects through shared slots; every object carries a check word made
 * of its address and its slot, so that a stray write shows, and so does
 * an object handed to two threads at once (which then sits in two slots,
 * or is found in its slot already); at the end the cache's accounting
 * must show nothing lost.  (The long, seeded torture runs belong to the
 * concurrency work; this is the short guard that runs everywhere,
 * valgrind included.)
 */
#include <pthread.h>
#include <stdlib.h>
#include "harness.h"

#define SLOTS	1024
#define OPS	20000

static struct kmem_cache *cache;
static void *slots[SLOTS];
/* Objects found overwritten or handed out twice. */
static atomic_long_t bad_objects;

/* What the object p, kept in slot k, holds in its first word. */
static unsigned long check_word(unsigned int k, const void *p)
{
	return (unsigned long)p ^ k;
}

/*
 * Free p, taken from slot k, if it still holds its check word; one that
 * does not is another slot's as well (or was overwritten), and freeing
 * it would free it twice.
 */
static void release(unsigned int k, void *p)
{
	if (*(unsigned long *)p != check_word(k, p)) {
		atomic_long_inc(&bad_objects);
		return;
	}
	if (k & 1)
		kmem_cache_free(cache, p);
	else
		kfree(p);
}

static void *worker(void *arg)
{
	unsigned int seed = (unsigned int)(unsigned long)arg;
	int i;

	for (i = 0; i < OPS; i++) {
		unsigned int k = rand_r(&seed) % SLOTS;
		void *p = __atomic_exchange_n(&slots[k], NULL, __ATOMIC_ACQ_REL);
		void *old;

		if (p) {
			release(k, p);
			continue;
		}
		p = k & 1 ? kmem_cache_alloc(cache, GFP_KERNEL) :
			    kmalloc(k % 500 + 8, GFP_KERNEL);
		if (!p)
			continue;
		*(unsigned long *)p = check_word(k, p);
		old = __atomic_exchange_n(&slots[k], p, __ATOMIC_ACQ_REL);
		/* p in its slot already: another thread was handed it too. */
		if (old == p)
			atomic_long_inc(&bad_objects);
		else if (old)
			release(k, old);
	}
	return NULL;
}

static void run_threads(unsigned int nr)
{
	pthread_t threads[8];
	unsigned int i;

	cache = kmem_cache_create("threads", 72, 0, SLAB_NO_MERGE, NULL);
	assert_non_null(cache);
	for (i = 0; i < nr; i++)
		pthread_create(&threads[i], NULL, worker, (void *)(unsigned long)(i + 1));
	for (i = 0; i < nr; i++)
		pthread_join(threads[i], NULL);
	for (i = 0; i < SLOTS; i++)
		if (slots[i])
			release(i, slots[i]);
	memset(slots, 0, sizeof(slots));
	assert_int_equal(atomic_long_read(&bad_objects), 0);
	assert_int_equal(libslab_count_inuse(cache), 0);
	kmem_cache_destroy(cache);
}

static void test_four_threads_on_two_cpus_lose_no_objects(void **state)
{
	run_threads(4);
}

static void test_eight_threads_on_two_cpus_lose_no_objects(void **state)
{
	run_threads(8);
}

static void test_kmalloc_caches_are_empty_after_threads(void **state)
{
	unsigned int idx;

	run_threads(4);
	for (idx = 3; idx <= 9; idx++)
		assert_int_equal(libslab_count_inuse(kmalloc_caches[KMALLOC_NORMAL][idx]), 0);
	assert_int_equal(libslab_count_inuse(kmalloc_caches[KMALLOC_NORMAL][1]), 0);
	assert_int_equal(libslab_count_inuse(kmalloc_caches[KMALLOC_NORMAL][2]), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_four_threads_on_two_cpus_lose_no_objects),
		cmocka_unit_test(test_eight_threads_on_two_cpus_lose_no_objects),
		cmocka_unit_test(test_kmalloc_caches_are_empty_after_threads),
	};

	return slab_run_group(tests, expect_clean_setup, expect_clean_teardown);
}
