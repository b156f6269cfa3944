/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's attribute macros whose names are also GCC attribute names:
 * once noinline is a macro, a program's own __attribute__((noinline)) no
 * longer compiles.  So no other shim header includes this one.  Kbuild
 * force-includes it into every kernel file (through compiler_types.h);
 * kernel code built against libslab gets it the same way,
 * "-include linux/compiler_attributes.h", or includes it itself.
 */
#ifndef _SHIM_LINUX_COMPILER_ATTRIBUTES_H
#define _SHIM_LINUX_COMPILER_ATTRIBUTES_H

#define noinline		__attribute__((__noinline__))
/* The pseudo-keyword of a case that falls through on purpose. */
#define fallthrough		__attribute__((__fallthrough__))

#endif
