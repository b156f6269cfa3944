// SPDX-License-Identifier: GPL-2.0
/* The last function of libslab's text in a static link (see text_begin.c). */
#include "sim.h"

__attribute__((__noinline__, __used__)) void sim_text_end(void)
{
	__asm__ volatile("");
}
