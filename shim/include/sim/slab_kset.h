/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The names the platform would show in /sys/kernel/slab (userspace only;
 * shim/services/slab_kset.c): the register the core's cache notices
 * keep, as the kernel's slab kset keeps a directory or a link per name.
 */
#ifndef _SHIM_SIM_SLAB_KSET_H
#define _SHIM_SIM_SLAB_KSET_H

struct kmem_cache;

/*
 * The cache that the core last told the platform goes by name (made or
 * merged under it: slab_platform_cache_added(), _aliased()), while it is
 * not removed; NULL otherwise.  The caches of libslab_init() are never
 * told, as in the kernel, which finds them at its late start-up.
 */
struct kmem_cache *sim_sysfs_cache(const char *name);

#endif
