/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab's simulated CPUs (userspace only).  A thread runs "on" one
 * simulated CPU: assigned round-robin at its first allocator call (cheap:
 * one thread-local read per call, and deterministic, unlike
 * sched_getcpu()), or pinned with sim_set_cpu().  Several threads may share
 * a simulated CPU, which a kernel CPU never allows; the core's per-CPU
 * protocol (tid + cmpxchg) and real local locks keep that correct.
 */
#ifndef _SHIM_LINUX_SIM_CPU_H
#define _SHIM_LINUX_SIM_CPU_H

/* Run the calling thread on simulated CPU cpu from now on (0 <= cpu < nr_cpu_ids). */
void sim_set_cpu(int cpu);
/* Number of simulated CPUs (nr_cpu_ids). */
int sim_nr_cpus(void);
/* The calling thread's simulated CPU. */
int sim_current_cpu(void);

#endif
