/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sort() with the kernel's signature, on the C library's qsort(), and
 * sort_r(), the kernel's own heapsort (shim/lib/lib.c), for callers
 * whose output depends on where the kernel leaves equal keys.
 */
#ifndef _SHIM_LINUX_SORT_H
#define _SHIM_LINUX_SORT_H

#include <stddef.h>
#include <stdlib.h>

typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);

/* Sort num elements of size bytes as the kernel's sort_r() does. */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv);

/*
 * Sort num elements of size bytes with cmp; the kernel's swap argument must
 * be NULL.  As the kernel's, an empty array may have a NULL base, which
 * qsort() is declared never to get.
 */
#define sort(base, num, size, cmp, swap_fn)				\
	do {								\
		(void)(swap_fn);					\
		if ((num) > 1)						\
			qsort((base), (num), (size), (cmp));		\
	} while (0)

#endif
