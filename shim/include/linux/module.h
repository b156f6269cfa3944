/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/module.h> for kernel code built into a userspace program: the
 * program is the module, so the module information macros declare
 * nothing (they stay valid at file scope); module_init() and
 * module_param() are <linux/init.h>'s and <linux/moduleparam.h>'s.
 */
#ifndef _SHIM_LINUX_MODULE_H
#define _SHIM_LINUX_MODULE_H

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
/* The kernel's comes with the clock through its includes (kmod.h, workqueue.h, timer.h). */
#include <linux/ktime.h>
/* And per-CPU data and rwsems (through percpu.h, kobject.h, kernfs.h). */
#include <linux/percpu.h>
#include <linux/rwsem.h>
/* The UAPI header of the name: the finit_module() flags. */
#include_next <linux/module.h>

#define __SIM_MODULE_INFO(tag)	extern const char __sim_module_info_unused[]
#define MODULE_LICENSE(license)		__SIM_MODULE_INFO(license)
#define MODULE_AUTHOR(author)		__SIM_MODULE_INFO(author)
#define MODULE_DESCRIPTION(desc)	__SIM_MODULE_INFO(desc)
#define MODULE_IMPORT_NS(ns)		__SIM_MODULE_INFO(ns)
#define MODULE_INFO(tag, info)		__SIM_MODULE_INFO(tag)
#define THIS_MODULE			((struct module *)NULL)

struct module;

#endif
