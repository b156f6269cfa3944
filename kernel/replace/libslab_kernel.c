// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_kernel.c - replacement mode (CONFIG_LIBSLAB_ALLOCATOR): the
 * kernel's slab entry points whose signatures the core's functions do not
 * share (the node, caller, bucket and large forms of kmalloc), and what
 * the rest of the kernel calls its slab allocator for at start-up and in
 * its reports (mm/slab.h).
 *
 * Built with libslab_prelude.h and libslab_kernel_names.h force-included:
 * the names of <linux/slab.h> here are the kernel's.
 */
#include <linux/proc_fs.h>
#include "slab.h"
#include "libslab_mm_slab.h"

#undef pr_fmt
#define pr_fmt(fmt) "libslab: " fmt

/* kmalloc_node() and kmem_buckets_alloc(): b is NULL without SLAB_BUCKETS. */
void *__kmalloc_node_noprof(DECL_BUCKET_PARAMS(size, b), gfp_t flags, int node)
{
	return libslab_kmalloc_node_caller(PASS_BUCKET_PARAM(b), size, flags,
					   node, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_node_noprof);

/* kmalloc_track_caller() and the like: the tracking line names caller. */
void *__kmalloc_node_track_caller_noprof(DECL_BUCKET_PARAMS(size, b),
					 gfp_t flags, int node,
					 unsigned long caller)
{
	return libslab_kmalloc_node_caller(PASS_BUCKET_PARAM(b), size, flags,
					   node, caller);
}
EXPORT_SYMBOL(__kmalloc_node_track_caller_noprof);

/* The inline kmalloc_node() of a constant size, its cache already chosen. */
void *__kmalloc_cache_node_noprof(struct kmem_cache *s, gfp_t flags, int node,
				  size_t size)
{
	return libslab_kmalloc_cache_node(s, flags, node, size, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_cache_node_noprof);

/* The inline kmalloc() of a constant size above the largest cache. */
void *__kmalloc_large_noprof(size_t size, gfp_t flags)
{
	return libslab_kmalloc_large_node(size, flags, NUMA_NO_NODE, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_large_noprof);

/* The same, preferring node. */
void *__kmalloc_large_node_noprof(size_t size, gfp_t flags, int node)
{
	return libslab_kmalloc_large_node(size, flags, node, _RET_IP_);
}
EXPORT_SYMBOL(__kmalloc_large_node_noprof);

/* slab_is_available(): kmem_cache_init() has made the kmalloc caches. */
static bool libslab_up __ro_after_init;

/* Whether kmalloc() works yet: memblock and others allocate otherwise before. */
bool slab_is_available(void)
{
	return libslab_up;
}

/*
 * Where struct kmem_cache and struct slab keep the fields that files
 * outside the allocator read through mm/slab.h (lib/slub_kunit.c,
 * mm/failslab.c, mm/usercopy.c, ...): they must be where mm/slab.h's
 * definitions put them, which mm/libslab_layout.c measures.
 */
static const struct {
	const char *field;
	unsigned short offset;
} libslab_layout[NR_LIBSLAB_LAYOUT_FIELDS] = {
	[LIBSLAB_CACHE_FLAGS] = { "kmem_cache.flags", offsetof(struct kmem_cache, flags) },
	[LIBSLAB_CACHE_SIZE] = { "kmem_cache.size", offsetof(struct kmem_cache, size) },
	[LIBSLAB_CACHE_OBJECT_SIZE] = {
		"kmem_cache.object_size", offsetof(struct kmem_cache, object_size) },
	[LIBSLAB_CACHE_RECIPROCAL_SIZE] = {
		"kmem_cache.reciprocal_size", offsetof(struct kmem_cache, reciprocal_size) },
	[LIBSLAB_CACHE_OFFSET] = { "kmem_cache.offset", offsetof(struct kmem_cache, offset) },
	[LIBSLAB_CACHE_CTOR] = { "kmem_cache.ctor", offsetof(struct kmem_cache, ctor) },
	[LIBSLAB_CACHE_ALIGN] = { "kmem_cache.align", offsetof(struct kmem_cache, align) },
	[LIBSLAB_CACHE_NAME] = { "kmem_cache.name", offsetof(struct kmem_cache, name) },
	[LIBSLAB_SLAB_SLAB_CACHE] = { "slab.slab_cache", offsetof(struct slab, slab_cache) },
	[LIBSLAB_SLAB_FREELIST] = { "slab.freelist", offsetof(struct slab, freelist) },
	[LIBSLAB_SLAB_COUNTERS] = { "slab.counters", offsetof(struct slab, counters) },
#ifdef CONFIG_SLAB_OBJ_EXT
	[LIBSLAB_SLAB_OBJ_EXTS] = { "slab.obj_exts", offsetof(struct slab, obj_exts) },
#else
	[LIBSLAB_SLAB_OBJ_EXTS] = { "slab.obj_exts" },
#endif
};

/* libslab's counters word with its bitfields set to these values. */
static unsigned long __init libslab_counters(unsigned int inuse, unsigned int objects,
					     unsigned int frozen)
{
	struct slab slab = { .counters = 0 };

	slab.inuse = inuse;
	slab.objects = objects;
	slab.frozen = frozen;
	return slab.counters;
}

/*
 * Refuse to boot if a reader of mm/slab.h would find a field elsewhere: an
 * offset, or a bitfield of the counters word (each set alone to all ones,
 * so both its place and its width count).
 */
static void __init libslab_check_layout(void)
{
	static const struct {
		const char *field;
		unsigned int inuse, objects, frozen;
	} bitfields[] = {
		{ "slab.inuse", 0xffff, 0, 0 },
		{ "slab.objects", 0, 0x7fff, 0 },
		{ "slab.frozen", 0, 0, 1 },
	};
	unsigned long ours, theirs;
	unsigned int i;

	for (i = 0; i < NR_LIBSLAB_LAYOUT_FIELDS; i++)
		if (libslab_layout[i].offset != libslab_mm_slab_layout[i])
			panic("libslab: %s is at offset %u, mm/slab.h has it at %u\n",
			      libslab_layout[i].field, libslab_layout[i].offset,
			      libslab_mm_slab_layout[i]);
	for (i = 0; i < ARRAY_SIZE(bitfields); i++) {
		ours = libslab_counters(bitfields[i].inuse, bitfields[i].objects,
					bitfields[i].frozen);
		theirs = libslab_mm_slab_counters(bitfields[i].inuse, bitfields[i].objects,
						  bitfields[i].frozen);
		if (ours != theirs)
			panic("libslab: %s is bits %#lx of slab.counters, mm/slab.h has it at %#lx\n",
			      bitfields[i].field, ours, theirs);
	}
}

#ifdef CONFIG_FAILSLAB
/*
 * The core asks should_failslab() while this key is on; 6.12's
 * slab_pre_alloc_hook() asks mm/failslab.c's on every allocation, so it
 * is on from kmem_cache_init() on.
 */
DEFINE_STATIC_KEY_FALSE(failslab_active);

/* failslab= is mm/failslab.c's own __setup(): the core's table never sees it. */
int setup_failslab(const char *value)
{
	return -EINVAL;
}

static void __init libslab_ask_failslab(void)
{
	static_branch_enable(&failslab_active);
}
#else
static inline void libslab_ask_failslab(void) { }
#endif

/* Called by mm_core_init(), before any other user of kmalloc. */
void __init kmem_cache_init(void)
{
	int err;

	libslab_check_layout();
	libslab_ask_failslab();
	/* 6.12 uses the random copies whenever they are configured. */
	if (IS_ENABLED(CONFIG_RANDOM_KMALLOC_CACHES))
		libslab_setup_param("random_kmalloc_caches", "on");
	err = libslab_init();
	if (err)
		panic("libslab: cannot create the kmalloc caches: %d\n", err);
	libslab_up = true;
	pr_info("the kernel's slab allocator (kmalloc caches up to %lu bytes)\n",
		(unsigned long)KMALLOC_MAX_CACHE_SIZE);
}

/* Called by start_kernel() once workqueues work: the flush workqueue. */
void __init kmem_cache_init_late(void)
{
	WARN(libslab_init_late(), "libslab: cannot create the flush workqueue\n");
}

/*
 * The boot parameters of 6.12's slab allocator, each handed to the core's
 * table under its slab_ spelling (the table knows both).  init/main.c
 * passes a handler what follows the word it matched: the value for a word
 * ending in '=', else "=value" or nothing.
 */
static int __init libslab_boot_word(const char *word, const char *rest)
{
	size_t len = strlen(word);
	char name[24];

	if (len >= sizeof(name))
		return 0;
	if (word[len - 1] == '=') {
		strscpy(name, word, len);
		libslab_setup_param(name, rest);
		return 1;
	}
	if (*rest && *rest != '=')
		return 0;	/* a longer word that only starts like ours */
	libslab_setup_param(word, *rest ? rest + 1 : NULL);
	return 1;
}

static int __init libslab_setup_min_order(char *rest)
{
	return libslab_boot_word("slab_min_order=", rest);
}
__setup("slab_min_order=", libslab_setup_min_order);
__setup_param("slub_min_order=", slub_min_order, libslab_setup_min_order, 0);

static int __init libslab_setup_max_order(char *rest)
{
	return libslab_boot_word("slab_max_order=", rest);
}
__setup("slab_max_order=", libslab_setup_max_order);
__setup_param("slub_max_order=", slub_max_order, libslab_setup_max_order, 0);

static int __init libslab_setup_min_objects(char *rest)
{
	return libslab_boot_word("slab_min_objects=", rest);
}
__setup("slab_min_objects=", libslab_setup_min_objects);
__setup_param("slub_min_objects=", slub_min_objects, libslab_setup_min_objects, 0);

static int __init libslab_setup_nomerge(char *rest)
{
	return libslab_boot_word("slab_nomerge", rest);
}
__setup("slab_nomerge", libslab_setup_nomerge);
__setup_param("slub_nomerge", slub_nomerge, libslab_setup_nomerge, 0);

static int __init libslab_setup_merge(char *rest)
{
	return libslab_boot_word("slab_merge", rest);
}
__setup("slab_merge", libslab_setup_merge);
__setup_param("slub_merge", slub_merge, libslab_setup_merge, 0);

#ifdef CONFIG_SLUB_DEBUG
static int __init libslab_setup_debug(char *rest)
{
	return libslab_boot_word("slab_debug", rest);
}
__setup("slab_debug", libslab_setup_debug);
__setup_param("slub_debug", slub_debug, libslab_setup_debug, 0);
#endif

/* /proc/slabinfo, version 2.1, as 6.12 prints it (root only). */
static int libslab_slabinfo_open_show(struct seq_file *m, void *unused)
{
	libslab_slabinfo_show(m);
	return 0;
}

static int __init libslab_proc_init(void)
{
	proc_create_single("slabinfo", 0400, NULL, libslab_slabinfo_open_show);
	return 0;
}
module_init(libslab_proc_init);

/*
 * mem_dump_obj()'s line for a slab object goes on with its cache and its
 * offset (pr_cont(), as 6.12's kmem_dump_obj() continues it too).
 */
bool kmem_dump_obj(void *object)
{
	struct kmem_cache *s;
	struct folio *folio;
	unsigned long offset;

	if (!virt_addr_valid(object))
		return false;
	folio = virt_to_folio(object);
	if (!folio_test_slab(folio))
		return false;
	s = folio_slab(folio)->slab_cache;
	/*
	 * KFENCE's object is alone in its page, at either end; a page of its
	 * pool not yet handed out names no cache.
	 */
	if (is_kfence_address(object)) {
		pr_cont(" slab %s (kfence), offset %lu", s ? s->name : "(none)",
			(unsigned long)object -
				(unsigned long)kfence_object_start(object));
		return true;
	}
	offset = ((unsigned long)object - (unsigned long)folio_address(folio)) % s->size;
	pr_cont(" slab %s, offset %lu of a %u-byte slot", s->name, offset,
		s->size);
	return true;
}
EXPORT_SYMBOL_GPL(kmem_dump_obj);

#ifdef CONFIG_SLUB_DEBUG
/*
 * The OOM killer's table of unreclaimable slab memory, cache by cache.  It
 * runs short of memory, so it walks the list itself, allocating nothing.
 */
void dump_unreclaimable_slab(void)
{
	struct slabinfo sinfo;
	struct kmem_cache *s;

	pr_info("Unreclaimable slab info:\n");
	pr_info("Name                      Used          Total\n");
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (s->flags & SLAB_RECLAIM_ACCOUNT)
			continue;
		memset(&sinfo, 0, sizeof(sinfo));
		get_slabinfo(s, &sinfo);
		if (sinfo.num_objs)
			pr_info("%-17s %10luKB %10luKB\n", s->name,
				sinfo.active_objs * s->size / 1024,
				sinfo.num_objs * s->size / 1024);
	}
	mutex_unlock(&slab_mutex);
}
#endif

#ifdef CONFIG_HARDENED_USERCOPY
/* mm/usercopy.c's check of a copy that touches a slab object. */
void __check_heap_object(const void *ptr, unsigned long n,
			 const struct slab *slab, bool to_user)
{
	libslab_check_usercopy(ptr, n, to_user);
}
#endif
