// SPDX-License-Identifier: GPL-2.0
/*
 * The /sys/kernel/slab snapshot: the kernel's file names and formats for
 * a cache's geometry, counts (with per-node breakdowns), flags and
 * statistics, and the directory and link names of 6.12's sysfs_slab_add()
 * (a mergeable cache's unique id, every name of it a symlink).  Two NUMA
 * nodes, two CPUs.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <front/sysfs.h>
#include <sim/slab_kset.h>
#include "harness.h"

static char dir[64];

static int make_dir(void **state)
{
	sim_set_cpu(0);
	/*
	 * A snapshot is some thousands of files: in memory (as sysfs is)
	 * where there is a tmpfs, since creating them on a disk can take
	 * seconds per snapshot.
	 */
	snprintf(dir, sizeof(dir), "%s/libslab-sysfs-XXXXXX",
		 access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm");
	assert_non_null(mkdtemp(dir));
	return expect_clean_setup(state);
}

static int remove_dir(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	return expect_clean_teardown(state);
}

/* Contents of dir/cache/attr (static buffer). */
static const char *read_attr(const char *cache, const char *attr)
{
	static char buf[512];
	char path[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s/%s", dir, cache, attr);
	f = fopen(path, "r");
	if (!f)
		fail_msg("no file %s", path);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The permission bits of dir/rel, in octal ("400\n"; static buffer). */
static const char *file_mode(const char *rel)
{
	static char mode[16];
	char cmd[256];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "stat -c %%a '%s/%s'", dir, rel);
	f = popen(cmd, "r");
	assert_non_null(f);
	if (!fgets(mode, sizeof(mode), f))
		mode[0] = '\0';
	pclose(f);
	return mode;
}

static void show(struct kmem_cache *s, const char *attr, char *buf, size_t size)
{
	assert_true(libslab_sysfs_show(s, attr, buf, size) >= 0);
}

static void test_geometry_attributes_match_the_cache(void **state)
{
	struct kmem_cache *s = kmem_cache_create("sysfs_geo", 100, 0,
						 SLAB_HWCACHE_ALIGN | SLAB_NO_MERGE, NULL);
	char buf[64], want[64];

	show(s, "object_size", buf, sizeof(buf));
	assert_string_equal(buf, "100\n");
	show(s, "slab_size", buf, sizeof(buf));
	snprintf(want, sizeof(want), "%u\n", s->size);
	assert_string_equal(buf, want);
	show(s, "objs_per_slab", buf, sizeof(buf));
	snprintf(want, sizeof(want), "%u\n", oo_objects(s->oo));
	assert_string_equal(buf, want);
	show(s, "hwcache_align", buf, sizeof(buf));
	assert_string_equal(buf, "1\n");
	show(s, "poison", buf, sizeof(buf));
	assert_string_equal(buf, "0\n");
	assert_int_equal(libslab_sysfs_show(s, "no_such_file", buf, sizeof(buf)), -ENOENT);
	kmem_cache_destroy(s);
}

static void test_counts_have_a_per_node_breakdown(void **state)
{
	struct kmem_cache *s = make_test_cache("sysfs_nodes");
	void *a = kmem_cache_alloc_node(s, GFP_KERNEL, 0);
	void *b = kmem_cache_alloc_node(s, GFP_KERNEL, 1);
	char buf[128];

	show(s, "slabs", buf, sizeof(buf));
	assert_string_equal(buf, "2 N0=1 N1=1\n");
	show(s, "objects", buf, sizeof(buf));
	/* The cpu slab's objects count as in use until flushed, as in the kernel. */
	assert_true(strncmp(buf, "0\n", 2));
	libslab_flush_all(s);
	show(s, "objects", buf, sizeof(buf));
	assert_string_equal(buf, "2 N0=1 N1=1\n");
	show(s, "total_objects", buf, sizeof(buf));
	assert_string_equal(buf, "32 N0=16 N1=16\n");
	show(s, "partial", buf, sizeof(buf));
	assert_string_equal(buf, "2 N0=1 N1=1\n");
	show(s, "cpu_slabs", buf, sizeof(buf));
	assert_string_equal(buf, "0\n");
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_destroy(s);
}

static void test_stat_files_are_exported_with_their_cpu_breakdown(void **state)
{
	struct kmem_cache *s = make_test_cache("sysfs_stats");
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_int_equal(sim_sysfs_export(dir), 0);
	assert_string_equal(read_attr("sysfs_stats", "alloc_slab"), "1 C0=1\n");
	assert_string_equal(read_attr("sysfs_stats", "object_size"), "256\n");
	assert_string_equal(read_attr("sysfs_stats", "cpu_slabs"), "1 N0=1\n");
	/* SLAB_ATTR_RO() files are 0400, SLAB_ATTR() (and STAT_ATTR()) ones 0600 */
	assert_string_equal(file_mode("sysfs_stats/object_size"), "400\n");
	assert_string_equal(file_mode("sysfs_stats/alloc_slab"), "600\n");
	/* validate_show() reads empty */
	assert_string_equal(read_attr("sysfs_stats", "validate"), "");
	/* exported twice: read-only files are replaced */
	assert_int_equal(sim_sysfs_export(dir), 0);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

/* The target of the symlink dir/name (static buffer), or NULL if no link. */
static const char *link_target(const char *name)
{
	static char target[256];
	char path[256];
	ssize_t n;

	assert_true(snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path));
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return NULL;
	target[n] = '\0';
	return target;
}

/*
 * Whether dir/name is a cache directory, not a symlink to one (<sys/stat.h>
 * would clash with slab.h's stat()).
 */
static bool is_real_dir(const char *name)
{
	char path[256], target[8];

	assert_true(snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path));
	if (readlink(path, target, sizeof(target)) >= 0 || errno != EINVAL)
		return false;
	assert_true(snprintf(path, sizeof(path), "%s/%s/aliases", dir, name) < (int)sizeof(path));
	return !access(path, R_OK);
}

