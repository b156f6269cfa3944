/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KFENCE's allocator hooks as a 6.12 kernel built without CONFIG_KFENCE
 * has them: nothing is sampled, no address is KFENCE's, and the core's
 * calls (allocation, free, ksize, usercopy, cache shutdown) fall through
 * to its own paths.  Not modelled: the guarded pool, its sampling timer
 * and gate, and the reports of an access past a guarded object.  Those
 * run in the replacement kernel's boot (kfence_test), where the kernel's
 * own header and mm/kfence/ serve the same calls.
 */
#ifndef _SHIM_LINUX_KFENCE_H
#define _SHIM_LINUX_KFENCE_H

#include <linux/types.h>

struct kmem_cache;

static inline bool is_kfence_address(const void *addr) { return false; }
static inline void *kfence_alloc(struct kmem_cache *s, size_t size, gfp_t flags) { return NULL; }
static inline size_t kfence_ksize(const void *addr) { return 0; }
static inline void *kfence_object_start(const void *addr) { return NULL; }
static inline void __kfence_free(void *addr) { }
static inline bool __must_check kfence_free(void *addr) { return false; }
static inline void kfence_shutdown_cache(struct kmem_cache *s) { }

#endif
