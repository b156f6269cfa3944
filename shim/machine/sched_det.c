// SPDX-License-Identifier: GPL-2.0
/*
 * The deterministic scheduler of sim/det.h.  Tasks are ucontext coroutines
 * with their own stacks; at every preemption point the running task hands
 * control back to the scheduler, which picks the next task among those the
 * preemption rules allow, with a xorshift generator seeded by the caller.
 * The checkers are told about each stack (tool_fiber.h).  A task may
 * add tasks while the run goes on (sim_det_spawn(): kthreads, workqueue
 * workers); the run ends when every task, spawned ones too, has ended.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <linux/kernel.h>
#include <sim/det.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/bug.h>
#include "sim.h"
#include "tool_fiber.h"

#define DET_STACK_SIZE	(512UL << 10)

struct sim_det_task {
	struct sim_task task;
	ucontext_t context;
	void *stack;
	const struct sim_det_task_spec *spec;
	struct sim_det_task_spec spawned_spec;	/* spec of a spawned task */
	unsigned int index;
	bool started;
	bool done;
	bool pinned;		/* sim_det_pin(): never migrated */
	struct tool_fiber fiber;
};

int sim_det_running;

static struct {
	ucontext_t context;
	struct sim_det_task tasks[SIM_DET_MAX_TASKS];
	unsigned int nr;		/* grows as tasks spawn tasks */
	struct sim_det_task *running;
	unsigned int quantum;		/* points the running task has left */
	u64 rng;
	const struct sim_det_params *params;
	struct sim_det_result *result;
	struct tool_fiber fiber; /* the scheduler's, the thread's own */
} det;

static u64 det_random(void)
{
	det.rng = sim_xorshift64(det.rng);
	return det.rng;
}

static void trace(unsigned int index, enum sim_point point)
{
	u64 h = det.result->trace_hash;

	h = (h ^ (index + 1)) * 0x100000001b3ULL;
	h = (h ^ ((u64)point + 1)) * 0x100000001b3ULL;
	det.result->trace_hash = h;
}

static void task_entry(void)
{
	struct sim_det_task *dt = det.running;

	tool_fiber_started();
	dt->spec->fn(dt->spec->arg);
	dt->done = true;
	tool_fiber_swap(&dt->context, &det.context, &det.fiber);
}

/* Back to the scheduler from the running task. */
static void yield_to_scheduler(struct sim_det_task *dt)
{
	dt->task.in_point = true;
	tool_fiber_swap(&dt->context, &det.context, &det.fiber);
	dt->task.in_point = false;
}

void sim_det_point(struct sim_task *t, enum sim_point point)
{
	struct sim_det_task *dt = t->det;

	if (!sim_det_running || det.running != dt)
		return;
	det.result->steps++;
	trace(dt->index, point);
	if (det.params->migrate_permille && !t->migrate_disabled &&
	    !dt->pinned && !(dt->spec->flags & SIM_DET_IRQ) &&
	    det_random() % 1000 < det.params->migrate_permille) {
		int cpu = (int)(det_random() % nr_cpu_ids);

		if (cpu_online(cpu) && cpu != t->cpu) {
			t->cpu = cpu;
			sim_cpu_cache_clear();
			det.result->migrations++;
			det.quantum = 0;
		}
	}
	if (det.quantum) {
		det.quantum--;
		return;
	}
	yield_to_scheduler(dt);
}

void sim_det_wait(void)
{
	struct sim_task *t = sim_task();

	if (t->det && det.running == t->det) {
		det.quantum = 0;
		yield_to_scheduler(t->det);
	}
}

int sim_det_pin(int cpu)
{
	struct sim_task *t = sim_task();
	struct sim_det_task *dt = t->det;

	if (!sim_det_running || !dt || det.running != dt)
		return -EBUSY;
	if (cpu < 0) {
		dt->pinned = false;
		return 0;
	}
	if ((unsigned int)cpu >= nr_cpu_ids || !cpu_online(cpu) ||
	    (t->migrate_disabled && t->cpu != cpu))
		return -EINVAL;
	dt->pinned = true;
	if (t->cpu == cpu)
		return 0;
	t->cpu = cpu;
	sim_cpu_cache_clear();
	det.result->migrations++;
	/* Run there only when the rules of that CPU let it. */
	det.quantum = 0;
	yield_to_scheduler(dt);
	return 0;
}

void sim_hook_cmpxchg128_failed(void)
{
	/* The running task's own failures: not another thread's meanwhile (an RCU callback's). */
	if (sim_det_running && det.running && sim_task() == &det.running->task)
		det.result->cmpxchg128_failures[det.running->index]++;
}

int sim_det_current(void)
{
	return sim_det_running && det.running ? (int)det.running->index : -1;
}

/* Whether dt is the task that owns its CPU without preemption. */
static bool holds_cpu(const struct sim_det_task *dt)
{
	return dt->started && !dt->done &&
	       (dt->task.preempt_count || dt->task.irqs_off);
}

/* Whether the rules let dt run now. */
static bool eligible(const struct sim_det_task *dt)
{
	unsigned int i;

	if (dt->done)
		return false;
	for (i = 0; i < det.nr; i++) {
		const struct sim_det_task *o = &det.tasks[i];

		if (o == dt || o->task.cpu != dt->task.cpu || !holds_cpu(o))
			continue;
		/* A running handler or an irqs-off section has its CPU. */
		if ((o->spec->flags & SIM_DET_IRQ) || o->task.irqs_off)
			return false;
		/* Preemption is off there: only an interrupt may come in. */
		if (!(dt->spec->flags & SIM_DET_IRQ) || dt->started)
			return false;
	}
	return true;
}

