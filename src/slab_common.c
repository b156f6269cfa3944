// SPDX-License-Identifier: GPL-2.0
/*
 * Cache lifetime: the list of caches, creation with argument checks and
 * merging into compatible caches, destruction, shrinking, the boot caches
 * and error reports.
 * Kernel counterparts (mm/slab_common.c, mm/slub.c):
 * __kmem_cache_create_args(), kmem_cache_sanity_check(), find_mergeable(),
 * slab_unmergeable(), __kmem_cache_alias(), do_kmem_cache_create(),
 * kmem_cache_destroy(), kmem_cache_shrink(), create_boot_cache(),
 * kmem_cache_init(), slab_err().
 */
#include "slab.h"

/* Serialises cache creation, destruction and walks of slab_caches. */
DEFINE_MUTEX(slab_mutex);
LIST_HEAD(slab_caches);
struct kmem_cache *kmem_cache;
struct kmem_cache *kmem_cache_node;
atomic_long_t slab_error_reports = ATOMIC_LONG_INIT(0);

/* Static homes of the two caches every other cache is allocated from. */
static struct kmem_cache boot_kmem_cache;
static struct kmem_cache boot_kmem_cache_node;

static __printf(2, 0) void __slab_bug(struct kmem_cache *s, const char *fmt,
				      va_list args)
{
	struct va_format vaf;
	va_list message_args;

	/* %pV prints the caller's message in place, whatever its length. */
	va_copy(message_args, args);
	vaf.fmt = fmt;
	vaf.va = &message_args;
	pr_err("=============================================================================\n");
	pr_err("BUG %s (%s): %pV\n", s ? s->name : "<unknown>", print_tainted(), &vaf);
	pr_err("-----------------------------------------------------------------------------\n\n");
	va_end(message_args);
}

void slab_bug(struct kmem_cache *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	__slab_bug(s, fmt, args);
	va_end(args);
}

/*
 * mm/slub.c's slab_add_kunit_errors() and slab_in_kunit_test(): a KUnit
 * test that added a "slab_errors" resource (lib/slub_kunit.c) counts the
 * error events of its own thread there, and expects the leak warning of
 * kmem_cache_destroy().
 */
static struct kunit_resource *slab_kunit_errors(void)
{
#if IS_ENABLED(CONFIG_KUNIT)
	if (kunit_get_current_test())
		return kunit_find_named_resource(kunit_get_current_test(),
						 "slab_errors");
#endif
	return NULL;
}

bool slab_in_kunit_test(void)
{
	struct kunit_resource *resource = slab_kunit_errors();

	if (resource)
		kunit_put_resource(resource);
	return resource;
}

/* The kernel's slab_add_kunit_errors(); libslab_error_count() sees every one. */
bool slab_add_error(void)
{
	struct kunit_resource *resource = slab_kunit_errors();

	atomic_long_inc(&slab_error_reports);
	if (!resource)
		return false;
	(*(int *)resource->data)++;
	kunit_put_resource(resource);
	return true;
}

void slab_err(struct kmem_cache *s, struct slab *slab, const char *fmt, ...)
{
	va_list args;

	if (slab_add_error())
		return;
	va_start(args, fmt);
	__slab_bug(s, fmt, args);
	va_end(args);
	__slab_err(slab);
}

const char *kmem_cache_name(const struct kmem_cache *s)
{
	return s->name;
}
EXPORT_SYMBOL(kmem_cache_name);

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}
EXPORT_SYMBOL(kmem_cache_size);

/*
 * Whether s may never take other caches' names (and, in sysfs, keeps a
 * directory of its own name).
 */
bool slab_unmergeable(struct kmem_cache *s)
{
	/*
	 * Boot caches (refcount < 0) are exempt until fully set up.  A
	 * usercopy region only counts with the usercopy check built in
	 * (6.12's slab_unmergeable(), CONFIG_HARDENED_USERCOPY): without it
	 * the kmalloc caches, whose region is the whole object, take others.
	 */
	return slab_nomerge || (s->flags & SLAB_NEVER_MERGE) || s->ctor ||
	       (IS_ENABLED(CONFIG_LIBSLAB_HARDENED_USERCOPY) && s->usersize) ||
	       s->refcount < 0;
}

