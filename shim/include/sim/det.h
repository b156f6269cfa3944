/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deterministic scheduler (userspace only): run a set of tasks, each
 * on a simulated CPU, on the calling thread, switching between them at the
 * preemption points of sim/cpu.h as a seeded pseudo-random generator
 * decides (which task runs next, and for how many points).  One seed gives one interleaving, replayed exactly each time,
 * so a failure found with a seed can be debugged step by step.
 *
 * The kernel's rules are kept: a task that disabled preemption or
 * interrupts is the only one of its CPU to run until it re-enables them
 * (other CPUs interleave freely), a SIM_DET_IRQ task is an interrupt
 * handler that starts only when its CPU has interrupts enabled and then
 * runs to completion before anything else on that CPU, and a task waiting
 * for a lock lets the others run.  Tasks can be migrated between CPUs at
 * points where migration is enabled.
 *
 * Tasks can start tasks while the run goes on (sim_det_spawn()): a
 * kthread created, or a work item queued, during a run runs as such a
 * task (kthread.h, workqueue.h), on the CPU the kernel would give it, and
 * interleaves with the others at their preemption points; waiting for it
 * (kthread_stop(), flush_work()) yields.  The run ends once every task,
 * spawned ones included, has returned.  A spawned task takes a slot of
 * the same table as the tasks given: at most SIM_DET_MAX_TASKS in all.
 *
 * The tasks must not wait for RCU grace periods or other threads (the
 * grace period would never end while the readers are tasks of this same
 * thread), and nothing else may use the allocator during a run.
 */
#ifndef _SHIM_SIM_DET_H
#define _SHIM_SIM_DET_H

#include <linux/types.h>

#define SIM_DET_IRQ	0x1	/* runs as an interrupt handler of its CPU */
#define SIM_DET_MAX_TASKS	64	/* given and spawned, per run */

struct sim_det_task_spec {
	void (*fn)(void *arg);
	void *arg;
	int cpu;		/* simulated CPU the task starts on */
	unsigned int flags;	/* SIM_DET_IRQ */
};

struct sim_det_params {
	u64 seed;
	unsigned int migrate_permille;	/* chance a point migrates the task */
	unsigned long max_steps;	/* give up (livelock) after; 0: 10^7 */
};

struct sim_det_result {
	unsigned long steps;		/* preemption points passed */
	unsigned long switches;		/* scheduling decisions that changed task */
	unsigned long migrations;
	u64 trace_hash;			/* FNV-1a of every (task, point) chosen */
	/* Failed try_cmpxchg128 (tid or slab freelist retries), per task. */
	unsigned long cmpxchg128_failures[SIM_DET_MAX_TASKS];
	bool livelock;			/* max_steps reached */
};

/*
 * Run the nr tasks to completion; 0, or -EINVAL/-ENOMEM/-EBUSY (already
 * running), -EOPNOTSUPP in the fast library (no preemption points).
 */
int sim_det_run(const struct sim_det_params *params,
		const struct sim_det_task_spec *tasks, unsigned int nr,
		struct sim_det_result *result);
/*
 * From a task of the running run: add a task running fn(arg) on cpu, run
 * from the next scheduling decision on; its index, or -EBUSY (not in a
 * run's task), -ENOSPC (SIM_DET_MAX_TASKS reached), -EINVAL, -ENOMEM.
 */
int sim_det_spawn(void (*fn)(void *arg), void *arg, int cpu);
/*
 * From a task of the running run: move it to cpu and never migrate it
 * again (a bound kthread or per-CPU worker), or with cpu -1 let it migrate
 * again; 0, or -EBUSY (not in a run's task), -EINVAL (no such online CPU,
 * or migration disabled elsewhere).
 */
int sim_det_pin(int cpu);
/* Index of the running deterministic task, or -1 outside a run. */
int sim_det_current(void);

#endif
