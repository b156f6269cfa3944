/* SPDX-License-Identifier: GPL-2.0 */
/*
 * work_on_cpu(): the kernel runs fn in a worker bound to cpu and waits.
 * Here the calling thread runs fn itself while temporarily on simulated
 * CPU cpu, so smp_processor_id() and this_cpu_*() inside fn refer to cpu.
 */
#ifndef _SHIM_LINUX_WORKQUEUE_H
#define _SHIM_LINUX_WORKQUEUE_H

/* Run fn(arg) on simulated CPU cpu and return its result. */
long work_on_cpu(int cpu, long (*fn)(void *), void *arg);

#endif