/* libslab_sysfs_dir_name() of s (static buffer). */
static const char *dir_name(struct kmem_cache *s)
{
	static char name[64];

	assert_true(libslab_sysfs_dir_name(s, name, sizeof(name)) > 0);
	return name;
}

/*
 * 6.12's sysfs_slab_add(): a mergeable cache's directory is its unique id
 * (create_unique_id(), ":" then the slab size in seven digits), and both
 * the first name and the merged one are symlinks to it (the first added
 * by sysfs_slab_add(), the other by sysfs_slab_alias()).  aliases_show()
 * counts the names beyond the first, through either link.
 */
static void test_merged_names_become_symlinks_to_their_cache(void **state)
{
	struct kmem_cache *a = kmem_cache_create("sysfs_merge_a", 200, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("sysfs_merge_b", 200, 0, 0, NULL);
	const char *links[4];

	assert_ptr_equal(a, b);
	assert_int_equal(a->size, 200);
	assert_string_equal(dir_name(a), ":0000200");
	assert_int_equal(libslab_sysfs_links(a, links, 4), 2);
	assert_string_equal(links[0], "sysfs_merge_a");
	assert_string_equal(links[1], "sysfs_merge_b");
	assert_int_equal(sim_sysfs_export(dir), 0);
	assert_true(is_real_dir(":0000200"));
	assert_string_equal(link_target("sysfs_merge_a"), ":0000200");
	assert_string_equal(link_target("sysfs_merge_b"), ":0000200");
	assert_string_equal(read_attr(":0000200", "aliases"), "1\n");
	assert_string_equal(read_attr("sysfs_merge_a", "aliases"), "1\n");
	assert_string_equal(read_attr("sysfs_merge_b", "object_size"), "200\n");
	/* exported twice: the links are replaced */
	assert_int_equal(sim_sysfs_export(dir), 0);
	assert_string_equal(link_target("sysfs_merge_b"), ":0000200");
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

/*
 * create_unique_id(): the flags merging matches, as letters in the order
 * d (SLAB_CACHE_DMA), D (SLAB_CACHE_DMA32), a (SLAB_RECLAIM_ACCOUNT),
 * F (SLAB_CONSISTENCY_CHECKS), A (SLAB_ACCOUNT), then '-' and the slab
 * size (s->size, not object_size).  A lone mergeable cache has the id
 * too, and its own name is a link.
 */
static void test_unique_id_has_the_merge_flags_and_slab_size(void **state)
{
	static const struct {
		unsigned int size;
		slab_flags_t flags;
		const char *id;
	} cases[] = {
		{ 64, 0, ":0000064" },
		{ 128, SLAB_CACHE_DMA, ":d-0000128" },
		{ 96, SLAB_CACHE_DMA32, ":D-0000096" },
		{ 192, SLAB_RECLAIM_ACCOUNT, ":a-0000192" },
		{ 48, SLAB_ACCOUNT, ":A-0000048" },
		{ 80, SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, ":aA-0000080" },
		{ 56, SLAB_CACHE_DMA | SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, ":daA-0000056" },
		/* the size is the slab size: 100 bytes in 128 with the cache line */
		{ 100, SLAB_HWCACHE_ALIGN, ":0000128" },
		{ 1000000, 0, ":1000000" },
	};
	struct kmem_cache *s[ARRAY_SIZE(cases)];
	const char *links[2];
	char name[32];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(name, sizeof(name), "sysfs_id%u", i);
		s[i] = kmem_cache_create(name, cases[i].size, 0, cases[i].flags, NULL);
		assert_non_null(s[i]);
		assert_string_equal(kmem_cache_name(s[i]), name);
		assert_string_equal(dir_name(s[i]), cases[i].id);
		assert_int_equal(libslab_sysfs_links(s[i], links, 2), 1);
		assert_string_equal(links[0], name);
	}
	assert_int_equal(sim_sysfs_export(dir), 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(name, sizeof(name), "sysfs_id%u", i);
		assert_true(is_real_dir(cases[i].id));
		assert_string_equal(link_target(name), cases[i].id);
		assert_string_equal(read_attr(name, "aliases"), "0\n");
	}
	/* a buffer too small for the id */
	assert_int_equal(libslab_sysfs_dir_name(s[0], name, 8), -ENAMETOOLONG);
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		kmem_cache_destroy(s[i]);
}

static void count_ctor(void *p)
{
	*(int *)p = 0;
}

/*
 * slab_unmergeable() caches keep a directory of their own name and no
 * link: SLAB_NEVER_MERGE flags, a constructor, a usercopy region
 * (CONFIG_HARDENED_USERCOPY), the boot caches' refcount of -1.  So do the
 * kmalloc caches here: create_kmalloc_cache() whitelists the whole object
 * for usercopy.  SLAB_CONSISTENCY_CHECKS alone leaves a cache mergeable,
 * with F in its id.  A directory of a cache's own name replaces a
 * leftover link of that name (sysfs_slab_add()'s sysfs_remove_link()).
 */
static void test_unmergeable_caches_have_their_own_name(void **state)
{
	struct kmem_cache *nomerge = kmem_cache_create("sysfs_nomerge", 64, 0,
						       SLAB_NO_MERGE, NULL);
	struct kmem_cache *rcu = kmem_cache_create("sysfs_rcu", 64, 0,
						   SLAB_TYPESAFE_BY_RCU, NULL);
	struct kmem_cache *ctor = kmem_cache_create("sysfs_ctor", 64, 0, 0,
						    count_ctor);
	struct kmem_cache *uc = kmem_cache_create_usercopy("sysfs_uc", 64, 0, 0,
							   0, 32, NULL);
	struct kmem_cache *checks = kmem_cache_create("sysfs_checks", 64, 0,
						      SLAB_CONSISTENCY_CHECKS, NULL);
	struct kmem_cache *unmergeable[] = {
		nomerge, rcu, ctor, uc, kmem_cache, kmem_cache_node,
		kmalloc_caches[KMALLOC_NORMAL][6], kmalloc_caches[KMALLOC_DMA][6],
		kmalloc_caches[KMALLOC_RECLAIM][6], kmalloc_caches[KMALLOC_CGROUP][6],
	};
	const char *links[2];
	char path[256];
	unsigned int i;

	/* a link left by an earlier snapshot where the name was merged */
	snprintf(path, sizeof(path), "%s/sysfs_nomerge", dir);
	assert_int_equal(symlink(":0000064", path), 0);
	for (i = 0; i < ARRAY_SIZE(unmergeable); i++) {
		assert_non_null(unmergeable[i]);
		assert_string_equal(dir_name(unmergeable[i]),
				    kmem_cache_name(unmergeable[i]));
		assert_int_equal(libslab_sysfs_links(unmergeable[i], links, 2), 0);
	}
	assert_string_equal(dir_name(checks), ":F-0000064");
	assert_int_equal(sim_sysfs_export(dir), 0);
	for (i = 0; i < ARRAY_SIZE(unmergeable); i++)
		assert_true(is_real_dir(kmem_cache_name(unmergeable[i])));
	assert_string_equal(link_target("sysfs_checks"), ":F-0000064");
	assert_string_equal(read_attr("sysfs_nomerge", "aliases"), "0\n");
	/* aliases_show(): 0 for the boot caches' refcount of -1 */
	assert_string_equal(read_attr("kmem_cache", "aliases"), "0\n");
	kmem_cache_destroy(checks);
	kmem_cache_destroy(uc);
	kmem_cache_destroy(ctor);
	kmem_cache_destroy(rcu);
	kmem_cache_destroy(nomerge);
}

/* One cache directory of the capture's "caches" section. */
struct capture_cache {
	char id[32];
	unsigned int object_size, slab_size, align;
	slab_flags_t flags;
	unsigned int names;		/* alias lines naming it */
	struct kmem_cache *s;
};

/* One line of the capture's "aliases" section. */
struct capture_alias {
	char name[64];
	char target[32];
	struct kmem_cache *s;
};

static slab_flags_t capture_flags(const char *list)
{
	slab_flags_t flags = 0;

	if (strstr(list, "reclaim_account"))
		flags |= SLAB_RECLAIM_ACCOUNT;
	if (strstr(list, "hwcache_align"))
		flags |= SLAB_HWCACHE_ALIGN;
	if (strstr(list, "cache_dma"))
		flags |= SLAB_CACHE_DMA;
	return flags;
}

/*
 * Ground truth from a real kernel: bench/traces/boot-x86_64.trace.xz was
 * captured from Linux 6.12.118 (bench/traces/README.md), whose "caches"
 * section lists each /sys/kernel/slab directory with its object_size,
 * slab_size, align and flags, and whose "aliases" section lists each
 * symlink and its target: "dentry :a-0000192", "anon_vma_chain :0000064",
 * "dma-kmalloc-8 :d-0000008".  The directory names are the kernel's
 * create_unique_id(), the links sysfs_slab_add() (first name) and
 * sysfs_slab_alias() (each later one).  Every id directory is made again
 * here from its geometry and flags, every name of it created with that
 * geometry so that it merges: libslab must name each directory, link each
 * name and count each cache's aliases (aliases_show()) as the kernel did.
 * That kernel had no CONFIG_HARDENED_USERCOPY, so its kmalloc caches were
 * mergeable; libslab's, with it, are not and keep their names, so a name
 * libslab already has gets a "capture-" prefix here.
 */
static void test_ids_and_links_match_a_6_12_capture(void **state)
{
	static struct capture_cache caches[128];
	static struct capture_alias aliases[256];
	unsigned int nr_caches = 0, nr_aliases = 0, i, j;
	const char *root = getenv("LIBSLAB_SOURCE_ROOT");
	char path[512], cmd[600], line[512], section[32] = "", name[64];
	char want[16];
	FILE *f;

	/* meson sets it, and the trace is part of the source tree. */
	if (!root)
		fail_msg("LIBSLAB_SOURCE_ROOT is not set: run this suite with meson test");
	snprintf(path, sizeof(path), "%s/bench/traces/boot-x86_64.trace.xz", root);
	if (access(path, R_OK))
		fail_msg("cannot read the capture %s: %s", path, strerror(errno));
	snprintf(cmd, sizeof(cmd), "xz -dc '%s' 2>/dev/null", path);
	f = popen(cmd, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		char id[32], flags[128];

		if (sscanf(line, "# libslab-trace: %31s", section) == 1) {
			if (!strcmp(section, "trace"))
				break;
			continue;
		}
		if (!strcmp(section, "caches") && line[0] == ':') {
			struct capture_cache *c = &caches[nr_caches];

			assert_true(nr_caches < ARRAY_SIZE(caches));
			assert_int_equal(sscanf(line, "%31s %u %u %u %*u %127s", id,
						&c->object_size, &c->slab_size,
						&c->align, flags), 5);
			strcpy(c->id, id);
			c->flags = capture_flags(flags);
			nr_caches++;
		} else if (!strcmp(section, "aliases")) {
			struct capture_alias *a = &aliases[nr_aliases];

			assert_true(nr_aliases < ARRAY_SIZE(aliases));
			assert_int_equal(sscanf(line, "%63s %31s", a->name, a->target), 2);
			nr_aliases++;
		}
	}
	pclose(f);
	/* the whole capture: 65 id directories, 117 links to them */
	assert_int_equal(nr_caches, 65);
	assert_int_equal(nr_aliases, 117);

	for (i = 0; i < nr_aliases; i++) {
		struct capture_alias *a = &aliases[i];
		struct capture_cache *c = NULL;

		for (j = 0; j < nr_caches; j++)
			if (!strcmp(caches[j].id, a->target))
				c = &caches[j];
		assert_non_null(c);
		if (libslab_find_cache(a->name)) {
			assert_true(snprintf(name, sizeof(name), "capture-%s",
					     a->name) < (int)sizeof(name));
			strcpy(a->name, name);
		}
		a->s = kmem_cache_create(a->name, c->object_size, c->align,
					 c->flags, NULL);
		assert_non_null(a->s);
		/* the first name makes the cache, the others merge into it */
		if (!c->s)
			c->s = a->s;
		assert_ptr_equal(a->s, c->s);
		assert_int_equal(c->s->size, c->slab_size);
		c->names++;
	}
	/* a directory with no name left would be the kernel's bug */
	for (j = 0; j < nr_caches; j++) {
		assert_non_null(caches[j].s);
		assert_string_equal(dir_name(caches[j].s), caches[j].id);
	}

	assert_int_equal(sim_sysfs_export(dir), 0);
	for (j = 0; j < nr_caches; j++) {
		assert_true(is_real_dir(caches[j].id));
		snprintf(want, sizeof(want), "%u\n", caches[j].names - 1);
		assert_string_equal(read_attr(caches[j].id, "aliases"), want);
	}
	for (i = 0; i < nr_aliases; i++)
		assert_string_equal(link_target(aliases[i].name), aliases[i].target);

	for (i = nr_aliases; i-- > 0; )
		kmem_cache_destroy(aliases[i].s);
}

static noinline void *alloc_here(struct kmem_cache *s)
{
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	__asm__ __volatile__("" : : "r"(p) : "memory");
	return p;
}

/* Different flags, so the compiler cannot fold it into alloc_here(). */
static noinline void *alloc_there(struct kmem_cache *s)
{
	void *p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_ZERO);

	__asm__ __volatile__("" : : "r"(p) : "memory");
	return p;
}

