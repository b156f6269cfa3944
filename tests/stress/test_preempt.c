// SPDX-License-Identifier: GPL-2.0
/*
 * Preemption torture: tasks are preempted, migrated and signalled inside
 * the allocator on purpose, so that every restartable sequence it commits
 * by is aborted at every instruction sooner or later.  One body, two
 * builds:
 *
 *  - against libslab-fast (kmalloc, kmem_cache_alloc), whose per-CPU
 *    pairs commit by sequence under cpu_map=getcpu and whose slab pairs do
 *    while the process has one thread; the end check is the page census;
 *  - with -DPREEMPT_VIA_MALLOC, a plain program of malloc() and free()
 *    run under LD_PRELOAD=libslab-malloc.so; the end check is that the
 *    allocator printed nothing (its WARNs and reports go to stderr, which
 *    the test reads back).
 *
 * Two phases, in this order (a process with a thread never has one
 * again, glibc's __libc_single_threaded):
 *  1. one thread, while child processes spin on every CPU and another
 *     moves it from CPU to CPU with sched_setaffinity();
 *  2. more threads than CPUs handing objects to each other (remote
 *     frees), while a mover thread moves them and signals them.
 * In both a fast interval timer signals the process; its handler
 * allocates and frees, as an interrupt handler's GFP_ATOMIC allocations
 * would: in the libslab-fast build wherever the kernel takes an interrupt
 * that may allocate (preemptible(): no spinlock held, interrupts on, the
 * lockless fast paths included), under the preload library wherever the
 * program is not inside malloc() or free() itself.
 *
 * Every object carries its owner and a check word over its address,
 * owner and size, written after it was handed out and verified and wiped
 * before it is freed: an object handed out twice, or freed under its
 * owner, shows as a bad check word or a live header on a fresh object.
 * PREEMPT_OPS sets the operations of each thread of each phase.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef PREEMPT_VIA_MALLOC
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#else
#include <sim/rseq.h>
#include "harness.h"
#endif

#define MAX_WORKERS	16
#define HELD		2048	/* objects a worker holds at most */
#define HANDLER_HELD	16	/* objects a thread's signal handler holds */
#define MAILBOX		256
#define LIVE		0x4c495645u	/* "LIVE": the header of a held object */
#define HANDLER_OWNER	0x80000000u
#define TIMER_USEC	100

struct header {
	uint32_t live;
	uint32_t owner;
	uint64_t check;
};

struct held {
	void *p;
	uint32_t size;
	int cache;		/* libslab-fast: index in caches[], -1 kmalloc */
};

/* ---- the allocator under test ---- */

#ifdef PREEMPT_VIA_MALLOC
#define NR_CACHES	0

/* Set while the thread itself is inside malloc() or free(). */
static __thread volatile sig_atomic_t in_allocator;

static void *object_alloc(struct held *h, uint32_t size, bool atomic)
{
	h->cache = -1;
	h->size = size;
	in_allocator = !atomic;
	h->p = malloc(size);
	in_allocator = 0;
	return h->p;
}

static void object_free(const struct held *h)
{
	in_allocator = 1;
	free(h->p);
	in_allocator = 0;
}

/*
 * A handler may call malloc() where the program is not inside it: like
 * glibc's, libslab-malloc.so is not async-signal-safe (a handler's free()
 * of libslab's memory would wait for a lock its own thread holds).
 */
static bool handler_may_allocate(void)
{
	return !in_allocator;
}
#else
#define NR_CACHES	2
static struct kmem_cache *caches[NR_CACHES];
static const uint32_t cache_sizes[NR_CACHES] = { 64, 208 };

static void *object_alloc(struct held *h, uint32_t size, bool atomic)
{
	gfp_t gfp = atomic ? GFP_ATOMIC : GFP_KERNEL;
	int c = (int)(size % (NR_CACHES + 2)) - 2;

	h->cache = c;
	if (c >= 0) {
		h->size = cache_sizes[c];
		return h->p = kmem_cache_alloc(caches[c], gfp);
	}
	h->size = size;
	return h->p = kmalloc(size, gfp);
}

