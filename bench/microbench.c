// SPDX-License-Identifier: GPL-2.0
/*
 * microbench: one allocator's timings, as tab-separated lines
 *   <test> <size> <metric> <value>
 * for bench/run-bench.sh to compare against the other allocators it runs
 * in the same session.  The allocator is chosen with --api:
 *   malloc   malloc/free of whatever malloc the process has (glibc, or a
 *            peer put in front of it with LD_PRELOAD);
 *   cache    kmem_cache_alloc/kmem_cache_free on a cache of each size;
 *   kmalloc  kmalloc/kfree.
 * libslab's own configuration (slub_debug=, hardening) comes from
 * LIBSLAB_CMDLINE as usual.  Each timing is the median of --reps runs.
 *
 * Tests (--test, default all but "count"):
 *   pair       alloc then free, one object at a time (ns per pair);
 *   batch      alloc 1000, then free the 1000 (ns per pair);
 *   bulk       cache only: kmem_cache_alloc_bulk/free_bulk of 1000 against
 *              a loop of single calls (ns per object, alloc and free apart);
 *   remote     a producer thread allocates, a consumer thread frees
 *              (ns per object);
 *   scatter    pointer-heavy: 1M objects allocated and each written, then
 *              freed in a random order (ns per object, allocation and free,
 *              then each phase alone; the thread's CPU time, which a loaded
 *              machine does not inflate as it does the elapsed time);
 *   footprint  1M objects allocated, every other one freed: resident
 *              memory growth (and libslab's slab pages) in KiB;
 *   floor      two locked 16-byte cmpxchgs (cmpxchg16b) per iteration: what
 *              the fast paths' commits alone cost per alloc+free pair
 *              (ns per pair; printed with --api cache, size 16);
 *   count      --iters pairs of --size once, untimed: run under callgrind.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/slab.h>
#include <linux/libslab.h>
#include <sim/cpu.h>

#define BATCH		1000
#define FOOTPRINT_OBJECTS	(1UL << 20)
#define SCATTER_OBJECTS		(1UL << 20)
#define RING_SIZE	4096

enum api { API_MALLOC, API_CACHE, API_KMALLOC };

static enum api api;
static unsigned int reps = 5;
static unsigned long iters = 200000;

static const unsigned int sizes[] = {
	8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192,
};
#define NR_SIZES	(sizeof(sizes) / sizeof(sizes[0]))
static struct kmem_cache *caches[NR_SIZES];

/* Keep the compiler from eliding an allocation it can see is unused. */
#define escape(p)	__asm__ __volatile__("" : : "r"(p) : "memory")

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* CPU time of the calling thread, page faults included. */
static double thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of n >= 1 timings (parse_number() refuses --reps 0). */
static double median(double *v, unsigned int n)
{
	/* cppcheck-suppress uninitvar ; every caller fills all n first */
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static inline void *bench_alloc(unsigned int idx)
{
	switch (api) {
	case API_CACHE:
		return kmem_cache_alloc(caches[idx], GFP_KERNEL);
	case API_KMALLOC:
		return kmalloc(sizes[idx], GFP_KERNEL);
	default:
		return malloc(sizes[idx]);
	}
}

static inline void bench_free(unsigned int idx, void *p)
{
	switch (api) {
	case API_CACHE:
		kmem_cache_free(caches[idx], p);
		break;
	case API_KMALLOC:
		kfree(p);
		break;
	default:
		free(p);
	}
}

static void *checked_alloc(unsigned int idx)
{
	void *p = bench_alloc(idx);

	if (!p) {
		fprintf(stderr, "microbench: allocation of %u bytes failed\n",
			sizes[idx]);
		exit(1);
	}
	return p;
}

static void run_pairs(unsigned int idx, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		void *p = checked_alloc(idx);

		escape(p);
		bench_free(idx, p);
	}
}

static void test_pair(unsigned int idx)
{
	double t[reps];
	unsigned int r;

	run_pairs(idx, iters / 10);	/* warm up: slabs and caches exist */
	for (r = 0; r < reps; r++) {
		double start = now_ns();

		run_pairs(idx, iters);
		t[r] = (now_ns() - start) / iters;
	}
	printf("pair\t%u\tns_per_pair\t%.3f\n", sizes[idx], median(t, reps));
}

static void run_batches(unsigned int idx, void **p, unsigned long rounds)
{
	unsigned long k;
	unsigned int i;

	for (k = 0; k < rounds; k++) {
		for (i = 0; i < BATCH; i++)
			p[i] = checked_alloc(idx);
		escape(p);
		for (i = 0; i < BATCH; i++)
			bench_free(idx, p[i]);
	}
}

