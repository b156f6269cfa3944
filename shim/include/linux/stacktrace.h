/* SPDX-License-Identifier: GPL-2.0 */
/* Capturing the calling thread's stack (userspace: backtrace()). */
#ifndef _SHIM_LINUX_STACKTRACE_H
#define _SHIM_LINUX_STACKTRACE_H

/* Store up to size return addresses, skipping skipnr innermost frames; returns how many. */
unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr);

#endif
