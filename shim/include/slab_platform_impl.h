/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace shim's half of the core's platform contract
 * (src/include/slab_platform.h, which includes this file and then states
 * each name's guarantee): the lockless per-CPU tries and whether a memory
 * checker is told about objects.  The checker's marks are made by
 * shim/machine/slab_tool.c, the end of the shim's threads by
 * shim/services/threads_exit.c.
 */
/*
 * The primitives of the core's lockless per-CPU tries (the alloc and free
 * fast paths of the entry points), and of its locked updates of a CPU's
 * freelist/tid pair, named apart so that each build gives them its
 * cheapest form.  The kernel build maps them to raw_cpu_ptr(),
 * READ_ONCE()/WRITE_ONCE(), plain reads, this_cpu_try_cmpxchg128() and
 * try_cmpxchg128(); this one, the userspace shim's, makes a try that
 * calls nothing, so that a hit needs no stack frame, and hands every case
 * it cannot serve that way back to the caller, whose whole path then does
 * it with the usual primitives:
 *
 *  - while any switch in sim_switches is on, no try runs: armed
 *    preemption points (a test hook or the deterministic scheduler watches
 *    each step: only the whole path, whose READ_ONCE()s are the points,
 *    is watched), a static key (fault injection, libslab_extra_checks),
 *    preempt=rt, slub_tool_poison, init_on_alloc or init_on_free; one
 *    load tests them all, so slab_lockless_quiet() is the core's whole
 *    test of its hooks (SLAB_LOCKLESS_QUIET_COVERS_SWITCHES);
 *  - a task whose CPU must be looked up (first use, moved by the
 *    runtime, cpu_map=getcpu without rseq) gets no CPU copy;
 *  - the commit is try_cmpxchg128()'s (one cmpxchg16b, or while the
 *    process has one thread a restartable sequence), or under
 *    libslab-fast's rseq commit (sim/rseq.h) its sequence, which fails
 *    rather than wait for a fence.
 *
 * What it cannot model: nothing more than the whole path does; a try is
 * the same transaction, checked by the same tid.
 */
#ifndef _SHIM_SLAB_PLATFORM_IMPL_H
#define _SHIM_SLAB_PLATFORM_IMPL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/cpuhotplug.h>
#include <linux/workqueue.h>
#include <sim/switches.h>

/* Whether a lockless try may run now: every switch is off (see above). */
static __always_inline bool slab_lockless_quiet(void)
{
	return sim_switches_all_off();
}

/* slab_lockless_quiet() answers for every switch the core tests. */
#define SLAB_LOCKLESS_QUIET_COVERS_SWITCHES	1

/*
 * This CPU's copy of the per-CPU object pcp, or NULL while the task must
 * be looked up (a call): one add and the sign of the sum
 * (SIM_CPU_OFFSET_NONE), with no test of the hotplug generation.  A task
 * whose CPU has gone offline since its last look-up names that CPU's copy
 * until its next one; the CPU-dead callbacks empty the copy (taking its
 * pair by cmpxchg, as from any task sharing a CPU), so that an allocation
 * misses there and the whole path places the task afresh.  A copy is
 * never at address 0, which the compiler is told so that the caller's
 * NULL test is the sign test alone.
 */
#define slab_lockless_cpu_ptr(pcp) ({					\
	unsigned long __la = (unsigned long)(pcp) +			\
			     sim_cpu_cache_last_offset();		\
	__typeof__(pcp) __lc = NULL;					\
									\
	if (likely((long)__la >= 0)) {					\
		if (!__la)						\
			__builtin_unreachable();			\
		__lc = (__typeof__(pcp))__la;				\
	}								\
	__lc; })

/*
 * Whether the copy slab_lockless_cpu_ptr() named is still that of the
 * task's CPU: false after a hotplug since the task's last look-up, when
 * a free of another slab's object goes the whole way, which moves the
 * task first.  Asked only on that path, never on a hit.
 */
static __always_inline bool slab_lockless_placed(void)
{
	return sim_cpu_cache_valid();
}

