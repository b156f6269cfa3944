/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel build's names for the primitives of the core's lockless
 * per-CPU tries and locked updates of a CPU's pair (the userspace shim's
 * <linux/slab_lockless.h> gives them forms that call nothing): the
 * kernel's own operations.
 */
#ifndef _LIBSLAB_GLUE_SLAB_LOCKLESS_H
#define _LIBSLAB_GLUE_SLAB_LOCKLESS_H

#include <linux/compiler.h>
#include <linux/percpu.h>

/* A try may always run: the kernel has no simulation watching it. */
#define slab_lockless_quiet()		true
/* The core tests its switches (static keys, PREEMPT_RT) one by one. */
#define SLAB_LOCKLESS_QUIET_COVERS_SWITCHES	0
/* A task runs on the CPU raw_cpu_ptr() named until it is preempted. */
#define slab_lockless_placed()		true
/* This CPU's copy of pcp; never NULL here. */
#define slab_lockless_cpu_ptr(pcp)	raw_cpu_ptr(pcp)
#define slab_lockless_read(x)		READ_ONCE(x)
/* The fields 6.12's fast paths read unmarked after the tid. */
#define slab_lockless_peek(x)		(x)
#define slab_lockless_write(x, val)	WRITE_ONCE(x, val)
/* A CPU's pair named by pointer: an ordinary cmpxchg here. */
#define slab_cpu_pair_try_cmpxchg128(ptr, oldp, new)			\
	try_cmpxchg128(ptr, oldp, new)
/* The commit goes to the CPU the task runs on now, whatever local named. */
#define slab_lockless_try_cmpxchg128(pcp, local, old, new) ({		\
	(void)(local);							\
	this_cpu_try_cmpxchg128(pcp, &(old), new); })

#endif
