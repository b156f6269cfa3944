/* SPDX-License-Identifier: GPL-2.0 */
/* What the shim runtime's files share; not installed. */
#ifndef SHIM_RUNTIME_SIM_H
#define SHIM_RUNTIME_SIM_H

/* Set up CPUs, nodes, arenas and the per-CPU region once (thread safe). */
void sim_init(void);
/* Parsed shim words of LIBSLAB_CMDLINE. */
struct sim_config {
	unsigned int nr_cpus;		/* 0: the machine's */
	unsigned int nr_nodes;
	unsigned long node_bytes;
};
/* The configuration sim_init() used. */
const struct sim_config *sim_config(void);
/* Internal set-up steps, in the order sim_init() calls them. */
void sim_cpu_setup(unsigned int nr_cpus);
void sim_page_alloc_setup(unsigned int nr_nodes, unsigned long node_bytes);

#endif
