// SPDX-License-Identifier: GPL-2.0
/*
 * What test_objpool and test_rhashtable (tests/linux-tools) take from the
 * shim, checked on their own: hrtimers as <linux/hrtimer.h> promises
 * them (no earlier than the expiry, on the arming CPU, interrupts off,
 * re-armed by HRTIMER_RESTART, hrtimer_cancel() waiting for a running
 * function, hrtimer_forward()'s overruns); static per-CPU variables
 * (DEFINE_PER_CPU), get_cpu() as an RCU reader, bit spin locks, and
 * jhash() against lookup3's published values.
 */
#include <pthread.h>
#include <unistd.h>
#include <linux/bit_spinlock.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/jhash.h>
#include <linux/libslab.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/smp.h>
#include <sim/clock.h>
#include "shim_harness.h"

struct probe {
	struct hrtimer timer;
	ktime_t armed_at;
	ktime_t ran_at;
	int cpu;
	int irqs_off;
	int rcu_reader;
	int entered;		/* runs begun */
	int runs;		/* runs ended */
	int stop_after;		/* HRTIMER_RESTART until this many runs */
	unsigned int sleep_ms;	/* how long the function takes */
	bool hold_for_cancel;	/* the function waits for cancel_called first */
	bool cancel_called;	/* the test is about to cancel the timer */
};

static enum hrtimer_restart probe_fn(struct hrtimer *timer)
{
	struct probe *p = container_of(timer, struct probe, timer);

	WRITE_ONCE(p->entered, p->entered + 1);
	p->ran_at = ktime_get();
	p->cpu = (int)smp_processor_id();
	p->irqs_off = irqs_disabled();
	p->rcu_reader = rcu_read_lock_held();
	while (p->hold_for_cancel && !smp_load_acquire(&p->cancel_called))
		cpu_relax();
	if (p->sleep_ms)
		mdelay(p->sleep_ms);
	/* Publishes the fields above to wait_runs(). */
	smp_store_release(&p->runs, p->runs + 1);
	if (p->runs >= p->stop_after)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ms_to_ktime(2));
	return HRTIMER_RESTART;
}

