/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reader-writer spinlocks (rwlock_t, <linux/rwlock.h>) and the
 * reader-writer lock both they and rw_semaphore (rwsem.h) are built on.
 *
 * Guarantees kept: any number of readers or one writer hold the lock; a
 * new reader waits while a writer holds or waits for it, as the kernel's
 * queued rwlock makes process-context readers do (so a reader taking it
 * again while a writer waits deadlocks, there as here); read_lock() and
 * write_lock() disable preemption (with preempt=rt: migration only, as
 * PREEMPT_RT's rwlocks sleep) and the _irq, _irqsave and _bh forms also
 * disable interrupts or bottom halves; under the deterministic scheduler
 * a waiter yields to the other tasks.
 *
 * Not modelled: a reader in interrupt context passing a waiting writer
 * (there are no interrupts); lockdep's view of which task holds a read
 * lock: lockdep_assert_held() passes for a read lock held by anyone.
 */
#ifndef _SHIM_LINUX_RWLOCK_H
#define _SHIM_LINUX_RWLOCK_H

#include <linux/wait.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>

struct sim_task;

/* Readers or one writer; waiters sleep on wait (whose mutex guards all). */
struct sim_rw {
	wait_queue_head_t wait;
	int readers;
	unsigned int writers_waiting;
	struct sim_task *writer;
};

#define SIM_RW_INIT(name)	{ __WAIT_QUEUE_HEAD_INITIALIZER((name).wait), 0, 0, NULL }

/* Make rw unlocked. */
void sim_rw_init(struct sim_rw *rw);
/* Take rw for reading, waiting while a writer holds or waits for it. */
void sim_rw_read(struct sim_rw *rw);
/*
 * The same, asleep in TASK_UNINTERRUPTIBLE while it waits, as a reader of
 * the kernel's rwsem is (rwsem_down_read_slowpath()): another task can see
 * it waits.
 */
void sim_rw_read_sleeping(struct sim_rw *rw);
/* Take rw for reading if that needs no wait; true on success. */
bool sim_rw_read_try(struct sim_rw *rw);
/* Release a read hold of rw. */
void sim_rw_read_release(struct sim_rw *rw);
/* Take rw for writing, waiting for every holder to leave. */
void sim_rw_write(struct sim_rw *rw);
/* Take rw for writing if it is free; true on success. */
bool sim_rw_write_try(struct sim_rw *rw);
/* Release the caller's write hold of rw. */
void sim_rw_write_release(struct sim_rw *rw);
/* Turn the caller's write hold of rw into a read hold, letting readers in. */
void sim_rw_downgrade(struct sim_rw *rw);
/* Whether the caller holds rw for writing, or anyone for reading. */
bool sim_rw_held(struct sim_rw *rw);
/* Whether the caller holds rw for writing. */
bool sim_rw_held_write(struct sim_rw *rw);
/* Whether anyone holds rw. */
bool sim_rw_is_locked(struct sim_rw *rw);

typedef struct {
	struct sim_rw base;
} rwlock_t;

#define __RW_LOCK_UNLOCKED(name)	{ SIM_RW_INIT((name).base) }
#define DEFINE_RWLOCK(name)	rwlock_t name = __RW_LOCK_UNLOCKED(name)
#define rwlock_init(lock)	sim_rw_init(&(lock)->base)

/* Used through the kernel-named macros below. */
void sim_read_lock(rwlock_t *lock);
bool sim_read_trylock(rwlock_t *lock);
void sim_read_unlock(rwlock_t *lock);
void sim_write_lock(rwlock_t *lock);
bool sim_write_trylock(rwlock_t *lock);
void sim_write_unlock(rwlock_t *lock);

#define read_lock(lock)		sim_read_lock(lock)
#define read_trylock(lock)	sim_read_trylock(lock)
#define read_unlock(lock)	sim_read_unlock(lock)
#define write_lock(lock)	sim_write_lock(lock)
#define write_trylock(lock)	sim_write_trylock(lock)
#define write_unlock(lock)	sim_write_unlock(lock)
#define __sim_rw_irqsave(op, lock, flags)				\
	do {								\
		(flags) = sim_preempt_rt() ? 0 : sim_irq_save();	\
		op(lock);						\
	} while (0)
#define __sim_rw_irqrestore(op, lock, flags)				\
	do {								\
		op(lock);						\
		if (!sim_preempt_rt())					\
			sim_irq_restore(flags);				\
	} while (0)
#define read_lock_irqsave(lock, flags)	__sim_rw_irqsave(sim_read_lock, lock, flags)
#define read_unlock_irqrestore(lock, flags) __sim_rw_irqrestore(sim_read_unlock, lock, flags)
#define write_lock_irqsave(lock, flags)	__sim_rw_irqsave(sim_write_lock, lock, flags)
#define write_unlock_irqrestore(lock, flags) __sim_rw_irqrestore(sim_write_unlock, lock, flags)
#define __sim_rw_irq(op, lock)						\
	do {								\
		unsigned long __f;					\
									\
		__sim_rw_irqsave(op, lock, __f);			\
		(void)__f;						\
	} while (0)
#define read_lock_irq(lock)		__sim_rw_irq(sim_read_lock, lock)
#define read_unlock_irq(lock)		read_unlock_irqrestore(lock, 0)
#define write_lock_irq(lock)		__sim_rw_irq(sim_write_lock, lock)
#define write_unlock_irq(lock)		write_unlock_irqrestore(lock, 0)
#define read_lock_bh(lock)		do { local_bh_disable(); read_lock(lock); } while (0)
#define read_unlock_bh(lock)		do { read_unlock(lock); local_bh_enable(); } while (0)
#define write_lock_bh(lock)		do { local_bh_disable(); write_lock(lock); } while (0)
#define write_unlock_bh(lock)		do { write_unlock(lock); local_bh_enable(); } while (0)

#endif
