/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/hrtimer.h>: high-resolution timers, served by one host thread
 * of the library (shim/services/hrtimer.c) that sleeps on the host's
 * CLOCK_MONOTONIC until the earliest armed timer is due.
 *
 * Guarantees kept: a timer's function runs no earlier than its expiry
 * time, once per arming; it runs on the simulated CPU that armed the
 * timer (smp_processor_id() there is that CPU), with interrupts off and
 * inside an RCU read-side critical section, as the kernel's
 * hard-interrupt expiry runs it; HRTIMER_RESTART re-arms it
 * at the expiry the function left (hrtimer_forward()); a function never
 * runs twice at once; hrtimer_cancel() returns only once the timer is
 * inactive and its function is not running, and says whether it was
 * active; hrtimer_try_to_cancel() returns -1 while the function runs.
 * hrtimer_forward() returns the overruns and leaves the expiry after
 * now, as the kernel's does.
 *
 * Not modelled: the function does not interrupt the tasks of its CPU.
 * It runs in parallel with them, so interrupts off in a task do not
 * hold it off (<linux/irqflags.h>); in_interrupt() is 0 in it.  The
 * clocks: every clock base reads the monotonic clock (ktime_get()), so
 * CLOCK_REALTIME and CLOCK_BOOTTIME timers are monotonic ones;
 * HRTIMER_MODE_ABS is an absolute time on that clock.  Soft-interrupt
 * expiry (HRTIMER_MODE_SOFT) runs as the hard one does; the _PINNED
 * modes change nothing, since the function always runs on the arming
 * CPU; timer slack (the range of hrtimer_start_range_ns()) is ignored.
 * A timer left armed when the library exits (libslab_exit()) is
 * cancelled with a warning, as it would fire into an unloaded module.
 * Timers are host threads' business: a deterministic run
 * (<sim/det.h>) does not schedule them.
 */
#ifndef _SHIM_LINUX_HRTIMER_H
#define _SHIM_LINUX_HRTIMER_H

#include <linux/types.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/ktime.h>
#include <linux/percpu.h>
#include <linux/rbtree.h>

/* The clock ids of the UAPI <linux/time.h> (and of <time.h>). */
#ifndef CLOCK_REALTIME
#define CLOCK_REALTIME		0
#endif
#ifndef CLOCK_MONOTONIC
#define CLOCK_MONOTONIC		1
#endif
#ifndef CLOCK_BOOTTIME
#define CLOCK_BOOTTIME		7
#endif
#ifndef CLOCK_TAI
#define CLOCK_TAI		11
#endif

enum hrtimer_mode {
	HRTIMER_MODE_ABS	= 0x00,
	HRTIMER_MODE_REL	= 0x01,
	HRTIMER_MODE_PINNED	= 0x02,
	HRTIMER_MODE_SOFT	= 0x04,
	HRTIMER_MODE_HARD	= 0x08,

	HRTIMER_MODE_ABS_PINNED = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_ABS_SOFT	= HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT	= HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_ABS_PINNED_SOFT = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_PINNED_SOFT = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_ABS_HARD	= HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD	= HRTIMER_MODE_REL | HRTIMER_MODE_HARD,
	HRTIMER_MODE_ABS_PINNED_HARD = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_PINNED_HARD = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD,
};

/* What a timer's function returns: done, or run again at the expiry it set. */
enum hrtimer_restart {
	HRTIMER_NORESTART,
	HRTIMER_RESTART,
};

struct hrtimer;

/* A clock: what hrtimer->base->get_time() reads. */
struct hrtimer_clock_base {
	clockid_t clockid;
	ktime_t (*get_time)(void);
};

struct hrtimer {
	struct list_head sim_node;	/* on the armed list, by expiry */
	ktime_t expires;
	enum hrtimer_restart (*function)(struct hrtimer *timer);
	struct hrtimer_clock_base *base;
	int sim_cpu;			/* the CPU that armed it */
	bool sim_queued;		/* armed */
	bool sim_running;		/* its function runs */
};

/* Make timer inactive, on clock clock_id; mode is the one hrtimer_start() will use. */
void hrtimer_init(struct hrtimer *timer, clockid_t clock_id, enum hrtimer_mode mode);
#define hrtimer_init_on_stack(timer, clock_id, mode)	hrtimer_init(timer, clock_id, mode)
static inline void destroy_hrtimer_on_stack(struct hrtimer *timer)
{
	(void)timer;
}

/* hrtimer_init() and the function, in one call. */
static inline void hrtimer_setup(struct hrtimer *timer,
				 enum hrtimer_restart (*function)(struct hrtimer *),
				 clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}

/*
 * Arm timer to expire at tim (HRTIMER_MODE_ABS) or tim from now
 * (HRTIMER_MODE_REL), on the calling CPU; an armed timer is moved.
 */
void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim, u64 range_ns,
			    const enum hrtimer_mode mode);
static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim,
				 const enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, tim, 0, mode);
}
/* Re-arm at the expiry it holds (after hrtimer_forward() outside its function). */
static inline void hrtimer_restart(struct hrtimer *timer)
{
	hrtimer_start(timer, timer->expires, HRTIMER_MODE_ABS);
}

/* Disarm timer: 1 if it was armed, 0 if not, -1 if its function runs now. */
int hrtimer_try_to_cancel(struct hrtimer *timer);
/* Disarm timer and wait for its function; whether it was active. */
int hrtimer_cancel(struct hrtimer *timer);

/* Whether timer is armed or its function runs. */
bool hrtimer_active(const struct hrtimer *timer);
/* Whether timer is armed. */
static inline bool hrtimer_is_queued(struct hrtimer *timer)
{
	return READ_ONCE(timer->sim_queued);
}
/* Whether timer's function runs now. */
static inline int hrtimer_callback_running(struct hrtimer *timer)
{
	return READ_ONCE(timer->sim_running);
}

/*
 * Move the expiry of timer on by whole intervals until it is after now;
 * the number of intervals (0 if it already was after now).  For a timer
 * that is not armed: in its function, or before hrtimer_restart().
 */
u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval);
static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, timer->base->get_time(), interval);
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->expires = time;
}
static inline void hrtimer_add_expires_ns(struct hrtimer *timer, u64 ns)
{
	timer->expires += (ktime_t)ns;
}
static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->expires;
}
static inline s64 hrtimer_get_expires_ns(const struct hrtimer *timer)
{
	return timer->expires;
}
static inline ktime_t hrtimer_cb_get_time(struct hrtimer *timer)
{
	return timer->base->get_time();
}
/* The time left until timer expires (negative once past). */
static inline ktime_t hrtimer_get_remaining(const struct hrtimer *timer)
{
	return timer->expires - timer->base->get_time();
}
static inline ktime_t hrtimer_expires_remaining(const struct hrtimer *timer)
{
	return hrtimer_get_remaining(timer);
}

#endif /* _SHIM_LINUX_HRTIMER_H */
