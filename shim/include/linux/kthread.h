/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel threads (<linux/kthread.h>): each is a thread of its own, and a
 * task of the simulated CPUs (sim/cpu.h) like any other.
 *
 * Guarantees kept: kthread_create() returns a task that has not run
 * threadfn yet; it starts at wake_up_process() (kthread_run() does both);
 * kthread_bind() before the start, or kthread_create_on_cpu(), pins it to
 * a simulated CPU, so smp_processor_id() there reads that CPU (if the CPU
 * goes offline the thread moves, as sim/cpu.h moves every task);
 * kthread_should_stop() turns true once kthread_stop() is called, and
 * kthread_stop() wakes the thread, waits for threadfn to return and gives
 * back its result (-EINTR if threadfn never ran); kthread_park() waits
 * until the thread sits in kthread_parkme() and kthread_unpark() lets it
 * go on.  The name is formatted as the kernel's (comm, 15 characters).
 *
 * Not modelled: a thread whose threadfn returns without kthread_stop()
 * keeps its task_struct (and its host thread) until kthread_stop(), where
 * the kernel's would exit; per-CPU kthreads are not parked on CPU hotplug;
 * signals, nice values, the node argument.
 *
 * Under the deterministic scheduler (sim/det.h), a kthread created by one
 * of the run's tasks is a task of that run, not a thread: it starts on
 * its creator's CPU, a bound one is never migrated, it interleaves with
 * the others at their preemption points, and kthread_stop() and
 * kthread_park() wait by yielding.  The run ends only once it has
 * returned, so each one must be stopped (or its threadfn return) within
 * the run; its task_struct is valid until the run ends.  Created during a
 * run by anything but one of its tasks: a WARN and ERR_PTR(-EINVAL);
 * with SIM_DET_MAX_TASKS tasks in the run already: a WARN and
 * ERR_PTR(-ENOMEM).
 */
#ifndef _SHIM_LINUX_KTHREAD_H
#define _SHIM_LINUX_KTHREAD_H

#include <linux/err.h>
#include <linux/sched.h>

/* Create a stopped thread that will run threadfn(data), named like printf(namefmt, ...); ERR_PTR(-ENOMEM) on failure. */
__attribute__((format(printf, 4, 5)))
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data),
					   void *data, int node,
					   const char namefmt[], ...);
/* kthread_create_on_node() bound to cpu; namefmt may use %u for cpu. */
struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data),
					  void *data, unsigned int cpu,
					  const char *namefmt);
/* Pin the not yet started kthread k to simulated CPU cpu. */
void kthread_bind(struct task_struct *k, unsigned int cpu);
/* Ask k to stop, wake it and wait for its threadfn's result (-EINTR if it never ran). */
int kthread_stop(struct task_struct *k);
/* In a kthread: whether kthread_stop() was called on it. */
bool kthread_should_stop(void);
/* Ask k to park and wait until it does; 0, or -ENOSYS if k has exited. */
int kthread_park(struct task_struct *k);
/* Let a parked kthread k continue. */
void kthread_unpark(struct task_struct *k);
/* In a kthread: whether kthread_park() was called on it. */
bool kthread_should_park(void);
/* In a kthread: sleep parked while kthread_should_park(). */
void kthread_parkme(void);

#define kthread_create(threadfn, data, namefmt, ...)			\
	kthread_create_on_node(threadfn, data, -1, namefmt, ##__VA_ARGS__)
/* Create a kthread and start it at once. */
#define kthread_run(threadfn, data, namefmt, ...)			\
	({								\
		struct task_struct *__k = kthread_create(threadfn, data,\
					namefmt, ##__VA_ARGS__);	\
									\
		if (!IS_ERR(__k))					\
			wake_up_process(__k);				\
		__k;							\
	})

#endif