/* An existing cache that can serve objects of size with these flags. */
static struct kmem_cache *find_mergeable(unsigned int size, unsigned int align,
					 slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache *s;

	if (slab_nomerge || ctor || (flags & SLAB_NEVER_MERGE))
		return NULL;

	size = ALIGN(size, sizeof(void *));
	align = calculate_alignment(flags, align, size);
	size = ALIGN(size, align);

	list_for_each_entry_reverse(s, &slab_caches, list) {
		if (slab_unmergeable(s))
			continue;
		if (size > s->size)
			continue;
		if ((flags & SLAB_MERGE_SAME) != (s->flags & SLAB_MERGE_SAME))
			continue;
		/* The existing objects must be at least as aligned. */
		if ((s->size & ~(align - 1)) != s->size)
			continue;
		/* Don't waste more than a word per object. */
		if (s->size - size >= sizeof(void *))
			continue;
		return s;
	}
	return NULL;
}

/* Merge name into a compatible cache; NULL if there is none. */
static struct kmem_cache *__kmem_cache_alias(const char *name,
					     unsigned int size,
					     unsigned int align,
					     slab_flags_t flags,
					     void (*ctor)(void *))
{
	struct kmem_cache *s = find_mergeable(size, align, flags, ctor);
	struct slab_alias *alias;

	if (!s)
		return NULL;
	alias = kmalloc(sizeof(*alias) + strlen(name) + 1, GFP_KERNEL);
	if (!alias)
		return NULL;
	memcpy(alias->name, name, strlen(name) + 1);
	/* As 6.12's sysfs_slab_alias(): a name the platform refuses is not merged. */
	if (slab_platform_cache_aliased(s, alias->name)) {
		kfree(alias);
		return NULL;
	}
	list_add_tail(&alias->list, &s->aliases);
	s->refcount++;
	/* The merged cache now promises the larger of the two sizes. */
	s->object_size = max(s->object_size, size);
	s->inuse = max(s->inuse, ALIGN(size, sizeof(void *)));
	return s;
}

/* Set once the kmalloc caches exist (slab_state FULL, as far as we care). */
static bool slab_ready;
/* The dynamic CPU hotplug state of slub_cpu_dead(), 0 before init. */
static int cpuhp_state;
/*
 * Caches destroyed with live objects (reported then), and kmalloc caches
 * libslab_exit() found objects in: unlinked from slab_caches, never
 * freed, so their objects stay valid.  Their structs and nodes live in
 * the boot caches, which stay too.  slab_mutex guards the list.
 */
static LIST_HEAD(slab_caches_kept);

/* Fill in s from the arguments and allocate its per-CPU and node parts. */
static int do_kmem_cache_create(struct kmem_cache *s, const char *name,
				unsigned int size, struct kmem_cache_args *args,
				slab_flags_t flags)
{
	int err;

	flags = kmem_cache_flags(flags, name);
	s->name = name;
	s->object_size = size;
	s->flags = flags;
	s->ctor = args->ctor;
	s->useroffset = args->useroffset;
	s->usersize = args->usersize;
	s->align = calculate_alignment(flags, args->align, size);
	INIT_LIST_HEAD(&s->aliases);
	if (!system_has_cmpxchg128())
		return -EOPNOTSUPP;
	if (!(s->flags & SLAB_NO_CMPXCHG))
		s->flags |= __CMPXCHG_DOUBLE;

	if (!calculate_sizes(s, args))
		return -EINVAL;
	/* slub_debug=O: no metadata where it would raise the slab order. */
	if (slub_debug_order_sensitive() &&
	    get_order(s->size) > get_order(s->object_size)) {
		s->flags &= ~DEBUG_METADATA_FLAGS;
		s->offset = 0;
		if (!calculate_sizes(s, args))
			return -EINVAL;
	}
	set_partial_limits(s);
	/* CONFIG_NUMA's default, as kmem_cache_open() sets it */
	s->remote_node_defrag_ratio = 1000;
	/* User tracking keeps its stacks in the depot, set up on first need. */
	if ((s->flags & SLAB_STORE_USER) && stack_depot_init())
		return -ENOMEM;

	/*
	 * 6.12's do_kmem_cache_create() fails with the -EINVAL it starts
	 * from when the nodes or the per-CPU parts cannot be allocated, and
	 * __kmem_cache_create_args() prints that number.
	 */
	if (init_kmem_cache_nodes(s))
		return -EINVAL;
	err = init_cache_hardening(s, slab_ready);
	if (err)
		free_kmem_cache_nodes(s);
	return err;
}

