// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-fast's rseq commit (<sim/rseq.h>): switching it on, the
 * fenced cmpxchg of a pair by a task that is not on the pair's CPU,
 * pinning a bound task to its host CPU, and switching the commit off once
 * a task is bound where it cannot be pinned.
 */
#include <sched.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/atomic.h>
#include <linux/percpu.h>
#include <sim/rseq.h>
#include "sim.h"

#if SIM_RSEQ_ALONE
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND	0
#endif

bool sim_rseq_alone_ok;

/* Whether the host restarts this process's sequences: rseq registered, no valgrind. */
static bool host_restarts_sequences(void)
{
	return !RUNNING_ON_VALGRIND && __rseq_size >= 8 &&
	       (int)sim_rseq_cpu() >= 0;
}
#endif

#if SIM_RSEQ
unsigned long sim_rseq_pcpu_base;
unsigned long sim_rseq_pcpu_size;
unsigned int sim_rseq_fences;
/* Set once no restartable sequence can commit any more (sim_rseq_switch_off()). */
static bool rseq_off;

static long membarrier(int cmd, unsigned int flags, int cpu)
{
	return syscall(__NR_membarrier, cmd, flags, cpu);
}

/* The host's side of sim_rseq_usable(): rseq, and every host CPU simulated. */
static bool host_can_follow(unsigned int nr_cpus)
{
	long host_cpus = sysconf(_SC_NPROCESSORS_CONF);

	return host_restarts_sequences() && host_cpus > 0 &&
	       host_cpus <= (long)nr_cpus;
}

bool sim_rseq_usable(unsigned int nr_cpus)
{
	return host_can_follow(nr_cpus) &&
	       !membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0);
}

void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map)
{
	sim_rseq_alone_ok = host_restarts_sequences();
	if (!getcpu_map || !host_can_follow(size / PCPU_UNIT_SIZE))
		return;
	/* Registering again (sim_rseq_usable() may have) changes nothing. */
	if (membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0)) {
		pr_warn("libslab: membarrier(REGISTER_PRIVATE_EXPEDITED_RSEQ) failed: the per-CPU commits stay locked\n");
		return;
	}
	sim_rseq_pcpu_base = (unsigned long)pcpu_base;
	__atomic_store_n(&sim_rseq_pcpu_size, size, __ATOMIC_SEQ_CST);
}

/* membarrier's expedited rseq command on cpu (-1: every CPU); false if it failed. */
static bool rseq_barrier(int cpu)
{
	unsigned int flags = cpu < 0 ? 0 : MEMBARRIER_CMD_FLAG_CPU;

	/* A forked child may not have inherited the registration: register, then try again. */
	return !membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, flags, cpu) ||
	       (!membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0) &&
		!membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, flags, cpu));
}

bool sim_rseq_fenced_cmpxchg128(u128 *ptr, unsigned int cpu, u128 *oldp,
				u128 new)
{
	bool ok;

	/* Switched off: every commit is this locked one, nothing to fence. */
	if (__atomic_load_n(&rseq_off, __ATOMIC_ACQUIRE))
		return __sim_try_cmpxchg128(ptr, oldp, new);
	/* Sequences that start from now on see the fence... */
	__atomic_fetch_add(&sim_rseq_fences, 1, __ATOMIC_SEQ_CST);
	/* ...and the ones running on cpu now restart. */
	if (!rseq_barrier((int)cpu))
		WARN_ONCE(1, "libslab: membarrier(PRIVATE_EXPEDITED_RSEQ, cpu %u) failed: a restartable sequence there may overlap this commit\n",
			  cpu);
	ok = __sim_try_cmpxchg128(ptr, oldp, new);
	__atomic_fetch_sub(&sim_rseq_fences, 1, __ATOMIC_SEQ_CST);
	return ok;
}

bool sim_rseq_pin(unsigned int cpu)
{
	cpu_set_t host_cpu;

	if (!sim_rseq_active() || cpu >= CPU_SETSIZE)
		return false;
	CPU_ZERO(&host_cpu);
	CPU_SET(cpu, &host_cpu);
	/* The host moves the thread before the call returns... */
	if (sched_setaffinity(0, sizeof(host_cpu), &host_cpu))
		return false;
	/* ...and rseq's cpu_id says where it landed. */
	return sim_rseq_cpu() == cpu;
}

/*
 * A task bound to a CPU the host could not pin it to runs elsewhere, so
 * each of its commits would take the fenced path, a membarrier() apiece.
 * Pay one instead: raise the fence for good, so that no sequence starting
 * from now on commits, restart the ones running (membarrier() on every
 * CPU), and from then on every commit is a plain lock cmpxchg16b, which
 * needs no fence against the others.  If that membarrier() fails the
 * fence stays up and each commit stays fenced.
 */
bool sim_rseq_switch_off(void)
{
	static bool switching;

	if (!sim_rseq_active() ||
	    __atomic_exchange_n(&switching, true, __ATOMIC_SEQ_CST))
		return false;
	__atomic_fetch_add(&sim_rseq_fences, 1, __ATOMIC_SEQ_CST);
	if (!rseq_barrier(-1)) {
		WARN_ONCE(1, "libslab: membarrier(PRIVATE_EXPEDITED_RSEQ) failed: the per-CPU commits stay fenced\n");
		return false;
	}
	__atomic_store_n(&rseq_off, true, __ATOMIC_RELEASE);
	/* New commits go straight to the lock. */
	__atomic_store_n(&sim_rseq_pcpu_size, 0, __ATOMIC_SEQ_CST);
	return true;
}
#else
bool sim_rseq_usable(unsigned int nr_cpus)
{
	return false;
}

void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map)
{
#if SIM_RSEQ_ALONE
	sim_rseq_alone_ok = host_restarts_sequences();
#endif
}

bool sim_rseq_pin(unsigned int cpu)
{
	return false;
}

bool sim_rseq_switch_off(void)
{
	return false;
}
#endif
