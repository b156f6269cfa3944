/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name <sim/rseq.h> had until 2026-12-06.  It stays, forwarding, so
 * that a harness written against an earlier install still compiles; new
 * code includes <sim/rseq.h> (docs/harness.md, "Header names").
 */
#include <sim/rseq.h>