/* The checks of kmem_cache_sanity_check() and of the arguments. */
static int check_create_args(const char *name, unsigned int size,
			     struct kmem_cache_args *args, slab_flags_t flags)
{
	/* Size 0 would divide by zero in the layout; the kernel leaves it UB. */
	if (!name || in_interrupt() || !size || size > KMALLOC_MAX_SIZE) {
		pr_err("kmem_cache_create(%s) integrity check failed\n", name);
		return -EINVAL;
	}
	WARN_ON(strchr(name, ' '));	/* it confuses parsers of slabinfo */

	if (flags & ~SLAB_FLAGS_PERMITTED)
		return -EINVAL;

	/*
	 * A usercopy region must lie inside the object.  Without the
	 * usercopy check there is no region at all, so the cache may merge
	 * (6.12's __kmem_cache_create_args() clears it then, unchecked).
	 */
	if (!IS_ENABLED(CONFIG_LIBSLAB_HARDENED_USERCOPY) ||
	    WARN_ON(!args->usersize && args->useroffset) ||
	    WARN_ON(size < args->usersize ||
		    size - args->usersize < args->useroffset)) {
		args->usersize = 0;
		args->useroffset = 0;
	}

	/* A custom free pointer is only for RCU caches, word aligned, inside. */
	if (args->use_freeptr_offset &&
	    (args->freeptr_offset >= size ||
	     !(flags & SLAB_TYPESAFE_BY_RCU) ||
	     !IS_ALIGNED(args->freeptr_offset, sizeof(freeptr_t))))
		return -EINVAL;
	return 0;
}

static void kmem_cache_release(struct kmem_cache *s);

/* Makes and lists a new cache itself, where the kernel calls create_cache(). */
struct kmem_cache *__kmem_cache_create_args(const char *name,
					    unsigned int object_size,
					    struct kmem_cache_args *args,
					    slab_flags_t flags)
{
	struct kmem_cache_args local_args = *args;
	struct kmem_cache *s = NULL;
	const char *cache_name = name;
	int err;

	cpus_read_lock();
	mutex_lock(&slab_mutex);

	err = check_create_args(name, object_size, &local_args, flags);
	if (err)
		goto out_unlock;

	if (!local_args.usersize && !local_args.use_freeptr_offset) {
		s = __kmem_cache_alias(name, object_size, local_args.align,
				       kmem_cache_flags(flags, name),
				       local_args.ctor);
		if (s)
			goto out_unlock;
	}

	err = -ENOMEM;
	s = kmem_cache_zalloc(kmem_cache, GFP_KERNEL);
	if (!s)
		goto out_unlock;
	/*
	 * The name is copied, as the kernel's kstrdup_const() does for
	 * names that are not constants; the kmalloc caches, made before
	 * kmalloc works, keep their static names.
	 */
	if (slab_ready) {
		cache_name = kstrdup(name, GFP_KERNEL);
		if (!cache_name) {
			kmem_cache_free(kmem_cache, s);
			s = NULL;
			goto out_unlock;
		}
	}
	err = do_kmem_cache_create(s, cache_name, object_size, &local_args,
				   flags);
	if (err) {
		if (cache_name != name)
			kfree(cache_name);
		kmem_cache_free(kmem_cache, s);
		s = NULL;
		goto out_unlock;
	}
	s->name_owned = cache_name != name;
	s->refcount = 1;
	/* As 6.12's sysfs_slab_add(): a cache the platform refuses is not made. */
	err = slab_platform_cache_added(s, s->name);
	if (err) {
		kmem_cache_release(s);
		s = NULL;
		goto out_unlock;
	}
	list_add(&s->list, &slab_caches);

out_unlock:
	mutex_unlock(&slab_mutex);
	cpus_read_unlock();

	if (err && !s) {
		if (flags & SLAB_PANIC)
			panic("%s: Failed to create slab '%s'. Error %d\n",
			      __func__, name, err);
		pr_warn("%s(%s) failed with error %d\n", __func__, name, err);
		dump_stack();
	}
	return s;
}
EXPORT_SYMBOL(__kmem_cache_create_args);

