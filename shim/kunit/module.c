// SPDX-License-Identifier: GPL-2.0
/*
 * The module loader of a program that is a kernel module: the program's
 * constructors register its module parameters, initcalls and exitcalls
 * (<linux/moduleparam.h>, <linux/init.h>); the module runner's main()
 * (kunit_main.c) sets the parameters from its arguments, then calls the
 * initcalls, as insmod and the kernel's do_init_module() do, and the
 * exitcalls when it is done.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/module.h>
#include <kunit/module-loader.h>
#include <slab_platform.h>

#define SIM_MODULE_MAX_CALLS 32
#define SIM_MODULE_MAX_PARAMS 64

static struct {
	initcall_t fn;
	const char *name;
} sim_initcalls[SIM_MODULE_MAX_CALLS];
static int sim_nr_initcalls;
static exitcall_t sim_exitcalls[SIM_MODULE_MAX_CALLS];
static int sim_nr_exitcalls;
static const struct kernel_param *sim_params[SIM_MODULE_MAX_PARAMS];
static int sim_nr_params;

/* A table overflowed: a program with that many is not a module we model. */
static void __noreturn sim_module_too_many(const char *what, int max)
{
	fprintf(stderr, "module: more than %d %s\n", max, what);
	abort();
}

void sim_module_register_init(initcall_t fn, const char *name)
{
	if (sim_nr_initcalls == SIM_MODULE_MAX_CALLS)
		sim_module_too_many("initcalls", SIM_MODULE_MAX_CALLS);
	sim_initcalls[sim_nr_initcalls].fn = fn;
	sim_initcalls[sim_nr_initcalls++].name = name;
}
EXPORT_SYMBOL(sim_module_register_init);

void sim_module_register_exit(exitcall_t fn)
{
	if (sim_nr_exitcalls == SIM_MODULE_MAX_CALLS)
		sim_module_too_many("exitcalls", SIM_MODULE_MAX_CALLS);
	sim_exitcalls[sim_nr_exitcalls++] = fn;
}
EXPORT_SYMBOL(sim_module_register_exit);

void sim_module_register_param(const struct kernel_param *kp)
{
	if (sim_nr_params == SIM_MODULE_MAX_PARAMS)
		sim_module_too_many("parameters", SIM_MODULE_MAX_PARAMS);
	sim_params[sim_nr_params++] = kp;
}
EXPORT_SYMBOL(sim_module_register_param);

/* ---- parameter types ----------------------------------------------------- */

/* Parse all of val as a signed number in [min, max]; 0 or -EINVAL/-ERANGE. */
static int sim_param_signed(const char *val, long long min, long long max,
			    long long *res)
{
	char *end;

	errno = 0;
	*res = strtoll(val, &end, 0);
	if (end == val || *end != '\0')
		return -EINVAL;
	if (errno == ERANGE || *res < min || *res > max)
		return -ERANGE;
	return 0;
}

/* Parse all of val as an unsigned number up to max; 0 or -EINVAL/-ERANGE. */
static int sim_param_unsigned(const char *val, unsigned long long max,
			      unsigned long long *res)
{
	char *end;

	errno = 0;
	while (isspace((unsigned char)*val))
		val++;
	if (*val == '-')
		return -EINVAL;
	*res = strtoull(val, &end, 0);
	if (end == val || *end != '\0')
		return -EINVAL;
	if (errno == ERANGE || *res > max)
		return -ERANGE;
	return 0;
}

/* The get of a number parameter: its value printed with fmt. */
#define SIM_PARAM_GET(name, type, fmt)					\
	static int param_get_##name(char *buffer,			\
				    const struct kernel_param *kp)	\
	{								\
		return sprintf(buffer, fmt "\n", *(type *)kp->arg);	\
	}

/* The ops of a number parameter of type, whose value parse reads into v (a vtype). */
#define SIM_PARAM_NUMBER(name, type, vtype, parse, fmt)			\
	static int param_set_##name(const char *val,			\
				    const struct kernel_param *kp)	\
	{								\
		vtype v;						\
		int err = (parse);					\
									\
		if (!err)						\
			*(type *)kp->arg = (type)v;			\
		return err;						\
	}								\
	SIM_PARAM_GET(name, type, fmt)					\
	const struct kernel_param_ops param_ops_##name = {		\
		.set = param_set_##name, .get = param_get_##name }

