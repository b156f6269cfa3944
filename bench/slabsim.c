// SPDX-License-Identifier: GPL-2.0
/*
 * slabsim: run a boot-like allocation workload on libslab, then print
 * /proc/slabinfo.
 *
 * The workload creates the caches a booting kernel creates early (names,
 * sizes and flags after Linux 6.12 on x86_64), then drives them and the
 * kmalloc caches with a seeded deterministic PRNG: cache allocations and
 * frees, kmalloc across 8..8192 bytes plus some large ones, krealloc growth,
 * bulk allocation and freeing, kvmalloc.  Frees grow likelier as the object
 * table fills, so most of what is allocated stays live, as at boot.  With
 * the objects still live it prints /proc/slabinfo, then frees everything,
 * destroys its caches and exits.
 *
 * Every object is filled with a pattern and checked before it is freed;
 * constructed objects, zeroed allocations, ksize() and the per-cache object
 * counts are checked too.  Any mismatch, or any report the library issued,
 * makes the exit status 1.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/seq_file.h>
#include <sim/params.h>
#include <front/restart.h>

#include "replay.h"

#define DEFAULT_SEED	1
#define DEFAULT_OPS	200000
#define LIVE_MAX	16384		/* objects the table can hold */
#define BULK_MAX	64		/* objects in one bulk allocation */
#define GROUPS_MAX	32		/* bulk allocations held at once */
#define FREE_BATCH	16		/* kmalloc objects freed in one bulk free */
#define LARGE_MAX	(256 * 1024)	/* largest large kmalloc */
#define KVMALLOC_MAX	(512 * 1024)	/* largest kvmalloc */
#define PATH_LEN	4096		/* PATH_MAX: names_cache's object size */
#define CTOR_MAGIC	0x5eedc7041ab5ab00ULL
#define CTOR_HDR	sizeof(u64)	/* bytes of a constructed object the ctor owns */

/* One cache of the workload, as its kernel subsystem would create it. */
struct sim_cache {
	const char *name;
	unsigned int size;
	unsigned int align;
	slab_flags_t flags;
	unsigned int useroffset;
	unsigned int usersize;
	int freeptr_offset;		/* -1: SLUB places the free pointer */
	bool ctor;			/* objects are constructed */
	bool lru;			/* allocated with kmem_cache_alloc_lru() */
	bool transient;			/* freed right after use */
	unsigned int weight;		/* share of cache allocations */
	struct kmem_cache *s;
};

static struct sim_cache caches[] = {
	{ .name = "task_struct", .size = 9600, .align = 64,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 1 },
	{ .name = "mm_struct", .size = 1216, .align = 64,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 1 },
	{ .name = "files_cache", .size = 704,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 1 },
	{ .name = "sighand_cache", .size = 2088, .ctor = true,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_TYPESAFE_BY_RCU | SLAB_ACCOUNT,
	  .weight = 1 },
	{ .name = "signal_cache", .size = 1136,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 1 },
	{ .name = "pid", .size = 136, .align = 8,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 2 },
	{ .name = "cred_jar", .size = 184,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, .weight = 2 },
	{ .name = "vm_area_struct", .size = 176, .align = 8,
	  .flags = SLAB_ACCOUNT, .weight = 12 },
	{ .name = "anon_vma", .size = 104, .ctor = true,
	  .flags = SLAB_TYPESAFE_BY_RCU | SLAB_ACCOUNT, .weight = 5 },
	{ .name = "anon_vma_chain", .size = 64, .align = 8,
	  .flags = SLAB_ACCOUNT, .weight = 8 },
	{ .name = "filp", .size = 256, .freeptr_offset = 64,
	  .flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT | SLAB_TYPESAFE_BY_RCU,
	  .weight = 8 },
	{ .name = "names_cache", .size = PATH_LEN, .usersize = PATH_LEN,
	  .flags = SLAB_HWCACHE_ALIGN, .transient = true, .weight = 4 },
	{ .name = "dentry", .size = 192, .align = 8, .lru = true,
	  .useroffset = 56, .usersize = 40,
	  .flags = SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, .weight = 20 },
	{ .name = "inode_cache", .size = 600, .ctor = true, .lru = true,
	  .flags = SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, .weight = 12 },
	{ .name = "buffer_head", .size = 104, .align = 8,
	  .flags = SLAB_RECLAIM_ACCOUNT, .weight = 10 },
	{ .name = "radix_tree_node", .size = 576, .ctor = true,
	  .flags = SLAB_RECLAIM_ACCOUNT, .weight = 10 },
};

