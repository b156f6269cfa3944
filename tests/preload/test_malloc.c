// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-malloc.so under LD_PRELOAD: the C allocator's contract as this
 * program sees it.  The program links only libc and cmocka; meson runs it
 * with LD_PRELOAD set, and the first case checks that the preload is in
 * front (usable sizes are kmalloc's size classes, not glibc's).  The last
 * cases read the preload's counts (LIBSLAB_MALLOC_STATS) from fresh copies
 * of this program, started with "--behaviour NAME".
 */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <sys/single_threaded.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

/* glibc's own allocator under its exported names (a block libslab did not make). */
void *__libc_malloc(size_t size);
void __libc_free(void *p);

/* early_malloc.c, a library this program depends on. */
extern void *early_block;
extern bool allocate_in_fork_prepare;

#define PAGE		4096UL
/* KMALLOC_MAX_SIZE on x86_64: order MAX_PAGE_ORDER (10) pages. */
#define KMALLOC_MAX	(PAGE << 10)
#define THREADS		4

/* Sizes the compiler cannot see, so it cannot fold away a failing call. */
static volatile size_t huge = SIZE_MAX - 4096;
static volatile size_t half = SIZE_MAX / 2;

static bool aligned_to(const void *p, size_t align)
{
	return ((uintptr_t)p & (align - 1)) == 0;
}

static void fill(unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed + i * 7);
}

static bool filled(const unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(seed + i * 7))
			return false;
	return true;
}

/*
 * The usable size is the kmalloc cache's object size (kmalloc_size_roundup()
 * in mm/slab_common.c: kmalloc-16 .. kmalloc-8k, then whole page orders).
 */
static void usable_size_is_kmalloc_size_class(void **state)
{
	static const size_t cases[][2] = {
		{ 1, 16 }, { 16, 16 }, { 17, 32 }, { 65, 96 }, { 100, 128 },
		{ 129, 192 }, { 193, 256 }, { 5000, 8192 }, { 8193, 16384 },
		{ 100000, 131072 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *p = malloc(cases[i][0]);

		assert_non_null(p);
		assert_int_equal(malloc_usable_size(p), cases[i][1]);
		free(p);
	}
}

/* Beyond KMALLOC_MAX_SIZE the block comes from vmalloc, as kvmalloc's do. */
static void beyond_kmalloc_max_size_is_served(void **state)
{
	size_t n = KMALLOC_MAX + 12345;
	unsigned char *p = malloc(n);

	(void)state;
	assert_non_null(p);
	assert_true(malloc_usable_size(p) >= n);
	fill(p, n, 3);
	assert_true(filled(p, n, 3));
	free(p);
}

/* malloc(0): a unique pointer that free() takes (glibc's choice too). */
static void malloc_zero_is_unique_and_freeable(void **state)
{
	void *a = malloc(0), *b = malloc(0);

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	free(a);
	free(b);
}

/* Every block is aligned for any fundamental type (16 on x86_64). */
static void malloc_aligns_to_max_align_t(void **state)
{
	(void)state;
	for (size_t n = 0; n <= 9000; n += n < 64 ? 1 : 37) {
		void *p = malloc(n);

		assert_non_null(p);
		assert_true(aligned_to(p, _Alignof(max_align_t)));
		free(p);
	}
}

/* memalign honours every power-of-two alignment up to 8 MiB. */
static void memalign_honours_alignment(void **state)
{
	(void)state;
	for (size_t align = 1; align <= (8UL << 20); align <<= 1) {
		const size_t sizes[] = { 1, align - 1 ? align - 1 : 1, align,
					 align + 1, 3 * align, 5000 };

		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			unsigned char *p = memalign(align, sizes[i]);

			assert_non_null(p);
			assert_true(aligned_to(p, align));
			assert_true(malloc_usable_size(p) >= sizes[i]);
			fill(p, sizes[i], 5);
			free(p);
		}
	}
}

