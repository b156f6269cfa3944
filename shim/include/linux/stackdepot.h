/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack depot: call stacks stored once and named by a 32-bit handle,
 * as slub_debug's user tracking keeps them.  Stacks are captured with
 * backtrace() and printed a frame a line as %pS (symbols need -rdynamic).  Nothing is
 * ever evicted (the kernel's default depot does not evict either).
 */
#ifndef _SHIM_LINUX_STACKDEPOT_H
#define _SHIM_LINUX_STACKDEPOT_H

#include <linux/types.h>
#include <linux/gfp_types.h>

typedef u32 depot_stack_handle_t;

/* Set the depot up before its first use; the shim's is always ready: 0. */
static inline int stack_depot_init(void)
{
	return 0;
}

/* Store entries[0..nr) (or find them stored); 0 if out of memory. */
depot_stack_handle_t stack_depot_save(unsigned long *entries,
				      unsigned int nr_entries, gfp_t gfp);
/* Print the stack behind handle, one frame per line at KERN_ERR. */
void stack_depot_print(depot_stack_handle_t handle);
/* The frames behind handle: stores up to *nr of them, returns how many exist. */
unsigned int stack_depot_fetch(depot_stack_handle_t handle,
			       unsigned long **entries);

#endif
