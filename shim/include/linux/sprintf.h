/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/sprintf.h>: the kernel's formatting, for kernel code.  Its
 * snprintf(), sprintf(), vsnprintf(), scnprintf() and vscnprintf()
 * take the kernel's conversions: the C library's standard ones, and the
 * kernel's pointer extensions (%pS, %pe, %ph, %pV, %*pb, %*pbl, %pGp,
 * %pGg; see shim/machine/vsprintf.c).  %n and positional arguments are
 * refused, as the kernel refuses them.  Other %p extensions print the
 * plain pointer.
 *
 * The functions have their own names (sim_*).  In a file built as
 * kernel code, which kbuild marks by defining KBUILD_MODNAME for every
 * object, snprintf(), sprintf() and vsnprintf() are function-like
 * macros naming them, so that the kernel's files format the kernel's
 * way (lib/test_bitmap.c compares what snprintf("%*pbl") prints).  In
 * any other file, a program's own or the library's, they stay the C
 * library's.  A kernel file that wants the C library's all the same
 * writes the name in parentheses, (snprintf)(...).
 */
#ifndef _SHIM_LINUX_SPRINTF_H
#define _SHIM_LINUX_SPRINTF_H

#include <stdarg.h>
#include <stddef.h>
/* The C library's declarations first, so that the macros below stay in force. */
#include <stdio.h>
#include <linux/compiler.h>
#include <linux/gfp_types.h>

/* The length of the whole text (as snprintf()); at most size bytes stored, NUL included. */
__printf(3, 0) int sim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
__printf(3, 4) int sim_snprintf(char *buf, size_t size, const char *fmt, ...);
/* Unbounded: buf must hold the text. */
__printf(2, 3) int sim_sprintf(char *buf, const char *fmt, ...);
/* The bytes stored, not counting the NUL (0 when size is 0). */
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 0) int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);

/*
 * kmalloc() the formatted text; NULL on failure.  The kernel's
 * lib/kasprintf.c, which a program using them links: the library does
 * not define them.
 */
__printf(2, 3) char *kasprintf(gfp_t gfp, const char *fmt, ...);
__printf(2, 0) char *kvasprintf(gfp_t gfp, const char *fmt, va_list args);
__printf(2, 0) const char *kvasprintf_const(gfp_t gfp, const char *fmt, va_list args);

#ifdef KBUILD_MODNAME
#undef snprintf
#undef sprintf
#undef vsnprintf
#define snprintf(buf, size, ...)	sim_snprintf(buf, size, __VA_ARGS__)
#define sprintf(buf, ...)		sim_sprintf(buf, __VA_ARGS__)
#define vsnprintf(buf, size, fmt, args)	sim_vsnprintf(buf, size, fmt, args)
#endif

#endif /* _SHIM_LINUX_SPRINTF_H */