/* The whole text of debugfs file name of s (static buffer), or NULL for -ENOENT. */
static const char *traces(struct kmem_cache *s, const char *name)
{
	static char text[8192];
	struct seq_file m;
	int ret;

	seq_file_init_buffer(&m);
	ret = libslab_debugfs_show(s, name, &m);
	if (ret == -ENOENT) {
		seq_file_release(&m);
		return NULL;
	}
	assert_int_equal(ret, 0);
	snprintf(text, sizeof(text), "%s", m.buf ? m.buf : "");
	seq_file_release(&m);
	return text;
}

/* How many lines of text start with a count ("%7ld "): the groups. */
static int count_groups(const char *text, unsigned long *counts, int max)
{
	const char *line;
	int n = 0;

	for (line = text; *line; line = strchr(line, '\n') + 1) {
		if (line[0] == ' ' && line[7] == ' ' && line[6] >= '0' && line[6] <= '9') {
			if (n < max)
				counts[n] = strtoul(line, NULL, 10);
			n++;
		}
		if (!strchr(line, '\n'))
			break;
	}
	return n;
}

/*
 * 6.12's slab_debugfs_show() for each group of cmp_loc_by_count()'s order:
 * "%7ld " count, "%pS" caller, " age=%ld/%llu/%ld" or " age=%ld",
 * " pid=%ld" or " pid=%ld-%ld", " cpus=%*pbl" (two CPUs online), " nodes=%*pbl"
 * (two nodes online), then "\n", the stack's frames as "        %pS\n"
 * and an empty line.
 */
