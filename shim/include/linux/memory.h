/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory hotplug's notifier, as the kernel's <linux/memory.h> gives it
 * with CONFIG_MEMORY_HOTPLUG.  The simulated machine brings a node's
 * memory online or offline as a whole (sim_node_online_memory() and
 * sim_node_offline_memory() in <sim/page_alloc.h>), announcing each step
 * to the registered blocks as online_pages() and offline_pages() do: a
 * veto of a GOING step cancels it.  Not modelled: memory blocks smaller
 * than a node, ZONE_MOVABLE (every page is normal memory), and migration
 * (memory still in use is never taken offline: -EBUSY).
 */
#ifndef _SHIM_LINUX_MEMORY_H
#define _SHIM_LINUX_MEMORY_H

#include <linux/notifier.h>

/* The steps a notifier block is told about, in the kernel's order. */
enum memory_block_state {
	MEM_ONLINE,
	MEM_GOING_OFFLINE,
	MEM_OFFLINE,
	MEM_GOING_ONLINE,
	MEM_CANCEL_ONLINE,
	MEM_CANCEL_OFFLINE,
};

/*
 * What changes: the pages, and the node that gains its first (loses its
 * last) memory, or -1 when the node keeps some; normal memory and memory
 * are one here, so the two node fields are always equal.
 */
struct memory_notify {
	unsigned long start_pfn;
	unsigned long nr_pages;
	int status_change_nid_normal;
	int status_change_nid;
};

/* Priorities of the kernel's own blocks (higher is called first). */
#define DEFAULT_CALLBACK_PRI	0
#define SLAB_CALLBACK_PRI	1

/* Add nb to the chain, after every block of its priority or higher; 0. */
int register_memory_notifier(struct notifier_block *nb);
/* Take nb off the chain; after it returns, nb is called no more. */
void unregister_memory_notifier(struct notifier_block *nb);

#endif
