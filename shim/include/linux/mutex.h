/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping locks on struct sim_lock (see spinlock.h): mutex_lock() may
 * sleep, so it runs might_sleep() first, as the kernel does.
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

#endif