static void test_alloc_traces_group_live_objects_by_caller(void **state)
{
	struct kmem_cache *s = kmem_cache_create("sysfs_calls", 64, 0,
						 SLAB_STORE_USER, NULL);
	void *objs[2], *c;
	unsigned long counts[4];
	const char *text, *p;
	int i;

	/*
	 * One call site and stack for two (groups are by addr, stack and
	 * waste): a loop the compiler cannot unroll into two calls.
	 */
	volatile int two = 2;

	for (i = 0; i < two; i++)
		objs[i] = alloc_here(s);
	c = alloc_there(s);
	char want[32];

	text = traces(s, "alloc_traces");
	assert_non_null(text);
	assert_int_equal(count_groups(text, counts, 4), 2);
	assert_int_equal(counts[0], 2);
	assert_int_equal(counts[1], 1);
	assert_int_equal(strncmp(text, "      2 ", 8), 0);
	/* the same pid, all objects now: one age and one pid each */
	snprintf(want, sizeof(want), " pid=%d cpus=0 nodes=0\n", (int)current->pid);
	p = strstr(text, want);
	assert_non_null(p);
	assert_true(p < strchr(text, '\n'));
	assert_null(strstr(text, " waste="));
	assert_non_null(strstr(text, " age="));
	/* the frames of the stack depot, then an empty line */
	p = strchr(text, '\n') + 1;
	assert_int_equal(strncmp(p, "        ", 8), 0);
	assert_non_null(strstr(p, "\n\n      1 "));
	assert_int_equal(text[strlen(text) - 1], '\n');
	assert_int_equal(text[strlen(text) - 2], '\n');
	/*
	 * Nothing live has been freed before: process_slab() still counts
	 * the never written free tracks, as one group without a caller or
	 * stack whose age is jiffies (since time 0) and pid 0.
	 */
	text = traces(s, "free_traces");
	assert_int_equal(strncmp(text, "      3 <not-available> age=", 28), 0);
	p = strstr(text, " pid=0 cpus=0 nodes=0\n");
	assert_non_null(p);
	assert_string_equal(p, " pid=0 cpus=0 nodes=0\n");
	assert_null(traces(s, "alloc_calls"));
	/* Only the caches that track users have the files (debugfs_slab_add()). */
	assert_null(traces(make_test_cache("sysfs_untracked"), "alloc_traces"));
	kmem_cache_destroy(libslab_find_cache("sysfs_untracked"));
	for (i = 0; i < 2; i++)
		kmem_cache_free(s, objs[i]);
	kmem_cache_free(s, c);
	assert_string_equal(traces(s, "alloc_traces"), "No data\n");
	kmem_cache_destroy(s);
}

