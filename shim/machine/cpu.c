// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated CPUs and tasks: placement of a task on a CPU (sim_cpu.h),
 * migration and preemption control, interrupt state, CPU hotplug with its
 * callbacks and lock, preemption points, work_on_cpu(), current and the
 * per-CPU memory region.
 *
 * A task is placed lazily: sim_current_cpu() is one thread-local read and
 * a comparison of the task's hotplug generation with the global one, so a
 * CPU going offline moves its tasks the next time they look.  A task that
 * disables migration holds a pin on its CPU; offlining waits for the pins
 * to drain, so nothing runs on a CPU whose dead callbacks are running.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include "sim.h"

unsigned int nr_cpu_ids = 1;
/* Every switch that gives the fast paths more to do (sim_switches.h). */
union sim_switches sim_switches;
static enum sim_cpu_map cpu_map;
static unsigned int next_cpu;
static bool cpu_offline_flag[NR_CPUS];
static unsigned int nr_online;
/* Bumped (seq_cst) whenever a CPU goes offline: tasks re-check placement. */
unsigned int sim_hotplug_gen = 1;
/* Tasks with migration disabled, per CPU. */
static unsigned int cpu_pins[NR_CPUS];
static pthread_rwlock_t hotplug_lock = PTHREAD_RWLOCK_INITIALIZER;

static __thread struct sim_task thread_task = { .cpu = -1 };
static __thread struct sim_task *current_task;
__thread struct sim_task_head *sim_current_head;
__thread struct sim_cpu_cache sim_cpu_cache = { .offset = SIM_CPU_OFFSET_NONE };

static_assert(offsetof(struct sim_task, cpu) == offsetof(struct sim_task_head, cpu));
static_assert(offsetof(struct sim_task, gen) == offsetof(struct sim_task_head, gen));
static_assert(offsetof(struct sim_task, preempt_count) ==
	      offsetof(struct sim_task_head, preempt_count));
static_assert(offsetof(struct sim_task, irqs_off) == offsetof(struct sim_task_head, irqs_off));

void sim_cpu_setup(struct sim_config *config)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int nr_cpus = config->nr_cpus;

	if (!nr_cpus)
		nr_cpus = online > 0 ? (unsigned int)online : 1;
	nr_cpu_ids = min_t(unsigned int, nr_cpus, NR_CPUS);
	nr_online = nr_cpu_ids;
	/*
	 * Without cpu_map= a library places tasks the fastest way it can:
	 * libslab-fast on the host CPU wherever its rseq commit runs, every
	 * other library (and libslab-fast under valgrind) round-robin.
	 */
	if (config->cpu_map == SIM_CPU_MAP_DEFAULT)
		config->cpu_map = sim_rseq_usable(nr_cpu_ids) ?
				  SIM_CPU_MAP_GETCPU : SIM_CPU_MAP_RR;
	cpu_map = config->cpu_map;
	sim_switches.preempt_rt = config->preempt_rt;
}

struct sim_task *sim_task(void)
{
	if (unlikely(!current_task))
		sim_task_switch(NULL);
	return current_task;
}

void sim_task_switch(struct sim_task *t)
{
	current_task = t ? t : &thread_task;
	sim_current_head = (struct sim_task_head *)current_task;
	sim_cpu_cache_clear();
}

void sim_cpu_cache_clear(void)
{
	/* The offset first: a signal handler in between finds no placement. */
	sim_cpu_cache.offset = SIM_CPU_OFFSET_NONE;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	sim_cpu_cache.gen = 0;
}

/* Copy t's placement into sim_cpu_cache if it is current (t->gen is the live generation). */
static void cpu_cache_fill(const struct sim_task *t)
{
	if (t->gen != __atomic_load_n(&sim_hotplug_gen, __ATOMIC_SEQ_CST))
		return;
	sim_cpu_cache.cpu = t->cpu;
	sim_cpu_cache.offset = (unsigned long)t->cpu * PCPU_UNIT_SIZE;
	sim_cpu_cache.rseq = false;
	sim_cpu_cache.gen = t->gen;
}

void sim_task_init(struct sim_task *t, int pid, const char *comm)
{
	memset(t, 0, sizeof(*t));
	t->cpu = -1;
	t->task.pid = pid;
	strncpy(t->task.comm, comm, sizeof(t->task.comm) - 1);
}

