/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab's simulated CPUs (userspace only).
 *
 * Every thread is a task that runs "on" one of nr_cpu_ids simulated CPUs.
 * How a task is placed is chosen with cpu_map= in LIBSLAB_CMDLINE:
 *   cpu_map=rr      round-robin over the online CPUs at the task's first
 *                   allocator call; one thread-local read per
 *                   smp_processor_id(), and reproducible run to run.
 *   cpu_map=getcpu  the CPU the thread really runs on (sched_getcpu(),
 *                   served by rseq/vDSO, ~10 ns) modulo nr_cpu_ids, read
 *                   afresh each time, so threads migrate as the host
 *                   scheduler moves them.
 * Without cpu_map= the default and TINY libraries take rr; libslab-fast
 * takes getcpu where its rseq commit can run (sim/rseq.h), rr elsewhere
 * (under valgrind, or with fewer simulated than host CPUs).
 * sim_set_cpu() overrides both and binds the task to a CPU; under
 * libslab-fast's rseq commit (sim/rseq.h) it also pins the thread to the
 * host CPU of that number, which threads it creates then inherit.
 *
 * Several tasks may share a simulated CPU and, outside the deterministic
 * scheduler (sim/det.h), run truly in parallel, which a kernel CPU never
 * allows.  preempt_disable(), migrate_disable(), local_irq_save() and the
 * locks therefore keep the task on its CPU (so this_cpu_ptr() is stable)
 * and keep the counts that might_sleep() checks, but they cannot stop a
 * task sharing the CPU; the core's tid-checked cmpxchg and its local
 * locks (real per-CPU locks here) are what keep per-CPU state consistent.
 *
 * CPUs can be taken offline and back online at run time; offlining waits
 * until no task has migration disabled on that CPU, moves its tasks to
 * the next online CPU and runs the registered CPU-dead callbacks, as the
 * kernel's hotplug does.
 */
#ifndef _SHIM_SIM_CPU_H
#define _SHIM_SIM_CPU_H

#include <stdbool.h>
#include <sim/rseq.h>
#include <sim/switches.h>

/* Bind the calling task to simulated CPU cpu (migrating it; see above); -EINVAL (and a WARN if it does not exist) unless cpu is online. */
int sim_set_cpu(int cpu);
/* Number of simulated CPUs (nr_cpu_ids). */
int sim_nr_cpus(void);
/*
 * What smp_processor_id() and might_sleep() read of the calling task
 * without a call: the runtime's struct sim_task begins with these fields.
 */
struct sim_task_head {
	int cpu;			/* -1 until placed */
	unsigned int gen;		/* hotplug generation cpu was placed at */
	unsigned int preempt_count;	/* preempt_disable() nesting */
	bool irqs_off;
};
/* The calling task's head; NULL until the task first asks for its CPU. */
extern __thread struct sim_task_head *sim_current_head
	__attribute__((tls_model("initial-exec")));
/* Bumped whenever a CPU goes offline, so tasks re-check their placement. */
extern unsigned int sim_hotplug_gen;
/* sim_current_cpu() when the task must be placed: first use, hotplug, cpu_map=getcpu. */
int sim_current_cpu_slow(void);

/*
 * The calling task's CPU and the distance of its per-CPU copies from CPU
 * 0's (cpu * PCPU_UNIT_SIZE), copied from the task by
 * sim_current_cpu_slow() and valid while gen equals sim_hotplug_gen: one
 * comparison and a thread-local read per this_cpu_ptr().  The runtime
 * clears gen, and sets offset to SIM_CPU_OFFSET_NONE, whenever it moves or
 * switches the task, and never fills them in for a task that follows
 * sched_getcpu() (cpu_map=getcpu).
 */
struct sim_cpu_cache {
	unsigned long offset;
	int cpu;
	unsigned int gen;		/* 0: look the task up */
	bool rseq;			/* the CPU is rseq's cpu_id (sim/rseq.h) */
};
extern __thread struct sim_cpu_cache sim_cpu_cache
	__attribute__((tls_model("initial-exec")));
/*
 * sim_cpu_cache.offset while there is no placement to name (before the
 * task's first look-up, and after the runtime moved or switched it): a
 * per-CPU pointer plus it has the top bit set, which no user address has,
 * so that the sign of the sum is a lockless try's one test
 * (slab_platform_impl.h).
 */
