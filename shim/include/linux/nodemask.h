/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Node sets and node states.  Every simulated node is possible, online
 * and has CPUs; a node has memory (N_MEMORY, N_NORMAL_MEMORY: one state
 * here, there being no ZONE_MOVABLE) unless it started without it
 * (memoryless_nodes= in LIBSLAB_CMDLINE) or its memory went offline, until
 * sim_node_online_memory() brings it online (<sim/page_alloc.h>).
 */
#ifndef _SHIM_LINUX_NODEMASK_H
#define _SHIM_LINUX_NODEMASK_H

#include <stdbool.h>
#include <linux/numa.h>
#include <linux/bitmap.h>
#include <linux/find.h>

/* A set of nodes. */
typedef struct {
	DECLARE_BITMAP(bits, MAX_NUMNODES);
} nodemask_t;

#define node_set(node, mask)	set_bit((node), (mask).bits)
#define node_clear(node, mask)	clear_bit((node), (mask).bits)
#define node_isset(node, mask)	test_bit((node), (mask).bits)
#define nodes_clear(mask)	bitmap_zero((mask).bits, MAX_NUMNODES)
#define nodes_empty(mask)	(!bitmap_weight((mask).bits, MAX_NUMNODES))
/* The arguments of "%*pbl" for a nodemask. */
#define nodemask_pr_args(maskp)	MAX_NUMNODES, (maskp)->bits
/* Each node of mask, lowest first. */
#define for_each_node_mask(node, mask)					\
	for ((node) = (int)find_first_bit((mask).bits, MAX_NUMNODES);	\
	     (node) < MAX_NUMNODES;					\
	     (node) = (int)find_next_bit((mask).bits, MAX_NUMNODES, (node) + 1))

enum node_states { N_POSSIBLE, N_ONLINE, N_NORMAL_MEMORY, N_MEMORY, N_CPU };

/*
 * The nodes whose memory is offline now.  Written only by the page
 * allocator with memory hotplug's lock held, before MEM_ONLINE and before
 * MEM_OFFLINE are announced, as the kernel's node_states_set_node() and
 * node_states_clear_node() do.
 */
extern nodemask_t sim_nodes_without_memory;

/* Whether node is in state now. */
static inline bool node_state(int node, enum node_states state)
{
	if (node < 0 || node >= nr_node_ids)
		return false;
	if (state != N_NORMAL_MEMORY && state != N_MEMORY)
		return true;
	return !node_isset(node, sim_nodes_without_memory);
}

#define for_each_node(node)	for ((node) = 0; (node) < nr_node_ids; (node)++)
#define for_each_online_node(node)	for_each_node(node)
/* Each node in state now, lowest first. */
#define for_each_node_state(node, state)				\
	for_each_node(node)						\
		if (!node_state((node), (state))) {} else
#define node_online(node)	node_state(node, N_ONLINE)
#define nr_online_nodes		nr_node_ids

#endif