static void test_batch(unsigned int idx)
{
	unsigned long rounds = iters / BATCH ? iters / BATCH : 1;
	static void *p[BATCH];
	double t[reps];
	unsigned int r;

	run_batches(idx, p, 1);
	for (r = 0; r < reps; r++) {
		double start = now_ns();

		run_batches(idx, p, rounds);
		t[r] = (now_ns() - start) / (rounds * BATCH);
	}
	printf("batch\t%u\tns_per_pair\t%.3f\n", sizes[idx], median(t, reps));
}

/* Alloc and free BATCH objects by bulk call or loop; adds ns to alloc_t/free_t. */
static void bulk_round(unsigned int idx, bool bulk, void **p,
		       double *alloc_t, double *free_t)
{
	struct kmem_cache *s = caches[idx];
	double t0, t1, t2;
	unsigned int i;

	t0 = now_ns();
	if (bulk) {
		if (kmem_cache_alloc_bulk(s, GFP_KERNEL, BATCH, p) != BATCH) {
			fprintf(stderr, "microbench: bulk allocation failed\n");
			exit(1);
		}
	} else {
		for (i = 0; i < BATCH; i++)
			p[i] = checked_alloc(idx);
	}
	escape(p);
	t1 = now_ns();
	if (bulk) {
		kmem_cache_free_bulk(s, BATCH, p);
	} else {
		for (i = 0; i < BATCH; i++)
			kmem_cache_free(s, p[i]);
	}
	t2 = now_ns();
	*alloc_t += t1 - t0;
	*free_t += t2 - t1;
}

static void test_bulk(unsigned int idx)
{
	unsigned long rounds = iters / BATCH ? iters / BATCH : 1, k;
	static void *p[BATCH];
	double ta[2][reps], tf[2][reps];
	unsigned int r, mode;

	for (mode = 0; mode < 2; mode++)
		bulk_round(idx, mode, p, &ta[0][0], &tf[0][0]);
	for (r = 0; r < reps; r++) {
		/* Interleaved, so both modes see the same machine noise. */
		for (mode = 0; mode < 2; mode++)
			ta[mode][r] = tf[mode][r] = 0;
		for (k = 0; k < rounds; k++)
			for (mode = 0; mode < 2; mode++)
				bulk_round(idx, mode, p, &ta[mode][r],
					   &tf[mode][r]);
		for (mode = 0; mode < 2; mode++) {
			ta[mode][r] /= rounds * BATCH;
			tf[mode][r] /= rounds * BATCH;
		}
	}
	printf("bulk\t%u\tloop_alloc_ns\t%.3f\n", sizes[idx], median(ta[0], reps));
	printf("bulk\t%u\tbulk_alloc_ns\t%.3f\n", sizes[idx], median(ta[1], reps));
	printf("bulk\t%u\tloop_free_ns\t%.3f\n", sizes[idx], median(tf[0], reps));
	printf("bulk\t%u\tbulk_free_ns\t%.3f\n", sizes[idx], median(tf[1], reps));
}

/* Single-producer single-consumer ring of object pointers. */
struct ring {
	void *slot[RING_SIZE];
	unsigned long head __attribute__((aligned(64)));	/* producer's */
	unsigned long tail __attribute__((aligned(64)));	/* consumer's */
	unsigned long count;
	unsigned int idx;
};

static void bind_cpu(int cpu)
{
	if (api != API_MALLOC && sim_nr_cpus() > 1)
		sim_set_cpu(cpu % sim_nr_cpus());
}

