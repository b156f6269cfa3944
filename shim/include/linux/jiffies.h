/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jiffies: ticks of HZ per second since the library started, read from
 * CLOCK_MONOTONIC, so ages in debug reports ("age=...") are real.
 */
#ifndef _SHIM_LINUX_JIFFIES_H
#define _SHIM_LINUX_JIFFIES_H

/* The UAPI <asm/param.h> (through <sys/param.h>) has HZ 100 unless HZ is set. */
#undef HZ
#define HZ	1000

/* Ticks since start-up. */
unsigned long sim_jiffies(void);
#define jiffies	sim_jiffies()

#endif
