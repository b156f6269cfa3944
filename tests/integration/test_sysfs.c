// SPDX-License-Identifier: GPL-2.0
/*
 * The /sys/kernel/slab snapshot: the kernel's file names and formats for
 * a cache's geometry, counts (with per-node breakdowns), flags and
 * statistics, and merged names as symlinks.  Two NUMA nodes, two CPUs.
 */
#include <stdlib.h>
#include <unistd.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/sim_sysfs.h>
#include "harness.h"

static char dir[64];

static int make_dir(void **state)
{
	sim_set_cpu(0);
	snprintf(dir, sizeof(dir), "/tmp/libslab-sysfs-XXXXXX");
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

static void test_merged_names_become_symlinks_to_their_cache(void **state)
{
	struct kmem_cache *a = kmem_cache_create("sysfs_merge_a", 200, 0, 0, NULL);
	struct kmem_cache *b = kmem_cache_create("sysfs_merge_b", 200, 0, 0, NULL);
	char path[256], target[256];
	ssize_t n;

	assert_ptr_equal(a, b);
	assert_int_equal(sim_sysfs_export(dir), 0);
	snprintf(path, sizeof(path), "%s/sysfs_merge_b", dir);
	n = readlink(path, target, sizeof(target) - 1);
	assert_true(n > 0);
	target[n] = '\0';
	assert_string_equal(target, kmem_cache_name(a));
	assert_string_equal(read_attr("sysfs_merge_b", "aliases"), "1\n");
	kmem_cache_destroy(b);
	kmem_cache_destroy(a);
}

static noinline void *alloc_here(struct kmem_cache *s)
{
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	__asm__ __volatile__("" : : "r"(p) : "memory");
	return p;
}

/* One free call site, whatever the compiler does to the caller's loop. */
static noinline void free_here(struct kmem_cache *s, void *p)
{
	kmem_cache_free(s, p);
	barrier();
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
	/* one call site and one stack: a loop the compiler cannot unroll */
	volatile int four = 4;

	for (i = 0; i < four; i++)
		free_here(s, p[i]);
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

static void test_every_cache_gets_a_directory(void **state)
{
	char path[256];

	assert_int_equal(sim_sysfs_export(dir), 0);
	snprintf(path, sizeof(path), "%s/kmalloc-64/slabs", dir);
	assert_int_equal(access(path, R_OK), 0);
	snprintf(path, sizeof(path), "%s/kmem_cache/object_size", dir);
	assert_int_equal(access(path, R_OK), 0);
}

/*
 * "export <dir> [<debugfs dir>]": a small workload, then the snapshots
 * (for the slabinfo tool check).
 */
static int export_demo(const char *where, const char *debug)
{
	struct kmem_cache *s = kmem_cache_create("demo_cache", 200, 0,
						 SLAB_STORE_USER, NULL);
	void *p[50];
	int i;

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
		cmocka_unit_test_setup_teardown(test_alloc_traces_group_live_objects_by_caller, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_free_traces_show_the_last_free_of_live_objects, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_debugfs_export_has_the_traces_of_tracking_caches, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_the_files_are_6_12_slab_attrs, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_stores_follow_6_12, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_every_cache_gets_a_directory, make_dir, remove_dir),
	};

	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "export"))
		return export_demo(argv[2], argc == 4 ? argv[3] : NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
