/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the "kernel image" lies (<asm/sections.h>).  In the kernel,
 * is_kernel_rodata() says whether an address is in vmlinux's read-only
 * data (.rodata and ro_after_init, between __start_rodata and
 * __end_rodata), which lives as long as the kernel: kstrdup_const() hands
 * such strings out without copying and kfree_const() never frees them.
 *
 * Here the image is the program as it was loaded at start-up: the
 * executable and the shared libraries loaded with it.  Their read-only
 * data are the loadable segments mapped read-only and not executable
 * (.rodata and friends) and the RELRO ranges (const data with
 * relocations, read-only after start-up, like ro_after_init).  Libraries
 * dlopen()ed later count as modules: they may be unloaded, so their
 * strings are not the image's, as a module's are not vmlinux's.
 */
#ifndef _SHIM_ASM_SECTIONS_H
#define _SHIM_ASM_SECTIONS_H

#include <linux/types.h>

/* Whether addr is in the read-only data of the program's start-up image. */
bool is_kernel_rodata(unsigned long addr);

#endif