static void aligned_alloc_honours_alignment(void **state)
{
	void *p = aligned_alloc(256, 512);

	(void)state;
	assert_non_null(p);
	assert_true(aligned_to(p, 256));
	free(p);
}

static void valloc_and_pvalloc_are_page_aligned(void **state)
{
	void *v = valloc(100), *pv = pvalloc(PAGE + 1);

	(void)state;
	assert_true(aligned_to(v, PAGE));
	assert_true(aligned_to(pv, PAGE));
	assert_true(malloc_usable_size(pv) >= 2 * PAGE);
	free(v);
	free(pv);
}

static void posix_memalign_rejects_non_power_of_two(void **state)
{
	void *p = &p;

	(void)state;
	assert_int_equal(posix_memalign(&p, 24, 64), EINVAL);
	assert_ptr_equal(p, &p);
}

static void posix_memalign_rejects_below_pointer_size(void **state)
{
	void *p = &p;

	(void)state;
	assert_int_equal(posix_memalign(&p, sizeof(void *) / 2, 64), EINVAL);
	assert_ptr_equal(p, &p);
}

static void posix_memalign_aligns(void **state)
{
	void *p = NULL;

	(void)state;
	assert_int_equal(posix_memalign(&p, 4096, 100), 0);
	assert_true(aligned_to(p, 4096));
	free(p);
}

static void aligned_alloc_rejects_non_power_of_two(void **state)
{
	(void)state;
	errno = 0;
	assert_null(aligned_alloc(48, 96));
	assert_int_equal(errno, EINVAL);
}

/* Growing through the slab, page and vmalloc ranges and back keeps the bytes. */
static void realloc_preserves_contents(void **state)
{
	const size_t steps[] = { 10, 100, 5000, 70000, KMALLOC_MAX + 1,
				 3 * KMALLOC_MAX, 60000, 24 };
	size_t kept = 10;
	unsigned char *p = malloc(10);

	(void)state;
	fill(p, 10, 9);
	for (size_t i = 1; i < sizeof(steps) / sizeof(steps[0]); i++) {
		unsigned char *q = realloc(p, steps[i]);

		assert_non_null(q);
		p = q;
		assert_true(filled(p, kept < steps[i] ? kept : steps[i], 9));
		fill(p, steps[i], 9);
		kept = steps[i];
	}
	free(p);
}

/* realloc(NULL, n) is malloc(n); realloc(p, 0) frees p, returning NULL (glibc). */
static void realloc_edge_cases(void **state)
{
	void *p = realloc(NULL, 40);

	(void)state;
	assert_non_null(p);
	assert_null(realloc(p, 0));
}

static void realloc_failure_keeps_the_block(void **state)
{
	unsigned char *p = malloc(64), *q;

	(void)state;
	fill(p, 64, 1);
	errno = 0;
	q = realloc(p, huge);
	assert_null(q);
	assert_int_equal(errno, ENOMEM);
	if (!q) {
		assert_true(filled(p, 64, 1));
		free(p);
	}
}

/* calloc zeroes even memory a previous block dirtied. */
static void calloc_zeroes(void **state)
{
	const size_t sizes[] = { 24, 500, 8192, 100000, KMALLOC_MAX + 100 };

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *p = malloc(sizes[i]);

		memset(p, 0xa5, sizes[i]);
		free(p);
		p = calloc(1, sizes[i]);
		assert_non_null(p);
		for (size_t j = 0; j < sizes[i]; j++)
			assert_int_equal(p[j], 0);
		free(p);
	}
}

static void calloc_overflow_fails_with_enomem(void **state)
{
	(void)state;
	errno = 0;
	assert_null(calloc(half, 3));
	assert_int_equal(errno, ENOMEM);
}

static void malloc_failure_sets_enomem(void **state)
{
	(void)state;
	errno = 0;
	assert_null(malloc(huge));
	assert_int_equal(errno, ENOMEM);
}

