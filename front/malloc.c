// SPDX-License-Identifier: GPL-2.0
/*
 * libslab-malloc.so: the C allocator (malloc, free, calloc, realloc, the
 * aligned variants, malloc_usable_size) served by SLUB's kmalloc, for
 * LD_PRELOAD into an unmodified program.  docs/malloc.md describes what a
 * user sees; this comment says how it holds together.
 *
 * Sizes.  kmalloc hands out naturally aligned objects: a kmalloc cache's
 * objects are aligned to the largest power of two dividing its size
 * (create_boot_cache(), mm/slab_common.c), and a large kmalloc is an
 * order-N page block, aligned to its own size by the buddy allocator.  So
 * a request of size bytes at alignment align asks kmalloc for size rounded
 * up to a multiple of align when align is above 16, and at least 16
 * bytes in any case: every kmalloc cache from kmalloc-16 up is then
 * 16-aligned (the malloc ABI's alignment on x86_64 and arm64, above
 * ARCH_KMALLOC_MINALIGN's 8).  That also keeps malloc(0) off
 * ZERO_SIZE_PTR: it returns a unique 16-byte object.  Above KMALLOC_MAX_SIZE (4 MiB: order MAX_PAGE_ORDER) kmalloc
 * fails, and the front-end does what kvmalloc() does: vmalloc, with a
 * small header before the block recording its extent.
 *
 * Bootstrap and recursion.  The dynamic linker, libc, liburcu and the
 * shim call malloc before libslab is set up, and the shim calls malloc
 * from inside the allocator (stack depot, percpu, seq_file).  Those calls
 * go to glibc's own allocator (__libc_malloc & co.), which serves as the
 * bootstrap arena: until the constructor has run, and whenever the thread
 * is already inside libslab.  free(), realloc() and malloc_usable_size()
 * tell the two apart by address: libslab's memory is the simulated page
 * arena (virt_addr_valid()) or the vmalloc range, everything else is
 * glibc's.
 *
 * fork.  Every call that enters libslab holds fork_lock for reading;
 * pthread_atfork's prepare takes it for writing, so when fork() copies the
 * process no other thread is inside the allocator and none of the
 * simulated machine's locks (list_lock, slab_mutex, the page allocator's,
 * printk's) is held.  While the process has one thread (glibc's
 * __libc_single_threaded, which stays false once a thread was made) a call
 * skips the lock: no other thread exists to fork, and the caller forks
 * only after it returns.  Each call records whether it took the lock, so a
 * thread made meanwhile changes nothing for a call already inside.  The
 * front-end never queues RCU callbacks (kmalloc caches are not
 * SLAB_TYPESAFE_BY_RCU), so the shim's RCU callback thread is never
 * started by it.
 *
 * Counting.  Every call handed to glibc is counted by its reason (enum
 * fallback), and every allocating call libslab serves is counted too, so
 * that LIBSLAB_MALLOC_STATS=1 can show at exit that libslab, not glibc,
 * served the program.  The served count is the hot one: each thread adds
 * to a node of its own (no atomic instruction, no shared cache line), and
 * the nodes are summed when the report is made.  Fallbacks are off the
 * fast path (glibc serves them anyway), so they share relaxed atomic
 * counters.  A child of fork() starts from zero: it reports what it did.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/single_threaded.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/vmalloc.h>
#include "startup.h"

/* The malloc ABI's alignment (max_align_t on x86_64 and arm64). */
#define FRONT_MIN_ALIGN		16UL

/* glibc's allocator under its own names: the bootstrap arena. */
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);
void __libc_free(void *p);

/* The interface this library provides (exported, see malloc.map). */
void *malloc(size_t size);
void free(void *p);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void *reallocarray(void *p, size_t n, size_t size);
void *memalign(size_t align, size_t size);
int posix_memalign(void **out, size_t align, size_t size);
void *aligned_alloc(size_t align, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);
size_t malloc_usable_size(void *p);

/* Header just before a vmalloc'ed block: where the mapping starts, bytes usable. */
struct big_header {
	void *base;
	size_t usable;
};

