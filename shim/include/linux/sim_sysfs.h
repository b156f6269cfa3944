/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name <sim/sysfs.h> had until 2026-12-06.  It stays, forwarding, so
 * that a harness written against an earlier install still compiles; new
 * code includes <front/sysfs.h> and <sim/slab_kset.h>, between which
 * <sim/sysfs.h> was split on 2026-12-07 (docs/harness.md, "Header
 * names").
 */
#include <sim/sysfs.h>