/* With the kernel's slab_kmem_cache_release() and __kmem_cache_release(). */
static void kmem_cache_release(struct kmem_cache *s)
{
	struct slab_alias *alias, *tmp;

	/* KFENCE forgets s: its objects of s still in use become zombies. */
	kfence_shutdown_cache(s);
	list_for_each_entry_safe(alias, tmp, &s->aliases, list) {
		list_del(&alias->list);
		kfree(alias);
	}
	free_cache_hardening(s);
	free_kmem_cache_nodes(s);
	if (s->name_owned)
		kfree(s->name);
	kmem_cache_free(kmem_cache, s);
}

/*
 * Whether s is a cache in slab_caches (slab_mutex held).  A cache that is
 * not was destroyed already, or never created: its memory may be freed,
 * so nothing of it may be read.
 */
static bool slab_cache_listed(const struct kmem_cache *s)
{
	const struct kmem_cache *listed;

	list_for_each_entry(listed, &slab_caches, list)
		if (listed == s)
			return true;
	return false;
}

void kmem_cache_destroy(struct kmem_cache *s)
{
	int err;

	if (IS_ERR_OR_NULL(s))
		return;
	/* kfree_rcu() objects still in flight may belong to s. */
	kvfree_rcu_barrier();

	cpus_read_lock();
	mutex_lock(&slab_mutex);
	/*
	 * The kernel reads a destroyed cache as it finds it (use after
	 * free); libslab refuses it without a read.
	 */
	if (WARN(!slab_cache_listed(s),
		 "%s: 0x%p is not a cache in use (destroyed already?)\n",
		 __func__, s)) {
		mutex_unlock(&slab_mutex);
		cpus_read_unlock();
		return;
	}
	if (WARN(s->refcount <= 0, "%s: cache %s is not destroyable\n",
		 __func__, s->name)) {
		mutex_unlock(&slab_mutex);
		cpus_read_unlock();
		return;
	}
	s->refcount--;
	if (s->refcount) {
		mutex_unlock(&slab_mutex);
		cpus_read_unlock();
		return;
	}

	err = __kmem_cache_shutdown(s);
	if (!slab_in_kunit_test())
		WARN(err, "%s %s: Slab cache still has objects when called from %pS",
		     __func__, s->name, (void *)_RET_IP_);
	/*
	 * A cache with live objects is unlinked but not freed, as in the
	 * kernel: its objects stay valid and reported, nothing is reused.
	 */
	list_del(&s->list);
	if (err)
		list_add_tail(&s->list, &slab_caches_kept);
	mutex_unlock(&slab_mutex);
	cpus_read_unlock();
	/*
	 * Outside the locks, as 6.12's sysfs_slab_unlink(): the platform may
	 * wait for a reader of the cache's files, which may take them.
	 */
	slab_platform_cache_removed(s);

	if (err)
		return;
	/* Slabs freed by the shutdown wait for a grace period, using s. */
	if (s->flags & SLAB_TYPESAFE_BY_RCU)
		rcu_barrier();
	kmem_cache_release(s);
}
EXPORT_SYMBOL(kmem_cache_destroy);

