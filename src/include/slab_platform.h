/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slab_platform.h - what the core (src/) needs from the platform it runs
 * on, owned by the core.  Two platforms implement it:
 *
 *   userspace  shim/: the kernel headers of shim/include/ over the
 *              simulated machine (shim/machine/) and the kernel services
 *              (shim/services/), plus shim/include/slab_platform_impl.h;
 *   kernel     the Linux 6.12 tree itself, plus kernel/glue/include/
 *              slab_platform_impl.h.
 *
 * This is the only header of src/ that a platform includes: the layering
 * test (tests/lint/shim_layering.py) fails on any other include of src/
 * from shim/, and on any call from shim/ into the core.
 *
 * Part 1 lists the kernel interfaces the core calls, by purpose, with the
 * guarantee it relies on.  The kernel gives each; the shim models each,
 * and its header says what the model cannot give.  Part 2 is libslab's own
 * interface, which the kernel has no name for: each platform's
 * slab_platform_impl.h defines it, and the declarations below restate it
 * as the core uses it, so that a platform that leaves a name out or gives
 * it another type fails to compile here rather than in a core file.
 */
#ifndef LIBSLAB_SLAB_PLATFORM_H
#define LIBSLAB_SLAB_PLATFORM_H

/*
 * ---- Part 1: the kernel's interfaces ----------------------------------
 *
 * Pages (<linux/gfp.h>, <linux/mm.h>, <linux/mmzone.h>)
 *   alloc_pages_node()/alloc_pages()  2^order contiguous pages of a node
 *                      (any node for NUMA_NO_NODE), or NULL; honours
 *                      __GFP_NOWARN, __GFP_THISNODE, __GFP_ZERO and the
 *                      fault injection of fail_page_alloc.
 *   __free_pages()     gives back exactly what alloc_pages*() returned.
 *   virt_to_page(), page_address(), folio_*()  constant-time maps
 *                      between an address in a page and its struct page.
 *   gfp_allowed_mask   the flags start-up allows (no sleeping before it).
 *   node_stat_mod_folio()  (<linux/vmstat.h>) moves the folio node's
 *                      NR_SLAB_RECLAIMABLE_B or NR_SLAB_UNRECLAIMABLE_B by
 *                      whole pages: /proc/meminfo's SReclaimable and
 *                      SUnreclaim, for a slab (whose objects memcg counts
 *                      one by one).
 *   lruvec_stat_mod_folio()  the same for a large kmalloc, and for the
 *                      memory cgroup the folio is charged to, if any.
 * Memory cgroups (<linux/memcontrol.h>)
 *   memcg_kmem_online()  whether any cgroup accounts kernel memory; while
 *                      it is false no object needs charging.
 *   __memcg_slab_post_alloc_hook()  charges objects of s that p holds to
 *                      the current task's cgroup, asking alloc_slab_obj_exts()
 *                      for a vector where a slab has none, and records the
 *                      cgroup in each object's slabobj_ext; false if the
 *                      charge failed (nothing is then charged).
 *   __memcg_slab_free_hook()  uncharges and clears the slabobj_ext of each
 *                      object given.
 *   mem_cgroup_kmem_disabled()  cgroup.memory=nokmem: kmalloc-cg-* are the
 *                      normal caches.
 *   folio_memcg_kmem(), __memcg_kmem_charge_page()  whether a large kmalloc
 *                      is charged, and its charge.
 * Large memory (<linux/vmalloc.h>)
 *   vrealloc(), vfree(), is_vmalloc_addr()  kvmalloc's fallback and its test.
 * CPUs and nodes (<linux/cpumask.h>, <linux/nodemask.h>, <linux/topology.h>,
 * <linux/cpu.h>, <linux/cpuhotplug.h>, <linux/smp.h>)
 *   nr_cpu_ids, nr_node_ids, for_each_*_cpu()  fixed after start-up;
 *                      numa_mem_id() is the nearest node with memory to
 *                      the CPU the caller runs on.
 *   for_each_node_state(N_NORMAL_MEMORY), for_each_node_mask()  the nodes
 *                      with normal memory now; a node's memory comes and
 *                      goes only as the memory notifier below says.
 *   cpus_read_lock()/cpus_read_unlock()  no CPU comes or goes in between.
 *   cpuhp_setup_state_nocalls()  the core's CPU-dead callback runs after a
 *                      CPU is gone, before its per-CPU data is reused.
 * Memory hotplug (<linux/memory.h>, <linux/notifier.h>)
 *   register_memory_notifier()/unregister_memory_notifier()  the core's
 *                      block hears of a node's memory coming (MEM_GOING_ONLINE,
 *                      its veto cancelling it, before any page of it is
 *                      handed out) and going (MEM_GOING_OFFLINE with the CPU
 *                      hotplug lock held, MEM_OFFLINE once the last page
 *                      went), one change at a time.
 * Workqueues (<linux/workqueue.h>)
 *   alloc_workqueue(WQ_MEM_RECLAIM), destroy_workqueue()  a workqueue
 *                      that makes progress under memory pressure (a
 *                      rescuer thread), once the platform's workqueues
 *                      are up (kmem_cache_init_late()); the core runs its
 *                      flush work on it through slab_flush_queue_on()
 *                      (Part 2).
 * Per-CPU data (<linux/percpu.h>, <linux/preempt.h>, <linux/local_lock.h>)
 *   alloc_percpu()/free_percpu()  one zeroed copy per possible CPU.
 *   this_cpu_ptr(), raw_cpu_ptr()  the copy of the CPU the caller runs on
 *                      (which may change unless preemption or migration
 *                      is off).
 *   local_lock_irqsave()/local_unlock_irqrestore()  excludes every other
 *                      user of this CPU's copy, the fast paths' cmpxchg
 *                      aside, until the unlock.
 *   this_cpu_try_cmpxchg128(), try_cmpxchg128()  an atomic 16-byte
 *                      compare-and-exchange (see part 2 for the per-CPU
 *                      tries).
 * Locks (<linux/spinlock.h>, <linux/mutex.h>, <linux/lockdep_types.h>)
 *   spin_lock_irqsave() and the rest  mutual exclusion, no sleep inside.
 *   mutex_lock()       mutual exclusion that may sleep; slab_mutex's.
 * RCU and work (<linux/rcupdate.h>, <linux/workqueue.h>)
 *   call_rcu()         the callback runs after every reader that could
 *                      see the object has left its read-side section.
 *   rcu_barrier(), kvfree_rcu_barrier()  every callback queued so far has run.
 *   queue_work(), flush_workqueue()  work runs later on a kernel thread.
 * Console and failure (<linux/printk.h>, <linux/bug.h>, <linux/panic.h>,
 * <linux/ratelimit.h>)
 *   printk(), print_hex_dump(), dump_stack()  a line each to the console.
 *   __ratelimit()      at most burst yeses per interval of jiffies.
 *   WARN_ON(), BUG_ON(), panic(), add_taint()  the kernel's reactions,
 *                      with their return values and taint flags.
 * Debugging aids (<linux/stackdepot.h>, <linux/stacktrace.h>,
 * <linux/fault-inject.h>, <asm/sections.h>)
 *   stack_trace_save(), stack_depot_save()/fetch()/print()  a caller's
 *                      stack, stored once, printed in report order.
 *   should_fail_ex()   failslab's verdict for one allocation.
 *   is_kernel_rodata() whether a name lies in read-only data (kstrdup_const).
 * Boot parameters (<asm/setup.h>, <linux/init.h>)
 *   __setup()          the core's parsers see each word of the command line.
 * Randomness and time (<linux/random.h>, <linux/jiffies.h>, <asm/timex.h>)
 *   get_random_u32_below(), get_random_u64()  seeded for shuffles and
 *                      random kmalloc caches.
 *   jiffies            a clock that advances, for the track timestamps.
 *   get_cycles()       a counter whose residues all come up, for
 *                      remote_node_defrag_ratio's sampling.
 * Arithmetic (<linux/reciprocal_div.h>)
 *   reciprocal_value(), reciprocal_divide()  a / d by multiplication,
 *                      exact for 32-bit a: obj_to_index().
 * Output (<linux/seq_file.h>, <linux/sort.h>, <linux/kstrtox.h>)
 *   seq_printf() and friends  /proc/slabinfo and the sysfs show functions.
 *   sort_r()           an in-place sort with a context argument.
 *   kstrtoul() and friends  the kernel's number parsing, -EINVAL on junk.
 * Tracing (<trace/events/kmem.h>)
 *   trace_kmem_cache_alloc(), trace_kmalloc(), trace_kfree(),
 *   trace_kmem_cache_free()  the kmem events, as 6.12's entry points emit
 *                      them; the userspace build has no tracer.
 * KUnit (<kunit/resource.h>, <kunit/test-bug.h>)
 *   kunit_get_current_test()  a slab error during a test fails that test.
 * KFENCE (<linux/kfence.h>)
 *   kfence_alloc()     NULL, or an object of its own pool it guards and
 *                      zeroes as asked; its pages pass for a slab of s.
 *   is_kfence_address(), kfence_free(), kfence_ksize(),
 *   kfence_object_start()  recognise such an object and take it back,
 *                      size it, find its start; kfence_shutdown_cache()
 *                      before a cache's memory goes.  The shim has no pool:
 *                      no object is KFENCE's.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/cache.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/preempt.h>
#include <linux/bitmap.h>
#include <linux/rcupdate.h>
#include <linux/workqueue.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/local_lock.h>
#include <linux/percpu.h>
#include <linux/numa.h>
#include <linux/nodemask.h>
#include <linux/notifier.h>
#include <linux/memory.h>
#include <linux/atomic.h>
#include <linux/log2.h>
#include <linux/reciprocal_div.h>
#include <linux/lockdep_types.h>
#include <linux/vmstat.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <linux/ratelimit.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/hash.h>
#include <linux/vmalloc.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <asm/timex.h>
#include <linux/seq_file.h>
#include <linux/sort.h>
#include <linux/stackdepot.h>
#include <linux/stacktrace.h>
#include <linux/fault-inject.h>
#include <linux/poison.h>
#include <linux/swab.h>
#include <linux/random.h>
#include <linux/jump_label.h>
#include <linux/kfence.h>
#include <linux/memcontrol.h>
#include <asm/sections.h>
#include <asm/setup.h>
#include <trace/events/kmem.h>
#include <kunit/resource.h>
#include <kunit/test-bug.h>

/* ---- Part 2: libslab's own interface ---------------------------------- */
#include <slab_platform_impl.h>

