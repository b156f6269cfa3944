/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab_prelude.h - force-included (-include) before every libslab file
 * in a kernel build.
 *
 * The core (src/ .c files) is written with the kernel's own names: kmalloc,
 * kmem_cache_create, struct kmem_cache, ...  Inside a kernel those names
 * already belong to the kernel's SLUB.  So, like liburcu's name map, this
 * header
 *
 *   1. parses every real kernel header the core uses, so that their include
 *      guards are set and later #includes of them are no-ops;
 *   2. drops the kernel's function-like macros for the allocation API
 *      (alloc_hooks() wrappers, _Generic dispatchers, ...);
 *   3. renames every project identifier to an lslab_ prefixed one;
 *   4. replaces the folio "slab" / "large kmalloc" markers with private
 *      ones, so the kernel never takes libslab's pages for its own;
 *   5. supplies what the public headers lack;
 *   6. in a module, replaces the kernel symbols modules cannot link
 *      against (this_cpu_cmpxchg16b_emu, print_tainted, gfp_allowed_mask);
 *   7. includes <linux/slab_api.h> and <linux/libslab.h>, which then
 *      declare the lslab_ names.
 *
 * Nothing here is needed, or seen, by the userspace build.
 */
#ifndef _LIBSLAB_PRELUDE_H
#define _LIBSLAB_PRELUDE_H

/* ---- 1. every kernel header the core may include ---------------------- */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/limits.h>
#include <linux/align.h>
#include <linux/minmax.h>
#include <linux/math.h>
#include <linux/overflow.h>
#include <linux/log2.h>
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/panic.h>
#include <linux/ratelimit.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/kstrtox.h>
#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/vmstat.h>
#include <linux/reciprocal_div.h>
#include <linux/lockdep_types.h>
#include <linux/mmzone.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/percpu.h>
#include <linux/percpu-defs.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/local_lock.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/lockdep.h>
#include <linux/seq_file.h>
#include <linux/cpumask.h>
#include <linux/nodemask.h>
#include <linux/numa.h>
#include <linux/topology.h>
#include <linux/random.h>
#include <linux/prandom.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/rcupdate.h>
#include <linux/cpu.h>
#include <linux/smp.h>
#include <linux/stacktrace.h>
#include <linux/kasan.h>
#include <linux/kmemleak.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/init.h>
#include <linux/export.h>
#include <linux/static_key.h>
#include <linux/cmpxchg-emu.h>
#include <asm/cmpxchg.h>
#include <asm/page.h>
#include <asm/sections.h>
#include <trace/events/kmem.h>
#if IS_ENABLED(CONFIG_KUNIT)
#include <kunit/test.h>	/* for the KUnit suite, parsed before the renames */
#endif

/*
 * The kernel's own idea of "this folio is a slab" (the PGTY_slab page
 * type), kept reachable under another name for the tests: a libslab folio
 * must never answer true here.
 */
static inline bool lslab_kernel_folio_test_slab(const struct folio *folio)
{
	return folio_test_slab(folio);
}

/* ---- 2. the kernel's macros over the allocation API ------------------- */
#undef kmem_cache_create
#undef KMEM_CACHE
#undef KMEM_CACHE_USERCOPY
#undef kmem_cache_alloc
#undef kmem_cache_alloc_node
#undef kmem_cache_alloc_lru
#undef kmem_cache_zalloc
#undef kmem_cache_alloc_bulk
#undef kmalloc
#undef kmalloc_node
#undef kzalloc
#undef kzalloc_node
#undef kmalloc_array
#undef kcalloc
#undef krealloc
#undef krealloc_array
#undef kmemdup
#undef kvmalloc
#undef kvmalloc_node
#undef kvzalloc
#undef kvzalloc_node
#undef kmalloc_track_caller
#undef kmem_buckets_alloc
#undef kmalloc_node_track_caller
#undef kmalloc_array_node
#undef kcalloc_node
#undef kvmalloc_array
#undef kvcalloc
#undef kvcalloc_node
#undef kvrealloc

/* ---- 3. the name map -------------------------------------------------- */
/* types (struct tags) */
#define kmem_cache			lslab_kmem_cache
#define kmem_cache_cpu			lslab_kmem_cache_cpu
#define kmem_cache_node			lslab_kmem_cache_node
#define slabinfo			lslab_slabinfo
/*
 * struct slab is NOT renamed: no public 6.12 header defines it (only
 * mm/slab.h, private to mm/, which libslab never includes); <linux/kasan.h>
 * and <linux/kfence.h> merely forward-declare it, and a struct tag is no
 * linker symbol.  Renaming the bare token would also rename every variable
 * and member called "slab".
 */

