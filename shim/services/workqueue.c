// SPDX-License-Identifier: GPL-2.0
/*
 * Workqueues (workqueue.h) on worker threads.  One lock (the mutex of
 * wq_state) guards every workqueue, work item and worker, and its
 * condition variable carries every change: items queued or finished,
 * timers armed.  A workqueue starts a worker when an item is queued and
 * no idle worker is left for it, up to its limit; workers end only with
 * destroy_workqueue() or libslab_exit() (sim_workqueue_exit()).  A worker identifies the item it runs by address
 * and function, as the kernel's does, and never touches it after the
 * function returned: the function may have freed it.  Delayed items wait
 * on one timer list served by a timer thread started at the first arming.
 *
 * An item queued by a task of a deterministic run (sim/det.h) is a det
 * item: workers that are tasks of that run (sim_det_spawn()) run it, not
 * threads, so it interleaves with the run's tasks as the seed decides.
 * A det worker starts like a thread worker, when no idle one is left, but
 * ends once it finds nothing to run: the run ends only when its tasks do.
 * Items waiting for a running one (max_active, ordering, non-reentrancy)
 * are taken by that one's worker when it is done.  Delayed work needs the
 * timer thread, so it is refused in a run unless its delay is 0.
 *
 * libslab_exit() ends every thread here (sim_workqueue_exit()): it waits
 * for the queued items, cancels armed timers with a warning, and joins
 * the idle workers and the timer thread.  Both start again on demand.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/workqueue.h>
#include <sim/det.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/bug.h>
#include "../machine/sim.h"
#include "threads_exit.h"
#include "sim_wait.h"

#define SIM_WORK_TIMER	0x4		/* a delayed item's timer is armed */
#define SIM_WORK_DET	0x8		/* queued by a deterministic-run task */
#define MAX_WORKERS	64
#define UNBOUND_SLOT	NR_CPUS		/* the active count of unbound items */

struct worker {
	struct list_head node;		/* on all_workers */
	struct workqueue_struct *wq;
	bool det;			/* a task of a deterministic run */
	pthread_t thread;		/* unless det */
	bool retire;			/* end once idle (sim_workqueue_exit()) */
	struct sim_task *det_task;	/* if det, once it runs */
	/* The item being run: its identity only, once its function started. */
	struct work_struct *current_work;
	work_func_t current_func;
	unsigned long current_seq;
};

struct workqueue_struct {
	char name[24];
	unsigned int flags;
	int max_active;
	struct list_head pending;	/* queued items, oldest first */
	unsigned int nr_pending;
	unsigned int nr_workers;
	unsigned int nr_idle;
	/* The same for det items and workers, which live in one run. */
	unsigned int nr_det_pending;
	unsigned int nr_det_workers;
	unsigned int nr_det_idle;
	unsigned int active[NR_CPUS + 1]; /* running items per CPU; unbound last */
	bool dying;
};

static DECLARE_WAIT_QUEUE_HEAD(wq_state);
static LIST_HEAD(all_workers);
static LIST_HEAD(timers);		/* armed delayed items, soonest first */
static bool timer_thread_started;
static bool timer_thread_stop;		/* sim_workqueue_exit() ends it */
static pthread_t timer_thread;
static unsigned long queue_seq;

struct workqueue_struct *system_wq;
struct workqueue_struct *system_highpri_wq;
struct workqueue_struct *system_long_wq;
struct workqueue_struct *system_unbound_wq;
struct workqueue_struct *system_freezable_wq;
struct workqueue_struct *system_power_efficient_wq;

static void set_flags(struct work_struct *work, unsigned int flags)
{
	__atomic_store_n(&work->sim_flags, flags, __ATOMIC_RELEASE);
}

/* The worker running work now, or NULL (the kernel's find_worker_executing_work()). */
static struct worker *worker_running(const struct work_struct *work)
{
	struct worker *w;

	list_for_each_entry(w, &all_workers, node)
		if (w->current_work == work && w->current_func == work->func)
			return w;
	return NULL;
}

/* Whether the caller is a task of a deterministic run, whose items are det items. */
static bool in_det_task(void)
{
	return sim_det_running && sim_task()->det;
}

/* The active-count slot of an item queued for cpu. */
static unsigned int slot_of(int cpu)
{
	return cpu == WORK_CPU_UNBOUND ? UNBOUND_SLOT : (unsigned int)cpu;
}

/* The first queued item of wq, det or not, that may start: under max_active, not running. */
static struct work_struct *next_work(struct workqueue_struct *wq, bool det)
{
	struct work_struct *work;

