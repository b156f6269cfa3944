/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A snapshot of /sys/kernel/slab (userspace only): dir/<cache>/<attribute>
 * for every cache, with the kernel's file names and formats, and each
 * merged name as a symlink dir/<alias> -> <cache>, so the kernel's slab
 * tools can read a running program's caches.
 */
#ifndef _SHIM_LINUX_SIM_SYSFS_H
#define _SHIM_LINUX_SIM_SYSFS_H

/* Write the snapshot under dir (created if missing); 0 or -errno. */
int sim_sysfs_export(const char *dir);

#endif
