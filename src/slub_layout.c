// SPDX-License-Identifier: GPL-2.0
/*
 * Object layout and slab order: where each object's free pointer sits, how
 * big an object really is, and how many pages a slab takes.
 * Kernel counterparts: calculate_sizes(), calculate_order(),
 * calc_slab_order(), calculate_alignment(), set_min_partial(),
 * set_cpu_partial() in mm/slub.c and mm/slab_common.c.
 */
#include "slab.h"

/*
 * Empty slabs a node keeps on its partial list, at least and at most; the
 * TINY design keeps none (6.12 MIN_PARTIAL/MAX_PARTIAL under SLUB_TINY).
 */
#define MIN_PARTIAL	(IS_ENABLED(CONFIG_LIBSLAB_TINY) ? 0 : 5)
#define MAX_PARTIAL	(IS_ENABLED(CONFIG_LIBSLAB_TINY) ? 0 : 10)

unsigned int calculate_alignment(slab_flags_t flags, unsigned int align,
				 unsigned int size)
{
	/*
	 * Cache-line alignment is relaxed for small objects: two objects that
	 * fit in half a line may share it, which is what HWCACHE_ALIGN users
	 * accept in exchange for not wasting most of the line.
	 */
	if (flags & SLAB_HWCACHE_ALIGN) {
		unsigned int ralign = cache_line_size();

		while (size <= ralign / 2)
			ralign /= 2;
		align = max(align, ralign);
	}
	align = max_t(unsigned int, align, ARCH_SLAB_MINALIGN);
	return ALIGN(align, sizeof(void *));
}

static unsigned int order_objects(unsigned int order, unsigned int size)
{
	return ((unsigned int)PAGE_SIZE << order) / size;
}

/* Lowest order in [min_order, max_order] wasting at most 1/fraction. */
static unsigned int calc_slab_order(unsigned int size, unsigned int min_order,
				    unsigned int max_order,
				    unsigned int fraction)
{
	unsigned int order;

	for (order = min_order; order <= max_order; order++) {
		unsigned int slab_bytes = (unsigned int)PAGE_SIZE << order;

		if (slab_bytes % size <= slab_bytes / fraction)
			break;
	}
	return order;
}

int calculate_order(unsigned int size)
{
	unsigned int min_objects = slub_min_objects;
	unsigned int max_objects, min_order, order, fraction;

	/*
	 * More CPUs contend more; give each slab more objects to hand out.
	 * Present CPUs, not possible ones, which may be many never used;
	 * but a single present CPU may just mean the others come later.
	 */
	if (!min_objects) {
		unsigned int nr_cpus = num_present_cpus();

		if (nr_cpus <= 1)
			nr_cpus = nr_cpu_ids;
		min_objects = 4 * (fls(nr_cpus) + 1);
	}
	max_objects = max(order_objects(slub_max_order, size), 1U);
	min_objects = min(min_objects, max_objects);

	min_order = max_t(unsigned int, slub_min_order,
			  get_order((unsigned long)min_objects * size));
	if (order_objects(min_order, size) > MAX_OBJS_PER_PAGE)
		return get_order((unsigned long)size * MAX_OBJS_PER_PAGE) - 1;

	/* Accept more waste step by step before giving up on max_order. */
	for (fraction = 16; fraction > 1; fraction /= 2) {
		order = calc_slab_order(size, min_order, slub_max_order,
					fraction);
		if (order <= slub_max_order)
			return order;
	}

	order = get_order(size);
	if (order <= MAX_PAGE_ORDER)
		return order;
	return -EINVAL;
}

