/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/prandom.h>: the kernel's seeded pseudo-random generator,
 * L'Ecuyer's four-component Tausworthe generator (LFSR113), so that a
 * test seeded with a constant draws the numbers it draws in the kernel
 * (shim/lib/random32.c).
 */
#ifndef _SHIM_LINUX_PRANDOM_H
#define _SHIM_LINUX_PRANDOM_H

#include <linux/types.h>

struct rnd_state {
	u32 s1, s2, s3, s4;
};

/* The next number of state's sequence. */
u32 prandom_u32_state(struct rnd_state *state);
/* Fill buf with bytes bytes of state's sequence. */
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t bytes);

/*
 * Each component needs a seed above a floor (2, 8, 16, 128), else it
 * degenerates: a seed below it is raised by it.
 */
static inline u32 __prandom_seed_above(u32 seed, u32 floor)
{
	return seed < floor ? seed + floor : seed;
}

/* Seed state from seed, folded to 32 bits, as the kernel does. */
static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	u32 folded = (u32)((seed >> 32) ^ (seed << 10) ^ seed);

	state->s1 = __prandom_seed_above(folded, 2);
	state->s2 = __prandom_seed_above(folded, 8);
	state->s3 = __prandom_seed_above(folded, 16);
	state->s4 = __prandom_seed_above(folded, 128);
}

#endif /* _SHIM_LINUX_PRANDOM_H */
