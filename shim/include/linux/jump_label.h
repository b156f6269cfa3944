/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys: a flag tested on a fast path that is almost never set.  The
 * kernel patches the branch in the code; here it is a relaxed load and a
 * predicted-not-taken branch, and, like the kernel's, no preemption point.
 */
#ifndef _SHIM_LINUX_JUMP_LABEL_H
#define _SHIM_LINUX_JUMP_LABEL_H

#include <linux/types.h>
#include <sim/switches.h>

struct static_key_false {
	bool enabled;
};

#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { false }
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key_false name

/* Whether key is on; the code after it is the unlikely case. */
#define static_branch_unlikely(key)					\
	__builtin_expect(__atomic_load_n(&(key)->enabled, __ATOMIC_RELAXED), 0)

/*
 * Turn key on (or off) for every CPU.  A key that is on counts in
 * sim_switches, so the lockless tries stand aside (slab_platform_impl.h).
 */
static inline void static_branch_enable(struct static_key_false *key)
{
	if (!__atomic_exchange_n(&key->enabled, true, __ATOMIC_SEQ_CST))
		__atomic_fetch_add(&sim_switches.keys_enabled, 1,
				   __ATOMIC_SEQ_CST);
}

static inline void static_branch_disable(struct static_key_false *key)
{
	if (__atomic_exchange_n(&key->enabled, false, __ATOMIC_SEQ_CST))
		__atomic_fetch_sub(&sim_switches.keys_enabled, 1,
				   __ATOMIC_SEQ_CST);
}

#endif
