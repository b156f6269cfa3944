/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rest of the kernel's atomic API beside what <linux/atomic.h> defines
 * itself (read/set, add/sub/inc/dec, the fully ordered add/inc/dec_return,
 * dec_and_test, cmpxchg, try_cmpxchg, xchg): atomic64_t, the fetch_*
 * operations, and/or/xor/andnot, the conditional ones (add_unless,
 * inc_not_zero, ...), xchg/cmpxchg/try_cmpxchg on an atomic, every
 * _relaxed/_acquire/_release variant, and the barriers
 * smp_load_acquire()/smp_store_release()/smp_mb__{before,after}_atomic().
 * Included at the end of <linux/atomic.h>.
 *
 * Ordering, as Documentation/atomic_t.txt states it: value-returning
 * operations without a suffix are fully ordered (seq_cst); _acquire ones
 * order what follows after them, _release ones what precedes before them,
 * _relaxed ones nothing; void operations are relaxed; a failed
 * cmpxchg/try_cmpxchg orders nothing beyond its own load (acquire for
 * the fully ordered and _acquire forms).  Values wrap on overflow, as the
 * kernel's do.  Every value-returning operation is a preemption point for
 * the deterministic scheduler; the release/acquire pairs are told to the
 * race detectors like the fully ordered ones in <linux/atomic.h>.
 * Not modelled: atomic_t on an architecture without native atomics.
 */
#ifndef _SHIM_LINUX_ATOMIC_FAMILY_H
#define _SHIM_LINUX_ATOMIC_FAMILY_H

/* Included alone, it brings <linux/atomic.h>, which it extends, first. */
#include <linux/atomic.h>

#define ATOMIC64_INIT(i)	{ (i) }

/* Barriers around the void (relaxed) operations, which order nothing. */
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()
/* Upgrade a control dependency on a load to an acquire. */
#define smp_acquire__after_ctrl_dep()	smp_rmb()

/* Load *p; later accesses stay after it. */
#define smp_load_acquire(p) ({						\
	__typeof__(__atomic_load_n(p, __ATOMIC_RELAXED)) __v;		\
	sim_point(SIM_POINT_READ);					\
	__v = sim_marked(__atomic_load_n(p, __ATOMIC_ACQUIRE));		\
	sim_acquire(p);							\
	__v; })
/* Store v at *p; earlier accesses stay before it. */
#define smp_store_release(p, v)						\
	do {								\
		sim_point(SIM_POINT_WRITE);				\
		sim_release(p);						\
		sim_marked_void(__atomic_store_n(p, (v), __ATOMIC_RELEASE)); \
	} while (0)

#define __SIM_ORDER_full	__ATOMIC_SEQ_CST
#define __SIM_ORDER_acquire	__ATOMIC_ACQUIRE
#define __SIM_ORDER_release	__ATOMIC_RELEASE
#define __SIM_ORDER_relaxed	__ATOMIC_RELAXED
/* A failed compare is only a load: never a release, never above success. */
#define __SIM_FAIL_ORDER_full		__ATOMIC_SEQ_CST
#define __SIM_FAIL_ORDER_acquire	__ATOMIC_ACQUIRE
#define __SIM_FAIL_ORDER_release	__ATOMIC_RELAXED
#define __SIM_FAIL_ORDER_relaxed	__ATOMIC_RELAXED

/* One read-modify-write op on the location at ptr, with its ordering told. */
#define __sim_rmw_full(ptr, op)		__sim_ordered_rmw(ptr, op)
#define __sim_rmw_acquire(ptr, op) ({					\
	__typeof__(op) __ra;						\
	sim_point(SIM_POINT_ATOMIC);					\
	__ra = sim_marked(op);						\
	sim_acquire(ptr);						\
	__ra; })
#define __sim_rmw_release(ptr, op) ({					\
	sim_point(SIM_POINT_ATOMIC);					\
	sim_release(ptr);						\
	sim_marked(op); })