/*
 * The lockless per-CPU tries of the fast paths.  The kernel's are plain
 * raw_cpu_ptr(), READ_ONCE()/WRITE_ONCE() and this_cpu_try_cmpxchg128();
 * a platform may serve a try more cheaply, or decline it and let the
 * caller take its whole path.
 */
/* Whether a lockless try may run now; false sends the caller its whole way. */
bool slab_lockless_quiet(void);
/* Whether the copy slab_lockless_cpu_ptr() last named is still this CPU's. */
bool slab_lockless_placed(void);
/*
 * Function-like macros, since they take any per-CPU type:
 *   slab_lockless_cpu_ptr(pcp)      this CPU's copy of pcp, or NULL: no try;
 *   slab_lockless_read(x), slab_lockless_write(x, v)  READ_ONCE/WRITE_ONCE
 *                                   inside a try;
 *   slab_lockless_peek(x)           a read the commit's tid vouches for;
 *   slab_lockless_try_cmpxchg128(pcp, local, old, new)  the try's commit on
 *                                   local: false if the pair changed or
 *                                   the task left local's CPU;
 *   slab_cpu_pair_try_cmpxchg128(ptr, oldp, new)  try_cmpxchg128() of a
 *                                   CPU's pair under its local lock;
 *   SLAB_LOCKLESS_QUIET_COVERS_SWITCHES  1 when slab_lockless_quiet()
 *                                   also answers for every debug hook.
 */
