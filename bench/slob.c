// SPDX-License-Identifier: GPL-2.0
/*
 * The SLOB-class reference allocator (see slob.h).  Each page keeps its
 * free runs out of band, sorted by offset, so that freeing merges a run
 * with its neighbours; the model needs no memory for the objects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slob.h"

#define SLOB_PAGE	4096u
#define SLOB_UNIT	2u			/* bytes of one allocation unit */
#define SLOB_PAGE_UNITS	(SLOB_PAGE / SLOB_UNIT)
#define SLOB_MINALIGN	8u			/* ARCH_KMALLOC_MINALIGN on x86_64 */
#define SLOB_RCU_HEAD	16u			/* struct rcu_head */
#define SLOB_SMALL	256u			/* SLOB_BREAK1 */
#define SLOB_MEDIUM	1024u			/* SLOB_BREAK2 */
#define LARGE_HANDLE	(1ULL << 63)
#define NO_PAGE		UINT32_MAX

enum slob_list { LIST_SMALL, LIST_MEDIUM, LIST_LARGE, NR_LISTS };

/* A free run of a page: units from off. */
struct run {
	uint16_t off, len;
};

struct slob_page {
	struct run *runs;
	uint32_t nr_runs, cap_runs;
	uint32_t free_units;
	uint32_t prev, next;	/* list neighbours; NO_PAGE at the ends */
	int list;		/* -1: full, on no list; -2: unused descriptor */
};

struct slob {
	struct slob_page *pages;
	uint32_t nr_pages, cap_pages;
	uint32_t head[NR_LISTS], tail[NR_LISTS];
	uint32_t *unused;	/* descriptors of freed pages */
	uint32_t nr_unused;
	unsigned long slab_pages, large_pages, block_bytes;
	uint64_t large_seq;
};

static void *slob_xrealloc(void *p, size_t n, size_t size)
{
	p = realloc(p, n * size);
	if (!p) {
		fprintf(stderr, "slob: out of memory\n");
		exit(2);
	}
	return p;
}

struct slob *slob_create(void)
{
	struct slob *s = calloc(1, sizeof(*s));

	if (s)
		for (int i = 0; i < NR_LISTS; i++)
			s->head[i] = s->tail[i] = NO_PAGE;
	return s;
}

void slob_destroy(struct slob *s)
{
	if (!s)
		return;
	for (uint32_t i = 0; i < s->nr_pages; i++)
		free(s->pages[i].runs);
	free(s->pages);
	free(s->unused);
	free(s);
}

static void list_del(struct slob *s, uint32_t id)
{
	struct slob_page *sp = &s->pages[id];

	if (sp->prev != NO_PAGE)
		s->pages[sp->prev].next = sp->next;
	else
		s->head[sp->list] = sp->next;
	if (sp->next != NO_PAGE)
		s->pages[sp->next].prev = sp->prev;
	else
		s->tail[sp->list] = sp->prev;
	sp->list = -1;
}

static void list_add_head(struct slob *s, uint32_t id, int list)
{
	struct slob_page *sp = &s->pages[id];

	sp->list = list;
	sp->prev = NO_PAGE;
	sp->next = s->head[list];
	if (sp->next != NO_PAGE)
		s->pages[sp->next].prev = id;
	else
		s->tail[list] = id;
	s->head[list] = id;
}

/* Make id the list's first page, keeping the cyclic order of the others. */
static void list_rotate_to(struct slob *s, uint32_t id)
{
	int list = s->pages[id].list;
	uint32_t first = s->head[list], last = s->tail[list];

	if (first == id)
		return;
	/* Close the cycle, then cut it just before id. */
	s->pages[last].next = first;
	s->pages[first].prev = last;
	s->tail[list] = s->pages[id].prev;
	s->pages[s->tail[list]].next = NO_PAGE;
	s->pages[id].prev = NO_PAGE;
	s->head[list] = id;
}

