/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping locks on struct sim_lock (see spinlock.h): mutex_lock() may
 * sleep, so it runs might_sleep() first, as the kernel does.
 *
 * Not modelled: signals (mutex_lock_interruptible() and
 * mutex_lock_killable() always take the lock and return 0); lockdep
 * subclasses (mutex_lock_nested() is mutex_lock()); a non-owner unlock is
 * not reported.
 */
#ifndef _SHIM_LINUX_MUTEX_H
#define _SHIM_LINUX_MUTEX_H

#include <linux/spinlock.h>

struct mutex {
	struct sim_lock base;
};

#define DEFINE_MUTEX(name)	struct mutex name = { SIM_LOCK_INIT }

/* Make m unlocked. */
#define mutex_init(m)		sim_lock_init(&(m)->base)
/* Take m, sleeping as long as needed. */
#define mutex_lock(m)		do {					\
		might_sleep();						\
		sim_point(SIM_POINT_LOCK);				\
		sim_lock_acquire(&(m)->base, false);			\
	} while (0)
/* Take m if free: 1 on success, 0 otherwise (the kernel's convention). */
#define mutex_trylock(m)	((int)sim_lock_try(&(m)->base))
/* Release m held by the caller. */
#define mutex_unlock(m)		sim_lock_release(&(m)->base)
/* As mutex_lock(); 0, or -EINTR on a signal (never here). */
#define mutex_lock_interruptible(m)	({ mutex_lock(m); 0; })
/* As mutex_lock(); 0, or -EINTR on a fatal signal (never here). */
#define mutex_lock_killable(m)	({ mutex_lock(m); 0; })
/* mutex_lock() in a lockdep subclass. */
#define mutex_lock_nested(m, subclass)	mutex_lock(m)
#define mutex_lock_io(m)	mutex_lock(m)
/* Whether anyone holds m. */
#define mutex_is_locked(m)	(READ_ONCE((m)->base.owner) != NULL)
/* Mark m unused; WARNs if it is still held (CONFIG_DEBUG_MUTEXES). */
#define mutex_destroy(m)	WARN_ON_ONCE(mutex_is_locked(m))

DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))
DEFINE_GUARD_COND(mutex, _try, mutex_trylock(_T))
DEFINE_GUARD_COND(mutex, _intr, mutex_lock_interruptible(_T) == 0)

#endif