/* READ_ONCE()/WRITE_ONCE() inside a try: marked accesses, no preemption point. */
#define slab_lockless_read(x)		__READ_ONCE(x)
#define slab_lockless_write(x, val)	__WRITE_ONCE(x, val)
/*
 * An unmarked read, as the kernel's fast paths make of the fields the
 * tid vouches for (cpu_try_peek()), so that a test of it can be a
 * compare with memory; marked under ThreadSanitizer, which would report
 * the race that the commit resolves.
 */
#ifdef __SANITIZE_THREAD__
#define slab_lockless_peek(x)		__READ_ONCE(x)
#else
#define slab_lockless_peek(x)		(x)
#endif

/*
 * try_cmpxchg128() of a CPU's pair that the caller names by pointer (the
 * core's locked updates of a cpu freelist): every writer of a per-CPU pair
 * must go the way the rseq commit allows.
 */
#define slab_cpu_pair_try_cmpxchg128(ptr, oldp, new)			\
	sim_percpu_try_cmpxchg128(ptr, oldp, new)

/*
 * The try's commit: this_cpu_try_cmpxchg128(pcp, &old, new) on local, the
 * copy slab_lockless_cpu_ptr() named; false if the pair no longer holds
 * old or the task left local's CPU (the caller's whole path tries again).
 */
#define slab_lockless_try_cmpxchg128(pcp, local, old, new)		\
	sim_lockless_try_cmpxchg128(local, old, new)

static __always_inline bool sim_lockless_try_cmpxchg128(u128 *ptr, u128 old,
							u128 new)
{
	bool done;

#if SIM_RSEQ
	/*
	 * A per-CPU pair, as in sim_percpu_try_cmpxchg128().  The commit is
	 * only on where sequences run: without them (valgrind) the test
	 * __sim_try_cmpxchg128() makes first is the only one.
	 */
	if (sim_rseq_alone_ok && sim_rseq_active())
		return sim_rseq_commit(ptr, old, new) == SIM_RSEQ_DONE;
#endif
	sim_release(ptr);
	done = sim_marked(__sim_try_cmpxchg128(ptr, &old, new));
	sim_acquire(ptr);
	return done;
}

/*
 * Object-granular reports from valgrind's memcheck and AddressSanitizer
 * (slub_tool_poison=on in LIBSLAB_CMDLINE).  The allocator tells the tool
 * which bytes a caller may touch: a new slab is inaccessible, an allocated
 * object is accessible for the size asked for (uninitialised unless
 * zeroed or constructed), a freed object is inaccessible again.  As
 * KASAN is told in the kernel, a new object is first the caller's whole
 * (kasan_slab_alloc()), so that zeroing it is no misuse, then a kmalloc
 * object loses the bytes past the size asked for (kasan_kmalloc()).  The
 * allocator's own look at its metadata (free pointers, red zones, tracks)
 * is bracketed by slab_tool_metadata_begin()/end(), as the kernel's
 * metadata_access_enable() tells KASAN; under ASan the core is built
 * uninstrumented instead, as the kernel builds mm/slub.c without KASAN.
 *
 * Debug caches are left to their own red zones and poison.  Off by
 * default: with it on, code that peeks at freed objects on purpose
 * (white-box tests, the page census) is reported too.
 */

/*
 * flush_all()'s per-CPU work runs at once in the caller, placed on cpu as
 * work_on_cpu() places it (smp_processor_id() and this_cpu_*() see cpu),
 * instead of on a worker of the workqueue: a flush makes no thread, so a
 * one-thread program stays one thread (libslab-fast's single-thread
 * commit).  Cannot model: a flush that waits for a busy CPU's worker, or
 * the workqueue's rescuer under memory pressure.
 */
static inline long slab_flush_run(void *work)
{
	struct work_struct *item = work;

	item->func(item);
	return 0;
}
#define slab_flush_queue_on(cpu, wq, work)				\
	((void)(wq), work_on_cpu(cpu, slab_flush_run, work))
#define slab_flush_wait(work)	((void)(work))

/* The core is the process's slab allocator: SLUB's own hotplug state. */
#define SLAB_CPU_DEAD_STATE	CPUHP_SLUB_DEAD
#define SLAB_CPU_DEAD_NAME	"slub:dead"

/* Whether a memory checker is told anything (slub_tool_poison=on). */
static inline bool slab_tool_active(void)
{
	return __builtin_expect(__atomic_load_n(&sim_switches.tool_poison,
						__ATOMIC_RELAXED), 0);
}

#endif
