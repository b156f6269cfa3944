/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdep_assert_held(): WARNs unless the calling thread holds the lock
 * (any shim lock type with spin_is_held_by_me-style tracking).  Lock order
 * validation itself is not modelled; run the kernel build with
 * CONFIG_PROVE_LOCKING for that.
 */
#ifndef _SHIM_LINUX_LOCKDEP_H
#define _SHIM_LINUX_LOCKDEP_H

#include <linux/bug.h>

#define lockdep_assert_held(l)	WARN_ON_ONCE(!lock_is_held_by_me(l))
#define lockdep_assert_irqs_disabled()	do { } while (0)
#define lock_is_held_by_me(l)	(data_race((l)->held) && pthread_equal(data_race((l)->owner), pthread_self()))

#endif