	list_for_each_entry(work, &wq->pending, entry) {
		if (((work->sim_flags & SIM_WORK_DET) != 0) != det)
			continue;
		if (wq->active[slot_of(work->sim_cpu)] >= (unsigned int)wq->max_active) {
			if (wq->flags & __WQ_ORDERED)
				return NULL;
			continue;
		}
		if (worker_running(work)) {
			if (wq->flags & __WQ_ORDERED)
				return NULL;
			continue;
		}
		return work;
	}
	return NULL;
}

/* Put the calling worker where an item for cpu runs. */
static void worker_place(int cpu)
{
	struct sim_task *t = sim_task();

	/* A det worker of a bound item never migrates, as a per-CPU kworker. */
	if (t->det) {
		if (cpu == WORK_CPU_UNBOUND || sim_det_pin(cpu))
			sim_det_pin(-1);
		return;
	}
	/* An offline CPU's work runs unbound, wherever the worker is. */
	if (cpu == WORK_CPU_UNBOUND || sim_set_cpu(cpu))
		t->bound = false;
}

/* Take queued work off its workqueue's list. */
static void unqueue_locked(struct work_struct *work)
{
	struct workqueue_struct *wq = work->sim_wq;

	list_del_init(&work->entry);
	wq->nr_pending--;
	if (work->sim_flags & SIM_WORK_DET)
		wq->nr_det_pending--;
	set_flags(work, work->sim_flags & ~SIM_WORK_DET);
}

/* With wq_state locked (dropped meanwhile): run queued work as worker me. */
static void run_locked(struct worker *me, struct work_struct *work)
{
	struct workqueue_struct *wq = me->wq;
	int cpu = work->sim_cpu;
	unsigned int slot = slot_of(cpu);
	work_func_t func = work->func;

	unqueue_locked(work);
	set_flags(work, work->sim_flags & ~SIM_WORK_PENDING);
	wq->active[slot]++;
	me->current_work = work;
	me->current_func = func;
	me->current_seq = work->sim_seq;
	sim_wait_unlock(&wq_state);

	worker_place(cpu);
	func(work);

	sim_wait_lock(&wq_state);
	me->current_work = NULL;
	me->current_func = NULL;
	wq->active[slot]--;
	sim_wake_locked(&wq_state);
}

static void maybe_start_worker(struct workqueue_struct *wq, bool det, int cpu);

static void *worker_main(void *arg)
{
	struct worker *me = arg;
	struct workqueue_struct *wq = me->wq;
	char name[16];

	snprintf(name, sizeof(name), "kworker/%.7s", wq->name);
	pthread_setname_np(pthread_self(), name);
	sim_wait_lock(&wq_state);
	for (;;) {
		struct work_struct *work;

		/*
		 * Retired: off all_workers, so it must not run anything
		 * more; an item queued meanwhile, which counted on it as
		 * idle, gets a worker of its own.
		 */
		if (me->retire) {
			maybe_start_worker(wq, false, WORK_CPU_UNBOUND);
			break;
		}
		work = next_work(wq, false);
		if (work) {
			run_locked(me, work);
			continue;
		}
		if (wq->dying)
			break;
		wq->nr_idle++;
		sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
		wq->nr_idle--;
	}
	sim_wait_unlock(&wq_state);
	return NULL;
}

/* A worker task of a deterministic run: run det items until none may start, then end. */
static void det_worker_main(void *arg)
{
	struct worker *me = arg;
	struct workqueue_struct *wq = me->wq;
	struct work_struct *work;

	sim_wait_lock(&wq_state);
	me->det_task = sim_task();
	while ((work = next_work(wq, true))) {
		wq->nr_det_idle--;
		run_locked(me, work);
		wq->nr_det_idle++;
	}
	wq->nr_det_idle--;
	wq->nr_det_workers--;
	list_del(&me->node);
	sim_wake_locked(&wq_state);
	sim_wait_unlock(&wq_state);
	free(me);
}

/* Start worker w of wq, a thread or a task of the run (on cpu); whether it started. */
static bool start_worker(struct worker *w, int cpu)
{
	struct workqueue_struct *wq = w->wq;
	int ret;

	if (!w->det)
		return !WARN(pthread_create(&w->thread, NULL, worker_main, w),
			     "workqueue %s: cannot start a worker\n", wq->name);
	if (cpu == WORK_CPU_UNBOUND)
		cpu = raw_smp_processor_id();
	ret = sim_det_spawn(det_worker_main, w, cpu);
	return !WARN(ret < 0, "workqueue %s: cannot start a worker task (%d)\n",
		     wq->name, ret);
}

