/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kmem trace events the slab allocator emits (the kernel's
 * <trace/events/kmem.h>): one per kmem_cache_alloc(), kmalloc(), kfree()
 * and kmem_cache_free().  In a kernel they reach ftrace and perf when
 * enabled.  The userspace build has no tracer to hand them to: each
 * event here takes the kernel's arguments and does nothing.  Traces to
 * study come from a kernel (kernel/scripts/capture-boot-trace.sh) and
 * are replayed on libslab by slabsim (bench/traces/README.md).
 */
#ifndef _SHIM_TRACE_EVENTS_KMEM_H
#define _SHIM_TRACE_EVENTS_KMEM_H

#include <linux/types.h>

struct kmem_cache;

/* An object of s was allocated for call_site (ptr NULL: it failed). */
static inline void trace_kmem_cache_alloc(unsigned long call_site, const void *ptr,
					  struct kmem_cache *s, gfp_t gfp_flags,
					  int node)
{
}

/* bytes_req bytes were asked of kmalloc, bytes_alloc handed out. */
static inline void trace_kmalloc(unsigned long call_site, const void *ptr,
				 size_t bytes_req, size_t bytes_alloc,
				 gfp_t gfp_flags, int node)
{
}

/* kfree(ptr) by call_site. */
static inline void trace_kfree(unsigned long call_site, const void *ptr)
{
}

/* kmem_cache_free(s, ptr) by call_site. */
static inline void trace_kmem_cache_free(unsigned long call_site, const void *ptr,
					 const struct kmem_cache *s)
{
}

#endif
