/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The end of the simulated machine's threads, for libslab_exit().  The
 * runtime runs workqueue workers, a timer thread for delayed work and
 * kthreads on host threads; a process that exits with them running shows
 * their thread-local storage to valgrind as possibly lost.  The kernel
 * build has no such threads of its own to end (kernel/glue's copy of this
 * header does nothing).
 */
#ifndef _SHIM_LINUX_SIM_EXIT_H
#define _SHIM_LINUX_SIM_EXIT_H

/*
 * Run the queued work items, cancel the armed delayed ones (a WARN for
 * each), join the workers and the timer thread and the kthreads whose
 * threadfn returned without a kthread_stop(); name the kthreads still
 * running, which are left so.  Workers and the timer thread start again
 * when work is queued.
 */
void sim_threads_exit(void);

#endif
