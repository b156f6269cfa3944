// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's one write into mm/failslab.c, which make-series.sh
 * includes at that file's end when CONFIG_SLUB_ORACLE_KUNIT is set:
 * failslab's cache filter, which 6.12 lets only debugfs
 * (failslab/cache-filter) set.  The suite runs before user space could
 * mount debugfs, and the oracle's kernel has no CONFIG_DEBUG_FS, so it
 * sets the flag here as writing that file would.
 */
#include "slub_oracle.h"

void orc_failslab_cache_filter(bool on)
{
	WRITE_ONCE(failslab.cache_filter, on);
}
