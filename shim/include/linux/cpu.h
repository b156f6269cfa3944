/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU hotplug lock: cpus_read_lock() keeps the set of online CPUs
 * stable (sim_cpu_offline()/sim_cpu_online() take it for writing).
 */
#ifndef _SHIM_LINUX_CPU_H
#define _SHIM_LINUX_CPU_H

#include <linux/cpumask.h>

/* Hold off CPU hotplug until cpus_read_unlock(). */
void cpus_read_lock(void);
/* Allow CPU hotplug again. */
void cpus_read_unlock(void);

#endif
