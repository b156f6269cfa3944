// SPDX-License-Identifier: GPL-2.0
/*
 * The platform contract's cache notices (slab_platform_cache_added(),
 * slab_platform_cache_aliased(), slab_platform_cache_removed()) in
 * userspace: a register of the names the platform would show in
 * /sys/kernel/slab, each the cache it names, as the kernel's slab kset
 * holds a directory or a link per name.  sim_sysfs_cache() looks a name
 * up.  The snapshot of sim_sysfs_export() is written from the core's own
 * state instead (front/sysfs_export.c): the register says only what the
 * core told its platform, and when.
 *
 * What it cannot model: a refusal.  It takes every cache and name (the
 * kernel's sysfs may fail to make a file for want of memory).
 */
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <slab_platform.h>
#include <sim/slab_kset.h>

struct kset_name {
	struct list_head list;
	struct kmem_cache *s;
	const char *name;	/* the core's: valid while s is registered */
};

static LIST_HEAD(kset_names);
static DEFINE_SPINLOCK(kset_lock);

static int kset_add(struct kmem_cache *s, const char *name)
{
	struct kset_name *entry = malloc(sizeof(*entry));

	if (!entry)
		return -ENOMEM;
	entry->s = s;
	entry->name = name;
	spin_lock(&kset_lock);
	list_add_tail(&entry->list, &kset_names);
	spin_unlock(&kset_lock);
	return 0;
}

int slab_platform_cache_added(struct kmem_cache *s, const char *name)
{
	return kset_add(s, name);
}

int slab_platform_cache_aliased(struct kmem_cache *s, const char *name)
{
	return kset_add(s, name);
}

/* Every name of s goes: a link left to a removed directory leads nowhere. */
void slab_platform_cache_removed(struct kmem_cache *s)
{
	struct kset_name *entry, *tmp;

	spin_lock(&kset_lock);
	list_for_each_entry_safe(entry, tmp, &kset_names, list) {
		if (entry->s == s) {
			list_del(&entry->list);
			free(entry);
		}
	}
	spin_unlock(&kset_lock);
}

struct kmem_cache *sim_sysfs_cache(const char *name)
{
	struct kmem_cache *found = NULL;
	struct kset_name *entry;

	spin_lock(&kset_lock);
	/* the latest name wins, as a new link replaces a leftover one */
	list_for_each_entry(entry, &kset_names, list)
		if (!strcmp(entry->name, name))
			found = entry->s;
	spin_unlock(&kset_lock);
	return found;
}