#define __sim_rmw_relaxed(ptr, op) ({					\
	sim_point(SIM_POINT_ATOMIC);					\
	sim_marked(op); })

/* cmpxchg(), xchg() and try_cmpxchg() on plain variables, with an ordering. */
#define __sim_cmpxchg_order(ptr, o, n, ord) ({				\
	__typeof__(*(ptr)) __old = (o);					\
	(void)__sim_rmw_##ord(ptr, __atomic_compare_exchange_n(ptr, &__old, \
			(n), false, __SIM_ORDER_##ord, __SIM_FAIL_ORDER_##ord)); \
	__old; })
#define __sim_try_cmpxchg_order(ptr, oldp, n, ord)			\
	__sim_rmw_##ord(ptr, __atomic_compare_exchange_n(ptr, oldp, (n), \
			false, __SIM_ORDER_##ord, __SIM_FAIL_ORDER_##ord))
#define __sim_xchg_order(ptr, n, ord)					\
	__sim_rmw_##ord(ptr, __atomic_exchange_n(ptr, (n), __SIM_ORDER_##ord))

#define cmpxchg_relaxed(ptr, o, n)	__sim_cmpxchg_order(ptr, o, n, relaxed)
#define cmpxchg_acquire(ptr, o, n)	__sim_cmpxchg_order(ptr, o, n, acquire)
#define cmpxchg_release(ptr, o, n)	__sim_cmpxchg_order(ptr, o, n, release)
#define try_cmpxchg_relaxed(ptr, oldp, n)	__sim_try_cmpxchg_order(ptr, oldp, n, relaxed)
#define try_cmpxchg_acquire(ptr, oldp, n)	__sim_try_cmpxchg_order(ptr, oldp, n, acquire)
#define try_cmpxchg_release(ptr, oldp, n)	__sim_try_cmpxchg_order(ptr, oldp, n, release)
#define xchg_relaxed(ptr, n)	__sim_xchg_order(ptr, n, relaxed)
#define xchg_acquire(ptr, n)	__sim_xchg_order(ptr, n, acquire)
#define xchg_release(ptr, n)	__sim_xchg_order(ptr, n, release)
#define cmpxchg64(ptr, o, n)	cmpxchg(ptr, o, n)
#define try_cmpxchg64(ptr, oldp, n)	try_cmpxchg(ptr, oldp, n)

/* The andnot RMW: clear the bits of i. */
#define __sim_fetch_andnot(p, i, order)	__atomic_fetch_and(p, ~(i), order)

/* ctype pfx_name(ctype i, atype *v), ordered by ord; wraps like the kernel. */
#define __SIM_ATOMIC_OP_ARG(pfx, atype, ctype, utype, name, rmw, ord, sfx) \
static __always_inline ctype pfx##_##name##sfx(ctype i, atype *v)	\
{									\
	return (ctype)__sim_rmw_##ord(&v->counter,			\
		rmw((utype *)&v->counter, (utype)i, __SIM_ORDER_##ord)); \
}
/* ctype pfx_name(atype *v): the same with i = 1. */
#define __SIM_ATOMIC_OP_ONE(pfx, atype, ctype, utype, name, rmw, ord, sfx) \
static __always_inline ctype pfx##_##name##sfx(atype *v)		\
{									\
	return (ctype)__sim_rmw_##ord(&v->counter,			\
		rmw((utype *)&v->counter, (utype)1, __SIM_ORDER_##ord)); \
}
/* pfx_xchg, pfx_cmpxchg (returns the old value), pfx_try_cmpxchg. */
#define __SIM_ATOMIC_XCHG(pfx, atype, ctype, utype, name, rmw, ord, sfx) \
static __always_inline ctype pfx##_xchg##sfx(atype *v, ctype new)	\
{									\
	return __sim_xchg_order(&v->counter, new, ord);			\
}									\
static __always_inline bool pfx##_try_cmpxchg##sfx(atype *v, ctype *old, \
						   ctype new)		\
{									\
	return __sim_try_cmpxchg_order(&v->counter, old, new, ord);	\
}									\
static __always_inline ctype pfx##_cmpxchg##sfx(atype *v, ctype old,	\
						ctype new)		\
{									\
	(void)pfx##_try_cmpxchg##sfx(v, &old, new);			\
	return old;							\
}

