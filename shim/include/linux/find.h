/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/find.h>: searching bitmaps for set and clear bits, and the
 * for_each_*_bit() walks built on them.  Each search returns the index
 * of the bit found, or size when there is none.  The searches are the
 * kernel's lib/find_bit.c, which a program using them links; these
 * wrappers are functions, not macros, because that file defines the
 * out-of-line half only where a wrapper is not a macro.  A search of a
 * constant size that fits one word looks at that word inline, as the
 * kernel's does, so that on a word the compiler knows it folds to a
 * constant.
 */
#ifndef _SHIM_LINUX_FIND_H
#define _SHIM_LINUX_FIND_H

#include <linux/bitops.h>

unsigned long _find_next_bit(const unsigned long *addr, unsigned long nbits,
			     unsigned long start);
unsigned long _find_next_and_bit(const unsigned long *addr1,
				 const unsigned long *addr2,
				 unsigned long nbits, unsigned long start);
unsigned long _find_next_andnot_bit(const unsigned long *addr1,
				    const unsigned long *addr2,
				    unsigned long nbits, unsigned long start);
unsigned long _find_next_or_bit(const unsigned long *addr1,
				const unsigned long *addr2,
				unsigned long nbits, unsigned long start);
unsigned long _find_next_zero_bit(const unsigned long *addr, unsigned long nbits,
				  unsigned long start);
unsigned long _find_first_bit(const unsigned long *addr, unsigned long size);
unsigned long _find_first_and_bit(const unsigned long *addr1,
				  const unsigned long *addr2, unsigned long size);
unsigned long _find_first_and_and_bit(const unsigned long *addr1,
				      const unsigned long *addr2,
				      const unsigned long *addr3, unsigned long size);
unsigned long _find_first_zero_bit(const unsigned long *addr, unsigned long size);
unsigned long _find_last_bit(const unsigned long *addr, unsigned long size);
unsigned long __find_nth_bit(const unsigned long *addr, unsigned long size,
			     unsigned long n);
unsigned long __find_nth_and_bit(const unsigned long *addr1,
				 const unsigned long *addr2, unsigned long size,
				 unsigned long n);
unsigned long __find_nth_andnot_bit(const unsigned long *addr1,
				    const unsigned long *addr2, unsigned long size,
				    unsigned long n);
unsigned long __find_nth_and_andnot_bit(const unsigned long *addr1,
					const unsigned long *addr2,
					const unsigned long *addr3,
					unsigned long size, unsigned long n);
/*
 * The next non-zero group of 8 bits at or after offset (a multiple of 8):
 * its value in *clump, its first bit returned.
 */
unsigned long find_next_clump8(unsigned long *clump, const unsigned long *addr,
			       unsigned long size, unsigned long offset);

/* The lowest set bit of word, or size if it has none. */
#define sim_find_in_word(word, size)					\
	((word) ? __ffs(word) : (size))
/* Whether size is a constant that fits one word (<linux/bitmap.h>'s small_const_nbits()). */
#define sim_find_one_word(size)						\
	(__builtin_constant_p(size) && (size) <= BITS_PER_LONG && (size) > 0)

/* The first set bit at or after offset. */
static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size,
					  unsigned long offset)
{
	if (sim_find_one_word(size))
		return offset >= size ? size :
		       sim_find_in_word(*addr & GENMASK(size - 1, offset), size);
	return _find_next_bit(addr, size, offset);
}

/* The first bit at or after offset set in both addr1 and addr2. */
static inline unsigned long find_next_and_bit(const unsigned long *addr1,
					      const unsigned long *addr2,
					      unsigned long size,
					      unsigned long offset)
{
	return _find_next_and_bit(addr1, addr2, size, offset);
}

/* The first bit at or after offset set in addr1 and clear in addr2. */
static inline unsigned long find_next_andnot_bit(const unsigned long *addr1,
						 const unsigned long *addr2,
						 unsigned long size,
						 unsigned long offset)
{
	return _find_next_andnot_bit(addr1, addr2, size, offset);
}

/* The first bit at or after offset set in addr1 or addr2. */
static inline unsigned long find_next_or_bit(const unsigned long *addr1,
					     const unsigned long *addr2,
					     unsigned long size,
					     unsigned long offset)
{
	return _find_next_or_bit(addr1, addr2, size, offset);
}

/* The first clear bit at or after offset. */
static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	if (sim_find_one_word(size))
		return offset >= size ? size :
		       sim_find_in_word(~*addr & GENMASK(size - 1, offset), size);
	return _find_next_zero_bit(addr, size, offset);
}

static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	if (sim_find_one_word(size))
		return sim_find_in_word(*addr & GENMASK(size - 1, 0), size);
	return _find_first_bit(addr, size);
}

/* The n-th (from 0) set bit. */
static inline unsigned long find_nth_bit(const unsigned long *addr,
					 unsigned long size, unsigned long n)
{
	return n >= size ? size : __find_nth_bit(addr, size, n);
}

static inline unsigned long find_nth_and_bit(const unsigned long *addr1,
					     const unsigned long *addr2,
					     unsigned long size, unsigned long n)
{
	return n >= size ? size : __find_nth_and_bit(addr1, addr2, size, n);
}

static inline unsigned long find_nth_andnot_bit(const unsigned long *addr1,
						const unsigned long *addr2,
						unsigned long size, unsigned long n)
{
	return n >= size ? size : __find_nth_andnot_bit(addr1, addr2, size, n);
}

