/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/hex.h>: hexadecimal digits.  The library defines
 * hex_to_bin() and hex2bin() (shim/machine/hexdump.c); in the kernel they
 * are lib/hexdump.c's, which, linked into a program, takes their place.
 * The hex dump functions of that file are not here (<linux/printk.h>).
 */
#ifndef _SHIM_LINUX_HEX_H
#define _SHIM_LINUX_HEX_H

#include <linux/compiler.h>
#include <linux/types.h>

/* The value (0-15) of the hex digit ch, either case; -1 if it is not one. */
int hex_to_bin(unsigned char ch);
/*
 * Decode count bytes from the 2 * count hex digits of src into dst;
 * -EINVAL at the first character that is not a hex digit.
 */
int __must_check hex2bin(u8 *dst, const char *src, size_t count);

#endif /* _SHIM_LINUX_HEX_H */