/* gen in the three suffixed orderings, then also in the fully ordered one. */
#define __SIM_ATOMIC_SUFFIXED(gen, ...)					\
	gen(__VA_ARGS__, relaxed, _relaxed)				\
	gen(__VA_ARGS__, acquire, _acquire)				\
	gen(__VA_ARGS__, release, _release)
#define __SIM_ATOMIC_ALL_ORDERS(gen, ...)				\
	gen(__VA_ARGS__, full, )					\
	__SIM_ATOMIC_SUFFIXED(gen, __VA_ARGS__)

/* A relaxed void bit operation. */
#define __SIM_ATOMIC_VOID_OP(pfx, atype, ctype, name, rmw)		\
static __always_inline void pfx##_##name(ctype i, atype *v)		\
{									\
	sim_marked_void(rmw(&v->counter, i, __ATOMIC_RELAXED));		\
}

/*
 * Everything <linux/atomic.h> leaves out, for one atomic type whose
 * counter is ctype (utype: its unsigned twin, for wrapping arithmetic).
 */
#define __SIM_ATOMIC_FAMILY(pfx, atype, ctype, utype)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_add, __atomic_fetch_add)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_sub, __atomic_fetch_sub)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_and, __atomic_fetch_and)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_or, __atomic_fetch_or)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_xor, __atomic_fetch_xor)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			fetch_andnot, __sim_fetch_andnot)		\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ONE, pfx, atype, ctype, utype,	\
			fetch_inc, __atomic_fetch_add)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ONE, pfx, atype, ctype, utype,	\
			fetch_dec, __atomic_fetch_sub)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
			sub_return, __atomic_sub_fetch)			\
__SIM_ATOMIC_SUFFIXED(__SIM_ATOMIC_OP_ARG, pfx, atype, ctype, utype,	\
		      add_return, __atomic_add_fetch)			\
__SIM_ATOMIC_SUFFIXED(__SIM_ATOMIC_OP_ONE, pfx, atype, ctype, utype,	\
		      inc_return, __atomic_add_fetch)			\
__SIM_ATOMIC_SUFFIXED(__SIM_ATOMIC_OP_ONE, pfx, atype, ctype, utype,	\
		      dec_return, __atomic_sub_fetch)			\
__SIM_ATOMIC_ALL_ORDERS(__SIM_ATOMIC_XCHG, pfx, atype, ctype, utype,	\
			xchg, -)					\
__SIM_ATOMIC_VOID_OP(pfx, atype, ctype, and, __atomic_fetch_and)	\
__SIM_ATOMIC_VOID_OP(pfx, atype, ctype, or, __atomic_fetch_or)		\
__SIM_ATOMIC_VOID_OP(pfx, atype, ctype, xor, __atomic_fetch_xor)	\
__SIM_ATOMIC_VOID_OP(pfx, atype, ctype, andnot, __sim_fetch_andnot)	\
									\
/* The counter, with later accesses ordered after the load. */		\
static __always_inline ctype pfx##_read_acquire(const atype *v)	\
{									\
	return smp_load_acquire(&v->counter);				\
}									\
									\
/* Set the counter, with earlier accesses ordered before the store. */	\
static __always_inline void pfx##_set_release(atype *v, ctype i)	\
{									\
	smp_store_release(&v->counter, i);				\
}									\
									\
/* Subtract i; true if the result is 0.  Fully ordered. */		\
static __always_inline bool pfx##_sub_and_test(ctype i, atype *v)	\
{									\
	return pfx##_sub_return(i, v) == 0;				\
}									\
									\