#if !defined(slab_lockless_cpu_ptr) || !defined(slab_lockless_read) ||	\
	!defined(slab_lockless_write) || !defined(slab_lockless_peek) ||	\
	!defined(slab_lockless_try_cmpxchg128) ||			\
	!defined(slab_cpu_pair_try_cmpxchg128) ||			\
	!defined(SLAB_LOCKLESS_QUIET_COVERS_SWITCHES)
#error "slab_platform_impl.h lacks a lockless primitive of slab_platform.h"
#endif

/*
 * Object-granular reports from a memory checker (valgrind's memcheck or
 * AddressSanitizer in userspace; none in the kernel build, where KASAN
 * has hooks of its own).  The platform says whether one runs and marks
 * bytes; the wrappers below, the core's, decide which caches take part.
 */
/* Whether a checker is told anything: else every wrapper is a no-op. */
bool slab_tool_active(void);
/* A new slab's bytes: nobody's until an object is handed out. */
void __slab_tool_slab_new(void *addr, size_t size);
/* A slab's bytes go back to the page allocator. */
void __slab_tool_slab_free(void *addr, size_t size);
/* size bytes at object are the caller's, defined if initialized. */
void __slab_tool_object_alloc(const void *object, size_t size, bool initialized);
/* size bytes at object are no one's. */
void __slab_tool_object_free(const void *object, size_t size);
/* Bytes [size, object_size) of a handed-out object are not the caller's. */
void __slab_tool_object_trim(const void *object, size_t size, size_t object_size);
/* The allocator reads its own metadata from here to the _end() call. */
void __slab_tool_metadata_begin(void);
void __slab_tool_metadata_end(void);

