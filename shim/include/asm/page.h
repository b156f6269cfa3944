/* SPDX-License-Identifier: GPL-2.0 */
/* 4 KiB pages, as on x86_64 and the common arm64 configuration. */
#ifndef _SHIM_ASM_PAGE_H
#define _SHIM_ASM_PAGE_H

/* <sys/user.h> defines the same three; the last definition is used. */
#undef PAGE_SHIFT
#undef PAGE_SIZE
#undef PAGE_MASK
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))

#endif
