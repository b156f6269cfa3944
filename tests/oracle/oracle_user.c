// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's userspace side: the scenarios of slub_oracle_scenarios.c on
 * libslab, reading its state through the core's own structures (src/slab.h).
 *
 *   oracle_user geometry|kmalloc|behaviour...
 *
 * prints the observation lines on stdout.  Run it with the machine the
 * kernel side boots: LIBSLAB_CMDLINE="nr_cpus=2 numa=fake=2 ..." (meson.build).
 */
#include <stdio.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <sim/cpu.h>
#include "slab.h"
#include "harness.h"
#include "slub_oracle.h"

int orc_side_validate(struct kmem_cache *s)
{
	return validate_slab_cache(s);
}

/* libslab's printk goes to a buffer while a report is expected, then out as lines. */
void orc_side_expect_report(const char *scenario, bool begin)
{
	const char *text, *end;

	if (begin) {
		capture_start();
		return;
	}
	capture_stop();
	for (text = captured(); *text; text = *end ? end + 1 : end) {
		end = strchrnul(text, '\n');
		if (end > text)
			printf("slub_oracle: %s report %.*s\n", scenario,
			       (int)(end - text), text);
	}
}

void orc_side_emit(const char *line)
{
	puts(line);
}

int main(int argc, char **argv)
{
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
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
	return fflush(stdout) ? 1 : 0;
}
