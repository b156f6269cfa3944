/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the front end's start-up (front/startup.c) asks of the simulated
 * machine, in this order: the machine's words of the command line, the
 * machine itself, and the core's kvfree() for RCU.  A program calls none
 * of it: start-up has run before main().
 */
#ifndef _SHIM_SIM_STARTUP_H
#define _SHIM_SIM_STARTUP_H

/*
 * Offer one word of the command line, as next_arg() cut it (val NULL for
 * a word without '='), to the machine's table before sim_init(): 0 when
 * applied; -ENOENT when no machine parameter; -EINVAL for a bad value and
 * -EBUSY once the machine is up, each reported (printk, KERN_ERR) and
 * not applied.
 */
int sim_setup_param(const char *param, const char *val);
/*
 * Bring the machine up (CPUs, nodes, page allocator, seeds) with the
 * words it took, thread safe, and freeze its configuration; each part
 * also comes up by itself at its first use.
 */
void sim_init(void);
/* Note a bad or unknown word of the command line for sim_cmdline_had_errors(). */
void sim_note_cmdline_error(void);
/* Make f what kvfree_rcu() frees its objects with. */
void sim_rcu_bind_kvfree(void (*f)(const void *object));

#endif