/* free_traces: the last free of each live object. */
static void test_free_traces_show_the_last_free_of_live_objects(void **state)
{
	struct kmem_cache *s = kmem_cache_create("sysfs_frees", 64, 0,
						 SLAB_STORE_USER, NULL);
	void *p[4];
	unsigned long counts[4];
	char want[48];
	int i;

	for (i = 0; i < 4; i++)
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, i & 1);
	/*
	 * One call and so one stack for all four frees: a loop may be peeled
	 * or unrolled into several call sites (clang and ASan builds do).
	 */
	kmem_cache_free_bulk(s, 4, p);
	/* the same objects again: each was freed once already */
	for (i = 0; i < 4; i++)
		p[i] = kmem_cache_alloc_node(s, GFP_KERNEL, i & 1);
	assert_int_equal(count_groups(traces(s, "free_traces"), counts, 4), 1);
	assert_int_equal(counts[0], 4);
	snprintf(want, sizeof(want), " pid=%d cpus=0 nodes=", (int)current->pid);
	assert_non_null(strstr(traces(s, "free_traces"), want));
	/* a caller and its stack: the group line, the frames, an empty line */
	assert_null(strstr(traces(s, "free_traces"), "<not-available>"));
	assert_non_null(strstr(traces(s, "free_traces"), "\n        "));
	for (i = 0; i < 4; i++)
		kmem_cache_free(s, p[i]);
	kmem_cache_destroy(s);
}

