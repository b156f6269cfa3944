/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU hotplug lock: cpus_read_lock() keeps the set of online CPUs
 * stable (sim_cpu_offline()/sim_cpu_online() take it for writing).
 */
#ifndef _SHIM_LINUX_CPU_H
#define _SHIM_LINUX_CPU_H

#include <linux/bug.h>
#include <linux/cpumask.h>
#include <linux/cpuhotplug.h>

/*
 * Hold off CPU hotplug until cpus_read_unlock().  Not recursive, as the
 * kernel's percpu rwsem: a second read by the same task WARNs (lockdep's
 * "possible recursive locking") and is ignored.
 */
void cpus_read_lock(void);
/* Allow CPU hotplug again; WARNs unless the calling task holds the lock. */
void cpus_read_unlock(void);
/* Whether the calling task holds cpus_read_lock(). */
bool sim_cpus_read_held(void);
/* WARNs unless the calling task holds cpus_read_lock(). */
#define lockdep_assert_cpus_held()	WARN_ON_ONCE(!sim_cpus_read_held())

#endif
