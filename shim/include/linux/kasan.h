/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KASAN's per-task switch, for kernel tests that corrupt memory on
 * purpose (lib/slub_kunit.c).  There is no KASAN here (CONFIG_KASAN is
 * unset): userspace checkers are AddressSanitizer and valgrind, which the
 * allocator informs through <slab_platform.h> and which leave debug
 * caches (the ones such tests corrupt) to their own red zones and poison.
 * So the switch has nothing to turn off.
 */
#ifndef _SHIM_LINUX_KASAN_H
#define _SHIM_LINUX_KASAN_H

static inline void kasan_enable_current(void) { }
static inline void kasan_disable_current(void) { }

#endif
