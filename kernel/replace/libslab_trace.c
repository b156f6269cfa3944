// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_trace.c - replacement mode: the kmem trace events live with the
 * slab allocator (mm/slab_common.c instantiates them with SLUB), and the
 * page allocator and mm/memory.c emit some of them, so they are defined
 * here once libslab is the allocator.
 */
#include "slab.h"

/*
 * The events kmalloc and kmem_cache_alloc are named after the API, not
 * after the entry points the name maps turn those words into.
 */
#undef kmalloc
#undef kmem_cache_alloc

#define CREATE_TRACE_POINTS
#include <trace/events/kmem.h>
