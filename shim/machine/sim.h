/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the simulated machine's files share; not installed.  Its parts by
 * the order they stand in, each calling only the parts above it:
 *   task.c, mem_map.c, rseq.c, text_begin.c, text_end.c, sections.c,
 *   timekeeping.c
 *   vsprintf.c   the formatter (reads the memory map for %pGp)
 *   printk.c     the console, WARN, BUG and the taint
 *   hexdump.c    hex digits, and memory dumped through the console
 *   config.c     the parameters, frozen at the first sim_config()
 *   topology.c   the CPUs: how many, which online, cpu_map=
 *   tool_fiber.c what the checkers are told of the scheduler's stacks
 *   sched_det.c  the deterministic scheduler
 *   watchdog.c   the soft-lockup watchdog
 *   cpu.c        tasks on CPUs: placement, preemption, hotplug
 *   locks.c, fault_inject.c, page_alloc.c, percpu.c, vmalloc.c, slab_tool.c
 *   memory_hotplug.c  a node's memory online and offline, with notifiers
 *   init.c       sim_init(): every part up at once
 * Each part comes up by itself at its first use (a pthread_once() of its
 * own), so no part calls down the list to init.c.
 * tests/lint/shim_layering.py fails on a circle between files.
 */
#ifndef SHIM_MACHINE_SIM_H
#define SHIM_MACHINE_SIM_H

#include <stdarg.h>
#include <linux/sched.h>
#include <sim/cpu.h>
#include <sim/startup.h>

/* One step of the xorshift64 generator every seeded shim choice uses. */
static inline u64 sim_xorshift64(u64 x)
{
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

/* ---- task.c ---- */

struct sim_det_task;

/* A thread, or a task of the deterministic scheduler. */
struct sim_task {
	/* The fields of struct sim_task_head (sim/cpu.h), in its order. */
	int cpu;			/* -1 until placed */
	unsigned int gen;		/* hotplug generation cpu was placed at */
	unsigned int preempt_count;
	bool irqs_off;
	bool bound;			/* placed by sim_set_cpu() */
	unsigned int migrate_disabled;	/* nesting; cpu is fixed while > 0 */
	bool in_point;			/* inside a point hook or a switch */
	unsigned int hotplug_read;	/* cpus_read_lock() held (0 or 1) */
	void (*hook)(enum sim_point point, void *arg);
	void *hook_arg;
	struct sim_det_task *det;	/* deterministic task, or NULL */
	struct task_struct task;	/* what current points to */
};

/* The calling task. */
struct sim_task *sim_task(void);
/* Make t the calling task (the deterministic scheduler switching). */
void sim_task_switch(struct sim_task *t);
/* Forget the calling thread's cached placement (sim/cpu.h): its task moved or changed. */
void sim_cpu_cache_clear(void);
/* Set t up unplaced; pid and comm become current's. */
void sim_task_init(struct sim_task *t, int pid, const char *comm);
/*
 * The CPU the calling task was last placed on, without placing it: 0 (the
 * boot CPU) for a task never placed.  For reports, which may run in a
 * signal handler or inside placement itself.
 */
int sim_task_last_cpu(void);

/* ---- mem_map.c ---- */

/*
 * Reserve nr_nodes nodes of node_bytes each, the pages aligned to align,
 * and their struct pages; set nr_node_ids, sim_mem_base, sim_mem_map,
 * sim_pages_per_node and sim_total_pages.  Aborts if the host refuses.
 */
void sim_mem_reserve(unsigned int nr_nodes, unsigned long node_bytes,
		     unsigned long align);

/* ---- vsprintf.c ---- */

/*
 * Format fmt into buf (size bytes, NUL-terminated if size is not 0) with
 * the kernel's conversions; the length of the whole text, as snprintf()
 * returns it.  *refused is the character of the first conversion the
 * kernel refuses, which ended the text there, or -1: the caller warns.
 */
int sim_format_text(char *buf, size_t size, const char *fmt, va_list args,
		    int *refused);

/* ---- config.c ---- */

enum sim_cpu_map {
	SIM_CPU_MAP_DEFAULT,	/* no cpu_map=: getcpu where the rseq commit runs, else rr */
	SIM_CPU_MAP_RR,		/* round-robin at first use */
	SIM_CPU_MAP_GETCPU,	/* sched_getcpu() at each use */
};

/* The machine's parameters, as start-up's words set them. */
struct sim_config {
	unsigned int nr_cpus;		/* 0: the machine's */
	unsigned int nr_nodes;
	unsigned int memoryless_nodes;	/* the last nodes, their memory offline */
	unsigned long node_bytes;
	enum sim_cpu_map cpu_map;
	bool preempt_rt;		/* preempt=rt */
	bool page_poison;		/* page_poison=on */
	bool init_on_alloc;		/* init_on_alloc=1 */
	bool init_on_free;		/* init_on_free=1 */
	bool tool_poison;		/* slub_tool_poison=on */
	int watchdog_thresh;		/* watchdog_thresh= (seconds, 0: off) */
	bool nowatchdog;		/* nowatchdog */
	bool nosoftlockup;		/* nosoftlockup */
	u64 fail_seed;			/* fail_seed= */
	u64 random_seed;		/* random_seed= */
	char fail_page_alloc[64];	/* fail_page_alloc= */
};
/*
 * The machine's configuration, frozen at the first call (later words are
 * refused) with the switches it sets (sim_switches) set.
 */
const struct sim_config *sim_config(void);

/* ---- topology.c ---- */

/* Set the CPUs up from the configuration, once. */
void sim_cpus_up(void);
/* How tasks are placed: cpu_map=, or the default resolved to rr or getcpu. */
enum sim_cpu_map sim_cpu_map(void);
/* The first online CPU at or after cpu, wrapping around. */
int sim_next_online_cpu(unsigned int cpu);
/* Make every placed task look at its placement again (bump sim_hotplug_gen). */
void sim_cpus_look_again(void);
/* Mark cpu offline, and have tasks look again; mark it online (the hotplug's steps, cpu.c). */
void sim_cpu_mark_offline(unsigned int cpu);
void sim_cpu_mark_online(unsigned int cpu);

/* ---- rseq.c ---- */

/*
 * Whether libslab-fast's rseq commit can run with nr_cpus simulated CPUs
 * (the fast library, outside valgrind, rseq registered by glibc,
 * membarrier's rseq command registered, every host CPU simulated).
 */
bool sim_rseq_usable(unsigned int nr_cpus);
/*
 * Allow the single-thread commit if the host restarts sequences, and
 * switch libslab-fast's rseq commit on for the per-CPU region at
 * pcpu_base of size bytes, one PCPU_UNIT_SIZE unit per simulated CPU, if
 * it can be (see <sim/rseq.h>).
 */
void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map);
/*
 * Pin the calling thread to host CPU cpu, the one a simulated CPU is
 * under the rseq commit, so that a task bound to cpu keeps committing by
 * restartable sequence; false if the commit is off or the host has no
 * such CPU or refuses.
 */
