/* SPDX-License-Identifier: GPL-2.0 */
/* Character classes: the C library's, with the kernel's header name. */
#ifndef _SHIM_LINUX_CTYPE_H
#define _SHIM_LINUX_CTYPE_H

#include <ctype.h>

#endif
