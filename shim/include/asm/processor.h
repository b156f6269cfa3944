/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <asm/processor.h>: of the CPU's own operations, only cpu_relax(), the
 * pause a spinning CPU makes between two looks at what it waits for
 * (x86 PAUSE, arm64 YIELD, else a compiler barrier).  It does not yield
 * the host CPU to another thread: a loop that waits on another thread
 * should sleep or use a lock.
 */
#ifndef _SHIM_ASM_PROCESSOR_H
#define _SHIM_ASM_PROCESSOR_H

#include <linux/compiler.h>

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	barrier();
#endif
}

#endif /* _SHIM_ASM_PROCESSOR_H */
