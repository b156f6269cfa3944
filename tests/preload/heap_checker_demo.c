// SPDX-License-Identifier: GPL-2.0
/*
 * A program with two heap bugs, for libslab-malloc.so as a heap checker
 * (LIBSLAB_CMDLINE=slub_debug=FZPU): it writes past the 40 bytes it asked
 * for (into the rest of its kmalloc-64 object), then frees a block twice
 * while another object of its slab is in use.
 * SLUB reports both on stderr when the blocks are freed, and carries on.
 * The reports name the program's functions, not malloc()'s and free()'s
 * wrappers: "Allocated in main+..." and "Freed in release+..." (linked
 * -rdynamic, and release() global, so that %pS finds their names).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Out of line, so the compiler cannot see the overflow or the double free
 * (spelt __noinline__: the project force-includes the kernel's noinline).
 */
__attribute__((__noinline__)) static void overflow(char *p, size_t asked)
{
	memset(p + asked, 'x', 8);
}

void release(void *p);
__attribute__((__noinline__)) void release(void *p)
{
	free(p);
	/* No tail call: free()'s caller must be release(). */
	__asm__ volatile("" : : : "memory");
}

int main(void)
{
	char *p = malloc(40);
	void *q = malloc(32), *neighbour = malloc(32);

	if (!p || !q || !neighbour)
		return 1;
	overflow(p, 40);
	release(p);
	release(q);
	release(q);
	release(neighbour);
	puts("heap_checker_demo: done");
	return 0;
}
