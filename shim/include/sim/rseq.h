/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libslab-fast's per-CPU commit without a locked instruction (userspace,
 * x86_64, the fast library only): with cpu_map=getcpu a task's simulated
 * CPU is the host CPU it runs on, read from the restartable-sequence area
 * glibc registers (__rseq_offset), and a double-word cmpxchg on a per-CPU
 * pair is a compare and two plain stores (tid word, then freelist word)
 * inside a restartable sequence, which the host kernel restarts if the
 * task is preempted, migrated or signalled before the last store.
 *
 * A pair is written either that way, by a task running on the pair's
 * CPU, or by anyone else through sim_rseq_fenced_cmpxchg128(): it raises
 * the fence (one for every CPU, which every sequence tests and then leaves
 * to the fenced path: fences are rare, and one word is one compare),
 * aborts the sequences running on the pair's CPU with membarrier()'s
 * expedited-rseq command, and only then uses lock cmpxchg16b.  This is the
 * kernel's guarantee for this_cpu_cmpxchg (only the CPU itself, or code it
 * cannot overlap, changes its data) rebuilt from the host's primitives.
 *
 * A task bound to a simulated CPU (sim_set_cpu()) is pinned to the host
 * CPU of that number, so it commits the same way; binding one to a CPU
 * the host lacks switches the commit off for good (every commit a lock
 * cmpxchg16b from then on).
 *
 * Every library, x86_64 outside ThreadSanitizer, also commits by
 * restartable sequence while the process has one thread
 * (sim_rseq_commit_alone()), where no cpu_id or fence needs checking.
 *
 * The per-CPU commit is off (every pair commit a lock cmpxchg16b with
 * more than one thread) unless the fast library runs with cpu_map=getcpu
 * (its default where the rest holds), glibc registered rseq, membarrier's
 * rseq command registers, nr_cpus covers every host CPU, and neither
 * valgrind nor ThreadSanitizer (which know nothing of rseq) watches.
 */
#ifndef _SHIM_SIM_RSEQ_H
#define _SHIM_SIM_RSEQ_H

#include <stddef.h>
#include <stdbool.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <sim/hooks.h>

/* Restartable sequences at all: x86_64, and no ThreadSanitizer (it cannot see asm). */
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define SIM_RSEQ_ALONE	1
#else
#define SIM_RSEQ_ALONE	0
#endif

/* The per-CPU rseq commit: the fast library only. */
#if !SIM_HOOKS && SIM_RSEQ_ALONE
#define SIM_RSEQ	1
#else
#define SIM_RSEQ	0
#endif

/* Each simulated CPU's per-CPU copies are 1 << PCPU_UNIT_SHIFT bytes apart. */
#define PCPU_UNIT_SHIFT	22

#if SIM_RSEQ_ALONE
/* glibc's registration of the thread's struct rseq (<sys/rseq.h>); size 0: none. */
extern const ptrdiff_t __rseq_offset;
extern const unsigned int __rseq_size;

/*
 * Set at start-up when the host restarts this process's sequences (glibc
 * registered rseq, and valgrind, which has no rseq, is not running it);
 * the per-CPU rseq commit below is only ever on where this is set.
 */
extern bool sim_rseq_alone_ok;

/*
 * The host CPU the calling thread runs on (rseq's cpu_id), read into a
 * whole register (movl clears the upper half) so that it needs no
 * widening where it scales an offset.
 */
static inline unsigned long sim_rseq_cpu(void)
{
	unsigned long cpu;

	__asm__ __volatile__("movl %%fs:4(%1), %k0"
			     : "=r" (cpu) : "r" (__rseq_offset));
	return cpu;
}

/*
 * The pieces of a sequence's asm.  Start: its descriptor in __rseq_cs
 * (from label 1 up to label 2, abort at label 4) and the thread's rseq_cs
 * pointed at it (rax clobbered).  Compare: the pair at %[ptr] with
 * %[old_lo]/%[old_hi], to label failed if either differs.  Store whole:
 * %[new], both words in one instruction; a sequence is restarted between
 * two instructions, so it leaves the pair as it was or wholly new.  Store
 * tid first: %[new_hi], then %[new_lo], the last store committing; a restart between them leaves a CPU's tid bumped over
 * its unchanged freelist, as a transaction that moved no object would,
 * and the next try reads it as a change.  Only a CPU's freelist/tid pair
 * may take the two stores (they forward to the next operation's loads,
 * where the whole store costs about a nanosecond a pair): a slab's pair
 * has no such word, and half a commit there is new counters over the old
 * freelist, which the retry counts a second time.  End: label 2, and the
 * abort handler behind glibc's signature, which jumps to label failed.
 */
