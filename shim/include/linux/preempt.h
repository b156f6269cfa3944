/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Preemption and migration control of the calling task (see sim/cpu.h).
 * Both keep the task on its simulated CPU until the matching enable;
 * preempt_disable() also makes the context atomic for might_sleep().  A
 * second task sharing the CPU keeps running in parallel except under the
 * deterministic scheduler, which honours preemption exactly.
 */
#ifndef _SHIM_LINUX_PREEMPT_H
#define _SHIM_LINUX_PREEMPT_H

#include <sim/cpu.h>

/* Used through the macros below. */
void sim_preempt_disable(void);
void sim_preempt_enable(void);
void sim_migrate_disable(void);
void sim_migrate_enable(void);
/* preempt_count of the calling task (the nesting of disables). */
unsigned int sim_preempt_count(void);
/* WARN, as CONFIG_DEBUG_ATOMIC_SLEEP does, if the caller may not sleep. */
void sim_might_sleep(const char *file, int line);

/* Whether the calling task may sleep: the test sim_might_sleep() makes, inline. */
static inline bool sim_may_sleep(void)
{
	struct sim_task_head *t = sim_current_head;

	/* A task that never asked for its CPU has disabled nothing. */
	return !t || (!t->preempt_count && !t->irqs_off);
}

#define preempt_disable()	sim_preempt_disable()
#define preempt_enable()	sim_preempt_enable()
#define migrate_disable()	sim_migrate_disable()
#define migrate_enable()	sim_migrate_enable()
#define preempt_count()		sim_preempt_count()
#define in_atomic()		(preempt_count() != 0)
/* Neither preemption nor interrupts disabled: the test might_sleep() makes. */
#define preemptible()		sim_may_sleep()
#define in_task()		1
#define in_interrupt()		0
#define in_nmi()		0
/* A simulation hook (sim/hooks.h): the fast library checks nothing. */
#define might_sleep()							\
	do {								\
		if (IS_ENABLED(CONFIG_DEBUG_ATOMIC_SLEEP) &&		\
		    __builtin_expect(!sim_may_sleep(), 0))		\
			sim_might_sleep(__FILE__, __LINE__);		\
	} while (0)
#define might_sleep_if(cond)	do { if (cond) might_sleep(); } while (0)
/*
 * A voluntary scheduling point: the might_sleep() check 6.12 makes under
 * CONFIG_DEBUG_ATOMIC_SLEEP, then, under the deterministic scheduler, a
 * yield to the other tasks (1, as the kernel returns when it rescheduled).
 * A host thread is preempted by the host anyway, so elsewhere it is 0.
 */
int sim_cond_resched(void);
#define cond_resched()		({ might_sleep(); sim_cond_resched(); })
#define preempt_model_rt()	sim_preempt_rt()

#endif