/* Apart from det_setup(): getcontext() returns twice, clobbering locals. */
static noinline void prepare_context(struct sim_det_task *dt)
{
	getcontext(&dt->context);
	dt->context.uc_stack.ss_sp = dt->stack;
	dt->context.uc_stack.ss_size = DET_STACK_SIZE;
	dt->context.uc_link = NULL;
	makecontext(&dt->context, task_entry, 0);
}

/* Set up slot i to run spec, which must outlive the run; 0, -EINVAL or -ENOMEM. */
static int det_task_setup(unsigned int i, const struct sim_det_task_spec *spec)
{
	struct sim_det_task *dt = &det.tasks[i];

	if (!spec->fn || spec->cpu < 0 || (unsigned int)spec->cpu >= nr_cpu_ids ||
	    !cpu_online(spec->cpu))
		return -EINVAL;
	sim_task_init(&dt->task, 100000 + (int)i, "det");
	dt->task.cpu = spec->cpu;
	dt->task.bound = true;
	dt->task.gen = sim_task()->gen;
	dt->task.det = dt;
	dt->spec = spec;
	dt->index = i;
	dt->started = dt->done = false;
	dt->stack = mmap(NULL, DET_STACK_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (dt->stack == MAP_FAILED)
		return -ENOMEM;
	prepare_context(dt);
	tool_fiber_create(&dt->fiber, dt->stack, DET_STACK_SIZE);
	return 0;
}

static int det_setup(const struct sim_det_task_spec *tasks, unsigned int nr)
{
	unsigned int i;
	int ret;

	for (i = 0; i < nr; i++) {
		ret = det_task_setup(i, &tasks[i]);
		if (ret)
			return ret;
	}
	return 0;
}

int sim_det_spawn(void (*fn)(void *arg), void *arg, int cpu)
{
	struct sim_det_task *dt;
	int ret;

	if (!sim_det_running || !det.running)
		return -EBUSY;
	if (det.nr >= SIM_DET_MAX_TASKS)
		return -ENOSPC;
	dt = &det.tasks[det.nr];
	dt->spawned_spec = (struct sim_det_task_spec){ .fn = fn, .arg = arg,
						       .cpu = cpu };
	ret = det_task_setup(det.nr, &dt->spawned_spec);
	if (ret)
		return ret;
	return (int)det.nr++;
}

static void det_teardown(unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct sim_det_task *dt = &det.tasks[i];

		if (!dt->stack || dt->stack == MAP_FAILED)
			continue;
		tool_fiber_destroy(&dt->fiber);
		munmap(dt->stack, DET_STACK_SIZE);
		dt->stack = NULL;
	}
}

int sim_det_run(const struct sim_det_params *params,
		const struct sim_det_task_spec *tasks, unsigned int nr,
		struct sim_det_result *result)
{
	unsigned long max_steps;
	unsigned int eligible_tasks[SIM_DET_MAX_TASKS];
	unsigned int i, finished = 0;
	unsigned int prev = SIM_DET_MAX_TASKS; /* no task ran yet */
	int ret;

	sim_cpus_up();
	if (!SIM_HOOKS) {
		pr_err("sim_det_run: this libslab is built without preemption points (libslab-fast); link libslab\n");
		return -EOPNOTSUPP;
	}
	max_steps = params->max_steps ? params->max_steps : 10000000;
	if (!nr || nr > SIM_DET_MAX_TASKS)
		return -EINVAL;
	if (sim_det_running)
		return -EBUSY;
	memset(result, 0, sizeof(*result));
	result->trace_hash = 0xcbf29ce484222325ULL;
	memset(det.tasks, 0, sizeof(det.tasks));
	det.nr = nr;
	ret = det_setup(tasks, nr);
	if (ret) {
		det_teardown(nr);
		return ret;
	}
	det.params = params;
	det.result = result;
	det.rng = params->seed * 0x9e3779b97f4a7c15ULL + 1;
	tool_fiber_thread(&det.fiber);
	sim_det_running = 1;
	__atomic_fetch_add(&sim_switches.points_armed, 1, __ATOMIC_SEQ_CST);

	while (finished < det.nr) {
		unsigned int n = 0;
		struct sim_det_task *next;
		unsigned int pick;

		for (i = 0; i < det.nr; i++)
			if (eligible(&det.tasks[i]))
				eligible_tasks[n++] = i;
		if (WARN_ON_ONCE(!n) || result->steps >= max_steps) {
			result->livelock = true;
			break;
		}
		pick = eligible_tasks[det_random() % n];
		det.quantum = det_random() % (1U << (det_random() % 7));
		if (pick != prev)
			result->switches++;
		prev = pick;
		next = &det.tasks[pick];
		trace(next->index, SIM_NR_POINTS);
		if (!next->started) {
			next->started = true;
			if (next->spec->flags & SIM_DET_IRQ)
				next->task.preempt_count = 1;
		}
		det.running = next;
		sim_task_switch(&next->task);
		tool_fiber_swap(&det.context, &next->context, &next->fiber);
		sim_task_switch(NULL);
		det.running = NULL;
		if (next->done) {
			if (next->spec->flags & SIM_DET_IRQ)
				next->task.preempt_count = 0;
			WARN(next->task.preempt_count || next->task.irqs_off ||
			     next->task.migrate_disabled,
			     "sim_det: task %u ended atomic\n", next->index);
			finished++;
		}
	}

	__atomic_fetch_sub(&sim_switches.points_armed, 1, __ATOMIC_SEQ_CST);
	sim_det_running = 0;
	det_teardown(det.nr);
	return result->livelock ? -EDEADLK : 0;
}
