/* SPDX-License-Identifier: GPL-2.0 */
/* Cache line geometry of x86_64 and most arm64 parts. */
#ifndef _SHIM_LINUX_CACHE_H
#define _SHIM_LINUX_CACHE_H

#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES		L1_CACHE_BYTES
#define ____cacheline_aligned	__attribute__((__aligned__(SMP_CACHE_BYTES)))
/* The simulated machine is SMP. */
#define ____cacheline_aligned_in_smp	____cacheline_aligned
#define __cacheline_aligned_in_smp	____cacheline_aligned

/* Bytes per cache line (what SLAB_HWCACHE_ALIGN aligns to). */
static inline int cache_line_size(void)
{
	return L1_CACHE_BYTES;
}

#endif
