// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated machine's parameters: their table, the fault-injection
 * attribute parser the fail_*= words share, and the switches they set.
 * The front end's start-up offers each word of the command line to the
 * table (sim_setup_param()), as the kernel takes its early parameters
 * before it sets the machine up.  The first part of the machine to come
 * up reads the configuration (sim_config()), which freezes it: a word
 * that comes later is refused.  So a machine used before start-up (by
 * another constructor) still exists, on the defaults.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/numa.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/mm.h>
#include <sim/switches.h>
#include <sim/params.h>
#include <sim/startup.h>
#include <linux/fault-inject.h>
#include <asm/setup.h>
#include <slab_platform.h>
#include "sim.h"

#define DEFAULT_NODE_BYTES	(1UL << 30)
/* What a machine without parameters has. */
#define DEFAULT_CONFIG {						\
	.nr_cpus = 0,							\
	.nr_nodes = 1,							\
	.node_bytes = DEFAULT_NODE_BYTES,				\
	.cpu_map = SIM_CPU_MAP_DEFAULT,					\
	.watchdog_thresh = 10,	/* kernel/watchdog.c's default */	\
}
/* What start-up's words set; read once the machine is up. */
static struct sim_config config = DEFAULT_CONFIG;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
/* sim_config() has been called: the words come too late. */
static bool machine_up;
/* Every switch that gives the fast paths more to do (sim/switches.h). */
union sim_switches sim_switches;

/*
 * The smallest node is one block of the largest order; the largest
 * machine one whose memory map and arena a 47-bit address space reserves
 * with room to spare.
 */
#define SIM_MEM_MIN	(PAGE_SIZE << MAX_PAGE_ORDER)
#define SIM_MEM_MAX	(1ULL << 40)

int setup_fault_attr(struct fault_attr *attr, char *str)
{
	unsigned long probability, interval;
	int times, space;

	if (!str || sscanf(str, "%lu,%lu,%d,%d", &interval, &probability,
			   &space, &times) < 4) {
		pr_warn("FAULT_INJECTION: failed to parse arguments\n");
		return 0;
	}
	attr->probability = probability;
	attr->interval = interval;
	atomic_set(&attr->times, times);
	atomic_set(&attr->space, space);
	return 1;
}

/* A number of things in 1..max into *count. */
static int setup_count(unsigned int *count, const char *value, unsigned int max)
{
	unsigned int n;

	if (kstrtouint(value, 0, &n) || n < 1 || n > max)
		return -EINVAL;
	*count = n;
	return 0;
}

static int setup_memoryless_nodes(void *count, const char *value)
{
	unsigned int n;

	if (kstrtouint(value, 0, &n) || n >= MAX_NUMNODES)
		return -EINVAL;
	*(unsigned int *)count = n;
	return 0;
}

static int setup_nr_cpus(void *nr_cpus, const char *value)
{
	return setup_count(nr_cpus, value, NR_CPUS);
}

/* numa=fake=N, the one numa= option the machine models. */
static int setup_numa_fake(void *nr_nodes, const char *value)
{
	if (strncmp(value, "fake=", 5) != 0)
		return -EINVAL;
	return setup_count(nr_nodes, value + 5, MAX_NUMNODES);
}

static int setup_mem(void *node_bytes, const char *value)
{
	unsigned long long bytes;
	char *end;

	/* memparse() would read "-5" as a huge number. */
	if (!isdigit((unsigned char)value[0]))
		return -EINVAL;
	bytes = memparse(value, &end);
	if (*end || bytes < SIM_MEM_MIN || bytes > SIM_MEM_MAX)
		return -EINVAL;
	*(unsigned long *)node_bytes = bytes;
	return 0;
}

static int setup_cpu_map(void *cpu_map, const char *value)
{
	if (!strcmp(value, "rr"))
		*(enum sim_cpu_map *)cpu_map = SIM_CPU_MAP_RR;
	else if (!strcmp(value, "getcpu"))
		*(enum sim_cpu_map *)cpu_map = SIM_CPU_MAP_GETCPU;
	else
		return -EINVAL;
	return 0;
}

