/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine's switches that give the allocator's fast paths
 * more to do (userspace only), side by side in one word, so that a
 * lockless try (slab_platform_impl.h) tests every one of them with one load.
 * The kernel has a static key or a config option for each instead.
 * Each field is read and written with relaxed atomics of its own size;
 * any is read whole.
 */
#ifndef _SHIM_SIM_SWITCHES_H
#define _SHIM_SIM_SWITCHES_H

#include <stdbool.h>
#include <linux/types.h>

union sim_switches {
	struct {
		/* preemption point hooks and deterministic runs at work (sim/hooks.h) */
		u16 points_armed;
		/* static keys turned on (jump_label.h) */
		u8 keys_enabled;
		/* preempt=rt: local locks and spinlocks sleep (sim/cpu.h) */
		bool preempt_rt;
		/* slub_tool_poison=on (slab_platform.h) */
		bool tool_poison;
		/* init_on_alloc=1 and init_on_free=1 (mm.h) */
		bool init_on_alloc;
		bool init_on_free;
	};
	u64 any;
};

extern union sim_switches sim_switches;

/* Whether every switch is off. */
static inline bool sim_switches_all_off(void)
{
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
	/*
	 * One compare with the word in memory: a single aligned load, as
	 * atomic as the relaxed one below, which compilers will not fold
	 * into the compare.  ThreadSanitizer cannot see inside asm.
	 */
	const u64 *any = &sim_switches.any;

	__asm__ goto("cmpq $0, %[any]\n\t"
		     "jne %l[on]"
		     : : [any] "m" (*any) : "cc" : on);
	return true;
on:
	return false;
#else
	return __builtin_expect(__atomic_load_n(&sim_switches.any,
						__ATOMIC_RELAXED) == 0, 1);
#endif
}

#endif