/* A block glibc made (before the preload took over) is freed by glibc. */
static void foreign_block_is_handled(void **state)
{
	unsigned char *p = __libc_malloc(100), *q;

	(void)state;
	assert_non_null(p);
	assert_true(malloc_usable_size(p) >= 100);
	fill(p, 100, 4);
	q = realloc(p, 200);
	assert_non_null(q);
	assert_true(filled(q, 100, 4));
	free(q);
}

/*
 * fork() from a process with one thread, whose calls skip fork_lock: the
 * child allocates and frees freely (an alarm turns a deadlock into a
 * failure), and the parent's blocks stay intact in both.  Runs before any
 * test makes a thread.
 */
static void fork_from_single_threaded_parent(void **state)
{
	unsigned char *kept = malloc(300);
	int status;

	(void)state;
	assert_true(__libc_single_threaded);
	fill(kept, 300, 7);
	for (int round = 0; round < 20; round++) {
		pid_t pid = fork();

		assert_true(pid >= 0);
		if (pid == 0) {
			alarm(20);
			for (int i = 0; i < 1000; i++) {
				void *p = malloc(i % 10 ? i * 13 % 5000 : 20000);

				if (!p)
					_exit(2);
				free(p);
			}
			_exit(filled(kept, 300, 7) ? 0 : 3);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
		free(malloc(round * 100));
	}
	assert_true(filled(kept, 300, 7));
	free(kept);
}

/* Threads allocating, checking and freeing, half of it in another thread. */
struct handoff {
	unsigned char *blocks[2000];
	unsigned int seed;
};

static void *churn(void *arg)
{
	struct handoff *h = arg;
	unsigned int r = h->seed;
	void *local[64] = { 0 };

	for (int i = 0; i < 200000; i++) {
		unsigned int slot = (r = r * 1103515245 + 12345) % 64;
		size_t n = (r >> 8) % 600;

		free(local[slot]);
		local[slot] = malloc(n);
		if (!local[slot])
			return "malloc failed";
		memset(local[slot], (int)slot, n);
	}
	for (int i = 0; i < 64; i++)
		free(local[i]);
	for (int i = 0; i < 2000; i++) {
		h->blocks[i] = malloc(64 + i % 200);
		fill(h->blocks[i], 64, h->seed + i);
	}
	return NULL;
}

static void threads_allocate_and_free_across(void **state)
{
	static struct handoff h[THREADS];
	pthread_t t[THREADS];
	void *ret;

	(void)state;
	for (int i = 0; i < THREADS; i++) {
		h[i].seed = i + 1;
		assert_int_equal(pthread_create(&t[i], NULL, churn, &h[i]), 0);
	}
	for (int i = 0; i < THREADS; i++) {
		assert_int_equal(pthread_join(t[i], &ret), 0);
		assert_null(ret);
	}
	/* The main thread frees what the others allocated. */
	for (int i = 0; i < THREADS; i++)
		for (int j = 0; j < 2000; j++) {
			assert_true(filled(h[i].blocks[j], 64, h[i].seed + j));
			free(h[i].blocks[j]);
		}
}

static volatile int stop_spinning;

/*
 * Allocations that take the simulated machine's locks often: large kmalloc
 * goes to the page allocator every time, and batches outrun the per-CPU
 * slabs into list_lock.
 */
static void *spin_allocating(void *arg)
{
	void *p[32];

	(void)arg;
	while (!stop_spinning) {
		for (int i = 0; i < 32; i++)
			p[i] = malloc(i % 4 ? 64 * i : 20000);
		for (int i = 0; i < 32; i++)
			free(p[i]);
	}
	return NULL;
}

/*
 * fork() while other threads allocate: the child allocates and frees
 * freely (an alarm turns a deadlock into a failure), and so does the
 * parent afterwards.
 */
static void fork_from_threaded_parent(void **state)
{
	pthread_t t[2];
	int status;

	(void)state;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, spin_allocating, NULL), 0);
	for (int round = 0; round < 50; round++) {
		pid_t pid = fork();

		assert_true(pid >= 0);
		if (pid == 0) {
			void *p[1000];

			alarm(20);
			for (int i = 0; i < 1000; i++) {
				p[i] = malloc(i % 10 ? i * 13 % 5000 : 20000);
				if (!p[i])
					_exit(2);
			}
			for (int i = 0; i < 1000; i++)
				free(p[i]);
			_exit(0);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	stop_spinning = 1;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	free(malloc(100));
}

/*
 * What LIBSLAB_MALLOC_STATS=1 reports (docs/malloc.md, "What libslab
 * served"), from a fresh copy of this program that does one thing (a
 * behaviour below) and exits.  Its start-up is the same every time, so a
 * case compares a behaviour's counts with those of doing nothing.
 */
static const char *const reasons[] = {
	"nested", "before-init", "init", "dlsym", "fork", "exit",
	"foreign-realloc", "foreign-free", "foreign-usable-size",
};
#define NR_REASONS	(sizeof(reasons) / sizeof(reasons[0]))
#define REPORT_MAX	8192

struct served_report {
	unsigned long served, by_glibc;
	unsigned long glibc[NR_REASONS];
};

static size_t reason_index(const char *name)
{
	for (size_t i = 0; i < NR_REASONS; i++)
		if (!strcmp(reasons[i], name))
			return i;
	fail_msg("the report names an unknown reason '%s'", name);
	return 0;
}

/*
 * Run this program's behaviour name with LIBSLAB_MALLOC_STATS=stats; its
 * stderr into text.
 */
static void run_fresh(const char *name, const char *stats, char *text)
{
	size_t len = 0;
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		setenv("LIBSLAB_MALLOC_STATS", stats, 1);
		execl("/proc/self/exe", "test_malloc_preload", "--behaviour",
		      name, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], text + len, REPORT_MAX - 1 - len)) > 0)
		len += (size_t)n;
	close(fds[0]);
	text[len] = '\0';
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* The report of behaviour name: one summary, each reason once, nothing else. */
static void report_of(const char *name, struct served_report *r)
{
	static char text[REPORT_MAX];
	unsigned int summaries = 0, seen[NR_REASONS] = { 0 };
	char reason[64];
	unsigned long count;

	memset(r, 0, sizeof(*r));
	run_fresh(name, "1", text);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line,
			   "libslab-malloc: pid %*d (%*[^)]): %lu allocations served, %lu by glibc",
			   &r->served, &r->by_glibc) == 2) {
			summaries++;
		} else if (sscanf(line,
				  "libslab-malloc: pid %*d (%*[^)]): glibc %63[^:]: %lu",
				  reason, &count) == 2) {
			size_t i = reason_index(reason);

			r->glibc[i] = count;
			seen[i]++;
		} else {
			fail_msg("behaviour %s printed '%s'", name, line);
		}
	}
	assert_int_equal(summaries, 1);
	for (size_t i = 0; i < NR_REASONS; i++)
		assert_int_equal(seen[i], 1);
}

