/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/init.h> for a program that is a module: every initcall level
 * runs as module_init() does, in the order the program registered them
 * (shim/kunit/module.c; main() of the module runner calls them before
 * the KUnit suites).  __init and friends are in <linux/compiler.h>.
 * The macros end with a function's body, so that they take a following
 * semicolon or none, as the kernel's do.
 */
#ifndef _SHIM_LINUX_INIT_H
#define _SHIM_LINUX_INIT_H

#include <linux/kernel.h>

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

/* Make the module loader call fn, named name, when the module loads. */
void sim_module_register_init(initcall_t fn, const char *name);
/* Make the module loader call fn when the module unloads. */
void sim_module_register_exit(exitcall_t fn);

#define __sim_initcall(fn)						\
	__attribute__((__constructor__)) static void			\
	__sim_initcall_##fn(void)					\
	{								\
		sim_module_register_init(fn, #fn);			\
	}
#define __sim_exitcall(fn)						\
	__attribute__((__constructor__)) static void			\
	__sim_exitcall_##fn(void)					\
	{								\
		sim_module_register_exit(fn);				\
	}

#define core_initcall(fn)	__sim_initcall(fn)
#define postcore_initcall(fn)	__sim_initcall(fn)
#define arch_initcall(fn)	__sim_initcall(fn)
#define subsys_initcall(fn)	__sim_initcall(fn)
#define fs_initcall(fn)		__sim_initcall(fn)
#define device_initcall(fn)	__sim_initcall(fn)
#define late_initcall(fn)	__sim_initcall(fn)
#define __initcall(fn)		__sim_initcall(fn)
#define module_init(fn)		__sim_initcall(fn)
#define module_exit(fn)		__sim_exitcall(fn)

#endif /* _SHIM_LINUX_INIT_H */
