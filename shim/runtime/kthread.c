// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel threads (kthread.h) on host threads.  Each has a record that its
 * task_struct points to; a wait queue's mutex guards the record and its
 * condition variable carries every change of state.  The host thread
 * lives until kthread_stop() has seen threadfn's result, so the
 * task_struct (thread-local storage of that thread) stays valid for the
 * calls that name it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/bug.h>
#include "sim.h"
#include "sim_wait.h"

struct sim_kthread {
	int (*threadfn)(void *data);
	void *data;
	char name[16];
	int cpu;			/* kthread_bind()'s CPU, or -1 */
	pthread_t thread;
	struct task_struct *task;	/* set once the thread runs */
	wait_queue_head_t state;	/* guards the fields below */
	bool started;			/* wake_up_process() or kthread_stop() came */
	bool runs_threadfn;		/* woken before kthread_stop() was called */
	bool should_stop;
	bool should_park;
	bool parked;
	bool exited;			/* threadfn returned (or never ran) */
	bool reaped;			/* kthread_stop() has the result */
	int result;
};

/* With k->state locked: sleep until cond holds. */
#define kthread_wait_locked(k, cond)					\
	do {								\
		while (!(cond))						\
			sim_wait_locked(&(k)->state, MAX_SCHEDULE_TIMEOUT); \
	} while (0)

static void *kthread_main(void *arg)
{
	struct sim_kthread *k = arg;
	struct task_struct *me;
	bool run;
	int result = -EINTR;

	pthread_setname_np(pthread_self(), k->name);
	me = current;
	me->sim_kthread = k;
	sim_wait_lock(&k->state);
	k->task = me;
	sim_wake_locked(&k->state);
	kthread_wait_locked(k, k->started);
	run = k->runs_threadfn;
	sim_wait_unlock(&k->state);

	if (run) {
		if (k->cpu >= 0)
			sim_set_cpu(k->cpu);
		result = k->threadfn(k->data);
	}

	sim_wait_lock(&k->state);
	k->result = result;
	k->exited = true;
	sim_wake_locked(&k->state);
	kthread_wait_locked(k, k->reaped);
	sim_wait_unlock(&k->state);
	return NULL;
}

struct task_struct *kthread_create_on_node(int (*threadfn)(void *data),
					   void *data, int node,
					   const char namefmt[], ...)
{
	struct sim_kthread *k;
	struct task_struct *task;
	va_list ap;

	(void)node;
	might_sleep();
	/* A kthread is a thread: the deterministic scheduler cannot run it. */
	if (WARN(sim_det_running, "kthread_create: under the deterministic scheduler\n"))
		return ERR_PTR(-EINVAL);
	k = calloc(1, sizeof(*k));
	if (!k)
		return ERR_PTR(-ENOMEM);
	k->threadfn = threadfn;
	k->data = data;
	k->cpu = -1;
	init_waitqueue_head(&k->state);
	va_start(ap, namefmt);
	vsnprintf(k->name, sizeof(k->name), namefmt, ap);
	va_end(ap);
	if (pthread_create(&k->thread, NULL, kthread_main, k)) {
		free(k);
		return ERR_PTR(-ENOMEM);
	}
	sim_wait_lock(&k->state);
	kthread_wait_locked(k, k->task);
	task = k->task;
	sim_wait_unlock(&k->state);
	return task;
}

struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data),
					  void *data, unsigned int cpu,
					  const char *namefmt)
{
	struct task_struct *k;

	k = kthread_create_on_node(threadfn, data, -1, namefmt, cpu);
	if (!IS_ERR(k))
		kthread_bind(k, cpu);
	return k;
}

/* k's record; WARNs for a task that is not a kthread, as to_kthread() does. */
static struct sim_kthread *to_kthread(struct task_struct *task)
{
	WARN_ON(!task->sim_kthread);
	return task->sim_kthread;
}

void kthread_bind(struct task_struct *task, unsigned int cpu)
{
	struct sim_kthread *k = to_kthread(task);

	if (!k)
		return;
	sim_wait_lock(&k->state);
	/* The kernel can bind only a task that is not running. */
	if (!WARN_ON(k->started))
		k->cpu = (int)cpu;
	sim_wait_unlock(&k->state);
}

bool sim_kthread_start(struct sim_kthread *k)
{
	bool starts;

	sim_wait_lock(&k->state);
	starts = !k->started;
	/* kthread_stop(): -EINTR only if wake_up_process() never came. */
	if (starts)
		k->runs_threadfn = !k->should_stop;
	k->started = true;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
	return starts;
}

int kthread_stop(struct task_struct *task)
{
	struct sim_kthread *k = to_kthread(task);
	int result;

	if (!k)
		return -EINVAL;
	might_sleep();
	sim_wait_lock(&k->state);
	k->should_stop = true;
	k->should_park = false;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
	/* Starts it (it then returns -EINTR) or ends a schedule(). */
	wake_up_process(task);

	sim_wait_lock(&k->state);
	kthread_wait_locked(k, k->exited);
	result = k->result;
	k->reaped = true;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
	pthread_join(k->thread, NULL);
	free(k);
	return result;
}

/* The calling kthread's record; WARNs (and NULL) in any other task. */
static struct sim_kthread *current_kthread(void)
{
	struct sim_kthread *k = current->sim_kthread;

	WARN_ON_ONCE(!k);
	return k;
}

/* Read one of k's flags under its lock. */
static bool kthread_flag(struct sim_kthread *k, const bool *flag)
{
	bool set;

	sim_wait_lock(&k->state);
	set = *flag;
	sim_wait_unlock(&k->state);
	return set;
}

bool kthread_should_stop(void)
{
	struct sim_kthread *k = current_kthread();

	return k && kthread_flag(k, &k->should_stop);
}

bool kthread_should_park(void)
{
	struct sim_kthread *k = current_kthread();

	return k && kthread_flag(k, &k->should_park);
}

int kthread_park(struct task_struct *task)
{
	struct sim_kthread *k = to_kthread(task);

	if (!k)
		return -EINVAL;
	might_sleep();
	sim_wait_lock(&k->state);
	if (k->exited) {
		sim_wait_unlock(&k->state);
		return -ENOSYS;
	}
	k->should_park = true;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
	wake_up_process(task);

	sim_wait_lock(&k->state);
	kthread_wait_locked(k, k->parked || k->exited);
	sim_wait_unlock(&k->state);
	return 0;
}

void kthread_unpark(struct task_struct *task)
{
	struct sim_kthread *k = to_kthread(task);

	if (!k)
		return;
	sim_wait_lock(&k->state);
	k->should_park = false;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
}

void kthread_parkme(void)
{
	struct sim_kthread *k = current_kthread();

	if (!k)
		return;
	might_sleep();
	sim_wait_lock(&k->state);
	while (k->should_park) {
		k->parked = true;
		sim_wake_locked(&k->state);
		sim_wait_locked(&k->state, MAX_SCHEDULE_TIMEOUT);
	}
	k->parked = false;
	sim_wait_unlock(&k->state);
}