bool slab_exit_bookkeeping(const void *object)
{
	struct kmem_cache *s;
	struct slab_alias *alias;

	lockdep_assert_held(&slab_mutex);
	list_for_each_entry(s, &slab_caches_kept, list) {
		if ((s->name_owned && object == s->name) ||
		    object == (const void *)s->random_seq)
			return true;
		list_for_each_entry(alias, &s->aliases, list)
			if (object == alias)
				return true;
	}
	return false;
}

unsigned long kmalloc_cache_exit(struct kmem_cache *s)
{
	unsigned long leaks;
	int err;

	cpus_read_lock();
	mutex_lock(&slab_mutex);
	err = slab_exit_shutdown(s, &leaks);
	list_del(&s->list);
	/* Kept silently if only kept caches' bookkeeping is left. */
	if (err)
		list_add_tail(&s->list, &slab_caches_kept);
	mutex_unlock(&slab_mutex);
	cpus_read_unlock();
	slab_platform_cache_removed(s);
	if (!err)
		kmem_cache_release(s);
	return leaks;
}

int kmem_cache_shrink(struct kmem_cache *s)
{
	return __kmem_cache_shrink(s);
}
EXPORT_SYMBOL(kmem_cache_shrink);

void create_boot_cache(struct kmem_cache *s, const char *name,
		       unsigned int size, slab_flags_t flags,
		       unsigned int useroffset, unsigned int usersize)
{
	struct kmem_cache_args args = {
		.align = ARCH_KMALLOC_MINALIGN,
		.useroffset = useroffset,
		.usersize = usersize,
	};
	int err;

	/*
	 * kmalloc promises natural alignment: the largest power of two that
	 * divides the size (the size itself for kmalloc-8 .. kmalloc-8k).
	 */
	if (flags & SLAB_KMALLOC)
		args.align = max(args.align, 1U << (ffs(size) - 1));
	args.align = calculate_alignment(flags, args.align, size);

	err = do_kmem_cache_create(s, name, size, &args, flags);
	if (err)
		panic("Creation of kmalloc slab %s size=%u failed. Reason %d\n",
		      name, size, err);
	s->refcount = -1;	/* exempt from merging and destruction */
}

/*
 * The kernel's kmem_cache_init(): the boot caches (in static storage, so
 * no bootstrap() copy) on the nodes with memory, the kmalloc caches, the
 * CPU hotplug state, then the shuffle sequences, as its
 * init_freelist_randomization() makes them; last, the memory notifier.
 */
