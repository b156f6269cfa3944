/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workqueues (<linux/workqueue.h>, Documentation/core-api/workqueue.rst).
 * Work items run on worker threads, each a task of the simulated CPUs
 * (sim/cpu.h).
 *
 * Guarantees kept: queue_work*() returns false, queueing nothing, while
 * the item is pending; a pending item runs once, after which it may be
 * queued again, even from its own function; an item never runs on two
 * workers at once (it is non-reentrant); on a per-CPU (bound) workqueue
 * an item runs on the CPU it was queued on (queue_work(): the caller's),
 * so smp_processor_id() and this_cpu_*() inside it see that CPU, and at
 * most max_active items of the workqueue run at once per CPU; on a
 * WQ_UNBOUND workqueue at most max_active run at once in all, on any CPU,
 * and alloc_ordered_workqueue() runs one at a time in queueing order.
 * Work queued to an offline CPU, or whose CPU goes offline, runs unbound
 * on another CPU, as the kernel's does.  flush_work() waits for the
 * last queueing of an item to finish (true if it had to wait);
 * cancel_work_sync() removes a pending item and waits for a running one,
 * refusing new queueings meanwhile, so it stops self-requeueing items
 * too (true if it was pending); flush_workqueue() waits for everything
 * queued before it; destroy_workqueue() drains the workqueue first.
 * Delayed work is pending from queue_delayed_work() on and is queued
 * once delay jiffies have passed (0: at once); mod_delayed_work() sets a
 * new delay whether or not it was pending (true if it was).  Flushing
 * and cancelling might_sleep().
 *
 * Not modelled: concurrency management (a bound worker that sleeps does
 * not make way for another one, so max_active is the concurrency and
 * items that wait for one another need max_active > 1); WQ_HIGHPRI,
 * WQ_MEM_RECLAIM rescuers, WQ_FREEZABLE and affinity scopes are accepted
 * and have no effect; no more than 64 workers per workqueue;
 * work_on_cpu() runs fn in the caller itself on cpu.
 *
 * Under the deterministic scheduler (sim/det.h), an item queued by one of
 * the run's tasks runs on a worker that is a task of that run, with the
 * guarantees above: a bound item's worker sits on its CPU and is never
 * migrated while running it, items interleave with the other tasks at
 * their preemption points as the seed decides, and flushing and
 * cancelling wait by yielding.  Workers of a run end with it.  Delayed
 * work with a delay is refused there with a WARN (its timer is a
 * thread); with delay 0 it is queued at once.  Queueing during a run by
 * anything but one of its tasks: a WARN, nothing queued.
 */
#ifndef _SHIM_LINUX_WORKQUEUE_H
#define _SHIM_LINUX_WORKQUEUE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/kernel.h>
#include <linux/smp.h>

struct work_struct;
struct workqueue_struct;
typedef void (*work_func_t)(struct work_struct *work);

#define WORK_CPU_UNBOUND	NR_CPUS	/* no CPU asked for */

struct work_struct {
	struct list_head entry;		/* on its workqueue while queued */
	work_func_t func;
	/* What the shim's runtime tracks, under its workqueue lock. */
	unsigned int sim_flags;
	int sim_cpu;			/* CPU it runs on, or WORK_CPU_UNBOUND */
	unsigned long sim_seq;		/* order of its last queueing */
	struct workqueue_struct *sim_wq; /* where it was last queued */
};

struct delayed_work {
	struct work_struct work;
	/* The shim's timer: armed while on the timer list. */
	struct list_head sim_timer;
	unsigned long sim_expires;	/* jiffies */
};

#define __WORK_INITIALIZER(n, f)					\
	{ .entry = LIST_HEAD_INIT((n).entry), .func = (f),		\
	  .sim_cpu = WORK_CPU_UNBOUND }
#define __DELAYED_WORK_INITIALIZER(n, f, tflags)			\
	{ .work = __WORK_INITIALIZER((n).work, (f)),			\
	  .sim_timer = LIST_HEAD_INIT((n).sim_timer) }
#define DECLARE_WORK(n, f)	struct work_struct n = __WORK_INITIALIZER(n, f)
#define DECLARE_DELAYED_WORK(n, f)					\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)

/* Make work an idle item that runs func. */
#define INIT_WORK(_work, _func)						\
	do {								\
		*(_work) = (struct work_struct){			\
			.func = (_func), .sim_cpu = WORK_CPU_UNBOUND };	\
		INIT_LIST_HEAD(&(_work)->entry);			\
	} while (0)
#define INIT_WORK_ONSTACK(_work, _func)	INIT_WORK(_work, _func)
/* Make dwork an idle delayed item that runs func. */
#define INIT_DELAYED_WORK(_dwork, _func)				\
	do {								\
		INIT_WORK(&(_dwork)->work, (_func));			\
		INIT_LIST_HEAD(&(_dwork)->sim_timer);			\
		(_dwork)->sim_expires = 0;				\
	} while (0)
#define INIT_DEFERRABLE_WORK(_dwork, _func)	INIT_DELAYED_WORK(_dwork, _func)
#define destroy_work_on_stack(work)		do { } while (0)
#define destroy_delayed_work_on_stack(work)	do { } while (0)

#define SIM_WORK_PENDING	0x1	/* queued, or its timer armed */
#define SIM_WORK_CANCELING	0x2	/* cancel_*_sync() is running */
/* Whether work is queued or its timer armed. */
#define work_pending(work)						\
	((__atomic_load_n(&(work)->sim_flags, __ATOMIC_ACQUIRE) & SIM_WORK_PENDING) != 0)
#define delayed_work_pending(w)	work_pending(&(w)->work)
/* The delayed_work a work_struct is part of. */
#define to_delayed_work(_work)	container_of(_work, struct delayed_work, work)

enum wq_flags {
	WQ_BH			= 1 << 0,
	WQ_UNBOUND		= 1 << 1,
	WQ_FREEZABLE		= 1 << 2,
	WQ_MEM_RECLAIM		= 1 << 3,
	WQ_HIGHPRI		= 1 << 4,
	WQ_CPU_INTENSIVE	= 1 << 5,
	WQ_SYSFS		= 1 << 6,
	WQ_POWER_EFFICIENT	= 1 << 7,
	__WQ_ORDERED		= 1 << 17,
	WQ_MAX_ACTIVE		= 512,
	WQ_UNBOUND_MAX_ACTIVE	= WQ_MAX_ACTIVE,
	WQ_DFL_ACTIVE		= WQ_MAX_ACTIVE / 2,
};

/* Create a workqueue named like printf(fmt, ...); max_active 0: the default; NULL on failure or a bad argument. */
__attribute__((format(printf, 1, 4)))
struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...);
/* An unbound workqueue running one item at a time, in queueing order. */
#define alloc_ordered_workqueue(fmt, flags, args...)			\
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)
#define create_workqueue(name)						\
	alloc_workqueue("%s", WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name)				\
	alloc_ordered_workqueue("%s", WQ_MEM_RECLAIM, name)
