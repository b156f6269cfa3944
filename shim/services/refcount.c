// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-line part of <linux/refcount.h>: the saturation report and
 * the decrements that take a lock on the way to 0 (lib/refcount.c).
 */
#include <linux/refcount.h>

/* One WARN_ONCE per kind of misuse, as the kernel's messages. */
void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t)
{
	refcount_set(r, REFCOUNT_SATURATED);

	switch (t) {
	case REFCOUNT_ADD_NOT_ZERO_OVF:
		WARN_ONCE(1, "refcount_t: saturated; leaking memory.\n");
		break;
	case REFCOUNT_ADD_OVF:
		WARN_ONCE(1, "refcount_t: saturated; leaking memory.\n");
		break;
	case REFCOUNT_ADD_UAF:
		WARN_ONCE(1, "refcount_t: addition on 0; use-after-free.\n");
		break;
	case REFCOUNT_SUB_UAF:
		WARN_ONCE(1, "refcount_t: underflow; use-after-free.\n");
		break;
	case REFCOUNT_DEC_LEAK:
		WARN_ONCE(1, "refcount_t: decrement hit 0; leaking memory.\n");
		break;
	default:
		WARN_ONCE(1, "refcount_t: unknown saturation event!?\n");
	}
}
EXPORT_SYMBOL(refcount_warn_saturate);

bool refcount_dec_if_one(refcount_t *r)
{
	int one = 1;

	return atomic_try_cmpxchg_release(&r->refs, &one, 0);
}
EXPORT_SYMBOL(refcount_dec_if_one);

bool refcount_dec_not_one(refcount_t *r)
{
	int val = atomic_read(&r->refs);

	do {
		if (unlikely(val == REFCOUNT_SATURATED))
			return true;
		if (val == 1)
			return false;
		/* As an unsigned count, only 0 would wrap. */
		if (WARN_ONCE(val == 0, "refcount_t: underflow; use-after-free.\n"))
			return true;
	} while (!atomic_try_cmpxchg_release(&r->refs, &val,
					     (int)((unsigned int)val - 1)));
	return true;
}
EXPORT_SYMBOL(refcount_dec_not_one);

bool refcount_dec_and_mutex_lock(refcount_t *r, struct mutex *lock)
{
	if (refcount_dec_not_one(r))
		return false;
	mutex_lock(lock);
	if (!refcount_dec_and_test(r)) {
		mutex_unlock(lock);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_mutex_lock);

bool refcount_dec_and_lock(refcount_t *r, spinlock_t *lock)
{
	if (refcount_dec_not_one(r))
		return false;
	spin_lock(lock);
	if (!refcount_dec_and_test(r)) {
		spin_unlock(lock);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_lock);

bool refcount_dec_and_lock_irqsave(refcount_t *r, spinlock_t *lock,
				   unsigned long *flags)
{
	if (refcount_dec_not_one(r))
		return false;
	spin_lock_irqsave(lock, *flags);
	if (!refcount_dec_and_test(r)) {
		spin_unlock_irqrestore(lock, *flags);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_lock_irqsave);
