/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The current task and its sleeping state.  current is the calling thread
 * (or deterministic-scheduler task): its pid is the thread id, its comm
 * the thread name.
 *
 * Guarantees kept: the kernel's sleep protocol: set_current_state() (with
 * a full barrier) before checking a condition, then schedule(), which
 * returns at once if a wake_up_process() set the task running meanwhile,
 * so no wake-up is lost; schedule_timeout() returns 0 when the timeout
 * passed, else the jiffies left; wake_up_process() returns 1 if it woke
 * the task, 0 if it was running.  Sleeping might_sleep()s.
 * wait_task_inactive() returns nonzero only once the task sleeps, so a
 * test can know a task waits without giving it time to get there.
 *
 * Not modelled: signals, so TASK_INTERRUPTIBLE sleeps end only by wake-up
 * or timeout; priorities and scheduling classes; a task_struct outliving
 * its thread (a kthread's lives until kthread_stop(), see kthread.h).
 */
#ifndef _SHIM_LINUX_SCHED_H
#define _SHIM_LINUX_SCHED_H

#include <linux/types.h>
/* The UAPI header of the name: clone flags and scheduling policies. */
#include_next <linux/sched.h>

struct sim_kthread;

#define TASK_RUNNING		0x00000000
#define TASK_INTERRUPTIBLE	0x00000001
#define TASK_UNINTERRUPTIBLE	0x00000002
#define TASK_WAKEKILL		0x00000100
#define TASK_NOLOAD		0x00000400
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)

struct task_struct {
	int pid;
	char comm[16];
	unsigned int fail_nth;		/* fault injection: fail the nth check */
	unsigned int __state;		/* TASK_*; TASK_RUNNING unless going to sleep */
	struct sim_kthread *sim_kthread; /* kthread.h's state, or NULL */
	/*
	 * What wake_up_process() does first, or NULL: a kthread's first
	 * wake-up starts it (kthread.c), which the scheduler need not know.
	 */
	bool (*sim_on_wake)(struct task_struct *p);
	/* Asleep in a wait (sim_wait.h), and how many times it went to sleep. */
	bool sim_asleep;
	unsigned long sim_nvcsw;
};

/* The calling task (a thread, or a deterministic-scheduler task). */
struct task_struct *get_current(void);
#define current get_current()

/* Sleep until woken (wake_up_process()) unless current's state is TASK_RUNNING. */
void schedule(void);
/* As schedule(), at most timeout jiffies; 0 if it passed, else the jiffies left. */
long schedule_timeout(long timeout);
/* Sleep timeout jiffies (or until woken) in TASK_INTERRUPTIBLE; the jiffies left. */
long schedule_timeout_interruptible(long timeout);
/* Sleep timeout jiffies (or until woken) in TASK_UNINTERRUPTIBLE; the jiffies left. */
long schedule_timeout_uninterruptible(long timeout);
/* Make p runnable; 1 if it was asleep (or a kthread never started), else 0. */
int wake_up_process(struct task_struct *p);
/* A voluntary scheduling point; yields to other tasks. */
void yield(void);
/*
 * Wait until p sleeps in one of the states of match_state: then nonzero
 * (with the top bit set, its count of sleeps), or 0 as soon as its state
 * no longer matches (it was woken, or never slept).  The states are those
 * the kernel sleeps in where the shim sets them (schedule(), msleep(),
 * flush_work(), cancel_work_sync(), down_read(), and TASK_UNINTERRUPTIBLE
 * for every completion and wait_event() wait, the _interruptible ones
 * included, as there are no signals to tell them apart).
 */
unsigned long wait_task_inactive(struct task_struct *p, unsigned int match_state);

#define __set_current_state(state)					\
	__atomic_store_n(&current->__state, (state), __ATOMIC_RELAXED)
#define set_current_state(state)					\
	__atomic_store_n(&current->__state, (state), __ATOMIC_SEQ_CST)
#define task_is_running(task)						\
	(__atomic_load_n(&(task)->__state, __ATOMIC_RELAXED) == TASK_RUNNING)

#endif
