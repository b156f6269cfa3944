/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel configuration the userspace build models, and IS_ENABLED().
 * An option is enabled when it is defined to 1; everything else reads as
 * disabled, as an unset Kconfig symbol does.
 */
#ifndef _SHIM_LINUX_KCONFIG_H
#define _SHIM_LINUX_KCONFIG_H

/*
 * The options themselves, one header per variant of the build (libslab,
 * libslab-tiny, libslab-fast) that meson generates from
 * shim/config/meson.build, where each is explained: the include path of
 * the variant (its pkg-config Cflags) picks which.
 */
#include <libslab_autoconf.h>

/*
 * IS_ENABLED(CONFIG_FOO) is 1 if CONFIG_FOO is defined to 1, else 0:
 * pasting the option's value onto a prefix only names a macro (one that
 * expands to "junk,") when the value is 1, and that extra comma shifts
 * which argument the selector picks.  The arguments reach the selector
 * through __VA_ARGS__, so the comma counts however the preprocessor
 * splits arguments (cppcheck's does so before expanding them).
 */
#define __sim_enabled_1			junk,
#define __sim_pick_second(ignored, value, ...)	value
#define __sim_pick(...)			__sim_pick_second(__VA_ARGS__)
#define __sim_is_enabled2(value)	__sim_pick(__sim_enabled_##value 1, 0, 0)
#define __sim_is_enabled(option)	__sim_is_enabled2(option)
#define IS_ENABLED(option)		__sim_is_enabled(option)
/*
 * Nothing is built in as "=y" is opposed to "=m" here: an option is on or
 * off, and code that asks how it is built (IS_BUILTIN, as lib/slub_kunit.c
 * does for CONFIG_SLUB_KUNIT_TEST) is told "as a module".
 */
#define IS_BUILTIN(option)		0
#define IS_MODULE(option)		IS_ENABLED(option)
#define IS_REACHABLE(option)		IS_ENABLED(option)

#endif