/* Start a worker (det if det) if no idle one is left for wq's queued items of its kind; cpu: the last one's. */
static void maybe_start_worker(struct workqueue_struct *wq, bool det, int cpu)
{
	unsigned int limit = (unsigned int)wq->max_active;
	unsigned int pending = det ? wq->nr_det_pending : wq->nr_pending - wq->nr_det_pending;
	struct worker *w;

	if (!(wq->flags & WQ_UNBOUND))
		limit *= nr_cpu_ids;
	limit = min_t(unsigned int, limit, MAX_WORKERS);
	if ((det ? wq->nr_det_idle : wq->nr_idle) >= pending ||
	    (det ? wq->nr_det_workers : wq->nr_workers) >= limit)
		return;
	w = calloc(1, sizeof(*w));
	if (!w) {
		WARN(1, "workqueue %s: no memory for a worker\n", wq->name);
		return;
	}
	w->wq = wq;
	w->det = det;
	if (!start_worker(w, cpu)) {
		free(w);
		return;
	}
	list_add_tail(&w->node, &all_workers);
	if (det) {
		wq->nr_det_workers++;
		wq->nr_det_idle++;
	} else {
		wq->nr_workers++;
	}
}

/* The CPU an item queued for cpu on wq runs on, or WORK_CPU_UNBOUND. */
static int resolve_cpu(struct workqueue_struct *wq, int cpu)
{
	if (wq->flags & WQ_UNBOUND)
		return WORK_CPU_UNBOUND;
	if (cpu == WORK_CPU_UNBOUND)
		cpu = raw_smp_processor_id();
	if (WARN(cpu < 0 || (unsigned int)cpu >= nr_cpu_ids,
		 "workqueue %s: no CPU %d\n", wq->name, cpu))
		return WORK_CPU_UNBOUND;
	/* queue_work_on()'s rule: an offline CPU's work runs elsewhere. */
	return cpu_online(cpu) ? cpu : WORK_CPU_UNBOUND;
}

/* Whether the calling task is a worker of wq (chained queueing is allowed while it drains). */
static bool current_is_worker_of(struct workqueue_struct *wq)
{
	struct worker *w;
	pthread_t self = pthread_self();

	list_for_each_entry(w, &all_workers, node)
		if (w->wq == wq && (w->det ? w->det_task == sim_task() :
				    pthread_equal(w->thread, self)))
			return true;
	return false;
}

/* Put pending work on wq's list for cpu (resolved) and get it run. */
static void enqueue_locked(struct workqueue_struct *wq, struct work_struct *work,
			   int cpu)
{
	bool det = in_det_task();

	work->sim_cpu = cpu;
	work->sim_wq = wq;
	list_add_tail(&work->entry, &wq->pending);
	wq->nr_pending++;
	if (det) {
		set_flags(work, work->sim_flags | SIM_WORK_DET);
		wq->nr_det_pending++;
	}
	maybe_start_worker(wq, det, cpu);
	sim_wake_locked(&wq_state);
}

/* Whether work may be queued on wq now; WARNs on a destroyed workqueue, or for a caller that is not a task of a running deterministic run. */
static bool may_queue(struct workqueue_struct *wq, struct work_struct *work)
{
	if (work->sim_flags & (SIM_WORK_PENDING | SIM_WORK_CANCELING))
		return false;
	/* The run's thread belongs to its tasks: nothing else may start one. */
	if (WARN(sim_det_running && !sim_task()->det,
		 "workqueue %s: queueing during a deterministic run, outside its tasks\n",
		 wq->name))
		return false;
	return !WARN(wq->dying && !current_is_worker_of(wq),
		     "workqueue %s: queueing on a destroyed workqueue\n", wq->name);
}

bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work)
{
	bool queued;

	sim_wait_lock(&wq_state);
	queued = may_queue(wq, work);
	if (queued) {
		set_flags(work, work->sim_flags | SIM_WORK_PENDING);
		work->sim_seq = ++queue_seq;
		enqueue_locked(wq, work, resolve_cpu(wq, cpu));
	}
	sim_wait_unlock(&wq_state);
	return queued;
}

bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work_on(WORK_CPU_UNBOUND, wq, work);
}

