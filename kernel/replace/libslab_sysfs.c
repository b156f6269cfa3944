// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_sysfs.c - replacement mode: /sys/kernel/slab and
 * /sys/kernel/debug/slab as 6.12 has them (mm/slub.c: slab_late_init(),
 * sysfs_slab_add(), sysfs_slab_alias(), sysfs_slab_unlink(),
 * debugfs_slab_add(), debugfs_slab_release()), served from the core's one
 * table of files (src/slab_sysfs.c): the names, modes, show and store
 * functions, the directory and link names, the debugfs trace lists.  Here
 * is only where each lives: a kset "slab" under /sys/kernel, a kobject per
 * cache, a symlink per merged name, a debugfs directory per cache that
 * tracks users.  The core tells of caches through the platform contract's
 * notices (slab_platform.h); what it made before this late initcall is
 * found on slab_caches.
 *
 * Built with libslab_prelude.h and libslab_kernel_names.h force-included,
 * as libslab_kernel.c is.
 */
#include <linux/debugfs.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include "slab.h"

#undef pr_fmt
#define pr_fmt(fmt) "libslab: " fmt

/*
 * A cache's place in sysfs: the core's struct kmem_cache has no kobject
 * (mm/slab.h's has, after the fields other files read), so each cache
 * gets one of its own here.  The core frees a cache only after
 * slab_platform_cache_removed(), by which time kobject_del() has waited
 * for every reader of its files; the kobject itself may outlive it.
 */
struct slab_kobj {
	struct kobject kobj;
	struct kmem_cache *s;	/* NULL once the cache is removed */
	struct list_head list;	/* on slab_kobjs */
};

static struct kset *slab_kset;
static struct dentry *slab_debugfs_root;
/* Set under slab_mutex, as 6.12's slab_state = FULL: notices count from then. */
static bool slab_sysfs_up;
/* Every cache's kobject, for its removal (the notice names the cache only). */
static LIST_HEAD(slab_kobjs);
static DEFINE_MUTEX(slab_kobjs_lock);

/*
 * The names merged before sysfs was up, newest first, linked at the late
 * initcall in that order, so that of a name merged twice the oldest merge
 * keeps the link, as 6.12's saved alias_list does.  slab_mutex guards it.
 */
struct saved_alias {
	struct list_head list;
	struct kmem_cache *s;
	const char *name;	/* the core's: valid while s lives */
};

static LIST_HEAD(saved_aliases);

/* The attributes of every cache, from the core's table (its #ifdef'd rows). */
static struct attribute slab_attr_files[64];
static struct attribute *slab_attr_list[ARRAY_SIZE(slab_attr_files) + 1];
static const struct attribute_group slab_attr_group = {
	.attrs = slab_attr_list,
};

static ssize_t slab_attr_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	struct slab_kobj *sk = container_of(kobj, struct slab_kobj, kobj);

	return libslab_sysfs_show(sk->s, attr->name, buf, PAGE_SIZE);
}

static ssize_t slab_attr_store(struct kobject *kobj, struct attribute *attr,
			       const char *buf, size_t len)
{
	struct slab_kobj *sk = container_of(kobj, struct slab_kobj, kobj);

	return libslab_sysfs_store(sk->s, attr->name, buf, len);
}

static const struct sysfs_ops slab_sysfs_ops = {
	.show = slab_attr_show,
	.store = slab_attr_store,
};

static void slab_kobj_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct slab_kobj, kobj));
}

static const struct kobj_type slab_ktype = {
	.sysfs_ops = &slab_sysfs_ops,
	.release = slab_kobj_release,
};

/* sysfs_slab_alias() once sysfs is up: a leftover link of name is replaced. */
static int slab_sysfs_link(struct slab_kobj *sk, const char *name)
{
	sysfs_remove_link(&slab_kset->kobj, name);
	return sysfs_create_link(&slab_kset->kobj, &sk->kobj, name);
}

/* debugfs_slab_add(): the trace lists of a cache that tracks users. */
static int slab_traces_show(struct seq_file *m, void *unused)
{
	const struct file *file = m->file;

	return libslab_debugfs_show(m->private,
				    (const char *)file->f_path.dentry->d_name.name, m);
}

static int slab_traces_open(struct inode *inode, struct file *file)
{
	return single_open(file, slab_traces_show, inode->i_private);
}

