/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/sched/task.h>: task references.  The shim's tasks are not
 * reference counted: a task_struct lives as long as its thread (a
 * kthread's until kthread_stop() has returned), so get_task_struct()
 * and put_task_struct() keep nothing alive.  Code that relies on a
 * reference outliving the thread (the kernel's lib/klist.c waking a
 * klist_remove() waiter that may return at once) has that window here.
 */
#ifndef _SHIM_LINUX_SCHED_TASK_H
#define _SHIM_LINUX_SCHED_TASK_H

#include <linux/sched.h>

static inline struct task_struct *get_task_struct(struct task_struct *t)
{
	return t;
}

static inline void put_task_struct(struct task_struct *t)
{
	(void)t;
}

#endif /* _SHIM_LINUX_SCHED_TASK_H */