/* The timer thread: queue each delayed item once its time has come. */
static void *timer_main(void *unused)
{
	(void)unused;
	pthread_setname_np(pthread_self(), "ktimers");
	sim_wait_lock(&wq_state);
	while (!timer_thread_stop) {
		struct delayed_work *dwork;
		unsigned long now;

		if (list_empty(&timers)) {
			sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
			continue;
		}
		dwork = list_first_entry(&timers, struct delayed_work, sim_timer);
		now = jiffies;
		if (time_before(now, dwork->sim_expires)) {
			sim_wait_locked(&wq_state, (long)(dwork->sim_expires - now));
			continue;
		}
		list_del_init(&dwork->sim_timer);
		set_flags(&dwork->work, dwork->work.sim_flags & ~SIM_WORK_TIMER);
		enqueue_locked(dwork->work.sim_wq, &dwork->work, dwork->work.sim_cpu);
	}
	sim_wait_unlock(&wq_state);
	return NULL;
}

/* Arm dwork's timer for delay jiffies (already pending), or queue it now. */
static void arm_locked(int cpu, struct workqueue_struct *wq,
		       struct delayed_work *dwork, unsigned long delay)
{
	struct delayed_work *pos;

	set_flags(&dwork->work, dwork->work.sim_flags | SIM_WORK_PENDING);
	dwork->work.sim_seq = ++queue_seq;
	cpu = resolve_cpu(wq, cpu);
	if (!delay) {
		enqueue_locked(wq, &dwork->work, cpu);
		return;
	}
	dwork->work.sim_wq = wq;
	dwork->work.sim_cpu = cpu;
	dwork->sim_expires = jiffies + delay;
	list_for_each_entry(pos, &timers, sim_timer)
		if (time_before(dwork->sim_expires, pos->sim_expires))
			break;
	list_add_tail(&dwork->sim_timer, &pos->sim_timer);
	set_flags(&dwork->work, dwork->work.sim_flags | SIM_WORK_TIMER);
	if (!timer_thread_started)
		timer_thread_started = !WARN(pthread_create(&timer_thread, NULL,
							    timer_main, NULL),
					     "workqueue: cannot start the timer thread\n");
	sim_wake_locked(&wq_state);
}

/* may_queue() for dwork with delay; the timer is a thread, so a run's tasks get delay 0 only. */
static bool may_arm(struct workqueue_struct *wq, struct delayed_work *dwork,
		    unsigned long delay)
{
	return may_queue(wq, &dwork->work) &&
	       !WARN(delay && in_det_task(),
		     "workqueue %s: delayed work under the deterministic scheduler\n",
		     wq->name);
}

bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
			   struct delayed_work *dwork, unsigned long delay)
{
	bool queued;

	sim_wait_lock(&wq_state);
	queued = may_arm(wq, dwork, delay);
	if (queued)
		arm_locked(cpu, wq, dwork, delay);
	sim_wait_unlock(&wq_state);
	return queued;
}

bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay)
{
	return queue_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

/* Take work off its list or timer if pending; whether it was. */
static bool grab_pending_locked(struct work_struct *work)
{
	if (!(work->sim_flags & SIM_WORK_PENDING))
		return false;
	if (work->sim_flags & SIM_WORK_TIMER) {
		list_del_init(&to_delayed_work(work)->sim_timer);
	} else {
		unqueue_locked(work);
	}
	set_flags(work, work->sim_flags & ~(SIM_WORK_PENDING | SIM_WORK_TIMER));
	return true;
}

bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
			 struct delayed_work *dwork, unsigned long delay)
{
	bool was_pending;

	sim_wait_lock(&wq_state);
	if (dwork->work.sim_flags & SIM_WORK_CANCELING) {
		sim_wait_unlock(&wq_state);
		return false;
	}
	was_pending = grab_pending_locked(&dwork->work);
	if (may_arm(wq, dwork, delay))
		arm_locked(cpu, wq, dwork, delay);
	sim_wait_unlock(&wq_state);
	return was_pending;
}

bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay)
{
	return mod_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

/*
 * With wq_state locked: sleep while cond holds, in TASK_UNINTERRUPTIBLE
 * as the kernel's flush and cancel do (wait_for_completion() in
 * __flush_work()), so another task can see the caller is waiting.
 */
#define wait_uninterruptible_locked(cond)				\
	do {								\
		set_current_state(TASK_UNINTERRUPTIBLE);		\
		while (cond)						\
			sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT); \
		__set_current_state(TASK_RUNNING);			\
	} while (0)