static int setup_preempt(void *preempt_rt, const char *value)
{
	if (!strcmp(value, "rt"))
		*(bool *)preempt_rt = true;
	else if (!strcmp(value, "none") || !strcmp(value, "voluntary") ||
		 !strcmp(value, "full"))
		*(bool *)preempt_rt = false;
	else
		return -EINVAL;
	return 0;
}

/* The one parser of the switches: the kernel's kstrtobool(). */
static int setup_switch(void *on, const char *value)
{
	return kstrtobool(value, on);
}

static int setup_seed(void *seed, const char *value)
{
	unsigned long n;

	if (kstrtoul(value, 0, &n))
		return -EINVAL;
	*(u64 *)seed = n;
	return 0;
}

/* watchdog_thresh=: seconds in 0..60, the range the kernel's sysctl takes. */
static int setup_watchdog_thresh(void *thresh, const char *value)
{
	int n;

	if (kstrtoint(value, 0, &n) || n < 0 || n > 60)
		return -EINVAL;
	*(int *)thresh = n;
	return 0;
}

/* A parameter without a value (nowatchdog, nosoftlockup). */
static int setup_flag(void *on, const char *value)
{
	*(bool *)on = true;
	return 0;
}

static int setup_fail_page_alloc(void *spec, const char *value)
{
	struct fault_attr check = {};
	char buf[sizeof(((struct sim_config *)NULL)->fail_page_alloc)];

	/* Parsed on a scratch attribute: applied once the machine is up. */
	if (strscpy(buf, value, sizeof(buf)) < 0 || !setup_fault_attr(&check, buf))
		return -EINVAL;
	strscpy(spec, value, sizeof(buf));
	return 0;
}

/*
 * A word of the command line that sets up the simulated machine: one
 * table, as the kernel's early_param()s are one section.
 */
struct sim_param {
	const char *name;	/* with '=' when it takes a value */
	int (*setup)(void *field, const char *value);
	size_t field;		/* what it sets: offsetof(struct sim_config, ...) */
	const char *expects;	/* a good value, for the message about a bad one */
};

#define PARAM(name, setup, field, expects) \
	{ name, setup, offsetof(struct sim_config, field), expects }
#define ON_OFF	"on/off, 1/0 or y/n"
static const struct sim_param sim_params[] = {
	PARAM("nr_cpus=", setup_nr_cpus, nr_cpus,
	      "a number of CPUs in 1.." __stringify(NR_CPUS)),
	PARAM("numa=", setup_numa_fake, nr_nodes,
	      "fake= and a number of nodes in 1.." __stringify(MAX_NUMNODES)),
	PARAM("mem=", setup_mem, node_bytes, "a size per node in 4M..1024G"),
	PARAM("memoryless_nodes=", setup_memoryless_nodes, memoryless_nodes,
	      "fewer nodes than numa=fake= makes"),
	PARAM("cpu_map=", setup_cpu_map, cpu_map, "rr or getcpu"),
	PARAM("preempt=", setup_preempt, preempt_rt,
	      "rt, or none, voluntary or full (run alike)"),
	PARAM("page_poison=", setup_switch, page_poison, ON_OFF),
	PARAM("init_on_alloc=", setup_switch, init_on_alloc, ON_OFF),
	PARAM("init_on_free=", setup_switch, init_on_free, ON_OFF),
	PARAM("slub_tool_poison=", setup_switch, tool_poison, ON_OFF),
	PARAM("fail_seed=", setup_seed, fail_seed, "a number"),
	PARAM("random_seed=", setup_seed, random_seed, "a number"),
	PARAM("fail_page_alloc=", setup_fail_page_alloc, fail_page_alloc,
	      "interval,probability,space,times (63 characters at most)"),
	PARAM("watchdog_thresh=", setup_watchdog_thresh, watchdog_thresh,
	      "seconds in 0..60"),
	PARAM("nowatchdog", setup_flag, nowatchdog, "no value"),
	PARAM("nosoftlockup", setup_flag, nosoftlockup, "no value"),
};
#undef ON_OFF
#undef PARAM

