/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name that <front/sysfs.h> (sim_sysfs_export(), sim_debugfs_export())
 * and <sim/slab_kset.h> (sim_sysfs_cache()) shared until 2026-12-07, when
 * the front end's declarations left the machine's headers.  It stays,
 * forwarding to both, so that a harness written against an earlier
 * install still compiles; new code includes the one it uses
 * (docs/harness.md, "Header names").
 */
#include <front/sysfs.h>
#include <sim/slab_kset.h>
