/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module loader of a program that is a kernel module
 * (shim/kunit/module.c): what the module runner's main() calls.
 */
#ifndef _SHIM_KUNIT_MODULE_LOADER_H
#define _SHIM_KUNIT_MODULE_LOADER_H

/*
 * Set the module parameter "name=value" (a bare "name" sets a bool);
 * 0, -ENOENT for an unknown name, or the type's -EINVAL/-ERANGE, each
 * said on stderr.
 */
int sim_module_set_param(const char *arg);
/*
 * Call the registered initcalls in order until one fails, as the
 * kernel's module loading does; 0 or the failing call's error, said on
 * stdout.
 */
int sim_module_load(void);
/* Call the registered exitcalls, last registered first. */
void sim_module_unload(void);
/*
 * The module is gone (unloaded, or its load failed): end the threads
 * the simulated machine ran for it, as libslab_exit() does first.  Its
 * queued work runs; its armed delayed work and hrtimers are cancelled,
 * with a warning each; its kthreads whose function returned are reaped,
 * as the kernel lets them exit, and those still running are named.  The
 * process then exits with no thread of the module's left.
 */
void sim_module_done(void);

#endif /* _SHIM_KUNIT_MODULE_LOADER_H */