#define SIM_CPU_OFFSET_NONE	(1UL << 63)

/* Whether sim_cpu_cache describes the calling task's placement now. */
static inline bool sim_cpu_cache_valid(void)
{
	return __builtin_expect(sim_cpu_cache.gen ==
				__atomic_load_n(&sim_hotplug_gen, __ATOMIC_RELAXED), 1);
}

#if SIM_RSEQ
/*
 * A task that follows the host CPU (libslab-fast with cpu_map=getcpu, see
 * sim/rseq.h) has its cache moved to rseq's cpu_id whenever it looks: the
 * offset first, so that a signal handler that reads the two between the
 * stores finds the offset of a CPU other than cpu, never the reverse.
 */
static inline void sim_cpu_cache_follow(void)
{
	unsigned long cpu;

	if (!sim_cpu_cache.rseq)
		return;
	cpu = sim_rseq_cpu();
	if (unlikely(cpu != (unsigned int)sim_cpu_cache.cpu)) {
		sim_cpu_cache.offset = cpu << PCPU_UNIT_SHIFT;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		sim_cpu_cache.cpu = (int)cpu;
	}
}

/* The valid cache's CPU and per-CPU offset: the host CPU's when the task follows it. */
static inline int sim_cpu_cache_cpu(void)
{
	sim_cpu_cache_follow();
	return sim_cpu_cache.cpu;
}

static inline unsigned long sim_cpu_cache_offset(void)
{
	sim_cpu_cache_follow();
	return sim_cpu_cache.offset;
}
#else
static inline int sim_cpu_cache_cpu(void)
{
	return sim_cpu_cache.cpu;
}

static inline unsigned long sim_cpu_cache_offset(void)
{
	return sim_cpu_cache.offset;
}
#endif

/*
 * The cache's per-CPU offset as it was last looked at, with no call and
 * no test of gen: SIM_CPU_OFFSET_NONE for a task that must be looked up;
 * after a hotplug, that of the CPU the task was on, which may have gone
 * offline since; for a task that follows the host CPU, that of a CPU it
 * may have left since, which a commit checked against rseq's cpu_id finds
 * out (slab_platform_impl.h).  The next sim_current_cpu() catches up.
 */
static inline unsigned long sim_cpu_cache_last_offset(void)
{
	return sim_cpu_cache.offset;
}

/* The calling task's simulated CPU. */
static inline int sim_current_cpu(void)
{
	if (sim_cpu_cache_valid())
		return sim_cpu_cache_cpu();
	return sim_current_cpu_slow();
}
/* Take cpu offline: its tasks move and the CPU-dead callbacks run; 0, -EINVAL or -EBUSY (last CPU). */
int sim_cpu_offline(int cpu);
/* Bring cpu back online; 0 or -EINVAL. */
int sim_cpu_online(int cpu);
/* Whether local locks and spinlocks are sleeping locks (preempt=rt in LIBSLAB_CMDLINE). */
static inline bool sim_preempt_rt(void)
{
	return __atomic_load_n(&sim_switches.preempt_rt, __ATOMIC_RELAXED);
}

/*
 * Preemption points: the places where the kernel could preempt, interrupt
 * or migrate a task that matter to lockless code.  The shim passes through
 * one at every READ_ONCE/WRITE_ONCE, atomic read-modify-write, lock
 * operation, and at re-enabling preemption or interrupts.
 */
enum sim_point {
	SIM_POINT_READ,		/* READ_ONCE */
	SIM_POINT_WRITE,	/* WRITE_ONCE */
	SIM_POINT_ATOMIC,	/* cmpxchg, xchg, value-returning atomics */
	SIM_POINT_LOCK,		/* before taking a lock */
	SIM_POINT_UNLOCK,	/* after releasing a lock */
	SIM_POINT_PREEMPT,	/* preempt_enable(), migrate_enable() */
	SIM_POINT_IRQ,		/* local_irq_restore(), local_irq_enable() */
	SIM_NR_POINTS
};

/*
 * Call hook(point, arg) at every preemption point the calling task passes
 * while it could be migrated (not inside preempt_disable, migrate_disable,
 * irqs off or a lock that implies them), so a test can migrate it or act
 * as a racing CPU exactly there; NULL removes it.  The hook runs with
 * further hooks suppressed.
 */
void sim_set_point_hook(void (*hook)(enum sim_point point, void *arg), void *arg);

#endif
