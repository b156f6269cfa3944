/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NULL, offsetof, bool and the UAPI header of the name, whose
 * __DECLARE_FLEX_ARRAY other UAPI headers (<linux/in.h>) use.  UAPI
 * headers include this one from inside <linux/types.h>, so it may not
 * include the shim's other headers.
 */
#ifndef _SHIM_LINUX_STDDEF_H
#define _SHIM_LINUX_STDDEF_H

#include <stdbool.h>
#include <stddef.h>
#include_next <linux/stddef.h>

#endif
