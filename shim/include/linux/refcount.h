/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference counters that refuse to wrap, with the kernel's API and
 * semantics (<linux/refcount.h>, lib/refcount.c).  Misuse is reported and
 * made harmless rather than fatal: an increment from 0 (a use after
 * free), a decrement below 1 without a test or below 0, or an addition
 * past INT_MAX each WARN once (counted by sim_warn_count()) and park the
 * counter at REFCOUNT_SATURATED, where it never moves again, so the
 * object leaks instead of being freed while still in use.
 *
 * Ordering as Documentation/core-api/refcount-vs-atomic.rst gives it:
 * increments are relaxed; decrements are release, and a decrement that
 * reaches 0 is also an acquire, so the freeing path sees every earlier
 * holder's writes; the _acquire forms of the conditional increments order
 * what follows.
 */
#ifndef _SHIM_LINUX_REFCOUNT_H
#define _SHIM_LINUX_REFCOUNT_H

#include <limits.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>

typedef struct refcount_struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n)	{ .refs = ATOMIC_INIT(n), }
#define REFCOUNT_MAX		INT_MAX
#define REFCOUNT_SATURATED	(INT_MIN / 2)

/* The misuse refcount_warn_saturate() reports. */
enum refcount_saturation_type {
	REFCOUNT_ADD_NOT_ZERO_OVF,
	REFCOUNT_ADD_OVF,
	REFCOUNT_ADD_UAF,
	REFCOUNT_SUB_UAF,
	REFCOUNT_DEC_LEAK,
};

/* Park r at REFCOUNT_SATURATED and WARN once about misuse t. */
void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t);

/* Set r to n. */
static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

/* Set r to n, after every earlier access (publishing an initialised object). */
static inline void refcount_set_release(refcount_t *r, int n)
{
	atomic_set_release(&r->refs, n);
}

/* The counter's value. */
static inline unsigned int refcount_read(const refcount_t *r)
{
	return atomic_read(&r->refs);
}

/* a + b wrapping, as the kernel's -fno-strict-overflow arithmetic does. */
static inline int __refcount_wrap_add(int a, int b)
{
	return (int)((unsigned int)a + (unsigned int)b);
}

/*
 * Add i unless r is 0; false if r was 0.  *oldp: the old value.  The
 * successful exchange is an acquire if asked, else relaxed.
 */
