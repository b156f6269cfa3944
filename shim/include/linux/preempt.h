/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Preemption control.  A userspace thread can always be preempted and
 * threads on one simulated CPU run in parallel, so these only mark the
 * places the kernel needs them; code relying on them must also hold a
 * local lock or use tid-checked cmpxchg, as the core does.
 */
#ifndef _SHIM_LINUX_PREEMPT_H
#define _SHIM_LINUX_PREEMPT_H

#define preempt_disable()	barrier()
#define preempt_enable()	barrier()
#define migrate_disable()	barrier()
#define migrate_enable()	barrier()
#define in_task()		1
#define in_interrupt()		0
#define in_nmi()		0
#define might_sleep()		do { } while (0)
#define might_sleep_if(cond)	do { (void)(cond); } while (0)
#define cond_resched()		do { } while (0)

#endif
