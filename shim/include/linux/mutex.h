/* SPDX-License-Identifier: GPL-2.0 */
/* Sleeping locks as pthread mutexes, with owner tracking for lockdep_assert_held(). */
#ifndef _SHIM_LINUX_MUTEX_H
#define _SHIM_LINUX_MUTEX_H

#include <linux/spinlock.h>

struct mutex {
	pthread_mutex_t mutex;
	pthread_t owner;
	bool held;
};

#define DEFINE_MUTEX(name)	struct mutex name = { PTHREAD_MUTEX_INITIALIZER, 0, false }

/* Make m unlocked. */
static inline void mutex_init(struct mutex *m)
{
	pthread_mutex_init(&m->mutex, NULL);
	m->held = false;
}

/* Take m, sleeping as long as needed. */
static inline void mutex_lock(struct mutex *m)
{
	pthread_mutex_lock(&m->mutex);
	m->owner = pthread_self();
	m->held = true;
}

/* Take m if free: 1 on success, 0 otherwise (the kernel's convention). */
static inline int mutex_trylock(struct mutex *m)
{
	if (pthread_mutex_trylock(&m->mutex))
		return 0;
	m->owner = pthread_self();
	m->held = true;
	return 1;
}

/* Release m held by the caller. */
static inline void mutex_unlock(struct mutex *m)
{
	m->held = false;
	pthread_mutex_unlock(&m->mutex);
}

#endif
