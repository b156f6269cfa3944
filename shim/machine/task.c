// SPDX-License-Identifier: GPL-2.0
/*
 * The calling task: every thread has one of its own, which the
 * deterministic scheduler replaces with its coroutines' (sim_task_switch()),
 * and current points into it.  The lowest file of the simulated machine:
 * it knows nothing of CPUs but the placement the task last had, which the
 * console reads without placing anyone (sim_task_last_cpu()).
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/kernel.h>
#include <linux/build_bug.h>
#include <linux/sched.h>
#include "sim.h"

static __thread struct sim_task thread_task = { .cpu = -1 };
static __thread struct sim_task *current_task;
__thread struct sim_task_head *sim_current_head;
__thread struct sim_cpu_cache sim_cpu_cache = { .offset = SIM_CPU_OFFSET_NONE };

static_assert(offsetof(struct sim_task, cpu) == offsetof(struct sim_task_head, cpu));
static_assert(offsetof(struct sim_task, gen) == offsetof(struct sim_task_head, gen));
static_assert(offsetof(struct sim_task, preempt_count) ==
	      offsetof(struct sim_task_head, preempt_count));
static_assert(offsetof(struct sim_task, irqs_off) == offsetof(struct sim_task_head, irqs_off));

struct sim_task *sim_task(void)
{
	if (unlikely(!current_task))
		sim_task_switch(NULL);
	return current_task;
}

void sim_task_switch(struct sim_task *t)
{
	current_task = t ? t : &thread_task;
	sim_current_head = (struct sim_task_head *)current_task;
	sim_cpu_cache_clear();
}

void sim_cpu_cache_clear(void)
{
	/* The offset first: a signal handler in between finds no placement. */
	sim_cpu_cache.offset = SIM_CPU_OFFSET_NONE;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	sim_cpu_cache.gen = 0;
}

void sim_task_init(struct sim_task *t, int pid, const char *comm)
{
	memset(t, 0, sizeof(*t));
	t->cpu = -1;
	t->task.pid = pid;
	strncpy(t->task.comm, comm, sizeof(t->task.comm) - 1);
}

int sim_task_last_cpu(void)
{
	/* A task that follows the host CPU has its latest CPU in the cache only. */
	if (sim_cpu_cache.gen)
		return sim_cpu_cache.cpu;
	return max(sim_task()->cpu, 0);
}

struct task_struct *get_current(void)
{
	struct sim_task *t = sim_task();

	if (unlikely(!t->task.pid)) {
		t->task.pid = (int)syscall(SYS_gettid);
		pthread_getname_np(pthread_self(), t->task.comm,
				   sizeof(t->task.comm));
	}
	return &t->task;
}
