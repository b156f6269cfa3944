/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/list_sort.h>: the kernel's stable merge sort of a list (lib/list_sort.c). */
#ifndef _SHIM_LINUX_LIST_SORT_H
#define _SHIM_LINUX_LIST_SORT_H

#include <linux/types.h>

struct list_head;

/* Order of a and b: > 0 puts b first, <= 0 keeps a before b. */
typedef int __attribute__((nonnull(2, 3))) (*list_cmp_func_t)(void *priv,
		const struct list_head *a, const struct list_head *b);

/* Sort the list at head stably by cmp, which gets priv. */
__attribute__((nonnull(2, 3)))
void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp);

#endif /* _SHIM_LINUX_LIST_SORT_H */