/* Increment; true if the result is 0.  Fully ordered. */		\
static __always_inline bool pfx##_inc_and_test(atype *v)		\
{									\
	return pfx##_inc_return(v) == 0;				\
}									\
									\
/* Add i; true if the result is negative.  Fully ordered. */		\
static __always_inline bool pfx##_add_negative(ctype i, atype *v)	\
{									\
	return pfx##_add_return(i, v) < 0;				\
}									\
									\
/* Add a unless the counter is u; the old value.  Ordered if it adds. */	\
static __always_inline ctype pfx##_fetch_add_unless(atype *v, ctype a,	\
						    ctype u)		\
{									\
	ctype c = pfx##_read(v);					\
									\
	do {								\
		if (unlikely(c == u))					\
			break;						\
	} while (!pfx##_try_cmpxchg(v, &c, (ctype)((utype)c + (utype)a))); \
	return c;							\
}									\
									\
/* Add a unless the counter is u; true if it added. */			\
static __always_inline bool pfx##_add_unless(atype *v, ctype a, ctype u) \
{									\
	return pfx##_fetch_add_unless(v, a, u) != u;			\
}									\
									\
/* Increment unless the counter is 0; true if it incremented. */	\
static __always_inline bool pfx##_inc_not_zero(atype *v)		\
{									\
	return pfx##_add_unless(v, 1, 0);				\
}									\
									\
/* Increment unless the counter is negative; true if it incremented. */ \
static __always_inline bool pfx##_inc_unless_negative(atype *v)		\
{									\
	ctype c = pfx##_read(v);					\
									\
	do {								\
		if (unlikely(c < 0))					\
			return false;					\
	} while (!pfx##_try_cmpxchg(v, &c, (ctype)((utype)c + 1)));	\
	return true;							\
}									\
									\
/* Decrement unless the counter is positive; true if it decremented. */ \
static __always_inline bool pfx##_dec_unless_positive(atype *v)	\
{									\
	ctype c = pfx##_read(v);					\
									\
	do {								\
		if (unlikely(c > 0))					\
			return false;					\
	} while (!pfx##_try_cmpxchg(v, &c, (ctype)((utype)c - 1)));	\
	return true;							\
}									\
									\
/* Decrement if the result stays >= 0; returns counter - 1 either way. */ \
static __always_inline ctype pfx##_dec_if_positive(atype *v)		\
{									\
	ctype c = pfx##_read(v);					\
	ctype dec;							\
									\
	do {								\
		dec = (ctype)((utype)c - 1);				\
		if (unlikely(dec < 0))					\
			break;						\
	} while (!pfx##_try_cmpxchg(v, &c, dec));			\
	return dec;							\
}

/*
 * atomic64_t and the atomic_long_t calls <linux/atomic.h> lacks, spelled
 * through its macros, which work on any counter.
 */
#define atomic64_read(v)		atomic_read(v)
#define atomic64_set(v, i)		atomic_set(v, i)
#define atomic64_add(i, v)		atomic_add(i, v)
#define atomic64_sub(i, v)		atomic_sub(i, v)
#define atomic64_inc(v)			atomic_inc(v)
#define atomic64_dec(v)			atomic_dec(v)
#define atomic64_add_return(i, v)	atomic_add_return(i, v)
#define atomic64_inc_return(v)		atomic_inc_return(v)
#define atomic64_dec_return(v)		atomic_dec_return(v)
#define atomic64_dec_and_test(v)	atomic_dec_and_test(v)
#define atomic_long_dec_and_test(v)	atomic_dec_and_test(v)

__SIM_ATOMIC_FAMILY(atomic, atomic_t, int, unsigned int)
__SIM_ATOMIC_FAMILY(atomic64, atomic64_t, s64, u64)
__SIM_ATOMIC_FAMILY(atomic_long, atomic_long_t, long, unsigned long)

#endif
