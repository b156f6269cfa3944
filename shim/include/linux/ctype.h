/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Character classes: the C library's, with the kernel's header name
 * (in the "C" locale, which is the kernel's ASCII), and the kernel's
 * _tolower(), which lowers an ASCII letter by setting its 0x20 bit (it
 * is meant for letters and digits, as the kernel's is).
 */
#ifndef _SHIM_LINUX_CTYPE_H
#define _SHIM_LINUX_CTYPE_H

#include <ctype.h>

/* The C library declares a _tolower() of its own, for any character. */
#undef _tolower
#define _tolower(c)	((char)((c) | 0x20))

#endif
