/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/bitmap.h>: bitmaps of unsigned longs, bit 0 the lowest bit of
 * the first word.  Operations take the number of bits, nbits; bits past
 * nbits in the last word are don't-care, and the operations that report
 * (equal, empty, weight...) ignore them.  The out-of-line halves
 * (__bitmap_*, the region and remap functions) are the kernel's
 * lib/bitmap.c, which a program using them links; the library itself
 * defines only what it uses (shim/lib/bitmap.c: bitmap_alloc(),
 * bitmap_zalloc() and bitmap_free() on the C heap, __bitmap_weight()),
 * and the kernel's file, when linked, takes their place.  Parsing and
 * printing (bitmap_parse(), bitmap_parselist(), bitmap_print_*()) are
 * lib/bitmap-str.c, which the library does not define.
 *
 * Where nbits (and start) are constants that fit one word, the inline
 * operations work on that word in place, as the kernel's fast paths do:
 * on a bitmap the compiler has followed, their results fold to
 * constants (lib/test_bitmap.c's test_bitmap_const_eval() checks it).
 * Only a 64-bit machine is modelled (BITMAP_FROM_U64(), the arr64
 * copies).
 */
#ifndef _SHIM_LINUX_BITMAP_H
#define _SHIM_LINUX_BITMAP_H

#include <string.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/find.h>
#include <linux/gfp_types.h>
#include <linux/types.h>

struct device;

#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]

/* The bits of a word from bit start (mod BITS_PER_LONG) up. */
#define BITMAP_FIRST_WORD_MASK(start)	(~0UL << ((start) & (BITS_PER_LONG - 1)))
/* The bits of the last word that are among the first nbits. */
#define BITMAP_LAST_WORD_MASK(nbits)	(~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))
/* Whether nbits is a constant that fits one word (the kernel's fast paths). */
#define small_const_nbits(nbits)					\
	(__builtin_constant_p(nbits) && (nbits) <= BITS_PER_LONG && (nbits) > 0)
/* Whether start and nbits are constants and [start, start + nbits) fits one word. */
#define sim_small_const_range(start, nbits)				\
	(__builtin_constant_p(start) && __builtin_constant_p(nbits) &&	\
	 (start) + (nbits) <= BITS_PER_LONG && (nbits) > 0)
/* A u64 as the initialiser of one word of a bitmap (a 64-bit machine). */
#define BITMAP_FROM_U64(n)	((unsigned long)((u64)(n)))
/* Bytes of the words that hold nbits bits. */
#define bitmap_size(nbits)	(BITS_TO_LONGS(nbits) * sizeof(unsigned long))

/* A bitmap of nbits, from kmalloc in the kernel's lib/bitmap.c. */
unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags);
/* bitmap_alloc(), zeroed. */
unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags);
unsigned long *bitmap_alloc_node(unsigned int nbits, gfp_t flags, int node);
unsigned long *bitmap_zalloc_node(unsigned int nbits, gfp_t flags, int node);
/* Free a bitmap of bitmap_alloc() and friends; NULL is ignored. */
void bitmap_free(const unsigned long *bitmap);
/* bitmap_alloc() released with dev (lib/bitmap.c's devres action). */
unsigned long *devm_bitmap_alloc(struct device *dev, unsigned int nbits,
				 gfp_t flags);
unsigned long *devm_bitmap_zalloc(struct device *dev, unsigned int nbits,
				  gfp_t flags);

bool __bitmap_equal(const unsigned long *bitmap1, const unsigned long *bitmap2,
		    unsigned int nbits);
/* Whether (bitmap1 | bitmap2) == bitmap3. */
bool __bitmap_or_equal(const unsigned long *bitmap1,
		       const unsigned long *bitmap2,
		       const unsigned long *bitmap3, unsigned int nbits);
void __bitmap_complement(unsigned long *dst, const unsigned long *src,
			 unsigned int nbits);
void __bitmap_shift_right(unsigned long *dst, const unsigned long *src,
			  unsigned int shift, unsigned int nbits);
void __bitmap_shift_left(unsigned long *dst, const unsigned long *src,
			 unsigned int shift, unsigned int nbits);
/* dst = src with the cut bits from first on removed and the rest shifted down. */
void bitmap_cut(unsigned long *dst, const unsigned long *src,
		unsigned int first, unsigned int cut, unsigned int nbits);
/* The and-like operations return whether the result has a set bit. */
bool __bitmap_and(unsigned long *dst, const unsigned long *bitmap1,
		  const unsigned long *bitmap2, unsigned int nbits);
void __bitmap_or(unsigned long *dst, const unsigned long *bitmap1,
		 const unsigned long *bitmap2, unsigned int nbits);