/* Whether the queueing seq of work, or an earlier one, is queued or running. */
static bool busy_up_to(struct work_struct *work, unsigned long seq)
{
	struct worker *w = worker_running(work);

	if (w && w->current_seq <= seq)
		return true;
	return (work->sim_flags & SIM_WORK_PENDING) && work->sim_seq <= seq;
}

bool flush_work(struct work_struct *work)
{
	struct worker *w;
	unsigned long seq;

	might_sleep();
	sim_wait_lock(&wq_state);
	w = worker_running(work);
	/* An armed timer is not waited for (the kernel's start_flush_work()). */
	if ((work->sim_flags & SIM_WORK_PENDING) && !(work->sim_flags & SIM_WORK_TIMER)) {
		seq = work->sim_seq;
	} else if (w) {
		seq = w->current_seq;
	} else {
		sim_wait_unlock(&wq_state);
		return false;
	}
	wait_uninterruptible_locked(busy_up_to(work, seq));
	sim_wait_unlock(&wq_state);
	return true;
}

bool flush_delayed_work(struct delayed_work *dwork)
{
	sim_wait_lock(&wq_state);
	if (dwork->work.sim_flags & SIM_WORK_TIMER) {
		list_del_init(&dwork->sim_timer);
		set_flags(&dwork->work, dwork->work.sim_flags & ~SIM_WORK_TIMER);
		enqueue_locked(dwork->work.sim_wq, &dwork->work, dwork->work.sim_cpu);
	}
	sim_wait_unlock(&wq_state);
	return flush_work(&dwork->work);
}

bool cancel_work(struct work_struct *work)
{
	bool was_pending;

	sim_wait_lock(&wq_state);
	was_pending = grab_pending_locked(work);
	sim_wait_unlock(&wq_state);
	return was_pending;
}

bool cancel_work_sync(struct work_struct *work)
{
	bool was_pending;

	might_sleep();
	sim_wait_lock(&wq_state);
	set_flags(work, work->sim_flags | SIM_WORK_CANCELING);
	was_pending = grab_pending_locked(work);
	wait_uninterruptible_locked(worker_running(work));
	set_flags(work, work->sim_flags & ~SIM_WORK_CANCELING);
	sim_wait_unlock(&wq_state);
	return was_pending;
}

bool cancel_delayed_work(struct delayed_work *dwork)
{
	return cancel_work(&dwork->work);
}

bool cancel_delayed_work_sync(struct delayed_work *dwork)
{
	return cancel_work_sync(&dwork->work);
}

unsigned int work_busy(struct work_struct *work)
{
	unsigned int busy = 0;

	sim_wait_lock(&wq_state);
	if (work->sim_flags & SIM_WORK_PENDING)
		busy |= WORK_BUSY_PENDING;
	if (worker_running(work))
		busy |= WORK_BUSY_RUNNING;
	sim_wait_unlock(&wq_state);
	return busy;
}

struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...)
{
	struct workqueue_struct *wq;
	va_list ap;

	if (max_active == 0)
		max_active = WQ_DFL_ACTIVE;
	/* The kernel clamps with a warning; a negative value is a bug here. */
	if (WARN(max_active < 0 || max_active > WQ_MAX_ACTIVE,
		 "workqueue: max_active %d out of range 0..%d\n",
		 max_active, WQ_MAX_ACTIVE))
		return NULL;
	wq = calloc(1, sizeof(*wq));
	if (!wq)
		return NULL;
	va_start(ap, max_active);
	vsnprintf(wq->name, sizeof(wq->name), fmt, ap);
	va_end(ap);
	wq->flags = flags;
	wq->max_active = max_active;
	INIT_LIST_HEAD(&wq->pending);
	return wq;
}

/* Whether wq has an item queued or running with a queueing up to seq. */
static bool wq_busy_up_to(struct workqueue_struct *wq, unsigned long seq)
{
	struct work_struct *work;
	struct worker *w;

	list_for_each_entry(work, &wq->pending, entry)
		if (work->sim_seq <= seq)
			return true;
	list_for_each_entry(w, &all_workers, node)
		if (w->wq == wq && w->current_work && w->current_seq <= seq)
			return true;
	return false;
}

void flush_workqueue(struct workqueue_struct *wq)
{
	unsigned long seq;

	might_sleep();
	sim_wait_lock(&wq_state);
	seq = queue_seq;
	while (wq_busy_up_to(wq, seq))
		sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
	sim_wait_unlock(&wq_state);
}