static unsigned long reason_count(const struct served_report *r,
				  const char *name)
{
	return r->glibc[reason_index(name)];
}

static void *volatile sink;

static void do_nothing(void)
{
}

/* Each allocating function once, on libslab's blocks: nine calls. */
static void allocating_calls(void)
{
	void *p = malloc(40), *q;

	assert_non_null(p);
	q = realloc(p, 4000);
	assert_non_null(q);
	p = reallocarray(q, 3, 4000);
	assert_non_null(p);
	free(p);
	free(calloc(3, 40));
	free(memalign(64, 100));
	free(aligned_alloc(128, 256));
	assert_int_equal(posix_memalign(&p, 256, 300), 0);
	free(p);
	free(valloc(100));
	free(pvalloc(100));
}

static void free_glibc_block(void)
{
	free(__libc_malloc(64));
}

static void realloc_glibc_block(void)
{
	__libc_free(realloc(__libc_malloc(64), 128));
}

static void measure_glibc_block(void)
{
	void *p = __libc_malloc(64);

	sink = (void *)malloc_usable_size(p);
	__libc_free(p);
}

/* The first block above KMALLOC_MAX_SIZE sets the vmalloc range up. */
static void first_vmalloc_block(void)
{
	free(malloc(KMALLOC_MAX + 1));
}

