/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulation's hooks in inline code (userspace only): every place
 * where a header lets the simulated machine (the deterministic scheduler,
 * a test's point hook, the atomic-context checker) look at the calling
 * task.  The kernel has no such hooks; its preemption and interrupts
 * happen in hardware.
 *
 * Without CONFIG_LIBSLAB_SIM_HOOKS (the fast library), every hook compiles
 * to nothing: no preemption points, so neither the deterministic scheduler
 * nor sim_set_point_hook() can stop a task between two instructions, and
 * might_sleep() checks nothing.  The runtime refuses to start the
 * deterministic scheduler in that build.
 */
#ifndef _SHIM_SIM_HOOKS_H
#define _SHIM_SIM_HOOKS_H

#include <linux/kconfig.h>
#include <sim/switches.h>

/* Whether this build has the hooks (the fast library has not). */
#ifdef CONFIG_LIBSLAB_SIM_HOOKS
#define SIM_HOOKS 1
#else
#define SIM_HOOKS 0
#endif

/*
 * Preemption points (see enum sim_point in sim/cpu.h): a flag test, taken
 * only while a test hook or the deterministic scheduler is active.
 */
void sim_point_slow(int point);
#define sim_point(point)						\
	do {								\
		if (SIM_HOOKS &&					\
		    __builtin_expect(__atomic_load_n(&sim_switches.points_armed,	\
						     __ATOMIC_RELAXED), 0)) \
			sim_point_slow(point);				\
	} while (0)

/* A double-word cmpxchg failed: the deterministic scheduler counts them per task. */
void sim_hook_cmpxchg128_failed(void);
#define sim_cmpxchg128_failed()						\
	do {								\
		if (SIM_HOOKS &&					\
		    __builtin_expect(__atomic_load_n(&sim_switches.points_armed,	\
						     __ATOMIC_RELAXED), 0)) \
			sim_hook_cmpxchg128_failed();			\
	} while (0)

#endif
