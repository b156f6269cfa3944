/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel build's names for the primitives of the core's lockless
 * per-CPU tries (the userspace shim's <linux/slab_lockless.h> gives them
 * forms that call nothing): the kernel's own per-CPU operations.
 */
#ifndef _LIBSLAB_GLUE_SLAB_LOCKLESS_H
#define _LIBSLAB_GLUE_SLAB_LOCKLESS_H

#include <linux/compiler.h>
#include <linux/percpu.h>

/* A try may always run: the kernel has no simulation watching it. */
#define slab_lockless_quiet()		true
/* The core tests its switches (static keys, PREEMPT_RT) one by one. */
#define SLAB_LOCKLESS_QUIET_COVERS_SWITCHES	0
/* This CPU's copy of pcp; never NULL here. */
#define slab_lockless_cpu_ptr(pcp)	raw_cpu_ptr(pcp)
#define slab_lockless_read(x)		READ_ONCE(x)
#define slab_lockless_write(x, val)	WRITE_ONCE(x, val)
/* The commit goes to the CPU the task runs on now, whatever local named. */
#define slab_lockless_try_cmpxchg128(pcp, local, old, new) ({		\
	(void)(local);							\
	this_cpu_try_cmpxchg128(pcp, &(old), new); })

#endif