static inline __must_check bool __refcount_add_not_zero_order(int i,
							      refcount_t *r,
							      int *oldp,
							      bool acquire)
{
	int old = refcount_read(r);
	int new;

	do {
		if (!old)
			break;
		new = __refcount_wrap_add(old, i);
	} while (!(acquire ? atomic_try_cmpxchg_acquire(&r->refs, &old, new) :
			     atomic_try_cmpxchg_relaxed(&r->refs, &old, new)));
	if (oldp)
		*oldp = old;
	if (unlikely(old < 0 || __refcount_wrap_add(old, i) < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_NOT_ZERO_OVF);
	return old;
}

/* Add i unless r is 0 (relaxed); false if r was 0.  *oldp: the old value. */
static inline __must_check bool __refcount_add_not_zero(int i, refcount_t *r,
							int *oldp)
{
	return __refcount_add_not_zero_order(i, r, oldp, false);
}

/* Add i unless r is 0; false if r was 0.  Saturates and WARNs on overflow. */
static inline __must_check bool refcount_add_not_zero(int i, refcount_t *r)
{
	return __refcount_add_not_zero(i, r, NULL);
}

/* __refcount_add_not_zero() ordering what follows a success after it. */
static inline __must_check bool
__refcount_add_not_zero_acquire(int i, refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero_order(i, r, oldp, true);
}

/* refcount_add_not_zero() with acquire ordering on success. */
static inline __must_check bool refcount_add_not_zero_acquire(int i,
							      refcount_t *r)
{
	return __refcount_add_not_zero_acquire(i, r, NULL);
}

/* Add i (relaxed); from 0 it is a use after free: saturate and WARN. */
static inline void __refcount_add(int i, refcount_t *r, int *oldp)
{
	int old = atomic_fetch_add_relaxed(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(!old))
		refcount_warn_saturate(r, REFCOUNT_ADD_UAF);
	else if (unlikely(old < 0 || __refcount_wrap_add(old, i) < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_OVF);
}

/* Add i; saturates and WARNs on 0 (use after free) and on overflow. */
static inline void refcount_add(int i, refcount_t *r)
{
	__refcount_add(i, r, NULL);
}

/* Increment unless r is 0; *oldp: the old value. */
static inline __must_check bool __refcount_inc_not_zero(refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero(1, r, oldp);
}

/* Increment unless r is 0 (the object is being freed); false then. */
static inline __must_check bool refcount_inc_not_zero(refcount_t *r)
{
	return __refcount_inc_not_zero(r, NULL);
}

/* __refcount_inc_not_zero() with acquire ordering on success. */
static inline __must_check bool
__refcount_inc_not_zero_acquire(refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero_acquire(1, r, oldp);
}

/* refcount_inc_not_zero() with acquire ordering on success. */
static inline __must_check bool refcount_inc_not_zero_acquire(refcount_t *r)
{
	return __refcount_inc_not_zero_acquire(r, NULL);
}

/* Increment; *oldp: the old value. */
static inline void __refcount_inc(refcount_t *r, int *oldp)
{
	__refcount_add(1, r, oldp);
}

/* Increment; saturates and WARNs on 0 (use after free) and on overflow. */
static inline void refcount_inc(refcount_t *r)
{
	__refcount_inc(r, NULL);
}

/*
 * Subtract i (release); true if r reached 0, which is then also an
 * acquire.  Going below 0 saturates and WARNs (use after free).
 */
static inline __must_check bool __refcount_sub_and_test(int i, refcount_t *r,
							int *oldp)
{
	int old = atomic_fetch_sub_release(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (old > 0 && old == i) {
		smp_acquire__after_ctrl_dep();
		return true;
	}
	if (unlikely(old <= 0 || __refcount_wrap_add(old, -i) < 0))
		refcount_warn_saturate(r, REFCOUNT_SUB_UAF);
	return false;
}

/* Subtract i; true if r reached 0 (the caller frees the object). */
static inline __must_check bool refcount_sub_and_test(int i, refcount_t *r)
{
	return __refcount_sub_and_test(i, r, NULL);
}

/* Decrement; true if r reached 0.  *oldp: the old value. */
static inline __must_check bool __refcount_dec_and_test(refcount_t *r, int *oldp)
{
	return __refcount_sub_and_test(1, r, oldp);
}

/* Decrement; true if r reached 0 (the caller frees the object). */
static inline __must_check bool refcount_dec_and_test(refcount_t *r)
{
	return __refcount_dec_and_test(r, NULL);
}

/* Decrement (release) where the result must stay >= 1; *oldp: the old value. */
static inline void __refcount_dec(refcount_t *r, int *oldp)
{
	int old = atomic_fetch_sub_release(1, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(old <= 1))
		refcount_warn_saturate(r, REFCOUNT_DEC_LEAK);
}

/* Decrement a count that is not the last: hitting 0 saturates and WARNs (leak). */
static inline void refcount_dec(refcount_t *r)
{
	__refcount_dec(r, NULL);
}

/* Drop r from 1 to 0 (release); false, changing nothing, if r is not 1. */
bool __must_check refcount_dec_if_one(refcount_t *r);
/* Decrement unless r is 1; false if it is (a saturated r stays, true). */
bool __must_check refcount_dec_not_one(refcount_t *r);
/* Decrement; if r reaches 0, return true with lock held. */
bool __must_check refcount_dec_and_mutex_lock(refcount_t *r, struct mutex *lock);
/* Decrement; if r reaches 0, return true with lock held. */
bool __must_check refcount_dec_and_lock(refcount_t *r, spinlock_t *lock);
/* refcount_dec_and_lock() with spin_lock_irqsave(), flags in *flags. */
bool __must_check refcount_dec_and_lock_irqsave(refcount_t *r, spinlock_t *lock,
						unsigned long *flags);

#endif
