/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's fixed-width types, atomic types and list heads. */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
/* The UAPI header first: system headers include it and expect its __u32, __le32, ... */
#include_next <linux/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef unsigned __int128 u128;
typedef unsigned int gfp_t;
typedef unsigned int slab_flags_t;
typedef unsigned long phys_addr_t;
/*
 * A file offset.  The C library names it only for _GNU_SOURCE; the same
 * typedef again (its own __loff_t) is allowed, so it is named here too.
 */
typedef __loff_t loff_t;
/* A bus address of a DMA mapping (<linux/dma-mapping.h>). */
typedef u64 dma_addr_t;

typedef struct { int counter; } atomic_t;
typedef struct { s64 counter; } atomic64_t;
typedef struct { long counter; } atomic_long_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

#endif