/* The debugfs snapshot: a directory for each cache that tracks users. */
static void test_debugfs_export_has_the_traces_of_tracking_caches(void **state)
{
	struct kmem_cache *s = kmem_cache_create("sysfs_dbg", 64, 0,
						 SLAB_STORE_USER, NULL);
	void *a = alloc_here(s);
	char path[256];

	assert_int_equal(sim_debugfs_export(dir), 0);
	assert_int_equal(strncmp(read_attr("sysfs_dbg", "alloc_traces"), "      1 ", 8), 0);
	assert_int_equal(strncmp(read_attr("sysfs_dbg", "free_traces"),
				 "      1 <not-available> age=", 28), 0);
	/* debugfs_create_file(..., 0400, ...) */
	assert_string_equal(file_mode("sysfs_dbg/alloc_traces"), "400\n");
	snprintf(path, sizeof(path), "%s/kmalloc-64", dir);
	assert_int_equal(access(path, F_OK), -1);
	/* exported twice: read-only files are replaced */
	assert_int_equal(sim_debugfs_export(dir), 0);
	kmem_cache_free(s, a);
	kmem_cache_destroy(s);
}

/* 6.12's slab_attrs[] (mm/slub.c) for the modelled configuration, in order. */
static const char *const slab_attrs_6_12[] = {
	"slab_size", "object_size", "objs_per_slab", "order", "min_partial",
	"cpu_partial", "objects_partial", "partial", "cpu_slabs", "ctor",
	"aliases", "align", "hwcache_align", "reclaim_account",
	"destroy_by_rcu", "shrink", "slabs_cpu_partial",
	/* CONFIG_SLUB_DEBUG */
	"total_objects", "objects", "slabs", "sanity_checks", "trace",
	"red_zone", "poison", "store_user", "validate",
	/* CONFIG_ZONE_DMA */
	"cache_dma",
	/* CONFIG_NUMA */
	"remote_node_defrag_ratio",
	/* CONFIG_SLUB_STATS */
	"alloc_fastpath", "alloc_slowpath", "free_fastpath", "free_slowpath",
	"free_frozen", "free_add_partial", "free_remove_partial",
	"alloc_from_partial", "alloc_slab", "alloc_refill",
	"alloc_node_mismatch", "free_slab", "cpuslab_flush",
	"deactivate_full", "deactivate_empty", "deactivate_to_head",
	"deactivate_to_tail", "deactivate_remote_frees", "deactivate_bypass",
	"order_fallback", "cmpxchg_double_fail", "cmpxchg_double_cpu_fail",
	"cpu_partial_alloc", "cpu_partial_free", "cpu_partial_node",
	"cpu_partial_drain",
	/* CONFIG_FAILSLAB */
	"failslab",
	/* CONFIG_HARDENED_USERCOPY */
	"usersize",
	/* no skip_kfence: CONFIG_KFENCE is off */
};