/* The entry of sim_params[] for param, given with a value (val) or not, or NULL. */
static const struct sim_param *find_param(const char *param, const char *val)
{
	const struct sim_param *p;

	for (p = sim_params; p < sim_params + ARRAY_SIZE(sim_params); p++)
		if (slab_boot_param_is(p->name, param, val))
			return p;
	return NULL;
}

/*
 * Apply param=val to c if it is a machine parameter: 0, -ENOENT if it is
 * not one, or -EINVAL for a bad value, which leaves c as it was, as the
 * kernel leaves a malformed boot parameter unapplied, but never silently.
 */
static int apply_param(struct sim_config *c, const char *param, const char *val)
{
	const struct sim_param *p = find_param(param, val);

	if (!p)
		return -ENOENT;
	if (!p->setup((char *)c + p->field, val))
		return 0;
	pr_err("libslab: %s=%.64s: expects %s; ignored\n", param, val,
	       p->expects);
	return -EINVAL;
}

/* Refuse a memory per node that the nodes together cannot have: 0 or -EINVAL. */
static int check_memory(struct sim_config *c)
{
	if ((unsigned long long)c->node_bytes * c->nr_nodes <= SIM_MEM_MAX)
		return 0;
	pr_err("libslab: mem=%lu with numa=fake=%u: more than 1024G in all; mem= ignored\n",
	       c->node_bytes, c->nr_nodes);
	c->node_bytes = DEFAULT_NODE_BYTES;
	return -EINVAL;
}

/*
 * Refuse to start every node without memory: node 0 keeps its memory, as
 * the boot node does.  0, or -EINVAL with memoryless_nodes= undone.
 */
static int check_memoryless_nodes(struct sim_config *c)
{
	if (c->memoryless_nodes < c->nr_nodes)
		return 0;
	pr_err("libslab: memoryless_nodes=%u with numa=fake=%u: node 0 must have memory; memoryless_nodes= ignored\n",
	       c->memoryless_nodes, c->nr_nodes);
	c->memoryless_nodes = 0;
	return -EINVAL;
}

int sim_setup_param(const char *param, const char *val)
{
	if (!__atomic_load_n(&machine_up, __ATOMIC_ACQUIRE))
		return apply_param(&config, param, val);
	if (!find_param(param, val))
		return -ENOENT;
	pr_err("libslab: %s%s%.64s: the simulated machine is up already; ignored\n",
	       param, val ? "=" : "", val ?: "");
	return -EBUSY;
}

/* A word of sim_check_cmdline()'s line, for its scratch configuration; others' words pass. */
static int check_word(char *param, char *val, void *scratch)
{
	int ret = apply_param(scratch, param, val);

	return ret == -ENOENT ? 0 : ret;
}

int sim_check_cmdline(const char *cmdline)
{
	struct sim_config scratch = DEFAULT_CONFIG;
	char line[COMMAND_LINE_SIZE];
	int ret = slab_parse_boot_params(cmdline, line, sizeof(line),
					 check_word, &scratch);

	return check_memory(&scratch) ?: check_memoryless_nodes(&scratch) ?: ret;
}

static bool cmdline_errors;

void sim_note_cmdline_error(void)
{
	__atomic_store_n(&cmdline_errors, true, __ATOMIC_RELAXED);
}

bool sim_cmdline_had_errors(void)
{
	return __atomic_load_n(&cmdline_errors, __ATOMIC_RELAXED);
}

/* The configuration is read for the first time: freeze it and set the switches. */
static void config_freeze(void)
{
	__atomic_store_n(&machine_up, true, __ATOMIC_RELEASE);
	if (check_memory(&config))
		sim_note_cmdline_error();
	if (check_memoryless_nodes(&config))
		sim_note_cmdline_error();
	sim_switches.init_on_alloc = config.init_on_alloc;
	sim_switches.init_on_free = config.init_on_free;
	sim_switches.tool_poison = config.tool_poison;
}

const struct sim_config *sim_config(void)
{
	pthread_once(&config_once, config_freeze);
	return &config;
}
