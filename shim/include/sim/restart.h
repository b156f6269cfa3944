/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name <front/restart.h> had until 2026-12-07, when the front end's
 * declarations left the machine's headers.  It stays, forwarding, so
 * that a harness written against an earlier install still compiles; new
 * code includes <front/restart.h> (docs/harness.md, "Header names").
 */
#include <front/restart.h>
