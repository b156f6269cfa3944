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

/* Set once libslab's kmalloc caches exist. */
static bool front_ready;
/* Nesting of libslab calls in this thread: inner ones go to glibc. */
static __thread unsigned int front_depth
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

	if (!front_enter())
		return __libc_memalign(align, size);
	p = front_alloc(size, align, GFP_KERNEL, caller);
	front_leave();
	return enomem_if_null(p);
}

/* size bytes aligned for any type; NULL and ENOMEM on failure. */
void *malloc(size_t size)
{
	void *p;

	if (!front_enter())
		return __libc_malloc(size);
	p = front_alloc(size, FRONT_MIN_ALIGN, GFP_KERNEL, _RET_IP_);
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
	if (!front_enter())
		return __libc_calloc(n, size);
	p = front_alloc(bytes, FRONT_MIN_ALIGN, GFP_KERNEL | __GFP_ZERO,
			_RET_IP_);
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
	if (!front_owns(p))
		return __libc_realloc(p, size);
	if (!front_enter()) {
		/* Inside libslab already: move the block to glibc. */
		q = __libc_malloc(size);
		if (q) {
			memcpy(q, p, min(front_usable_size(p), size));
			front_free(p, _RET_IP_);
		}
		return q;
	}
	q = front_realloc(p, size, _RET_IP_);
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
	if (!front_owns(p))
		return glibc_usable_size ? glibc_usable_size(p) : 0;
	entered = front_enter();
	size = front_usable_size(p);
	if (entered)
		front_leave();
	return size;
}

/*
 * fork(): no other thread is inside libslab while the process is copied;
 * the forking thread's own allocations meanwhile (other prepare handlers)
 * go to glibc, whose fork() handling covers them.
 */
static void fork_prepare(void)
{
	front_depth++;
	pthread_rwlock_wrlock(&fork_lock);
}

static void fork_parent(void)
{
	pthread_rwlock_unlock(&fork_lock);
	front_depth--;
}

/*
 * The child's thread has a new id, which glibc's rwlock would not take for
 * the writer's: the lock starts over instead, with no thread inside.
 */
static void fork_child(void)
{
	pthread_rwlock_init(&fork_lock, NULL);
	front_depth--;
}

/*
 * LIBSLAB_MALLOC_SLABINFO=path: at exit, append /proc/slabinfo to path,
 * headed by the process id and name, so every process of a program that
 * forks or executes others adds its own.
 */
static void dump_slabinfo(void)
{
	const char *path = getenv("LIBSLAB_MALLOC_SLABINFO");
	char comm[64] = "";
	struct seq_file m;
	FILE *f;

	if (!path || !*path)
		return;
	front_depth++;
	pthread_rwlock_wrlock(&fork_lock);
	f = fopen(path, "a");
	if (!f) {
		fprintf(stderr, "libslab-malloc: LIBSLAB_MALLOC_SLABINFO=%s: %s\n",
			path, strerror(errno));
	} else {
		FILE *c = fopen("/proc/self/comm", "r");

		if (c) {
			if (fgets(comm, sizeof(comm), c))
				comm[strcspn(comm, "\n")] = '\0';
			fclose(c);
		}
		fprintf(f, "# libslab-malloc: pid %d (%s) at exit\n",
			(int)getpid(), comm);
		seq_file_init_stream(&m, f);
		libslab_slabinfo_show(&m);
		fclose(f);
	}
	pthread_rwlock_unlock(&fork_lock);
	front_depth--;
}

/*
 * After libslab's own start-up (whichever constructor runs first does it,
 * once): from here on malloc is SLUB.
 */
__attribute__((constructor)) static void front_startup(void)
{
	front_depth++;
	libslab_startup();
	glibc_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT,
						      "malloc_usable_size");
	if (pthread_atfork(fork_prepare, fork_parent, fork_child))
		panic("libslab-malloc: pthread_atfork failed\n");
	front_depth--;
	WRITE_ONCE(front_ready, true);
}

__attribute__((destructor)) static void front_exit(void)
{
	dump_slabinfo();
}
