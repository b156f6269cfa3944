/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The front end's restart of the allocator (front/startup.c), for a
 * harness in userspace; the kernel has no such call (its allocator starts
 * once), so it is no part of the core's <linux/libslab.h>.
 */
#ifndef _LIBSLAB_FRONT_RESTART_H
#define _LIBSLAB_FRONT_RESTART_H

/*
 * Start the allocator again on cmdline, as a module is loaded again with
 * new parameters.  Stops it (libslab_exit(): its -errno, nothing
 * changed, if that refuses), reads cmdline as start-up reads
 * LIBSLAB_CMDLINE, so that every word holds for every cache, the kmalloc
 * caches included (the simulated machine's words are refused: it stays
 * up; unknown words are named), and starts it (libslab_init(),
 * libslab_init_late()).  0, the error of the start,
 * or the first error of a word (each reported; the others applied).
 */
int libslab_restart(const char *cmdline);

#endif
