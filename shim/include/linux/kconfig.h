/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel configuration the userspace build models, and IS_ENABLED().
 * An option is enabled when it is defined to 1 here; everything else
 * reads as disabled, as an unset Kconfig symbol does.
 */
#ifndef _SHIM_LINUX_KCONFIG_H
#define _SHIM_LINUX_KCONFIG_H

/*
 * libslab's own options carry a LIBSLAB_ prefix so that, in the kernel
 * build, they never mean the kernel's SLUB options (kernel/glue/Kconfig
 * declares them there).
 */
/*
 * LIBSLAB_SHIM_NO_OPTIONS leaves the three below unset (failslab stays
 * in the TINY build): meson compiles the core that way too
 * (slabcore_bare), as a kernel with them off would.
 */
#ifndef LIBSLAB_SHIM_NO_OPTIONS
/*
 * The per-CPU event counters of slab caches (the sysfs stat files); the
 * fast library leaves them out unless built with -Dfast_stats=true.
 */
#if !defined(LIBSLAB_NO_SIM_HOOKS) || defined(LIBSLAB_FAST_STATS)
#define CONFIG_LIBSLAB_STATS 1
#endif
/* slub_debug= and the debug checks behind it. */
#define CONFIG_LIBSLAB_DEBUG 1
#endif
/*
 * failslab= fault injection of slab allocations: in the TINY build too,
 * as 6.12's FAILSLAB does not depend on !SLUB_TINY (slab_pre_alloc_hook()
 * asks should_failslab() either way).
 */
#if !defined(LIBSLAB_SHIM_NO_OPTIONS) || defined(CONFIG_LIBSLAB_TINY)
#define CONFIG_LIBSLAB_FAILSLAB 1
#endif
/*
 * The usercopy regions of caches (HARDENED_USERCOPY: a cache with one is
 * never merged) and kmem_buckets_create()'s private caches
 * (SLAB_BUCKETS, which 6.12 leaves out of SLUB_TINY): on in every
 * userspace variant (buckets but TINY's), as the flags of <linux/slab.h>
 * assume.  In a kernel on libslab, the kernel's options set them
 * (kernel/replace/libslab_kernel_names.h).
 */
#define CONFIG_LIBSLAB_HARDENED_USERCOPY 1
/*
 * The /sys/kernel/slab files of a NUMA kernel with ZONE_DMA
 * (remote_node_defrag_ratio, cache_dma, the N<node>= counts): the
 * simulated machine has nodes and a DMA zone.  In a kernel on libslab,
 * the kernel's NUMA and ZONE_DMA set them.
 */
#define CONFIG_LIBSLAB_NUMA 1
#define CONFIG_LIBSLAB_ZONE_DMA 1
#ifndef CONFIG_LIBSLAB_TINY	/* 6.12's SLAB_BUCKETS depends on !SLUB_TINY */
#define CONFIG_LIBSLAB_BUCKETS 1
#endif
/*
 * might_sleep() checks the context (the fast library's has no such hook,
 * see <sim/hooks.h>).
 */
#ifndef LIBSLAB_NO_SIM_HOOKS
#define CONFIG_DEBUG_ATOMIC_SLEEP 1
#endif
/*
 * CONFIG_LIBSLAB_TINY, the SLUB_TINY design (no per-CPU slabs or partial
 * lists: every allocation and free takes the node's list_lock; slub_max_order
 * 1; reclaimable kmalloc folded into normal), is not set here: the build
 * defines it to 1 for a second variant of the core (meson's slabcore_tiny).
 */
/*
 * Free pointer encoding and shuffled freelists stay off by default, as in
 * a defconfig; slab_freelist_hardened=on / slab_freelist_random=on turn
 * them on at run time.
 */

/*
 * The userspace KUnit (<kunit/test.h>, shim/kunit/kunit.c) is always
 * part of the library: the allocator counts errors into a running test's
 * "slab_errors" resource as the kernel's SLUB does with CONFIG_KUNIT.
 */
#define CONFIG_KUNIT 1

/*
 * IS_ENABLED(CONFIG_FOO) is 1 if CONFIG_FOO is defined to 1, else 0:
 * pasting the option's value onto a prefix only names a macro (one that
 * expands to "junk,") when the value is 1, and that extra comma shifts
 * which argument the selector picks.  The arguments reach the selector
 * through __VA_ARGS__, so the comma counts however the preprocessor
 * splits arguments (cppcheck's does so before expanding them).
 */
#define __sim_enabled_1			junk,
#define __sim_pick_second(ignored, value, ...)	value
#define __sim_pick(...)			__sim_pick_second(__VA_ARGS__)
#define __sim_is_enabled2(value)	__sim_pick(__sim_enabled_##value 1, 0, 0)
#define __sim_is_enabled(option)	__sim_is_enabled2(option)
#define IS_ENABLED(option)		__sim_is_enabled(option)
/*
 * Nothing is built in as "=y" is opposed to "=m" here: an option is on or
 * off, and code that asks how it is built (IS_BUILTIN, as lib/slub_kunit.c
 * does for CONFIG_SLUB_KUNIT_TEST) is told "as a module".
 */
#define IS_BUILTIN(option)		0
#define IS_MODULE(option)		IS_ENABLED(option)
#define IS_REACHABLE(option)		IS_ENABLED(option)

#endif