static void *producer(void *arg)
{
	struct ring *ring = arg;
	unsigned long i, tail;

	bind_cpu(0);
	for (i = 0; i < ring->count; i++) {
		void *p = checked_alloc(ring->idx);

		while ((tail = __atomic_load_n(&ring->tail, __ATOMIC_ACQUIRE)) +
		       RING_SIZE == i)
			sched_yield();
		ring->slot[i % RING_SIZE] = p;
		__atomic_store_n(&ring->head, i + 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	struct ring *ring = arg;
	unsigned long i;

	bind_cpu(1);
	for (i = 0; i < ring->count; i++) {
		while (__atomic_load_n(&ring->head, __ATOMIC_ACQUIRE) == i)
			sched_yield();
		bench_free(ring->idx, ring->slot[i % RING_SIZE]);
		__atomic_store_n(&ring->tail, i + 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void test_remote(unsigned int idx)
{
	static struct ring ring;
	pthread_t prod, cons;
	double t[reps];
	unsigned int r;

	for (r = 0; r < reps; r++) {
		double start;

		memset(&ring, 0, sizeof(ring));
		ring.count = iters;
		ring.idx = idx;
		start = now_ns();
		if (pthread_create(&cons, NULL, consumer, &ring) ||
		    pthread_create(&prod, NULL, producer, &ring)) {
			fprintf(stderr, "microbench: pthread_create failed\n");
			exit(1);
		}
		pthread_join(prod, NULL);
		pthread_join(cons, NULL);
		t[r] = (now_ns() - start) / iters;
	}
	printf("remote\t%u\tns_per_object\t%.3f\n", sizes[idx], median(t, reps));
}

/*
 * Pointer-heavy: objects are live together and freed in an order unrelated
 * to their allocation, so frees land on slabs other than the CPU's own
 * (SLUB's __slab_free) as in a program tearing down a graph of objects.
 * The shuffle (fixed seed, the same order for every allocator) is untimed.
 */
static void test_scatter(unsigned int idx)
{
	void **p = malloc(SCATTER_OBJECTS * sizeof(*p));
	unsigned long i, seed = 88172645463325252UL;
	double t[reps], ta[reps], tf[reps];
	unsigned int r;

	if (!p) {
		fprintf(stderr, "microbench: no memory for the pointer array\n");
		exit(1);
	}
	for (r = 0; r < reps; r++) {
		double start;

		start = thread_cpu_ns();
		for (i = 0; i < SCATTER_OBJECTS; i++) {
			p[i] = checked_alloc(idx);
			memset(p[i], (int)i, sizes[idx]);
		}
		ta[r] = (thread_cpu_ns() - start) / SCATTER_OBJECTS;
		for (i = SCATTER_OBJECTS - 1; i > 0; i--) {
			unsigned long j;
			void *tmp;

			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			j = seed % (i + 1);
			tmp = p[i];
			p[i] = p[j];
			p[j] = tmp;
		}
		start = thread_cpu_ns();
		for (i = 0; i < SCATTER_OBJECTS; i++)
			bench_free(idx, p[i]);
		tf[r] = (thread_cpu_ns() - start) / SCATTER_OBJECTS;
		t[r] = ta[r] + tf[r];
	}
	free(p);
	printf("scatter\t%u\tns_per_object\t%.3f\n", sizes[idx], median(t, reps));
	printf("scatter\t%u\talloc_ns\t%.3f\n", sizes[idx], median(ta, reps));
	printf("scatter\t%u\tfree_ns\t%.3f\n", sizes[idx], median(tf, reps));
}

static long rss_kib(void)
{
	long pages_total, pages_rss;
	FILE *f = fopen("/proc/self/statm", "r");

	if (!f || fscanf(f, "%ld %ld", &pages_total, &pages_rss) != 2) {
		fprintf(stderr, "microbench: cannot read /proc/self/statm\n");
		exit(1);
	}
	fclose(f);
	return pages_rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Slab memory of the cache serving size idx, in KiB. */
static unsigned long slab_kib(unsigned int idx)
{
	struct kmem_cache *s = caches[idx];
	struct slabinfo info;
	char name[32];

	if (api == API_KMALLOC) {
		snprintf(name, sizeof(name), "kmalloc-%u", sizes[idx]);
		s = libslab_find_cache(name);
	}
	if (!s) {
		fprintf(stderr, "microbench: no cache for %u bytes\n", sizes[idx]);
		exit(1);
	}
	get_slabinfo(s, &info);
	return (info.num_slabs << info.cache_order) * (PAGE_SIZE / 1024);
}

static void test_footprint(unsigned int idx)
{
	void **p = malloc(FOOTPRINT_OBJECTS * sizeof(*p));
	unsigned long i, slab_before = 0;
	long before;

	if (!p) {
		fprintf(stderr, "microbench: no memory for the pointer array\n");
		exit(1);
	}
	memset(p, 0, FOOTPRINT_OBJECTS * sizeof(*p));
	if (api != API_MALLOC)
		slab_before = slab_kib(idx);
	before = rss_kib();
	for (i = 0; i < FOOTPRINT_OBJECTS; i++) {
		p[i] = checked_alloc(idx);
		memset(p[i], 1, sizes[idx]);	/* resident, whatever the allocator */
	}
	for (i = 0; i < FOOTPRINT_OBJECTS; i += 2)
		bench_free(idx, p[i]);
	printf("footprint\t%u\tlive_kib\t%lu\n", sizes[idx],
	       FOOTPRINT_OBJECTS / 2 * sizes[idx] / 1024);
	printf("footprint\t%u\trss_kib\t%ld\n", sizes[idx], rss_kib() - before);
	if (api != API_MALLOC)
		printf("footprint\t%u\tslab_kib\t%lu\n", sizes[idx],
		       slab_kib(idx) - slab_before);
	for (i = 1; i < FOOTPRINT_OBJECTS; i += 2)
		bench_free(idx, p[i]);
	free(p);
}

/* Two locked cmpxchg16b per round, on one 16-byte aligned pair as the fast paths do. */
static void test_floor(void)
{
	static unsigned __int128 pair __attribute__((aligned(16)));
	double t[reps];
	unsigned int r;
	unsigned long i;

	for (r = 0; r < reps; r++) {
		double start = now_ns();

		for (i = 0; i < iters; i++) {
			unsigned __int128 old = pair;

			old = __sync_val_compare_and_swap(&pair, old, old + 1);
			__sync_val_compare_and_swap(&pair, old + 1, old + 2);
		}
		t[r] = (now_ns() - start) / iters;
	}
	printf("floor\t16\ttwo_cmpxchg16b_ns\t%.3f\n", median(t, reps));
}

static unsigned int size_index(unsigned long size)
{
	unsigned int i;

	for (i = 0; i < NR_SIZES; i++)
		if (sizes[i] == size)
			return i;
	fprintf(stderr, "microbench: --size must be one of 8, 16, 32, 64, 96, "
		"128, 192, 256, 512, 1024, 2048, 4096, 8192\n");
	exit(2);
}

/* The tests a run without --test makes, in order: what --list prints. */
static const char *const run_tests[] = {
	"pair", "batch", "bulk", "remote", "scatter", "footprint", "floor",
};

/* Whether name is a test --test takes: one of run_tests, or count. */
static bool is_test(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(run_tests); i++)
		if (!strcmp(name, run_tests[i]))
			return true;
	return !strcmp(name, "count");
}

static void usage(FILE *f)
{
	unsigned int i;

	fprintf(f,
		"usage: microbench --api malloc|cache|kmalloc [--test NAME] [--size N]\n"
		"                  [--iters N] [--reps N]\n"
		"       microbench --list\n"
		"tests (all but count by default, --list prints them):");
	for (i = 0; i < ARRAY_SIZE(run_tests); i++)
		fprintf(f, " %s", run_tests[i]);
	fprintf(f, ",\n       count (the pairs alone, for callgrind)\n"
		"Output: test<TAB>size<TAB>metric<TAB>value lines.\n");
}

static unsigned long parse_number(const char *opt, const char *arg)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (errno || *end || !v) {
		fprintf(stderr, "microbench: %s wants a positive number, not '%s'\n",
			opt, arg);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "api", required_argument, NULL, 'a' },
		{ "test", required_argument, NULL, 't' },
		{ "size", required_argument, NULL, 's' },
		{ "iters", required_argument, NULL, 'i' },
		{ "reps", required_argument, NULL, 'r' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *test = NULL, *api_name = NULL;
	int only_size = -1, c;
	unsigned int i;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			api_name = optarg;
			break;
		case 't':
			test = optarg;
			break;
		case 's':
			only_size = (int)size_index(parse_number("--size", optarg));
			break;
		case 'i':
			iters = parse_number("--iters", optarg);
			break;
		case 'r':
			reps = (unsigned int)parse_number("--reps", optarg);
			break;
		case 'l':
			for (i = 0; i < ARRAY_SIZE(run_tests); i++)
				puts(run_tests[i]);
			return 0;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc || !api_name) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(api_name, "malloc"))
		api = API_MALLOC;
	else if (!strcmp(api_name, "cache"))
		api = API_CACHE;
	else if (!strcmp(api_name, "kmalloc"))
		api = API_KMALLOC;
	else {
		fprintf(stderr, "microbench: unknown --api '%s'\n", api_name);
		return 2;
	}
	if (test && !is_test(test)) {
		fprintf(stderr, "microbench: unknown --test '%s'\n", test);
		return 2;
	}

	for (i = 0; api == API_CACHE && i < NR_SIZES; i++) {
		char name[32];

		snprintf(name, sizeof(name), "bench-%u", sizes[i]);
		caches[i] = kmem_cache_create(name, sizes[i], 0, 0, NULL);
		if (!caches[i]) {
			fprintf(stderr, "microbench: cannot create %s\n", name);
			return 1;
		}
	}

	if (api == API_CACHE && (!test || !strcmp(test, "floor")))
		test_floor();
	for (i = 0; i < NR_SIZES && !(test && !strcmp(test, "floor")); i++) {
		if (only_size >= 0 && (int)i != only_size)
			continue;
		if (test && !strcmp(test, "count")) {
			run_pairs(i, iters);
			continue;
		}
		if (!test || !strcmp(test, "pair"))
			test_pair(i);
		if (!test || !strcmp(test, "batch"))
			test_batch(i);
		if (api == API_CACHE && (!test || !strcmp(test, "bulk")))
			test_bulk(i);
		/* One size for the threaded and the memory tests. */
		if (sizes[i] != 64 && only_size < 0)
			continue;
		if (!test || !strcmp(test, "remote"))
			test_remote(i);
		if (!test || !strcmp(test, "scatter"))
			test_scatter(i);
		if (!test || !strcmp(test, "footprint"))
			test_footprint(i);
	}
	fflush(stdout);

	for (i = 0; api == API_CACHE && i < NR_SIZES; i++)
		kmem_cache_destroy(caches[i]);
	return libslab_error_count() ? 1 : 0;
}