#define __SIM_RSEQ_START						\
	".pushsection __rseq_cs, \"aw\"\n\t"				\
	".balign 32\n\t"						\
	"3:\n\t"							\
	".long 0, 0\n\t"						\
	".quad 1f, 2f - 1f, 4f\n\t"					\
	".popsection\n\t"						\
	"leaq 3b(%%rip), %%rax\n\t"					\
	"movq %%rax, %%fs:8(%[rs])\n\t"				\
	"1:\n\t"
#define __SIM_RSEQ_COMPARE(failed)					\
	"cmpq %[old_lo], (%[ptr])\n\t"					\
	"jne %l[" #failed "]\n\t"					\
	"cmpq %[old_hi], 8(%[ptr])\n\t"				\
	"jne %l[" #failed "]\n\t"
#define __SIM_RSEQ_STORE_WHOLE						\
	"movdqa %[new], (%[ptr])\n\t"
#define __SIM_RSEQ_STORE_TID_FIRST					\
	"movq %[new_hi], 8(%[ptr])\n\t"				\
	"movq %[new_lo], (%[ptr])\n\t"
#define __SIM_RSEQ_END(failed)						\
	"2:\n\t"							\
	".pushsection __rseq_failure, \"ax\"\n\t"			\
	".byte 0x0f, 0xb9, 0x3d\n\t"					\
	".long 0x53053053\n\t"						\
	"4:\n\t"							\
	"jmp %l[" #failed "]\n\t"					\
	".popsection\n\t"
#define __SIM_RSEQ_COMPARE_INPUTS(ptr, old)				\
	[ptr] "r" (ptr),						\
	[old_lo] "r" ((u64)(old)), [old_hi] "r" ((u64)((old) >> 64))
#define __SIM_RSEQ_WHOLE_INPUTS(ptr, old, new)				\
	__SIM_RSEQ_COMPARE_INPUTS(ptr, old),				\
	[new] "x" ((sim_rseq_words){ (u64)(new), (u64)((new) >> 64) })
#define __SIM_RSEQ_TID_FIRST_INPUTS(ptr, old, new)			\
	__SIM_RSEQ_COMPARE_INPUTS(ptr, old),				\
	[new_lo] "r" ((u64)(new)), [new_hi] "r" ((u64)((new) >> 64))

/* A pair as one SSE register, for the sequence's single store. */
typedef u64 sim_rseq_words __attribute__((vector_size(16)));

/*
 * What a pair holds after a sequence on it failed, for the caller's next
 * try: read word by word, high (tid) word first, so a pair changed between
 * the two reads fails that try too.
 */
static __always_inline u128 sim_rseq_pair_seen(const u128 *ptr)
{
	const u64 *word = (const u64 *)ptr;
	u128 seen = (u128)__atomic_load_n(&word[1], __ATOMIC_RELAXED) << 64;

	return seen | __atomic_load_n(&word[0], __ATOMIC_RELAXED);
}

/*
 * try_cmpxchg128()'s commit while the process has one thread, in every
 * library and for every pair (a CPU's freelist/tid, a slab's
 * freelist/counters): compare the pair with old and store new, whole, in
 * a restartable sequence.  No other thread exists to touch the
 * pair (only this one could start one, and it is here); a signal handler
 * of this thread is the one thing that can come between, and the host
 * restarts the sequence (it fails) if one runs, as a CPU's own interrupts
 * are all the kernel's this_cpu_try_cmpxchg128() guards against.  It
 * needs no cmpxchg16b, which costs about as much as a whole pair here.
 * True if the pair held old and now holds new; it writes nothing
 * otherwise.
 */
static __always_inline bool sim_rseq_commit_alone(u128 *ptr, u128 old, u128 new)
{
	__asm__ __volatile__ goto(
		__SIM_RSEQ_START
		__SIM_RSEQ_COMPARE(failed)
		__SIM_RSEQ_STORE_WHOLE
		__SIM_RSEQ_END(failed)
		:
		: [rs] "r" (__rseq_offset), __SIM_RSEQ_WHOLE_INPUTS(ptr, old, new)
		: "rax", "memory", "cc"
		: failed);
	return true;
failed:
	return false;
}
#endif