/*
 * The platform's own threads (the shim's workqueue workers, timer thread
 * and finished kthreads) are ended, for libslab_exit(); nothing to do in
 * the kernel, whose threads are its own.
 */
void slab_platform_exit_threads(void);

/*
 * The platform's view of the caches, where the kernel keeps
 * /sys/kernel/slab and /sys/kernel/debug/slab (6.12's sysfs_slab_add(),
 * debugfs_slab_add(), sysfs_slab_alias(), sysfs_slab_unlink() and
 * debugfs_slab_release()).  The core tells the platform of each cache it
 * makes after start-up and of each name it merges into a cache; the
 * caches libslab_init() made, and any made before the platform can show
 * them, are the platform's to find in slab_caches when it can (6.12's
 * slab_late_init()).
 *   slab_platform_cache_added(s, name)  s, complete and about to be
 *                      listed as name, slab_mutex held: 0, or a -errno
 *                      that fails the cache's creation;
 *   slab_platform_cache_aliased(s, name)  name is about to be merged into
 *                      s, slab_mutex held; name stays valid while s lives:
 *                      0, or a -errno that refuses the merge;
 *   slab_platform_cache_removed(s)  s is off slab_caches, neither lock
 *                      held (the platform may wait for its readers);
 *                      s's memory stays valid until this returns.  Also
 *                      called for a cache the platform was never told of.
 */
struct kmem_cache;
int slab_platform_cache_added(struct kmem_cache *s, const char *name);
int slab_platform_cache_aliased(struct kmem_cache *s, const char *name);
void slab_platform_cache_removed(struct kmem_cache *s);

/*
 * flush_all()'s per-CPU work:
 *   slab_flush_queue_on(cpu, wq, work)  work->func(work) runs on cpu while
 *                      it stays online: the kernel's queue_work_on();
 *   slab_flush_wait(work)  returns once it has run: flush_work().
 * A platform may run it at once in the caller, placed on cpu.
 */
#if !defined(slab_flush_queue_on) || !defined(slab_flush_wait)
#error "slab_platform_impl.h lacks the flush work primitives of slab_platform.h"
#endif

/*
 * The CPU hotplug state and name of the core's CPU-dead callback
 * (slub_cpu_dead()): 6.12's CPUHP_SLUB_DEAD, "slub:dead", where the core
 * is the platform's slab allocator; a dynamic state where another one
 * holds CPUHP_SLUB_DEAD (the kernel's SLUB beside the side-by-side build).
 */
