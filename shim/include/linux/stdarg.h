/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/stdarg.h>: variable argument lists, which the kernel defines
 * from the compiler's builtins as <stdarg.h> does; here it is the
 * compiler's <stdarg.h> itself.
 */
#ifndef _SHIM_LINUX_STDARG_H
#define _SHIM_LINUX_STDARG_H

#include <stdarg.h>

#endif /* _SHIM_LINUX_STDARG_H */
