/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU iteration: nr_cpu_ids CPUs are possible and present; each is online
 * unless sim_cpu_offline() took it down.
 */
#ifndef _SHIM_LINUX_CPUMASK_H
#define _SHIM_LINUX_CPUMASK_H

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/smp.h>

/* A set of CPUs; only the bit operations the core uses. */
struct cpumask {
	DECLARE_BITMAP(bits, NR_CPUS);
};
typedef struct cpumask cpumask_t;

#define cpumask_bits(maskp)		((maskp)->bits)
#define cpumask_set_cpu(cpu, maskp)	set_bit((cpu), cpumask_bits(maskp))
#define cpumask_clear(maskp)		bitmap_zero(cpumask_bits(maskp), NR_CPUS)
#define cpumask_empty(maskp)		(!bitmap_weight(cpumask_bits(maskp), nr_cpu_ids))
/* The arguments of "%*pbl" for a cpumask. */
#define cpumask_pr_args(maskp)		(int)nr_cpu_ids, cpumask_bits(maskp)

/* Whether simulated CPU cpu is online. */
bool sim_cpu_is_online(unsigned int cpu);
/* How many simulated CPUs are online. */
unsigned int sim_num_online_cpus(void);

#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu) \
	for_each_possible_cpu(cpu) if (!cpu_online(cpu)) {} else
#define num_possible_cpus()	nr_cpu_ids
#define num_present_cpus()	nr_cpu_ids
#define num_online_cpus()	sim_num_online_cpus()
#define cpu_online(cpu)		sim_cpu_is_online(cpu)
#define cpu_possible(cpu)	((unsigned int)(cpu) < nr_cpu_ids)

/* The possible CPUs: the first nr_cpu_ids (shim/machine/topology.c). */
extern const struct cpumask sim_cpu_possible_mask;
#define cpu_possible_mask	(&sim_cpu_possible_mask)

/* The first CPU of mask after n (n = -1: the first); nr_cpu_ids if none. */
static inline unsigned int cpumask_next(int n, const struct cpumask *mask)
{
	return find_next_bit(cpumask_bits(mask), nr_cpu_ids, (unsigned long)n + 1);
}

/*
 * The next CPU of mask after n, going round past the last to the first;
 * with wrap, the walk ends (nr_cpu_ids) when it comes back to start,
 * so that a loop from start sees each CPU of mask once.  lib/cpumask.c
 * in the kernel; defined by the library (shim/machine/topology.c).
 */
unsigned int cpumask_next_wrap(int n, const struct cpumask *mask, int start,
			       bool wrap);

#endif
