/* SPDX-License-Identifier: GPL-2.0 */
/* The front end's start-up, for the other front ends (front/). */
#ifndef LIBSLAB_FRONT_STARTUP_H
#define LIBSLAB_FRONT_STARTUP_H

/* Set up the simulated machine and the allocator from LIBSLAB_CMDLINE, once. */
void libslab_startup(void);

#endif
