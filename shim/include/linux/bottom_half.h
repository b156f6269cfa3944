/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bottom halves (<linux/bottom_half.h>).  There are no softirqs in the
 * simulated machine, so what local_bh_disable() gives is its effect on
 * the calling task: as in the kernel, the context becomes atomic (it adds
 * to the preemption count, so might_sleep() complains) and the task stays
 * on its CPU; with preempt=rt, as PREEMPT_RT, only migration is disabled.
 * This is exactly what taking a spinlock adds (spinlock.h).
 *
 * Not modelled: softirq processing at local_bh_enable(); PREEMPT_RT's
 * per-CPU bottom-half lock.
 */
#ifndef _SHIM_LINUX_BOTTOM_HALF_H
#define _SHIM_LINUX_BOTTOM_HALF_H

/* What a spinlock disables besides taking the lock, and its undoing (locks.c). */
void sim_spin_enter(void);
void sim_spin_exit(void);

#define local_bh_disable()	sim_spin_enter()
#define local_bh_enable()	sim_spin_exit()

#endif