/* creation and destruction */
#define __kmem_cache_create_args	lslab___kmem_cache_create_args
#define __kmem_cache_create		lslab___kmem_cache_create
#define __kmem_cache_default_args	lslab___kmem_cache_default_args
#define kmem_cache_create_usercopy	lslab_kmem_cache_create_usercopy
#define kmem_cache_destroy		lslab_kmem_cache_destroy
#define kmem_cache_shrink		lslab_kmem_cache_shrink
#define kmem_cache_name			lslab_kmem_cache_name
#define kmem_cache_size			lslab_kmem_cache_size
#define validate_slab_cache		lslab_validate_slab_cache

/* cache allocation */
#define kmem_cache_alloc		lslab_kmem_cache_alloc
#define kmem_cache_alloc_node		lslab_kmem_cache_alloc_node
#define kmem_cache_alloc_lru		lslab_kmem_cache_alloc_lru
#define kmem_cache_free			lslab_kmem_cache_free
#define kmem_cache_alloc_bulk		lslab_kmem_cache_alloc_bulk
#define kmem_cache_free_bulk		lslab_kmem_cache_free_bulk
#define kmem_cache_zalloc		lslab_kmem_cache_zalloc
#define kmem_cache_charge		lslab_kmem_cache_charge

/* kmalloc family */
#define kmalloc_caches			lslab_kmalloc_caches
#define kmalloc				lslab_kmalloc
#define kmalloc_node			lslab_kmalloc_node
#define __kmalloc_cache_noprof		lslab___kmalloc_cache_noprof
#define kmem_buckets			lslab_kmem_buckets
#define kmem_buckets_create		lslab_kmem_buckets_create
#define kmem_buckets_alloc		lslab_kmem_buckets_alloc
#define krealloc			lslab_krealloc
#define kfree				lslab_kfree
#define kfree_sensitive			lslab_kfree_sensitive
#define ksize				lslab_ksize
#define kmalloc_size_roundup		lslab_kmalloc_size_roundup
#define kmemdup				lslab_kmemdup
#define kstrdup				lslab_kstrdup
#define kvmalloc_node			lslab_kvmalloc_node
#define kvfree				lslab_kvfree
#define kzalloc				lslab_kzalloc
#define kzalloc_node			lslab_kzalloc_node
#define kmalloc_array			lslab_kmalloc_array
#define kcalloc				lslab_kcalloc
#define kvmalloc			lslab_kvmalloc
#define kvzalloc			lslab_kvzalloc
#define kvmalloc_array_node		lslab_kvmalloc_array_node
#define kvmalloc_array			lslab_kvmalloc_array
#define kvcalloc_node			lslab_kvcalloc_node
#define kvcalloc			lslab_kvcalloc
#define kvrealloc			lslab_kvrealloc
#define krealloc_array			lslab_krealloc_array
#define kfree_bulk			lslab_kfree_bulk
#define kstrndup			lslab_kstrndup
#define kmemdup_nul			lslab_kmemdup_nul
#define kmemdup_array			lslab_kmemdup_array
#define kstrdup_const			lslab_kstrdup_const
#define kfree_const			lslab_kfree_const
#define memdup_user			lslab_memdup_user
#define memdup_user_nul			lslab_memdup_user_nul

/* libslab's own interface */
#define get_slabinfo			lslab_get_slabinfo

/*
 * External symbols the core defines beyond slab_api.h (internal
 * interfaces between src/ .c files, declared in src/slab.h).  Names that are
 * also global in the kernel must be mapped or the vmlinux link fails;
 * scripts/run-kunit.sh lists every global symbol of lib/libslab/ that
 * lacks the lslab_/libslab_ prefix and fails on it.
 */
#include "libslab_core_names.h"

/* ---- 4. folio markers ------------------------------------------------- */
#ifdef CONFIG_LIBSLAB_ALLOCATOR
/*
 * Replacement mode: libslab is the kernel's slab allocator, so its slabs
 * carry the kernel's own PGTY_slab page type (hardened usercopy, kfree()'s
 * callers, page dumps and /proc/kpageflags read it), and, as in 6.12, any
 * other folio that reaches kfree() or ksize() is a large kmalloc: it has
 * no mark to set or clear.  Clearing a slab's type also resets ->mapping,
 * which overlays slab_list.prev, as mm/slub.c's __free_slab() does.
 */
static __always_inline void lslab___folio_clear_slab(struct folio *folio)
{
	folio->mapping = NULL;
	__folio_clear_slab(folio);
}

static __always_inline bool lslab_folio_test_large_kmalloc(const struct folio *folio)
{
	return !folio_test_slab(folio);
}

