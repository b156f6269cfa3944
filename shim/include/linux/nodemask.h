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

enum node_states { N_POSSIBLE, N_ONLINE, N_NORMAL_MEMORY, N_MEMORY, N_CPU };

#define for_each_node(node)	for ((node) = 0; (node) < nr_node_ids; (node)++)
#define for_each_online_node(node)	for_each_node(node)
#define for_each_node_state(node, state)	for_each_node(node)
#define node_state(node, state)	((node) >= 0 && (node) < nr_node_ids)
#define node_online(node)	node_state(node, N_ONLINE)

#endif