int calculate_sizes(struct kmem_cache *s, struct kmem_cache_args *args)
{
	slab_flags_t flags = s->flags;
	unsigned int size = ALIGN(s->object_size, sizeof(void *));
	int order;

	/* A constructed or RCU-readable object must keep its contents. */
	if ((flags & SLAB_POISON) && !(flags & SLAB_TYPESAFE_BY_RCU) && !s->ctor)
		s->flags |= __OBJECT_POISON;
	else
		s->flags &= ~__OBJECT_POISON;
	/* A right red zone needs at least a word past the object. */
	if ((flags & SLAB_RED_ZONE) && size == s->object_size)
		size += sizeof(void *);
	s->inuse = size;

	/*
	 * The free pointer may overlay the object only when nothing needs
	 * the object's contents while it is free: RCU readers may still
	 * look at a freed TYPESAFE_BY_RCU object, a constructor's state must
	 * survive, and poisoning covers the whole object.  A red-zoned
	 * kmalloc cache that keeps the requested size extends its red zone
	 * into the object, down to that size, so the object holds none.
	 */
	if (((flags & SLAB_TYPESAFE_BY_RCU) && !args->use_freeptr_offset) ||
	    (flags & SLAB_POISON) || s->ctor ||
	    ((flags & SLAB_RED_ZONE) &&
	     (s->object_size < sizeof(void *) || slub_debug_orig_size(s)))) {
		s->offset = size;
		size += sizeof(void *);
	} else if ((flags & SLAB_TYPESAFE_BY_RCU) && args->use_freeptr_offset) {
		s->offset = args->freeptr_offset;
	} else {
		/* Mid-object, so small overflows don't hit the pointer. */
		s->offset = ALIGN_DOWN(s->object_size / 2, sizeof(void *));
	}

	if (flags & SLAB_STORE_USER) {
		size += 2 * sizeof(struct track);
		/* kmalloc caches also remember the size asked for. */
		if (flags & SLAB_KMALLOC)
			size += sizeof(unsigned long);
	}
	s->red_left_pad = 0;
	if (flags & SLAB_RED_ZONE) {
		/* A word of padding catches writes just past the metadata. */
		size += sizeof(void *);
		s->red_left_pad = ALIGN(sizeof(void *), s->align);
		size += s->red_left_pad;
	}

	size = ALIGN(size, s->align);
	s->size = size;
	s->reciprocal_size = reciprocal_value(size);

	order = calculate_order(size);
	if (order < 0)
		return 0;

	s->allocflags = __GFP_COMP;
	if (flags & SLAB_CACHE_DMA)
		s->allocflags |= GFP_DMA;
	if (flags & SLAB_CACHE_DMA32)
		s->allocflags |= GFP_DMA32;
	if (flags & SLAB_RECLAIM_ACCOUNT)
		s->allocflags |= __GFP_RECLAIMABLE;

	s->oo = oo_make(order, size);
	s->min = oo_make(get_order(size), size);
	return !!oo_objects(s->oo);
}

/* The kernel's set_min_partial() and set_cpu_partial(): both follow s->size. */
void set_partial_limits(struct kmem_cache *s)
{
	unsigned int nr_objects;

	/* Big objects are costly to refill, so keep more partial slabs. */
	s->min_partial = clamp_t(unsigned long, ilog2(s->size) / 2,
				 MIN_PARTIAL, MAX_PARTIAL);

	/*
	 * Objects kept per CPU, fewer for bigger objects.  Since 5.16 the
	 * chain is limited in slabs derived from these, so the numbers grew
	 * (they were 30/13/6/2 when they counted objects directly).
	 */
	if (!kmem_cache_has_cpu_partial(s))
		nr_objects = 0;
	else if (s->size >= PAGE_SIZE)
		nr_objects = 6;
	else if (s->size >= 1024)
		nr_objects = 24;
	else if (s->size >= 256)
		nr_objects = 52;
	else
		nr_objects = 120;

	slub_set_cpu_partial(s, nr_objects);
}

void slub_set_cpu_partial(struct kmem_cache *s, unsigned int nr_objects)
{
	s->cpu_partial = nr_objects;
	/* Slabs on a cpu partial list are assumed half full on average. */
	s->cpu_partial_slabs = nr_objects ?
		DIV_ROUND_UP(nr_objects * 2, oo_objects(s->oo)) : 0;
}
