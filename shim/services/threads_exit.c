// SPDX-License-Identifier: GPL-2.0
/*
 * The end of the shim's own threads, for libslab_exit() (the platform
 * contract's slab_platform_exit_threads()).  The shim runs workqueue
 * workers, a timer thread for delayed work, kthreads and a thread for
 * hrtimers on host threads; a process that exits with them running shows
 * their thread-local storage to valgrind as possibly lost.  Queued work
 * items run, armed delayed ones and armed hrtimers are cancelled with a
 * WARN each, finished kthreads are joined and those still running are
 * named and left so.  Workers and the timer threads start again when
 * work is queued or a timer armed.
 */
#include <slab_platform.h>
#include "threads_exit.h"

void slab_platform_exit_threads(void)
{
	/* Work items may stop kthreads: the workqueues end first. */
	sim_workqueue_exit();
	sim_kthread_exit();
	sim_hrtimer_exit();
}
