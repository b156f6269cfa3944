/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <asm/timex.h>: get_cycles(), the simulated machine's cycle counter.
 * The kernel reads the CPU's time-stamp counter, whose low bits are as
 * good as random; this one advances by one at each read, so that code
 * that tests get_cycles() % n (get_any_partial()'s
 * remote_node_defrag_ratio) takes every residue in turn, at the kernel's
 * rate, and a single-threaded run is reproducible.  It measures no time:
 * latencies printed from it (lib/rbtree_test.c's) count reads; use
 * ktime_get() for time.
 */
#ifndef _SHIM_ASM_TIMEX_H
#define _SHIM_ASM_TIMEX_H

typedef unsigned long long cycles_t;

/* The next count of the machine-wide cycle counter, from 0. */
cycles_t get_cycles(void);

#endif /* _SHIM_ASM_TIMEX_H */
