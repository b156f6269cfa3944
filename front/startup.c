// SPDX-License-Identifier: GPL-2.0
/*
 * The front end: the userspace layer above the core, and the only code
 * of the library that calls the core's public API (shim/ never does;
 * tests/lint/shim_layering.py checks it).  Start-up is here, in the
 * order of the kernel's start_kernel(): the command line (the environment
 * variable LIBSLAB_CMDLINE) is read once and split once, each word goes
 * to the simulated machine's table and then to the allocator's, the words
 * neither took are named; then the machine comes up, RCU is told to free
 * kvfree_rcu()'s objects with the core's kvfree(), and the allocator
 * creates its kmalloc caches, then its flush workqueue.  A restart
 * (libslab_restart()) reads its line the same way between the
 * allocator's exit and its new start.
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
#include <front/restart.h>
#include <sim/startup.h>
#include <slab_platform.h>
#include <asm/setup.h>
#include "startup.h"

static pthread_once_t startup_once = PTHREAD_ONCE_INIT;

/* The command line being read, cut into words in place: static, as the kernel's is. */
static char command_line[COMMAND_LINE_SIZE];
/* The words no table took, blank-separated, for one message. */
static char unknown[COMMAND_LINE_SIZE];

/*
 * One word of the command line: to the machine's table, then to the
 * allocator's; a word neither took joins those the message names.
 */
static int offer_word(char *param, char *val, void *unknown_used)
{
	size_t *used = unknown_used;
	int ret = sim_setup_param(param, val);

	if (ret == -ENOENT)
		ret = libslab_setup_param(param, val);
	if (ret == -ENOENT)
		*used += scnprintf(unknown + *used, sizeof(unknown) - *used,
				   "%s%s%s%s", *used ? " " : "", param,
				   val ? "=" : "", val ?: "");
	return ret;
}

/*
 * Offer every word of cmdline (from where, for the message) to the
 * tables and name those neither took in one message, as
 * print_unknown_bootoptions() does: 0, or the first error (a bad,
 * refused or unknown word, a line too long to read), each reported.
 */
static int read_command_line(const char *cmdline, const char *where)
{
	size_t used = 0;
	int ret = slab_parse_boot_params(cmdline, command_line,
					 sizeof(command_line), offer_word, &used);

	if (used)
		pr_warn("libslab: Unknown kernel command line parameters \"%s\" in %s, ignored\n",
			unknown, where);
	return ret;
}

int libslab_restart(const char *cmdline)
{
	int err = libslab_exit(), bad;

	if (err)
		return err;
	bad = read_command_line(cmdline, "libslab_restart()'s line");
	err = libslab_init() ?: libslab_init_late();
	return err ?: bad;
}

static void startup(void)
{
	/* Each bad or unknown word was reported: a tool exits non-zero on it. */
	if (read_command_line(getenv("LIBSLAB_CMDLINE"), "LIBSLAB_CMDLINE"))
		sim_note_cmdline_error();
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
