// SPDX-License-Identifier: GPL-2.0
/*
 * failslab: fault injection for slab allocations.  Every allocation asks
 * should_failslab() first; failslab= on the command line (or
 * libslab_failslab_setup()) arms it with the kernel's
 * "<interval>,<probability>,<space>,<times>", and its two filters are the
 * kernel's: reclaiming (GFP_KERNEL) allocations are spared unless
 * ignore-gfp-wait is off, and with cache-filter on only caches created
 * with SLAB_FAILSLAB (or slub_debug=A) fail.
 * Allocations test the failslab_active key first, so the call is only
 * made once failslab= armed it.
 * Kernel counterparts (mm/failslab.c): failslab, should_failslab(),
 * setup_failslab().
 */
#include "slab.h"

static struct {
	struct fault_attr attr;
	bool ignore_gfp_reclaim;
	bool cache_filter;
} failslab = {
	.attr = FAULT_ATTR_INITIALIZER,
	.ignore_gfp_reclaim = true,
	.cache_filter = false,
};

DEFINE_STATIC_KEY_FALSE(failslab_active);

int should_failslab(struct kmem_cache *s, gfp_t gfpflags)
{
	/* The cache of caches must work for anything else to. */
	if (unlikely(s == kmem_cache))
		return 0;
	if (gfpflags & __GFP_NOFAIL)
		return 0;
	if (failslab.ignore_gfp_reclaim && (gfpflags & __GFP_DIRECT_RECLAIM))
		return 0;
	if (failslab.cache_filter && !(s->flags & SLAB_FAILSLAB))
		return 0;
	return should_fail_ex(&failslab.attr, s->object_size,
			      (gfpflags & __GFP_NOWARN) ? FAULT_NOWARN : 0) ?
	       -ENOMEM : 0;
}

int setup_failslab(const char *value)
{
	char buf[64];

	strscpy(failslab.attr.dname, "failslab", sizeof(failslab.attr.dname));
	if (strscpy(buf, value, sizeof(buf)) < 0)
		return -EINVAL;
	if (!setup_fault_attr(&failslab.attr, buf))
		return -EINVAL;
	static_branch_enable(&failslab_active);
	return 0;
}

int libslab_failslab_setup(const char *spec)
{
	return setup_failslab(spec);
}
EXPORT_SYMBOL(libslab_failslab_setup);

void libslab_failslab_filter(bool ignore_gfp_wait, bool cache_filter)
{
	failslab.ignore_gfp_reclaim = ignore_gfp_wait;
	failslab.cache_filter = cache_filter;
}
EXPORT_SYMBOL(libslab_failslab_filter);

void libslab_failslab_verbose(unsigned long verbose)
{
	failslab.attr.verbose = verbose;
}
EXPORT_SYMBOL(libslab_failslab_verbose);
