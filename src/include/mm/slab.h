/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's mm/slab.h as far as kernel tests include it ("../mm/slab.h"
 * from lib/slub_kunit.c, built unmodified in tests/kunit/): libslab's
 * internal header (struct kmem_cache with offset, flags, ...) and the
 * kernel's names for what libslab calls otherwise.  Reached through
 * -iquote <shim>/include/kunit, so that "<dir>/../mm/slab.h" lands here.
 */
#ifndef _SHIM_MM_SLAB_H
#define _SHIM_MM_SLAB_H

#include <linux/slab.h>
#include <linux/kasan.h>
#include "../../../src/slab.h"

/* validate_slab_cache() comes with <linux/slab.h> (<linux/slab_api.h>). */

#endif /* _SHIM_MM_SLAB_H */
