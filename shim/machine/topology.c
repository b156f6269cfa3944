// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated CPUs themselves: how many there are (nr_cpu_ids), which
 * are online, the hotplug generation that tells placed tasks to look
 * again, and the way tasks are mapped onto them (cpu_map=).  Set up from
 * the machine's parameters at first use.  Placing tasks, and the hotplug
 * operations with their callbacks and lock, are cpu.c's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include "sim.h"

unsigned int nr_cpu_ids = 1;
/* Bumped (seq_cst) whenever a CPU goes offline: tasks re-check placement. */
unsigned int sim_hotplug_gen = 1;
static enum sim_cpu_map cpu_map;
static bool cpu_offline_flag[NR_CPUS];
static unsigned int nr_online;
static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static bool cpus_are_up;

/* A static per-CPU variable of the program (the first one named), or NULL. */
static const char *static_percpu_name;

/* With the CPUs up: abort if a static per-CPU variable has no room for them. */
static void static_percpu_fits(void)
{
	if (!static_percpu_name || nr_cpu_ids <= SIM_STATIC_PERCPU_CPUS)
		return;
	pr_emerg("libslab: the static per-CPU variable %s has room for %d CPUs, not %u: set nr_cpus=%d or fewer in LIBSLAB_CMDLINE\n",
		 static_percpu_name, SIM_STATIC_PERCPU_CPUS, nr_cpu_ids,
		 SIM_STATIC_PERCPU_CPUS);
	abort();
}

static void cpus_setup(void)
{
	const struct sim_config *config = sim_config();
	long host_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int nr_cpus = config->nr_cpus;

	if (!nr_cpus)
		nr_cpus = host_cpus > 0 ? (unsigned int)host_cpus : 1;
	nr_cpu_ids = min_t(unsigned int, nr_cpus, NR_CPUS);
	nr_online = nr_cpu_ids;
	/*
	 * Without cpu_map= a library places tasks the fastest way it can:
	 * libslab-fast on the host CPU wherever its rseq commit runs, every
	 * other library (and libslab-fast under valgrind) round-robin.
	 */
	cpu_map = config->cpu_map;
	if (cpu_map == SIM_CPU_MAP_DEFAULT)
		cpu_map = sim_rseq_usable(nr_cpu_ids) ? SIM_CPU_MAP_GETCPU : SIM_CPU_MAP_RR;
	sim_switches.preempt_rt = config->preempt_rt;
	__atomic_store_n(&cpus_are_up, true, __ATOMIC_RELEASE);
	static_percpu_fits();
}

/* Whether cpus_setup() has run: nr_cpu_ids is final. */
static bool cpus_up_already(void)
{
	return __atomic_load_n(&cpus_are_up, __ATOMIC_ACQUIRE);
}

void sim_cpus_up(void)
{
	pthread_once(&cpus_once, cpus_setup);
}

enum sim_cpu_map sim_cpu_map(void)
{
	sim_cpus_up();
	return cpu_map;
}

int sim_nr_cpus(void)
{
	sim_cpus_up();
	return nr_cpu_ids;
}

const struct cpumask sim_cpu_possible_mask = {
	.bits = { [0 ... BITS_TO_LONGS(NR_CPUS) - 1] = ~0UL },
};

/*
 * cpumask_next() by looking at each bit: the library does not have the
 * kernel's lib/find_bit.c, which the inline one calls.
 */
static unsigned int next_cpu_of(int n, const struct cpumask *mask)
{
	unsigned int cpu;

	for (cpu = (unsigned int)(n + 1); cpu < nr_cpu_ids; cpu++) {
		if (test_bit(cpu, cpumask_bits(mask)))
			return cpu;
	}
	return nr_cpu_ids;
}

unsigned int cpumask_next_wrap(int n, const struct cpumask *mask, int start,
			       bool wrap)
{
	for (;;) {
		unsigned int next = next_cpu_of(n, mask);

		/* Passed start again: the round is over. */
		if (wrap && n < start && next >= (unsigned int)start)
			return nr_cpu_ids;
		if (next < nr_cpu_ids)
			return next;
		/* Off the end: go round from the first CPU, once. */
		if (n == -1)
			return nr_cpu_ids;
		wrap = true;
		n = -1;
	}
}

bool sim_cpu_is_online(unsigned int cpu)
{
	return cpu < nr_cpu_ids &&
	       !__atomic_load_n(&cpu_offline_flag[cpu], __ATOMIC_SEQ_CST);
}

unsigned int sim_num_online_cpus(void)
{
	return __atomic_load_n(&nr_online, __ATOMIC_RELAXED);
}

int sim_next_online_cpu(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < nr_cpu_ids; i++) {
		unsigned int c = (cpu + i) % nr_cpu_ids;

		if (sim_cpu_is_online(c))
			return (int)c;
	}
	return 0;
}

void sim_cpus_look_again(void)
{
	__atomic_fetch_add(&sim_hotplug_gen, 1, __ATOMIC_SEQ_CST);
}

void sim_cpu_mark_offline(unsigned int cpu)
{
	__atomic_store_n(&cpu_offline_flag[cpu], true, __ATOMIC_SEQ_CST);
	__atomic_fetch_sub(&nr_online, 1, __ATOMIC_RELAXED);
	sim_cpus_look_again();
}

void sim_cpu_mark_online(unsigned int cpu)
{
	__atomic_store_n(&cpu_offline_flag[cpu], false, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&nr_online, 1, __ATOMIC_RELAXED);
}

/*
 * Called by each variable's constructor, before main() and before the
 * machine's parameters may have been read: the check waits for the CPUs
 * to come up (cpus_setup()), unless they are up already.
 */
void sim_static_percpu_check(const char *name)
{
	if (!static_percpu_name)
		static_percpu_name = name;
	if (cpus_up_already())
		static_percpu_fits();
}

/*
 * A variable's initial value goes to every CPU's copy, as the kernel
 * copies the .data..percpu section to each CPU's unit.  A zero value is
 * already there (.bss): skipping it leaves the other copies' pages
 * untouched.
 */
void sim_static_percpu_init(void *block, const void *init, size_t size)
{
	const unsigned char *bytes = init;
	size_t i = 0;

	while (i < size && !bytes[i])
		i++;
	if (i == size)
		return;
	for (unsigned int cpu = 0; cpu < SIM_STATIC_PERCPU_CPUS; cpu++)
		memcpy((char *)block + cpu * PCPU_UNIT_SIZE, init, size);
}
