/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spinlocks as pthread mutexes: mutual exclusion between threads, which is
 * what the kernel's spinlocks give between CPUs.  Interrupts do not exist
 * here, so the _irq/_irqsave forms only lock (flags is set to 0).  The
 * owner is recorded so lockdep_assert_held() can check the caller.
 */
#ifndef _SHIM_LINUX_SPINLOCK_H
#define _SHIM_LINUX_SPINLOCK_H

#include <pthread.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>

typedef struct spinlock {
	pthread_mutex_t mutex;
	pthread_t owner;
	bool held;
} spinlock_t;
typedef spinlock_t raw_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ PTHREAD_MUTEX_INITIALIZER, 0, false }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

/* Make lock unlocked. */
static inline void spin_lock_init(spinlock_t *lock)
{
	pthread_mutex_init(&lock->mutex, NULL);
	lock->held = false;
}

/* Take lock, waiting as long as needed. */
static inline void spin_lock(spinlock_t *lock)
{
	pthread_mutex_lock(&lock->mutex);
	lock->owner = pthread_self();
	lock->held = true;
}

/* Take lock if it is free; true on success. */
static inline bool spin_trylock(spinlock_t *lock)
{
	if (pthread_mutex_trylock(&lock->mutex))
		return false;
	lock->owner = pthread_self();
	lock->held = true;
	return true;
}

/* Release lock held by the caller. */
static inline void spin_unlock(spinlock_t *lock)
{
	lock->held = false;
	pthread_mutex_unlock(&lock->mutex);
}

/* Whether the calling thread holds lock. */
static inline bool spin_is_held_by_me(spinlock_t *lock)
{
	return data_race(lock->held) && pthread_equal(data_race(lock->owner), pthread_self());
}

#define spin_lock_irq(lock)			spin_lock(lock)
#define spin_unlock_irq(lock)			spin_unlock(lock)
#define spin_lock_irqsave(lock, flags)		do { (flags) = 0; spin_lock(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags)	do { (void)(flags); spin_unlock(lock); } while (0)
#define spin_trylock_irqsave(lock, flags)	({ (flags) = 0; spin_trylock(lock); })
#define raw_spin_lock_init(lock)		spin_lock_init(lock)
#define raw_spin_lock(lock)			spin_lock(lock)
#define raw_spin_unlock(lock)			spin_unlock(lock)
#define raw_spin_lock_irqsave(lock, flags)	spin_lock_irqsave(lock, flags)
#define raw_spin_unlock_irqrestore(lock, flags)	spin_unlock_irqrestore(lock, flags)

#endif