bool sim_cpu_is_online(unsigned int cpu)
{
	return cpu < nr_cpu_ids &&
	       !__atomic_load_n(&cpu_offline_flag[cpu], __ATOMIC_SEQ_CST);
}

unsigned int sim_num_online_cpus(void)
{
	return __atomic_load_n(&nr_online, __ATOMIC_RELAXED);
}

/* The first online CPU at or after cpu, wrapping around. */
static int next_online(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < nr_cpu_ids; i++) {
		unsigned int c = (cpu + i) % nr_cpu_ids;

		if (sim_cpu_is_online(c))
			return (int)c;
	}
	return 0;
}

#if SIM_RSEQ
/*
 * libslab-fast's rseq commit (sim_rseq.h): an unbound, unpinned task on
 * cpu_map=getcpu follows the host CPU through the cache until the next
 * hotplug, pin or switch, while every CPU it may land on is online.
 */
static void cpu_cache_follow_host(const struct sim_task *t)
{
	/* Before the online count: an offline after it then fails the cache. */
	unsigned int gen = __atomic_load_n(&sim_hotplug_gen, __ATOMIC_SEQ_CST);
	unsigned int cpu;

	if (!sim_rseq_active() || t->bound || t->migrate_disabled || t->det ||
	    sim_num_online_cpus() != nr_cpu_ids)
		return;
	cpu = sim_rseq_cpu();
	if (cpu >= nr_cpu_ids)
		return;
	sim_cpu_cache.cpu = (int)cpu;
	sim_cpu_cache.offset = (unsigned long)cpu * PCPU_UNIT_SIZE;
	sim_cpu_cache.rseq = true;
	sim_cpu_cache.gen = gen;
}
#else
/* Without the rseq commit a cpu_map=getcpu task asks sched_getcpu() each time. */
static void cpu_cache_follow_host(const struct sim_task *t)
{
}
#endif

/* Choose t's CPU afresh: first use, a CPU went offline, or getcpu map. */
static int place_task(struct sim_task *t)
{
	unsigned int gen;
	bool first = t->cpu < 0;

	sim_init();
	gen = __atomic_load_n(&sim_hotplug_gen, __ATOMIC_SEQ_CST);
	if (first) {
		if (cpu_map == SIM_CPU_MAP_GETCPU && sched_getcpu() >= 0)
			t->cpu = next_online((unsigned int)sched_getcpu() % nr_cpu_ids);
		else
			t->cpu = next_online(__atomic_fetch_add(&next_cpu, 1,
					     __ATOMIC_RELAXED) % nr_cpu_ids);
	} else if (!sim_cpu_is_online((unsigned int)t->cpu)) {
		t->cpu = next_online((unsigned int)t->cpu + 1);
	}
	t->gen = gen;
	/* Placed first: what the watchdog's set-up allocates finds it so. */
	if (first)
		sim_watchdog_task_start();
	return t->cpu;
}

/*
 * The common case is one compare: the task was placed at the current
 * hotplug generation.  Tasks that follow sched_getcpu() keep generation 0,
 * so they always take the longer way.
 */
int sim_current_cpu_slow(void)
{
	struct sim_task *t = sim_task();

	if (likely(t->gen == __atomic_load_n(&sim_hotplug_gen, __ATOMIC_RELAXED))) {
		cpu_cache_fill(t);
		return t->cpu;
	}
	if (t->migrate_disabled)
		return t->cpu;
	if (cpu_map == SIM_CPU_MAP_GETCPU && !t->bound) {
		int cpu = t->cpu >= 0 ? sched_getcpu() : -1;

		if (cpu >= 0 && sim_cpu_is_online((unsigned int)cpu % nr_cpu_ids))
			t->cpu = cpu % (int)nr_cpu_ids;
		else
			place_task(t);	/* first use, or an offline CPU */
		t->gen = 0;
		cpu_cache_follow_host(t);
		return t->cpu;
	}
	place_task(t);
	cpu_cache_fill(t);
	return t->cpu;
}