static const struct file_operations slab_traces_fops = {
	.open = slab_traces_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static void slab_debugfs_add(struct kmem_cache *s)
{
	struct dentry *dir;
	const char *file;
	unsigned int i;

	if (!slab_debugfs_root || !(s->flags & SLAB_STORE_USER))
		return;
	dir = debugfs_create_dir(s->name, slab_debugfs_root);
	for (i = 0; (file = libslab_debugfs_file(i)); i++)
		debugfs_create_file(file, 0400, dir, s, &slab_traces_fops);
}

/*
 * sysfs_slab_add(): the directory (the cache's name or its unique id,
 * libslab_sysfs_dir_name()) and its files, for an id the cache's own name
 * as a link to it (the first of libslab_sysfs_links()); then
 * debugfs_slab_add().  slab_mutex is held.
 */
static int slab_sysfs_add(struct kmem_cache *s)
{
	struct slab_kobj *sk;
	char name[64];
	int err;

	err = libslab_sysfs_dir_name(s, name, sizeof(name));
	if (err < 0)
		return err;
	sk = kzalloc(sizeof(*sk), GFP_KERNEL);
	if (!sk)
		return -ENOMEM;
	sk->s = s;
	/* a directory of the cache's name replaces a leftover link of it */
	if (!strcmp(name, s->name))
		sysfs_remove_link(&slab_kset->kobj, name);
	sk->kobj.kset = slab_kset;
	err = kobject_init_and_add(&sk->kobj, &slab_ktype, NULL, "%s", name);
	if (!err) {
		err = sysfs_create_group(&sk->kobj, &slab_attr_group);
		if (err)
			kobject_del(&sk->kobj);
	}
	if (err) {
		kobject_put(&sk->kobj);
		return err;
	}
	if (strcmp(name, s->name) && slab_sysfs_link(sk, s->name))
		pr_err("cannot link %s to %s in sysfs\n", s->name, name);
	mutex_lock(&slab_kobjs_lock);
	list_add(&sk->list, &slab_kobjs);
	mutex_unlock(&slab_kobjs_lock);
	slab_debugfs_add(s);
	return 0;
}

static struct slab_kobj *slab_kobj_of(struct kmem_cache *s)
{
	struct slab_kobj *sk;

	lockdep_assert_held(&slab_kobjs_lock);
	list_for_each_entry(sk, &slab_kobjs, list)
		if (sk->s == s)
			return sk;
	return NULL;
}

int slab_platform_cache_added(struct kmem_cache *s, const char *name)
{
	lockdep_assert_held(&slab_mutex);
	return slab_sysfs_up ? slab_sysfs_add(s) : 0;
}

int slab_platform_cache_aliased(struct kmem_cache *s, const char *name)
{
	struct saved_alias *saved;
	struct slab_kobj *sk;
	int err = 0;

	lockdep_assert_held(&slab_mutex);
	if (!slab_sysfs_up) {
		saved = kmalloc(sizeof(*saved), GFP_KERNEL);
		if (!saved)
			return -ENOMEM;
		saved->s = s;
		saved->name = name;
		list_add(&saved->list, &saved_aliases);
		return 0;
	}
	mutex_lock(&slab_kobjs_lock);
	sk = slab_kobj_of(s);
	if (sk)
		err = slab_sysfs_link(sk, name);
	mutex_unlock(&slab_kobjs_lock);
	return err;
}

/*
 * sysfs_slab_unlink() and debugfs_slab_release(): the directories go
 * (kobject_del() waits for the readers of the files); links to the
 * directory stay, dangling, until a cache of that name comes, as in 6.12.
 */
void slab_platform_cache_removed(struct kmem_cache *s)
{
	struct saved_alias *saved, *tmp;
	struct slab_kobj *sk;

	/* a cache gone before the late initcall takes its saved names along */
	mutex_lock(&slab_mutex);
	list_for_each_entry_safe(saved, tmp, &saved_aliases, list) {
		if (saved->s == s) {
			list_del(&saved->list);
			kfree(saved);
		}
	}
	mutex_unlock(&slab_mutex);
	mutex_lock(&slab_kobjs_lock);
	sk = slab_kobj_of(s);
	if (sk)
		list_del(&sk->list);
	mutex_unlock(&slab_kobjs_lock);
	if (slab_debugfs_root)
		debugfs_lookup_and_remove(s->name, slab_debugfs_root);
	if (!sk)
		return;
	kobject_del(&sk->kobj);
	sk->s = NULL;
	kobject_put(&sk->kobj);
}

/* The core's table as sysfs attributes, with its modes. */
static int __init slab_attr_table_init(void)
{
	const char *name;
	unsigned int i;

	for (i = 0; (name = libslab_sysfs_attr(i)); i++) {
		if (WARN_ON(i == ARRAY_SIZE(slab_attr_files)))
			return -E2BIG;
		slab_attr_files[i].name = name;
		slab_attr_files[i].mode = libslab_sysfs_mode(name);
		slab_attr_list[i] = &slab_attr_files[i];
	}
	return 0;
}

/*
 * slab_late_init(): the kset, the debugfs root, then under slab_mutex a
 * directory for every cache made so far and a link for every name merged
 * so far (slab_sysfs_process_aliases()).
 */
static int __init libslab_sysfs_init(void)
{
	struct saved_alias *saved, *tmp;
	struct slab_kobj *sk;
	struct kmem_cache *s;
	int err;

	err = slab_attr_table_init();
	if (err)
		return err;
	mutex_lock(&slab_mutex);
	slab_kset = kset_create_and_add("slab", NULL, kernel_kobj);
	if (!slab_kset) {
		mutex_unlock(&slab_mutex);
		pr_err("cannot register /sys/kernel/slab\n");
		return -ENOMEM;
	}
	if (IS_ENABLED(CONFIG_SLUB_DEBUG) && IS_ENABLED(CONFIG_DEBUG_FS))
		slab_debugfs_root = debugfs_create_dir("slab", NULL);
	slab_sysfs_up = true;
	list_for_each_entry(s, &slab_caches, list)
		if (slab_sysfs_add(s))
			pr_err("cannot add boot cache %s to sysfs\n", s->name);
	mutex_lock(&slab_kobjs_lock);
	list_for_each_entry_safe(saved, tmp, &saved_aliases, list) {
		sk = slab_kobj_of(saved->s);
		if (!sk || slab_sysfs_link(sk, saved->name))
			pr_err("cannot add boot alias %s to sysfs\n", saved->name);
		list_del(&saved->list);
		kfree(saved);
	}
	mutex_unlock(&slab_kobjs_lock);
	mutex_unlock(&slab_mutex);
	return 0;
}
late_initcall(libslab_sysfs_init);
