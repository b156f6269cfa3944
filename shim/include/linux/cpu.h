/* SPDX-License-Identifier: GPL-2.0 */
/* CPU hotplug lock: simulated CPUs never go offline yet, so it only orders. */
#ifndef _SHIM_LINUX_CPU_H
#define _SHIM_LINUX_CPU_H

#include <linux/cpumask.h>

#define cpus_read_lock()	do { } while (0)
#define cpus_read_unlock()	do { } while (0)

#endif