/*
 * Why a call went to glibc (docs/malloc.md, "What libslab served"); the
 * names are those the report prints.
 */
enum fallback {
	/* From inside a libslab call: the shim's own malloc calls. */
	FALLBACK_NESTED,
	/* Before libslab-malloc.so's constructor: ld.so, libc, other libraries. */
	FALLBACK_BEFORE_INIT,
	/* In the constructor: libslab's start-up, the fork handlers. */
	FALLBACK_INIT,
	/* In the constructor's dlsym() of glibc's malloc_usable_size. */
	FALLBACK_DLSYM,
	/* Inside fork(), from the other prepare handlers. */
	FALLBACK_FORK,
	/* At exit, the library's own output (LIBSLAB_MALLOC_SLABINFO's dump). */
	FALLBACK_EXIT,
	/* realloc() of a block glibc made: glibc resizes it. */
	FALLBACK_FOREIGN_REALLOC,
	/* free() of a block glibc made (not an allocation). */
	FALLBACK_FOREIGN_FREE,
	/* malloc_usable_size() of a block glibc made (not an allocation). */
	FALLBACK_FOREIGN_USABLE_SIZE,
	NR_FALLBACKS
};

static const char *const fallback_names[NR_FALLBACKS] = {
	[FALLBACK_NESTED] = "nested",
	[FALLBACK_BEFORE_INIT] = "before-init",
	[FALLBACK_INIT] = "init",
	[FALLBACK_DLSYM] = "dlsym",
	[FALLBACK_FORK] = "fork",
	[FALLBACK_EXIT] = "exit",
	[FALLBACK_FOREIGN_REALLOC] = "foreign-realloc",
	[FALLBACK_FOREIGN_FREE] = "foreign-free",
	[FALLBACK_FOREIGN_USABLE_SIZE] = "foreign-usable-size",
};

/* Calls handed to glibc, by reason; relaxed atomics. */
static unsigned long fallbacks[NR_FALLBACKS];

/* One thread's count of the allocating calls libslab served. */
struct served_node {
	/* Written by its thread only (relaxed), read by the report. */
	unsigned long count;
	struct served_node *next;
};

/* This thread's node; NULL until its first served call, and after it exits. */
static __thread struct served_node *served_mine
	__attribute__((tls_model("initial-exec")));
/* The live threads' nodes, and nodes free for a new thread; served_lock. */
static struct served_node *served_live, *served_spare;
/* What exited threads were served; served_lock. */
static unsigned long served_by_exited;
/* What threads glibc had no node for were served; relaxed atomics. */
static unsigned long served_without_node;
static pthread_mutex_t served_lock = PTHREAD_MUTEX_INITIALIZER;
/* Its destructor gives an exiting thread's node back (served_unlink()). */
static pthread_key_t served_key;

/* Set once libslab's kmalloc caches exist. */
static bool front_ready;
/* Nesting of libslab calls in this thread: inner ones go to glibc. */
static __thread unsigned int front_depth
	__attribute__((tls_model("initial-exec")));
/* Why front_depth is raised when it is not a libslab call that raised it. */
static __thread enum fallback front_held_for
	__attribute__((tls_model("initial-exec")));
/* Whether the thread's outermost call holds fork_lock (see fork above). */
static __thread bool front_locked
	__attribute__((tls_model("initial-exec")));
/* Held for reading inside libslab, for writing across fork(). */
static pthread_rwlock_t fork_lock = PTHREAD_RWLOCK_INITIALIZER;
/* glibc's malloc_usable_size, for blocks glibc handed out. */
static size_t (*glibc_usable_size)(void *p);

/* Enter libslab if this is the thread's outermost call and libslab is up. */
static bool front_enter(void)
{
	if (!READ_ONCE(front_ready) || front_depth)
		return false;
	front_depth++;
	front_locked = !__libc_single_threaded;
	if (front_locked)
		pthread_rwlock_rdlock(&fork_lock);
	return true;
}