#if !defined(SLAB_CPU_DEAD_STATE) || !defined(SLAB_CPU_DEAD_NAME)
#error "slab_platform_impl.h does not name the core's CPU-dead hotplug state"
#endif

/*
 * ---- The command line's one reading -----------------------------------
 *
 * A command line is read as the kernel reads its own: next_arg() cuts it
 * into words, and each word goes to the tables that own words (the
 * platform's and the core's slab_params[]).  The cutting and the matching
 * of a word against a table's names live here, once, for both layers: the
 * front end's start-up, libslab_parse_cmdline() and the machine's own
 * check (sim_check_cmdline()) read a line through them.
 */

/*
 * Whether param (with val, or NULL for a word without '=') is the word
 * that a table names name: "word=" for one that takes a value, "word"
 * for one that takes none (the kernel's __setup() names).
 */
static inline bool slab_boot_param_is(const char *name, const char *param,
				      const char *val)
{
	size_t len = strlen(name);
	bool takes_value = name[len - 1] == '=';

	return takes_value == !!val &&
	       !strncmp(param, name, len - takes_value) &&
	       !param[len - takes_value];
}

/*
 * Copy cmdline into line (size bytes), cut it into words and offer each
 * to offer(param, val, arg), every word even after a refusal: 0, or the
 * first error offer returned; -EINVAL, with a message and nothing offered,
 * for a line longer than size - 1 characters (no kernel's: never cut).
 */
static inline int
slab_parse_boot_params(const char *cmdline, char *line, size_t size,
		       int (*offer)(char *param, char *val, void *arg),
		       void *arg)
{
	char *args, *param, *val;
	int ret = 0;

	if (!cmdline)
		return 0;
	if (strscpy(line, cmdline, size) < 0) {
		pr_err("libslab: command line '%.32s...' is longer than %zu characters; ignored\n",
		       cmdline, size - 1);
		return -EINVAL;
	}
	for (args = skip_spaces(line); *args;) {
		int err;

		args = next_arg(args, &param, &val);
		err = offer(param, val, arg);
		if (err && !ret)
			ret = err;
	}
	return ret;
}

/* ---- The core's use of the tool hooks --------------------------------- */
struct kmem_cache;
/* Whether s takes part (src/slub_debug.c): debug caches check themselves. */
bool slab_tool_cache(const struct kmem_cache *s);

/* A new slab's memory: nobody's until an object is handed out. */
static inline void slab_tool_slab_new(const struct kmem_cache *s, void *addr,
				      size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_slab_new(addr, size);
}

/* A slab's memory goes back to the page allocator. */
static inline void slab_tool_slab_free(const struct kmem_cache *s, void *addr,
				       size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_slab_free(addr, size);
}

/*
 * size bytes at object now belong to the caller: first the whole object,
 * as kasan_slab_alloc() unpoisons it, so that zeroing it is no misuse.
 */
static inline void slab_tool_object_alloc(const struct kmem_cache *s,
					  const void *object, size_t size,
					  bool initialized)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_object_alloc(object, size, initialized);
}

/* A kmalloc object's tail past the size asked for, as kasan_kmalloc() does. */
static inline void slab_tool_object_trim(const struct kmem_cache *s,
					 const void *object, size_t size,
					 size_t object_size)
{
	if (slab_tool_active() && size < object_size && slab_tool_cache(s))
		__slab_tool_object_trim(object, size, object_size);
}

/* The caller gave object back. */
static inline void slab_tool_object_free(const struct kmem_cache *s,
					 const void *object, size_t size)
{
	if (slab_tool_active() && slab_tool_cache(s))
		__slab_tool_object_free(object, size);
}

/* The allocator reads or writes its own metadata from here... */
static inline void slab_tool_metadata_begin(void)
{
	if (slab_tool_active())
		__slab_tool_metadata_begin();
}

/* ...to here (the kernel's metadata_access_enable()/disable()). */
static inline void slab_tool_metadata_end(void)
{
	if (slab_tool_active())
		__slab_tool_metadata_end();
}

#endif /* LIBSLAB_SLAB_PLATFORM_H */
