/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's mm/slab.h as far as kernel tests include it ("../mm/slab.h"
 * from lib/slub_kunit.c, built unmodified by tests/meson.build): the
 * core's internal header (struct kmem_cache with offset, flags, ...).
 * Reached through -iquote <src>/include/linux, so that
 * "<dir>/../mm/slab.h" lands here.
 */
#ifndef _LIBSLAB_MM_SLAB_H
#define _LIBSLAB_MM_SLAB_H

#include <linux/slab.h>
#include <linux/kasan.h>
#include "../../slab.h"

/* validate_slab_cache() comes with <linux/slab.h> (<linux/slab_api.h>). */

#endif /* _LIBSLAB_MM_SLAB_H */
