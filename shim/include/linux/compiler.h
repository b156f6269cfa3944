/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiler attributes and access macros with the kernel's spelling.
 * READ_ONCE/WRITE_ONCE/data_race() are described where they are defined.
 */
#ifndef _SHIM_LINUX_COMPILER_H
#define _SHIM_LINUX_COMPILER_H

/*
 * The shim and the tests ask gcc's __SANITIZE_ADDRESS__ and
 * __SANITIZE_THREAD__ which sanitizer a build has.  Older clang (14 among
 * them) only answers __has_feature(), and without this a clang TSan build
 * drops every annotation and a clang ASan build runs valgrind over itself.
 */
#if defined(__clang__) && defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1
#endif
#if __has_feature(thread_sanitizer) && !defined(__SANITIZE_THREAD__)
#define __SANITIZE_THREAD__ 1
#endif
#endif

#include <sim/annotate.h>
#include <sim/hooks.h>
#include <linux/kconfig.h>

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
/*
 * Only reserved names here: an ordinary word such as noinline would break a
 * program's own __attribute__((noinline)) (<linux/compiler_attributes.h>).
 */
#undef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __malloc		__attribute__((__malloc__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#define __cold			__attribute__((__cold__))
#define __noreturn		__attribute__((__noreturn__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __force
#define __bitwise
#define __percpu
#define __iomem
#define __user
#define __rcu
#define __init
#define __exit
#define __initdata
#define __initconst
#define __ro_after_init
#define __read_mostly
#define __section(s)		__attribute__((__section__(s)))
/* Lock-context annotations: read by sparse in the kernel build, nothing here. */
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#define __acquire(x)		((void)0)
#define __release(x)		((void)0)
#define __cond_lock(x, c)	(c)

#define barrier()		__asm__ __volatile__("" ::: "memory")
/* The compiler forgets what it knew about var's value (no code). */
#define OPTIMIZER_HIDE_VAR(var)	__asm__ ("" : "=r" (var) : "0" (var))

/*
 * READ_ONCE/WRITE_ONCE are relaxed atomic accesses: single-copy atomic
 * and unordered, like the kernel's volatile accesses of aligned words,
 * and visible as marked accesses to ThreadSanitizer.  Each is a
 * preemption point.  The kernel also orders accesses through a pointer
 * after the READ_ONCE that loaded it (address dependency); the hardware
 * gives that for free, but ThreadSanitizer only understands it as an
 * acquire, so its builds load with memory_order_consume (an acquire).
 */
#if defined(__SANITIZE_THREAD__)
#define __READ_ONCE_ORDER	__ATOMIC_CONSUME
#else
#define __READ_ONCE_ORDER	__ATOMIC_RELAXED
#endif
#define READ_ONCE(x) ({							\
	sim_point(0);							\
	__READ_ONCE(x); })
#define WRITE_ONCE(x, val)						\
	do {								\
		sim_point(1);						\
		__WRITE_ONCE(x, val);					\
	} while (0)
/*
 * READ_ONCE()/WRITE_ONCE() without the preemption point (the kernel's
 * forms without their type check): for accesses whose interleaving no
 * lockless code depends on, such as a page's type and head, and inside a
 * lockless try, which runs only while no point is armed (slab_platform_impl.h).
 */
#define __READ_ONCE(x)							\
	sim_marked(__atomic_load_n(&(x), __READ_ONCE_ORDER))
#define __WRITE_ONCE(x, val)						\
	sim_marked_void(__atomic_store_n(&(x), (val), __ATOMIC_RELAXED))
/* A racy access the code tolerates on purpose (kernel data_race()). */
#define data_race(expr) ({						\
	__typeof__(expr) __v;						\
	sim_ignore_begin();						\
	__v = (expr);							\
	sim_ignore_end();						\
	__v; })

#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)
#define _RET_IP_		((unsigned long)__builtin_return_address(0))
#define _THIS_IP_		({ __label__ __here; __here: (unsigned long)&&__here; })

#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))

#endif
