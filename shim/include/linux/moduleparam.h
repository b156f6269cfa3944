/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/moduleparam.h> for a program that is a module: module_param()
 * registers the variable with the module loader (shim/kunit/module.c),
 * which sets it from the program's "name=value" arguments before
 * module_init() runs, as insmod sets it from its own.  The permission
 * (the sysfs file's mode in the kernel) is not used.
 */
#ifndef _SHIM_LINUX_MODULEPARAM_H
#define _SHIM_LINUX_MODULEPARAM_H

#include <linux/types.h>

struct kernel_param;

/* How a parameter's text becomes its value. */
struct kernel_param_ops {
	unsigned int flags;
	/* Parse val into the parameter; 0 or -EINVAL/-ERANGE. */
	int (*set)(const char *val, const struct kernel_param *kp);
	/* Print the parameter's value into buffer; the length. */
	int (*get)(char *buffer, const struct kernel_param *kp);
	void (*free)(void *arg);
};

struct kernel_param {
	const char *name;
	struct module *mod;
	const struct kernel_param_ops *ops;
	unsigned short perm;
	void *arg;
};

extern const struct kernel_param_ops param_ops_byte, param_ops_short,
	param_ops_ushort, param_ops_int, param_ops_uint, param_ops_long,
	param_ops_ulong, param_ops_ullong, param_ops_hexint, param_ops_charp,
	param_ops_bool, param_ops_invbool;

/*
 * bool is <stdbool.h>'s macro for _Bool, so a type of bool passed
 * through a macro arrives here as _Bool.
 */
#define param_ops__Bool param_ops_bool

/* Make the module loader set *kp from the argument named kp->name. */
void sim_module_register_param(const struct kernel_param *kp);

#define __SIM_PARAM_PASTE2(a, b)	a##b
#define __SIM_PARAM_PASTE(a, b)		__SIM_PARAM_PASTE2(a, b)

#define module_param_cb(name, ops, arg, perm)				\
	static const struct kernel_param				\
		__SIM_PARAM_PASTE(__sim_param_, __LINE__) = {		\
		#name, NULL, ops, perm, arg };				\
	__attribute__((__constructor__)) static void			\
	__SIM_PARAM_PASTE(__sim_param_register_, __LINE__)(void)	\
	{								\
		sim_module_register_param(				\
			&__SIM_PARAM_PASTE(__sim_param_, __LINE__));	\
	}								\
	extern const char __sim_module_param_unused[]

#define module_param_named(name, value, type, perm)			\
	module_param_cb(name, &param_ops_##type, &(value), perm)
#define module_param(name, type, perm)					\
	module_param_named(name, name, type, perm)
#define MODULE_PARM_DESC(name, desc)	extern const char __sim_module_param_unused[]

#endif /* _SHIM_LINUX_MODULEPARAM_H */
