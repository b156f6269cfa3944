/* SPDX-License-Identifier: GPL-2.0 */
/* Where printk output goes, and counters of what was printed (userspace only). */
#ifndef _SHIM_SIM_PRINTK_H
#define _SHIM_SIM_PRINTK_H

/* Send each formatted message (level prefix removed) to sink; NULL: stderr. */
void printk_set_sink(void (*sink)(const char *text, void *arg), void *arg);
/* WARN reports issued since start-up or the last reset. */
unsigned long sim_warn_count(void);
/* Messages printed at level (0..7) since start-up or the last reset. */
unsigned long sim_printk_count(int level);
/* Reset the WARN and level counters to zero, and clear the taint. */
void sim_printk_reset_counts(void);
/* Clear the taint (add_taint()), so the next report reads "Not tainted". */
void sim_taint_reset(void);

#endif
