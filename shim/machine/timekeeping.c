// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated machine's clocks: ktime_get() (kernel/time/timekeeping.c)
 * and jiffies (kernel/time/jiffies.c) on the simulated clock that a test
 * may hold and advance (<sim/clock.h>), and the cycle counter that the
 * architecture's <asm/timex.h> gives get_cycles().
 */
#include <time.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <asm/timex.h>
#include <sim/clock.h>

/* The host's CLOCK_MONOTONIC in nanoseconds. */
static u64 host_clock_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (u64)now.tv_sec * NSEC_PER_SEC + (u64)now.tv_nsec;
}

/*
 * The simulated clock (sim/clock.h): the host's plus clock_offset_ns, or
 * clock_held_ns while a test holds it (0: not held; the host's monotonic
 * clock is never 0 once running).  Each is one atomic word, so readers on
 * any thread take no lock.
 */
static u64 clock_offset_ns;
static u64 clock_held_ns;
static u64 jiffies_start_ns;

static u64 sim_clock_ns(void)
{
	u64 held = __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE);

	if (held)
		return held;
	return host_clock_ns() + __atomic_load_n(&clock_offset_ns, __ATOMIC_ACQUIRE);
}

void sim_clock_hold(void)
{
	__atomic_store_n(&clock_held_ns, sim_clock_ns(), __ATOMIC_RELEASE);
}

void sim_clock_advance(u64 ns)
{
	if (__atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE))
		__atomic_fetch_add(&clock_held_ns, ns, __ATOMIC_ACQ_REL);
	else
		__atomic_fetch_add(&clock_offset_ns, ns, __ATOMIC_ACQ_REL);
}

void sim_clock_release(void)
{
	u64 held = __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE);

	if (!held)
		return;
	/* Resume from the reading held: the clock goes on from there, never back. */
	__atomic_store_n(&clock_offset_ns, held - host_clock_ns(), __ATOMIC_RELEASE);
	__atomic_store_n(&clock_held_ns, 0, __ATOMIC_RELEASE);
}

bool sim_clock_held(void)
{
	return __atomic_load_n(&clock_held_ns, __ATOMIC_ACQUIRE) != 0;
}

struct timespec sim_clock_host_deadline(clockid_t host_clock, u64 ns)
{
	struct timespec ts;

	if (sim_clock_held())
		ns = min_t(u64, ns, NSEC_PER_SEC / HZ);
	clock_gettime(host_clock, &ts);
	ns += (u64)ts.tv_nsec;
	ts.tv_sec += (time_t)(ns / NSEC_PER_SEC);
	ts.tv_nsec = (long)(ns % NSEC_PER_SEC);
	return ts;
}

__attribute__((constructor)) static void start_jiffies(void)
{
	jiffies_start_ns = host_clock_ns();
}

ktime_t ktime_get(void)
{
	return (ktime_t)sim_clock_ns();
}

/* Whole ticks of the simulated time since start-up. */
unsigned long sim_jiffies(void)
{
	return (unsigned long)((sim_clock_ns() - jiffies_start_ns) / (NSEC_PER_SEC / HZ));
}

static cycles_t cycles;

cycles_t get_cycles(void)
{
	return __atomic_fetch_add(&cycles, 1, __ATOMIC_RELAXED);
}
