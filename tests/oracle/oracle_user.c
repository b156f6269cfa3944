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
#include <linux/sim_cpu.h>
#include "slab.h"
#include "harness.h"
#include "slub_oracle.h"

void orc_side_geometry(struct kmem_cache *s, struct orc_geom *g)
{
	*g = (struct orc_geom) {
		.size = s->size,
		.object_size = s->object_size,
		.offset = s->offset,
		.inuse = s->inuse,
		.align = s->align,
		.red_left_pad = s->red_left_pad,
		.order = oo_order(s->oo),
		.objects = oo_objects(s->oo),
		.min_order = oo_order(s->min),
		.min_objects = oo_objects(s->min),
		.cpu_partial = s->cpu_partial,
		.cpu_partial_slabs = s->cpu_partial_slabs,
		.useroffset = s->useroffset,
		.usersize = s->usersize,
		.min_partial = s->min_partial,
		.flags = s->flags,
	};
}

void orc_side_state(struct kmem_cache *s, int cpu, struct orc_state *st)
{
	struct kmem_cache_cpu *c = per_cpu_ptr(s->cpu_slab, cpu);
	struct slab *slab;
	void *p;
	int node;

	memset(st, 0, sizeof(*st));
	st->cpu_slab = c->slab ? slab_address(c->slab) : NULL;
	for (p = c->freelist; p; p = get_freepointer(s, p))
		st->cpu_free++;
	for (slab = c->partial; slab; slab = slab->next)
		st->cpu_partial++;
	for (node = 0; node < ORC_NODES && node < nr_node_ids; node++) {
		struct kmem_cache_node *n = s->node[node];

		if (!n)
			continue;
		st->node_partial[node] = n->nr_partial;
		st->node_slabs[node] = atomic_long_read(&n->nr_slabs);
		st->node_objects[node] = atomic_long_read(&n->total_objects);
	}
}

unsigned long orc_side_stat(struct kmem_cache *s, int item)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(s->cpu_slab, cpu)->stat[item];
	return sum;
}

const void *orc_side_slab_base(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab_address(slab) : NULL;
}

struct kmem_cache *orc_side_cache_of(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab->slab_cache : NULL;
}

const char *orc_side_cache_name(struct kmem_cache *s)
{
	return s->name;
}

int orc_side_slab_node(const void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	return slab ? slab_nid(slab) : -1;
}

long orc_side_on_cpu(int cpu, long (*fn)(void *), void *arg)
{
	return work_on_cpu(cpu, fn, arg);
}

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
