// SPDX-License-Identifier: GPL-2.0
/*
 * sim_sysfs_export(): every file of libslab's slab_attrs[] table
 * (libslab_sysfs_attr(), libslab_sysfs_show(), libslab_sysfs_mode()) as
 * files, in a directory per cache named as 6.12 names it
 * (libslab_sysfs_dir_name()), and the cache's names as symlinks to it
 * (libslab_sysfs_links()); sim_debugfs_export(): the alloc_traces and free_traces files of
 * the caches that track users (libslab_debugfs_file(),
 * libslab_debugfs_show()).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <front/sysfs.h>

/* A fresh file at path with the kernel file's mode, holding text. */
static int write_file(const char *path, const char *text, size_t len, int mode)
{
	ssize_t n;
	int fd;

	/* replaced, so that an earlier snapshot's read-only file is no obstacle */
	if (unlink(path) && errno != ENOENT)
		return -errno;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, (mode_t)mode);
	if (fd < 0)
		return -errno;
	while (len) {
		n = write(fd, text, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return n < 0 ? -errno : -EIO;
		}
		text += n;
		len -= (size_t)n;
	}
	return close(fd) ? -errno : 0;
}

static int make_dir(const char *path)
{
	return mkdir(path, 0755) && errno != EEXIST ? -errno : 0;
}

/* Remove path if it is a symlink (sysfs_remove_link()): a leftover name. */
static int remove_link(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	if (S_ISLNK(st.st_mode) && unlink(path))
		return -errno;
	return 0;
}

/*
 * sysfs_slab_add(): the cache's directory, named by its own name or by
 * its unique id (libslab_sysfs_dir_name()), with every attribute.
 */
static int export_cache(struct kmem_cache *s, void *arg)
{
	const char *dir = arg, *attr;
	char name[256], path[4096], buf[4096];
	unsigned int i;
	int len, ret;

	ret = libslab_sysfs_dir_name(s, name, sizeof(name));
	if (ret < 0)
		return ret;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	/* a directory of the cache's own name replaces a link of that name */
	ret = remove_link(path) ?: make_dir(path);
	if (ret)
		return ret;
	for (i = 0; (attr = libslab_sysfs_attr(i)); i++) {
		len = libslab_sysfs_show(s, attr, buf, sizeof(buf));
		if (len < 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", dir, name, attr);
		ret = write_file(path, buf, (size_t)len, libslab_sysfs_mode(attr));
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * sysfs_slab_alias(): each name of the cache that is not its directory's
 * is a symlink to the directory, in the same directory.  As at the
 * kernel's boot, a name a directory already holds is reported and left.
 */
static int export_links(struct kmem_cache *s, void *arg)
{
	const char *dir = arg, *links[64];
	char name[256], path[4096];
	unsigned int i, nr;
	int ret;

	ret = libslab_sysfs_dir_name(s, name, sizeof(name));
	if (ret < 0)
		return ret;
	nr = libslab_sysfs_links(s, links, ARRAY_SIZE(links));
	for (i = 0; i < nr && i < ARRAY_SIZE(links); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, links[i]);
		ret = remove_link(path);
		if (ret)
			return ret;
		if (!symlink(name, path))
			continue;
		if (errno != EEXIST)
			return -errno;
		fprintf(stderr, "sim_sysfs_export: %s is a directory, not a link to %s\n",
			links[i], name);
	}
	return 0;
}

/*
 * slab_late_init(): every cache's directory, then the links, so that a
 * directory of a cache's own name is made before the links are.
 */
int sim_sysfs_export(const char *dir)
{
	int ret = make_dir(dir);

	if (!ret)
		ret = libslab_walk_caches(export_cache, (void *)dir);
	return ret ? ret : libslab_walk_caches(export_links, (void *)dir);
}

/* debugfs_slab_add(): a directory only for a cache with the files. */
static int export_cache_debugfs(struct kmem_cache *s, void *arg)
{
	const char *dir = arg, *name = kmem_cache_name(s), *file;
	struct seq_file m;
	char path[4096];
	unsigned int i;
	int ret = 0;

	for (i = 0; !ret && (file = libslab_debugfs_file(i)); i++) {
		seq_file_init_buffer(&m);
		ret = libslab_debugfs_show(s, file, &m);
		if (ret == -ENOENT) {
			seq_file_release(&m);
			return 0;
		}
		if (!ret) {
			snprintf(path, sizeof(path), "%s/%s", dir, name);
			ret = make_dir(path);
		}
		if (!ret) {
			snprintf(path, sizeof(path), "%s/%s/%s", dir, name, file);
			ret = write_file(path, m.buf ? m.buf : "", m.count, 0400);
		}
		seq_file_release(&m);
	}
	return ret;
}

int sim_debugfs_export(const char *dir)
{
	int ret = make_dir(dir);

	return ret ? ret : libslab_walk_caches(export_cache_debugfs, (void *)dir);
}
