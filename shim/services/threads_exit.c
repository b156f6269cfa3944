// SPDX-License-Identifier: GPL-2.0
/*
 * The end of the shim's own threads, for libslab_exit() (the platform
 * contract's slab_platform_exit_threads()).  The shim runs workqueue
 * workers, a timer thread for delayed work and kthreads on host threads;
 * a process that exits with them running shows their thread-local storage
 * to valgrind as possibly lost.  Queued work items run, armed delayed ones
 * are cancelled with a WARN each, finished kthreads are joined and those
 * still running are named and left so.  Workers and the timer thread
 * start again when work is queued.
 */
#include <slab_platform.h>
#include "threads_exit.h"

void slab_platform_exit_threads(void)
{
	/* Work items may stop kthreads: the workqueues end first. */
	sim_workqueue_exit();
	sim_kthread_exit();
}
