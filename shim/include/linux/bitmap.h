/* SPDX-License-Identifier: GPL-2.0 */
/* Bitmaps of unsigned longs, as <linux/bitmap.h>. */
#ifndef _SHIM_LINUX_BITMAP_H
#define _SHIM_LINUX_BITMAP_H

#include <stdlib.h>
#include <string.h>
#include <linux/bitops.h>
#include <linux/gfp.h>

#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]

/* A zeroed bitmap of nbits from the C heap (the kernel uses kmalloc). */
static inline unsigned long *bitmap_zalloc(unsigned int nbits,
					   gfp_t flags __always_unused)
{
	return calloc(BITS_TO_LONGS(nbits), sizeof(unsigned long));
}

/* Free a bitmap_zalloc() bitmap; NULL is ignored. */
static inline void bitmap_free(const unsigned long *bitmap)
{
	free((void *)bitmap);
}

/* Clear nbits bits. */
static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

/* Number of set bits among the first nbits. */
static inline unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	unsigned int i, w = 0;

	for (i = 0; i < nbits; i++)
		w += test_bit(i, src);
	return w;
}

#endif
