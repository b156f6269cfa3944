/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scope-based resource release, as <linux/cleanup.h> of Linux 6.12 gives
 * it, on the compiler's cleanup attribute (gcc and clang, C11 and later).
 *
 * Guarantees kept: a __free(name) variable is released with name's
 * expression when it leaves scope, unless no_free_ptr()/return_ptr() took
 * it out; CLASS() runs its constructor where it is declared and its
 * destructor at scope exit; guard(name)(args) holds a lock for the rest of
 * the scope and scoped_guard(name, args) for the statement after it (a
 * break leaves that statement and releases the lock); conditional guards
 * (DEFINE_GUARD_COND, e.g. mutex_try) enter scoped_guard's body only when
 * the lock was taken, and scoped_cond_guard() runs its fail statement
 * otherwise.  Release order is the reverse of declaration, as the
 * attribute defines.
 *
 * Not modelled: nothing; the semantics are the compiler's, as in the
 * kernel.  The guards of each lock type are defined in its own header.
 */
#ifndef _SHIM_LINUX_CLEANUP_H
#define _SHIM_LINUX_CLEANUP_H

#include <stdbool.h>
#include <linux/compiler.h>

#ifndef __cleanup
#define __cleanup(fn)		__attribute__((__cleanup__(fn)))
#endif
#define __sim_cleanup_paste2(a, b)	a##b
#define __sim_cleanup_paste(a, b)	__sim_cleanup_paste2(a, b)
#ifndef __UNIQUE_ID
#define __UNIQUE_ID(prefix)						\
	__sim_cleanup_paste(__sim_cleanup_paste(__UNIQUE_ID_, prefix), __COUNTER__)
#endif

/* Declare the release of a _type variable named _T by the statement _free. */
#define DEFINE_FREE(_name, _type, _free)				\
	static inline void __free_##_name(void *__slot)			\
	{								\
		_type _T __maybe_unused = *(_type *)__slot;		\
		_free;							\
	}
/* Attribute of a variable released by DEFINE_FREE(_name)'s statement. */
#define __free(_name)	__cleanup(__free_##_name)

/* Read p and leave NULL in it, so its scope exit releases nothing. */
static inline __must_check const volatile void *
__sim_take_checked(const volatile void *v)
{
	return v;
}
#define __sim_take(p)							\
	({								\
		__auto_type __slotp = &(p);				\
		__auto_type __taken = *__slotp;				\
		*__slotp = NULL;					\
		__taken;						\
	})
/* Hand a __free() pointer on: it is no longer released at scope exit. */
#define no_free_ptr(p)	((__typeof__(p))__sim_take_checked(__sim_take(p)))
/* Return a __free() pointer to the caller without releasing it. */
#define return_ptr(p)	return no_free_ptr(p)

/*
 * A class: a type with a constructor taking _init_args and evaluating
 * _init, and a destructor running _exit on the value _T.
 */
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)		\
	typedef _type class_##_name##_t;				\
	static inline void class_##_name##_destructor(_type *__obj)	\
	{								\
		_type _T __maybe_unused = *__obj;			\
		_exit;							\
	}								\
	static inline _type class_##_name##_constructor(_init_args)	\
	{								\
		_type __made = _init;					\
		return __made;						\
	}
/* A class _name##ext sharing _name's type and destructor, built by _init. */
#define EXTEND_CLASS(_name, ext, _init, _init_args...)			\
	typedef class_##_name##_t class_##_name##ext##_t;		\
	static inline void						\
	class_##_name##ext##_destructor(class_##_name##_t *__obj)	\
	{								\
		class_##_name##_destructor(__obj);			\
	}								\
	static inline class_##_name##_t					\
	class_##_name##ext##_constructor(_init_args)			\
	{								\
		class_##_name##_t __made = _init;			\
		return __made;						\
	}
/* Declare var of class _name; the constructor's arguments follow. */
#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor

#define __sim_guard_is_cond(_name, cond)				\
	static __attribute__((unused)) const bool			\
		class_##_name##_is_conditional = cond

/* A guard on a _type pointer _T: _lock on entry, _unlock at scope exit. */
#define DEFINE_GUARD(_name, _type, _lock, _unlock)			\
	__sim_guard_is_cond(_name, false);				\
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; },		\
		     ({ _lock; _T; }), _type _T);			\
	static inline void *						\
	class_##_name##_lock_ptr(class_##_name##_t *__g)		\
	{								\
		return (void *)(unsigned long)*__g;			\
	}
