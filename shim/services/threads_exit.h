/* SPDX-License-Identifier: GPL-2.0 */
/* The parts of slab_platform_exit_threads() (threads_exit.c); not installed. */
#ifndef SHIM_SERVICES_THREADS_EXIT_H
#define SHIM_SERVICES_THREADS_EXIT_H

/* Run or cancel the queued work, join the workers and the timer thread. */
void sim_workqueue_exit(void);
/* Join the kthreads whose threadfn returned; name those still running. */
void sim_kthread_exit(void);

/* Cancel the hrtimers still armed, with a warning each; join their thread. */
void sim_hrtimer_exit(void);

#endif
