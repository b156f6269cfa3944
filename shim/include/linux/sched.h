/* SPDX-License-Identifier: GPL-2.0 */
/* The current task: its pid is the thread id, its comm the thread name. */
#ifndef _SHIM_LINUX_SCHED_H
#define _SHIM_LINUX_SCHED_H

#include <linux/types.h>
/* The UAPI header of the name: clone flags and scheduling policies. */
#include_next <linux/sched.h>

struct task_struct {
	int pid;
	char comm[16];
	unsigned int fail_nth;		/* fault injection: fail the nth check */
};

/* The calling task (a thread, or a deterministic-scheduler task). */
struct task_struct *get_current(void);
#define current get_current()

#endif
