/* SPDX-License-Identifier: GPL-2.0 */
/* Page allocator limits, as <linux/mmzone.h> on x86_64. */
#ifndef _SHIM_LINUX_MMZONE_H
#define _SHIM_LINUX_MMZONE_H

#define MAX_PAGE_ORDER		10
#define NR_PAGE_ORDERS		(MAX_PAGE_ORDER + 1)
#define PAGE_ALLOC_COSTLY_ORDER	3

#endif
