// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated machine's memory: every node's pages in one reservation,
 * aligned to the largest buddy block, and a struct page for each in a
 * second one (the memory map that <linux/mm.h>'s virt_to_page() and
 * page_to_nid() read).  Both are MAP_NORESERVE, so untouched pages cost
 * nothing.  The page allocator (page_alloc.c) reserves them and hands the
 * pages out; the console reads the map to name a page's node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <linux/mm.h>
#include "sim.h"

char *sim_mem_base;
struct page *sim_mem_map;
unsigned long sim_total_pages;
unsigned long sim_pages_per_node;
int nr_node_ids = 1;

void sim_mem_reserve(unsigned int nr_nodes, unsigned long node_bytes,
		     unsigned long align)
{
	size_t reserve = node_bytes * nr_nodes + align;
	char *raw;

	nr_node_ids = (int)nr_nodes;
	sim_pages_per_node = node_bytes >> PAGE_SHIFT;
	sim_total_pages = sim_pages_per_node * nr_nodes;
	raw = mmap(NULL, reserve, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	sim_mem_map = mmap(NULL, sim_total_pages * sizeof(struct page),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (raw == MAP_FAILED || sim_mem_map == MAP_FAILED) {
		fprintf(stderr, "libslab: cannot reserve %zu bytes of simulated memory\n",
			reserve);
		abort();
	}
	sim_mem_base = (char *)ALIGN((unsigned long)raw, align);
}
