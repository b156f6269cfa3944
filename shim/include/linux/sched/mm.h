/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/sched/mm.h>: what the allocation context of the current task
 * allows.  Only might_alloc() is here: the kernel's check, at the top of
 * a call that may allocate, that a blocking allocation is not asked for
 * where sleeping is not allowed.  The kernel also tells lockdep that
 * such a call may enter reclaim (fs_reclaim); there is no reclaim here.
 */
#ifndef _SHIM_LINUX_SCHED_MM_H
#define _SHIM_LINUX_SCHED_MM_H

#include <linux/gfp.h>
#include <linux/preempt.h>

static inline void might_alloc(gfp_t gfp_mask)
{
	might_sleep_if(gfpflags_allow_blocking(gfp_mask));
}

#endif