/* SLAB_ATTR() files are 0600, SLAB_ATTR_RO() ones 0400. */
static const char *const writable_6_12[] = {
	"min_partial", "cpu_partial", "shrink", "validate",
	"remote_node_defrag_ratio", "failslab",
};

static void test_the_files_are_6_12_slab_attrs(void **state)
{
	unsigned int i, j;
	const char *name;
	int mode;

	for (i = 0; (name = libslab_sysfs_attr(i)); i++) {
		assert_true(i < ARRAY_SIZE(slab_attrs_6_12));
		assert_string_equal(name, slab_attrs_6_12[i]);
		mode = libslab_stat_item(name) >= 0 ? 0600 : 0400;
		for (j = 0; j < ARRAY_SIZE(writable_6_12); j++)
			if (!strcmp(name, writable_6_12[j]))
				mode = 0600;
		assert_int_equal(libslab_sysfs_mode(name), mode);
	}
	assert_int_equal(i, ARRAY_SIZE(slab_attrs_6_12));
	assert_int_equal(libslab_sysfs_mode("alloc_calls"), -ENOENT);
	assert_int_equal(libslab_sysfs_mode("free_calls"), -ENOENT);
	assert_int_equal(libslab_sysfs_mode("skip_kfence"), -ENOENT);
}

/* The writable files, as their 6.12 _store() functions take writes. */
static void test_stores_follow_6_12(void **state)
{
	struct kmem_cache *s = make_test_cache("sysfs_store");
	struct kmem_cache *dbg = kmem_cache_create("sysfs_store_dbg", 64, 0,
						   SLAB_CONSISTENCY_CHECKS, NULL);
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	char buf[64];

	/* remote_node_defrag_ratio_show(): tenths kept, percent shown, 100 by default */
	show(s, "remote_node_defrag_ratio", buf, sizeof(buf));
	assert_string_equal(buf, "100\n");
	assert_int_equal(libslab_sysfs_store(s, "remote_node_defrag_ratio", "30\n", 3), 3);
	show(s, "remote_node_defrag_ratio", buf, sizeof(buf));
	assert_string_equal(buf, "30\n");
	assert_int_equal(libslab_sysfs_store(s, "remote_node_defrag_ratio", "101", 3), -ERANGE);
	/* min_partial_store() */
	assert_int_equal(libslab_sysfs_store(s, "min_partial", "7", 1), 1);
	show(s, "min_partial", buf, sizeof(buf));
	assert_string_equal(buf, "7\n");
	assert_int_equal(libslab_sysfs_store(s, "min_partial", "x", 1), -EINVAL);
	/* STAT_ATTR(): only "0", which clears */
	show(s, "alloc_slab", buf, sizeof(buf));
	assert_string_equal(buf, "1 C0=1\n");
	assert_int_equal(libslab_sysfs_store(s, "alloc_slab", "1", 1), -EINVAL);
	assert_int_equal(libslab_sysfs_store(s, "alloc_slab", "0", 1), 1);
	show(s, "alloc_slab", buf, sizeof(buf));
	assert_string_equal(buf, "0\n");
	/* validate_show() and shrink_show() are empty; their stores take "1" */
	assert_int_equal(libslab_sysfs_show(s, "validate", buf, sizeof(buf)), 0);
	assert_int_equal(libslab_sysfs_show(s, "shrink", buf, sizeof(buf)), 0);
	assert_int_equal(libslab_sysfs_store(s, "validate", "1", 1), -EINVAL);
	assert_int_equal(libslab_sysfs_store(dbg, "validate", "1", 1), 1);
	assert_int_equal(libslab_sysfs_store(s, "shrink", "0", 1), -EINVAL);
	assert_int_equal(libslab_sysfs_store(s, "shrink", "1", 1), 1);
	/* failslab_store() */
	assert_int_equal(libslab_sysfs_store(s, "failslab", "1", 1), 1);
	show(s, "failslab", buf, sizeof(buf));
	assert_string_equal(buf, "1\n");
	assert_int_equal(libslab_sysfs_store(s, "failslab", "0", 1), 1);
	/* a SLAB_ATTR_RO() file: slab_attr_store() has no store to call */
	assert_int_equal(libslab_sysfs_store(s, "object_size", "1", 1), -EIO);
	assert_int_equal(libslab_sysfs_store(s, "no_such_file", "1", 1), -ENOENT);
	kmem_cache_free(s, p);
	kmem_cache_destroy(dbg);
	kmem_cache_destroy(s);
}

/* The directories (not links) of the snapshot. */
static unsigned int count_real_dirs(void)
{
	struct dirent *entry;
	unsigned int nr = 0;
	DIR *d = opendir(dir);

	assert_non_null(d);
	while ((entry = readdir(d)))
		if (entry->d_name[0] != '.' && is_real_dir(entry->d_name))
			nr++;
	closedir(d);
	return nr;
}

