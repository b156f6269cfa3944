// SPDX-License-Identifier: GPL-2.0
/*
 * Hardening: free pointer encoding (CONFIG_SLAB_FREELIST_HARDENED),
 * shuffled initial freelists (CONFIG_SLAB_FREELIST_RANDOM) and the usercopy
 * check of a heap range (CONFIG_HARDENED_USERCOPY).  The Kconfig options
 * set the defaults; slab_freelist_hardened= and slab_freelist_random= on
 * the command line switch them for caches created afterwards.
 * Kernel counterparts (mm/slub.c): freelist_ptr_encode/decode(),
 * init_cache_random_seq(), cache_random_seq_create() (mm/slab_common.c),
 * shuffle_freelist(), next_freelist_entry(), __check_heap_object(), and
 * usercopy_abort() (mm/usercopy.c).
 */
#include "slab.h"

bool slab_freelist_hardened = IS_ENABLED(CONFIG_LIBSLAB_FREELIST_HARDENED);
bool slab_freelist_random = IS_ENABLED(CONFIG_LIBSLAB_FREELIST_RANDOM);

/* The switches take the kernel's booleans (kstrtobool(): on/off, 1/0, y/n). */
int setup_slab_freelist_hardened(const char *value)
{
	return kstrtobool(value, &slab_freelist_hardened);
}

int setup_slab_freelist_random(const char *value)
{
	return kstrtobool(value, &slab_freelist_random);
}

/*
 * A random permutation of the objects' offsets, by Fisher-Yates as the
 * kernel's freelist_randomize() makes it.
 */
static int cache_random_seq_create(struct kmem_cache *s, unsigned int count)
{
	unsigned int i;

	s->random_seq = kcalloc(count, sizeof(*s->random_seq), GFP_KERNEL);
	if (!s->random_seq)
		return -ENOMEM;
	for (i = 0; i < count; i++)
		s->random_seq[i] = i;
	/* Fisher-Yates, written so that count 0 or 1 shuffles nothing. */
	for (i = count; i > 1; i--) {
		unsigned int j = get_random_u32_below(i);

		swap(s->random_seq[i - 1], s->random_seq[j]);
	}
	for (i = 0; i < count; i++)
		s->random_seq[i] *= s->size;
	return 0;
}

int init_cache_random_seq(struct kmem_cache *s)
{
	if (!slab_freelist_random || s->random_seq)
		return 0;
	return cache_random_seq_create(s, oo_objects(s->oo));
}

int init_cache_hardening(struct kmem_cache *s, bool kmalloc_ready)
{
	/* A zero key means "not hardened", so the key is never zero. */
	s->random = slab_freelist_hardened ? get_random_long() | 1 : 0;
	/* Caches made before kmalloc works are sequenced by libslab_init(). */
	return kmalloc_ready ? init_cache_random_seq(s) : 0;
}

/* The kernel's cache_random_seq_destroy(): the key needs no freeing. */
void free_cache_hardening(struct kmem_cache *s)
{
	kfree(s->random_seq);
	s->random_seq = NULL;
}

/* The object at the next position of the sequence, wrapping around. */
static void *next_freelist_entry(struct kmem_cache *s, void *start,
				 unsigned int *idx, unsigned int count)
{
	unsigned int offset;

	/* A larger fallback-order slab may hold fewer objects: skip those. */
	do {
		offset = s->random_seq[*idx];
		if (++*idx >= oo_objects(s->oo))
			*idx = 0;
	} while (offset >= (size_t)count * s->size);
	return (char *)start + offset;
}

void *shuffle_freelist(struct kmem_cache *s, struct slab *slab, void *start)
{
	unsigned int count = slab->objects, idx, i;
	void *first, *cur, *next;

	if (!s->random_seq || count < 2 || count > oo_objects(s->oo))
		return NULL;
	idx = get_random_u32_below(oo_objects(s->oo));
	first = next_freelist_entry(s, start, &idx, count);
	cur = first;
	for (i = 1; i < count; i++) {
		next = next_freelist_entry(s, start, &idx, count);
		set_freepointer(s, cur, next);
		cur = next;
	}
	set_freepointer(s, cur, NULL);
	return first;
}

/*
 * The kernel's freelist_corrupted() reports for debug caches; this report
 * is a hardened cache's under slab_extra_checks().  The callers cut the
 * chain.
 */
void freelist_corrupt(struct kmem_cache *s, void *object, void *next)
{
	slab_err(s, virt_to_slab(object),
		 "Freepointer corrupt: object 0x%p points to 0x%p", object, next);
}

/* Report a usercopy outside a whitelisted range, as usercopy_abort() does. */
static int usercopy_abort(const char *type, const char *name, bool to_user,
			  unsigned long offset, unsigned long len)
{
	slab_add_error();
	pr_emerg("usercopy: Kernel memory %s attempt detected %s %s%s%s%s (offset %lu, size %lu)!\n",
		 to_user ? "exposure" : "overwrite", to_user ? "from" : "to",
		 type, name ? " '" : "", name ? name : "", name ? "'" : "",
		 offset, len);
	dump_stack();
	return -EFAULT;
}

/* The kernel's __check_heap_object(); -EFAULT where its report stops. */
int libslab_check_usercopy(const void *ptr, unsigned long n, bool to_user)
{
	struct slab *slab = virt_to_slab(ptr);
	bool is_kfence = is_kfence_address(ptr);
	struct kmem_cache *s;
	unsigned long offset;

	if (!slab)
		return 0;	/* not slab memory: not this check's business */
	s = slab->slab_cache;
	if ((const char *)ptr < (const char *)slab_address(slab))
		return usercopy_abort("SLUB object not in SLUB page?!", NULL,
				      to_user, 0, n);
	/* KFENCE puts its one object at either end of its page, unpadded. */
	if (is_kfence)
		offset = (const char *)ptr - (const char *)kfence_object_start(ptr);
	else
		offset = ((const char *)ptr - (const char *)slab_address(slab)) % s->size;
	if (!is_kfence && (s->flags & SLAB_RED_ZONE)) {
		if (offset < s->red_left_pad)
			return usercopy_abort("SLUB object in left red zone",
					      s->name, to_user, offset, n);
		offset -= s->red_left_pad;
	}
	if (offset >= s->useroffset && offset - s->useroffset <= s->usersize &&
	    n <= s->useroffset - offset + s->usersize)
		return 0;
	return usercopy_abort("SLUB object", s->name, to_user, offset, n);
}
EXPORT_SYMBOL(libslab_check_usercopy);
