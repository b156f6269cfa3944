/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GFP flags with Linux 6.12's bit numbers for x86_64 with CONFIG_LOCKDEP
 * off, CONFIG_KASAN_HW_TAGS off and CONFIG_SLAB_OBJ_EXT on.  The simulated
 * page allocator honours __GFP_ZERO, __GFP_COMP, __GFP_THISNODE and
 * __GFP_NOWARN; reclaim, zone and mobility bits are accepted and ignored
 * (there is no reclaim and every page is in one zone).
 */
#ifndef _SHIM_LINUX_GFP_TYPES_H
#define _SHIM_LINUX_GFP_TYPES_H

#include <linux/types.h>

enum {
	___GFP_DMA_BIT,
	___GFP_HIGHMEM_BIT,
	___GFP_DMA32_BIT,
	___GFP_MOVABLE_BIT,
	___GFP_RECLAIMABLE_BIT,
	___GFP_HIGH_BIT,
	___GFP_IO_BIT,
	___GFP_FS_BIT,
	___GFP_ZERO_BIT,
	___GFP_UNUSED_BIT,
	___GFP_DIRECT_RECLAIM_BIT,
	___GFP_KSWAPD_RECLAIM_BIT,
	___GFP_WRITE_BIT,
	___GFP_NOWARN_BIT,
	___GFP_RETRY_MAYFAIL_BIT,
	___GFP_NOFAIL_BIT,
	___GFP_NORETRY_BIT,
	___GFP_MEMALLOC_BIT,
	___GFP_COMP_BIT,
	___GFP_NOMEMALLOC_BIT,
	___GFP_HARDWALL_BIT,
	___GFP_THISNODE_BIT,
	___GFP_ACCOUNT_BIT,
	___GFP_ZEROTAGS_BIT,
	___GFP_NO_OBJ_EXT_BIT,
	___GFP_LAST_BIT
};

#define __GFP_BIT(b)		((gfp_t)(1U << (b)))
#define __GFP_DMA		__GFP_BIT(___GFP_DMA_BIT)
#define __GFP_HIGHMEM		__GFP_BIT(___GFP_HIGHMEM_BIT)
#define __GFP_DMA32		__GFP_BIT(___GFP_DMA32_BIT)
#define __GFP_MOVABLE		__GFP_BIT(___GFP_MOVABLE_BIT)
#define __GFP_RECLAIMABLE	__GFP_BIT(___GFP_RECLAIMABLE_BIT)
/* The bits that choose a zone, which a cache of objects may not be asked for. */
#define GFP_ZONEMASK		(__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32 | __GFP_MOVABLE)
#define __GFP_HIGH		__GFP_BIT(___GFP_HIGH_BIT)
#define __GFP_IO		__GFP_BIT(___GFP_IO_BIT)
#define __GFP_FS		__GFP_BIT(___GFP_FS_BIT)
#define __GFP_ZERO		__GFP_BIT(___GFP_ZERO_BIT)
#define __GFP_DIRECT_RECLAIM	__GFP_BIT(___GFP_DIRECT_RECLAIM_BIT)
#define __GFP_KSWAPD_RECLAIM	__GFP_BIT(___GFP_KSWAPD_RECLAIM_BIT)
#define __GFP_WRITE		__GFP_BIT(___GFP_WRITE_BIT)
#define __GFP_NOWARN		__GFP_BIT(___GFP_NOWARN_BIT)
#define __GFP_RETRY_MAYFAIL	__GFP_BIT(___GFP_RETRY_MAYFAIL_BIT)
#define __GFP_NOFAIL		__GFP_BIT(___GFP_NOFAIL_BIT)
#define __GFP_NORETRY		__GFP_BIT(___GFP_NORETRY_BIT)
#define __GFP_MEMALLOC		__GFP_BIT(___GFP_MEMALLOC_BIT)
#define __GFP_COMP		__GFP_BIT(___GFP_COMP_BIT)
#define __GFP_NOMEMALLOC	__GFP_BIT(___GFP_NOMEMALLOC_BIT)
#define __GFP_HARDWALL		__GFP_BIT(___GFP_HARDWALL_BIT)
#define __GFP_THISNODE		__GFP_BIT(___GFP_THISNODE_BIT)
#define __GFP_ACCOUNT		__GFP_BIT(___GFP_ACCOUNT_BIT)
#define __GFP_ZEROTAGS		__GFP_BIT(___GFP_ZEROTAGS_BIT)
#define __GFP_NO_OBJ_EXT	__GFP_BIT(___GFP_NO_OBJ_EXT_BIT)
#define __GFP_SKIP_ZERO		((gfp_t)0)
#define __GFP_SKIP_KASAN	((gfp_t)0)
#define __GFP_NOLOCKDEP		((gfp_t)0)
#define __GFP_RECLAIM		(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

#define __GFP_BITS_SHIFT	___GFP_LAST_BIT
#define __GFP_BITS_MASK		((gfp_t)((1U << __GFP_BITS_SHIFT) - 1))

#define GFP_ATOMIC		(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT	(GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT		(__GFP_KSWAPD_RECLAIM | __GFP_NOWARN)
#define GFP_NOIO		(__GFP_RECLAIM)
#define GFP_NOFS		(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER		(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA			__GFP_DMA
#define GFP_DMA32		__GFP_DMA32
#define GFP_HIGHUSER		(GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE	(GFP_HIGHUSER | __GFP_MOVABLE | __GFP_SKIP_KASAN)
#define GFP_TRANSHUGE_LIGHT	((GFP_HIGHUSER_MOVABLE | __GFP_COMP | \
				  __GFP_NOMEMALLOC | __GFP_NOWARN) & ~__GFP_RECLAIM)
#define GFP_TRANSHUGE		(GFP_TRANSHUGE_LIGHT | __GFP_DIRECT_RECLAIM)

#endif
