// SPDX-License-Identifier: GPL-2.0
/*
 * sim_init(): the whole simulated machine up at once, as start-up brings
 * it up once the command line's words are in.  Each part also comes up by
 * itself at its first use, from the same frozen configuration, so that
 * the parts need not call up here and a part used before start-up exists.
 */
#include <sim/startup.h>
#include "sim.h"

void sim_init(void)
{
	sim_config();
	sim_cpus_up();
	sim_page_alloc_up();
	sim_seeds_up();
}
