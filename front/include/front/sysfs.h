/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A snapshot of /sys/kernel/slab and /sys/kernel/debug/slab (userspace
 * only; front/sysfs_export.c), so the kernel's slab tools can read a
 * running program's caches.  sysfs: dir/<directory>/<attribute> for
 * every cache, with the kernel's file names, modes and formats; the
 * directory is named as 6.12 names it, the cache's unique id
 * (":0000064") for a mergeable cache, whose every name is a symlink
 * dir/<name> -> <id>, the cache's name otherwise.  debugfs:
 * dir/<cache>/alloc_traces and free_traces for every cache with
 * SLAB_STORE_USER.
 */
#ifndef _LIBSLAB_FRONT_SYSFS_H
#define _LIBSLAB_FRONT_SYSFS_H

/* Write the sysfs snapshot under dir (created if missing); 0 or -errno. */
int sim_sysfs_export(const char *dir);
/* Write the debugfs snapshot under dir (created if missing); 0 or -errno. */
int sim_debugfs_export(const char *dir);

#endif
