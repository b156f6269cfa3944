/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sequence counters and sequential locks (<linux/seqlock.h>,
 * Documentation/locking/seqlock.rst).
 *
 * Guarantees kept: a writer makes the count odd for the length of its
 * update (raw_write_seqcount_begin/end, write_seqcount_begin/end,
 * write_seqlock/write_sequnlock), with the kernel's ordering: the count
 * is published before the data (release) and read before it (acquire);
 * read_seqcount_begin()/read_seqbegin() wait while the count is odd and
 * read_seqcount_retry()/read_seqretry() are true when a writer ran since
 * the begin, so a reader that does not retry saw one consistent update;
 * seqlock_t writers are serialised by its spinlock, whose _irqsave and
 * _bh forms disable what spinlock.h's do; write_seqcount_begin() on a
 * seqcount_spinlock_t checks that its spinlock is held (lockdep).
 * Under the deterministic scheduler a reader waiting for a writer yields.
 *
 * Not modelled: KCSAN's tolerance of the reader's racy data accesses:
 * the data a reader reads while a writer may write must be read and
 * written with READ_ONCE/WRITE_ONCE, or race detectors report it; the
 * latch and raw_seqcount_t variants other than seqcount_spinlock_t.
 */
#ifndef _SHIM_LINUX_SEQLOCK_H
#define _SHIM_LINUX_SEQLOCK_H

#include <linux/compiler.h>
#include <sim/annotate.h>
#include <linux/spinlock.h>

typedef struct seqcount {
	unsigned int sequence;
} seqcount_t;

/* A sequence counter whose writers hold *lock. */
typedef struct seqcount_spinlock {
	seqcount_t seqcount;
	spinlock_t *lock;
} seqcount_spinlock_t;

#define SEQCNT_ZERO(name)	{ .sequence = 0 }
#define SEQCNT_SPINLOCK_ZERO(name, _lock)	{ .seqcount = SEQCNT_ZERO(name), .lock = (_lock) }
#define seqcount_init(s)	WRITE_ONCE((s)->sequence, 0)
#define seqcount_spinlock_init(s, l)					\
	do {								\
		seqcount_init(&(s)->seqcount);				\
		(s)->lock = (l);					\
	} while (0)

/* Wait a little for a writer to finish (rwlock.c). */
void sim_seqcount_relax(void);

_Static_assert(__builtin_offsetof(seqcount_spinlock_t, seqcount) == 0,
	       "__sim_seqcount() reads the counter as the first member");

/* The plain counter of any sequence counter type: its first member. */
#define __sim_seqcount(s)	((seqcount_t *)(s))

static inline unsigned int __sim_read_seqcount_begin(const seqcount_t *s)
{
	unsigned int seq;

	while ((seq = sim_marked(__atomic_load_n(&s->sequence, __ATOMIC_ACQUIRE))) & 1)
		sim_seqcount_relax();
	sim_acquire(&s->sequence);
	return seq;
}

static inline int __sim_read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	/* The data reads before this are ordered before the count's re-read. */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return sim_marked(__atomic_load_n(&s->sequence, __ATOMIC_RELAXED)) != start;
}