static void probe_init(struct probe *p, int stop_after)
{
	memset(p, 0, sizeof(*p));
	p->stop_after = stop_after;
	hrtimer_setup(&p->timer, probe_fn, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
}

/*
 * Wait for the timer to have run n times, polling on the host's clock (a
 * test may hold the simulated one); a timer that never runs is ended by
 * meson's timeout.
 */
static void wait_runs(struct probe *p, int n)
{
	while (smp_load_acquire(&p->runs) < n)
		usleep(1000);
}

/*
 * Wait for the timer to be neither queued nor running: the function
 * counts its run before it returns, so "runs == n" alone does not mean
 * the timer thread is done with it (under valgrind that gap is long).
 */
static void wait_inactive(struct probe *p)
{
	while (hrtimer_active(&p->timer))
		usleep(1000);
}

/*
 * Run a timer due ns from now (the clock held) and wait for it: the
 * thread runs due timers soonest first, so every timer due before it has
 * run by then, and none due after it.
 */
static void run_sentinel_at(ktime_t ns)
{
	struct probe sentinel;

	probe_init(&sentinel, 1);
	hrtimer_start(&sentinel.timer, ns, HRTIMER_MODE_REL);
	sim_clock_advance((u64)ns);
	wait_runs(&sentinel, 1);
	wait_inactive(&sentinel);
}

/*
 * On the held clock (sim/clock.h): 4 ms after arming, the timer armed for
 * 5 ms has not run (a sentinel due at 4 ms has); one more and it runs,
 * once, on the arming CPU with interrupts off.
 */
static void test_timer_runs_once_after_expiry_on_arming_cpu(void **state)
{
	struct probe p;
	int runs_before_expiry;

	assert_int_equal(sim_set_cpu(1), 0);
	sim_clock_hold();
	probe_init(&p, 1);
	p.armed_at = ktime_get();
	hrtimer_start(&p.timer, ms_to_ktime(5), HRTIMER_MODE_REL);
	run_sentinel_at(ms_to_ktime(4));
	runs_before_expiry = READ_ONCE(p.runs);
	sim_clock_advance(NSEC_PER_MSEC);
	wait_runs(&p, 1);
	wait_inactive(&p);
	sim_clock_release();
	assert_int_equal(runs_before_expiry, 0);
	assert_int_equal(p.ran_at - p.armed_at, 5 * NSEC_PER_MSEC);
	assert_int_equal(p.cpu, 1);
	assert_true(p.irqs_off);
	assert_true(p.rcu_reader);
	assert_int_equal(READ_ONCE(p.runs), 1);
	assert_int_equal(hrtimer_cancel(&p.timer), 0);
	assert_int_equal(sim_set_cpu(0), 0);
}

static void test_restart_runs_again_until_norestart(void **state)
{
	struct probe p;

	probe_init(&p, 3);
	hrtimer_start(&p.timer, ms_to_ktime(1), HRTIMER_MODE_REL);
	wait_runs(&p, 3);
	wait_inactive(&p);
	assert_int_equal(READ_ONCE(p.runs), 3);
}

/* The probe's function is running: it has counted itself in entered. */
static void wait_entered(struct probe *p)
{
	while (!READ_ONCE(p->entered))
		usleep(1000);
}

static void test_cancel_disarms_and_waits_for_the_function(void **state)
{
	struct probe p;
	int runs;

	/* Armed, not due (the clock is held): cancel disarms it, and it never runs. */
	sim_clock_hold();
	probe_init(&p, 1);
	hrtimer_start(&p.timer, ms_to_ktime(1000), HRTIMER_MODE_REL);
	assert_true(hrtimer_active(&p.timer));
	assert_int_equal(hrtimer_try_to_cancel(&p.timer), 1);
	assert_false(hrtimer_active(&p.timer));
	assert_int_equal(hrtimer_cancel(&p.timer), 0);
	run_sentinel_at(ms_to_ktime(2000));
	sim_clock_release();
	assert_int_equal(READ_ONCE(p.runs), 0);

	/*
	 * Running, and re-arming itself: cancel returns after it, and it
	 * stays off.  The function is held until the test is about to
	 * cancel, so the cancel always finds it running.
	 */
	probe_init(&p, 1000);
	p.hold_for_cancel = true;
	p.sleep_ms = 20;
	hrtimer_start(&p.timer, 0, HRTIMER_MODE_REL);
	wait_entered(&p);
	assert_int_equal(hrtimer_try_to_cancel(&p.timer), -1);
	smp_store_release(&p.cancel_called, true);
	assert_int_equal(hrtimer_cancel(&p.timer), 1);
	assert_false(hrtimer_callback_running(&p.timer));
	assert_false(hrtimer_active(&p.timer));
	runs = READ_ONCE(p.runs);
	assert_int_equal(runs, READ_ONCE(p.entered));
	/* It re-armed itself 2 ms ahead: a sentinel due after that runs, it does not. */
	sim_clock_hold();
	run_sentinel_at(ms_to_ktime(3));
	sim_clock_release();
	assert_int_equal(READ_ONCE(p.runs), runs);
}

static void test_forward_counts_overruns_and_passes_now(void **state)
{
	struct hrtimer t;

	hrtimer_init(&t, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	hrtimer_set_expires(&t, 100);
	assert_int_equal(hrtimer_forward(&t, 50, 10), 0);
	assert_int_equal(hrtimer_get_expires(&t), 100);
	assert_int_equal(hrtimer_forward(&t, 100, 10), 1);
	assert_int_equal(hrtimer_get_expires(&t), 110);
	assert_int_equal(hrtimer_forward(&t, 135, 10), 3);
	assert_int_equal(hrtimer_get_expires(&t), 140);
}

struct counter {
	long value;
	long pad[7];
};

static DEFINE_PER_CPU(struct counter, counters);
DEFINE_PER_CPU_SHARED_ALIGNED(int, shared_ints);

static void test_static_per_cpu_variables_have_a_zeroed_copy_per_cpu(void **state)
{
	unsigned int cpu;

	assert_true(nr_cpu_ids >= 2);
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		assert_int_equal(per_cpu(counters, cpu).value, 0);
		assert_int_equal(per_cpu(shared_ints, cpu), 0);
		per_cpu(counters, cpu).value = 10 + cpu;
	}
	assert_true(per_cpu_ptr(&counters, 1) != per_cpu_ptr(&counters, 0));
	assert_int_equal((unsigned long)&shared_ints % SMP_CACHE_BYTES, 0);
	assert_int_equal(sim_set_cpu(1), 0);
	assert_int_equal(this_cpu_read(counters.value), 11);
	this_cpu_inc(shared_ints);
	assert_int_equal(per_cpu(shared_ints, 1), 1);
	assert_int_equal(per_cpu(shared_ints, 0), 0);
	assert_int_equal(sim_set_cpu(0), 0);
	assert_int_equal(this_cpu_read(counters.value), 10);
}

static void test_get_cpu_pins_and_is_an_rcu_reader(void **state)
{
	int cpu = get_cpu();

	assert_int_equal(cpu, (int)smp_processor_id());
	assert_true(rcu_read_lock_held());
	assert_false(preemptible());
	put_cpu();
	assert_false(rcu_read_lock_held());
	assert_true(preemptible());
}

static unsigned long bit_lock_word = 0x100;	/* data bits beside the lock bit */
static long guarded;

static void *bit_lock_worker(void *unused)
{
	int i;

	for (i = 0; i < 20000; i++) {
		bit_spin_lock(0, &bit_lock_word);
		guarded++;
		bit_spin_unlock(0, &bit_lock_word);
	}
	return unused;
}

static void test_bit_spin_lock_excludes_and_keeps_the_other_bits(void **state)
{
	pthread_t threads[3];
	int i;

	for (i = 0; i < 3; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, bit_lock_worker, NULL), 0);
	for (i = 0; i < 3; i++)
		pthread_join(threads[i], NULL);
	assert_int_equal(guarded, 60000);
	assert_int_equal(bit_lock_word, 0x100);
	assert_int_equal(bit_spin_trylock(0, &bit_lock_word), 1);
	assert_true(bit_spin_is_locked(0, &bit_lock_word));
	assert_int_equal(bit_spin_trylock(0, &bit_lock_word), 0);
	bit_spin_unlock(0, &bit_lock_word);
	assert_int_equal(bit_lock_word, 0x100);
}

