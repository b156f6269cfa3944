/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The node counters the slab allocator keeps, the kernel's
 * <linux/vmstat.h>: bytes of slab pages, reclaimable or not, behind
 * /proc/meminfo's SReclaimable and SUnreclaim.  Only these two items are
 * modelled, and no memory cgroup: lruvec_stat_mod_folio() counts on the
 * folio's node, as the kernel does for a folio without a memcg.
 */
#ifndef _SHIM_LINUX_VMSTAT_H
#define _SHIM_LINUX_VMSTAT_H

#include <linux/mm.h>

/* The counters, in the kernel's order; both _B items count bytes. */
enum node_stat_item {
	NR_SLAB_RECLAIMABLE_B,
	NR_SLAB_UNRECLAIMABLE_B,
	NR_VM_NODE_STAT_ITEMS
};

/*
 * Add val bytes to item on folio's node; val is a whole number of pages,
 * as the kernel's byte items require.
 */
void lruvec_stat_mod_folio(struct folio *folio, enum node_stat_item item,
			   int val);
/*
 * The node's count alone, never a memory cgroup's: with no cgroups the
 * same as lruvec_stat_mod_folio().
 */
static inline void node_stat_mod_folio(struct folio *folio,
				       enum node_stat_item item, int val)
{
	lruvec_stat_mod_folio(folio, item, val);
}
/* item, in pages, summed over every node. */
unsigned long global_node_page_state_pages(enum node_stat_item item);
/* item, in pages, on node nid (userspace only: the shim has no pgdat). */
unsigned long sim_node_page_state_pages(int nid, enum node_stat_item item);

#endif
