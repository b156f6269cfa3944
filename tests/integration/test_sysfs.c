// SPDX-License-Identifier: GPL-2.0
/*
 * The /sys/kernel/slab snapshot: the kernel's file names and formats for
 * a cache's geometry, counts (with per-node breakdowns), flags and
 * statistics, and merged names as symlinks.  Two NUMA nodes, two CPUs.
 */
#include <stdlib.h>
#include <unistd.h>
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

/* Different flags, so the compiler cannot fold it into alloc_here(). */
static noinline void *alloc_there(struct kmem_cache *s)
{
	void *p = kmem_cache_alloc(s, GFP_KERNEL | __GFP_ZERO);

	__asm__ __volatile__("" : : "r"(p) : "memory");
	return p;
}

static void test_alloc_calls_group_live_objects_by_caller(void **state)
{
	struct kmem_cache *s = kmem_cache_create("sysfs_calls", 64, 0,
						 SLAB_STORE_USER, NULL);
	void *a = alloc_here(s), *b = alloc_here(s), *c = alloc_there(s);
	char buf[1024];
	unsigned long count;
	int lines = 0;
	char *line;

	show(s, "alloc_calls", buf, sizeof(buf));
	/* Most objects first: "      2 <caller> age=... pid=... cpus=0 nodes=0". */
	assert_int_equal(sscanf(buf, "%lu", &count), 1);
	assert_int_equal(count, 2);
	assert_non_null(strstr(buf, " age="));
	assert_non_null(strstr(buf, " pid="));
	assert_non_null(strstr(buf, " cpus=0"));
	for (line = buf; (line = strchr(line, '\n')); line++)
		lines++;
	assert_int_equal(lines, 2);
	/* Nothing live has been freed before: no free sites. */
	show(s, "free_calls", buf, sizeof(buf));
	assert_string_equal(buf, "No data\n");
	assert_int_equal(libslab_sysfs_show(make_test_cache("sysfs_untracked"),
					    "alloc_calls", buf, sizeof(buf)), -ENOENT);
	kmem_cache_destroy(libslab_find_cache("sysfs_untracked"));
	kmem_cache_free(s, a);
	kmem_cache_free(s, b);
	kmem_cache_free(s, c);
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

/* "export <dir>": a small workload, then the snapshot (for the slabinfo tool check). */
static int export_demo(const char *where)
{
	struct kmem_cache *s = kmem_cache_create("demo_cache", 200, 0,
						 SLAB_STORE_USER, NULL);
	void *p[50];
	int i;

	for (i = 0; i < 50; i++)
		p[i] = kmem_cache_alloc(s, GFP_KERNEL);
	for (i = 0; i < 50; i += 3)
		kmem_cache_free(s, p[i]);
	return sim_sysfs_export(where) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_geometry_attributes_match_the_cache, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_counts_have_a_per_node_breakdown, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_stat_files_are_exported_with_their_cpu_breakdown, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_merged_names_become_symlinks_to_their_cache, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_alloc_calls_group_live_objects_by_caller, make_dir, remove_dir),
		cmocka_unit_test_setup_teardown(test_every_cache_gets_a_directory, make_dir, remove_dir),
	};

	if (argc == 3 && !strcmp(argv[1], "export"))
		return export_demo(argv[2]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