int sim_set_cpu(int cpu)
{
	struct sim_task *t = sim_task();
	unsigned int gen;

	sim_init();
	if (WARN(cpu < 0 || (unsigned int)cpu >= nr_cpu_ids,
		 "sim_set_cpu: no simulated CPU %d\n", cpu))
		return -EINVAL;
	/*
	 * Hotplug races with everyone: an offline CPU is an answer, not a
	 * bug.  The generation is read first, so that an offline after the
	 * test leaves the task placed at an older one: its next look moves it.
	 */
	gen = __atomic_load_n(&sim_hotplug_gen, __ATOMIC_SEQ_CST);
	if (!sim_cpu_is_online((unsigned int)cpu))
		return -EINVAL;
	if (WARN(t->migrate_disabled && t->cpu != cpu,
		 "sim_set_cpu: migration is disabled\n"))
		return -EINVAL;
	/*
	 * Under the rseq commit a simulated CPU is the host CPU of the same
	 * number: bound, the task is pinned there and keeps committing by
	 * restartable sequence; bound where the host cannot pin it, its CPU
	 * is no longer the host's, and no task commits that way any more.
	 */
	if (!t->det && !sim_rseq_pin((unsigned int)cpu))
		sim_rseq_switch_off();
	t->cpu = cpu;
	t->bound = true;
	t->gen = gen;
	sim_cpu_cache_clear();
	sim_watchdog_task_start();
	return 0;
}

int sim_nr_cpus(void)
{
	sim_init();
	return nr_cpu_ids;
}

/* Wait without blocking the deterministic scheduler's only thread. */
static void relax(void)
{
	if (sim_det_running)
		sim_det_wait();
	else
		sched_yield();
}

/*
 * The bookkeeping of migrate_disable() and migrate_enable() runs with
 * preemption disabled, as the kernel's does: a signal handler that
 * allocates (a test's "interrupt", which allocates only where
 * preemptible()) must never find the task half pinned, its CPU chosen
 * while its per-CPU cache still follows the host CPU, or half unpinned.
 * Without this, a handler's local lock and unlock could name two CPUs,
 * and leave the first one's lock held forever.
 */
static void migrate_bookkeeping_begin(struct sim_task *t)
{
	t->preempt_count++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static void migrate_bookkeeping_end(struct sim_task *t)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->preempt_count--;
}

/* Pin t to its CPU, checking the CPU is still online (see sim_migrate_disable()). */
static void migrate_pin(struct sim_task *t)
{
	int cpu;

	/*
	 * Pin, then check the CPU is still online; offlining clears the
	 * flag, then waits for the pins: one of the two sees the other.
	 */
	for (;;) {
		t->migrate_disabled = 0;
		cpu = sim_current_cpu();
		t->migrate_disabled = 1;
		/* A task following the host CPU stays on this one until enabled. */
		if (sim_cpu_cache.rseq) {
			t->cpu = cpu;
			sim_cpu_cache_clear();
		}
		__atomic_fetch_add(&cpu_pins[cpu], 1, __ATOMIC_SEQ_CST);
		if (sim_cpu_is_online((unsigned int)cpu)) {
			/* What a hotplug did to this CPU happens before. */
			sim_acquire(&cpu_pins[cpu]);
			return;
		}
		__atomic_fetch_sub(&cpu_pins[cpu], 1, __ATOMIC_SEQ_CST);
	}
}

void sim_migrate_disable(void)
{
	struct sim_task *t = sim_task();

	migrate_bookkeeping_begin(t);
	if (!t->migrate_disabled++)
		migrate_pin(t);
	migrate_bookkeeping_end(t);
}

void sim_migrate_enable(void)
{
	struct sim_task *t = sim_task();
	bool unpinned;

	if (WARN_ON_ONCE(!t->migrate_disabled))
		return;
	migrate_bookkeeping_begin(t);
	unpinned = !--t->migrate_disabled;
	if (unpinned) {
		/* What the task did on this CPU happens before a hotplug of it. */
		sim_release(&cpu_pins[t->cpu]);
		__atomic_fetch_sub(&cpu_pins[t->cpu], 1, __ATOMIC_SEQ_CST);
	}
	migrate_bookkeeping_end(t);
	if (unpinned)
		sim_point(SIM_POINT_PREEMPT);
}

void sim_preempt_disable(void)
{
	sim_migrate_disable();
	sim_task()->preempt_count++;
}

void sim_preempt_enable(void)
{
	struct sim_task *t = sim_task();

	if (WARN_ON_ONCE(!t->preempt_count))
		return;
	t->preempt_count--;
	sim_migrate_enable();
}

unsigned int sim_preempt_count(void)
{
	return sim_task()->preempt_count;
}