/* The conditional form _name##_ext of a guard: _condlock true when taken. */
#define DEFINE_GUARD_COND(_name, _ext, _condlock)			\
	__sim_guard_is_cond(_name##_ext, true);				\
	EXTEND_CLASS(_name, _ext,					\
		     ({ void *__held = _T;				\
			if (_T && !(_condlock))				\
				__held = NULL;				\
			__held; }),					\
		     class_##_name##_t _T)				\
	static inline void *						\
	class_##_name##_ext##_lock_ptr(class_##_name##_t *__g)		\
	{								\
		return class_##_name##_lock_ptr(__g);			\
	}

/*
 * Guards whose state is a struct: the lock pointer (NULL when not held; a
 * token for _0) plus extra members such as irqsave's flags.
 */
#define __sim_lock_guard_ops(_name, _lock, _unlock)			\
	static inline void						\
	__sim_guard_lock_##_name(class_##_name##_t *_T __maybe_unused)	\
	{								\
		_lock;							\
	}								\
	static inline void						\
	__sim_guard_unlock_##_name(class_##_name##_t *_T __maybe_unused) \
	{								\
		_unlock;						\
	}								\
	static inline void						\
	class_##_name##_destructor(class_##_name##_t *_T)		\
	{								\
		if (_T->lock)						\
			__sim_guard_unlock_##_name(_T);			\
	}								\
	static inline void *						\
	class_##_name##_lock_ptr(class_##_name##_t *_T)			\
	{								\
		return (void *)_T->lock;				\
	}
/* A guard on _type *l that _lock and _unlock through _T->lock. */
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
	__sim_guard_is_cond(_name, false);				\
	typedef struct {						\
		_type *lock;						\
		__VA_ARGS__;						\
	} class_##_name##_t;						\
	__sim_lock_guard_ops(_name, _lock, _unlock)			\
	static inline class_##_name##_t					\
	class_##_name##_constructor(_type *l)				\
	{								\
		class_##_name##_t __g = { .lock = l };			\
		__sim_guard_lock_##_name(&__g);				\
		return __g;						\
	}
/* A guard with no lock object (rcu, preempt): its pointer is a token. */
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
	__sim_guard_is_cond(_name, false);				\
	typedef struct {						\
		void *lock;						\
		__VA_ARGS__;						\
	} class_##_name##_t;						\
	__sim_lock_guard_ops(_name, _lock, _unlock)			\
	static inline class_##_name##_t					\
	class_##_name##_constructor(void)				\
	{								\
		class_##_name##_t __g = { .lock = (void *)1 };		\
		__sim_guard_lock_##_name(&__g);				\
		return __g;						\
	}
/* The conditional form of a DEFINE_LOCK_GUARD_1 guard. */
#define DEFINE_LOCK_GUARD_1_COND(_name, _ext, _condlock)		\
	__sim_guard_is_cond(_name##_ext, true);				\
	typedef class_##_name##_t class_##_name##_ext##_t;		\
	static inline void						\
	class_##_name##_ext##_destructor(class_##_name##_t *_T)		\
	{								\
		class_##_name##_destructor(_T);				\
	}								\
	static inline void *						\
	class_##_name##_ext##_lock_ptr(class_##_name##_t *_T)		\
	{								\
		return class_##_name##_lock_ptr(_T);			\
	}								\
	static inline class_##_name##_t					\
	class_##_name##_ext##_constructor(__typeof__(*((class_##_name##_t *)0)->lock) *l) \
	{								\
		class_##_name##_t __g = { .lock = l }, *_T = &__g;	\
		if (!(_condlock))					\
			_T->lock = NULL;				\
		return __g;						\
	}

/*
 * Hold the _name lock from here to the end of the scope.  The guard is
 * used only by its destructor, which clang's -Wunused-variable ignores.
 */
#define guard(_name)	CLASS(_name, __UNIQUE_ID(guard) __maybe_unused)

#define __sim_scoped_guard(_name, done, args...)			\
	for (CLASS(_name, scope)(args), *done = NULL;			\
	     !done && (class_##_name##_lock_ptr(&scope) ||		\
		       !class_##_name##_is_conditional);		\
	     done = (void *)1)
/* Run the next statement holding the _name lock (taken, if conditional). */
#define scoped_guard(_name, args...)					\
	__sim_scoped_guard(_name, __UNIQUE_ID(done), args)

#define __sim_scoped_cond_guard(_name, _fail, done, args...)		\
	for (CLASS(_name, scope)(args), *done = NULL; !done;		\
	     done = (void *)1)						\
		if (!class_##_name##_lock_ptr(&scope)) {		\
			_fail;						\
		} else
/* As scoped_guard() for a conditional guard; run _fail if not taken. */
#define scoped_cond_guard(_name, _fail, args...)			\
	__sim_scoped_cond_guard(_name, _fail, __UNIQUE_ID(done), args)

#endif
