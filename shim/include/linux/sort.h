/* SPDX-License-Identifier: GPL-2.0 */
/* sort() with the kernel's signature, on the C library's qsort(). */
#ifndef _SHIM_LINUX_SORT_H
#define _SHIM_LINUX_SORT_H

#include <stdlib.h>

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
