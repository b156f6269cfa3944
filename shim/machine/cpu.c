// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks on the simulated CPUs: placement of a task on a CPU (sim/cpu.h),
 * migration and preemption control, interrupt state, taking CPUs offline
 * and online with the hotplug callbacks and lock, preemption points and
 * work_on_cpu().  The CPUs themselves are topology.c's, the calling task
 * task.c's.
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

/* Tasks with migration disabled, per CPU. */
static unsigned int cpu_pins[NR_CPUS];
static pthread_rwlock_t hotplug_lock = PTHREAD_RWLOCK_INITIALIZER;

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

#if SIM_RSEQ
/*
 * libslab-fast's rseq commit (sim/rseq.h): an unbound, unpinned task on
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
	static unsigned int next_cpu;
	unsigned int gen;
	bool first = t->cpu < 0;

	gen = __atomic_load_n(&sim_hotplug_gen, __ATOMIC_SEQ_CST);
	if (first) {
		if (sim_cpu_map() == SIM_CPU_MAP_GETCPU && sched_getcpu() >= 0)
			t->cpu = sim_next_online_cpu((unsigned int)sched_getcpu() % nr_cpu_ids);
		else
			t->cpu = sim_next_online_cpu(__atomic_fetch_add(&next_cpu, 1,
						     __ATOMIC_RELAXED) % nr_cpu_ids);
	} else if (!sim_cpu_is_online((unsigned int)t->cpu)) {
		t->cpu = sim_next_online_cpu((unsigned int)t->cpu + 1);
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
	if (sim_cpu_map() == SIM_CPU_MAP_GETCPU && !t->bound) {
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

	sim_cpus_up();
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
	/* Once switched off, tasks that followed the host CPU stop. */
	if (!t->det && !sim_rseq_pin((unsigned int)cpu) && sim_rseq_switch_off())
		sim_cpus_look_again();
	t->cpu = cpu;
	t->bound = true;
	t->gen = gen;
	sim_cpu_cache_clear();
	sim_watchdog_task_start();
	return 0;
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
	} else if (cpuhp_states[slot].startup || cpuhp_states[slot].teardown) {
		ret = -EBUSY;
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

	sim_cpus_up();
	if (cpu < 0 || (unsigned int)cpu >= nr_cpu_ids)
		return -EINVAL;
	might_sleep();
	hotplug_lock_write();
	if (!sim_cpu_is_online((unsigned int)cpu)) {
		ret = -EINVAL;
		goto out;
	}
	if (sim_num_online_cpus() == 1) {
		ret = -EBUSY;
		goto out;
	}
	sim_cpu_mark_offline((unsigned int)cpu);
	/*
	 * Asleep in TASK_UNINTERRUPTIBLE while tasks with migration disabled
	 * stay, as the kernel's hotplug thread in balance_hotplug_wait(): a
	 * pinned task can see it is waited for.  The state is set only once a
	 * pin has been seen, so it never shows while an offline that does not
	 * wait passes by: seen, it means this loop cannot end before the pin.
	 */
	while (__atomic_load_n(&cpu_pins[cpu], __ATOMIC_SEQ_CST)) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		relax();
	}
	__set_current_state(TASK_RUNNING);
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

	sim_cpus_up();
	if (cpu < 0 || (unsigned int)cpu >= nr_cpu_ids)
		return -EINVAL;
	hotplug_lock_write();
	if (sim_cpu_is_online((unsigned int)cpu)) {
		ret = -EINVAL;
		goto out;
	}
	sim_cpu_mark_online((unsigned int)cpu);
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