void drain_workqueue(struct workqueue_struct *wq)
{
	might_sleep();
	sim_wait_lock(&wq_state);
	while (wq_busy_up_to(wq, ULONG_MAX))
		sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
	sim_wait_unlock(&wq_state);
}

/* Join and free the thread workers on gone, taken off every list (wq_state unlocked). */
static void join_workers(struct list_head *gone)
{
	struct worker *w, *next;

	list_for_each_entry_safe(w, next, gone, node) {
		pthread_join(w->thread, NULL);
		free(w);
	}
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	struct delayed_work *dwork, *next_dwork;
	struct worker *w, *next;
	LIST_HEAD(gone);

	drain_workqueue(wq);
	sim_wait_lock(&wq_state);
	/* Det workers free themselves, after their last look at wq. */
	while (wq->nr_det_workers)
		sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
	wq->dying = true;
	list_for_each_entry_safe(dwork, next_dwork, &timers, sim_timer)
		if (WARN(dwork->work.sim_wq == wq,
			 "workqueue %s: destroyed with delayed work armed\n", wq->name))
			grab_pending_locked(&dwork->work);
	list_for_each_entry_safe(w, next, &all_workers, node)
		if (w->wq == wq)
			list_move(&w->node, &gone);
	sim_wake_locked(&wq_state);
	sim_wait_unlock(&wq_state);
	join_workers(&gone);
	free(wq);
}

/* The worker that is the calling thread, or NULL. */
static struct worker *current_thread_worker(void)
{
	struct worker *w;
	pthread_t self = pthread_self();

	list_for_each_entry(w, &all_workers, node)
		if (!w->det && pthread_equal(w->thread, self))
			return w;
	return NULL;
}

/* Whether a thread worker other than me runs an item, or has one it may start. */
static bool thread_workers_busy(const struct worker *me)
{
	struct worker *w;

	list_for_each_entry(w, &all_workers, node)
		if (!w->det && w != me &&
		    (w->current_work || next_work(w->wq, false)))
			return true;
	return false;
}

/* With wq_state locked (dropped meanwhile): end the timer thread. */
static void stop_timer_thread_locked(void)
{
	timer_thread_stop = true;
	sim_wake_locked(&wq_state);
	sim_wait_unlock(&wq_state);
	pthread_join(timer_thread, NULL);
	sim_wait_lock(&wq_state);
	timer_thread_stop = false;
	timer_thread_started = false;
}

void sim_workqueue_exit(void)
{
	struct delayed_work *dwork, *next_dwork;
	struct worker *w, *next, *me;
	LIST_HEAD(gone);

	sim_wait_lock(&wq_state);
	me = current_thread_worker();
	for (;;) {
		/* Queued items run first; a worker calling this waits for no item of its own. */
		while (thread_workers_busy(me))
			sim_wait_locked(&wq_state, MAX_SCHEDULE_TIMEOUT);
		/* A timer left armed would fire into code that is gone, as after a module unload. */
		list_for_each_entry_safe(dwork, next_dwork, &timers,
					 sim_timer) {
			WARN(1, "workqueue %s: delayed work %ps still armed at exit; cancelled\n",
			     dwork->work.sim_wq->name, dwork->work.func);
			grab_pending_locked(&dwork->work);
		}
		if (!timer_thread_started)
			break;
		/* The lock is dropped meanwhile: look again. */
		stop_timer_thread_locked();
	}
	list_for_each_entry_safe(w, next, &all_workers, node) {
		if (w->det || w == me)
			continue;
		w->retire = true;
		w->wq->nr_workers--;
		list_move(&w->node, &gone);
	}
	sim_wake_locked(&wq_state);
	sim_wait_unlock(&wq_state);
	join_workers(&gone);
}

/* The kernel's system workqueues exist from boot on; here from load on. */
__attribute__((constructor))
static void system_workqueues_init(void)
{
	system_wq = alloc_workqueue("events", 0, 0);
	system_highpri_wq = alloc_workqueue("events_highpri", WQ_HIGHPRI, 0);
	system_long_wq = alloc_workqueue("events_long", 0, 0);
	system_unbound_wq = alloc_workqueue("events_unbound", WQ_UNBOUND,
					    WQ_MAX_ACTIVE);
	system_freezable_wq = alloc_workqueue("events_freezable", WQ_FREEZABLE, 0);
	system_power_efficient_wq = alloc_workqueue("events_power_efficient",
						    WQ_POWER_EFFICIENT, 0);
}
