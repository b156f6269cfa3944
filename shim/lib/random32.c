// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's seeded generator (<linux/prandom.h>): LFSR113, P. L'Ecuyer,
 * "Tables of maximally equidistributed combined LFSR generators" (1999).
 * Each 32-bit component steps as a linear feedback shift register with
 * its own shifts (q, s, k-s) and mask; the output is their XOR.
 */
#include <string.h>
#include <linux/prandom.h>

/* One step of a component: shifts q and s, mask keeps its k top bits. */
static inline u32 lfsr_step(u32 z, unsigned int q, unsigned int s,
			    unsigned int shift_back, u32 mask)
{
	return ((z & mask) << s) ^ (((z << q) ^ z) >> shift_back);
}

u32 prandom_u32_state(struct rnd_state *state)
{
	state->s1 = lfsr_step(state->s1, 6, 18, 13, 0xfffffffeU);
	state->s2 = lfsr_step(state->s2, 2, 2, 27, 0xfffffff8U);
	state->s3 = lfsr_step(state->s3, 13, 7, 21, 0xfffffff0U);
	state->s4 = lfsr_step(state->s4, 3, 13, 12, 0xffffff80U);
	return state->s1 ^ state->s2 ^ state->s3 ^ state->s4;
}

void prandom_bytes_state(struct rnd_state *state, void *buf, size_t bytes)
{
	unsigned char *out = buf;

	while (bytes) {
		u32 r = prandom_u32_state(state);
		size_t n = bytes < sizeof(r) ? bytes : sizeof(r);

		/* Little-endian order, as the kernel's put_unaligned_le32(). */
		for (size_t i = 0; i < n; i++)
			out[i] = (unsigned char)(r >> (8 * i));
		out += n;
		bytes -= n;
	}
}