static __always_inline void lslab___folio_mark_large_kmalloc(struct folio *folio)
{
}

#define __folio_clear_slab		lslab___folio_clear_slab
#define folio_test_large_kmalloc	lslab_folio_test_large_kmalloc
#define __folio_set_large_kmalloc	lslab___folio_mark_large_kmalloc
#define __folio_clear_large_kmalloc	lslab___folio_mark_large_kmalloc
#else
/*
 * The kernel's SLUB marks its folios with the PGTY_slab page type, and
 * hardened usercopy, kfree(), page dumps and /proc/kpageflags all trust
 * that mark.  libslab's folios must not carry it.  Instead:
 *
 *   our slab:           PG_owner_priv_1 on the head page
 *   our large kmalloc:  PG_private on the head page
 *
 * Both flags are free for the owner of a page that is in neither the page
 * cache nor swap cache (PG_owner_priv_1 is PG_checked/PG_swapcache/... only
 * for such pages).  The page is never on an LRU and not swap-backed, which
 * the test below also requires, so a page cache folio with PG_checked set is
 * never mistaken for ours.  Clearing also resets ->mapping, which overlays
 * slab_list.prev of the core's struct slab, so that free_pages() finds the
 * "no mapping" state it insists on.
 */
static __always_inline bool lslab_folio_test_slab(const struct folio *folio)
{
	return test_bit(PG_owner_priv_1, const_folio_flags(folio, 0)) &&
	       !test_bit(PG_lru, const_folio_flags(folio, 0)) &&
	       !test_bit(PG_swapbacked, const_folio_flags(folio, 0));
}

static __always_inline void lslab___folio_set_slab(struct folio *folio)
{
	__set_bit(PG_owner_priv_1, folio_flags(folio, 0));
}

static __always_inline void lslab___folio_clear_slab(struct folio *folio)
{
	folio->mapping = NULL;
	/* the mapping reset before the mark goes, as mm/slub.c does */
	smp_wmb();
	__clear_bit(PG_owner_priv_1, folio_flags(folio, 0));
}

static __always_inline bool lslab_folio_test_large_kmalloc(const struct folio *folio)
{
	return test_bit(PG_private, const_folio_flags(folio, 0)) &&
	       !test_bit(PG_owner_priv_1, const_folio_flags(folio, 0)) &&
	       !test_bit(PG_lru, const_folio_flags(folio, 0)) &&
	       !test_bit(PG_swapbacked, const_folio_flags(folio, 0)) &&
	       !folio->mapping;
}

static __always_inline void lslab___folio_set_large_kmalloc(struct folio *folio)
{
	__set_bit(PG_private, folio_flags(folio, 0));
}

static __always_inline void lslab___folio_clear_large_kmalloc(struct folio *folio)
{
	__clear_bit(PG_private, folio_flags(folio, 0));
}

#define folio_test_slab			lslab_folio_test_slab
#define __folio_set_slab		lslab___folio_set_slab
#define __folio_clear_slab		lslab___folio_clear_slab
#define folio_test_large_kmalloc	lslab_folio_test_large_kmalloc
#define __folio_set_large_kmalloc	lslab___folio_set_large_kmalloc
#define __folio_clear_large_kmalloc	lslab___folio_clear_large_kmalloc

/*
 * Beside SLUB, the kernel's kmem trace events describe SLUB's caches (their
 * probes read SLUB's struct kmem_cache): libslab emits none of them.
 */
static inline void lslab_trace_kmem_cache_alloc(unsigned long call_site, const void *ptr,
						const void *s, gfp_t gfp_flags, int node)
{
}

static inline void lslab_trace_kmalloc(unsigned long call_site, const void *ptr,
				       size_t bytes_req, size_t bytes_alloc,
				       gfp_t gfp_flags, int node)
{
}

static inline void lslab_trace_kfree(unsigned long call_site, const void *ptr)
{
}

static inline void lslab_trace_kmem_cache_free(unsigned long call_site, const void *ptr,
					       const void *s)
{
}

#define trace_kmem_cache_alloc		lslab_trace_kmem_cache_alloc
#define trace_kmalloc			lslab_trace_kmalloc
#define trace_kfree			lslab_trace_kfree
#define trace_kmem_cache_free		lslab_trace_kmem_cache_free
#endif

/* ---- 5. what the kernel's public headers lack ------------------------- */
/*
 * mm/slab.h (private) defines __CMPXCHG_DOUBLE; the public header only has
 * the bit number.  The userspace shim provides SLAB_CMPXCHG_DOUBLE.
 */
