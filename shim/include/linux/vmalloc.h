/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmalloc on its own reserved address range, so is_vmalloc_addr() is a
 * range check as in the kernel.  Memory is page granular and not part of
 * the simulated page arena (the kernel backs it with order-0 pages).
 */
#ifndef _SHIM_LINUX_VMALLOC_H
#define _SHIM_LINUX_VMALLOC_H

#include <linux/gfp.h>

/* size bytes of virtually contiguous memory, or NULL. */
void *__vmalloc(unsigned long size, gfp_t gfp);
/* __vmalloc(size, GFP_KERNEL). */
void *vmalloc(unsigned long size);
/* Zeroed vmalloc(). */
void *vzalloc(unsigned long size);
/* vmalloc() (nodes are not distinguished for vmalloc). */
void *vmalloc_node(unsigned long size, int node);
/*
 * __vmalloc() with the kernel's full arguments: align (at most a page,
 * which every block has), node and caller are taken and ignored.
 */
void *__vmalloc_node(unsigned long size, unsigned long align, gfp_t gfp,
		     int node, const void *caller);
/* vmalloc_node(), zeroed. */
void *vzalloc_node(unsigned long size, int node);
/*
 * Resize the vmalloc() block p to size bytes keeping its contents up to
 * the smaller size (6.12 vrealloc()): NULL p allocates, size 0 frees and
 * returns NULL; in place while the block's pages suffice, else moved.
 * Requested sizes are not tracked, so shrinking with init_on_alloc or
 * __GFP_ZERO zeroes up to the block's end, where the kernel stops at the
 * old requested size.
 */
void *vrealloc(const void *p, size_t size, gfp_t flags);
/* Free a vmalloc() block; NULL is ignored, anything else WARNs. */
void vfree(const void *addr);
/* Whether addr is in the vmalloc range. */
bool is_vmalloc_addr(const void *addr);

#endif
