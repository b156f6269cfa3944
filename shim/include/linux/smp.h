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
/* The calling task's CPU, kept until put_cpu() (preemption disabled). */
#define get_cpu()		({ sim_preempt_disable(); smp_processor_id(); })
#define put_cpu()		sim_preempt_enable()

#endif