unsigned long sim_irq_save(void)
{
	struct sim_task *t = sim_task();
	unsigned long was_off = t->irqs_off;

	if (!was_off) {
		sim_migrate_disable();
		t->irqs_off = true;
	}
	return was_off;
}

void sim_irq_restore(unsigned long flags)
{
	struct sim_task *t = sim_task();

	if (flags || !t->irqs_off)
		return;
	t->irqs_off = false;
	sim_migrate_enable();
	sim_point(SIM_POINT_IRQ);
}

int sim_irqs_disabled(void)
{
	return sim_task()->irqs_off;
}

void sim_might_sleep(const char *file, int line)
{
	struct sim_task *t = sim_task();

	if (likely(!t->preempt_count && !t->irqs_off))
		return;
	pr_err("BUG: sleeping function called from invalid context at %s:%d\n",
	       file, line);
	pr_err("in_atomic(): %d, irqs_disabled(): %d, non_block: 0, pid: %d, name: %s\n",
	       t->preempt_count != 0, t->irqs_off, current->pid, current->comm);
	WARN_ON(1);
}

void sim_set_point_hook(void (*hook)(enum sim_point point, void *arg), void *arg)
{
	struct sim_task *t = sim_task();

	/* The fast library passes no preemption point: the hook would never run. */
	if (WARN_ONCE(!SIM_HOOKS && hook,
		      "sim_set_point_hook: libslab-fast has no preemption points\n"))
		return;
	if (!t->hook && hook)
		__atomic_fetch_add(&sim_switches.points_armed, 1, __ATOMIC_SEQ_CST);
	else if (t->hook && !hook)
		__atomic_fetch_sub(&sim_switches.points_armed, 1, __ATOMIC_SEQ_CST);
	t->hook = hook;
	t->hook_arg = arg;
}

void sim_point_slow(int point)
{
	struct sim_task *t = sim_task();

	if (t->in_point)
		return;
	if (t->det) {
		sim_det_point(t, (enum sim_point)point);
		return;
	}
	if (!t->hook || t->migrate_disabled)
		return;
	t->in_point = true;
	t->hook((enum sim_point)point, t->hook_arg);
	t->in_point = false;
}

/* ---- CPU hotplug ---- */

struct cpuhp_callbacks {
	int (*startup)(unsigned int cpu);
	int (*teardown)(unsigned int cpu);
};

static struct cpuhp_callbacks cpuhp_states[CPUHP_NR_STATES];

int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
			      int (*startup)(unsigned int cpu),
			      int (*teardown)(unsigned int cpu))
{
	int slot = state, end = state, ret = 0;

	if (state <= CPUHP_OFFLINE || state >= CPUHP_NR_STATES)
		return -EINVAL;
	if (state == CPUHP_BP_PREPARE_DYN)
		end = CPUHP_BP_PREPARE_DYN_END;
	else if (state == CPUHP_AP_ONLINE_DYN)
		end = CPUHP_AP_ONLINE_DYN_END;
	pthread_rwlock_wrlock(&hotplug_lock);
	if (end != (int)state) {
		while (slot < end && (cpuhp_states[slot].startup ||
				      cpuhp_states[slot].teardown))
			slot++;
		ret = slot < end ? slot : -ENOSPC;
	}
	if (ret >= 0) {
		cpuhp_states[slot].startup = startup;
		cpuhp_states[slot].teardown = teardown;
	}
	pthread_rwlock_unlock(&hotplug_lock);
	return ret;
}

void cpuhp_remove_state_nocalls(enum cpuhp_state state)
{
	if (state <= CPUHP_OFFLINE || state >= CPUHP_NR_STATES)
		return;
	pthread_rwlock_wrlock(&hotplug_lock);
	cpuhp_states[state].startup = NULL;
	cpuhp_states[state].teardown = NULL;
	pthread_rwlock_unlock(&hotplug_lock);
}

/*
 * Take the hotplug lock with lock, or, under the deterministic scheduler
 * (whose tasks share one thread, so blocking would never end), poll with
 * trylock and let the other tasks run meanwhile.
 */
static void hotplug_lock_take(int (*lock)(pthread_rwlock_t *),
			      int (*trylock)(pthread_rwlock_t *))
{
	if (!sim_det_running) {
		lock(&hotplug_lock);
		return;
	}
	while (trylock(&hotplug_lock))
		sim_det_wait();
}

