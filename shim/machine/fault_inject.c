// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection decisions (fault-inject.h), and the seeded generator
 * behind get_random_*() (random.h).  The order of the tests
 * follows the kernel's: a pending fail_nth decides alone; otherwise a
 * probability of 0 never fails, then the failure budget, the byte budget,
 * the interval and last the dice.
 */
#include <pthread.h>
#include <linux/kernel.h>
#include <linux/fault-inject.h>
#include <linux/random.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include "sim.h"

static u64 fail_rng = 1;
static u64 random_state = 1;
static pthread_once_t seeds_once = PTHREAD_ONCE_INIT;

/* fail_seed= and random_seed=, or 1 (a xorshift state is never 0). */
static void seeds_setup(void)
{
	const struct sim_config *config = sim_config();

	fail_rng = config->fail_seed ? config->fail_seed : 1;
	random_state = config->random_seed ? config->random_seed : 1;
}

void sim_seeds_up(void)
{
	pthread_once(&seeds_once, seeds_setup);
}

/* Advance a generator shared between threads; returns its new state. */
static u64 shared_step(u64 *state)
{
	u64 x = __atomic_load_n(state, __ATOMIC_RELAXED), next;

	do {
		next = sim_xorshift64(x);
	} while (!__atomic_compare_exchange_n(state, &x, next, false,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	return next;
}

u64 get_random_u64(void)
{
	sim_seeds_up();
	return shared_step(&random_state) * 0x2545f4914f6cdd1dULL;
}

u32 get_random_u32(void)
{
	return (u32)(get_random_u64() >> 32);
}

u32 get_random_u32_below(u32 ceil)
{
	return ceil ? (u32)(((u64)get_random_u32() * ceil) >> 32) : 0;
}

/* A number in [0, 100), from one generator shared by every attribute. */
static unsigned int fail_random_percent(void)
{
	sim_seeds_up();
	return (unsigned int)(shared_step(&fail_rng) % 100);
}

static void fail_dump(struct fault_attr *attr)
{
	if (!attr->verbose)
		return;
	pr_notice("FAULT_INJECTION: forcing a failure.\n"
		  "name %s, interval %lu, probability %lu, space %d, times %d\n",
		  attr->dname, attr->interval, attr->probability,
		  atomic_read(&attr->space), atomic_read(&attr->times));
	if (attr->verbose > 1)
		dump_stack();
}

void sim_set_fail_nth(unsigned int nth)
{
	current->fail_nth = nth;
}

unsigned int sim_fail_nth(void)
{
	return current->fail_nth;
}

bool should_fail_ex(struct fault_attr *attr, ssize_t size, int flags)
{
	struct task_struct *task = current;

	if (task->fail_nth) {
		if (--task->fail_nth)
			return false;
		goto fail;
	}
	if (!READ_ONCE(attr->probability))
		return false;
	if (!atomic_read(&attr->times))
		return false;
	if (atomic_read(&attr->space) > size) {
		atomic_sub(size, &attr->space);
		return false;
	}
	if (attr->interval > 1 &&
	    __atomic_add_fetch(&attr->count, 1, __ATOMIC_RELAXED) % attr->interval)
		return false;
	if (attr->probability <= fail_random_percent())
		return false;
fail:
	if (!(flags & FAULT_NOWARN))
		fail_dump(attr);
	if (atomic_read(&attr->times) > 0)
		atomic_dec(&attr->times);
	return true;
}

bool should_fail(struct fault_attr *attr, ssize_t size)
{
	return should_fail_ex(attr, size, 0);
}
