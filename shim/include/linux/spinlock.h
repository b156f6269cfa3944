/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spinlocks and the lock all shim lock types share.
 *
 * A struct sim_lock is a pthread mutex plus its owning task, so it gives
 * mutual exclusion between threads (what spinlocks give between CPUs),
 * lockdep_assert_held() can check the caller, and under the deterministic
 * scheduler a waiter yields to the other simulated CPUs instead of
 * blocking the one thread running them all.
 *
 * As in the kernel, spin_lock() disables preemption (so might_sleep()
 * inside complains) and the _irq/_irqsave forms also disable interrupts;
 * with preempt=rt spinlocks become sleeping locks that only disable
 * migration, as PREEMPT_RT makes them.  The _bh forms add what
 * local_bh_disable() does (bottom_half.h).  rwlock_t is in rwlock.h, and
 * the cleanup.h guards of both are defined here, as in the kernel.
 */
#ifndef _SHIM_LINUX_SPINLOCK_H
#define _SHIM_LINUX_SPINLOCK_H

#include <pthread.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>
#include <linux/cleanup.h>
/* cpu_relax(), as the kernel's spinlock.h brings it. */
#include <asm/processor.h>

struct sim_task;

struct sim_lock {
	pthread_mutex_t mutex;
	struct sim_task *owner;
};

#define SIM_LOCK_INIT	{ PTHREAD_MUTEX_INITIALIZER, NULL }

/* Make lock unlocked. */
void sim_lock_init(struct sim_lock *lock);
/* Take lock; spin (true) or sleep while it is busy. */
void sim_lock_acquire(struct sim_lock *lock, bool spin);
/* Take lock if it is free; true on success. */
bool sim_lock_try(struct sim_lock *lock);
/* Release lock held by the caller. */
void sim_lock_release(struct sim_lock *lock);
/* Whether the calling task holds lock. */
bool sim_lock_held_by_me(struct sim_lock *lock);

typedef struct spinlock {
	struct sim_lock base;
} spinlock_t;
typedef spinlock_t raw_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ SIM_LOCK_INIT }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

/* Used through the kernel-named macros below. */
void sim_spin_lock(spinlock_t *lock);
bool sim_spin_trylock(spinlock_t *lock);
void sim_spin_unlock(spinlock_t *lock);
unsigned long sim_spin_lock_irqsave(spinlock_t *lock);
bool sim_spin_trylock_irqsave(spinlock_t *lock, unsigned long *flags);
void sim_spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);

#define spin_lock_init(lock)			sim_lock_init(&(lock)->base)
#define spin_lock(lock)				sim_spin_lock(lock)
#define spin_trylock(lock)			sim_spin_trylock(lock)
#define spin_unlock(lock)			sim_spin_unlock(lock)
#define spin_lock_irq(lock)			((void)sim_spin_lock_irqsave(lock))
#define spin_unlock_irq(lock)			sim_spin_unlock_irqrestore(lock, 0)
#define spin_lock_irqsave(lock, flags)		do { (flags) = sim_spin_lock_irqsave(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags)	sim_spin_unlock_irqrestore(lock, flags)
#define spin_trylock_irqsave(lock, flags)	sim_spin_trylock_irqsave(lock, &(flags))
#define spin_lock_bh(lock)			do { local_bh_disable(); spin_lock(lock); } while (0)
#define spin_unlock_bh(lock)			do { spin_unlock(lock); local_bh_enable(); } while (0)
#define spin_trylock_bh(lock)			({ bool __got;			\
						   local_bh_disable();		\
						   __got = spin_trylock(lock);	\
						   if (!__got)			\
							local_bh_enable();	\
						   __got; })
/* Whether anyone holds lock. */
#define spin_is_locked(lock)			(READ_ONCE((lock)->base.owner) != NULL)
#define assert_spin_locked(lock)		WARN_ON_ONCE(!spin_is_locked(lock))
#define raw_spin_lock_init(lock)		spin_lock_init(lock)
#define raw_spin_lock(lock)			spin_lock(lock)
#define raw_spin_unlock(lock)			spin_unlock(lock)
#define raw_spin_lock_irqsave(lock, flags)	spin_lock_irqsave(lock, flags)
#define raw_spin_trylock_irqsave(lock, flags)	spin_trylock_irqsave(lock, flags)
#define raw_spin_unlock_irqrestore(lock, flags)	spin_unlock_irqrestore(lock, flags)

#include <linux/lockdep.h>
#include <linux/rwlock.h>

/* The guards of <linux/cleanup.h> (lock names as the kernel's). */
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock, _try, spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irq, spinlock_t, spin_lock_irq(_T->lock), spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t,
		    spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1(spinlock_bh, spinlock_t, spin_lock_bh(_T->lock), spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock, rwlock_t, read_lock(_T->lock), read_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock, rwlock_t, write_lock(_T->lock), write_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock_irqsave, rwlock_t,
		    read_lock_irqsave(_T->lock, _T->flags),
		    read_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1(write_lock_irqsave, rwlock_t,
		    write_lock_irqsave(_T->lock, _T->flags),
		    write_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)

#endif