void __bitmap_xor(unsigned long *dst, const unsigned long *bitmap1,
		  const unsigned long *bitmap2, unsigned int nbits);
bool __bitmap_andnot(unsigned long *dst, const unsigned long *bitmap1,
		     const unsigned long *bitmap2, unsigned int nbits);
/* dst = (old & ~mask) | (new & mask). */
void __bitmap_replace(unsigned long *dst, const unsigned long *old,
		      const unsigned long *new, const unsigned long *mask,
		      unsigned int nbits);
bool __bitmap_intersects(const unsigned long *bitmap1,
			 const unsigned long *bitmap2, unsigned int nbits);
bool __bitmap_subset(const unsigned long *bitmap1,
		     const unsigned long *bitmap2, unsigned int nbits);
unsigned int __bitmap_weight(const unsigned long *bitmap, unsigned int nbits);
unsigned int __bitmap_weight_and(const unsigned long *bitmap1,
				 const unsigned long *bitmap2, unsigned int nbits);
unsigned int __bitmap_weight_andnot(const unsigned long *bitmap1,
				    const unsigned long *bitmap2,
				    unsigned int nbits);
void __bitmap_set(unsigned long *map, unsigned int start, int len);
void __bitmap_clear(unsigned long *map, unsigned int start, int len);
/*
 * The first run of nr clear bits at or after start, at an index that is
 * align_offset past a multiple of align_mask + 1; an index past size if
 * none.
 */
unsigned long bitmap_find_next_zero_area_off(unsigned long *map,
					     unsigned long size,
					     unsigned long start,
					     unsigned int nr,
					     unsigned long align_mask,
					     unsigned long align_offset);
void bitmap_remap(unsigned long *dst, const unsigned long *src,
		  const unsigned long *old, const unsigned long *new,
		  unsigned int nbits);
int bitmap_bitremap(int oldbit, const unsigned long *old,
		    const unsigned long *new, int bits);
void bitmap_onto(unsigned long *dst, const unsigned long *orig,
		 const unsigned long *relmap, unsigned int bits);
void bitmap_fold(unsigned long *dst, const unsigned long *orig,
		 unsigned int sz, unsigned int nbits);
/* Copy between a bitmap and an array of u32 (u32 0 holds bits 0..31). */
void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits);
void bitmap_to_arr32(u32 *buf, const unsigned long *bitmap, unsigned int nbits);

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, bitmap_size(nbits));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0xff, bitmap_size(nbits));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src,
			       unsigned int nbits)
{
	memcpy(dst, src, bitmap_size(nbits));
}

/* bitmap_copy() that clears the bits past nbits in the last word. */
static inline void bitmap_copy_clear_tail(unsigned long *dst,
					  const unsigned long *src,
					  unsigned int nbits)
{
	bitmap_copy(dst, src, nbits);
	if (nbits % BITS_PER_LONG)
		dst[nbits / BITS_PER_LONG] &= BITMAP_LAST_WORD_MASK(nbits);
}

/* On a 64-bit machine an array of u64 is a bitmap. */
#define bitmap_from_arr64(bitmap, buf, nbits)				\
	bitmap_copy_clear_tail((unsigned long *)(bitmap),		\
			       (const unsigned long *)(buf), (nbits))
#define bitmap_to_arr64(buf, bitmap, nbits)				\
	bitmap_copy_clear_tail((unsigned long *)(buf),			\
			       (const unsigned long *)(bitmap), (nbits))

static inline bool bitmap_and(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_and(dst, src1, src2, nbits);
}

static inline void bitmap_or(unsigned long *dst, const unsigned long *src1,
			     const unsigned long *src2, unsigned int nbits)
{
	__bitmap_or(dst, src1, src2, nbits);
}

static inline void bitmap_xor(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	__bitmap_xor(dst, src1, src2, nbits);
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *src1,
				 const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_andnot(dst, src1, src2, nbits);
}

static inline void bitmap_complement(unsigned long *dst,
				     const unsigned long *src,
				     unsigned int nbits)
{
	if (small_const_nbits(nbits))
		*dst = ~*src;
	else
		__bitmap_complement(dst, src, nbits);
}

static inline bool bitmap_equal(const unsigned long *src1,
				const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_equal(src1, src2, nbits);
}

static inline bool bitmap_or_equal(const unsigned long *src1,
				   const unsigned long *src2,
				   const unsigned long *src3, unsigned int nbits)
{
	return __bitmap_or_equal(src1, src2, src3, nbits);
}

static inline bool bitmap_intersects(const unsigned long *src1,
				     const unsigned long *src2,
				     unsigned int nbits)
{
	return __bitmap_intersects(src1, src2, nbits);
}

