// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "harness.h"

static struct seq_file capture_buf;

static void capture_sink(const char *text, void *arg)
{
	seq_puts(arg, text);
}

void capture_start(void)
{
	seq_file_release(&capture_buf);
	seq_file_init_buffer(&capture_buf);
	seq_puts(&capture_buf, "");
	printk_set_sink(capture_sink, &capture_buf);
}

void capture_stop(void)
{
	printk_set_sink(NULL, NULL);
}

const char *captured(void)
{
	return capture_buf.buf ? capture_buf.buf : "";
}

/* count(s, node) added up over every node. */
static unsigned long sum_over_nodes(struct kmem_cache *s,
				    unsigned long (*count)(struct kmem_cache *, int))
{
	unsigned long total = 0;
	int node;

	for (node = 0; node < nr_node_ids; node++)
		total += count(s, node);
	return total;
}

unsigned long cache_nr_slabs(struct kmem_cache *s)
{
	return sum_over_nodes(s, libslab_node_nr_slabs);
}

unsigned long cache_nr_partial(struct kmem_cache *s)
{
	return sum_over_nodes(s, libslab_node_nr_partial);
}

static unsigned long warns_before, errors_before;

int expect_clean_setup(void **state)
{
	warns_before = sim_warn_count();
	errors_before = libslab_error_count();
	return 0;
}

int expect_clean_teardown(void **state)
{
	capture_stop();
	if (sim_warn_count() != warns_before ||
	    libslab_error_count() != errors_before) {
		fprintf(stderr, "test left %lu WARNs and %lu reports\n",
			sim_warn_count() - warns_before,
			libslab_error_count() - errors_before);
		return -1;
	}
	return 0;
}
