/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Atomics and cmpxchg on GCC's __atomic builtins.  Value-returning RMW
 * operations are fully ordered (seq_cst) as the kernel's are; the void
 * ones are relaxed as the kernel allows.  try_cmpxchg128 is a real
 * lock-free cmpxchg16b on x86_64 (inline asm, or a restartable sequence
 * while the process has a single thread; the builtin with -mcx16 under
 * ThreadSanitizer) and casp on arm64.
 */
#ifndef _SHIM_LINUX_ATOMIC_H
#define _SHIM_LINUX_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <sim/cpu.h>

#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC_LONG_INIT(i)	{ (i) }

#define smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()	__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()	__atomic_thread_fence(__ATOMIC_RELEASE)
/*
 * The mandatory barriers, which the kernel keeps for device memory too;
 * a process has only ordinary memory, where they are the SMP ones.
 */
#define mb()		smp_mb()
#define rmb()		smp_rmb()
#define wmb()		smp_wmb()

#define atomic_read(v)		sim_marked(__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED))
#define atomic_set(v, i)	sim_marked_void(__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_add(i, v)	sim_marked_void(__atomic_fetch_add(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_sub(i, v)	sim_marked_void(__atomic_fetch_sub(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_inc(v)		atomic_add(1, v)
#define atomic_dec(v)		atomic_sub(1, v)
/*
 * A fully ordered read-modify-write: a preemption point, and for the race
 * detectors a release before and an acquire after, on the location.
 */
#define __sim_ordered_rmw(ptr, op) ({					\
	__typeof__(op) __r;						\
	sim_point(SIM_POINT_ATOMIC);					\
	sim_release(ptr);						\
	__r = sim_marked(op);						\
	sim_acquire(ptr);						\
	__r; })

#define atomic_add_return(i, v)	__sim_ordered_rmw(&(v)->counter,	\
		__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST))
#define atomic_inc_return(v)	atomic_add_return(1, v)
#define atomic_dec_return(v)	__sim_ordered_rmw(&(v)->counter,	\
		__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST))
#define atomic_dec_and_test(v)	(atomic_dec_return(v) == 0)

#define atomic_long_read(v)	atomic_read(v)
#define atomic_long_set(v, i)	atomic_set(v, i)
#define atomic_long_add(i, v)	atomic_add(i, v)
#define atomic_long_sub(i, v)	atomic_sub(i, v)
#define atomic_long_inc(v)	atomic_inc(v)
#define atomic_long_dec(v)	atomic_dec(v)
#define atomic_long_add_return(i, v)	atomic_add_return(i, v)
#define atomic_long_inc_return(v)	atomic_inc_return(v)
#define atomic_long_dec_return(v)	atomic_dec_return(v)

/* Store n at ptr if it holds o; returns the old value. */
#define cmpxchg(ptr, o, n) ({						\
	__typeof__(*(ptr)) __old = (o);					\
	(void)__sim_ordered_rmw(ptr,					\
		__atomic_compare_exchange_n(ptr, &__old, (n), false,	\
				__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));	\
	__old; })
/* Store n at ptr if it holds *oldp; else update *oldp.  True on success. */
#define try_cmpxchg(ptr, oldp, n)					\
	__sim_ordered_rmw(ptr, __atomic_compare_exchange_n(ptr, oldp, (n), \
				false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
/* Store n at ptr; returns the old value. */
#define xchg(ptr, n)	__sim_ordered_rmw(ptr, __atomic_exchange_n(ptr, (n), __ATOMIC_SEQ_CST))

#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#define sim_single_threaded()	(__libc_single_threaded != 0)
#else
#define sim_single_threaded()	false
#endif

/*
 * lock cmpxchg16b that jumps to label done when it stored new; when it
 * falls through, lo and hi hold what *ptr held (asm goto's outputs are
 * valid on the fall-through path in gcc and clang).
 */
#define __sim_cmpxchg16b_goto(ptr, lo, hi, new, done)			\
	__asm__ goto("lock cmpxchg16b %[p]\n\t"				\
		     "je %l[" #done "]"					\
		     : [p] "+m" (*(ptr)), "+a" (lo), "+d" (hi)		\
		     : "b" ((u64)(new)), "c" ((u64)((new) >> 64))	\
		     : "memory", "cc"					\
		     : done)

/*
 * cmpxchg16b branching on its zero flag, as the kernel's
 * arch_try_cmpxchg128() does: no 128-bit comparison after it, and no
 * flag turned into a value and tested again.  Atomic against every CPU,
 * as the kernel's is, by the lock prefix.  Where the host restarts
 * sequences, a process with one thread (glibc's __libc_single_threaded:
 * only that thread could start another, so it cannot change meanwhile)
 * needs no cmpxchg16b at all: sim_rseq_commit_alone() compares and stores
 * in a restartable sequence, which a signal handler of that thread, the
 * one thing that can come between, cannot interrupt unnoticed.  Where it
 * does not (valgrind, which has no rseq, runs one thread at a time and
 * counts the lock prefix as nothing) one test leads to the locked
 * instruction.  ThreadSanitizer cannot see inside asm, so its builds keep
 * the builtin.
 */
static __always_inline bool __sim_try_cmpxchg128(u128 *ptr, u128 *oldp,
						 u128 new)
{
	u64 lo = (u64)*oldp, hi = (u64)(*oldp >> 64);

	if (sim_rseq_alone_ok && sim_single_threaded()) {
		if (sim_rseq_commit_alone(ptr, *oldp, new))
			return true;
		*oldp = sim_rseq_pair_seen(ptr);
		return false;
	}
	__sim_cmpxchg16b_goto(ptr, lo, hi, new, stored);
	*oldp = ((u128)hi << 64) | lo;
	return false;
stored:
	return true;
}
#else
static __always_inline bool __sim_try_cmpxchg128(u128 *ptr, u128 *oldp,
						 u128 new)
{
	u128 old = *oldp;
	u128 seen = __sync_val_compare_and_swap(ptr, old, new);

	*oldp = seen;
	return seen == old;
}
#endif

#include <sim/rseq.h>

/*
 * Double-word try_cmpxchg on a 16-byte aligned u128 that is no per-CPU
 * pair (those go through sim_percpu_try_cmpxchg128()).
 */
static __always_inline bool try_cmpxchg128(u128 *ptr, u128 *oldp, u128 new)
{
	if (__sim_ordered_rmw(ptr, __sim_try_cmpxchg128(ptr, oldp, new)))
		return true;
	sim_cmpxchg128_failed();
	return false;
}

/*
 * try_cmpxchg128 on a pair in the per-CPU region, this CPU's or another's:
 * under libslab-fast's rseq commit (sim/rseq.h) the restartable sequence
 * or the fenced path, which every writer of such a pair must take.
 */
static __always_inline bool sim_percpu_try_cmpxchg128(u128 *ptr, u128 *oldp,
						      u128 new)
{
#if SIM_RSEQ
	/* Only per-CPU pairs come here: whether the commit is on decides. */
	if (sim_rseq_active()) {
		if (sim_rseq_try_cmpxchg128(ptr, oldp, new))
			return true;
		sim_cmpxchg128_failed();
		return false;
	}
#endif
	return try_cmpxchg128(ptr, oldp, new);
}

/* Whether the machine has a lock-free 16-byte cmpxchg (always, here). */
static inline bool system_has_cmpxchg128(void)
{
	return true;
}

#include <linux/atomic-family.h>

#endif