/* Whether every bit of src1 is set in src2. */
static inline bool bitmap_subset(const unsigned long *src1,
				 const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_subset(src1, src2, nbits);
}

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	if (small_const_nbits(nbits))
		return !(*src & BITMAP_LAST_WORD_MASK(nbits));
	return find_first_bit(src, nbits) == nbits;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	if (small_const_nbits(nbits))
		return !(~*src & BITMAP_LAST_WORD_MASK(nbits));
	return find_first_zero_bit(src, nbits) == nbits;
}

/* Number of set bits among the first nbits. */
static inline unsigned int bitmap_weight(const unsigned long *src,
					 unsigned int nbits)
{
	if (small_const_nbits(nbits))
		return hweight_long(*src & BITMAP_LAST_WORD_MASK(nbits));
	return __bitmap_weight(src, nbits);
}

static inline unsigned int bitmap_weight_and(const unsigned long *src1,
					     const unsigned long *src2,
					     unsigned int nbits)
{
	return __bitmap_weight_and(src1, src2, nbits);
}

static inline unsigned int bitmap_weight_andnot(const unsigned long *src1,
						const unsigned long *src2,
						unsigned int nbits)
{
	return __bitmap_weight_andnot(src1, src2, nbits);
}

/* Set nbits bits from start. */
static inline void bitmap_set(unsigned long *map, unsigned int start,
			      unsigned int nbits)
{
	if (sim_small_const_range(start, nbits))
		*map |= GENMASK(start + nbits - 1, start);
	else
		__bitmap_set(map, start, (int)nbits);
}

/* Clear nbits bits from start. */
static inline void bitmap_clear(unsigned long *map, unsigned int start,
				unsigned int nbits)
{
	if (sim_small_const_range(start, nbits))
		*map &= ~GENMASK(start + nbits - 1, start);
	else
		__bitmap_clear(map, start, (int)nbits);
}

static inline void bitmap_shift_right(unsigned long *dst,
				      const unsigned long *src,
				      unsigned int shift, unsigned int nbits)
{
	if (small_const_nbits(nbits))
		*dst = (*src & BITMAP_LAST_WORD_MASK(nbits)) >> shift;
	else
		__bitmap_shift_right(dst, src, shift, nbits);
}

static inline void bitmap_shift_left(unsigned long *dst,
				     const unsigned long *src,
				     unsigned int shift, unsigned int nbits)
{
	__bitmap_shift_left(dst, src, shift, nbits);
}

static inline void bitmap_replace(unsigned long *dst,
				  const unsigned long *old,
				  const unsigned long *new,
				  const unsigned long *mask, unsigned int nbits)
{
	__bitmap_replace(dst, old, new, mask, nbits);
}

/* bitmap_find_next_zero_area_off() with no offset. */
static inline unsigned long bitmap_find_next_zero_area(unsigned long *map,
						       unsigned long size,
						       unsigned long start,
						       unsigned int nr,
						       unsigned long align_mask)
{
	return bitmap_find_next_zero_area_off(map, size, start, nr,
					      align_mask, 0);
}

/* The first run of set bits at or after *rs: [*rs, *re). */
static inline void bitmap_next_set_region(unsigned long *bitmap,
					  unsigned int *rs, unsigned int *re,
					  unsigned int end)
{
	*rs = find_next_bit(bitmap, end, *rs);
	*re = find_next_zero_bit(bitmap, end, *rs + 1);
}

/* Clear the aligned region of 2^order bits at pos. */
static inline void bitmap_release_region(unsigned long *bitmap,
					 unsigned int pos, int order)
{
	bitmap_clear(bitmap, pos, 1U << order);
}

/* Set the aligned region of 2^order bits at pos; -EBUSY if one was set. */
static inline int bitmap_allocate_region(unsigned long *bitmap,
					 unsigned int pos, int order)
{
	unsigned int len = 1U << order;

	if (find_next_bit(bitmap, pos + len, pos) < pos + len)
		return -EBUSY;
	bitmap_set(bitmap, pos, len);
	return 0;
}

/* Allocate the first free aligned region of 2^order bits; its index or -ENOMEM. */
static inline int bitmap_find_free_region(unsigned long *bitmap,
					  unsigned int bits, int order)
{
	unsigned int pos, end;

	for (pos = 0; (end = pos + (1U << order)) <= bits; pos = end) {
		if (!bitmap_allocate_region(bitmap, pos, order))
			return (int)pos;
	}
	return -ENOMEM;
}

/* The 8 bits at start, a multiple of 8. */
static inline unsigned long bitmap_get_value8(const unsigned long *map,
					      unsigned long start)
{
	return (map[BIT_WORD(start)] >> (start % BITS_PER_LONG)) & 0xff;
}

