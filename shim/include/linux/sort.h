/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/sort.h>: sort() and sort_r(), the kernel's heapsort
 * (shim/lib/sort.c), for callers whose output depends on where the kernel
 * leaves equal keys.  As the kernel's header it includes nothing that
 * defines swap(): lib/sort.c names a member so.
 */
#ifndef _SHIM_LINUX_SORT_H
#define _SHIM_LINUX_SORT_H

#include <linux/types.h>

typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);

/*
 * Sort num elements of size bytes as the kernel's sort_r() does; a NULL
 * swap_func exchanges the bytes.  An empty array may have a NULL base.
 */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv);

/* sort_r() with a comparison and an exchange that take no context. */
void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func,
	  swap_func_t swap_func);

#endif