/* Drain wq, stop its workers and free it. */
void destroy_workqueue(struct workqueue_struct *wq);
/* Run everything already queued on wq and wait until it has finished. */
void flush_workqueue(struct workqueue_struct *wq);
/* Wait until wq is empty, even of items its items queue on it. */
void drain_workqueue(struct workqueue_struct *wq);

/* Queue work on wq to run on cpu; false if it was already pending. */
bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
/* Queue work on wq (a bound wq: on the calling CPU); false if already pending. */
bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
/* Queue dwork on wq after delay jiffies, on cpu; false if already pending. */
bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
			   struct delayed_work *dwork, unsigned long delay);
/* queue_delayed_work_on() the calling CPU (a bound wq). */
bool queue_delayed_work(struct workqueue_struct *wq,
			struct delayed_work *dwork, unsigned long delay);
/* Queue dwork after delay jiffies whatever its state; true if it was pending. */
bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
			 struct delayed_work *dwork, unsigned long delay);
/* mod_delayed_work_on() the calling CPU (a bound wq). */
bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay);
/* Wait for the last queueing of work to finish; true if it had to wait. */
bool flush_work(struct work_struct *work);
/* Queue dwork now if its timer is armed, then flush_work(); true if it had to wait. */
bool flush_delayed_work(struct delayed_work *dwork);
/* Remove work if pending (true) without waiting for a running instance. */
bool cancel_work(struct work_struct *work);
/* Remove work if pending (true) and wait until it no longer runs. */
bool cancel_work_sync(struct work_struct *work);
/* Disarm or dequeue dwork (true if it was pending), not waiting. */
bool cancel_delayed_work(struct delayed_work *dwork);
/* cancel_delayed_work() and wait until it no longer runs. */
bool cancel_delayed_work_sync(struct delayed_work *dwork);
#define WORK_BUSY_PENDING	1
#define WORK_BUSY_RUNNING	2
/* WORK_BUSY_PENDING and/or WORK_BUSY_RUNNING: a snapshot of work's state. */
unsigned int work_busy(struct work_struct *work);

extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;

#define schedule_work(work)		queue_work(system_wq, work)
#define schedule_work_on(cpu, work)	queue_work_on(cpu, system_wq, work)
#define schedule_delayed_work(dwork, delay)				\
	queue_delayed_work(system_wq, dwork, delay)
#define schedule_delayed_work_on(cpu, dwork, delay)			\
	queue_delayed_work_on(cpu, system_wq, dwork, delay)
/* Wait for everything queued on system_wq (the kernel warns against it). */
#define flush_scheduled_work()		flush_workqueue(system_wq)

/* Run fn(arg) on simulated CPU cpu and return its result. */
long work_on_cpu(int cpu, long (*fn)(void *), void *arg);

#endif