static void hotplug_lock_write(void)
{
	hotplug_lock_take(pthread_rwlock_wrlock, pthread_rwlock_trywrlock);
}

void cpus_read_lock(void)
{
	struct sim_task *t = sim_task();

	/*
	 * The kernel's hotplug lock is a percpu rwsem: a second read by the
	 * same task deadlocks once a writer waits, and lockdep says so.
	 */
	if (WARN(t->hotplug_read, "possible recursive locking detected: cpus_read_lock() while holding it\n"))
		return;
	hotplug_lock_take(pthread_rwlock_rdlock, pthread_rwlock_tryrdlock);
	t->hotplug_read = 1;
}

void cpus_read_unlock(void)
{
	struct sim_task *t = sim_task();

	if (WARN(!t->hotplug_read, "cpus_read_unlock() without cpus_read_lock()\n"))
		return;
	t->hotplug_read = 0;
	pthread_rwlock_unlock(&hotplug_lock);
}

bool sim_cpus_read_held(void)
{
	return sim_task()->hotplug_read;
}

int sim_cpu_offline(int cpu)
{
	int state, ret = 0;

	sim_init();
	if (cpu < 0 || (unsigned int)cpu >= nr_cpu_ids)
		return -EINVAL;
	might_sleep();
	hotplug_lock_write();
	if (!sim_cpu_is_online((unsigned int)cpu)) {
		ret = -EINVAL;
		goto out;
	}
	if (nr_online == 1) {
		ret = -EBUSY;
		goto out;
	}
	__atomic_store_n(&cpu_offline_flag[cpu], true, __ATOMIC_SEQ_CST);
	__atomic_fetch_sub(&nr_online, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&sim_hotplug_gen, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&cpu_pins[cpu], __ATOMIC_SEQ_CST))
		relax();
	sim_acquire(&cpu_pins[cpu]);
	for (state = CPUHP_NR_STATES - 1; state > CPUHP_OFFLINE; state--)
		if (cpuhp_states[state].teardown)
			cpuhp_states[state].teardown((unsigned int)cpu);
	sim_release(&cpu_pins[cpu]);
out:
	pthread_rwlock_unlock(&hotplug_lock);
	return ret;
}

int sim_cpu_online(int cpu)
{
	int state, ret = 0;

	sim_init();
	if (cpu < 0 || (unsigned int)cpu >= nr_cpu_ids)
		return -EINVAL;
	hotplug_lock_write();
	if (sim_cpu_is_online((unsigned int)cpu)) {
		ret = -EINVAL;
		goto out;
	}
	__atomic_store_n(&cpu_offline_flag[cpu], false, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&nr_online, 1, __ATOMIC_RELAXED);
	for (state = CPUHP_OFFLINE + 1; state < CPUHP_NR_STATES; state++)
		if (cpuhp_states[state].startup)
			cpuhp_states[state].startup((unsigned int)cpu);
out:
	pthread_rwlock_unlock(&hotplug_lock);
	return ret;
}

long work_on_cpu(int cpu, long (*fn)(void *), void *arg)
{
	struct sim_task *t = sim_task();
	int saved_cpu;
	bool saved_bound;
	long ret;

	/* The work runs with migration pinned to cpu, as a bound worker. */
	sim_migrate_disable();
	__atomic_fetch_sub(&cpu_pins[t->cpu], 1, __ATOMIC_SEQ_CST);
	saved_cpu = t->cpu;
	saved_bound = t->bound;
	t->cpu = cpu;
	sim_cpu_cache_clear();
	__atomic_fetch_add(&cpu_pins[cpu], 1, __ATOMIC_SEQ_CST);
	ret = fn(arg);
	__atomic_fetch_sub(&cpu_pins[cpu], 1, __ATOMIC_SEQ_CST);
	t->cpu = saved_cpu;
	sim_cpu_cache_clear();
	t->bound = saved_bound;
	__atomic_fetch_add(&cpu_pins[saved_cpu], 1, __ATOMIC_SEQ_CST);
	sim_migrate_enable();
	return ret;
}

struct task_struct *get_current(void)
{
	struct sim_task *t = sim_task();

	if (unlikely(!t->task.pid)) {
		t->task.pid = (int)syscall(SYS_gettid);
		pthread_getname_np(pthread_self(), t->task.comm,
				   sizeof(t->task.comm));
	}
	return &t->task;
}
