/* SPDX-License-Identifier: GPL-2.0 */
/* Part of <linux/kernel.h> in this shim; the path exists for kernel code that includes it. */
#include <linux/kernel.h>
