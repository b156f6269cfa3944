/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU data.  As in the kernel, a per-CPU pointer names CPU 0's copy
 * and CPU n's copy lies at a fixed distance, so this_cpu_*() work on any
 * lvalue inside a per-CPU object: the region is nr_cpu_ids units of
 * PCPU_UNIT_SIZE bytes and allocations come from unit 0.
 * this_cpu_read/write are plain accesses of the calling thread's CPU copy;
 * unlike the kernel they do not exclude other threads sharing that
 * simulated CPU, so code must use the cmpxchg forms or a local lock where
 * that matters (the core does).
 *
 * Static per-CPU variables (DEFINE_PER_CPU) follow the same rule: the
 * variable is CPU 0's copy, and each is the start of a zeroed .bss block
 * of SIM_STATIC_PERCPU_CPUS units, so that CPU n's copy lies n units on,
 * as the allocations' do.  A block costs that many units of address
 * space (128 MiB); only the pages of the copies touched are ever backed.
 * The bound is below NR_CPUS because valgrind loads no program whose
 * .bss passes about 1.3 GiB; a program with a static per-CPU variable
 * aborts at start-up, saying so, when nr_cpu_ids is above it.  An
 * initialiser (DEFINE_PER_CPU(int, x) = 1) is copied to every CPU's copy
 * before main(), as the kernel copies its per-CPU section to each CPU.
 * What this cannot give: the sections (.data..percpu..read_mostly and
 * friends) are one .bss each; a static one's name is a global symbol.  As in the kernel (RELOC_HIDE), a
 * per-CPU pointer is hidden from the compiler before the offset is
 * added: it may not assume the access stays inside CPU 0's copy.
 */
#ifndef _SHIM_LINUX_PERCPU_H
#define _SHIM_LINUX_PERCPU_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/smp.h>
#include <linux/atomic.h>
#include <linux/cache.h>

#define PCPU_UNIT_SIZE	(1UL << PCPU_UNIT_SHIFT)

/* The CPUs a static per-CPU variable has room for (see the top). */
#define SIM_STATIC_PERCPU_CPUS	32
/* Abort, naming variable name, if nr_cpu_ids is above SIM_STATIC_PERCPU_CPUS. */
void sim_static_percpu_check(const char *name);
/* Copy a variable's initial value (size bytes at init) to each copy of block. */
void sim_static_percpu_init(void *block, const void *init, size_t size);

/* Allocate size zeroed bytes on every CPU; NULL on failure. */
void *__alloc_percpu(size_t size, size_t align);
/* Free a per-CPU allocation; NULL is ignored. */
void free_percpu(void *ptr);

#define alloc_percpu(type)	((type *)__alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_gfp(type, gfp)	alloc_percpu(type)

/* ptr plus off bytes, with the compiler's knowledge of ptr's object dropped. */
#define SIM_PCPU_HIDE(ptr, off)						\
	({								\
		unsigned long __hp = (unsigned long)(ptr);		\
									\
		__asm__ ("" : "+r" (__hp));				\
		(__typeof__(ptr))(__hp + (off));			\
	})

#define per_cpu_ptr(ptr, cpu)	SIM_PCPU_HIDE(ptr, (unsigned long)(cpu) * PCPU_UNIT_SIZE)
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), cpu))
/*
 * The calling task's CPU's distance from CPU 0's copies.  A signal handler
 * that runs between the cache's test and its read may clear the cache
 * (its own migrate_disable() does, for a task following the host CPU):
 * the offset read is then SIM_CPU_OFFSET_NONE, whose sign sends the task
 * the slow way, as it does a lockless try.  A handler after the read
 * leaves a stale CPU's offset, as an interrupt leaves the kernel's
 * raw_cpu_ptr(): the commit that follows checks the CPU.
 */
static inline unsigned long sim_this_cpu_offset(void)
{
	if (sim_cpu_cache_valid()) {
		unsigned long offset = sim_cpu_cache_offset();

		if (likely((long)offset >= 0))
			return offset;
	}
	return (unsigned long)sim_current_cpu_slow() * PCPU_UNIT_SIZE;
}
#define this_cpu_ptr(ptr)	SIM_PCPU_HIDE(ptr, sim_this_cpu_offset())
#define raw_cpu_ptr(ptr)	this_cpu_ptr(ptr)

