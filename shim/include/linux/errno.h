/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error numbers.  The C library's own headers include <linux/errno.h>
 * (the UAPI header) too, so this one passes through to it: the numbers are
 * the kernel's.
 */
#include_next <linux/errno.h>
