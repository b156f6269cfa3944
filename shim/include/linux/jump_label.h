/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys: a flag tested on a fast path that is almost never set.  The
 * kernel patches the branch in the code; here it is a relaxed load and a
 * predicted-not-taken branch, and, like the kernel's, no preemption point.
 */
#ifndef _SHIM_LINUX_JUMP_LABEL_H
#define _SHIM_LINUX_JUMP_LABEL_H

#include <linux/types.h>

struct static_key_false {
	bool enabled;
};

#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { false }
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key_false name

/* Whether key is on; the code after it is the unlikely case. */
#define static_branch_unlikely(key)					\
	__builtin_expect(__atomic_load_n(&(key)->enabled, __ATOMIC_RELAXED), 0)
/* Turn key on for every CPU. */
#define static_branch_enable(key)					\
	__atomic_store_n(&(key)->enabled, true, __ATOMIC_RELAXED)

#endif
