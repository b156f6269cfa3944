/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The longest kernel command line, x86_64's (arch/x86/include/asm/setup.h
 * in 6.12): no boot parameter is longer.
 */
#ifndef _SHIM_ASM_SETUP_H
#define _SHIM_ASM_SETUP_H

#define COMMAND_LINE_SIZE	2048

#endif
