/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation profiling is not modelled (CONFIG_MEM_ALLOC_PROFILING off):
 * alloc_hooks() around a *_noprof() call is the call itself, and the
 * *_noprof() name of an allocation call that lib/ code calls directly
 * (the kernel's slab.h makes kmalloc() alloc_hooks(kmalloc_noprof()))
 * is the call.  alloc_hooks_tag(tag, call) is the call, and
 * alloc_tag_record(p) nothing: no tag exists.
 */
#ifndef _SHIM_LINUX_ALLOC_TAG_H
#define _SHIM_LINUX_ALLOC_TAG_H

#define alloc_hooks(do_alloc)	(do_alloc)
#define alloc_hooks_tag(tag, do_alloc)	(do_alloc)
/* Neither evaluates its argument: the tag fields do not exist. */
#define alloc_tag_record(p)		do { } while (0)

#define kmalloc_noprof(...)		kmalloc(__VA_ARGS__)
#define kmalloc_node_noprof(...)	kmalloc_node(__VA_ARGS__)
#define kzalloc_noprof(...)		kzalloc(__VA_ARGS__)
#define kvmalloc_node_noprof(...)	kvmalloc_node(__VA_ARGS__)
#define kvmalloc_noprof(...)		kvmalloc(__VA_ARGS__)

#endif
