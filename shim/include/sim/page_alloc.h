/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Controls of the simulated page allocator (userspace only).  The arena
 * size per node comes from mem= in LIBSLAB_CMDLINE (default 1G), the
 * number of nodes from numa=fake=N, and memoryless_nodes=K starts the last
 * K of them without memory, for memory hotplug.
 */
#ifndef _SHIM_SIM_PAGE_ALLOC_H
#define _SHIM_SIM_PAGE_ALLOC_H

#include <stdbool.h>
#include <linux/types.h>

struct page;

/* Fail allocations that would bring all nodes above max_pages in use (0: no limit). */
void sim_page_set_limit(unsigned long max_pages);
/* Pages in use on node nid, or on all nodes for NUMA_NO_NODE (-1). */
unsigned long sim_pages_in_use(int nid);
/* Pages typed slab now (the kernel's NR_SLAB_*_B, in pages). */
unsigned long sim_slab_pages_in_use(void);
/* Allocations that failed since start-up. */
unsigned long sim_page_alloc_failures(void);
/* Make every allocation above order fail (-1: off). */
void sim_page_fail_above_order(int order);
/*
 * fail_page_alloc= (LIBSLAB_CMDLINE, "<interval>,<probability>,<space>,<times>")
 * fails page allocations as the kernel's fault injection does; these are
 * its ignore-gfp-wait and min-order knobs (defaults: true, 1).
 */
void sim_fail_page_alloc_filter(bool ignore_gfp_reclaim, unsigned int min_order);
/* Arm fail_page_alloc at run time with the same spec; 0 or -EINVAL. */
int sim_fail_page_alloc_setup(const char *spec);
/* Bad page frees detected (double free, freeing a page still typed). */
unsigned long sim_bad_page_count(void);
/*
 * Call fn for every allocated block: a compound page with its order, or a
 * single page with order 0.  The caller keeps the allocator quiet meanwhile.
 */
void sim_for_each_page_block(void (*fn)(struct page *head, unsigned int order,
					void *arg), void *arg);
/*
 * Test hook: what the page allocator was asked for.  Once set, fn(req, arg)
 * runs once for every call of alloc_pages_node() (and so alloc_pages(),
 * __get_free_pages(), ...), successful or not, with:
 *   req->nid   the node as the caller gave it (NUMA_NO_NODE: no preference);
 *   req->gfp   the gfp as the caller passed it, before gfp_allowed_mask;
 *   req->order the order asked for;
 *   req->page  the block handed out, or NULL when the call fails.
 * fn runs in the calling thread, after the outcome is decided and outside
 * the allocator's locks, before the caller sees the result.  fn must not
 * allocate or free pages or slab objects.  There is one hook for the
 * process: set it (and clear it with NULL) while no other thread
 * allocates pages.  It exists in the simulation only; the kernel build
 * has no counterpart.
 */
struct sim_page_request {
	int nid;
	gfp_t gfp;
	unsigned int order;
	struct page *page;
};
void sim_page_alloc_observe(void (*fn)(const struct sim_page_request *req,
				       void *arg), void *arg);

/* Size of node nid's arena in pages, 0 while its memory is offline. */
unsigned long sim_node_pages(int nid);
/*
 * Memory hotplug of a whole node (see <linux/memory.h>).  Bring node nid's
 * memory online: MEM_GOING_ONLINE, then its pages and N_MEMORY, then
 * MEM_ONLINE; 0, -EINVAL for no such node, -EEXIST if it has memory, or
 * the errno of a block's veto (after MEM_CANCEL_ONLINE, the node still
 * without memory).
 */
int sim_node_online_memory(int nid);
/*
 * Take node nid's memory offline: MEM_GOING_OFFLINE, then, if none of its
 * pages is in use, its pages and N_MEMORY go and MEM_OFFLINE follows; 0,
 * -EINVAL for no such node, -EALREADY if it has no memory, or -EBUSY for
 * pages in use or a block's veto's errno (after MEM_CANCEL_OFFLINE).
 */
int sim_node_offline_memory(int nid);

#endif
