// SPDX-License-Identifier: GPL-2.0
/* sim_sysfs_export(): libslab_sysfs_show() of every attribute, as files. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sim_sysfs.h>

static int write_file(const char *path, const char *text, int len)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	if (len > 0 && fwrite(text, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		return -EIO;
	}
	return fclose(f) ? -errno : 0;
}

static int export_cache(struct kmem_cache *s, void *arg)
{
	const char *dir = arg, *name = kmem_cache_name(s), *attr;
	const char *aliases[64];
	char path[4096], buf[4096];
	unsigned int i, nr;
	int len, ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	for (i = 0; (attr = libslab_sysfs_attr(i)); i++) {
		len = libslab_sysfs_show(s, attr, buf, sizeof(buf));
		if (len < 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", dir, name, attr);
		ret = write_file(path, buf, len);
		if (ret)
			return ret;
	}
	nr = libslab_cache_aliases(s, aliases, ARRAY_SIZE(aliases));
	for (i = 0; i < nr && i < ARRAY_SIZE(aliases); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, aliases[i]);
		unlink(path);
		if (symlink(name, path))
			return -errno;
	}
	return 0;
}

int sim_sysfs_export(const char *dir)
{
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	return libslab_walk_caches(export_cache, (void *)dir);
}
