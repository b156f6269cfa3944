/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit operations.  set_bit/clear_bit/test_and_set_bit are atomic RMWs
 * (fully ordered, stronger than the kernel requires); the __ forms are not.
 * test_bit() of a word the compiler knows (a local bitmap it has
 * followed) is a plain read, so that it folds to a constant as the
 * kernel's does (lib/test_bitmap.c checks this with BUILD_BUG_ON); any
 * other word is read with a relaxed atomic load.
 */
#ifndef _SHIM_LINUX_BITOPS_H
#define _SHIM_LINUX_BITOPS_H

#include <linux/kernel.h>

#define BITS_PER_LONG		64
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BITS_TO_LONGS(nr)	DIV_ROUND_UP(nr, BITS_PER_LONG)
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l)	(((~0ULL) << (l)) & (~0ULL >> (63 - (h))))
#define BIT_ULL(nr)		(1ULL << (nr))
#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_U32(nr)		DIV_ROUND_UP(nr, BITS_PER_TYPE(u32))
#define BITS_TO_U64(nr)		DIV_ROUND_UP(nr, BITS_PER_TYPE(u64))

/* Last (most significant) set bit, 1-based; 0 for 0. */
static inline int fls(unsigned int x) { return x ? 32 - __builtin_clz(x) : 0; }
/* fls() of a 64-bit value. */
static inline int fls64(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
/* 0-based index of the last set bit; x must not be 0. */
static inline unsigned long __fls(unsigned long x) { return 63 - __builtin_clzl(x); }
/* First set bit, 1-based; 0 for 0. */
#define ffs(x)	__builtin_ffs(x)
/* 0-based index of the first set bit; x must not be 0. */
static inline unsigned long __ffs(unsigned long x) { return __builtin_ctzl(x); }
/* 0-based index of the first clear bit; x must not be ~0. */
static inline unsigned long ffz(unsigned long x) { return __builtin_ctzl(~x); }
/* Number of set bits. */
static inline unsigned int hweight_long(unsigned long x) { return __builtin_popcountl(x); }
static inline unsigned int hweight8(unsigned int x) { return __builtin_popcount(x & 0xff); }
static inline unsigned int hweight16(unsigned int x) { return __builtin_popcount(x & 0xffff); }
static inline unsigned int hweight32(unsigned int x) { return __builtin_popcount(x); }
static inline unsigned int hweight64(u64 x) { return __builtin_popcountll(x); }

/* Rotations by shift, taken modulo the word's width, as the kernel's. */
static inline u32 rol32(u32 word, unsigned int shift) { return (word << (shift & 31)) | (word >> ((-shift) & 31)); }
static inline u32 ror32(u32 word, unsigned int shift) { return (word >> (shift & 31)) | (word << ((-shift) & 31)); }
static inline u64 rol64(u64 word, unsigned int shift) { return (word << (shift & 63)) | (word >> ((-shift) & 63)); }
static inline u64 ror64(u64 word, unsigned int shift) { return (word >> (shift & 63)) | (word << ((-shift) & 63)); }
/* 0-based index of the n-th (from 0) set bit of word; BITS_PER_LONG if none. */
static inline unsigned int fns(unsigned long word, unsigned int n)
{
	for (; word && n; n--)
		word &= word - 1;	/* drop the lowest set bit */
	return word ? (unsigned int)__ffs(word) : BITS_PER_LONG;
}

/* Atomically set bit nr of addr. */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	sim_marked_void(__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr),
					  __ATOMIC_SEQ_CST));
}

/* Atomically clear bit nr of addr. */
static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	sim_marked_void(__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr),
					   __ATOMIC_SEQ_CST));
}

/* Atomically set bit nr; returns its old value. */
static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return sim_marked(__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr),
					    __ATOMIC_SEQ_CST)) & BIT_MASK(nr);
}

/* Atomically clear bit nr; returns its old value. */
static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return sim_marked(__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr),
					     __ATOMIC_SEQ_CST)) & BIT_MASK(nr);
}

/* Set bit nr with acquire order, for a bit lock; its old value. */
static inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return sim_marked(__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr),
					    __ATOMIC_ACQUIRE)) & BIT_MASK(nr);
}

/* Clear bit nr with release order: the unlock of a bit lock. */
static inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	sim_marked_void(__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr),
					   __ATOMIC_RELEASE));
}

/*
 * The kernel's may store the word plainly, its holder being the only
 * writer; here it stays an atomic clear, with release order.
 */
#define __clear_bit_unlock(nr, addr)	clear_bit_unlock(nr, addr)

/*
 * Non-atomic set.  The __ forms access the word as an ordinary one (the
 * volatile of the pointer is dropped, as the kernel's drop it), so that
 * the compiler can follow a local bitmap through them.
 */
static inline void __set_bit(long nr, volatile unsigned long *addr)
{
	((unsigned long *)addr)[BIT_WORD(nr)] |= BIT_MASK(nr);
}

/* Non-atomic clear. */
static inline void __clear_bit(long nr, volatile unsigned long *addr)
{
	((unsigned long *)addr)[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

/* Non-atomic test and set; the old value of the bit. */
static inline bool __test_and_set_bit(long nr, volatile unsigned long *addr)
{
	bool old = ((unsigned long *)addr)[BIT_WORD(nr)] & BIT_MASK(nr);

	__set_bit(nr, addr);
	return old;
}

/* Non-atomic test and clear; the old value of the bit. */
static inline bool __test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	bool old = ((unsigned long *)addr)[BIT_WORD(nr)] & BIT_MASK(nr);

	__clear_bit(nr, addr);
	return old;
}

/* Non-atomic flip. */
static inline void __change_bit(long nr, volatile unsigned long *addr)
{
	((unsigned long *)addr)[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

/* Atomically flip bit nr of addr. */
static inline void change_bit(long nr, volatile unsigned long *addr)
{
	sim_marked_void(__atomic_fetch_xor(addr + BIT_WORD(nr), BIT_MASK(nr),
					   __ATOMIC_SEQ_CST));
}

/* Set bit nr of addr if value, else clear it: atomically, and not (__). */
#define assign_bit(nr, addr, value)					\
	((value) ? set_bit((nr), (addr)) : clear_bit((nr), (addr)))
#define __assign_bit(nr, addr, value)					\
	((value) ? __set_bit((nr), (addr)) : __clear_bit((nr), (addr)))

/* Whether bit nr of addr is set: the atomic read of a shared word. */
static inline bool sim_test_bit(long nr, const volatile unsigned long *addr)
{
	return (sim_marked(__atomic_load_n(addr + BIT_WORD(nr), __ATOMIC_RELAXED)) >>
		(nr % BITS_PER_LONG)) & 1;
}

/*
 * Whether the compiler knows bit nr of addr at compile time: nr, the
 * pointer and the word it points at are all constants to it.
 */
#define sim_bit_known(nr, addr)						\
	(__builtin_constant_p(nr) &&					\
	 __builtin_constant_p((unsigned long)(addr) != 0) &&		\
	 (unsigned long)(addr) != 0 &&					\
	 __builtin_constant_p(((const unsigned long *)(addr))[BIT_WORD(nr)]))

/* Whether bit nr of addr is set. */
#define test_bit(nr, addr)						\
	(sim_bit_known(nr, addr) ?					\
	 (bool)((((const unsigned long *)(addr))[BIT_WORD(nr)] >>	\
		 ((nr) % BITS_PER_LONG)) & 1) :				\
	 sim_test_bit((nr), (addr)))

#endif
