// SPDX-License-Identifier: GPL-2.0
/*
 * is_kernel_rodata() (<asm/sections.h>): the read-only data ranges of
 * every object loaded at start-up, recorded once by a constructor, before
 * main() can dlopen() anything.
 */
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <asm/sections.h>

struct rodata_range {
	unsigned long start, end;
};

static struct rodata_range *rodata_ranges;
static size_t nr_rodata_ranges;
static pthread_once_t rodata_once = PTHREAD_ONCE_INIT;

static void add_range(unsigned long start, unsigned long end)
{
	struct rodata_range *grown;

	grown = realloc(rodata_ranges,
			(nr_rodata_ranges + 1) * sizeof(*rodata_ranges));
	/* Out of memory before main(): nothing can run anyway. */
	if (!grown)
		abort();
	rodata_ranges = grown;
	rodata_ranges[nr_rodata_ranges].start = start;
	rodata_ranges[nr_rodata_ranges].end = end;
	nr_rodata_ranges++;
}

/* Record object's read-only, non-executable segments and RELRO range. */
static int record_object(struct dl_phdr_info *info, size_t size, void *data)
{
	const ElfW(Phdr) *ph;
	unsigned long start;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_LOAD &&
		    (ph->p_flags & (PF_R | PF_W | PF_X)) == PF_R) {
			start = info->dlpi_addr + ph->p_vaddr;
			add_range(start, start + ph->p_memsz);
		} else if (ph->p_type == PT_GNU_RELRO) {
			start = info->dlpi_addr + ph->p_vaddr;
			add_range(start, start + ph->p_memsz);
		}
	}
	return 0;
}

static void record_start_up_image(void)
{
	dl_iterate_phdr(record_object, NULL);
}

__attribute__((constructor))
static void sections_init(void)
{
	pthread_once(&rodata_once, record_start_up_image);
}

bool is_kernel_rodata(unsigned long addr)
{
	size_t i;

	pthread_once(&rodata_once, record_start_up_image);
	for (i = 0; i < nr_rodata_ranges; i++)
		if (addr >= rodata_ranges[i].start && addr < rodata_ranges[i].end)
			return true;
	return false;
}