/* early_malloc.c's prepare handler allocates inside fork(). */
static void fork_with_allocating_handler(void)
{
	int status;
	pid_t pid;

	allocate_in_fork_prepare = true;
	pid = fork();
	if (pid == 0)
		_exit(0);
	allocate_in_fork_prepare = false;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		abort();
}

static void dump_slabinfo_at_exit(void)
{
	setenv("LIBSLAB_MALLOC_SLABINFO", "/dev/null", 1);
}

/*
 * A thousand blocks, then fork(): the child exits and reports; the parent
 * leaves with _exit(), without a report.
 */
static void forked_child_reports(void)
{
	int status;
	pid_t pid;

	for (int i = 0; i < 1000; i++)
		sink = malloc(100);
	pid = fork();
	if (pid == 0)
		exit(0);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		abort();
	_exit(0);
}

static const struct {
	const char *name;
	void (*run)(void);
} behaviours[] = {
	{ "nothing", do_nothing },
	{ "allocating-calls", allocating_calls },
	{ "free-glibc-block", free_glibc_block },
	{ "realloc-glibc-block", realloc_glibc_block },
	{ "measure-glibc-block", measure_glibc_block },
	{ "first-vmalloc-block", first_vmalloc_block },
	{ "fork-with-allocating-handler", fork_with_allocating_handler },
	{ "dump-slabinfo-at-exit", dump_slabinfo_at_exit },
	{ "forked-child-reports", forked_child_reports },
};

static void served_counts_each_allocating_call(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("allocating-calls", &r);
	assert_int_equal(r.served - none.served, 9);
}

static void free_of_glibc_block_counts_foreign_free(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("free-glibc-block", &r);
	assert_int_equal(reason_count(&r, "foreign-free") -
				 reason_count(&none, "foreign-free"), 1);
	assert_int_equal(r.served, none.served);
}

/* glibc resizes its own block: an allocation by glibc. */
static void realloc_of_glibc_block_counts_foreign_realloc(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("realloc-glibc-block", &r);
	assert_int_equal(reason_count(&r, "foreign-realloc") -
				 reason_count(&none, "foreign-realloc"), 1);
	assert_int_equal(r.by_glibc - none.by_glibc, 1);
}

static void usable_size_of_glibc_block_counts_foreign_usable_size(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("measure-glibc-block", &r);
	assert_int_equal(reason_count(&r, "foreign-usable-size") -
				 reason_count(&none, "foreign-usable-size"), 1);
}

/* The vmalloc range's set-up allocates from inside libslab. */
static void allocation_inside_libslab_counts_nested(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("first-vmalloc-block", &r);
	assert_true(reason_count(&r, "nested") > reason_count(&none, "nested"));
}

/* libslab's start-up, in the preload's constructor, allocates from glibc. */
static void start_up_counts_init(void **state)
{
	struct served_report none;

	(void)state;
	report_of("nothing", &none);
	assert_true(reason_count(&none, "init") > 0);
}

/* early_malloc.c's constructor runs before the preload's. */
static void dependency_constructor_counts_before_init(void **state)
{
	struct served_report none;

	(void)state;
	assert_non_null(early_block);
	report_of("nothing", &none);
	assert_true(reason_count(&none, "before-init") >= 1);
}

static void allocation_in_fork_prepare_counts_fork(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("fork-with-allocating-handler", &r);
	assert_int_equal(reason_count(&r, "fork") - reason_count(&none, "fork"),
			 1);
}