#define SIM_PARAM_SIGNED(name, type, min, max, fmt)			\
	SIM_PARAM_NUMBER(name, type, long long,				\
			 sim_param_signed(val, min, max, &v), fmt)
#define SIM_PARAM_UNSIGNED(name, type, max, fmt)			\
	SIM_PARAM_NUMBER(name, type, unsigned long long,		\
			 sim_param_unsigned(val, max, &v), fmt)

SIM_PARAM_UNSIGNED(byte, unsigned char, UCHAR_MAX, "%hhu");
SIM_PARAM_SIGNED(short, short, SHRT_MIN, SHRT_MAX, "%hd");
SIM_PARAM_UNSIGNED(ushort, unsigned short, USHRT_MAX, "%hu");
SIM_PARAM_SIGNED(int, int, INT_MIN, INT_MAX, "%d");
SIM_PARAM_UNSIGNED(uint, unsigned int, UINT_MAX, "%u");
SIM_PARAM_SIGNED(long, long, LONG_MIN, LONG_MAX, "%ld");
SIM_PARAM_UNSIGNED(ulong, unsigned long, ULONG_MAX, "%lu");
SIM_PARAM_UNSIGNED(ullong, unsigned long long, ULLONG_MAX, "%llu");
SIM_PARAM_UNSIGNED(hexint, unsigned int, UINT_MAX, "%#08x");

/* charp: the parameter points at the argument's text, as the kernel's at its copy. */
static int param_set_charp(const char *val, const struct kernel_param *kp)
{
	*(const char **)kp->arg = val;
	return 0;
}

static int param_get_charp(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%s\n", *(const char **)kp->arg);
}

const struct kernel_param_ops param_ops_charp = {
	.set = param_set_charp, .get = param_get_charp };

/* bool: kstrtobool()'s words; a bare "name" means true, as for insmod. */
static int param_set_bool(const char *val, const struct kernel_param *kp)
{
	return kstrtobool(val[0] ? val : "y", (bool *)kp->arg);
}

static int param_get_bool(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", *(bool *)kp->arg ? 'Y' : 'N');
}

const struct kernel_param_ops param_ops_bool = {
	.set = param_set_bool, .get = param_get_bool };

static int param_set_invbool(const char *val, const struct kernel_param *kp)
{
	bool v;
	int err = kstrtobool(val[0] ? val : "y", &v);

	if (!err)
		*(bool *)kp->arg = !v;
	return err;
}

static int param_get_invbool(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", *(bool *)kp->arg ? 'N' : 'Y');
}

const struct kernel_param_ops param_ops_invbool = {
	.set = param_set_invbool, .get = param_get_invbool };

/* ---- loading ------------------------------------------------------------- */

/* The parameter of that name, or NULL. */
static const struct kernel_param *sim_module_param(const char *name, size_t len)
{
	for (int i = 0; i < sim_nr_params; i++)
		if (strlen(sim_params[i]->name) == len &&
		    !strncmp(sim_params[i]->name, name, len))
			return sim_params[i];
	return NULL;
}

int sim_module_set_param(const char *arg)
{
	size_t len = strcspn(arg, "=");
	const struct kernel_param *kp = sim_module_param(arg, len);
	const char *val = arg[len] ? arg + len + 1 : "";
	int err;

	if (!kp) {
		fprintf(stderr, "module: unknown parameter '%.*s'\n",
			(int)len, arg);
		return -ENOENT;
	}
	err = kp->ops->set(val, kp);
	if (err)
		fprintf(stderr, "module: '%s' invalid for parameter '%s'\n",
			val, kp->name);
	return err;
}
EXPORT_SYMBOL(sim_module_set_param);

int sim_module_load(void)
{
	for (int i = 0; i < sim_nr_initcalls; i++) {
		int ret = sim_initcalls[i].fn();

		if (ret) {
			printf("module: %s() returned %d (%s): the module did not load\n",
			       sim_initcalls[i].name, ret, strerror(-ret));
			fflush(stdout);
			return ret;
		}
	}
	return 0;
}
EXPORT_SYMBOL(sim_module_load);

void sim_module_unload(void)
{
	for (int i = sim_nr_exitcalls - 1; i >= 0; i--)
		sim_exitcalls[i]();
}
EXPORT_SYMBOL(sim_module_unload);

void sim_module_done(void)
{
	slab_platform_exit_threads();
}
EXPORT_SYMBOL(sim_module_done);
