/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name <sim/cpu.h> had until 2026-12-06.  It stays, forwarding, so
 * that a harness written against an earlier install still compiles; new
 * code includes <sim/cpu.h> (docs/harness.md, "Header names").
 */
#include <sim/cpu.h>
