/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine's parameters (userspace only; their one table,
 * each with what it expects, is sim_params[] in shim/machine/config.c):
 * start-up offers each word of the command line to it, then to the
 * allocator's, and names the words neither took.
 */
#ifndef _SHIM_SIM_PARAMS_H
#define _SHIM_SIM_PARAMS_H

#include <linux/types.h>

/*
 * Check the machine parameters of cmdline as start-up does, applying
 * nothing: a message naming each bad value (printk, level KERN_ERR), and
 * 0, or -EINVAL if there was one.  Start-up leaves a bad value's
 * parameter at its default, as the kernel leaves a malformed boot
 * parameter unapplied.
 */
int sim_check_cmdline(const char *cmdline);
/*
 * Whether start-up found a bad or unknown word on the command line, the
 * machine's or the allocator's (each was reported then): a tool exits
 * non-zero on it.
 */
bool sim_cmdline_had_errors(void);

#endif
