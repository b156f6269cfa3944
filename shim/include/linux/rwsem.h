/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reader-writer semaphores (<linux/rwsem.h>), on the reader-writer lock
 * of rwlock.h.
 *
 * Guarantees kept: any number of readers or one writer; a new reader
 * waits while a writer waits (the kernel's rwsem hands the lock to a
 * waiting writer first too); the sleeping forms might_sleep(); trylocks
 * return 1 on success and 0 otherwise; downgrade_write() turns the
 * caller's write hold into a read hold without letting a writer in
 * between; under the deterministic scheduler a waiter yields to the other
 * tasks.  lockdep_assert_held_write() checks the caller is the writer.
 *
 * Not modelled: optimistic spinning and reader-owned handoff details;
 * signals (_killable/_interruptible return 0); which task holds a read
 * hold (lockdep_assert_held_read() passes for any reader).
 */
#ifndef _SHIM_LINUX_RWSEM_H
#define _SHIM_LINUX_RWSEM_H

#include <linux/rwlock.h>
#include <linux/cleanup.h>

struct rw_semaphore {
	struct sim_rw base;
};

#define __RWSEM_INITIALIZER(name)	{ SIM_RW_INIT((name).base) }
#define DECLARE_RWSEM(name)	struct rw_semaphore name = __RWSEM_INITIALIZER(name)
/* Make sem unlocked. */
#define init_rwsem(sem)		sim_rw_init(&(sem)->base)

/* Take sem for reading, sleeping as needed. */
static inline void down_read(struct rw_semaphore *sem)
{
	might_sleep();
	sim_point(SIM_POINT_LOCK);
	sim_rw_read_sleeping(&sem->base);
}

/* Take sem for reading if possible without waiting: 1, else 0. */
static inline int down_read_trylock(struct rw_semaphore *sem)
{
	return sim_rw_read_try(&sem->base);
}

/* Release a read hold of sem. */
static inline void up_read(struct rw_semaphore *sem)
{
	sim_rw_read_release(&sem->base);
}

/* Take sem for writing, sleeping as needed. */
static inline void down_write(struct rw_semaphore *sem)
{
	might_sleep();
	sim_point(SIM_POINT_LOCK);
	sim_rw_write(&sem->base);
}

/* Take sem for writing if it is free: 1, else 0. */
static inline int down_write_trylock(struct rw_semaphore *sem)
{
	return sim_rw_write_try(&sem->base);
}

/* Release the caller's write hold of sem. */
static inline void up_write(struct rw_semaphore *sem)
{
	sim_rw_write_release(&sem->base);
}

/* Turn the caller's write hold of sem into a read hold. */
static inline void downgrade_write(struct rw_semaphore *sem)
{
	sim_rw_downgrade(&sem->base);
}

/* As down_read(); 0, or -EINTR on a fatal signal (never here). */
static inline int down_read_killable(struct rw_semaphore *sem)
{
	down_read(sem);
	return 0;
}

/* As down_read(); 0, or -EINTR on a signal (never here). */
static inline int down_read_interruptible(struct rw_semaphore *sem)
{
	down_read(sem);
	return 0;
}

/* As down_write(); 0, or -EINTR on a fatal signal (never here). */
static inline int down_write_killable(struct rw_semaphore *sem)
{
	down_write(sem);
	return 0;
}

/* Whether anyone holds sem. */
static inline int rwsem_is_locked(struct rw_semaphore *sem)
{
	return sim_rw_is_locked(&sem->base);
}

#define down_read_nested(sem, subclass)		down_read(sem)
#define down_write_nested(sem, subclass)	down_write(sem)

DEFINE_GUARD(rwsem_read, struct rw_semaphore *, down_read(_T), up_read(_T))
DEFINE_GUARD_COND(rwsem_read, _try, down_read_trylock(_T))
DEFINE_GUARD(rwsem_write, struct rw_semaphore *, down_write(_T), up_write(_T))
DEFINE_GUARD_COND(rwsem_write, _try, down_write_trylock(_T))

#endif
