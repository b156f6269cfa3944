/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/limits.h>: the integer limits.  It stands where the system's
 * <linux/limits.h> (the kernel's uapi one: PATH_MAX, NAME_MAX...) is
 * found, which the C library's <limits.h> includes, so it includes that
 * one first.  The C library's <limits.h> then has the kernel's names and
 * values for the limits of C's types (INT_MAX, UINT_MAX, USHRT_MAX...);
 * the fixed-width ones the kernel adds are written out here.
 */
#ifndef _SHIM_LINUX_LIMITS_H
#define _SHIM_LINUX_LIMITS_H

#include_next <linux/limits.h>
#include <limits.h>
#include <stdint.h>

#define U8_MAX		UINT8_MAX
#define S8_MAX		INT8_MAX
#define S8_MIN		INT8_MIN
#define U16_MAX		UINT16_MAX
#define S16_MAX		INT16_MAX
#define S16_MIN		INT16_MIN
#define U32_MAX		UINT32_MAX
#define S32_MAX		INT32_MAX
#define S32_MIN		INT32_MIN
#define U64_MAX		UINT64_MAX
#define S64_MAX		INT64_MAX
#define S64_MIN		INT64_MIN

#endif