#ifndef SLAB_CMPXCHG_DOUBLE
#define SLAB_CMPXCHG_DOUBLE	__SLAB_FLAG_BIT(_SLAB_CMPXCHG_DOUBLE)
#endif

/*
 * Beside the kernel's SLUB (the side-by-side and module builds), the core
 * keeps usercopy regions and bucket caches, and models the sysfs files
 * of a NUMA kernel with ZONE_DMA, whatever the kernel's options, as the
 * userspace build does; in a kernel on libslab, libslab_kernel_names.h
 * sets them from HARDENED_USERCOPY, SLAB_BUCKETS, NUMA and ZONE_DMA.
 */
#ifndef CONFIG_LIBSLAB_ALLOCATOR
#define CONFIG_LIBSLAB_HARDENED_USERCOPY 1
#define CONFIG_LIBSLAB_BUCKETS 1
#define CONFIG_LIBSLAB_NUMA 1
#define CONFIG_LIBSLAB_ZONE_DMA 1
#endif

/* ---- 6. what the kernel does not export to modules --------------------- */
#ifdef MODULE
/*
 * On x86 this_cpu_try_cmpxchg128() may call this_cpu_cmpxchg16b_emu(),
 * which modules cannot link against.  Interrupts off around a local
 * cmpxchg of this CPU's copy give the same guarantee: nothing else on the
 * CPU runs between the compare and the store.
 */
#ifdef CONFIG_X86_64
static __always_inline bool lslab_this_cpu_try_cmpxchg128(u128 __percpu *pcp,
							  u128 *oldp, u128 new)
{
	unsigned long flags;
	bool done;

	local_irq_save(flags);
	done = try_cmpxchg128_local(this_cpu_ptr(pcp), oldp, new);
	local_irq_restore(flags);
	return done;
}

#undef this_cpu_try_cmpxchg128
#define this_cpu_try_cmpxchg128(pcp, oldp, new)				\
	lslab_this_cpu_try_cmpxchg128(&(pcp), oldp, new)
#endif

/*
 * print_tainted() is not exported either: the set taint flags' letters
 * (Documentation/admin-guide/tainted-kernels.rst), or "Not tainted".
 */
static inline const char *lslab_print_tainted(void)
{
	static const char letters[TAINT_FLAGS_COUNT + 1] = "PFSRMBUDAWCIOELKXTN";
	static char buf[sizeof("Tainted: ") + TAINT_FLAGS_COUNT];
	char *p = buf + sprintf(buf, "Tainted: ");
	int flag;

	for (flag = 0; flag < TAINT_FLAGS_COUNT; flag++)
		if (test_taint(flag))
			*p++ = letters[flag];
	*p = '\0';
	return p == buf + strlen("Tainted: ") ? "Not tainted" : buf;
}

#define print_tainted()			lslab_print_tainted()

/*
 * gfp_allowed_mask is not exported either.  A module loads after boot,
 * when every bit is allowed; only suspend and hibernation narrow the mask
 * again (no I/O, no fs), and a module's slab pages do not see that.
 */
#define gfp_allowed_mask		__GFP_BITS_MASK

/*
 * lockdep_assert_cpus_held() is not exported: a module compiles it away
 * (the built-in and userspace builds still check).
 */
#undef lockdep_assert_cpus_held
#define lockdep_assert_cpus_held()	do { } while (0)

/*
 * vrealloc() is not exported; the kernel's kvrealloc() is, and for a
 * vmalloc address (the only one libslab's kvrealloc() passes on) it is
 * exactly vrealloc().
 */
#undef vrealloc
#define vrealloc(p, size, flags)	kvrealloc_noprof(p, size, flags)

/*
 * __start_rodata/__end_rodata are not exported either.  A module's own
 * strings are never the kernel's rodata, so for them "false" is the
 * kernel's answer: kstrdup_const() copies and kfree_const() frees.  A
 * string of vmlinux's rodata is copied too, and passing one that did not
 * come from kstrdup_const() to kfree_const() draws kfree()'s WARN.
 */
static inline bool lslab_module_is_kernel_rodata(unsigned long addr)
{
	return false;
}

#define is_kernel_rodata		lslab_module_is_kernel_rodata
#endif /* MODULE */

/* ---- 7. the project API, now declaring lslab_ names -------------------- */
/*
 * <linux/string.h>'s copies from user space, which the core defines too
 * (the kernel's own are mm/util.c's): declared again, now under their
 * lslab_ names.
 */
void *memdup_user(const void __user *src, size_t len);
void *memdup_user_nul(const void __user *src, size_t len);

#include <linux/slab_api.h>
#include <linux/libslab.h>

#endif /* _LIBSLAB_PRELUDE_H */
