/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdep_assert_held(): WARNs unless the calling task holds the lock
 * (any shim lock type: they all embed a struct sim_lock or, reader-writer
 * locks, a struct sim_rw named base).
 * Lock order validation itself is not modelled; run the kernel build with
 * CONFIG_PROVE_LOCKING for that.  So a struct lockdep_map records
 * nothing: lockdep_init_map(), lock_map_acquire() and friends, which
 * code calls to tell lockdep about its own kinds of locks, do nothing,
 * as they do in the kernel without CONFIG_LOCKDEP.
 */
#ifndef _SHIM_LINUX_LOCKDEP_H
#define _SHIM_LINUX_LOCKDEP_H

#include <linux/bug.h>
#include <linux/lockdep_types.h>

/* Whether the caller holds lock l (reader-writer locks: see rwlock.h). */
#define sim_lockdep_held(l)						\
	_Generic(&(l)->base,						\
		 struct sim_rw *: sim_rw_held,				\
		 default: sim_lock_held_by_me)(&(l)->base)
#define lockdep_assert_held(l)	WARN_ON_ONCE(!sim_lockdep_held(l))
#define lockdep_assert_held_write(l)	WARN_ON_ONCE(!sim_rw_held_write(&(l)->base))
#define lockdep_assert_held_read(l)	WARN_ON_ONCE(!sim_rw_held(&(l)->base))
#define lockdep_assert_not_held(l)	WARN_ON_ONCE(sim_lockdep_held(l))
/* Whether the calling task holds l (the cond of the *_rcu list walks). */
#define lockdep_is_held(l)	sim_lockdep_held(l)
#define lockdep_assert_irqs_disabled()	WARN_ON_ONCE(!irqs_disabled())

/* The subclass of a lock taken inside another of its class. */
#define SINGLE_DEPTH_NESTING	1
#define lockdep_init_map(map, name, key, sub)	\
	do { (void)(map); (void)(name); (void)(key); (void)(sub); } while (0)
#define lock_map_acquire(map)			((void)(map))
#define lock_map_acquire_read(map)		((void)(map))
#define lock_map_acquire_try(map)		((void)(map))
#define lock_map_release(map)			((void)(map))
#define lock_acquire_exclusive(map, sub, try, nest, ip)	((void)(map), (void)(sub))
#define lock_acquire_shared(map, sub, try, nest, ip)	((void)(map), (void)(sub))
#define lock_release(map, ip)			((void)(map))

#endif
