// SPDX-License-Identifier: GPL-2.0
/*
 * The front end: the userspace layer above the core, and the only code
 * of the library that calls the core's public API (shim/ never does;
 * tests/tools/shim_layering.py checks it).  Start-up is here, in the
 * order of the kernel's start_kernel(): the command line (the environment
 * variable LIBSLAB_CMDLINE) is read once and split once, each word goes
 * to the simulated machine's table and then to the allocator's, the words
 * neither took are named; then the machine comes up, RCU is told to free
 * kvfree_rcu()'s objects with the core's kvfree(), and the allocator
 * creates its kmalloc caches, then its flush workqueue.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/libslab.h>
#include <sim/startup.h>
#include <asm/setup.h>
#include "startup.h"

static pthread_once_t startup_once = PTHREAD_ONCE_INIT;

/* The command line, cut into words in place: static, as the kernel's is. */
static char command_line[COMMAND_LINE_SIZE];
/* The words no table took, blank-separated, for one message. */
static char unknown[COMMAND_LINE_SIZE];

/*
 * Offer every word of LIBSLAB_CMDLINE to the machine's table, then to the
 * allocator's, and name those neither took in one message, as
 * print_unknown_bootoptions() does; each bad or unknown word is noted for
 * sim_cmdline_had_errors().
 */
static void parse_command_line(void)
{
	const char *env = getenv("LIBSLAB_CMDLINE");
	char *args, *param, *val;
	size_t used = 0;

	if (!env)
		return;
	if (strscpy(command_line, env, sizeof(command_line)) < 0) {
		/* A longer one cannot be a kernel's: refuse it, never cut. */
		pr_err("libslab: LIBSLAB_CMDLINE is longer than %d characters; ignored\n",
		       COMMAND_LINE_SIZE - 1);
		sim_note_cmdline_error();
		return;
	}
	for (args = skip_spaces(command_line); *args; ) {
		int ret;

		args = next_arg(args, &param, &val);
		ret = sim_setup_param(param, val);
		if (ret == -ENOENT)
			ret = libslab_setup_param(param, val);
		if (ret == -ENOENT)
			used += scnprintf(unknown + used,
					  sizeof(unknown) - used, "%s%s%s%s",
					  used ? " " : "", param,
					  val ? "=" : "", val ?: "");
		if (ret)
			sim_note_cmdline_error();
	}
	if (used)
		pr_warn("libslab: Unknown kernel command line parameters \"%s\" in LIBSLAB_CMDLINE, ignored\n",
			unknown);
}

static void startup(void)
{
	parse_command_line();
	sim_init();
	sim_rcu_bind_kvfree(kvfree);
	if (libslab_init())
		panic("libslab: cannot create the kmalloc caches\n");
	if (libslab_init_late())
		panic("libslab: cannot create the flush workqueue\n");
}

/*
 * Runs before main(), and from any other front end's constructor that may
 * run first (libslab-malloc.so's); the work is done once.  Global, and
 * named by "-Wl,-u,libslab_startup" in static links (pkg-config --static,
 * meson's libslab_dep): nothing else calls it there, so a static link
 * would otherwise leave it out.
 */
__attribute__((constructor)) void libslab_startup(void)
{
	pthread_once(&startup_once, startup);
}