#if SIM_RSEQ
/* The per-CPU region while the rseq commit is on; size 0 while it is off. */
extern unsigned long sim_rseq_pcpu_base;
extern unsigned long sim_rseq_pcpu_size;
/* Fences up (writers from another CPU at work): every sequence takes the fenced path. */
extern unsigned int sim_rseq_fences;

/* Whether the rseq commit is on (cpu_map=getcpu in libslab-fast, see above). */
static inline bool sim_rseq_active(void)
{
	return __atomic_load_n(&sim_rseq_pcpu_size, __ATOMIC_RELAXED) != 0;
}

/* The cmpxchg of a pair of CPU cpu by a task not running there (or fenced out). */
bool sim_rseq_fenced_cmpxchg128(u128 *ptr, unsigned int cpu, u128 *oldp,
				u128 new);

/* The CPU whose per-CPU copy ptr lies in. */
static inline unsigned int sim_rseq_pair_cpu(const void *ptr)
{
	return (unsigned int)(((unsigned long)ptr - sim_rseq_pcpu_base) >>
			      PCPU_UNIT_SHIFT);
}

/* What one restartable commit did. */
enum sim_rseq_result {
	SIM_RSEQ_DONE,		/* the pair held old and now holds new */
	SIM_RSEQ_FAILED,	/* it did not hold old, or the host restarted us */
	SIM_RSEQ_FENCED,	/* another CPU, or a fence: only the fenced path may */
};

/*
 * The restartable commit of a pair in the per-CPU region (a CPU's
 * freelist/tid, stored tid first): compare with old and store new if the
 * task runs on the pair's CPU
 * and no fence is up.  It writes nothing unless it returns SIM_RSEQ_DONE.
 */
static __always_inline enum sim_rseq_result sim_rseq_commit(u128 *ptr,
							    u128 old, u128 new)
{
	/*
	 * The pair's CPU (sim_rseq_pair_cpu()) is worked out in rax, free
	 * once the descriptor is stored, so that a commit ties up no more
	 * registers than its operands: the caller's fast path then needs
	 * no callee-saved register beyond cmpxchg16b's rbx.
	 */
	__asm__ __volatile__ goto(
		__SIM_RSEQ_START
		"movq %[ptr], %%rax\n\t"
		"subq %[base], %%rax\n\t"
		"shrq $" __stringify(PCPU_UNIT_SHIFT) ", %%rax\n\t"
		"cmpl %%eax, %%fs:4(%[rs])\n\t"
		"jne %l[fenced]\n\t"
		"cmpl $0, %[fences]\n\t"
		"jne %l[fenced]\n\t"
		__SIM_RSEQ_COMPARE(failed)
		__SIM_RSEQ_STORE_TID_FIRST
		__SIM_RSEQ_END(failed)
		:
		: [rs] "r" (__rseq_offset), [base] "m" (sim_rseq_pcpu_base),
		  [fences] "m" (sim_rseq_fences),
		  __SIM_RSEQ_TID_FIRST_INPUTS(ptr, old, new)
		: "rax", "memory", "cc"
		: fenced, failed);
	return SIM_RSEQ_DONE;
failed:
	return SIM_RSEQ_FAILED;
fenced:
	return SIM_RSEQ_FENCED;
}

/*
 * try_cmpxchg128 on a pair in the per-CPU region: the restartable commit,
 * or the fenced path when the task is elsewhere or a fence is up.  On
 * failure *oldp gets what the pair held (read word by word, tid first:
 * the caller's next try validates it).
 */
static __always_inline bool sim_rseq_try_cmpxchg128(u128 *ptr, u128 *oldp,
						    u128 new)
{
	switch (sim_rseq_commit(ptr, *oldp, new)) {
	case SIM_RSEQ_DONE:
		return true;
	case SIM_RSEQ_FENCED:
		return sim_rseq_fenced_cmpxchg128(ptr, sim_rseq_pair_cpu(ptr),
						  oldp, new);
	case SIM_RSEQ_FAILED:
		break;
	}
	*oldp = sim_rseq_pair_seen(ptr);
	return false;
}
#else
static inline bool sim_rseq_active(void)
{
	return false;
}
#endif

#endif
