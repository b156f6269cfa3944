/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel build's half of the core's platform contract
 * (slab_platform.h, which includes this file and then states each name's
 * guarantee).  The lockless tries are the kernel's own operations (the
 * userspace shim gives them forms that call nothing); there is no memory
 * checker to tell, KASAN instruments the kernel itself; and the kernel's
 * threads are its own, so the core has none to end.
 */
#ifndef _LIBSLAB_GLUE_SLAB_PLATFORM_IMPL_H
#define _LIBSLAB_GLUE_SLAB_PLATFORM_IMPL_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/cpuhotplug.h>
#include <linux/workqueue.h>

struct kmem_cache;
struct slab;
struct list_lru;
struct slabobj_ext;
/*
 * memcg's slab hooks (mm/memcontrol.c), which mm/slab.h declares and the
 * core cannot include; called only in a kernel on libslab with MEMCG.
 */
bool __memcg_slab_post_alloc_hook(struct kmem_cache *s, struct list_lru *lru,
				  gfp_t flags, size_t size, void **p);
void __memcg_slab_free_hook(struct kmem_cache *s, struct slab *slab,
			    void **p, int objects, struct slabobj_ext *obj_exts);

/* A try may always run: the kernel has no simulation watching it. */
static inline bool slab_lockless_quiet(void) { return true; }
/* The core tests its switches (static keys, PREEMPT_RT) one by one. */
#define SLAB_LOCKLESS_QUIET_COVERS_SWITCHES	0
/* A task runs on the CPU raw_cpu_ptr() named until it is preempted. */
static inline bool slab_lockless_placed(void) { return true; }
/* This CPU's copy of pcp; never NULL here. */
#define slab_lockless_cpu_ptr(pcp)	raw_cpu_ptr(pcp)
#define slab_lockless_read(x)		READ_ONCE(x)
/* The fields 6.12's fast paths read unmarked after the tid. */
#define slab_lockless_peek(x)		(x)
#define slab_lockless_write(x, val)	WRITE_ONCE(x, val)
/* A CPU's pair named by pointer: an ordinary cmpxchg here. */
#define slab_cpu_pair_try_cmpxchg128(ptr, oldp, new)			\
	try_cmpxchg128(ptr, oldp, new)
/* The commit goes to the CPU the task runs on now, whatever local named. */
#define slab_lockless_try_cmpxchg128(pcp, local, old, new) ({		\
	(void)(local);							\
	this_cpu_try_cmpxchg128(pcp, &(old), new); })

/* No memory checker: every tool hook compiles away. */
static inline bool slab_tool_active(void) { return false; }
static inline void __slab_tool_slab_new(void *addr, size_t size) { }
static inline void __slab_tool_slab_free(void *addr, size_t size) { }
static inline void __slab_tool_object_alloc(const void *object, size_t size,
					    bool initialized) { }
static inline void __slab_tool_object_free(const void *object, size_t size) { }
static inline void __slab_tool_object_trim(const void *object, size_t size,
					   size_t object_size) { }
static inline void __slab_tool_metadata_begin(void) { }
static inline void __slab_tool_metadata_end(void) { }

/* The kernel's workqueues and kthreads are its own: a module ends only its own. */
static inline void slab_platform_exit_threads(void) { }

/*
 * The cache notices: as the kernel's slab allocator, /sys/kernel/slab and
 * /sys/kernel/debug/slab (libslab_sysfs.c of replacement mode); beside
 * SLUB, which owns those directories, the platform shows nothing.
 */
struct kmem_cache;
#ifdef CONFIG_LIBSLAB_ALLOCATOR
int slab_platform_cache_added(struct kmem_cache *s, const char *name);
int slab_platform_cache_aliased(struct kmem_cache *s, const char *name);
void slab_platform_cache_removed(struct kmem_cache *s);
#else
static inline int slab_platform_cache_added(struct kmem_cache *s,
					    const char *name)
{
	return 0;
}

static inline int slab_platform_cache_aliased(struct kmem_cache *s,
					      const char *name)
{
	return 0;
}

static inline void slab_platform_cache_removed(struct kmem_cache *s) { }
#endif

/* The flush work goes to the CPU's worker of the WQ_MEM_RECLAIM workqueue. */
#define slab_flush_queue_on(cpu, wq, work)	queue_work_on(cpu, wq, work)
#define slab_flush_wait(work)			flush_work(work)

/*
 * As the kernel's slab allocator the core takes SLUB's hotplug state (SLUB
 * is not built); beside SLUB, which holds it, a dynamic one.
 */
#define SLAB_CPU_DEAD_STATE						\
	(IS_ENABLED(CONFIG_LIBSLAB_ALLOCATOR) ? CPUHP_SLUB_DEAD : CPUHP_BP_PREPARE_DYN)
#define SLAB_CPU_DEAD_NAME						\
	(IS_ENABLED(CONFIG_LIBSLAB_ALLOCATOR) ? "slub:dead" : "libslab:dead")

#endif
