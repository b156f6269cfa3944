/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/jhash.h>: Bob Jenkins' lookup3 hash (public domain, 2006), as
 * the kernel computes it: the same values for the same key, length and
 * initial value on the same machine.  Keys are read a 32-bit word at a
 * time in the CPU's byte order (at any alignment), so values differ
 * between little- and big-endian machines, as the kernel's do; a tail of
 * 1 to 11 bytes adds byte i at bit 8 * (i % 4) of word i / 4.
 */
#ifndef _SHIM_LINUX_JHASH_H
#define _SHIM_LINUX_JHASH_H

#include <linux/types.h>
#include <linux/bitops.h>

/* The golden ratio seed of lookup3. */
#define JHASH_INITVAL		0xdeadbeef

/* The size of a table of 2^n buckets, and the mask of its index. */
#define jhash_size(n)		((u32)1 << (n))
#define jhash_mask(n)		(jhash_size(n) - 1)

/* Mix three words reversibly (lookup3's mix()). */
#define __jhash_mix(a, b, c)						\
	do {								\
		a -= c; a ^= rol32(c, 4);  c += b;			\
		b -= a; b ^= rol32(a, 6);  a += c;			\
		c -= b; c ^= rol32(b, 8);  b += a;			\
		a -= c; a ^= rol32(c, 16); c += b;			\
		b -= a; b ^= rol32(a, 19); a += c;			\
		c -= b; c ^= rol32(b, 4);  b += a;			\
	} while (0)

/* Fold three words into c (lookup3's final()). */
#define __jhash_final(a, b, c)						\
	do {								\
		c ^= b; c -= rol32(b, 14);				\
		a ^= c; a -= rol32(c, 11);				\
		b ^= a; b -= rol32(a, 25);				\
		c ^= b; c -= rol32(b, 16);				\
		a ^= c; a -= rol32(c, 4);				\
		b ^= a; b -= rol32(a, 14);				\
		c ^= b; c -= rol32(b, 24);				\
	} while (0)

/* The 32-bit word at p, in the CPU's byte order, at any alignment. */
static inline u32 sim_jhash_word(const u8 *p)
{
	u32 word;

	__builtin_memcpy(&word, p, sizeof(word));
	return word;
}

/* Hash length bytes at key with initval. */
static inline u32 jhash(const void *key, u32 length, u32 initval)
{
	const u8 *k = key;
	u32 w[3];
	u32 i;

	w[0] = w[1] = w[2] = JHASH_INITVAL + length + initval;
	for (; length > 12; length -= 12, k += 12) {
		w[0] += sim_jhash_word(k);
		w[1] += sim_jhash_word(k + 4);
		w[2] += sim_jhash_word(k + 8);
		__jhash_mix(w[0], w[1], w[2]);
	}
	/* 0 bytes left: only a key of length 0 gets here so; no final mix. */
	if (!length)
		return w[2];
	for (i = 0; i < length; i++)
		w[i / 4] += (u32)k[i] << (8 * (i % 4));
	__jhash_final(w[0], w[1], w[2]);
	return w[2];
}

/* Hash length 32-bit words at k with initval. */
static inline u32 jhash2(const u32 *k, u32 length, u32 initval)
{
	u32 w[3];
	u32 i;

	w[0] = w[1] = w[2] = JHASH_INITVAL + (length << 2) + initval;
	for (; length > 3; length -= 3, k += 3) {
		w[0] += k[0];
		w[1] += k[1];
		w[2] += k[2];
		__jhash_mix(w[0], w[1], w[2]);
	}
	if (!length)
		return w[2];
	for (i = 0; i < length; i++)
		w[i] += k[i];
	__jhash_final(w[0], w[1], w[2]);
	return w[2];
}

/* Hash up to three words whose seed already holds the length. */
static inline u32 __jhash_nwords(u32 a, u32 b, u32 c, u32 initval)
{
	a += initval;
	b += initval;
	c += initval;
	__jhash_final(a, b, c);
	return c;
}

static inline u32 jhash_3words(u32 a, u32 b, u32 c, u32 initval)
{
	return __jhash_nwords(a, b, c, initval + JHASH_INITVAL + (3 << 2));
}

static inline u32 jhash_2words(u32 a, u32 b, u32 initval)
{
	return __jhash_nwords(a, b, 0, initval + JHASH_INITVAL + (2 << 2));
}

static inline u32 jhash_1word(u32 a, u32 initval)
{
	return __jhash_nwords(a, 0, 0, initval + JHASH_INITVAL + (1 << 2));
}

#endif /* _SHIM_LINUX_JHASH_H */