static uint32_t new_page(struct slob *s)
{
	struct slob_page *sp;
	uint32_t id;

	if (s->nr_unused) {
		id = s->unused[--s->nr_unused];
	} else {
		if (s->nr_pages == s->cap_pages) {
			s->cap_pages = s->cap_pages ? s->cap_pages * 2 : 1024;
			s->pages = slob_xrealloc(s->pages, s->cap_pages, sizeof(*s->pages));
		}
		id = s->nr_pages++;
		memset(&s->pages[id], 0, sizeof(s->pages[id]));
	}
	sp = &s->pages[id];
	if (!sp->cap_runs) {
		sp->cap_runs = 4;
		sp->runs = slob_xrealloc(NULL, sp->cap_runs, sizeof(*sp->runs));
	}
	sp->runs[0] = (struct run){ .off = 0, .len = SLOB_PAGE_UNITS };
	sp->nr_runs = 1;
	sp->free_units = SLOB_PAGE_UNITS;
	sp->list = -1;
	s->slab_pages++;
	return id;
}

static void release_page(struct slob *s, uint32_t id)
{
	if (s->pages[id].list >= 0)
		list_del(s, id);
	s->pages[id].list = -2;
	s->pages[id].nr_runs = 0;
	s->unused = slob_xrealloc(s->unused, s->nr_unused + 1, sizeof(*s->unused));
	s->unused[s->nr_unused++] = id;
	s->slab_pages--;
}

static void insert_run(struct slob_page *sp, uint32_t at, struct run r)
{
	if (sp->nr_runs == sp->cap_runs) {
		sp->cap_runs *= 2;
		sp->runs = slob_xrealloc(sp->runs, sp->cap_runs, sizeof(*sp->runs));
	}
	memmove(&sp->runs[at + 1], &sp->runs[at], (sp->nr_runs - at) * sizeof(*sp->runs));
	sp->runs[at] = r;
	sp->nr_runs++;
}

static void remove_run(struct slob_page *sp, uint32_t at)
{
	memmove(&sp->runs[at], &sp->runs[at + 1], (sp->nr_runs - at - 1) * sizeof(*sp->runs));
	sp->nr_runs--;
}

/* First fit of units at align bytes in page id: the unit offset, or -1. */
static long page_alloc(struct slob *s, uint32_t id, uint32_t units, uint32_t align)
{
	struct slob_page *sp = &s->pages[id];

	for (uint32_t i = 0; i < sp->nr_runs; i++) {
		struct run r = sp->runs[i];
		uint32_t start = (r.off * SLOB_UNIT + align - 1) / align * align / SLOB_UNIT;
		uint32_t pad = start - r.off;

		if (r.len < pad + units)
			continue;
		remove_run(sp, i);
		if (r.len > pad + units)
			insert_run(sp, i, (struct run){ .off = start + units,
							.len = r.len - pad - units });
		if (pad)
			insert_run(sp, i, (struct run){ .off = r.off, .len = pad });
		sp->free_units -= units;
		return start;
	}
	return -1;
}

static uint64_t slob_alloc(struct slob *s, size_t size, uint32_t align)
{
	uint32_t units = (size + SLOB_UNIT - 1) / SLOB_UNIT;
	int list = size < SLOB_SMALL ? LIST_SMALL : size < SLOB_MEDIUM ? LIST_MEDIUM : LIST_LARGE;
	uint32_t id;
	long off = -1;

	for (id = s->head[list]; id != NO_PAGE; id = s->pages[id].next) {
		if (s->pages[id].free_units < units)
			continue;
		off = page_alloc(s, id, units, align);
		if (off >= 0)
			break;
	}
	if (off >= 0) {
		list_rotate_to(s, id);
	} else {
		id = new_page(s);
		list_add_head(s, id, list);
		off = page_alloc(s, id, units, align);
	}
	if (!s->pages[id].free_units)
		list_del(s, id);
	s->block_bytes += units * SLOB_UNIT;
	return ((uint64_t)(id + 1) << 12) | (off * SLOB_UNIT);
}

