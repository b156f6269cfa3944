/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Random numbers for the allocator's hardening (freelist pointer keys,
 * freelist shuffling).  Not cryptographic: a xorshift generator seeded by
 * random_seed= in LIBSLAB_CMDLINE (default 1), so hardened runs can be
 * repeated exactly; a kernel build uses the kernel's CRNG.
 */
#ifndef _SHIM_LINUX_RANDOM_H
#define _SHIM_LINUX_RANDOM_H

#include <linux/types.h>
/* The UAPI header of the name: the random device's ioctls and GRND_ flags. */
#include_next <linux/random.h>
#include <linux/prandom.h>

/* A random 64-bit value. */
u64 get_random_u64(void);
/* A random 32-bit value. */
u32 get_random_u32(void);
/* A random value in [0, ceil); 0 if ceil is 0. */
u32 get_random_u32_below(u32 ceil);

#define get_random_long()	((unsigned long)get_random_u64())

#endif
