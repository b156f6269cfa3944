// SPDX-License-Identifier: GPL-2.0
/*
 * Memory hotplug: a node whose memory comes online after start-up, as
 * 6.12's slab_memory_callback() handles it.  The suite runs with two CPUs
 * on two nodes of 64 MiB, node 1 starting without memory
 * (memoryless_nodes=1); every case leaves node 1 as it found it.
 */
#include <linux/memory.h>
#include <linux/nodemask.h>
#include "harness.h"

static int pin_cpu0(void **state)
{
	sim_set_cpu(0);
	return 0;
}

static struct kmem_cache *make_cache(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, 256, 0, SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	return s;
}

static int object_nid(const void *object)
{
	assert_non_null(object);
	return folio_nid(virt_to_folio(object));
}

static void test_memoryless_node_starts_without_pages(void **state)
{
	assert_int_equal(sim_node_pages(1), 0);
	assert_false(node_state(1, N_NORMAL_MEMORY));
	assert_true(node_state(1, N_ONLINE));
}

/*
 * 6.12's ___slab_alloc() drops a node that is not in slab_nodes, even for
 * __GFP_THISNODE: the object comes from a node that has memory.
 */
static void test_allocation_naming_a_memoryless_node_comes_from_another(void **state)
{
	struct kmem_cache *s = make_cache("hp_memoryless");
	void *a = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	void *b = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	void *k = kmalloc_node(100, GFP_KERNEL | __GFP_THISNODE, 1);

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(k);
	assert_int_equal(object_nid(a), 0);
	assert_int_equal(object_nid(b), 0);
	assert_int_equal(object_nid(k), 0);
	assert_int_equal(libslab_node_nr_slabs(s, 1), 0);
	kfree(k);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
}

/* slab_mem_going_online_callback(): every existing cache gets the node. */
static void test_online_node_serves_caches_made_before(void **state)
{
	struct kmem_cache *s = make_cache("hp_before");
	void *a, *k;

	assert_int_equal(sim_node_online_memory(1), 0);
	a = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	k = kmalloc_node(100, GFP_KERNEL | __GFP_THISNODE, 1);
	assert_int_equal(object_nid(a), 1);
	assert_int_equal(object_nid(k), 1);
	assert_int_equal(libslab_node_nr_slabs(s, 1), 1);
	kfree(k);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
	assert_int_equal(sim_node_offline_memory(1), 0);
}

/* node_set(nid, slab_nodes): a cache made afterwards has the node too. */
static void test_online_node_serves_caches_made_after(void **state)
{
	struct kmem_cache *s;
	void *a;

	assert_int_equal(sim_node_online_memory(1), 0);
	s = make_cache("hp_after");
	a = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	assert_int_equal(object_nid(a), 1);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
	assert_int_equal(sim_node_offline_memory(1), 0);
}

/*
 * slab_mem_going_offline_callback(): the CPUs' slabs are flushed and the
 * empty slabs freed, so a node whose objects are all freed can go.  The
 * cache is older than the node's memory, so its structure for the node
 * was allocated elsewhere (one made later has it on the node itself,
 * which then keeps the node's memory in use).
 */
static void test_offline_lets_empty_slabs_go_first(void **state)
{
	struct kmem_cache *s = make_cache("hp_shrink");
	void *p[8];
	int i;

	assert_int_equal(sim_node_online_memory(1), 0);
	for (i = 0; i < 8; i++)
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	for (i = 0; i < 8; i++)
		kmem_cache_free(s, p[i]);
	assert_int_not_equal(sim_pages_in_use(1), 0);
	assert_int_equal(sim_node_offline_memory(1), 0);
	assert_int_equal(sim_pages_in_use(1), 0);
	assert_int_equal(libslab_node_nr_slabs(s, 1), 0);
	kmem_cache_destroy(s);
}

/* A live object keeps its page: without migration the node stays. */
static void test_offline_is_refused_while_an_object_lives(void **state)
{
	struct kmem_cache *s;
	void *a, *b;

	assert_int_equal(sim_node_online_memory(1), 0);
	s = make_cache("hp_busy");
	a = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	assert_int_equal(sim_node_offline_memory(1), -EBUSY);
	/* MEM_CANCEL_OFFLINE: the node is still the caches'. */
	b = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	assert_int_equal(object_nid(b), 1);
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
	assert_int_equal(sim_node_offline_memory(1), 0);
}

/*
 * slab_mem_offline_callback(): the node leaves slab_nodes, so an
 * allocation naming it is served elsewhere again.
 */
static void test_offline_node_is_dropped_again(void **state)
{
	struct kmem_cache *s = make_cache("hp_dropped");
	void *a;

	assert_int_equal(sim_node_online_memory(1), 0);
	assert_int_equal(sim_node_offline_memory(1), 0);
	a = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	assert_int_equal(object_nid(a), 0);
	assert_int_equal(libslab_node_nr_slabs(s, 1), 0);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static int veto_online(struct notifier_block *nb, unsigned long step, void *data)
{
	return step == MEM_GOING_ONLINE ? notifier_from_errno(-ENOSPC) : NOTIFY_OK;
}

/*
 * A later block's veto cancels the onlining (MEM_CANCEL_ONLINE): the slab
 * callback ran first (SLAB_CALLBACK_PRI) and takes the node back out of
 * slab_nodes, as slab_mem_offline_callback() does.
 */
static void test_cancelled_online_leaves_the_node_out(void **state)
{
	static struct notifier_block veto = {
		.notifier_call = veto_online,
		.priority = DEFAULT_CALLBACK_PRI,
	};
	struct kmem_cache *s = make_cache("hp_veto");
	void *a;
	int ret;

	register_memory_notifier(&veto);
	ret = sim_node_online_memory(1);
	unregister_memory_notifier(&veto);
	assert_int_equal(ret, -ENOSPC);
	assert_int_equal(sim_node_pages(1), 0);
	a = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, 1);
	assert_int_equal(object_nid(a), 0);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

static void test_bad_node_numbers_are_refused(void **state)
{
	assert_int_equal(sim_node_online_memory(2), -EINVAL);
	assert_int_equal(sim_node_online_memory(-1), -EINVAL);
	assert_int_equal(sim_node_online_memory(0), -EEXIST);
	assert_int_equal(sim_node_offline_memory(1), -EALREADY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_memoryless_node_starts_without_pages, pin_cpu0),
		cmocka_unit_test_setup(test_allocation_naming_a_memoryless_node_comes_from_another,
				       pin_cpu0),
		cmocka_unit_test_setup(test_online_node_serves_caches_made_before, pin_cpu0),
		cmocka_unit_test_setup(test_online_node_serves_caches_made_after, pin_cpu0),
		cmocka_unit_test_setup(test_offline_lets_empty_slabs_go_first, pin_cpu0),
		cmocka_unit_test_setup(test_offline_is_refused_while_an_object_lives, pin_cpu0),
		cmocka_unit_test_setup(test_offline_node_is_dropped_again, pin_cpu0),
		cmocka_unit_test_setup(test_cancelled_online_leaves_the_node_out, pin_cpu0),
		cmocka_unit_test_setup(test_bad_node_numbers_are_refused, pin_cpu0),
	};

	return slab_run_group(tests, NULL, expect_clean_teardown);
}
