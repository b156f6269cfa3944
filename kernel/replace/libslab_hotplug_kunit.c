// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_hotplug_kunit.c - KUnit: memory brought online on a node after
 * boot serves that node's slab allocations.
 *
 * A module, loaded by the x86_64 replacement boot's init
 * (replacement-init.sh) once it has brought QEMU's hot-pluggable DIMM on
 * node <node>, which had no memory at boot, online as normal memory.  The
 * memory notifier then gave every cache a kmem_cache_node for the node, as
 * 6.12's slab_mem_going_online_callback() gives it, and put the node in
 * slab_nodes; without that an allocation naming the node is served from
 * another (6.12's ___slab_alloc() drops a node outside slab_nodes).
 */
#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include "../../mm/slab.h"

static int node = NUMA_NO_NODE;
module_param(node, int, 0444);
MODULE_PARM_DESC(node, "the node whose memory init brought online after boot");

/* An object of s allocated on node alone lies in node's memory. */
static void expect_served_by_the_node(struct kunit *test, struct kmem_cache *s)
{
	void *p = kmem_cache_alloc_node(s, GFP_KERNEL | __GFP_THISNODE, node);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, folio_nid(virt_to_folio(p)), node);
	kmem_cache_free(s, p);
}

static void libslab_hotplug_node_has_normal_memory(struct kunit *test)
{
	KUNIT_ASSERT_TRUE(test, node >= 0 && node < nr_node_ids);
	KUNIT_EXPECT_TRUE(test, node_state(node, N_NORMAL_MEMORY));
}

/*
 * A cache made at boot, before the node had memory: kmalloc-64.  KFENCE
 * keeps out of it meanwhile (its objects lie in its own pool, on node 0),
 * as /sys/kernel/slab/<cache>/skip_kfence keeps it out.
 */
static void libslab_hotplug_boot_cache_serves_the_node(struct kunit *test)
{
	struct kmem_cache *s = kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(64)];
	slab_flags_t had_skip = s->flags & SLAB_SKIP_KFENCE;

	s->flags |= SLAB_SKIP_KFENCE;
	expect_served_by_the_node(test, s);
	s->flags = (s->flags & ~SLAB_SKIP_KFENCE) | had_skip;
}

/* A cache made after the node came online. */
static void libslab_hotplug_new_cache_serves_the_node(struct kunit *test)
{
	struct kmem_cache *s = kmem_cache_create("libslab_hotplug", 96, 0,
						 SLAB_NO_MERGE, NULL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->flags |= SLAB_SKIP_KFENCE;
	expect_served_by_the_node(test, s);
	kmem_cache_destroy(s);
}

static struct kunit_case libslab_hotplug_cases[] = {
	KUNIT_CASE(libslab_hotplug_node_has_normal_memory),
	KUNIT_CASE(libslab_hotplug_boot_cache_serves_the_node),
	KUNIT_CASE(libslab_hotplug_new_cache_serves_the_node),
	{}
};

static struct kunit_suite libslab_hotplug_suite = {
	.name = "libslab_hotplug",
	.test_cases = libslab_hotplug_cases,
};

kunit_test_suite(libslab_hotplug_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit: memory brought online after boot serves its node's slab allocations");
