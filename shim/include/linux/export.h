/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/export.h>: a program links the library's symbols, exported or
 * not, so the export macros declare nothing.  It includes no other
 * header, as the kernel's does not (lib/sort.c relies on it: a swap()
 * macro would break it).
 */
#ifndef _SHIM_LINUX_EXPORT_H
#define _SHIM_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)

#endif /* _SHIM_LINUX_EXPORT_H */
