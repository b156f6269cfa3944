/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated CPUs: nr_cpu_ids of them (the machine's online CPUs, or
 * nr_cpus=N in LIBSLAB_CMDLINE), all possible and online.
 */
#ifndef _SHIM_LINUX_SMP_H
#define _SHIM_LINUX_SMP_H

#include <linux/types.h>
#include <sim/cpu.h>
#include <linux/preempt.h>

/* Compile-time bound on simulated CPUs (CONFIG_NR_CPUS). */
#define NR_CPUS		256

extern unsigned int nr_cpu_ids;

#define smp_processor_id()	((unsigned int)sim_current_cpu())
#define raw_smp_processor_id()	smp_processor_id()
/*
 * The calling task's CPU, kept until put_cpu() (preemption disabled).
 * In the kernel a region with preemption disabled is also an RCU
 * read-side critical section (synchronize_rcu() and call_rcu() wait for
 * it); the shim's preempt_disable() is not one (<linux/rcupdate.h>), but
 * get_cpu() is: it takes rcu_read_lock() too, put_cpu() drops it.
 */
void rcu_read_lock(void);
void rcu_read_unlock(void);
#define get_cpu()		({ sim_preempt_disable(); rcu_read_lock(); smp_processor_id(); })
#define put_cpu()		do { rcu_read_unlock(); sim_preempt_enable(); } while (0)

#endif
