/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdep_assert_held(): WARNs unless the calling task holds the lock
 * (any shim lock type: they all embed a struct sim_lock named base).
 * Lock order validation itself is not modelled; run the kernel build with
 * CONFIG_PROVE_LOCKING for that.
 */
#ifndef _SHIM_LINUX_LOCKDEP_H
#define _SHIM_LINUX_LOCKDEP_H

#include <linux/bug.h>

#define lockdep_assert_held(l)	WARN_ON_ONCE(!sim_lock_held_by_me(&(l)->base))
/* Whether the calling task holds l (the cond of the *_rcu list walks). */
#define lockdep_is_held(l)	sim_lock_held_by_me(&(l)->base)
#define lockdep_assert_irqs_disabled()	WARN_ON_ONCE(!irqs_disabled())

#endif
