/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Notifier blocks as the kernel's <linux/notifier.h> declares them: a
 * callback with a priority, and the return codes a chain understands.
 * The chains themselves belong to whoever calls them (memory hotplug's is
 * shim/machine/memory_hotplug.c's); like the kernel's blocking chains,
 * they call each block in priority order, highest first, from the
 * calling thread, and stop at a block whose answer has NOTIFY_STOP_MASK.
 */
#ifndef _SHIM_LINUX_NOTIFIER_H
#define _SHIM_LINUX_NOTIFIER_H

struct notifier_block;

typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action,
			     void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE		0x0000	/* not interested */
#define NOTIFY_OK		0x0001	/* handled */
#define NOTIFY_STOP_MASK	0x8000	/* the chain goes no further */
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)	/* a veto */

/* An errno as a veto that carries it; 0 as NOTIFY_OK. */
static inline int notifier_from_errno(int err)
{
	return err ? NOTIFY_STOP_MASK | (NOTIFY_OK - err) : NOTIFY_OK;
}

/* The errno a chain's answer carries, 0 if none. */
static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

#endif
