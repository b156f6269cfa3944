/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Object reference counts with a release function, with the kernel's API
 * (<linux/kref.h>), on refcount_t: misuse WARNs and saturates as
 * <linux/refcount.h> describes.
 */
#ifndef _SHIM_LINUX_KREF_H
#define _SHIM_LINUX_KREF_H

#include <linux/refcount.h>

struct kref {
	refcount_t refcount;
};

#define KREF_INIT(n)	{ .refcount = REFCOUNT_INIT(n), }

/* Start kref at 1 (the creator's reference). */
static inline void kref_init(struct kref *kref)
{
	refcount_set(&kref->refcount, 1);
}

/* The current count. */
static inline unsigned int kref_read(const struct kref *kref)
{
	return refcount_read(&kref->refcount);
}

/* Take a reference; the caller must already hold one. */
static inline void kref_get(struct kref *kref)
{
	refcount_inc(&kref->refcount);
}

/* Drop a reference; on the last, call release(kref) and return 1, else 0. */
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (refcount_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}

/*
 * kref_put() taking lock before the count reaches 0: release(kref) runs
 * with lock held and must drop it.
 */
static inline int kref_put_mutex(struct kref *kref,
				 void (*release)(struct kref *kref),
				 struct mutex *lock)
{
	if (refcount_dec_and_mutex_lock(&kref->refcount, lock)) {
		release(kref);
		return 1;
	}
	return 0;
}

/* kref_put_mutex() with a spinlock. */
static inline int kref_put_lock(struct kref *kref,
				void (*release)(struct kref *kref),
				spinlock_t *lock)
{
	if (refcount_dec_and_lock(&kref->refcount, lock)) {
		release(kref);
		return 1;
	}
	return 0;
}

/*
 * Take a reference unless the count is already 0 (the object is on its
 * way out, found by a lookup under a lock or RCU); nonzero on success.
 */
static inline int __must_check kref_get_unless_zero(struct kref *kref)
{
	return refcount_inc_not_zero(&kref->refcount);
}

#endif
