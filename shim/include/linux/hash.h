/* SPDX-License-Identifier: GPL-2.0 */
/* Multiplicative hashing with the kernel's names and golden-ratio constant. */
#ifndef _SHIM_LINUX_HASH_H
#define _SHIM_LINUX_HASH_H

#include <linux/types.h>

#define GOLDEN_RATIO_32	0x61C88647
#define GOLDEN_RATIO_64	0x61C8864680B583EBull

/* The top bits of val times the 32-bit golden ratio: a hash in [0, 2^bits). */
static inline u32 hash_32(u32 val, unsigned int bits)
{
	return bits ? (u32)(val * GOLDEN_RATIO_32) >> (32 - bits) : 0;
}

/* The top bits of val times the golden ratio: a hash of val in [0, 2^bits). */
static inline u32 hash_64(u64 val, unsigned int bits)
{
	return bits ? (u32)((val * GOLDEN_RATIO_64) >> (64 - bits)) : 0;
}

/* hash_64() on 64-bit longs, as the kernel's 64-bit builds have it. */
#define hash_long(val, bits)	hash_64((u64)(val), bits)
/* A pointer's hash. */
static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_long((unsigned long)ptr, bits);
}

#endif
