// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-fast's rseq commit (<linux/sim_rseq.h>): switching it on, and
 * the fenced cmpxchg of a pair by a task that is not on the pair's CPU.
 */
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/atomic.h>
#include <linux/sim_rseq.h>
#include "sim.h"

#if SIM_RSEQ
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND	0
#endif

unsigned long sim_rseq_pcpu_base;
unsigned long sim_rseq_pcpu_size;
unsigned int sim_rseq_fence[NR_CPUS];

static long membarrier(int cmd, unsigned int flags, int cpu)
{
	return syscall(__NR_membarrier, cmd, flags, cpu);
}

void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map)
{
	long host_cpus = sysconf(_SC_NPROCESSORS_CONF);

	if (!getcpu_map || RUNNING_ON_VALGRIND || __rseq_size < 8 ||
	    host_cpus <= 0 || host_cpus > (long)nr_cpu_ids)
		return;
	if (membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0)) {
		pr_warn("libslab: membarrier(REGISTER_PRIVATE_EXPEDITED_RSEQ) failed: the per-CPU commits stay locked\n");
		return;
	}
	sim_rseq_pcpu_base = (unsigned long)pcpu_base;
	__atomic_store_n(&sim_rseq_pcpu_size, size, __ATOMIC_SEQ_CST);
}

bool sim_rseq_fenced_cmpxchg128(u128 *ptr, unsigned int cpu, u128 *oldp,
				u128 new)
{
	bool ok;

	/* Sequences that start from now on see the fence... */
	__atomic_fetch_add(&sim_rseq_fence[cpu], 1, __ATOMIC_SEQ_CST);
	/*
	 * ...and the ones running on cpu now restart.  A forked child may
	 * not have inherited the registration: register, then try again.
	 */
	if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
		       MEMBARRIER_CMD_FLAG_CPU, (int)cpu) &&
	    (membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0) ||
	     membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
			MEMBARRIER_CMD_FLAG_CPU, (int)cpu)))
		WARN_ONCE(1, "libslab: membarrier(PRIVATE_EXPEDITED_RSEQ, cpu %u) failed: a restartable sequence there may overlap this commit\n",
			  cpu);
	ok = __sim_try_cmpxchg128(ptr, oldp, new);
	__atomic_fetch_sub(&sim_rseq_fence[cpu], 1, __ATOMIC_SEQ_CST);
	return ok;
}
#else
void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map)
{
}
#endif