static void slabinfo_dump_counts_exit(void **state)
{
	struct served_report none, r;

	(void)state;
	report_of("nothing", &none);
	report_of("dump-slabinfo-at-exit", &r);
	assert_int_equal(reason_count(&none, "exit"), 0);
	assert_true(reason_count(&r, "exit") > 0);
}

/* The child's report leaves out the parent's thousand blocks. */
static void forked_child_counts_from_zero(void **state)
{
	struct served_report child;

	(void)state;
	report_of("forked-child-reports", &child);
	assert_true(child.served < 1000);
}

/* LIBSLAB_MALLOC_STATS=yes: the value named on stderr, no report. */
static void stats_variable_other_than_1_is_refused(void **state)
{
	static char text[REPORT_MAX];

	(void)state;
	run_fresh("nothing", "yes", text);
	assert_non_null(strstr(text, "LIBSLAB_MALLOC_STATS=yes"));
	assert_null(strstr(text, "allocations served"));
}

/* Run the behaviour a fresh copy was started for, then exit. */
static int run_behaviour(const char *name)
{
	for (size_t i = 0; i < sizeof(behaviours) / sizeof(behaviours[0]); i++)
		if (!strcmp(behaviours[i].name, name)) {
			behaviours[i].run();
			return 0;
		}
	fprintf(stderr, "test_malloc_preload: no behaviour '%s'\n", name);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--behaviour"))
		return run_behaviour(argv[2]);
	if (argc != 1) {
		fprintf(stderr,
			"usage: test_malloc_preload [--behaviour NAME]\n");
		return 2;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(usable_size_is_kmalloc_size_class),
		cmocka_unit_test(beyond_kmalloc_max_size_is_served),
		cmocka_unit_test(malloc_zero_is_unique_and_freeable),
		cmocka_unit_test(malloc_aligns_to_max_align_t),
		cmocka_unit_test(memalign_honours_alignment),
		cmocka_unit_test(aligned_alloc_honours_alignment),
		cmocka_unit_test(valloc_and_pvalloc_are_page_aligned),
		cmocka_unit_test(posix_memalign_rejects_non_power_of_two),
		cmocka_unit_test(posix_memalign_rejects_below_pointer_size),
		cmocka_unit_test(posix_memalign_aligns),
		cmocka_unit_test(aligned_alloc_rejects_non_power_of_two),
		cmocka_unit_test(realloc_preserves_contents),
		cmocka_unit_test(realloc_edge_cases),
		cmocka_unit_test(realloc_failure_keeps_the_block),
		cmocka_unit_test(calloc_zeroes),
		cmocka_unit_test(calloc_overflow_fails_with_enomem),
		cmocka_unit_test(malloc_failure_sets_enomem),
		cmocka_unit_test(foreign_block_is_handled),
		cmocka_unit_test(served_counts_each_allocating_call),
		cmocka_unit_test(free_of_glibc_block_counts_foreign_free),
		cmocka_unit_test(realloc_of_glibc_block_counts_foreign_realloc),
		cmocka_unit_test(usable_size_of_glibc_block_counts_foreign_usable_size),
		cmocka_unit_test(allocation_inside_libslab_counts_nested),
		cmocka_unit_test(start_up_counts_init),
		cmocka_unit_test(dependency_constructor_counts_before_init),
		cmocka_unit_test(allocation_in_fork_prepare_counts_fork),
		cmocka_unit_test(slabinfo_dump_counts_exit),
		cmocka_unit_test(forked_child_counts_from_zero),
		cmocka_unit_test(stats_variable_other_than_1_is_refused),
		/* Before the first thread: */
		cmocka_unit_test(fork_from_single_threaded_parent),
		cmocka_unit_test(threads_allocate_and_free_across),
		cmocka_unit_test(fork_from_threaded_parent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
