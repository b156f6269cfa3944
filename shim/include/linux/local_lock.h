/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU local locks.  The kernel's local_lock excludes every other
 * context on the same CPU: by disabling preemption (or interrupts for the
 * _irq forms), or on PREEMPT_RT by a per-CPU sleeping lock plus
 * migrate_disable().  Tasks sharing a simulated CPU run in parallel, so
 * here it is always a real per-CPU lock on the calling task's CPU copy,
 * taken after migration is disabled (so this_cpu_ptr() inside stays on
 * that copy).  Without preempt=rt it spins and disables preemption or
 * interrupts as the kernel's does; with preempt=rt it sleeps and leaves
 * preemption on.  It does not stop lockless fast paths, which the core's
 * tid protocol copes with.
 */
#ifndef _SHIM_LINUX_LOCAL_LOCK_H
#define _SHIM_LINUX_LOCAL_LOCK_H

#include <linux/spinlock.h>
#include <linux/percpu.h>

typedef struct {
	struct sim_lock base;
} local_lock_t;

/* Used through the kernel-named macros below; l is the per-CPU pointer. */
unsigned long sim_local_lock(local_lock_t *l, bool irq);
void sim_local_unlock(local_lock_t *l, bool irq, unsigned long flags);

#define INIT_LOCAL_LOCK(name)	{ SIM_LOCK_INIT }
#define local_lock_init(l)	sim_lock_init(&(l)->base)
#define local_lock(l)		((void)sim_local_lock(l, false))
#define local_unlock(l)		sim_local_unlock(l, false, 0)
#define local_lock_irq(l)	((void)sim_local_lock(l, true))
#define local_unlock_irq(l)	sim_local_unlock(l, true, 0)
#define local_lock_irqsave(l, flags)	do { (flags) = sim_local_lock(l, true); } while (0)
#define local_unlock_irqrestore(l, flags)	sim_local_unlock(l, true, flags)

#endif
