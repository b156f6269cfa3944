/* SPDX-License-Identifier: GPL-2.0 */
/* Node iteration: every simulated node is online and has normal memory. */
#ifndef _SHIM_LINUX_NODEMASK_H
#define _SHIM_LINUX_NODEMASK_H

#include <linux/numa.h>
#include <linux/bitmap.h>

/* A set of nodes. */
typedef struct {
	DECLARE_BITMAP(bits, MAX_NUMNODES);
} nodemask_t;

#define node_set(node, mask)	set_bit((node), (mask).bits)
#define node_isset(node, mask)	test_bit((node), (mask).bits)
#define nodes_clear(mask)	bitmap_zero((mask).bits, MAX_NUMNODES)
#define nodes_empty(mask)	(!bitmap_weight((mask).bits, MAX_NUMNODES))
/* The arguments of "%*pbl" for a nodemask. */
#define nodemask_pr_args(maskp)	MAX_NUMNODES, (maskp)->bits

enum node_states { N_POSSIBLE, N_ONLINE, N_NORMAL_MEMORY, N_MEMORY, N_CPU };

#define for_each_node(node)	for ((node) = 0; (node) < nr_node_ids; (node)++)
#define for_each_online_node(node)	for_each_node(node)
#define for_each_node_state(node, state)	for_each_node(node)
#define node_state(node, state)	((node) >= 0 && (node) < nr_node_ids)
#define node_online(node)	node_state(node, N_ONLINE)
#define nr_online_nodes		nr_node_ids

#endif
