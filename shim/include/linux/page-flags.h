/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page flags and page types.  Bit numbers follow 6.12's enum pageflags
 * for the first bits; only PG_head, PG_locked and PG_workingset mean
 * anything to the simulated allocator.  Page types use the top byte of
 * page_type as in 6.12 (all ones: no type).
 */
#ifndef _SHIM_LINUX_PAGE_FLAGS_H
#define _SHIM_LINUX_PAGE_FLAGS_H

#include <linux/mm_types.h>
#include <linux/bitops.h>

enum pageflags {
	PG_locked,
	PG_writeback,
	PG_referenced,
	PG_uptodate,
	PG_dirty,
	PG_lru,
	PG_head,
	PG_waiters,
	PG_active,
	PG_workingset,
	PG_owner_priv_1,
	PG_owner_2,
	PG_arch_1,
	PG_reserved,
	PG_private,
};

enum pagetype {
	PGTY_buddy = 0xf0,
	PGTY_slab = 0xf5,
	PGTY_large_kmalloc = 0xf6,	/* 6.15's name; 6.12 had no type */
	PGTY_mapcount_underflow = 0xff,
};

#define PAGE_TYPE_NONE	0xffffffffU

/*
 * The buddy allocator peeks at the type of pages others own: marked
 * accesses.  A page's type and head are read without a preemption point:
 * no lockless code depends on where a task stops around them.
 */
static inline bool page_has_type(const struct page *page, enum pagetype t)
{
	/* The type is page_type's top byte: read alone, it is one compare. */
	const u8 *type = (const u8 *)&page->page_type +
		(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 3 : 0);

	return __READ_ONCE(*type) == t;
}

static inline void page_set_type(struct page *page, enum pagetype t)
{
	WRITE_ONCE(page->page_type, (unsigned int)t << 24);
}

static inline void page_clear_type(struct page *page)
{
	WRITE_ONCE(page->page_type, PAGE_TYPE_NONE);
}

/* Whether page heads a compound page. */
static inline bool PageHead(const struct page *page)
{
	return test_bit(PG_head, &page->flags);
}

static inline unsigned int __folio_order(const struct folio *folio)
{
	return PageHead(&folio->page) ? (&folio->page)[1].flags & 0xff : 0;
}

/* Whether page is a tail of a compound page. */
static inline bool PageTail(const struct page *page)
{
	return __READ_ONCE(page->compound_head) & 1;
}

/* Whether page is part of a compound page. */
static inline bool PageCompound(const struct page *page)
{
	return PageHead(page) || PageTail(page);
}

/* The head page of page's compound page (page itself if not compound). */
static inline struct page *compound_head(const struct page *page)
{
	unsigned long head = __READ_ONCE(page->compound_head);
	struct page *page_head = (struct page *)(head & 1 ? head - 1 :
						 (unsigned long)page);

	/* A head page is in the memory map: callers need not test for NULL. */
	if (!page_head)
		__builtin_unreachable();
	return page_head;
}

#define page_folio(p)		((struct folio *)compound_head(p))
#define folio_page(f, n)	(&(f)->page + (n))

/* Order of the folio (0 for a single page). */
static inline unsigned int folio_order(const struct folio *folio)
{
	return __folio_order(folio);
}

/* Order of page's compound page, 0 if not a head. */
static inline unsigned int compound_order(const struct page *page)
{
	return folio_order((const struct folio *)page);
}

/* Whether folio is larger than one page. */
static inline bool folio_test_large(const struct folio *folio)
{
	return PageHead(&folio->page);
}

/* Pages currently typed slab, for sim_slab_pages_in_use(). */
extern atomic_long_t sim_slab_pages;

static inline bool folio_test_slab(const struct folio *folio)
{
	return page_has_type(&folio->page, PGTY_slab);
}

static inline void __folio_set_slab(struct folio *folio)
{
	page_set_type(&folio->page, PGTY_slab);
	atomic_long_add(1L << __folio_order(folio), &sim_slab_pages);
}

static inline void __folio_clear_slab(struct folio *folio)
{
	page_clear_type(&folio->page);
	atomic_long_sub(1L << __folio_order(folio), &sim_slab_pages);
}

static inline bool folio_test_large_kmalloc(const struct folio *folio)
{
	return page_has_type(&folio->page, PGTY_large_kmalloc);
}

static inline void __folio_set_large_kmalloc(struct folio *folio)
{
	page_set_type(&folio->page, PGTY_large_kmalloc);
}

static inline void __folio_clear_large_kmalloc(struct folio *folio)
{
	page_clear_type(&folio->page);
}

#endif