int libslab_init(void)
{
	int err;

	mutex_lock(&slab_mutex);
	if (slab_ready) {
		mutex_unlock(&slab_mutex);
		return 0;
	}
	/* Kept caches live in the boot caches, which must not start over. */
	if (!list_empty(&slab_caches_kept)) {
		mutex_unlock(&slab_mutex);
		pr_err("%s: caches kept with objects at libslab_exit() still use the boot caches\n",
		       __func__);
		return -EBUSY;
	}
	kmem_cache_node = &boot_kmem_cache_node;
	kmem_cache = &boot_kmem_cache;
	slab_nodes_init();
	create_boot_cache(kmem_cache_node, "kmem_cache_node",
			  sizeof(struct kmem_cache_node), SLAB_HWCACHE_ALIGN,
			  0, 0);
	create_boot_cache(kmem_cache, "kmem_cache",
			  offsetof(struct kmem_cache, node) +
			  nr_node_ids * sizeof(struct kmem_cache_node *),
			  SLAB_HWCACHE_ALIGN, 0, 0);
	list_add(&kmem_cache_node->list, &slab_caches);
	list_add(&kmem_cache->list, &slab_caches);
	mutex_unlock(&slab_mutex);

	/* The boot caches keep refcount -1: never merged, never destroyed. */
	err = create_kmalloc_caches();
	if (!err) {
		/* A dynamic state returns its number, a fixed one 0. */
		err = cpuhp_setup_state_nocalls(SLAB_CPU_DEAD_STATE,
						SLAB_CPU_DEAD_NAME, NULL,
						slub_cpu_dead);
		if (err >= 0) {
			cpuhp_state = err ? err : SLAB_CPU_DEAD_STATE;
			err = 0;
		}
	}

	mutex_lock(&slab_mutex);
	/* Now kmalloc works: shuffle sequences for the caches made so far. */
	if (!err) {
		struct kmem_cache *s;

		list_for_each_entry(s, &slab_caches, list)
			if (init_cache_random_seq(s))
				err = -ENOMEM;
	}
	slab_ready = !err;
	mutex_unlock(&slab_mutex);
	/* From now on a node's memory coming or going changes slab_nodes. */
	if (!err)
		register_memory_notifier(&slab_memory_nb);
	return err;
}
EXPORT_SYMBOL(libslab_init);

/* Whether the kmalloc caches exist: 6.12's slab_is_available(), slab_state UP. */
bool libslab_is_up(void)
{
	return READ_ONCE(slab_ready);
}

int libslab_init_late(void)
{
	return slab_flush_init();
}
EXPORT_SYMBOL(libslab_init_late);

int libslab_exit(void)
{
	struct kmem_cache *s;
	int err = 0;

	/*
	 * The work still queued runs first (it may free objects); then the
	 * threads the simulated machine started end, leaks or not.
	 */
	slab_platform_exit_threads();

	/* Users' caches first: while one lives, nothing is torn down. */
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (s == kmem_cache || s == kmem_cache_node ||
		    kmalloc_owns_cache(s))
			continue;
		WARN(1, "%s: cache %s was never destroyed\n", __func__, s->name);
		err = -EBUSY;
	}
	mutex_unlock(&slab_mutex);
	if (err || !slab_ready)
		return err;

	/* kfree_rcu() objects still in flight are no leak. */
	kvfree_rcu_barrier();
	unregister_memory_notifier(&slab_memory_nb);
	if (cpuhp_state > 0) {
		cpuhp_remove_state_nocalls(cpuhp_state);
		cpuhp_state = 0;
	}
	/*
	 * A kmalloc object never freed gets a line of its own here; the
	 * kmalloc caches holding one are kept, and so is any holding only
	 * the bookkeeping of a cache kept earlier (reported at its destroy).
	 */
	destroy_kmalloc_caches();

	cpus_read_lock();
	mutex_lock(&slab_mutex);
	/*
	 * A kept cache's struct and nodes are objects of the boot caches:
	 * they stay, and are no leak of the program's.  Otherwise, with
	 * every other cache gone, the boot caches hold no object.
	 */
	if (!list_empty(&slab_caches_kept)) {
		err = -EBUSY;
	} else {
		err = __kmem_cache_shutdown(kmem_cache) ?:
		      __kmem_cache_shutdown(kmem_cache_node);
		/* Then a bug of libslab's own: nothing may start over. */
		if (WARN(err, "%s: caches remain allocated\n", __func__)) {
			mutex_unlock(&slab_mutex);
			cpus_read_unlock();
			return err;
		}
		list_del(&kmem_cache->list);
		list_del(&kmem_cache_node->list);
		free_kmem_cache_nodes(kmem_cache);
		free_kmem_cache_nodes(kmem_cache_node);
	}
	/* libslab_init() starts over, or refuses while a cache is kept. */
	slab_ready = false;
	mutex_unlock(&slab_mutex);
	cpus_read_unlock();
	slab_flush_exit();
	return err;
}
EXPORT_SYMBOL(libslab_exit);
