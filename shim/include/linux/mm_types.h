/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct page and struct folio with the field offsets of x86_64 Linux
 * 6.12, so code that overlays its own view (struct slab) lays out the same
 * way in both builds.  A folio is its head page; like the kernel, the
 * order of a large folio lives in the first tail page's flags.
 */
#ifndef _SHIM_LINUX_MM_TYPES_H
#define _SHIM_LINUX_MM_TYPES_H

#include <linux/kernel.h>
#include <linux/atomic.h>

struct page {
	unsigned long flags;
	union {
		struct list_head lru;
		unsigned long compound_head;	/* tail pages: head | 1 */
	};
	void *mapping;
	unsigned long index;
	unsigned long private;
	union {
		atomic_t _mapcount;
		unsigned int page_type;
	};
	atomic_t _refcount;
	unsigned long memcg_data;
};

/* With messages: a later <assert.h> makes static_assert C11's, which needs them. */
static_assert(offsetof(struct page, compound_head) == 8, "compound_head");
static_assert(offsetof(struct page, mapping) == 24, "mapping");
static_assert(offsetof(struct page, private) == 40, "private");
static_assert(offsetof(struct page, page_type) == 48, "page_type");
static_assert(offsetof(struct page, _refcount) == 52, "_refcount");
static_assert(sizeof(struct page) == 64, "struct page size");

struct folio {
	struct page page;
};

#endif
