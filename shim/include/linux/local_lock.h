/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU local locks.  The kernel's local_lock excludes every other
 * context on the same CPU (by disabling preemption or interrupts, or on
 * PREEMPT_RT by a per-CPU sleeping lock).  Threads sharing a simulated CPU
 * run truly in parallel, so here it is a real per-CPU mutex, taken on the
 * calling thread's CPU copy of l.  It excludes other holders of that CPU's
 * lock; it does not stop lockless fast paths, which the core's tid
 * protocol copes with.
 */
#ifndef _SHIM_LINUX_LOCAL_LOCK_H
#define _SHIM_LINUX_LOCAL_LOCK_H

#include <linux/spinlock.h>
#include <linux/percpu.h>

typedef struct {
	spinlock_t lock;
} local_lock_t;

#define INIT_LOCAL_LOCK(name)	{ __SPIN_LOCK_UNLOCKED(name) }
#define local_lock_init(l)	spin_lock_init(&(l)->lock)
#define local_lock(l)		spin_lock(&this_cpu_ptr(l)->lock)
#define local_unlock(l)		spin_unlock(&this_cpu_ptr(l)->lock)
#define local_lock_irq(l)	local_lock(l)
#define local_unlock_irq(l)	local_unlock(l)
#define local_lock_irqsave(l, flags)	do { (flags) = 0; local_lock(l); } while (0)
#define local_unlock_irqrestore(l, flags)	do { (void)(flags); local_unlock(l); } while (0)

#endif
