// SPDX-License-Identifier: GPL-2.0
/*
 * The reader-writer lock of rwlock.h, and rwlock_t on it.  The state is
 * guarded by the mutex of the lock's wait queue; waiters sleep there (or
 * yield, under the deterministic scheduler) and every release wakes them
 * all to re-check.
 */
#include <sched.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seqlock.h>
#include <linux/rwlock.h>
#include <linux/bottom_half.h>
#include <linux/bug.h>
#include "../machine/sim.h"
#include "sim_wait.h"

void sim_rw_init(struct sim_rw *rw)
{
	*rw = (struct sim_rw)SIM_RW_INIT(*rw);
}

/* With rw locked: whether a new reader may enter. */
static bool read_free(const struct sim_rw *rw)
{
	return !rw->writer && !rw->writers_waiting;
}

void sim_rw_read(struct sim_rw *rw)
{
	sim_wait_lock(&rw->wait);
	while (!read_free(rw))
		sim_wait_locked(&rw->wait, MAX_SCHEDULE_TIMEOUT);
	rw->readers++;
	sim_wait_unlock(&rw->wait);
}

void sim_rw_read_sleeping(struct sim_rw *rw)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	sim_rw_read(rw);
	__set_current_state(TASK_RUNNING);
}

bool sim_rw_read_try(struct sim_rw *rw)
{
	bool got;

	sim_wait_lock(&rw->wait);
	got = read_free(rw);
	if (got)
		rw->readers++;
	sim_wait_unlock(&rw->wait);
	return got;
}

void sim_rw_read_release(struct sim_rw *rw)
{
	sim_wait_lock(&rw->wait);
	if (!WARN(rw->readers <= 0, "read unlock of a lock not read-held\n") &&
	    !--rw->readers)
		sim_wake_locked(&rw->wait);
	sim_wait_unlock(&rw->wait);
	sim_point(SIM_POINT_UNLOCK);
}

void sim_rw_write(struct sim_rw *rw)
{
	sim_wait_lock(&rw->wait);
	rw->writers_waiting++;
	while (rw->writer || rw->readers)
		sim_wait_locked(&rw->wait, MAX_SCHEDULE_TIMEOUT);
	rw->writers_waiting--;
	rw->writer = sim_task();
	sim_wait_unlock(&rw->wait);
}

bool sim_rw_write_try(struct sim_rw *rw)
{
	bool got;

	sim_wait_lock(&rw->wait);
	got = !rw->writer && !rw->readers;
	if (got)
		rw->writer = sim_task();
	sim_wait_unlock(&rw->wait);
	return got;
}

void sim_rw_write_release(struct sim_rw *rw)
{
	sim_wait_lock(&rw->wait);
	if (!WARN(rw->writer != sim_task(), "write unlock by a task not holding it\n")) {
		rw->writer = NULL;
		sim_wake_locked(&rw->wait);
	}
	sim_wait_unlock(&rw->wait);
	sim_point(SIM_POINT_UNLOCK);
}

void sim_rw_downgrade(struct sim_rw *rw)
{
	sim_wait_lock(&rw->wait);
	if (!WARN(rw->writer != sim_task(), "downgrade_write by a task not holding it\n")) {
		rw->writer = NULL;
		rw->readers++;
		sim_wake_locked(&rw->wait);
	}
	sim_wait_unlock(&rw->wait);
}

bool sim_rw_held(struct sim_rw *rw)
{
	bool held;

	sim_wait_lock(&rw->wait);
	held = rw->writer == sim_task() || rw->readers;
	sim_wait_unlock(&rw->wait);
	return held;
}

bool sim_rw_held_write(struct sim_rw *rw)
{
	bool held;

	sim_wait_lock(&rw->wait);
	held = rw->writer == sim_task();
	sim_wait_unlock(&rw->wait);
	return held;
}

bool sim_rw_is_locked(struct sim_rw *rw)
{
	bool locked;

	sim_wait_lock(&rw->wait);
	locked = rw->writer || rw->readers;
	sim_wait_unlock(&rw->wait);
	return locked;
}

void sim_read_lock(rwlock_t *lock)
{
	sim_point(SIM_POINT_LOCK);
	sim_spin_enter();
	sim_rw_read(&lock->base);
}

bool sim_read_trylock(rwlock_t *lock)
{
	sim_spin_enter();
	if (sim_rw_read_try(&lock->base))
		return true;
	sim_spin_exit();
	return false;
}

void sim_read_unlock(rwlock_t *lock)
{
	sim_rw_read_release(&lock->base);
	sim_spin_exit();
}

void sim_write_lock(rwlock_t *lock)
{
	sim_point(SIM_POINT_LOCK);
	sim_spin_enter();
	sim_rw_write(&lock->base);
}

bool sim_write_trylock(rwlock_t *lock)
{
	sim_spin_enter();
	if (sim_rw_write_try(&lock->base))
		return true;
	sim_spin_exit();
	return false;
}

void sim_write_unlock(rwlock_t *lock)
{
	sim_rw_write_release(&lock->base);
	sim_spin_exit();
}

void sim_seqcount_relax(void)
{
	if (sim_det_running && sim_task()->det)
		sim_det_yield();
	else
		sched_yield();
}
