// SPDX-License-Identifier: GPL-2.0
/*
 * The front end: the userspace layer above the core, and the only code
 * of the library that calls the core's public API (shim/ never does;
 * tests/tools/shim_layering.py checks it).  Start-up is here:
 * once the simulated machine is up, the allocator gets the command line
 * (its boot parameters) and creates its kmalloc caches, as a kernel's
 * start_kernel() would; and RCU is told to free kvfree_rcu()'s objects
 * with the core's kvfree().
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <sim/params.h>
#include <asm/setup.h>
#include "../shim/machine/sim.h"
#include "startup.h"

static pthread_once_t startup_once = PTHREAD_ONCE_INIT;

/*
 * Name every word of cmdline that is neither the machine's nor the
 * allocator's parameter, in one message, as the kernel names the boot
 * parameters nobody took; 0, or -EINVAL if there was one.
 */
static int report_unknown_params(const char *cmdline)
{
	char unknown[COMMAND_LINE_SIZE] = "", word[COMMAND_LINE_SIZE];
	const char *start;
	size_t used = 0, len;

	while ((start = sim_cmdline_word(&cmdline, &len))) {
		if (len >= sizeof(word))
			continue;
		memcpy(word, start, len);
		word[len] = '\0';
		if (!sim_is_machine_param(word) && !libslab_is_boot_param(word))
			used += scnprintf(unknown + used, sizeof(unknown) - used,
					  "%s%s", used ? " " : "", word);
	}
	if (!used)
		return 0;
	pr_warn("libslab: unknown parameters in LIBSLAB_CMDLINE: \"%s\", ignored\n",
		unknown);
	return -EINVAL;
}

static void startup(void)
{
	const char *cmdline = getenv("LIBSLAB_CMDLINE");

	sim_init();
	sim_rcu_bind_kvfree(kvfree);
	if (libslab_parse_cmdline(cmdline)) {
		pr_warn("libslab: LIBSLAB_CMDLINE has malformed parameters\n");
		sim_note_cmdline_error();
	}
	if (report_unknown_params(cmdline))
		sim_note_cmdline_error();
	if (libslab_init())
		panic("libslab: cannot create the kmalloc caches\n");
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
