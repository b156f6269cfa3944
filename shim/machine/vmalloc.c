// SPDX-License-Identifier: GPL-2.0
/*
 * vmalloc on a reserved 1 GiB range with a page-granular first-fit
 * allocator.  Each block's length in pages is kept by its first page so
 * vfree() needs only the address.
 */
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/spinlock.h>
#include <linux/bug.h>
#include "sim.h"

#define VMALLOC_PAGES	(1UL << 18)	/* 1 GiB of 4 KiB pages */

static char *vmalloc_base;
static u32 *block_pages;	/* pages of the block starting here, 0 if none */
static unsigned long *page_used;	/* bitmap */
static DEFINE_SPINLOCK(vmalloc_lock);

static bool vmalloc_setup(void)
{
	if (vmalloc_base)
		return true;
	vmalloc_base = mmap(NULL, VMALLOC_PAGES << PAGE_SHIFT,
			    PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (vmalloc_base == MAP_FAILED) {
		vmalloc_base = NULL;
		return false;
	}
	block_pages = calloc(VMALLOC_PAGES, sizeof(*block_pages));
	page_used = calloc(BITS_TO_LONGS(VMALLOC_PAGES), sizeof(*page_used));
	return block_pages && page_used;
}

/* First index of nr free pages in a row, or VMALLOC_PAGES. */
static unsigned long find_free_run(unsigned long nr)
{
	unsigned long start = 0, i;

	while (start + nr <= VMALLOC_PAGES) {
		for (i = 0; i < nr; i++)
			if (test_bit(start + i, page_used))
				break;
		if (i == nr)
			return start;
		start += i + 1;
	}
	return VMALLOC_PAGES;
}

void *__vmalloc(unsigned long size, gfp_t gfp)
{
	unsigned long nr, start, i;
	void *addr = NULL;

	/* Checked before rounding up, which would wrap for sizes near ULONG_MAX. */
	if (!size || size > (VMALLOC_PAGES << PAGE_SHIFT))
		return NULL;
	nr = DIV_ROUND_UP(size, PAGE_SIZE);
	spin_lock(&vmalloc_lock);
	if (vmalloc_setup()) {
		start = find_free_run(nr);
		if (start < VMALLOC_PAGES) {
			for (i = 0; i < nr; i++)
				__set_bit(start + i, page_used);
			block_pages[start] = nr;
			addr = vmalloc_base + (start << PAGE_SHIFT);
		}
	}
	spin_unlock(&vmalloc_lock);
	if (addr && (gfp & __GFP_ZERO))
		memset(addr, 0, nr << PAGE_SHIFT);
	return addr;
}

void *vmalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL);
}

void *vzalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL | __GFP_ZERO);
}

void *vmalloc_node(unsigned long size, int node)
{
	return __vmalloc(size, GFP_KERNEL);
}

void *__vmalloc_node(unsigned long size, unsigned long align, gfp_t gfp,
		     int node, const void *caller)
{
	if (align > PAGE_SIZE)
		return NULL;
	return __vmalloc(size, gfp);
}

void *vzalloc_node(unsigned long size, int node)
{
	return __vmalloc(size, GFP_KERNEL | __GFP_ZERO);
}

bool is_vmalloc_addr(const void *addr)
{
	const char *p = addr;

	return vmalloc_base && p >= vmalloc_base &&
	       p < vmalloc_base + (VMALLOC_PAGES << PAGE_SHIFT);
}

/* Bytes of the vmalloc block starting at addr; 0 (and a WARN) for no block. */
static size_t vmalloc_block_bytes(const void *addr)
{
	unsigned long nr = 0;

	if (!WARN(!is_vmalloc_addr(addr) || !IS_ALIGNED((unsigned long)addr, PAGE_SIZE),
		  "vrealloc: %p is not a vmalloc address\n", addr)) {
		spin_lock(&vmalloc_lock);
		nr = block_pages[((const char *)addr - vmalloc_base) >> PAGE_SHIFT];
		spin_unlock(&vmalloc_lock);
		WARN(!nr, "vrealloc: %p is not the start of a vmalloc block\n", addr);
	}
	return nr << PAGE_SHIFT;
}

void *vrealloc(const void *p, size_t size, gfp_t flags)
{
	size_t old_bytes = 0;
	void *n;

	if (!size) {
		vfree(p);
		return NULL;
	}
	if (p) {
		old_bytes = vmalloc_block_bytes(p);
		if (!old_bytes)
			return NULL;
		if (size <= old_bytes) {
			/* What lies past size reads as zero if it grows again. */
			if (want_init_on_free() || want_init_on_alloc(flags))
				memset((char *)p + size, 0, old_bytes - size);
			return (void *)p;
		}
	}
	n = __vmalloc(size, flags);
	if (n && p) {
		memcpy(n, p, old_bytes);
		vfree(p);
	}
	return n;
}

void vfree(const void *addr)
{
	unsigned long start, nr, i;

	if (!addr)
		return;
	if (WARN(!is_vmalloc_addr(addr) || !IS_ALIGNED((unsigned long)addr, PAGE_SIZE),
		 "vfree: %p is not a vmalloc address\n", addr))
		return;
	start = ((const char *)addr - vmalloc_base) >> PAGE_SHIFT;
	spin_lock(&vmalloc_lock);
	nr = block_pages[start];
	if (!WARN(!nr, "vfree: %p is not the start of a vmalloc block\n", addr)) {
		/* Give the memory back but keep the range reserved. */
		madvise((void *)addr, nr << PAGE_SHIFT, MADV_DONTNEED);
		for (i = 0; i < nr; i++)
			__clear_bit(start + i, page_used);
		block_pages[start] = 0;
	}
	spin_unlock(&vmalloc_lock);
}