static inline unsigned long find_nth_and_andnot_bit(const unsigned long *addr1,
						    const unsigned long *addr2,
						    const unsigned long *addr3,
						    unsigned long size,
						    unsigned long n)
{
	return n >= size ? size :
	       __find_nth_and_andnot_bit(addr1, addr2, addr3, size, n);
}

static inline unsigned long find_first_and_bit(const unsigned long *addr1,
					       const unsigned long *addr2,
					       unsigned long size)
{
	return _find_first_and_bit(addr1, addr2, size);
}

static inline unsigned long find_first_and_and_bit(const unsigned long *addr1,
						   const unsigned long *addr2,
						   const unsigned long *addr3,
						   unsigned long size)
{
	return _find_first_and_and_bit(addr1, addr2, addr3, size);
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr,
						unsigned long size)
{
	if (sim_find_one_word(size))
		return sim_find_in_word(~*addr & GENMASK(size - 1, 0), size);
	return _find_first_zero_bit(addr, size);
}

/* The last set bit. */
static inline unsigned long find_last_bit(const unsigned long *addr,
					  unsigned long size)
{
	if (sim_find_one_word(size)) {
		unsigned long word = *addr & GENMASK(size - 1, 0);

		return word ? __fls(word) : size;
	}
	return _find_last_bit(addr, size);
}

/* The first set bit at or after offset, wrapping round to 0 (size if none). */
static inline unsigned long find_next_bit_wrap(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	unsigned long bit = find_next_bit(addr, size, offset);

	if (bit < size || offset == 0)
		return bit;
	bit = find_first_bit(addr, offset);
	return bit < offset ? bit : size;
}

/* Little-endian bitmaps: the machine's own order on a little-endian host. */
#define find_first_zero_bit_le(addr, size)				\
	find_first_zero_bit((const unsigned long *)(addr), size)
#define find_next_zero_bit_le(addr, size, offset)			\
	find_next_zero_bit((const unsigned long *)(addr), size, offset)
#define find_next_bit_le(addr, size, offset)				\
	find_next_bit((const unsigned long *)(addr), size, offset)

#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = 0;							\
	     (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_set_bit_from(bit, addr, size)				\
	for (;								\
	     (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_clear_bit(bit, addr, size)				\
	for ((bit) = 0;							\
	     (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_clear_bit_from(bit, addr, size)			\
	for (;								\
	     (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)
#define for_each_and_bit(bit, addr1, addr2, size)			\
	for ((bit) = 0;							\
	     (bit) = find_next_and_bit((addr1), (addr2), (size), (bit)), \
	     (bit) < (size);						\
	     (bit)++)
#define for_each_andnot_bit(bit, addr1, addr2, size)			\
	for ((bit) = 0;							\
	     (bit) = find_next_andnot_bit((addr1), (addr2), (size), (bit)), \
	     (bit) < (size);						\
	     (bit)++)
#define for_each_or_bit(bit, addr1, addr2, size)			\
	for ((bit) = 0;							\
	     (bit) = find_next_or_bit((addr1), (addr2), (size), (bit)), \
	     (bit) < (size);						\
	     (bit)++)
/* Each run of set bits: [b, e) with b its first bit and e past its last. */
#define for_each_set_bitrange(b, e, addr, size)				\
	for ((b) = 0;							\
	     (b) = find_next_bit((addr), (size), (b)),			\
	     (e) = find_next_zero_bit((addr), (size), (b) + 1),		\
	     (b) < (size);						\
	     (b) = (e) + 1)
/* Each run of clear bits. */
#define for_each_clear_bitrange(b, e, addr, size)			\
	for ((b) = 0;							\
	     (b) = find_next_zero_bit((addr), (size), (b)),		\
	     (e) = find_next_bit((addr), (size), (b) + 1),		\
	     (b) < (size);						\
	     (b) = (e) + 1)
/* The runs from b on (b is not reset first). */
#define for_each_set_bitrange_from(b, e, addr, size)			\
	for (;								\
	     (b) = find_next_bit((addr), (size), (b)),			\
	     (e) = find_next_zero_bit((addr), (size), (b) + 1),		\
	     (b) < (size);						\
	     (b) = (e) + 1)
#define for_each_clear_bitrange_from(b, e, addr, size)			\
	for (;								\
	     (b) = find_next_zero_bit((addr), (size), (b)),		\
	     (e) = find_next_bit((addr), (size), (b) + 1),		\
	     (b) < (size);						\
	     (b) = (e) + 1)

/*
 * The next set bit of a walk that began at start and wraps round: from
 * next up to size while the walk has not wrapped (next > start), then
 * from 0 up to start; size when the walk is over.
 */
static inline unsigned long sim_find_wrap_next(const unsigned long *addr,
					       unsigned long size,
					       unsigned long start,
					       unsigned long next)
{
	unsigned long bit;

	if (next > start) {
		bit = find_next_bit(addr, size, next);
		if (bit < size)
			return bit;
		next = 0;
	}
	bit = find_next_bit(addr, start, next);
	return bit < start ? bit : size;
}

/* Each set bit, from start to the end and then from 0 to start. */
#define for_each_set_bit_wrap(bit, addr, size, start)			\
	for ((bit) = find_next_bit_wrap((addr), (size), (start));	\
	     (bit) < (size);						\
	     (bit) = sim_find_wrap_next((addr), (size), (start), (bit) + 1))

#define for_each_set_clump8(start, clump, bits, size)			\
	for ((start) = find_next_clump8(&(clump), (bits), (size), 0);	\
	     (start) < (size);						\
	     (start) = find_next_clump8(&(clump), (bits), (size), (start) + 8))

#endif /* _SHIM_LINUX_FIND_H */
