// SPDX-License-Identifier: GPL-2.0
/*
 * Start-up: parse LIBSLAB_CMDLINE once, set up the simulated machine, then
 * hand the command line to the allocator (boot parameters) and create its
 * kmalloc caches, as a kernel's start_kernel() would.  Any shim entry
 * point may run before this constructor (another library's constructor
 * allocating), so each calls sim_init(), which runs exactly once.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/printk.h>
#include <linux/mm.h>
#include <linux/slab_tool.h>
#include <linux/sim_page_alloc.h>
#include "sim.h"

static struct sim_config config = {
	.nr_cpus = 0,
	.nr_nodes = 1,
	.node_bytes = 1UL << 30,
	.cpu_map = SIM_CPU_MAP_RR,
};
static pthread_once_t sim_once = PTHREAD_ONCE_INIT;
bool sim_init_on_alloc;
bool sim_init_on_free;

/* Value of the word name= in cmdline, copied to buf; NULL if absent. */
static const char *cmdline_value(const char *cmdline, const char *name,
				 char *buf, size_t size)
{
	size_t len = strlen(name);
	const char *p = cmdline;

	while (p && *p) {
		size_t word;

		p += strspn(p, " \t\n");
		word = strcspn(p, " \t\n");
		if (word > len && !strncmp(p, name, len)) {
			size_t n = min(word - len, size - 1);

			memcpy(buf, p + len, n);
			buf[n] = '\0';
			return buf;
		}
		p += word;
	}
	return NULL;
}

static void sim_parse(const char *cmdline)
{
	char buf[64];
	unsigned int n;

	if (cmdline_value(cmdline, "nr_cpus=", buf, sizeof(buf)) &&
	    !kstrtouint(buf, 0, &n) && n >= 1 && n <= NR_CPUS)
		config.nr_cpus = n;
	if (cmdline_value(cmdline, "numa=fake=", buf, sizeof(buf)) &&
	    !kstrtouint(buf, 0, &n) && n >= 1 && n <= MAX_NUMNODES)
		config.nr_nodes = n;
	if (cmdline_value(cmdline, "mem=", buf, sizeof(buf))) {
		unsigned long long bytes = memparse(buf, NULL);

		if (bytes >= (4UL << 20))
			config.node_bytes = bytes;
	}
	if (cmdline_value(cmdline, "cpu_map=", buf, sizeof(buf)))
		config.cpu_map = strcmp(buf, "getcpu") ? SIM_CPU_MAP_RR :
			SIM_CPU_MAP_GETCPU;
	if (cmdline_value(cmdline, "preempt=", buf, sizeof(buf)))
		config.preempt_rt = !strcmp(buf, "rt");
	if (cmdline_value(cmdline, "page_poison=", buf, sizeof(buf)))
		config.page_poison = !strcmp(buf, "on") || !strcmp(buf, "1");
	if (cmdline_value(cmdline, "init_on_alloc=", buf, sizeof(buf)))
		sim_init_on_alloc = !strcmp(buf, "1") || !strcmp(buf, "on");
	if (cmdline_value(cmdline, "init_on_free=", buf, sizeof(buf)))
		sim_init_on_free = !strcmp(buf, "1") || !strcmp(buf, "on");
	if (cmdline_value(cmdline, "slub_tool_poison=", buf, sizeof(buf)))
		slab_tool_on = !strcmp(buf, "on") || !strcmp(buf, "1");
	if (cmdline_value(cmdline, "fail_seed=", buf, sizeof(buf)))
		config.fail_seed = strtoull(buf, NULL, 0);
	if (cmdline_value(cmdline, "random_seed=", buf, sizeof(buf)))
		config.random_seed = strtoull(buf, NULL, 0);
	cmdline_value(cmdline, "fail_page_alloc=", config.fail_page_alloc,
		      sizeof(config.fail_page_alloc));
}

static void sim_init_once(void)
{
	sim_parse(getenv("LIBSLAB_CMDLINE"));
	sim_cpu_setup(&config);
	sim_page_alloc_setup(config.nr_nodes, config.node_bytes,
			     config.page_poison);
	sim_fault_setup(config.fail_seed);
	sim_random_setup(config.random_seed);
	if (config.fail_page_alloc[0])
		sim_fail_page_alloc_setup(config.fail_page_alloc);
}

void sim_init(void)
{
	pthread_once(&sim_once, sim_init_once);
}

const struct sim_config *sim_config(void)
{
	sim_init();
	return &config;
}

__attribute__((constructor)) static void libslab_startup(void)
{
	const char *cmdline = getenv("LIBSLAB_CMDLINE");

	sim_init();
	if (libslab_parse_cmdline(cmdline))
		pr_warn("libslab: LIBSLAB_CMDLINE has malformed parameters\n");
	if (libslab_init())
		panic("libslab: cannot create the kmalloc caches\n");
}