/* Undo a front_enter() that returned true. */
static void front_leave(void)
{
	if (front_locked)
		pthread_rwlock_unlock(&fork_lock);
	front_depth--;
}

static void count_fallback(enum fallback why)
{
	__atomic_fetch_add(&fallbacks[why], 1, __ATOMIC_RELAXED);
}

/* Why front_enter() just refused this thread. */
static enum fallback refused_because(void)
{
	return front_depth ? front_held_for : FALLBACK_BEFORE_INIT;
}

/*
 * Give this thread a node.  Called inside libslab (front_depth raised), so
 * the calls it makes go to glibc.  Nodes come from glibc and are never
 * freed, only reused: a thread that allocates again after its key's
 * destructor ran takes another node, never one that has gone away.
 */
static noinline struct served_node *served_link(void)
{
	struct served_node *node;

	pthread_mutex_lock(&served_lock);
	node = served_spare;
	if (node)
		served_spare = node->next;
	else
		node = __libc_malloc(sizeof(*node));
	if (node) {
		node->count = 0;
		node->next = served_live;
		served_live = node;
	}
	pthread_mutex_unlock(&served_lock);
	if (node)
		pthread_setspecific(served_key, node);
	served_mine = node;
	return node;
}

/* A thread exits: its count joins the exited threads' total. */
static void served_unlink(void *arg)
{
	struct served_node *node = arg, **link;

	pthread_mutex_lock(&served_lock);
	for (link = &served_live; *link != node; link = &(*link)->next)
		;
	*link = node->next;
	served_by_exited += node->count;
	node->next = served_spare;
	served_spare = node;
	pthread_mutex_unlock(&served_lock);
	served_mine = NULL;
}

