/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Race-detector annotations for the shim's synchronisation primitives.
 * ThreadSanitizer (-Db_sanitize=thread) and DRD (-Ddrd=true, then run
 * under valgrind --tool=drd) see pthread locks by themselves, but not the
 * ordering the allocator gets from cmpxchg16b, from RCU grace periods or
 * from the deterministic scheduler's context switches.  These macros state
 * that ordering: sim_release(a) before a publishing operation on a,
 * sim_acquire(a) after the operation that observes it, as the kernel's
 * memory model gives for fully ordered atomics.  sim_ignore_begin/end
 * bracket an access that races on purpose, which is what data_race()
 * means to KCSAN.  sim_marked(expr) wraps an atomic access: TSan knows
 * atomics, DRD sees only loads and stores, so under DRD it is ignored like
 * a data_race() (its ordering, where it has any, is stated separately).
 * DRD's ignore sections do not nest: an annotated access may not
 * contain another (compute values into a temporary first).
 * In other builds all of them compile to nothing.
 */
#ifndef _SHIM_SIM_ANNOTATE_H
#define _SHIM_SIM_ANNOTATE_H

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
void AnnotateIgnoreReadsBegin(const char *file, int line);
void AnnotateIgnoreReadsEnd(const char *file, int line);
void AnnotateIgnoreWritesBegin(const char *file, int line);
void AnnotateIgnoreWritesEnd(const char *file, int line);
#define sim_release(addr)	__tsan_release((void *)(addr))
#define sim_acquire(addr)	__tsan_acquire((void *)(addr))
#define sim_ignore_begin()	(AnnotateIgnoreReadsBegin(__FILE__, __LINE__), \
				 AnnotateIgnoreWritesBegin(__FILE__, __LINE__))
#define sim_ignore_end()	(AnnotateIgnoreWritesEnd(__FILE__, __LINE__), \
				 AnnotateIgnoreReadsEnd(__FILE__, __LINE__))
#elif defined(LIBSLAB_DRD)
#include <valgrind/drd.h>
#define sim_release(addr)	ANNOTATE_HAPPENS_BEFORE(addr)
#define sim_acquire(addr)	ANNOTATE_HAPPENS_AFTER(addr)
#define sim_ignore_begin()	ANNOTATE_IGNORE_READS_AND_WRITES_BEGIN()
#define sim_ignore_end()	ANNOTATE_IGNORE_READS_AND_WRITES_END()
#else
#define sim_release(addr)	((void)(addr))
#define sim_acquire(addr)	((void)(addr))
#define sim_ignore_begin()	((void)0)
#define sim_ignore_end()	((void)0)
#endif

#if defined(LIBSLAB_DRD)
#define sim_marked(expr) ({						\
	__typeof__(expr) __marked;					\
	sim_ignore_begin();						\
	__marked = (expr);						\
	sim_ignore_end();						\
	__marked; })
#define sim_marked_void(expr)						\
	do {								\
		sim_ignore_begin();					\
		(void)(expr);						\
		sim_ignore_end();					\
	} while (0)
#else
#define sim_marked(expr)	(expr)
#define sim_marked_void(expr)	((void)(expr))
#endif

#endif