/*
 * Each cache on slab_caches, read off the list itself rather than through
 * the walk the export makes, has a directory of its own: its name leads
 * to one showing its object size, and there are as many directories as
 * caches.
 */
static void test_every_cache_gets_a_directory(void **state)
{
	static struct {
		char name[64];
		char object_size[16];
	} caches[256];
	struct kmem_cache *s;
	unsigned int nr = 0, i;

	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (nr < ARRAY_SIZE(caches)) {
			snprintf(caches[nr].name, sizeof(caches[nr].name), "%s",
				 s->name);
			snprintf(caches[nr].object_size,
				 sizeof(caches[nr].object_size), "%u\n",
				 s->object_size);
		}
		nr++;
	}
	mutex_unlock(&slab_mutex);
	assert_in_range(nr, 1, ARRAY_SIZE(caches));

	assert_int_equal(sim_sysfs_export(dir), 0);
	for (i = 0; i < nr; i++)
		assert_string_equal(read_attr(caches[i].name, "object_size"),
				    caches[i].object_size);
	assert_int_equal(count_real_dirs(), nr);
}

/*
 * The platform contract's cache notices: the core tells its platform of
 * each cache it makes and each name it merges (6.12's sysfs_slab_add()
 * and sysfs_slab_alias()) and of each cache it destroys
 * (sysfs_slab_unlink()); the shim's register (sim_sysfs_cache()) holds
 * what it was told.  A merged name goes with its cache, not with its own
 * kmem_cache_destroy(), as a 6.12 link stays until the directory goes.
 */
static void test_the_platform_is_told_of_each_cache_and_name(void **state)
{
	struct kmem_cache *a = kmem_cache_create("sysfs_told_a", 232, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("sysfs_told_b", 228, 0, 0, NULL);
	struct kmem_cache *own = kmem_cache_create("sysfs_told_own", 232, 0,
						   SLAB_TYPESAFE_BY_RCU, NULL);

	assert_ptr_equal(a, b);
	assert_ptr_not_equal(own, a);
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_a"), a);
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_b"), a);
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_own"), own);
	/* libslab_init()'s caches are the platform's to find */
	assert_null(sim_sysfs_cache("kmalloc-64"));
	kmem_cache_destroy(b);
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_b"), a);
	kmem_cache_destroy(a);
	assert_null(sim_sysfs_cache("sysfs_told_a"));
	assert_null(sim_sysfs_cache("sysfs_told_b"));
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_own"), own);
	kmem_cache_destroy(own);
	assert_null(sim_sysfs_cache("sysfs_told_own"));
	/* a name made again after its cache went is the new cache's */
	a = kmem_cache_create("sysfs_told_a", 232, 0, 0, NULL);
	assert_ptr_equal(sim_sysfs_cache("sysfs_told_a"), a);
	kmem_cache_destroy(a);
}

/*
 * "export <dir> [<debugfs dir>]": a small workload, then the snapshots
 * (for the slabinfo tool check): demo_cache, which tracks users, and two
 * mergeable names of one cache, :0000096, with an object in it.
 */
static int export_demo(const char *where, const char *debug)
{
	struct kmem_cache *s = kmem_cache_create("demo_cache", 200, 0,
						 SLAB_STORE_USER, NULL);
	struct kmem_cache *a = kmem_cache_create("demo_merge_a", 96, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("demo_merge_b", 90, 0, 0, NULL);
	void *p[50];
	int i;

	if (!a || a != b || !kmem_cache_alloc(b, GFP_KERNEL))
		return 1;

	for (i = 0; i < 50; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 50; i += 3)
		kmem_cache_free(s, p[i]);
	if (debug && sim_debugfs_export(debug))
		return 1;
	return sim_sysfs_export(where) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_geometry_attributes_match_the_cache, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_counts_have_a_per_node_breakdown, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_stat_files_are_exported_with_their_cpu_breakdown, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_merged_names_become_symlinks_to_their_cache, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_unique_id_has_the_merge_flags_and_slab_size, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_unmergeable_caches_have_their_own_name, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_ids_and_links_match_a_6_12_capture, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_alloc_traces_group_live_objects_by_caller, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_free_traces_show_the_last_free_of_live_objects, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_debugfs_export_has_the_traces_of_tracking_caches, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_the_files_are_6_12_slab_attrs, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_stores_follow_6_12, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_every_cache_gets_a_directory, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_the_platform_is_told_of_each_cache_and_name, make_dir, remove_dir),
	};

	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "export"))
		return export_demo(argv[2], argc == 4 ? argv[3] : NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
