/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hotplug state callbacks.  teardown(cpu) runs after cpu has gone
 * offline and no task runs there any more (the kernel's "dead" states,
 * which run on another CPU), startup(cpu) after it came back online.
 */
#ifndef _SHIM_LINUX_CPUHOTPLUG_H
#define _SHIM_LINUX_CPUHOTPLUG_H

enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_SLUB_DEAD,		/* a fixed state: the slab allocator's */
	CPUHP_RADIX_DEAD,		/* lib/radix-tree.c's preloads */
	CPUHP_BP_PREPARE_DYN,
	CPUHP_BP_PREPARE_DYN_END = CPUHP_BP_PREPARE_DYN + 20,
	CPUHP_AP_ONLINE_DYN,
	CPUHP_AP_ONLINE_DYN_END = CPUHP_AP_ONLINE_DYN + 30,
	CPUHP_NR_STATES,
};

/*
 * Register callbacks for state without calling them now.  For a dynamic
 * state (CPUHP_BP_PREPARE_DYN, CPUHP_AP_ONLINE_DYN) a free slot of that
 * range is taken and its number (> 0) returned; otherwise 0, or -EBUSY
 * when another caller holds that fixed state (kernel/cpu.c,
 * cpuhp_store_callbacks()).  Negative on error (-EINVAL, -ENOSPC, -EBUSY).
 */
int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
			      int (*startup)(unsigned int cpu),
			      int (*teardown)(unsigned int cpu));
/* Forget the callbacks of state. */
void cpuhp_remove_state_nocalls(enum cpuhp_state state);

#endif