static void object_free(const struct held *h)
{
	if (h->cache >= 0)
		kmem_cache_free(caches[h->cache], h->p);
	else
		kfree(h->p);
}

/* Where the kernel may take an interrupt that allocates: no spinlock held, interrupts on. */
static bool handler_may_allocate(void)
{
	return preemptible();
}
#endif

/* ---- stamps ---- */

static long corrupt, handed_twice;

static uint64_t check_word(const void *p, uint32_t owner, uint32_t size)
{
	return ((uint64_t)(uintptr_t)p ^ ((uint64_t)owner << 32) ^ size) *
	       0xff51afd7ed558ccdULL;
}

/* Take a fresh object: it must not carry a held object's header. */
static bool stamp(const struct held *h, uint32_t owner)
{
	struct header *hd = h->p;
	uint64_t check = check_word(h->p, owner, h->size);

	if (!h->p)
		return false;
	if (__atomic_load_n(&hd->live, __ATOMIC_RELAXED) == LIVE &&
	    hd->check == check_word(h->p, hd->owner, h->size))
		__atomic_fetch_add(&handed_twice, 1, __ATOMIC_RELAXED);
	hd->owner = owner;
	hd->check = check;
	__atomic_store_n(&hd->live, LIVE, __ATOMIC_RELAXED);
	((unsigned char *)h->p)[h->size - 1] = (unsigned char)check;
	return true;
}

/* Give an object back: its stamp must be the owner's; then wipe it. */
static void unstamp(const struct held *h, uint32_t owner)
{
	struct header *hd = h->p;
	uint64_t check = check_word(h->p, owner, h->size);

	if (hd->live != LIVE || hd->owner != owner || hd->check != check ||
	    ((unsigned char *)h->p)[h->size - 1] != (unsigned char)check)
		__atomic_fetch_add(&corrupt, 1, __ATOMIC_RELAXED);
	hd->live = 0;
	hd->check = 0;
}

/* Free what slot h holds, if anything, after checking owner's stamp. */
static void release_slot(struct held *h, uint32_t owner)
{
	if (!h->p)
		return;
	unstamp(h, owner);
	object_free(h);
	h->p = NULL;
}

/* release_slot() on each of the n slots of held. */
static void release_slots(struct held *held, unsigned int n, uint32_t owner)
{
	for (unsigned int i = 0; i < n; i++)
		release_slot(&held[i], owner);
}

static uint64_t next_random(uint64_t *rng)
{
	*rng ^= *rng << 13;
	*rng ^= *rng >> 7;
	*rng ^= *rng << 17;
	return *rng;
}

/* From a header's worth up to 4 KiB, now and then a large one. */
static uint32_t random_size(uint64_t *rng)
{
	uint64_t r = next_random(rng);

	if (r % 256 == 0)
		return 12288 + (uint32_t)(r >> 8) % 20480;
	return sizeof(struct header) + 1 + (uint32_t)(r >> 8) % 4080;
}

/* ---- the signal handler: an "interrupt" that allocates ---- */

static __thread struct held handler_held[HANDLER_HELD];
static __thread unsigned int handler_next;
static __thread volatile sig_atomic_t handler_armed;
static __thread uint32_t handler_owner;
static __thread uint64_t handler_rng;
static long handler_allocs;

static void interrupt(int sig)
{
	struct held *h;
	int saved = errno;

	(void)sig;
	if (!handler_armed || !handler_may_allocate())
		goto out;
	h = &handler_held[handler_next++ % HANDLER_HELD];
	release_slot(h, handler_owner);
	if (object_alloc(h, random_size(&handler_rng), true) &&
	    stamp(h, handler_owner))
		__atomic_fetch_add(&handler_allocs, 1, __ATOMIC_RELAXED);
out:
	errno = saved;
}

/* Arm this thread's handler; it allocates from then on. */
static void handler_arm(uint32_t owner, uint64_t seed)
{
	handler_owner = HANDLER_OWNER | owner;
	handler_rng = seed | 1;
	handler_next = 0;
	memset(handler_held, 0, sizeof(handler_held));
	handler_armed = 1;
}

