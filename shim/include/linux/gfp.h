/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page allocator's interface.  Backed by the simulated page allocator
 * (shim/machine/page_alloc.c): per-node arenas with a struct page array
 * and a buddy allocator over orders 0..MAX_PAGE_ORDER.  An allocation that
 * cannot be served returns NULL (after a "page allocation failure"
 * warning unless __GFP_NOWARN), never aborts; __GFP_NOFAIL is not honoured
 * beyond that.
 */
#ifndef _SHIM_LINUX_GFP_H
#define _SHIM_LINUX_GFP_H

#include <linux/gfp_types.h>
#include <linux/mm_types.h>
#include <linux/numa.h>

/*
 * The gfp bits allocations may use now.  The kernel narrows it during early
 * boot (to GFP_BOOT_MASK) and around suspend; the simulation starts with
 * every bit allowed, as the kernel is once init runs.  Both the slab
 * allocator (allocate_slab(), slab_pre_alloc_hook()) and the simulated
 * page allocator apply it, as 6.12 does.  Tests may narrow it and put it
 * back while nothing else allocates.
 */
extern gfp_t gfp_allowed_mask;

/* Whether an allocation with gfp may sleep to reclaim memory. */
static inline bool gfpflags_allow_blocking(gfp_t gfp)
{
	return !!(gfp & __GFP_DIRECT_RECLAIM);
}

/* 2^order pages on node nid (NUMA_NO_NODE: the caller's); NULL if none. */
struct page *alloc_pages_node(int nid, gfp_t gfp, unsigned int order);
/* alloc_pages_node() on the caller's node. */
struct page *alloc_pages(gfp_t gfp, unsigned int order);
/* Return 2^order pages starting at page. */
void __free_pages(struct page *page, unsigned int order);
/* Address of 2^order new pages, or 0. */
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
/* Address of one zeroed page, or 0. */
unsigned long get_zeroed_page(gfp_t gfp);
/* Free pages by address (0 is ignored). */
void free_pages(unsigned long addr, unsigned int order);

#endif
