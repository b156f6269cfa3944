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
/* Free a vmalloc() block; NULL is ignored, anything else WARNs. */
void vfree(const void *addr);
/* Whether addr is in the vmalloc range. */
bool is_vmalloc_addr(const void *addr);

#endif