/* Store value's 8 bits at start, a multiple of 8. */
static inline void bitmap_set_value8(unsigned long *map, unsigned long value,
				     unsigned long start)
{
	size_t index = BIT_WORD(start);
	unsigned long offset = start % BITS_PER_LONG;

	map[index] &= ~(0xffUL << offset);
	map[index] |= value << offset;
}

/*
 * The nbits (1 to BITS_PER_LONG) bits at start, in the low bits of the
 * result; 0 for another nbits.  Reads the next word only when the bits
 * cross into it.
 */
static inline unsigned long bitmap_read(const unsigned long *map,
					unsigned long start,
					unsigned long nbits)
{
	const unsigned long *word = map + BIT_WORD(start);
	unsigned long shift = start % BITS_PER_LONG;
	unsigned long bits;

	if (nbits == 0 || nbits > BITS_PER_LONG)
		return 0;
	bits = word[0] >> shift;
	if (shift + nbits > BITS_PER_LONG)
		bits |= word[1] << (BITS_PER_LONG - shift);
	return bits & BITMAP_LAST_WORD_MASK(nbits);
}

/*
 * Store the low nbits (1 to BITS_PER_LONG) bits of value at start,
 * leaving the other bits alone; another nbits stores nothing.
 */
static inline void bitmap_write(unsigned long *map, unsigned long value,
				unsigned long start, unsigned long nbits)
{
	unsigned long *word = map + BIT_WORD(start);
	unsigned long shift = start % BITS_PER_LONG;
	unsigned long keep;

	if (nbits == 0 || nbits > BITS_PER_LONG)
		return;
	keep = BITMAP_LAST_WORD_MASK(nbits);
	value &= keep;
	word[0] = (word[0] & ~(keep << shift)) | (value << shift);
	if (shift + nbits > BITS_PER_LONG) {
		/* The bits that did not fit go to the bottom of the next word. */
		unsigned long spill = BITS_PER_LONG - shift;

		word[1] = (word[1] & ~(keep >> spill)) | (value >> spill);
	}
}

/*
 * Spread the low bits of src over the set bits of mask: the n-th set bit
 * of mask, at i, makes bit i of dst bit n of src.  Bits of dst outside
 * mask are cleared.
 */
static inline void bitmap_scatter(unsigned long *dst, const unsigned long *src,
				  const unsigned long *mask, unsigned int nbits)
{
	unsigned int i, n = 0;

	bitmap_zero(dst, nbits);
	for_each_set_bit(i, mask, nbits) {
		if (test_bit(n, src))
			__set_bit(i, dst);
		n++;
	}
}

/*
 * The reverse of bitmap_scatter(): the bits of src under the set bits of
 * mask, packed into the low bits of dst (the rest cleared).
 */
static inline void bitmap_gather(unsigned long *dst, const unsigned long *src,
				 const unsigned long *mask, unsigned int nbits)
{
	unsigned int i, n = 0;

	bitmap_zero(dst, nbits);
	for_each_set_bit(i, mask, nbits) {
		if (test_bit(i, src))
			__set_bit(n, dst);
		n++;
	}
}

/*
 * lib/bitmap-str.c.  The parsers read a list of ranges ("0-3,8,10-31:4/8"),
 * or hexadecimal 32-bit words separated by commas, into a bitmap of
 * nmaskbits bits; 0 or -EINVAL, -ERANGE, -EOVERFLOW.
 */
int bitmap_parse(const char *buf, unsigned int buflen, unsigned long *maskp,
		 int nmaskbits);
int bitmap_parse_user(const char __user *ubuf, unsigned int ulen,
		      unsigned long *maskp, int nmaskbits);
int bitmap_parselist(const char *buf, unsigned long *maskp, int nmaskbits);
int bitmap_parselist_user(const char __user *ubuf, unsigned int ulen,
			  unsigned long *maskp, int nmaskbits);
/* The bitmap as a list ("%*pbl") or as hex words ("%*pb"), and a newline, into a page. */
int bitmap_print_to_pagebuf(bool list, char *buf, const unsigned long *maskp,
			    int nmaskbits);
/* count bytes from off of the hex words, or of the list, as a sysfs read takes them. */
int bitmap_print_bitmask_to_buf(char *buf, const unsigned long *maskp,
				int nmaskbits, loff_t off, size_t count);
int bitmap_print_list_to_buf(char *buf, const unsigned long *maskp,
			     int nmaskbits, loff_t off, size_t count);

/* Store a u64 in the first 64 bits. */
static inline void bitmap_from_u64(unsigned long *dst, u64 mask)
{
	bitmap_from_arr64(dst, &mask, 64);
}

#endif /* _SHIM_LINUX_BITMAP_H */