static void slob_free(struct slob *s, uint64_t handle, size_t size)
{
	uint32_t id = (handle >> 12) - 1, off = (handle & (SLOB_PAGE - 1)) / SLOB_UNIT;
	uint32_t units = (size + SLOB_UNIT - 1) / SLOB_UNIT, i;
	struct slob_page *sp = &s->pages[id];
	struct run r = { .off = off, .len = units };

	s->block_bytes -= units * SLOB_UNIT;
	if (sp->free_units + units == SLOB_PAGE_UNITS) {
		release_page(s, id);
		return;
	}
	if (sp->list < 0)
		list_add_head(s, id, size < SLOB_SMALL ? LIST_SMALL :
				     size < SLOB_MEDIUM ? LIST_MEDIUM : LIST_LARGE);
	sp->free_units += units;
	for (i = 0; i < sp->nr_runs && sp->runs[i].off < off; i++)
		;
	if (i > 0 && sp->runs[i - 1].off + sp->runs[i - 1].len == off) {
		r = sp->runs[i - 1];
		r.len += units;
		remove_run(sp, --i);
	}
	if (i < sp->nr_runs && r.off + r.len == sp->runs[i].off) {
		r.len += sp->runs[i].len;
		remove_run(sp, i);
	}
	insert_run(sp, i, r);
}

static unsigned long pages_for(size_t size)
{
	unsigned long pages = 1;

	while (pages * SLOB_PAGE < size)
		pages <<= 1;
	return pages;
}

uint64_t slob_kmalloc(struct slob *s, size_t size)
{
	if (!size)
		return 0;
	if (size < SLOB_PAGE - SLOB_MINALIGN)
		return slob_alloc(s, size + SLOB_MINALIGN, SLOB_MINALIGN);
	s->large_pages += pages_for(size);
	return LARGE_HANDLE | ++s->large_seq;
}

void slob_kfree(struct slob *s, uint64_t handle, size_t size)
{
	if (!handle)
		return;
	if (handle & LARGE_HANDLE)
		s->large_pages -= pages_for(size);
	else
		slob_free(s, handle, size + SLOB_MINALIGN);
}

uint64_t slob_cache_alloc(struct slob *s, size_t size, size_t align, bool rcu)
{
	if (rcu)
		size += SLOB_RCU_HEAD;
	if (align < SLOB_MINALIGN)
		align = SLOB_MINALIGN;
	if (size < SLOB_PAGE)
		return slob_alloc(s, size, align);
	s->large_pages += pages_for(size);
	return LARGE_HANDLE | ++s->large_seq;
}

void slob_cache_free(struct slob *s, uint64_t handle, size_t size, bool rcu)
{
	if (rcu)
		size += SLOB_RCU_HEAD;
	if (handle & LARGE_HANDLE)
		s->large_pages -= pages_for(size);
	else
		slob_free(s, handle, size);
}

static size_t block_of(size_t bytes)
{
	return bytes < SLOB_PAGE ? (bytes + SLOB_UNIT - 1) / SLOB_UNIT * SLOB_UNIT : 0;
}

size_t slob_kmalloc_block(size_t size)
{
	return size && size < SLOB_PAGE - SLOB_MINALIGN ? block_of(size + SLOB_MINALIGN) : 0;
}

size_t slob_cache_block(size_t size, bool rcu)
{
	return block_of(size + (rcu ? SLOB_RCU_HEAD : 0));
}

unsigned long slob_slab_pages(const struct slob *s)
{
	return s->slab_pages;
}

unsigned long slob_large_pages(const struct slob *s)
{
	return s->large_pages;
}

unsigned long slob_block_bytes(const struct slob *s)
{
	return s->block_bytes;
}
