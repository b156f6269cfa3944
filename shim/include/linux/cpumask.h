/* SPDX-License-Identifier: GPL-2.0 */
/* CPU iteration: every simulated CPU is possible and online. */
#ifndef _SHIM_LINUX_CPUMASK_H
#define _SHIM_LINUX_CPUMASK_H

#include <linux/smp.h>

#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)	for_each_possible_cpu(cpu)
#define num_possible_cpus()	nr_cpu_ids
#define num_online_cpus()	nr_cpu_ids
#define num_present_cpus()	nr_cpu_ids
#define cpu_online(cpu)		((unsigned int)(cpu) < nr_cpu_ids)

#endif
