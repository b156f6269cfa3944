// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU memory region: nr_cpu_ids units of PCPU_UNIT_SIZE bytes
 * reserved at once, allocations carved from unit 0 in multiples of 16
 * bytes; freed blocks are reused for the same size.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/bug.h>
#include "sim.h"

struct pcpu_free_block {
	size_t offset;
	size_t size;
};

static char *pcpu_base;
static size_t pcpu_used;
static struct pcpu_free_block *pcpu_free;
static size_t pcpu_nr_free, pcpu_free_cap;
static size_t *pcpu_sizes;	/* allocation size by 16-byte slot, for free */
static DEFINE_SPINLOCK(pcpu_lock);

static bool pcpu_setup(void)
{
	if (pcpu_base)
		return true;
	pcpu_base = mmap(NULL, PCPU_UNIT_SIZE * nr_cpu_ids, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (pcpu_base == MAP_FAILED) {
		pcpu_base = NULL;
		return false;
	}
	pcpu_sizes = calloc(PCPU_UNIT_SIZE / 16, sizeof(*pcpu_sizes));
	if (!pcpu_sizes)
		return false;
	sim_rseq_setup(pcpu_base, PCPU_UNIT_SIZE * nr_cpu_ids,
		       sim_cpu_map() == SIM_CPU_MAP_GETCPU);
	return true;
}

void *__alloc_percpu(size_t size, size_t align)
{
	size_t offset = SIZE_MAX, i;
	unsigned int cpu;

	sim_cpus_up();
	size = ALIGN(size ? size : 1, 16);
	align = max_t(size_t, align, 16);
	spin_lock(&pcpu_lock);
	if (!pcpu_setup())
		goto out;
	for (i = 0; i < pcpu_nr_free; i++) {
		if (pcpu_free[i].size == size &&
		    IS_ALIGNED(pcpu_free[i].offset, align)) {
			offset = pcpu_free[i].offset;
			pcpu_free[i] = pcpu_free[--pcpu_nr_free];
			break;
		}
	}
	if (offset == SIZE_MAX) {
		size_t start = ALIGN(pcpu_used, align);

		if (start + size > PCPU_UNIT_SIZE)
			goto out;
		offset = start;
		pcpu_used = start + size;
	}
	pcpu_sizes[offset / 16] = size;
out:
	spin_unlock(&pcpu_lock);
	if (offset == SIZE_MAX)
		return NULL;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		memset(pcpu_base + cpu * PCPU_UNIT_SIZE + offset, 0, size);
	return pcpu_base + offset;
}

void free_percpu(void *ptr)
{
	size_t offset;

	if (!ptr)
		return;
	offset = (char *)ptr - pcpu_base;
	if (WARN(offset >= PCPU_UNIT_SIZE || !pcpu_sizes[offset / 16],
		 "free_percpu: %p is not a per-CPU allocation\n", ptr))
		return;
	spin_lock(&pcpu_lock);
	if (pcpu_nr_free == pcpu_free_cap) {
		size_t cap = pcpu_free_cap ? 2 * pcpu_free_cap : 64;
		struct pcpu_free_block *grown = realloc(pcpu_free, cap * sizeof(*grown));

		if (!grown) {
			spin_unlock(&pcpu_lock);
			return;	/* the block leaks, nothing breaks */
		}
		pcpu_free = grown;
		pcpu_free_cap = cap;
	}
	pcpu_free[pcpu_nr_free].offset = offset;
	pcpu_free[pcpu_nr_free].size = pcpu_sizes[offset / 16];
	pcpu_nr_free++;
	pcpu_sizes[offset / 16] = 0;
	spin_unlock(&pcpu_lock);
}
