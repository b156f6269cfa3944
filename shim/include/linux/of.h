/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/of.h>: the device tree.  A process has none, and this models a
 * kernel built without CONFIG_OF: struct device_node is only a name,
 * and code that the kernel compiles under CONFIG_OF is left out (for
 * lib/genalloc.c, of_gen_pool_get(), which <linux/genalloc.h> answers
 * with NULL).  No of_*() function is declared.
 */
#ifndef _SHIM_LINUX_OF_H
#define _SHIM_LINUX_OF_H

#include <linux/types.h>

struct device_node;

#endif /* _SHIM_LINUX_OF_H */