bool sim_rseq_pin(unsigned int cpu);
/*
 * Switch the rseq commit off for good, once a task is bound to a
 * simulated CPU that is not the host CPU it runs on: true if this call
 * switched it off (the tasks that follow the host CPU must then look
 * again: sim_cpus_look_again()).
 */
bool sim_rseq_switch_off(void);

/* ---- sched_det.c ---- */

/* Whether the deterministic scheduler runs tasks now. */
extern int sim_det_running;
/* A preemption point of the calling deterministic task. */
void sim_det_point(struct sim_task *t, enum sim_point point);
/* Let other tasks run while the caller waits. */
void sim_det_wait(void);

/* ---- watchdog.c ---- */

/*
 * The soft-lockup watchdog.  Start it for the calling thread (its first
 * use of the simulated machine), and stop it for the calling thread.
 */
void sim_watchdog_task_start(void);
void sim_watchdog_task_stop(void);

/* ---- page_alloc.c, fault_inject.c ---- */

/* Set the nodes and their free pages up from the configuration, once. */
void sim_page_alloc_up(void);
/*
 * Memory hotplug's two steps in the page allocator, each under
 * memory_hotplug.c's lock: give node nid's whole arena to its free lists
 * and mark it as having memory; or, if none of its pages is in use, take
 * every page back and mark it memoryless (0), else change nothing (-EBUSY).
 */
void sim_node_pages_add(int nid);
int sim_node_pages_take(int nid);
/* Seed fault injection's and get_random_*()'s generators from the configuration, once. */
void sim_seeds_up(void);

/* ---- text_begin.c, text_end.c: the bounds of a static link's libslab text ---- */

void sim_text_begin(void);
void sim_text_end(void);

#endif
