/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine's parameters, read from LIBSLAB_CMDLINE at
 * start-up (userspace only): nr_cpus=, numa=fake=, mem=, cpu_map=,
 * preempt=, page_poison=, init_on_alloc=, init_on_free=,
 * slub_tool_poison=, fail_seed=, random_seed=, fail_page_alloc=.  Words
 * that are not among them are the allocator's (libslab_parse_cmdline()).
 */
#ifndef _SHIM_LINUX_SIM_PARAMS_H
#define _SHIM_LINUX_SIM_PARAMS_H

#include <linux/types.h>

/*
 * Parse the machine parameters of cmdline as start-up does, applying
 * nothing: a message naming each bad value (printk, level KERN_ERR), and
 * 0, or -EINVAL if there was one.  Start-up leaves a bad value's
 * parameter at its default, as the kernel leaves a malformed boot
 * parameter unapplied.
 */
int sim_check_cmdline(const char *cmdline);
/*
 * Whether start-up found a bad word in LIBSLAB_CMDLINE, the machine's or
 * the allocator's (each was reported then): a tool exits non-zero on it.
 */
bool sim_cmdline_had_errors(void);
/* Whether word ("name=value") sets one of the machine parameters above. */
bool sim_is_machine_param(const char *word);

#endif
