/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct lock_class_key: what a lock's lockdep class is keyed on.  The
 * shim validates no lock order (see lockdep.h), so a key carries nothing,
 * as the kernel's does without CONFIG_LOCKDEP; structures that embed one
 * keep the kernel's layout.
 */
#ifndef _SHIM_LINUX_LOCKDEP_TYPES_H
#define _SHIM_LINUX_LOCKDEP_TYPES_H

struct lock_class_key { };
/*
 * The lockdep state of a lock that is not one of the shim's lock types
 * (a bit lock, a "lock" that is a section of code): empty, as it is
 * inside the kernel's without CONFIG_LOCKDEP (see lockdep.h).
 */
struct lockdep_map { };

#endif
