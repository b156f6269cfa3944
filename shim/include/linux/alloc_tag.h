/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation profiling is not modelled (CONFIG_MEM_ALLOC_PROFILING off):
 * alloc_hooks() around a *_noprof() call is the call itself.
 */
#ifndef _SHIM_LINUX_ALLOC_TAG_H
#define _SHIM_LINUX_ALLOC_TAG_H

#define alloc_hooks(do_alloc)	(do_alloc)

#endif
