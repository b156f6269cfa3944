/* SPDX-License-Identifier: GPL-2.0 */
/* Byte swapping with the kernel's names. */
#ifndef _SHIM_LINUX_SWAB_H
#define _SHIM_LINUX_SWAB_H

#include <linux/types.h>
/* The UAPI __swab16()... that <asm/byteorder.h> users expect. */
#include_next <linux/swab.h>

#define swab16(x)	__builtin_bswap16(x)
#define swab32(x)	__builtin_bswap32(x)
#define swab64(x)	__builtin_bswap64(x)
/* x byte-swapped, at x's own width. */
#define swab(x) ((__typeof__(x))(sizeof(x) == 8 ? swab64((u64)(x)) :	\
				 sizeof(x) == 4 ? swab32((u32)(x)) :	\
				 sizeof(x) == 2 ? swab16((u16)(x)) : (x)))

#endif
