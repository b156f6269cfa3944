// SPDX-License-Identifier: GPL-2.0
/*
 * The shim's locks (spinlock.h, mutex.h, local_lock.h) on struct sim_lock.
 * Each acquisition is preceded by a preemption point (taken while the
 * task may still migrate) and each release followed by one; waiting
 * never blocks the thread
 * while the deterministic scheduler runs, since the holder is another task
 * of that same thread.
 */
#include <sched.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/local_lock.h>
#include <linux/bottom_half.h>
#include <linux/percpu.h>
#include "sim.h"

/*
 * Kernel locks are never destroyed: their memory is simply reused.  The
 * static initialiser is assigned rather than pthread_mutex_init() called,
 * so race detectors do not see a live mutex initialised again.
 */
void sim_lock_init(struct sim_lock *lock)
{
	*lock = (struct sim_lock)SIM_LOCK_INIT;
}

bool sim_lock_try(struct sim_lock *lock)
{
	if (pthread_mutex_trylock(&lock->mutex))
		return false;
	WRITE_ONCE(lock->owner, sim_task());
	return true;
}

void sim_lock_acquire(struct sim_lock *lock, bool spin)
{
	unsigned int spins = 0;

	if (sim_det_running) {
		while (!sim_lock_try(lock))
			sim_det_wait();
		return;
	}
	if (!spin) {
		pthread_mutex_lock(&lock->mutex);
		WRITE_ONCE(lock->owner, sim_task());
		return;
	}
	while (!sim_lock_try(lock)) {
		if (++spins % 64)
			cpu_relax();
		else
			sched_yield();
	}
}

void sim_lock_release(struct sim_lock *lock)
{
	WRITE_ONCE(lock->owner, NULL);
	pthread_mutex_unlock(&lock->mutex);
	sim_point(SIM_POINT_UNLOCK);
}

bool sim_lock_held_by_me(struct sim_lock *lock)
{
	return READ_ONCE(lock->owner) == sim_task();
}

void sim_spin_enter(void)
{
	if (sim_preempt_rt())
		sim_migrate_disable();
	else
		sim_preempt_disable();
}

void sim_spin_exit(void)
{
	if (sim_preempt_rt())
		sim_migrate_enable();
	else
		sim_preempt_enable();
}

void sim_spin_lock(spinlock_t *lock)
{
	sim_point(SIM_POINT_LOCK);
	sim_spin_enter();
	sim_lock_acquire(&lock->base, !sim_preempt_rt());
}

bool sim_spin_trylock(spinlock_t *lock)
{
	sim_spin_enter();
	if (sim_lock_try(&lock->base))
		return true;
	sim_spin_exit();
	return false;
}

void sim_spin_unlock(spinlock_t *lock)
{
	sim_lock_release(&lock->base);
	sim_spin_exit();
}

/* On PREEMPT_RT, spin_lock_irqsave() leaves interrupts enabled. */
unsigned long sim_spin_lock_irqsave(spinlock_t *lock)
{
	unsigned long flags = 0;

	if (!sim_preempt_rt())
		flags = sim_irq_save();
	sim_spin_lock(lock);
	return flags;
}

bool sim_spin_trylock_irqsave(spinlock_t *lock, unsigned long *flags)
{
	*flags = sim_preempt_rt() ? 0 : sim_irq_save();
	if (sim_spin_trylock(lock))
		return true;
	if (!sim_preempt_rt())
		sim_irq_restore(*flags);
	return false;
}

void sim_spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	sim_spin_unlock(lock);
	if (!sim_preempt_rt())
		sim_irq_restore(flags);
}

unsigned long sim_local_lock(local_lock_t *l, bool irq)
{
	unsigned long flags = 0;

	sim_point(SIM_POINT_LOCK);
	sim_migrate_disable();
	if (!sim_preempt_rt()) {
		if (irq)
			flags = sim_irq_save();
		else
			sim_preempt_disable();
	}
	sim_lock_acquire(&this_cpu_ptr(l)->base, !sim_preempt_rt());
	return flags;
}

void sim_local_unlock(local_lock_t *l, bool irq, unsigned long flags)
{
	sim_lock_release(&this_cpu_ptr(l)->base);
	if (!sim_preempt_rt()) {
		if (irq)
			sim_irq_restore(flags);
		else
			sim_preempt_enable();
	}
	sim_migrate_enable();
}
