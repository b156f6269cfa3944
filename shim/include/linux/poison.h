/* SPDX-License-Identifier: GPL-2.0 */
/* Poison values with the kernel's numbers, so dumps look the same. */
#ifndef _SHIM_LINUX_POISON_H
#define _SHIM_LINUX_POISON_H
#define LIST_POISON1		((void *)0x100)
#define LIST_POISON2		((void *)0x122)
#define POISON_INUSE		0x5a
#define POISON_FREE		0x6b
#define POISON_END		0xa5
#define PAGE_POISON		0xaa
#define SLUB_RED_INACTIVE	0xbb
#define SLUB_RED_ACTIVE		0xcc
#endif
