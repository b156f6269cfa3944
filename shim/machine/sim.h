/* SPDX-License-Identifier: GPL-2.0 */
/* What the shim runtime's files share; not installed. */
#ifndef SHIM_RUNTIME_SIM_H
#define SHIM_RUNTIME_SIM_H

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

enum sim_cpu_map {
	SIM_CPU_MAP_DEFAULT,	/* no cpu_map=: getcpu where the rseq commit runs, else rr */
	SIM_CPU_MAP_RR,		/* round-robin at first use */
	SIM_CPU_MAP_GETCPU,	/* sched_getcpu() at each use */
};

/* The machine's parameters, as start-up's words set them (init.c). */
struct sim_config {
	unsigned int nr_cpus;		/* 0: the machine's */
	unsigned int nr_nodes;
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
/* The configuration sim_init() used. */
const struct sim_config *sim_config(void);
/* Internal set-up steps, in the order sim_init() calls them. */
void sim_cpu_setup(struct sim_config *config);
void sim_page_alloc_setup(unsigned int nr_nodes, unsigned long node_bytes,
			  bool poison);
void sim_fault_setup(u64 seed);
void sim_random_setup(u64 seed);

struct sim_det_task;

/* A thread, or a task of the deterministic scheduler. */
struct sim_task {
	/* The fields of struct sim_task_head (sim_cpu.h), in its order. */
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
/*
 * rseq.c: whether libslab-fast's rseq commit can run with nr_cpus
 * simulated CPUs (the fast library, outside valgrind, rseq registered by
 * glibc, membarrier's rseq command registered, every host CPU simulated).
 */
bool sim_rseq_usable(unsigned int nr_cpus);
/*
 * rseq.c: allow the single-thread commit if the host restarts sequences,
 * and switch libslab-fast's rseq commit on for the per-CPU region at
 * pcpu_base of size bytes if it can be (see <sim/rseq.h>).
 */
void sim_rseq_setup(void *pcpu_base, unsigned long size, bool getcpu_map);
/*
 * rseq.c: pin the calling thread to host CPU cpu, the one a simulated CPU
 * is under the rseq commit, so that a task bound to cpu keeps committing
 * by restartable sequence; false if the commit is off or the host has no
 * such CPU or refuses.
 */
bool sim_rseq_pin(unsigned int cpu);
/*
 * rseq.c: switch the rseq commit off for good, once a task is bound to a
 * simulated CPU that is not the host CPU it runs on.
 */
void sim_rseq_switch_off(void);
/* Forget the calling thread's cached placement (sim_cpu.h): its task moved or changed. */
void sim_cpu_cache_clear(void);
/* Set t up unplaced; pid and comm become current's. */
void sim_task_init(struct sim_task *t, int pid, const char *comm);

/* Deterministic scheduler (sched_det.c): whether it runs tasks now. */
extern int sim_det_running;
/* Deterministic scheduler: a preemption point of the calling task. */
void sim_det_point(struct sim_task *t, enum sim_point point);
/* Deterministic scheduler: let other tasks run while the caller waits. */
void sim_det_wait(void);

/*
 * watchdog.c: the soft-lockup watchdog.  Start it for the calling thread
 * (its first use of the simulated machine), and stop it for the calling
 * thread.
 */
void sim_watchdog_task_start(void);
void sim_watchdog_task_stop(void);

/* text_begin.c, text_end.c: the bounds of a static link's libslab text. */
void sim_text_begin(void);
void sim_text_end(void);

#endif
