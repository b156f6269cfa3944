// SPDX-License-Identifier: GPL-2.0
/*
 * The first function of libslab's text in a static link: the static
 * library is prelinked into one object (meson's prelink), with this file
 * the first of its inputs and text_end.c the last, so the soft-lockup
 * watchdog (watchdog.c) can tell the library's code from the program's
 * when both are in the executable.
 */
#include "sim.h"

__attribute__((__noinline__, __used__)) void sim_text_begin(void)
{
	__asm__ volatile("");
}
