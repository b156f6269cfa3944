// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel threads (kthread.h) on host threads.  Each has a record that its
 * task_struct points to; a wait queue's mutex guards the record and its
 * condition variable carries every change of state.  The host thread
 * lives until kthread_stop() has seen threadfn's result, so the
 * task_struct (thread-local storage of that thread) stays valid for the
 * calls that name it.  A kthread created during a deterministic run is a
 * task of that run instead (sim_det_spawn()): its task_struct lives in the
 * scheduler's table until the run ends, so it just returns, and every
 * wait here yields to the run's other tasks (sim_wait_locked()).
 *
 * libslab_exit() reaps the host threads whose threadfn returned without a
 * kthread_stop() (sim_kthread_exit()), as the kernel lets such a thread
 * exit: their task_struct is gone then, as in the kernel without a
 * get_task_struct().  A kthread still running is named and left running.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <sim/det.h>
#include <linux/smp.h>
#include <linux/bug.h>
#include <linux/list.h>
#include "../machine/sim.h"
#include "threads_exit.h"
#include "sim_wait.h"

struct sim_kthread {
	int (*threadfn)(void *data);
	void *data;
	char name[16];
	int cpu;			/* kthread_bind()'s CPU, or -1 */
	pthread_t thread;		/* unless det */
	struct list_head node;		/* on host_kthreads, unless det */
	bool det;			/* a task of a deterministic run */
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

/* The kthreads on host threads not yet joined, under host_kthreads_lock. */
static LIST_HEAD(host_kthreads);
static pthread_mutex_t host_kthreads_lock = PTHREAD_MUTEX_INITIALIZER;

/* With k->state locked: sleep until cond holds. */
#define kthread_wait_locked(k, cond)					\
	do {								\
		while (!(cond))						\
			sim_wait_locked(&(k)->state, MAX_SCHEDULE_TIMEOUT); \
	} while (0)

static bool kthread_first_wake(struct task_struct *task);

/* Run k's threadfn once woken (unless stopped first) and publish its result. */
static void kthread_body(void *arg)
{
	struct sim_kthread *k = arg;
	struct task_struct *me;
	bool run;
	int result = -EINTR;

	me = current;
	me->sim_kthread = k;
	me->sim_on_wake = kthread_first_wake;
	sim_wait_lock(&k->state);
	k->task = me;
	sim_wake_locked(&k->state);
	kthread_wait_locked(k, k->started);
	run = k->runs_threadfn;
	sim_wait_unlock(&k->state);

	if (run) {
		if (k->cpu >= 0 && k->det)
			sim_det_pin(k->cpu);
		else if (k->cpu >= 0)
			sim_set_cpu(k->cpu);
		result = k->threadfn(k->data);
	}

	sim_wait_lock(&k->state);
	k->result = result;
	k->exited = true;
	sim_wake_locked(&k->state);
	sim_wait_unlock(&k->state);
}

/* A kthread's host thread: it keeps its task_struct until kthread_stop() has the result. */
static void *kthread_main(void *arg)
{
	struct sim_kthread *k = arg;

	pthread_setname_np(pthread_self(), k->name);
	kthread_body(k);
	sim_wait_lock(&k->state);
	kthread_wait_locked(k, k->reaped);
	sim_wait_unlock(&k->state);
	return NULL;
}

/* Start k's thread, or its task when a deterministic run goes on; 0 or -errno. */
static int kthread_spawn(struct sim_kthread *k)
{
	int ret;

	if (!sim_det_running) {
		pthread_mutex_lock(&host_kthreads_lock);
		ret = pthread_create(&k->thread, NULL, kthread_main, k);
		if (!ret)
			list_add_tail(&k->node, &host_kthreads);
		pthread_mutex_unlock(&host_kthreads_lock);
		return ret ? -ENOMEM : 0;
	}
	k->det = true;
	ret = sim_det_spawn(kthread_body, k, raw_smp_processor_id());
	/* The run's task table is full: as the kernel's, out of tasks. */
	if (WARN(ret == -ENOSPC, "kthread_create: the deterministic run has %d tasks already\n",
		 SIM_DET_MAX_TASKS))
		return -ENOMEM;
	return ret < 0 ? ret : 0;
}

struct task_struct *kthread_create_on_node(int (*threadfn)(void *data),
					   void *data, int node,
					   const char namefmt[], ...)
{
	struct sim_kthread *k;
	struct task_struct *task;
	va_list ap;
	int ret;

	(void)node;
	might_sleep();
	/* The run's thread belongs to its tasks: nothing else may start one. */
	if (WARN(sim_det_running && !sim_task()->det,
		 "kthread_create: during a deterministic run, outside its tasks\n"))
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
	ret = kthread_spawn(k);
	if (ret) {
		free(k);
		return ERR_PTR(ret);
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

/* wake_up_process()'s first step for a kthread: start it; false if it had started. */
static bool kthread_first_wake(struct task_struct *task)
{
	struct sim_kthread *k = task->sim_kthread;
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
	if (!k->det) {
		pthread_mutex_lock(&host_kthreads_lock);
		list_del(&k->node);
		pthread_mutex_unlock(&host_kthreads_lock);
		pthread_join(k->thread, NULL);
	}
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

void sim_kthread_exit(void)
{
	struct sim_kthread *k, *next;
	LIST_HEAD(gone);

	pthread_mutex_lock(&host_kthreads_lock);
	list_for_each_entry_safe(k, next, &host_kthreads, node) {
		sim_wait_lock(&k->state);
		if (k->exited && !k->reaped) {
			k->reaped = true;
			sim_wake_locked(&k->state);
			list_move(&k->node, &gone);
		} else if (!k->exited) {
			pr_warn("libslab: kthread %s was never stopped; its thread is left running\n",
				k->name);
		}
		sim_wait_unlock(&k->state);
	}
	pthread_mutex_unlock(&host_kthreads_lock);
	list_for_each_entry_safe(k, next, &gone, node) {
		pthread_join(k->thread, NULL);
		free(k);
	}
}
