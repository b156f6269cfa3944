// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's userspace side: the scenarios of slub_oracle_scenarios.c on
 * libslab, reading its state through the core's own structures (src/slab.h).
 *
 *   oracle_user geometry|kmalloc|behaviour...
 *
 * prints libslab's console on stdout, as the kernel side's is its serial
 * console: the observation lines, the expected-report markers and every
 * line libslab's printk prints, in the order printed, so compare.py reads
 * both sides alike and fails on a report outside the markers.  Run it with
 * the machine the kernel side boots: LIBSLAB_CMDLINE="nr_cpus=2
 * numa=fake=2 ..." (meson.build).
 */
#include <stdio.h>
#include <string.h>
#include <linux/fault-inject.h>
#include <linux/libslab.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <sim/cpu.h>
#include <sim/printk.h>
#include "slab.h"
#include "slub_oracle.h"

/*
 * 6.12's SLUB_TINY has no validate (SLUB_DEBUG) and no sysfs files
 * (SLAB_SUPPORTS_SYSFS needs !SLUB_TINY); libslab's TINY build keeps both
 * (docs/fidelity.md), and the TINY reader finds them missing as the
 * kernel's does.
 */
int orc_side_validate(struct kmem_cache *s)
{
	if (IS_ENABLED(CONFIG_SLUB_TINY))
		return -EOPNOTSUPP;
	return validate_slab_cache(s);
}

int orc_side_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
			size_t size)
{
	if (IS_ENABLED(CONFIG_SLUB_TINY))
		return -EOPNOTSUPP;
	return libslab_sysfs_show(s, name, buf, size);
}

int orc_side_sysfs_store(struct kmem_cache *s, const char *name,
			 const char *value)
{
	if (IS_ENABLED(CONFIG_SLUB_TINY))
		return -EOPNOTSUPP;
	return libslab_sysfs_store(s, name, value, strlen(value));
}

int orc_side_cpu_online(int cpu, bool online)
{
	return online ? sim_cpu_online(cpu) : sim_cpu_offline(cpu);
}

/*
 * 6.12 asks should_failslab() on every allocation; libslab only once
 * failslab is armed, here with the values the kernel's fault_attr starts
 * with (interval 1, probability 0, space 0, times 1), which fail nothing
 * but a task's fail_nth.
 */
int orc_side_failslab(bool cache_filter, unsigned int fail_nth)
{
	static bool armed;

	if (!armed && libslab_failslab_setup("1,0,0,1"))
		return -EINVAL;
	armed = true;
	libslab_failslab_filter(true, cache_filter);
	sim_set_fail_nth(fail_nth);
	return 0;
}

unsigned int orc_side_fail_nth(void)
{
	return sim_fail_nth();
}

/*
 * One stream for everything: printk's pieces and the observations keep
 * their order, and a line printk left open is ended before the next.
 */
static void console_sink(const char *text, void *arg)
{
	fputs(text, stdout);
}

/*
 * A taint marks a report even when no line of it reached the console; the
 * one the last expected report left is the one allowed until the next.
 */
static char taint_allowed[64] = "Not tainted";

static void check_taint(void)
{
	const char *now = print_tainted();

	if (strcmp(now, taint_allowed) != 0) {
		pr_err("libslab: tainted outside an expected report: %s\n", now);
		snprintf(taint_allowed, sizeof(taint_allowed), "%s", now);
	}
}

/* The kernel side's markers, through the same console. */
void orc_side_expect_report(const char *scenario, bool begin)
{
	if (begin)
		check_taint();
	pr_info("libslab: expected report %s %s\n", begin ? "begin" : "end",
		scenario);
	if (!begin)
		snprintf(taint_allowed, sizeof(taint_allowed), "%s", print_tainted());
}

void orc_side_emit(const char *line)
{
	check_taint();
	pr_info("%s\n", line);
}

/*
 * Before libslab's start-up, a constructor of default priority: what it
 * says of the command line is on the console too.
 */
__attribute__((constructor(101))) static void console_to_stdout(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printk_set_sink(console_sink, NULL);
}

int main(int argc, char **argv)
{
	int i;

	if (sim_set_cpu(0)) {
		fprintf(stderr, "oracle_user: cannot run on CPU 0\n");
		return 1;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: oracle_user geometry|kmalloc|behaviour...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "geometry"))
			orc_run_geometry();
		else if (!strcmp(argv[i], "kmalloc"))
			orc_run_kmalloc();
		else if (!strcmp(argv[i], "behaviour"))
			orc_run_behaviour();
		else {
			fprintf(stderr, "oracle_user: unknown part '%s' (geometry, kmalloc, behaviour)\n",
				argv[i]);
			return 2;
		}
	}
	check_taint();
	return fflush(stdout) ? 1 : 0;
}