/* Disarm this thread's handler and give back what it held. */
static void handler_disarm(void)
{
	handler_armed = 0;
	release_slots(handler_held, HANDLER_HELD, handler_owner);
}

static void timer_start(void)
{
	struct sigaction sa = { .sa_handler = interrupt, .sa_flags = SA_RESTART };
	struct itimerval every = { { 0, TIMER_USEC }, { 0, TIMER_USEC } };

	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGALRM, &sa, NULL), 0);
	assert_int_equal(setitimer(ITIMER_REAL, &every, NULL), 0);
}

static void timer_stop(void)
{
	struct itimerval stop = { { 0, 0 }, { 0, 0 } };

	setitimer(ITIMER_REAL, &stop, NULL);
	signal(SIGALRM, SIG_IGN);
}

/* ---- a worker ---- */

struct worker {
	uint32_t id;
	pid_t tid;
	uint64_t rng;
	unsigned int nr_held;
	struct held held[HELD];
};

static struct held mailbox[MAILBOX];
static pthread_mutex_t mailbox_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int nr_ops;
static volatile int movers_stop;

static void give_back(struct worker *w, unsigned int i)
{
	struct held h = w->held[i];

	w->held[i] = w->held[--w->nr_held];
	unstamp(&h, w->id);
	object_free(&h);
}

/* Swap a held object with a mailbox slot: the taker frees it elsewhere. */
static void exchange(struct worker *w)
{
	unsigned int slot = next_random(&w->rng) % MAILBOX;
	struct held mine = { NULL }, theirs;

	if (w->nr_held) {
		unsigned int i = next_random(&w->rng) % w->nr_held;

		mine = w->held[i];
		w->held[i] = w->held[--w->nr_held];
		unstamp(&mine, w->id);
		stamp(&mine, MAILBOX);
	}
	pthread_mutex_lock(&mailbox_lock);
	theirs = mailbox[slot];
	mailbox[slot] = mine;
	pthread_mutex_unlock(&mailbox_lock);
	if (theirs.p) {
		unstamp(&theirs, MAILBOX);
		stamp(&theirs, w->id);
		w->held[w->nr_held++] = theirs;
	}
}

/*
 * Allocate and free at random, holding up to HELD objects, so that most
 * frees land in slabs other than the CPU's (the slab pair's commit).
 */
static void work(struct worker *w, bool with_mailbox)
{
	unsigned int op;

	handler_arm(w->id, w->rng);
	for (op = 0; op < nr_ops; op++) {
		unsigned int r = next_random(&w->rng) % 100;

		if (w->nr_held == HELD || (r < 45 && w->nr_held))
			give_back(w, next_random(&w->rng) % w->nr_held);
		else if (with_mailbox && r >= 90)
			exchange(w);
		else {
			struct held *h = &w->held[w->nr_held];

			if (object_alloc(h, random_size(&w->rng), false) &&
			    stamp(h, w->id))
				w->nr_held++;
		}
	}
	while (w->nr_held)
		give_back(w, w->nr_held - 1);
	handler_disarm();
}

static unsigned int host_cpus(void);

/* Let target (0: the caller) run on any CPU. */
static void move_anywhere(pid_t target)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (unsigned int cpu = 0; cpu < host_cpus(); cpu++)
		CPU_SET(cpu, &set);
	sched_setaffinity(target, sizeof(set), &set);
}

/* Move target to a random CPU, or now and then let it run anywhere. */
static void move(pid_t target, uint64_t *rng)
{
	cpu_set_t set;
	uint64_t r = next_random(rng);

	if (r % 4 == 0) {
		move_anywhere(target);
		return;
	}
	CPU_ZERO(&set);
	CPU_SET((r >> 8) % host_cpus(), &set);
	sched_setaffinity(target, sizeof(set), &set);
}

/* The host's CPUs: the movers change affinities, so not sched_getaffinity(). */
static unsigned int host_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n <= CPU_SETSIZE ? (unsigned int)n : 1;
}