/* The self-test values of lookup3.c (hashlittle(), which jhash() is on a little-endian CPU). */
static void test_jhash_gives_lookup3_values(void **state)
{
	static const char text[] = "Four score and seven years ago";

	assert_int_equal(jhash("", 0, 0), 0xdeadbeef);
	assert_int_equal(jhash(text, 30, 0), 0x17770551);
	assert_int_equal(jhash(text, 30, 1), 0xcd628161);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timer_runs_once_after_expiry_on_arming_cpu),
		cmocka_unit_test(test_restart_runs_again_until_norestart),
		cmocka_unit_test(test_cancel_disarms_and_waits_for_the_function),
		cmocka_unit_test(test_forward_counts_overruns_and_passes_now),
		cmocka_unit_test(test_static_per_cpu_variables_have_a_zeroed_copy_per_cpu),
		cmocka_unit_test(test_get_cpu_pins_and_is_an_rcu_reader),
		cmocka_unit_test(test_bit_spin_lock_excludes_and_keeps_the_other_bits),
		cmocka_unit_test(test_jhash_gives_lookup3_values),
	};

	int failed = slab_run_group(tests, expect_clean_setup,
				    expect_clean_teardown);

	/* Joins the hrtimer thread, which valgrind would see left running. */
	if (libslab_exit()) {
		fprintf(stderr, "test_hrtimer: libslab_exit() found leaks\n");
		return 1;
	}
	return failed;
}
