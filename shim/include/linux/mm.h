/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Address <-> page arithmetic over the simulated memory.  All nodes' pages
 * form one contiguous arena described by one struct page array, so
 * virt_to_page() and page_address() are a subtraction and a shift, as on a
 * kernel with a linear map.  virt_addr_valid() is true only inside the
 * arena: heap, stack and vmalloc addresses are not "direct-mapped".
 */
#ifndef _SHIM_LINUX_MM_H
#define _SHIM_LINUX_MM_H

#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/gfp.h>
#include <linux/mmzone.h>
#include <linux/log2.h>
#include <sim/switches.h>
#include <asm/page.h>
#include <linux/fs.h>

/* The offset of address p within its page. */
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)


/* The arena, set up before any allocation (see shim/machine/page_alloc.c). */
extern char *sim_mem_base;
extern struct page *sim_mem_map;
extern unsigned long sim_total_pages;
extern unsigned long sim_pages_per_node;

/*
 * The page frame number of a simulated-memory address; for any other
 * address a number at or above sim_total_pages (below the base wraps).
 */
static inline unsigned long sim_virt_to_pfn(const void *addr)
{
	return ((unsigned long)addr - (unsigned long)sim_mem_base) >> PAGE_SHIFT;
}

/* Whether addr lies in simulated memory. */
static inline bool virt_addr_valid(const void *addr)
{
	/* One unsigned comparison, on the pfn virt_to_page() goes on to use. */
	return sim_virt_to_pfn(addr) < sim_total_pages;
}

/* The struct page of a simulated-memory address. */
static inline struct page *virt_to_page(const void *addr)
{
	return sim_mem_map + sim_virt_to_pfn(addr);
}

/* The address a page maps. */
static inline void *page_address(const struct page *page)
{
	return sim_mem_base + ((unsigned long)(page - sim_mem_map) << PAGE_SHIFT);
}

static inline unsigned long page_to_pfn(const struct page *page)
{
	return page - sim_mem_map;
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return sim_mem_map + pfn;
}

/* Node whose arena holds page. */
static inline int page_to_nid(const struct page *page)
{
	return (int)(page_to_pfn(page) / sim_pages_per_node);
}

static inline struct folio *virt_to_folio(const void *addr)
{
	return page_folio(virt_to_page(addr));
}

static inline void *folio_address(const struct folio *folio)
{
	return page_address(&folio->page);
}

static inline int folio_nid(const struct folio *folio)
{
	return page_to_nid(&folio->page);
}

static inline size_t folio_size(const struct folio *folio)
{
	return PAGE_SIZE << folio_order(folio);
}

static inline unsigned long folio_nr_pages(const struct folio *folio)
{
	return 1UL << folio_order(folio);
}

static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&page->_refcount);
}

/* Drop the reference to a folio, freeing it (a folio here has one user). */
static inline void folio_put(struct folio *folio)
{
	__free_pages(&folio->page, folio_order(folio));
}

/*
 * init_on_alloc=1 / init_on_free=1 (LIBSLAB_CMDLINE, the kernel's boot
 * parameters, kept in sim_switches): zero memory when it is handed out /
 * given back.  Whether an allocation with flags must come zeroed:
 */
static inline bool want_init_on_alloc(gfp_t flags)
{
	return __atomic_load_n(&sim_switches.init_on_alloc, __ATOMIC_RELAXED) ||
	       (flags & __GFP_ZERO);
}

/* Whether freed memory must be zeroed. */
static inline bool want_init_on_free(void)
{
	return __atomic_load_n(&sim_switches.init_on_free, __ATOMIC_RELAXED);
}

/*
 * The kernel's <linux/mm.h> brings all of <linux/slab.h>; this one, which
 * the simulated machine's own files include, brings only kfree(), for
 * code that frees what memdup_user() or kasprintf() return (the machine
 * stays below the allocator, docs/design.md, "Layers").
 */
void kfree(const void *objp);

#endif
