// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_exit() ends the threads the simulated machine started, so a
 * program that used the system workqueues, delayed work and kthreads is
 * clean under exactly the flags the README gives users:
 *   valgrind --leak-check=full --error-exitcode=1
 * (no suppressions: nothing here is left running).
 *
 *   exit_threads            run the scenario, then (valgrind found, no
 *                           sanitizer) run it again under valgrind with
 *                           those flags; exit 0 only if both are clean
 *   exit_threads scenario   the scenario alone
 *   exit_threads armed      the scenario, with a delayed work still armed
 *                           at libslab_exit(): one WARN, and still clean
 *
 * The scenario: work on system_wq and system_unbound_wq, delayed work on
 * system_wq and system_long_wq (fired by the timer thread, not flushed),
 * a workqueue of its own, a kthread stopped with kthread_stop(), one
 * parked and unparked first, one whose threadfn returns on its own and
 * is never stopped, and a work item still queued when libslab_exit() is
 * called, which must have run when it returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/libslab.h>
#include <sim/printk.h>

static int failures;

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: check failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			failures++;					\
		}							\
	} while (0)

static DECLARE_COMPLETION(work_ran);
static DECLARE_COMPLETION(unbound_ran);
static DECLARE_COMPLETION(delayed_ran);
static DECLARE_COMPLETION(long_delayed_ran);
static DECLARE_COMPLETION(own_ran);
static DECLARE_COMPLETION(returned_ran);
static int late_ran;

/* Each item allocates and frees, as kernel work does. */
static void churn(void)
{
	kfree(kmalloc(96, GFP_KERNEL));
}

static void work_fn(struct work_struct *w)
{
	churn();
	complete(&work_ran);
}

static void unbound_fn(struct work_struct *w)
{
	churn();
	complete(&unbound_ran);
}

static void delayed_fn(struct work_struct *w)
{
	churn();
	complete(&delayed_ran);
}

static void long_delayed_fn(struct work_struct *w)
{
	churn();
	complete(&long_delayed_ran);
}

static void own_fn(struct work_struct *w)
{
	churn();
	complete(&own_ran);
}

static void late_fn(struct work_struct *w)
{
	/* Still queued when libslab_exit() is called: it must wait for this. */
	schedule_timeout_uninterruptible(2);
	churn();
	__atomic_store_n(&late_ran, 1, __ATOMIC_RELEASE);
}

static void armed_fn(struct work_struct *w)
{
}

static DECLARE_WORK(work, work_fn);
static DECLARE_WORK(unbound_work, unbound_fn);
static DECLARE_DELAYED_WORK(delayed, delayed_fn);
static DECLARE_DELAYED_WORK(long_delayed, long_delayed_fn);
static DECLARE_WORK(own_work, own_fn);
static DECLARE_WORK(late_work, late_fn);
static DECLARE_DELAYED_WORK(armed, armed_fn);

static int until_stopped(void *data)
{
	while (!kthread_should_stop()) {
		if (kthread_should_park())
			kthread_parkme();
		churn();
		schedule_timeout_uninterruptible(1);
	}
	return 7;
}

static int returns_at_once(void *data)
{
	churn();
	complete(&returned_ran);
	return 0;
}

static int scenario(bool leave_armed)
{
	struct workqueue_struct *own;
	struct task_struct *stopped, *parked, *returned;
	unsigned long warns;
	int ret;

	schedule_work(&work);
	queue_work(system_unbound_wq, &unbound_work);
	schedule_delayed_work(&delayed, 1);
	queue_delayed_work(system_long_wq, &long_delayed, 2);
	wait_for_completion(&work_ran);
	wait_for_completion(&unbound_ran);
	wait_for_completion(&delayed_ran);
	wait_for_completion(&long_delayed_ran);

	own = alloc_workqueue("exit_threads", WQ_UNBOUND, 2);
	CHECK(own);
	if (own) {
		queue_work(own, &own_work);
		wait_for_completion(&own_ran);
		destroy_workqueue(own);
	}

	stopped = kthread_run(until_stopped, NULL, "exit_stopped");
	parked = kthread_run(until_stopped, NULL, "exit_parked");
	returned = kthread_run(returns_at_once, NULL, "exit_returned");
	CHECK(!IS_ERR(stopped) && !IS_ERR(parked) && !IS_ERR(returned));
	if (IS_ERR(stopped) || IS_ERR(parked) || IS_ERR(returned))
		return 1;
	CHECK(kthread_park(parked) == 0);
	kthread_unpark(parked);
	CHECK(kthread_stop(stopped) == 7);
	CHECK(kthread_stop(parked) == 7);
	/* returned is never stopped: its threadfn's return ends it. */
	wait_for_completion(&returned_ran);

	if (leave_armed)
		schedule_delayed_work(&armed, 1000 * HZ);
	schedule_work(&late_work);

	warns = sim_warn_count();
	ret = libslab_exit();
	CHECK(ret == 0);
	CHECK(__atomic_load_n(&late_ran, __ATOMIC_ACQUIRE));
	/* An armed delayed work is cancelled with one WARN; nothing else warns. */
	CHECK(sim_warn_count() == warns + (leave_armed ? 1 : 0));
	CHECK(!delayed_work_pending(&armed));
	return failures ? 1 : 0;
}

#if defined(VALGRIND_PATH) && !defined(__SANITIZE_ADDRESS__) && \
	!defined(__SANITIZE_THREAD__) && !defined(LIBSLAB_DRD)
/* Run this program's mode under valgrind with the README's flags; whether clean. */
static bool clean_under_valgrind(const char *self, const char *mode)
{
	char cmd[4096];
	int status;

	snprintf(cmd, sizeof(cmd),
		 "%s --leak-check=full --error-exitcode=1 %s %s",
		 VALGRIND_PATH, self, mode);
	fprintf(stderr, "exit_threads: %s\n", cmd);
	status = system(cmd);
	return status == 0;
}
#define HAVE_VALGRIND	1
#else
#define HAVE_VALGRIND	0
#endif

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "scenario"))
		return scenario(false);
	if (argc > 1 && !strcmp(argv[1], "armed"))
		return scenario(true);
	if (argc > 1) {
		fprintf(stderr, "usage: %s [scenario|armed]\n", argv[0]);
		return 2;
	}
	if (scenario(false))
		return 1;
#if HAVE_VALGRIND
	if (!clean_under_valgrind(argv[0], "scenario") ||
	    !clean_under_valgrind(argv[0], "armed"))
		return 1;
#endif
	return 0;
}