static unsigned int env_uint(const char *name, unsigned int dflt)
{
	const char *v = getenv(name);

	return v && *v ? (unsigned int)strtoul(v, NULL, 0) : dflt;
}

/* ---- phase 1: one thread, moved by another process ---- */

static struct worker workers[MAX_WORKERS];
static pid_t children[MAX_WORKERS + 1];
static unsigned int nr_children;

/* A child that spins or moves until killed, and dies with the test. */
static pid_t start_child(void)
{
	pid_t parent = getpid(), pid = fork();

	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* The test may have died before the line above. */
		if (getppid() != parent)
			_exit(1);
	}
	return pid;
}

/* Stop the timer and the children, whatever became of the test. */
static int stop_disturbers(void **state)
{
	(void)state;
	timer_stop();
	while (nr_children) {
		kill(children[--nr_children], SIGKILL);
		waitpid(children[nr_children], NULL, 0);
	}
	/* What the mover left: every CPU again. */
	move_anywhere(0);
	return 0;
}

static void test_one_thread_preempted_migrated_and_signalled(void **state)
{
	unsigned int nr_cpus = host_cpus(), i;
	pid_t self = getpid();
	struct worker *w = &workers[0];

	(void)state;
#if !defined(PREEMPT_VIA_MALLOC) && SIM_RSEQ_ALONE
	/* The slab pairs commit by sequence only while this holds. */
	assert_true(sim_single_threaded());
	printf("preempt: one thread, sequences %s\n",
	       sim_rseq_alone_ok ? "on" : "off (no rseq)");
#endif
	/* The handler first: the mover signals us as soon as it runs. */
	timer_start();
	/* Spinners keep every CPU busy, so that the host preempts us. */
	for (i = 0; i < nr_cpus && i < MAX_WORKERS; i++) {
		pid_t pid = start_child();

		assert_true(pid >= 0);
		if (!pid)
			for (;;)
				;
		children[nr_children++] = pid;
	}
	/* The mover: a process, since a thread would end single-threadedness. */
	children[nr_children] = start_child();
	assert_true(children[nr_children] >= 0);
	if (!children[nr_children]) {
		uint64_t rng = 0x9e3779b97f4a7c15ULL;

		for (;;) {
			move(self, &rng);
			for (int k = 0; k < 64; k++)
				kill(self, SIGALRM);
		}
	}
	nr_children++;

	*w = (struct worker){ .id = 1, .rng = 0x2545f4914f6cdd1dULL };
	work(w, false);
	stop_disturbers(NULL);

	printf("preempt: %u operations, %ld handler allocations\n", nr_ops,
	       __atomic_load_n(&handler_allocs, __ATOMIC_RELAXED));
	assert_int_equal(__atomic_load_n(&corrupt, __ATOMIC_RELAXED), 0);
	assert_int_equal(__atomic_load_n(&handed_twice, __ATOMIC_RELAXED), 0);
}

/* ---- phase 2: more threads than CPUs, a mover thread ---- */

static unsigned int nr_workers;

static void *worker_thread(void *arg)
{
	struct worker *w = arg;

	__atomic_store_n(&w->tid, gettid(), __ATOMIC_RELEASE);
	work(w, true);
	return NULL;
}

/* Move a random worker and signal another, until told to stop. */
static void *mover_thread(void *arg)
{
	uint64_t rng = 0x6a09e667f3bcc909ULL;

	(void)arg;
	while (!__atomic_load_n(&movers_stop, __ATOMIC_ACQUIRE)) {
		struct worker *w = &workers[next_random(&rng) % nr_workers];
		pid_t tid = __atomic_load_n(&w->tid, __ATOMIC_ACQUIRE);

		if (tid) {
			move(tid, &rng);
			tgkill(getpid(), tid, SIGALRM);
		}
		usleep(50);
	}
	return NULL;
}