#define this_cpu_read(pcp)		READ_ONCE(*this_cpu_ptr(&(pcp)))
#define this_cpu_write(pcp, val)	WRITE_ONCE(*this_cpu_ptr(&(pcp)), (val))
#define this_cpu_add(pcp, val)		sim_marked_void(__atomic_fetch_add(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_inc(pcp)		this_cpu_add(pcp, 1)
#define this_cpu_dec(pcp)		this_cpu_add(pcp, -1)
/*
 * Racy add without a locked instruction: counts may be lost, as in the
 * kernel.  No preemption point: on x86 the kernel's is one instruction.
 */
#define raw_cpu_add(pcp, val)						\
	do {								\
		__typeof__(&(pcp)) __rp = this_cpu_ptr(&(pcp));		\
		__typeof__(pcp) __rv = sim_marked(__atomic_load_n(__rp,	\
					__ATOMIC_RELAXED)) + (val);	\
									\
		sim_marked_void(__atomic_store_n(__rp, __rv,		\
						 __ATOMIC_RELAXED));	\
	} while (0)
#define raw_cpu_inc(pcp)		raw_cpu_add(pcp, 1)
#define raw_cpu_read(pcp)		this_cpu_read(pcp)
#define raw_cpu_write(pcp, val)		this_cpu_write(pcp, val)
#define __this_cpu_read(pcp)		this_cpu_read(pcp)
#define __this_cpu_write(pcp, val)	this_cpu_write(pcp, val)
#define __this_cpu_inc(pcp)		this_cpu_inc(pcp)
/* cmpxchg on this CPU's copy of pcp; returns the old value. */
#define this_cpu_cmpxchg(pcp, o, n)	cmpxchg(this_cpu_ptr(&(pcp)), o, n)
/* Double-word try_cmpxchg on this CPU's copy of the u128 pcp. */
#define this_cpu_try_cmpxchg128(pcp, ovalp, nval)			\
	sim_percpu_try_cmpxchg128(this_cpu_ptr(&(pcp)), ovalp, nval)

/*
 * A static per-CPU variable: name is an alias of the start of its block
 * (see the top), declared with type, so &name has type's pointer type.
 * The block comes first, so that a "static" before DEFINE_PER_CPU()
 * makes the block static.  The macro ends with the declaration of a
 * static of type that takes the initialiser written after it, if any,
 * for the constructor to copy.  name is declared extern (an alias may not be
 * a tentative definition, which GCC takes for a second one), so it is a
 * global symbol even then: two files of one program with a static
 * per-CPU variable of the same name do not link.
 */
#define SIM_DEFINE_PER_CPU_ALIGNED(type, name, align)			\
	char __sim_pcpu_block_##name[(SIM_STATIC_PERCPU_CPUS - 1) *	\
				     PCPU_UNIT_SIZE + sizeof(type)]	\
		__attribute__((aligned(align), used));			\
	static __typeof__(type) __sim_pcpu_init_##name;			\
	__attribute__((constructor)) static void			\
	__sim_pcpu_check_##name(void)					\
	{								\
		sim_static_percpu_check(#name);				\
		sim_static_percpu_init(__sim_pcpu_block_##name,		\
				       &__sim_pcpu_init_##name,		\
				       sizeof(type));			\
	}								\
	extern __typeof__(type) name					\
		__attribute__((alias("__sim_pcpu_block_" #name)));	\
	static __typeof__(type) __sim_pcpu_init_##name
#define DEFINE_PER_CPU(type, name)					\
	SIM_DEFINE_PER_CPU_ALIGNED(type, name, __alignof__(type))
#define DEFINE_PER_CPU_ALIGNED(type, name)				\
	SIM_DEFINE_PER_CPU_ALIGNED(type, name, SMP_CACHE_BYTES)
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name)	DEFINE_PER_CPU_ALIGNED(type, name)
#define DEFINE_PER_CPU_READ_MOSTLY(type, name)		DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU(type, name)		extern __typeof__(type) name
#define DECLARE_PER_CPU_ALIGNED(type, name)	DECLARE_PER_CPU(type, name)
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name)	DECLARE_PER_CPU(type, name)
#define DECLARE_PER_CPU_READ_MOSTLY(type, name)	DECLARE_PER_CPU(type, name)
#define EXPORT_PER_CPU_SYMBOL(var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var)

#endif
