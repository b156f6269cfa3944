// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_trace.c - replacement mode: the kmem trace events live with the
 * slab allocator (mm/slab_common.c instantiates them with SLUB), and the
 * page allocator and mm/memory.c emit some of them, so they are defined
 * here once libslab is the allocator.
 */
#include "slab.h"

#define CREATE_TRACE_POINTS
#include <trace/events/kmem.h>