static void test_threads_preempted_migrated_and_signalled(void **state)
{
	pthread_t threads[MAX_WORKERS], mover;
	unsigned int i;

	(void)state;
	nr_workers = 2 * host_cpus() + 1;
	if (nr_workers > MAX_WORKERS)
		nr_workers = MAX_WORKERS;
	for (i = 0; i < nr_workers; i++) {
		workers[i] = (struct worker){ .id = 2 + i,
			.rng = 0x9e3779b97f4a7c15ULL * (i + 3) };
	}
	timer_start();
	for (i = 0; i < nr_workers; i++)
		assert_int_equal(pthread_create(&threads[i], NULL,
						worker_thread, &workers[i]), 0);
	assert_int_equal(pthread_create(&mover, NULL, mover_thread, NULL), 0);
	for (i = 0; i < nr_workers; i++)
		pthread_join(threads[i], NULL);
	__atomic_store_n(&movers_stop, 1, __ATOMIC_RELEASE);
	pthread_join(mover, NULL);
	timer_stop();

	release_slots(mailbox, MAILBOX, MAILBOX);
	printf("preempt: %u threads x %u operations, %ld handler allocations\n",
	       nr_workers, nr_ops, __atomic_load_n(&handler_allocs, __ATOMIC_RELAXED));
	assert_int_equal(__atomic_load_n(&corrupt, __ATOMIC_RELAXED), 0);
	assert_int_equal(__atomic_load_n(&handed_twice, __ATOMIC_RELAXED), 0);
}

/* ---- what the allocator says of itself at the end ---- */

#ifdef PREEMPT_VIA_MALLOC
static FILE *allocator_log;
static int real_stderr = -1;

/* The preload library prints its WARNs and reports to stderr: keep them. */
static int capture_stderr(void **state)
{
	(void)state;
	allocator_log = tmpfile();
	if (!allocator_log)
		return -1;
	fflush(stderr);
	real_stderr = dup(STDERR_FILENO);
	return dup2(fileno(allocator_log), STDERR_FILENO) < 0 ? -1 : 0;
}

static void test_the_allocator_reported_nothing(void **state)
{
	char line[512];
	unsigned long lines = 0;

	(void)state;
	fflush(stderr);
	dup2(real_stderr, STDERR_FILENO);
	rewind(allocator_log);
	while (fgets(line, sizeof(line), allocator_log)) {
		fputs(line, stderr);
		lines++;
	}
	assert_int_equal(lines, 0);
}
#else
static struct page_census before;

static int make_caches(void **state)
{
	(void)state;
	for (int i = 0; i < NR_CACHES; i++) {
		char name[32];

		snprintf(name, sizeof(name), "preempt-%u", cache_sizes[i]);
		caches[i] = kmem_cache_create(name, cache_sizes[i], 0,
					      SLAB_NO_MERGE, NULL);
		if (!caches[i])
			return -1;
	}
	page_census(&before);
	return expect_clean_setup(state);
}

/* Every slab whole, every counter right, every object back. */
static void test_the_page_census_accounts_for_everything(void **state)
{
	struct page_census after;
	const struct census_cache *cc;
	unsigned int i;

	(void)state;
	page_census(&after);
	assert_census_back_to(&before, &after);
	for (i = 0; i < NR_CACHES; i++) {
		cc = census_of(&after, caches[i]);
		assert_true(!cc || cc->inuse == 0);
		assert_int_equal(libslab_validate(caches[i]), 0);
	}
	for (i = 0; i < NR_CACHES; i++)
		kmem_cache_destroy(caches[i]);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_one_thread_preempted_migrated_and_signalled,
					  stop_disturbers),
		cmocka_unit_test(test_threads_preempted_migrated_and_signalled),
#ifdef PREEMPT_VIA_MALLOC
		cmocka_unit_test(test_the_allocator_reported_nothing),
#else
		cmocka_unit_test_setup_teardown(test_the_page_census_accounts_for_everything,
						NULL, expect_clean_teardown),
#endif
	};

	nr_ops = env_uint("PREEMPT_OPS", 5000000);
#ifdef PREEMPT_VIA_MALLOC
	return cmocka_run_group_tests(tests, capture_stderr, NULL);
#else
	return cmocka_run_group_tests(tests, make_caches, NULL);
#endif
}
