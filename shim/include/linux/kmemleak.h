/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/kmemleak.h>: the hints kernel code gives the kmemleak scanner.
 * There is no kmemleak here (valgrind and LeakSanitizer find leaks from
 * outside), so each hint is a no-op, as in a kernel without
 * CONFIG_DEBUG_KMEMLEAK.
 */
#ifndef _SHIM_LINUX_KMEMLEAK_H
#define _SHIM_LINUX_KMEMLEAK_H

#include <linux/compiler.h>

/* Re-record ptr's allocation stack as the caller's. */
static inline void kmemleak_update_trace(const void *ptr __always_unused)
{
}

#endif
