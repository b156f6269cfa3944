// SPDX-License-Identifier: GPL-2.0
/*
 * The part of the kernel's lib/bitmap.c that the library uses itself
 * (<linux/bitmap.h>).  The bitmaps come from the C heap: the shim stays
 * below the allocator it serves.  A program that links the kernel's
 * lib/bitmap.c gets its versions (on kmalloc) in place of these, all
 * three together, so a bitmap is always freed by its allocator's pair.
 */
#include <stdlib.h>
#include <linux/bitmap.h>

unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags)
{
	if (flags & __GFP_ZERO)
		return calloc(BITS_TO_LONGS(nbits), sizeof(unsigned long));
	return malloc(bitmap_size(nbits));
}

unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags)
{
	return bitmap_alloc(nbits, flags | __GFP_ZERO);
}

void bitmap_free(const unsigned long *bitmap)
{
	free((void *)bitmap);
}

unsigned int __bitmap_weight(const unsigned long *bitmap, unsigned int nbits)
{
	unsigned int whole = nbits / BITS_PER_LONG, weight = 0;

	for (unsigned int i = 0; i < whole; i++)
		weight += hweight_long(bitmap[i]);
	if (nbits % BITS_PER_LONG)
		weight += hweight_long(bitmap[whole] & BITMAP_LAST_WORD_MASK(nbits));
	return weight;
}
