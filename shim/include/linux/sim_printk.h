/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name <sim/printk.h> had until 2026-12-06.  It stays, forwarding, so
 * that a harness written against an earlier install still compiles; new
 * code includes <sim/printk.h> (docs/harness.md, "Header names").
 */
#include <sim/printk.h>
