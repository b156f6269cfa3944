/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel build's side of the userspace shim's <linux/sim_exit.h>: the
 * workqueues, timers and kthreads are the kernel's own, and a module's
 * exit ends only what it started.
 */
#ifndef _LIBSLAB_GLUE_SIM_EXIT_H
#define _LIBSLAB_GLUE_SIM_EXIT_H

static inline void sim_threads_exit(void) { }

#endif
