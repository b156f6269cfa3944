/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Simulated NUMA nodes: nr_node_ids of them (numa=fake=N in
 * LIBSLAB_CMDLINE, default 1), each with its own page arena.  CPU c sits
 * on node c % nr_node_ids.  Distances between nodes are not modelled.
 * A node may be without memory (<linux/nodemask.h>).
 */
#ifndef _SHIM_LINUX_NUMA_H
#define _SHIM_LINUX_NUMA_H

#include <linux/smp.h>

#define MAX_NUMNODES	64
#define NUMA_NO_NODE	(-1)

extern int nr_node_ids;

/* Node of simulated CPU cpu. */
static inline int cpu_to_node(int cpu)
{
	return cpu % nr_node_ids;
}

/* Node of the calling thread's CPU. */
static inline int numa_node_id(void)
{
	return cpu_to_node(smp_processor_id());
}

/*
 * The nearest node with memory: the calling CPU's own, or, while that has
 * none, the lowest-numbered node that has (the distances between nodes
 * being equal here, as the kernel's local_memory_node() would choose).
 */
int numa_mem_id(void);

#endif