/* One allocating call libslab served; the thread's own node, no atomics. */
static void count_served(void)
{
	struct served_node *node = served_mine;

	if (unlikely(!node)) {
		node = served_link();
		if (!node) {
			__atomic_fetch_add(&served_without_node, 1,
					   __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_store_n(&node->count, node->count + 1, __ATOMIC_RELAXED);
}

/* Whether p came from libslab (the page arena or the vmalloc range). */
static bool front_owns(const void *p)
{
	return virt_addr_valid(p) || is_vmalloc_addr(p);
}

/* The header in front of a vmalloc'ed block. */
static struct big_header *big_header_of(const void *p)
{
	return (struct big_header *)p - 1;
}

/* size bytes at align from vmalloc, as kvmalloc() falls back to it. */
static void *big_alloc(size_t size, size_t align, gfp_t gfp)
{
	size_t total;
	char *base, *p;

	if (check_add_overflow(size, align + sizeof(struct big_header), &total))
		return NULL;
	base = __vmalloc(total, gfp);
	if (!base)
		return NULL;
	p = (char *)ALIGN((unsigned long)base + sizeof(struct big_header), align);
	big_header_of(p)->base = base;
	big_header_of(p)->usable = base + ALIGN(total, PAGE_SIZE) - p;
	return p;
}

/*
 * size bytes aligned to align (a power of two), from kmalloc or vmalloc;
 * caller: the program's code that called the wrapper (slub_debug=U's
 * "Allocated in"), not the wrapper itself.
 */
static void *front_alloc(size_t size, size_t align, gfp_t gfp,
			 unsigned long caller)
{
	align = max(align, FRONT_MIN_ALIGN);
	if (size > KMALLOC_MAX_SIZE || align > KMALLOC_MAX_SIZE)
		return big_alloc(size, align, gfp);
	/*
	 * Every kmalloc cache from kmalloc-16 up is 16-aligned, so the exact
	 * size is asked for (slub_debug's kmalloc red zone then starts where
	 * the caller's block ends); a larger alignment needs a multiple of it.
	 */
	if (align > FRONT_MIN_ALIGN)
		size = ALIGN(max(size, align), align);
	else
		size = max(size, FRONT_MIN_ALIGN);
	if (size > KMALLOC_MAX_SIZE)
		return big_alloc(size, align, gfp);
	return libslab_kmalloc_caller(size, gfp, caller);
}

/* Free a block front_alloc() made, for caller ("Freed in"). */
static void front_free(void *p, unsigned long caller)
{
	if (is_vmalloc_addr(p))
		vfree(big_header_of(p)->base);
	else
		libslab_kfree_caller(p, caller);
}

/* Usable bytes of a block front_alloc() made. */
static size_t front_usable_size(void *p)
{
	if (is_vmalloc_addr(p))
		return big_header_of(p)->usable;
	return ksize(p);
}

/* realloc() of a block libslab owns, for caller; NULL leaves p as it was. */
static void *front_realloc(void *p, size_t size, unsigned long caller)
{
	size_t old = front_usable_size(p);
	void *q;

	if (!is_vmalloc_addr(p) && size <= KMALLOC_MAX_SIZE)
		return krealloc(p, max(size, FRONT_MIN_ALIGN), GFP_KERNEL);
	/* vmalloc: kept unless it would shrink to less than half. */
	if (is_vmalloc_addr(p) && size <= old && size >= old / 2)
		return p;
	q = front_alloc(size, FRONT_MIN_ALIGN, GFP_KERNEL, caller);
	if (q) {
		memcpy(q, p, min(old, size));
		front_free(p, caller);
	}
	return q;
}

/* Returns p, setting errno to ENOMEM when it is NULL. */
static void *enomem_if_null(void *p)
{
	if (!p)
		errno = ENOMEM;
	return p;
}

/* The aligned allocation behind memalign and friends, for caller; align a power of two. */
static void *aligned(size_t align, size_t size, unsigned long caller)
{
	void *p;

	if (!front_enter()) {
		count_fallback(refused_because());
		return __libc_memalign(align, size);
	}
	p = front_alloc(size, align, GFP_KERNEL, caller);
	count_served();
	front_leave();
	return enomem_if_null(p);
}

/* size bytes aligned for any type; NULL and ENOMEM on failure. */
void *malloc(size_t size)
{
	void *p;

	if (!front_enter()) {
		count_fallback(refused_because());
		return __libc_malloc(size);
	}
	p = front_alloc(size, FRONT_MIN_ALIGN, GFP_KERNEL, _RET_IP_);
	count_served();
	front_leave();
	return enomem_if_null(p);
}

/* Free a block of this library's or of glibc's; NULL is ignored. */
void free(void *p)
{
	bool entered;

	if (!p)
		return;
	if (!front_owns(p)) {
		count_fallback(FALLBACK_FOREIGN_FREE);
		__libc_free(p);
		return;
	}
	entered = front_enter();
	front_free(p, _RET_IP_);
	if (entered)
		front_leave();
}

/* n * size zeroed bytes; NULL and ENOMEM if the product overflows. */
void *calloc(size_t n, size_t size)
{
	size_t bytes;
	void *p;

	if (check_mul_overflow(n, size, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	if (!front_enter()) {
		count_fallback(refused_because());
		return __libc_calloc(n, size);
	}
	p = front_alloc(bytes, FRONT_MIN_ALIGN, GFP_KERNEL | __GFP_ZERO,
			_RET_IP_);
	count_served();
	front_leave();
	return enomem_if_null(p);
}

/*
 * Resize p keeping min(old, new) bytes; NULL and ENOMEM leave p valid.
 * Size 0 frees p and returns NULL (glibc's choice).
 */
void *realloc(void *p, size_t size)
{
	void *q;

	if (!p)
		return malloc(size);
	if (!size) {
		free(p);
		return NULL;
	}
	if (!front_owns(p)) {
		count_fallback(FALLBACK_FOREIGN_REALLOC);
		return __libc_realloc(p, size);
	}
	if (!front_enter()) {
		/* Inside libslab already: move the block to glibc. */
		count_fallback(refused_because());
		q = __libc_malloc(size);
		if (q) {
			memcpy(q, p, min(front_usable_size(p), size));
			front_free(p, _RET_IP_);
		}
		return q;
	}
	q = front_realloc(p, size, _RET_IP_);
	count_served();
	front_leave();
	return enomem_if_null(q);
}

/* realloc() to n * size bytes; NULL and ENOMEM if the product overflows. */
void *reallocarray(void *p, size_t n, size_t size)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	return realloc(p, bytes);
}

/* As C11's aligned_alloc: NULL and EINVAL for an alignment not a power of two. */
void *memalign(size_t align, size_t size)
{
	if (!is_power_of_2(align)) {
		errno = EINVAL;
		return NULL;
	}
	return aligned(align, size, _RET_IP_);
}

/* C11's aligned_alloc(): memalign(). */
void *aligned_alloc(size_t align, size_t size)
{
	if (!is_power_of_2(align)) {
		errno = EINVAL;
		return NULL;
	}
	return aligned(align, size, _RET_IP_);
}

/* *out = size bytes at align; EINVAL for a bad alignment, ENOMEM. */
int posix_memalign(void **out, size_t align, size_t size)
{
	int saved = errno;
	void *p;

	if (!is_power_of_2(align) || align % sizeof(void *))
		return EINVAL;
	p = aligned(align, size, _RET_IP_);
	if (!p)
		return ENOMEM;
	/* POSIX: errno is not changed by posix_memalign(). */
	errno = saved;
	*out = p;
	return 0;
}

/* size bytes on a page boundary. */
void *valloc(size_t size)
{
	return aligned(PAGE_SIZE, size, _RET_IP_);
}

/* size rounded up to whole pages (at least one), on a page boundary. */
void *pvalloc(size_t size)
{
	size_t bytes = ALIGN(size ? size : 1, PAGE_SIZE);

	if (bytes < size) {
		errno = ENOMEM;
		return NULL;
	}
	return aligned(PAGE_SIZE, bytes, _RET_IP_);
}

/* Bytes of p the caller may use (ksize()); 0 for NULL. */
size_t malloc_usable_size(void *p)
{
	bool entered;
	size_t size;

	if (!p)
		return 0;
	if (!front_owns(p)) {
		count_fallback(FALLBACK_FOREIGN_USABLE_SIZE);
		return glibc_usable_size ? glibc_usable_size(p) : 0;
	}
	entered = front_enter();
	size = front_usable_size(p);
	if (entered)
		front_leave();
	return size;
}

/* Raise front_depth outside a libslab call, saying why for the counts. */
static void front_hold(enum fallback why)
{
	front_depth++;
	front_held_for = why;
}

static void front_release(void)
{
	front_held_for = FALLBACK_NESTED;
	front_depth--;
}

/*
 * fork(): no other thread is inside libslab while the process is copied;
 * the forking thread's own allocations meanwhile (other prepare handlers)
 * go to glibc, whose fork() handling covers them.  No thread links or
 * unlinks a served_node across it either.
 */
static void fork_prepare(void)
{
	front_hold(FALLBACK_FORK);
	pthread_rwlock_wrlock(&fork_lock);
	pthread_mutex_lock(&served_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&served_lock);
	pthread_rwlock_unlock(&fork_lock);
	front_release();
}

/*
 * The child's thread has a new id, which glibc's rwlock would not take for
 * the writer's: the locks start over instead, with no thread inside.  The
 * counts start from zero, so that the child reports what it did itself;
 * the other threads' nodes stay linked, counting nothing.
 */
static void fork_child(void)
{
	struct served_node *node;

	pthread_rwlock_init(&fork_lock, NULL);
	pthread_mutex_init(&served_lock, NULL);
	for (node = served_live; node; node = node->next)
		node->count = 0;
	served_by_exited = 0;
	served_without_node = 0;
	memset(fallbacks, 0, sizeof(fallbacks));
	front_release();
}

/* The process's name (/proc/self/comm) into comm; "" if unreadable. */
static void read_comm(char *comm, size_t size)
{
	FILE *c = fopen("/proc/self/comm", "r");

	comm[0] = '\0';
	if (!c)
		return;
	if (fgets(comm, (int)size, c))
		comm[strcspn(comm, "\n")] = '\0';
	fclose(c);
}

/*
 * LIBSLAB_MALLOC_SLABINFO=path: at exit, append /proc/slabinfo to path,
 * headed by the process id and name, so every process of a program that
 * forks or executes others adds its own.  With every other thread shut
 * out (fork_lock), as the slabinfo walk needs.
 */
static void dump_slabinfo(void)
{
	const char *path = getenv("LIBSLAB_MALLOC_SLABINFO");
	char comm[64];
	struct seq_file m;
	FILE *f;

	if (!path || !*path)
		return;
	pthread_rwlock_wrlock(&fork_lock);
	f = fopen(path, "a");
	if (!f) {
		fprintf(stderr, "libslab-malloc: LIBSLAB_MALLOC_SLABINFO=%s: %s\n",
			path, strerror(errno));
	} else {
		read_comm(comm, sizeof(comm));
		fprintf(f, "# libslab-malloc: pid %d (%s) at exit\n",
			(int)getpid(), comm);
		seq_file_init_stream(&m, f);
		libslab_slabinfo_show(&m);
		fclose(f);
	}
	pthread_rwlock_unlock(&fork_lock);
}

/*
 * LIBSLAB_MALLOC_STATS=1: at exit, how many allocating calls libslab
 * served and how many went to glibc, then one line per reason (each call
 * to glibc, allocating or not).  The counts are taken first, so the
 * report's own calls are not in them.  Unset, empty or 0: no report.
 */
static void report_served(void)
{
	const char *want = getenv("LIBSLAB_MALLOC_STATS");
	unsigned long counted[NR_FALLBACKS], served, to_glibc = 0;
	struct served_node *node;
	char comm[64];
	int pid = (int)getpid();

	if (!want || !*want || !strcmp(want, "0"))
		return;
	if (strcmp(want, "1") != 0) {
		fprintf(stderr,
			"libslab-malloc: LIBSLAB_MALLOC_STATS=%s: not 1 or 0; no report\n",
			want);
		return;
	}
	pthread_mutex_lock(&served_lock);
	served = served_by_exited +
		 __atomic_load_n(&served_without_node, __ATOMIC_RELAXED);
	for (node = served_live; node; node = node->next)
		served += __atomic_load_n(&node->count, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&served_lock);
	for (int i = 0; i < NR_FALLBACKS; i++) {
		counted[i] = __atomic_load_n(&fallbacks[i], __ATOMIC_RELAXED);
		if (i != FALLBACK_FOREIGN_FREE &&
		    i != FALLBACK_FOREIGN_USABLE_SIZE)
			to_glibc += counted[i];
	}
	read_comm(comm, sizeof(comm));
	fprintf(stderr,
		"libslab-malloc: pid %d (%s): %lu allocations served, %lu by glibc\n",
		pid, comm, served, to_glibc);
	for (int i = 0; i < NR_FALLBACKS; i++)
		fprintf(stderr, "libslab-malloc: pid %d (%s): glibc %s: %lu\n",
			pid, comm, fallback_names[i], counted[i]);
}

/*
 * After libslab's own start-up: from here on malloc is SLUB.  Priority
 * 101 runs it before startup.c's constructor in this library, so that
 * libslab's start-up is counted as FALLBACK_INIT whichever would run
 * first (libslab_startup() does the work once).
 */
__attribute__((constructor(101))) static void front_startup(void)
{
	front_hold(FALLBACK_INIT);
	libslab_startup();
	if (pthread_key_create(&served_key, served_unlink))
		panic("libslab-malloc: pthread_key_create failed\n");
	front_held_for = FALLBACK_DLSYM;
	glibc_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT,
						      "malloc_usable_size");
	front_held_for = FALLBACK_INIT;
	if (pthread_atfork(fork_prepare, fork_parent, fork_child))
		panic("libslab-malloc: pthread_atfork failed\n");
	front_release();
	WRITE_ONCE(front_ready, true);
}

__attribute__((destructor)) static void front_exit(void)
{
	front_hold(FALLBACK_EXIT);
	dump_slabinfo();
	report_served();
	front_release();
}