static inline void __sim_write_seqcount_begin(seqcount_t *s)
{
	unsigned int seq = sim_marked(__atomic_load_n(&s->sequence, __ATOMIC_RELAXED));

	sim_marked_void(__atomic_store_n(&s->sequence, seq + 1, __ATOMIC_RELAXED));
	/* The odd count is visible before any data store. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	sim_point(SIM_POINT_WRITE);
}

static inline void __sim_write_seqcount_end(seqcount_t *s)
{
	unsigned int seq = sim_marked(__atomic_load_n(&s->sequence, __ATOMIC_RELAXED));

	sim_release(&s->sequence);
	sim_marked_void(__atomic_store_n(&s->sequence, seq + 1, __ATOMIC_RELEASE));
	sim_point(SIM_POINT_WRITE);
}

/* Wait for an even count and return it; pass it to read_seqcount_retry(). */
#define read_seqcount_begin(s)		__sim_read_seqcount_begin(__sim_seqcount(s))
#define raw_read_seqcount_begin(s)	read_seqcount_begin(s)
/* The count without waiting (may be odd). */
#define raw_read_seqcount(s)						\
	sim_marked(__atomic_load_n(&__sim_seqcount(s)->sequence, __ATOMIC_ACQUIRE))
/* Whether a writer ran since read_seqcount_begin() returned start. */
#define read_seqcount_retry(s, start)	__sim_read_seqcount_retry(__sim_seqcount(s), start)
#define raw_write_seqcount_begin(s)	__sim_write_seqcount_begin(__sim_seqcount(s))
#define raw_write_seqcount_end(s)	__sim_write_seqcount_end(__sim_seqcount(s))
#define __sim_seqcount_assert_lock(s)					\
	_Generic((s),							\
		 seqcount_spinlock_t *: lockdep_assert_held(((seqcount_spinlock_t *)(s))->lock), \
		 default: (void)0)
/* Begin a write; writers must be serialised (seqcount_spinlock_t: hold its lock). */
#define write_seqcount_begin(s)						\
	do {								\
		__sim_seqcount_assert_lock(s);				\
		raw_write_seqcount_begin(s);				\
	} while (0)
#define write_seqcount_end(s)		raw_write_seqcount_end(s)

/* A sequence counter with the spinlock that serialises its writers. */
typedef struct {
	seqcount_spinlock_t seqcount;
	spinlock_t lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(name)					\
	{ .seqcount = SEQCNT_SPINLOCK_ZERO(name, &(name).lock),	\
	  .lock = __SPIN_LOCK_UNLOCKED(name) }
#define DEFINE_SEQLOCK(name)	seqlock_t name = __SEQLOCK_UNLOCKED(name)
#define seqlock_init(sl)						\
	do {								\
		spin_lock_init(&(sl)->lock);				\
		seqcount_spinlock_init(&(sl)->seqcount, &(sl)->lock);	\
	} while (0)

/* Begin a lockless read of sl; pass the result to read_seqretry(). */
#define read_seqbegin(sl)	read_seqcount_begin(&(sl)->seqcount)
/* Whether a writer ran since read_seqbegin() returned start. */
#define read_seqretry(sl, start)	read_seqcount_retry(&(sl)->seqcount, start)
#define write_seqlock(sl)						\
	do {								\
		spin_lock(&(sl)->lock);					\
		write_seqcount_begin(&(sl)->seqcount);			\
	} while (0)
#define write_sequnlock(sl)						\
	do {								\
		write_seqcount_end(&(sl)->seqcount);			\
		spin_unlock(&(sl)->lock);				\
	} while (0)
#define write_seqlock_bh(sl)						\
	do {								\
		spin_lock_bh(&(sl)->lock);				\
		write_seqcount_begin(&(sl)->seqcount);			\
	} while (0)
#define write_sequnlock_bh(sl)						\
	do {								\
		write_seqcount_end(&(sl)->seqcount);			\
		spin_unlock_bh(&(sl)->lock);				\
	} while (0)
#define write_seqlock_irqsave(sl, flags)				\
	do {								\
		spin_lock_irqsave(&(sl)->lock, flags);			\
		write_seqcount_begin(&(sl)->seqcount);			\
	} while (0)
#define write_sequnlock_irqrestore(sl, flags)				\
	do {								\
		write_seqcount_end(&(sl)->seqcount);			\
		spin_unlock_irqrestore(&(sl)->lock, flags);		\
	} while (0)
/* Read sl excluding writers (and other such readers), as its spinlock does. */
#define read_seqlock_excl(sl)		spin_lock(&(sl)->lock)
#define read_sequnlock_excl(sl)		spin_unlock(&(sl)->lock)

#endif
