/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/bit_spinlock.h>: a spinlock that is one bit of a word, the other
 * bits holding data (rhashtable's buckets keep the lock in bit 0 of the
 * chain pointer).
 *
 * Guarantees kept: bit_spin_lock() sets the bit with acquire order once
 * it was clear, spinning meanwhile, and disables preemption (the caller
 * keeps its simulated CPU and may not sleep) until bit_spin_unlock()
 * clears it with release order; bit_spin_trylock() returns 1 and holds
 * the lock, or 0 and changes nothing.  Code that releases the lock by
 * storing a new word without the bit must enable preemption itself, as
 * in the kernel (rhashtable's rht_assign_unlock()).
 *
 * Not modelled: lockdep and lock statistics know nothing of bit locks
 * (as in the kernel); a waiter spins on the host CPU, so a holder stopped
 * for good stops its waiters.
 */
#ifndef _SHIM_LINUX_BIT_SPINLOCK_H
#define _SHIM_LINUX_BIT_SPINLOCK_H

#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <asm/processor.h>

static inline void bit_spin_lock(int bitnum, unsigned long *addr)
{
	preempt_disable();
	while (unlikely(test_and_set_bit_lock(bitnum, addr))) {
		/* Wait preemptible, reading only, until the bit looks clear. */
		preempt_enable();
		while (test_bit(bitnum, addr))
			cpu_relax();
		preempt_disable();
	}
	__acquire(bitlock);
}

static inline int bit_spin_trylock(int bitnum, unsigned long *addr)
{
	preempt_disable();
	if (unlikely(test_and_set_bit_lock(bitnum, addr))) {
		preempt_enable();
		return 0;
	}
	__acquire(bitlock);
	return 1;
}

static inline void bit_spin_unlock(int bitnum, unsigned long *addr)
{
	WARN_ON_ONCE(!test_bit(bitnum, addr));
	clear_bit_unlock(bitnum, addr);
	preempt_enable();
	__release(bitlock);
}

/* The same; the kernel's may store the word non-atomically. */
static inline void __bit_spin_unlock(int bitnum, unsigned long *addr)
{
	bit_spin_unlock(bitnum, addr);
}

/* Whether someone holds the lock. */
static inline int bit_spin_is_locked(int bitnum, unsigned long *addr)
{
	return test_bit(bitnum, addr);
}

#endif /* _SHIM_LINUX_BIT_SPINLOCK_H */