#define NR_CACHES	(sizeof(caches) / sizeof(caches[0]))

/* How the program obtained an object, hence how it must free it. */
enum obj_kind { OBJ_CACHE, OBJ_KMALLOC, OBJ_KVMALLOC };

/* An object the workload holds. */
struct live_obj {
	void *p;
	size_t size;			/* bytes the program owns */
	struct sim_cache *cache;	/* OBJ_CACHE only */
	enum obj_kind kind;
	unsigned char pattern;
};

/* The objects of one kmem_cache_alloc_bulk() call. */
struct bulk_group {
	struct sim_cache *cache;
	size_t n;
	unsigned char pattern;
	void *objs[BULK_MAX];
};

/* What the run did, for the summary line. */
struct sim_stats {
	unsigned long allocs;
	unsigned long frees;
	unsigned long failed;
	unsigned long errors;
	size_t live_objs;
	size_t live_bytes;
};

static u64 rng_state;
static struct live_obj live[LIVE_MAX];
static size_t nr_live;
static struct bulk_group groups[GROUPS_MAX];
static size_t nr_groups;
static struct sim_stats stats;

/* Next value of the splitmix64 generator. */
static u64 rng_next(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A pseudo-random number in [0, n); n must be non-zero. */
static u64 rng_below(u64 n)
{
	return rng_next() % n;
}

/* Count one failed check and say what it was. */
static void report(const char *what, const char *where, size_t size)
{
	stats.errors++;
	fprintf(stderr, "slabsim: %s (%s, %zu bytes)\n", what, where, size);
}

/* Constructor of the ctor caches: stamps the header that allocation checks. */
static void sim_ctor(void *obj)
{
	u64 magic = CTOR_MAGIC;

	memcpy(obj, &magic, sizeof(magic));
}

/* First byte of an object the pattern covers (the ctor's header is skipped). */
static size_t payload_start(const struct sim_cache *c)
{
	return c && c->ctor ? CTOR_HDR : 0;
}

/* Fill bytes [from, size) of p with pattern. */
static void fill(void *p, size_t from, size_t size, unsigned char pattern)
{
	if (size > from)
		memset((char *)p + from, pattern, size - from);
}

/* Whether bytes [from, size) of p all equal pattern. */
static bool holds(const void *p, size_t from, size_t size, unsigned char pattern)
{
	const unsigned char *b = p;
	size_t i;

	for (i = from; i < size; i++)
		if (b[i] != pattern)
			return false;
	return true;
}

/* Check a fresh cache object: constructed if the cache has a ctor. */
static void check_new_cache_obj(const struct sim_cache *c, const void *p)
{
	u64 magic;

	if (!c->ctor)
		return;
	memcpy(&magic, p, sizeof(magic));
	if (magic != CTOR_MAGIC)
		report("object not in constructed state", c->name, c->size);
}

/* Check a fresh kmalloc object of size bytes (zeroed if zero is set). */
static void check_new_kmalloc(const void *p, size_t size, bool zero)
{
	if (zero && !holds(p, 0, size, 0))
		report("zeroed allocation not zero", "kmalloc", size);
	if (ksize(p) < size)
		report("ksize() smaller than the request", "kmalloc", size);
}

/* Take ownership of p in the table (the caller has checked there is room). */
static void track(void *p, size_t size, enum obj_kind kind, struct sim_cache *c)
{
	struct live_obj *o = &live[nr_live++];

	o->p = p;
	o->size = size;
	o->kind = kind;
	o->cache = c;
	o->pattern = (unsigned char)rng_next();
	fill(p, payload_start(c), size, o->pattern);
	stats.allocs++;
}

/* Pick a workload cache, weighted by how often a booting kernel uses it. */
static struct sim_cache *pick_cache(void)
{
	unsigned int total = 0, r;
	size_t i;

	for (i = 0; i < NR_CACHES; i++)
		total += caches[i].weight;
	r = (unsigned int)rng_below(total);
	for (i = 0; r >= caches[i].weight; i++)
		r -= caches[i].weight;
	return &caches[i];
}

/* A kmalloc request size: mostly small, across 8..8192, 1% large. */
static size_t pick_kmalloc_size(void)
{
	unsigned int a, b, shift;
	size_t lo;

	if (rng_below(100) == 0)
		return KMALLOC_MAX_CACHE_SIZE + 1 +
		       rng_below(LARGE_MAX - KMALLOC_MAX_CACHE_SIZE);
	/* The smaller of two uniform shifts in 3..13 favours small sizes. */
	a = (unsigned int)rng_below(11);
	b = (unsigned int)rng_below(11);
	shift = 3 + (a < b ? a : b);
	lo = (size_t)1 << shift;
	/* A quarter are powers of two, as kernel buffers often are. */
	if (shift == 13 || rng_below(4) == 0)
		return lo;
	return lo + rng_below(lo);
}

/* Allocate one object from a weighted pick of the workload caches. */
static void op_cache_alloc(void)
{
	struct sim_cache *c = pick_cache();
	bool zero = false;
	void *p;

	if (c->lru) {
		p = kmem_cache_alloc_lru(c->s, NULL, GFP_KERNEL);
	} else if (!c->ctor && rng_below(8) == 0) {
		zero = true;
		p = kmem_cache_zalloc(c->s, GFP_KERNEL);
	} else if (rng_below(16) == 0) {
		p = kmem_cache_alloc_node(c->s, GFP_KERNEL, 0);
	} else {
		p = kmem_cache_alloc(c->s, GFP_KERNEL);
	}
	if (!p) {
		stats.failed++;
		return;
	}
	check_new_cache_obj(c, p);
	if (zero && !holds(p, 0, c->size, 0))
		report("zeroed allocation not zero", c->name, c->size);
	if (c->transient) {
		/* getname()/putname(): use the buffer, give it straight back. */
		fill(p, 0, c->size, (unsigned char)c->size);
		stats.allocs++;
		stats.frees++;
		kmem_cache_free(c->s, p);
		return;
	}
	track(p, c->size, OBJ_CACHE, c);
}

/* kmalloc (or kzalloc, kmalloc_node) an object of a typical size. */
static void op_kmalloc(void)
{
	size_t size = pick_kmalloc_size();
	bool zero = rng_below(4) == 0;
	void *p;

	if (rng_below(512) == 0) {
		p = kmalloc(0, GFP_KERNEL);
		if (p != ZERO_SIZE_PTR)
			report("kmalloc(0) is not ZERO_SIZE_PTR", "kmalloc", 0);
		kfree(p);
		return;
	}
	if (zero)
		p = kzalloc(size, GFP_KERNEL);
	else if (rng_below(8) == 0)
		p = kmalloc_node(size, GFP_KERNEL, 0);
	else
		p = kmalloc(size, GFP_KERNEL);
	if (!p) {
		stats.failed++;
		return;
	}
	check_new_kmalloc(p, size, zero);
	track(p, size, OBJ_KMALLOC, NULL);
}

/* Duplicate a string or a buffer with kstrdup()/kmemdup(). */
static void op_dup(void)
{
	char buf[256];
	size_t len = 1 + rng_below(sizeof(buf) - 1);
	unsigned char pattern = (unsigned char)('a' + rng_below(26));
	void *p;

	memset(buf, pattern, len);
	if (rng_below(2)) {
		buf[len - 1] = '\0';
		p = kstrdup(buf, GFP_KERNEL);
		len--;
	} else {
		p = kmemdup(buf, len, GFP_KERNEL);
	}
	if (!p) {
		stats.failed++;
		return;
	}
	if (!holds(p, 0, len, pattern))
		report("copy differs from its source", "kstrdup/kmemdup", len);
	check_new_kmalloc(p, len, false);
	track(p, len, OBJ_KMALLOC, NULL);
}

/* kvmalloc a buffer of 4 KiB..512 KiB. */
static void op_kvmalloc(void)
{
	size_t size = 4096 + rng_below(KVMALLOC_MAX - 4096);
	void *p = kvmalloc(size, GFP_KERNEL);

	if (!p) {
		stats.failed++;
		return;
	}
	track(p, size, OBJ_KVMALLOC, NULL);
}

/* Index of a random kmalloc'ed table entry, or -1 after a few misses. */
static long pick_kmalloc_entry(void)
{
	int tries;

	for (tries = 0; tries < 8 && nr_live; tries++) {
		size_t i = rng_below(nr_live);

		if (live[i].kind == OBJ_KMALLOC)
			return (long)i;
	}
	return -1;
}

/* Grow a kmalloc'ed object with krealloc(), sometimes into a large kmalloc. */
static void op_krealloc(void)
{
	const size_t limit = 2 * KMALLOC_MAX_CACHE_SIZE;
	long i = pick_kmalloc_entry();
	struct live_obj *o;
	size_t size;
	void *p;

	if (i < 0 || live[i].size >= limit) {
		op_kmalloc();
		return;
	}
	o = &live[i];
	size = o->size + o->size / 2 + 1 + rng_below(o->size + 1);
	if (size > limit)
		size = limit;
	p = krealloc(o->p, size, GFP_KERNEL);
	if (!p) {
		stats.failed++;
		return;
	}
	if (!holds(p, 0, o->size, o->pattern))
		report("krealloc lost the old contents", "krealloc", size);
	check_new_kmalloc(p, size, false);
	fill(p, o->size, size, o->pattern);
	o->p = p;
	o->size = size;
}

/* Check an object's pattern before it is freed. */
static void check_before_free(const struct live_obj *o)
{
	if (!holds(o->p, payload_start(o->cache), o->size, o->pattern))
		report("object changed while allocated",
		       o->cache ? o->cache->name : "kmalloc", o->size);
}

/* Remove entry i from the table, keeping it dense. */
static void untrack(size_t i)
{
	live[i] = live[--nr_live];
	stats.frees++;
}

/* Free table entry i the way it was allocated. */
static void free_entry(size_t i)
{
	struct live_obj *o = &live[i];

	check_before_free(o);
	switch (o->kind) {
	case OBJ_CACHE:
		kmem_cache_free(o->cache->s, o->p);
		break;
	case OBJ_KMALLOC:
		if (rng_below(20) == 0)
			kfree_sensitive(o->p);
		else
			kfree(o->p);
		break;
	case OBJ_KVMALLOC:
		kvfree(o->p);
		break;
	}
	untrack(i);
}

/* Free a few kmalloc'ed objects with one kmem_cache_free_bulk(NULL, ...). */
static void op_kmalloc_free_bulk(void)
{
	void *batch[FREE_BATCH];
	size_t n = 0;
	long i;

	while (n < FREE_BATCH && (i = pick_kmalloc_entry()) >= 0) {
		check_before_free(&live[i]);
		batch[n++] = live[i].p;
		untrack((size_t)i);
	}
	if (n)
		kmem_cache_free_bulk(NULL, n, batch);
}

/* Allocate a group of objects from one cache with kmem_cache_alloc_bulk(). */
static void op_bulk_alloc(void)
{
	struct bulk_group *g;
	size_t i;

	if (nr_groups == GROUPS_MAX)
		return;
	g = &groups[nr_groups];
	do
		g->cache = pick_cache();
	while (g->cache->transient);
	g->n = 1 + rng_below(BULK_MAX);
	g->pattern = (unsigned char)rng_next();
	if (!kmem_cache_alloc_bulk(g->cache->s, GFP_KERNEL, g->n, g->objs)) {
		stats.failed++;
		return;
	}
	for (i = 0; i < g->n; i++) {
		check_new_cache_obj(g->cache, g->objs[i]);
		fill(g->objs[i], payload_start(g->cache), g->cache->size,
		     g->pattern);
	}
	stats.allocs += g->n;
	nr_groups++;
}

/* Check and free bulk group gi with kmem_cache_free_bulk(). */
static void free_group(size_t gi)
{
	struct bulk_group *g = &groups[gi];
	size_t i;

	for (i = 0; i < g->n; i++)
		if (!holds(g->objs[i], payload_start(g->cache), g->cache->size,
			   g->pattern))
			report("bulk object changed while allocated",
			       g->cache->name, g->cache->size);
	kmem_cache_free_bulk(g->cache->s, g->n, g->objs);
	stats.frees += g->n;
	groups[gi] = groups[--nr_groups];
}

/* One allocating step of the workload. */
static void step_alloc(void)
{
	unsigned int r = (unsigned int)rng_below(1000);

	if (r < 500)
		op_cache_alloc();
	else if (r < 850)
		op_kmalloc();
	else if (r < 920)
		op_krealloc();
	else if (r < 960)
		op_bulk_alloc();
	else if (r < 998)
		op_dup();
	else
		op_kvmalloc();
}

/* One freeing step of the workload. */
static void step_free(void)
{
	unsigned int r = (unsigned int)rng_below(100);

	if (r < 5 && nr_groups)
		free_group(rng_below(nr_groups));
	else if (r < 10)
		op_kmalloc_free_bulk();
	else if (nr_live)
		free_entry(rng_below(nr_live));
}

/*
 * Run ops steps.  A step frees with probability (live / LIVE_MAX)^2, so the
 * table settles at about 70% full and a full table always frees.
 */
static void run_workload(unsigned long long ops)
{
	const u64 cap = LIVE_MAX;
	unsigned long long n;

	for (n = 0; n < ops; n++) {
		if (rng_below(cap * cap) < (u64)nr_live * nr_live)
			step_free();
		else
			step_alloc();
	}
}

/* Create the workload's caches; false (having said why) if one fails. */
static bool create_caches(void)
{
	size_t i;

	for (i = 0; i < NR_CACHES; i++) {
		struct sim_cache *c = &caches[i];
		struct kmem_cache_args args = {
			.align = c->align,
			.useroffset = c->useroffset,
			.usersize = c->usersize,
			.ctor = c->ctor ? sim_ctor : NULL,
		};

		if (c->freeptr_offset > 0) {
			args.use_freeptr_offset = true;
			args.freeptr_offset = c->freeptr_offset;
		}
		c->s = kmem_cache_create(c->name, c->size, &args, c->flags);
		if (!c->s) {
			fprintf(stderr, "slabsim: cannot create cache %s\n",
				c->name);
			return false;
		}
		if (libslab_find_cache(c->name) != c->s)
			report("cache not found by its name", c->name, c->size);
	}
	return true;
}

/* Free every object still held, check the caches are empty, destroy them. */
static void teardown(void)
{
	size_t i;

	while (nr_live)
		free_entry(nr_live - 1);
	while (nr_groups)
		free_group(nr_groups - 1);
	for (i = NR_CACHES; i-- > 0;) {
		struct sim_cache *c = &caches[i];

		if (!c->s)
			continue;
		/* A cache shared with others may hold their objects. */
		if (libslab_cache_refcount(c->s) == 1 &&
		    libslab_count_inuse(c->s) != 0)
			report("objects left after freeing all", c->name,
			       c->size);
		kmem_cache_destroy(c->s);
		c->s = NULL;
	}
}

/* Add up the objects and bytes the workload holds now. */
static void measure_live(void)
{
	size_t i;

	stats.live_objs = nr_live;
	stats.live_bytes = 0;
	for (i = 0; i < nr_live; i++)
		stats.live_bytes += live[i].size;
	for (i = 0; i < nr_groups; i++) {
		stats.live_objs += groups[i].n;
		stats.live_bytes += groups[i].n * groups[i].cache->size;
	}
}

/* Print /proc/slabinfo for every cache to stdout, then the aliases if asked. */
static void print_slabinfo(bool aliases)
{
	struct seq_file m;

	seq_file_init_stream(&m, stdout);
	libslab_slabinfo_show(&m);
	if (aliases) {
		seq_puts(&m, "# merged caches: alias -> cache\n");
		libslab_aliases_show(&m);
	}
	fflush(stdout);
}

/* Print the command-line help to f. */
static void usage(FILE *f)
{
	fprintf(f,
		"usage: slabsim [--seed N] [--ops N] [--cmdline STRING] [--aliases] [--quiet]\n"
		"       slabsim replay [options] TRACE   (slabsim replay --help)\n"
		"\n"
		"Run a boot-like allocation workload on libslab, print /proc/slabinfo\n"
		"with the workload's objects live, then free everything.\n"
		"\n"
		"  --seed N          PRNG seed (default %d); the same seed gives the same run\n"
		"  --ops N           workload steps (default %d)\n"
		"  --cmdline STRING  the allocator's boot parameters after those of\n"
		"                    LIBSLAB_CMDLINE, e.g. 'slub_min_order=1 slab_nomerge':\n"
		"                    slabsim starts the allocator again with them, so\n"
		"                    that they hold for every cache; the simulated\n"
		"                    machine's (nr_cpus=, ...) go in LIBSLAB_CMDLINE\n"
		"  --aliases         after slabinfo, list the names merged into other caches\n"
		"  --quiet           print neither slabinfo nor the summary line\n"
		"  --help            show this help\n"
		"\n"
		"Boot parameters are read from LIBSLAB_CMDLINE at start-up.\n"
		"Exit status: 0 ok, 1 a check failed, libslab reported an error or the\n"
		"output could not be written, 2 bad usage, bad or unknown boot parameters\n"
		"or an unreadable input.\n",
		DEFAULT_SEED, DEFAULT_OPS);
}

/* Parse the whole decimal number of option into *val; false, with a message, if it is not one. */
static bool parse_number(const char *option, const char *s, unsigned long long *val)
{
	char *end;

	errno = 0;
	if (*s >= '0' && *s <= '9') {
		*val = strtoull(s, &end, 10);
		if (!*end && !errno)
			return true;
		if (!*end) {
			fprintf(stderr, "slabsim: --%s %s: more than %llu\n", option, s,
				ULLONG_MAX);
			return false;
		}
	}
	fprintf(stderr, "slabsim: --%s %s: not a number\n", option, s);
	return false;
}

/*
 * --cmdline: start the allocator again on cmdline, so that its words
 * hold for every cache, the kmalloc caches included.  0, or 2 with a
 * message (each bad word was reported).
 */
static int restart_with_cmdline(const char *cmdline)
{
	int err = libslab_restart(cmdline);

	if (!err)
		return 0;
	fprintf(stderr, "slabsim: --cmdline '%s': %s (see above); the simulated machine's words go in LIBSLAB_CMDLINE\n",
		cmdline, strerror(-err));
	return 2;
}

/*
 * status, or 1 with a message if standard output could not be written
 * (a full disk, a closed pipe): lost output is no successful run.
 */
static int stdout_status(int status)
{
	int flush_failed = fflush(stdout);
	int err = errno;

	if (flush_failed || ferror(stdout)) {
		fprintf(stderr, "slabsim: cannot write standard output: %s\n",
			flush_failed ? strerror(err) : "a write failed");
		return status ? status : 1;
	}
	return status;
}

/* Parse the options, run the workload, print slabinfo, clean up. */
int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "ops", required_argument, NULL, 'o' },
		{ "cmdline", required_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "aliases", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long seed = DEFAULT_SEED, ops = DEFAULT_OPS;
	const char *cmdline = NULL;
	unsigned long errors_before;
	bool quiet = false, aliases = false;
	int opt;

	/* Start-up reported each bad word; a run on other settings is no answer. */
	if (sim_cmdline_had_errors()) {
		fprintf(stderr, "slabsim: LIBSLAB_CMDLINE has bad or unknown words (see above)\n");
		return 2;
	}
	if (argc > 1 && !strcmp(argv[1], "replay"))
		return stdout_status(replay_main(argc - 1, argv + 1));

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
		case 'o':
			if (!parse_number(opt == 's' ? "seed" : "ops", optarg,
					  opt == 's' ? &seed : &ops))
				return 2;
			break;
		case 'c':
			cmdline = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'a':
			aliases = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "slabsim: unexpected argument: %s\n", argv[optind]);
		usage(stderr);
		return 2;
	}

	if (cmdline && restart_with_cmdline(cmdline))
		return 2;
	errors_before = libslab_error_count();
	rng_state = seed;

	if (create_caches()) {
		run_workload(ops);
		measure_live();
		if (!quiet)
			print_slabinfo(aliases);
	} else {
		stats.errors++;
	}
	teardown();

	stats.errors += libslab_error_count() - errors_before;
	if (!quiet || stats.errors)
		fprintf(stderr,
			"slabsim: seed %llu, %llu ops: %lu allocated, %lu freed, "
			"%lu failed allocations, %zu objects (%zu bytes) live at "
			"the snapshot, %lu errors\n",
			seed, ops, stats.allocs, stats.frees, stats.failed,
			stats.live_objs, stats.live_bytes, stats.errors);
	return stdout_status(stats.errors ? 1 : 0);
}
