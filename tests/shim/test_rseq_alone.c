// SPDX-License-Identifier: GPL-2.0
/*
 * The single-thread commit (sim_rseq_commit_alone(), <sim/rseq.h>):
 * a compare and one 16-byte store in a restartable sequence, which
 * try_cmpxchg128() makes in every library while the process has one
 * thread.
 * It stores only over the pair it was given, and a signal handler that
 * runs in the middle of it (the one thing that can, with no other thread)
 * makes it fail rather than be overwritten.  This file starts no thread.
 */
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <linux/atomic.h>
#include <linux/slab.h>
#include "shim_harness.h"

#if SIM_RSEQ_ALONE
static u128 pair __aligned(16);

static u128 make_pair(u64 lo, u64 hi)
{
	return ((u128)hi << 64) | lo;
}

static void skip_without_sequences(void)
{
	if (!sim_rseq_alone_ok)
		skip_because("no restartable sequences here (valgrind, or no rseq from glibc)");
}

static void test_commit_stores_new_over_the_pair_it_was_given(void **state)
{
	skip_without_sequences();
	pair = make_pair(7, 1);
	assert_true(sim_rseq_commit_alone(&pair, make_pair(7, 1), make_pair(9, 2)));
	assert_true(pair == make_pair(9, 2));
}

static void test_commit_fails_and_writes_nothing_on_a_changed_word(void **state)
{
	skip_without_sequences();
	pair = make_pair(7, 1);
	assert_false(sim_rseq_commit_alone(&pair, make_pair(7, 0), make_pair(9, 2)));
	assert_false(sim_rseq_commit_alone(&pair, make_pair(8, 1), make_pair(9, 2)));
	assert_true(pair == make_pair(7, 1));
}

/* try_cmpxchg128() takes the sequence here: on failure it hands back what the pair holds. */
static void test_try_cmpxchg128_alone_updates_the_expected_value_on_failure(void **state)
{
	u128 old = make_pair(1, 1);

	skip_without_sequences();
	assert_true(sim_single_threaded());
	pair = make_pair(5, 3);
	assert_false(try_cmpxchg128(&pair, &old, make_pair(6, 4)));
	assert_true(old == make_pair(5, 3));
	assert_true(pair == make_pair(5, 3));
	assert_true(try_cmpxchg128(&pair, &old, make_pair(6, 4)));
	assert_true(pair == make_pair(6, 4));
}

/* What the interrupting handler adds to the low word, apart from the loop's 1s. */
#define HANDLER_STEP	1000
/* The run stops at SIGNALS_WANTED or after 20 s; a loaded host may deliver fewer. */
#define SIGNALS_WANTED	20000
#define SIGNALS_NEEDED	1000

static volatile sig_atomic_t handler_runs;

/* An "interrupt": changes the pair under the loop, as an IRQ's alloc would. */
static void bump_pair(int sig)
{
	u64 *word = (u64 *)&pair;

	WRITE_ONCE(word[1], READ_ONCE(word[1]) + 1);
	WRITE_ONCE(word[0], READ_ONCE(word[0]) + HANDLER_STEP);
	handler_runs++;
}

/*
 * A loop of commits under a fast timer signal: every change made by a
 * commit or by the handler survives, so the low word ends as the sum of
 * both.  A sequence the host did not restart when the handler ran inside
 * it would store its stale sum over the handler's.  The high word counts
 * the same changes: a restarted sequence has stored nothing.
 */
static void test_a_signal_inside_the_sequence_loses_no_update(void **state)
{
	struct sigaction sa = { .sa_handler = bump_pair };
	struct itimerval every = { { 0, 20 }, { 0, 20 } }, stop = {};
	u64 *word = (u64 *)&pair;
	unsigned long commits = 0;
	time_t deadline = time(NULL) + 20;

	skip_without_sequences();
	pair = 0;
	handler_runs = 0;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGALRM, &sa, NULL), 0);
	assert_int_equal(setitimer(ITIMER_REAL, &every, NULL), 0);
	while (handler_runs < SIGNALS_WANTED && time(NULL) < deadline) {
		u64 hi = READ_ONCE(word[1]), lo = READ_ONCE(word[0]);

		commits += sim_rseq_commit_alone(&pair, make_pair(lo, hi),
						 make_pair(lo + 1, hi + 1));
	}
	assert_int_equal(setitimer(ITIMER_REAL, &stop, NULL), 0);
	signal(SIGALRM, SIG_DFL);

	assert_true(handler_runs >= SIGNALS_NEEDED);
	assert_true(commits > 0);
	assert_int_equal(word[0], commits + (u64)handler_runs * HANDLER_STEP);
	assert_int_equal(word[1], commits + (u64)handler_runs);
}

static volatile sig_atomic_t torn_seen;

/* An "interrupt" that looks at the pair: its two words move together. */
static void look_at_pair(int sig)
{
	const u64 *word = (const u64 *)&pair;

	if (READ_ONCE(word[0]) != READ_ONCE(word[1]))
		torn_seen++;
	handler_runs++;
}

/*
 * A sequence the host restarts anywhere must leave the pair as it was,
 * not half new: a slab's pair is a freelist and the counters that count
 * it, and a retry computed from a new count and an old freelist counts an
 * object twice.  The loop keeps both words equal; a handler running after
 * any restart checks that they are.  (Committed as two 8-byte stores,
 * the pair was left half new within the first few thousand signals.)
 */
static void test_a_signal_inside_the_sequence_never_sees_half_a_commit(void **state)
{
	struct sigaction sa = { .sa_handler = look_at_pair };
	struct itimerval every = { { 0, 20 }, { 0, 20 } }, stop = {};
	u64 *word = (u64 *)&pair;
	time_t deadline = time(NULL) + 20;

	skip_without_sequences();
	pair = 0;
	handler_runs = 0;
	torn_seen = 0;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGALRM, &sa, NULL), 0);
	assert_int_equal(setitimer(ITIMER_REAL, &every, NULL), 0);
	while (handler_runs < SIGNALS_WANTED && time(NULL) < deadline) {
		u64 n = READ_ONCE(word[0]);

		sim_rseq_commit_alone(&pair, make_pair(n, n),
				      make_pair(n + 1, n + 1));
	}
	assert_int_equal(setitimer(ITIMER_REAL, &stop, NULL), 0);
	signal(SIGALRM, SIG_DFL);

	assert_true(handler_runs >= SIGNALS_NEEDED);
	assert_int_equal(torn_seen, 0);
	assert_int_equal(word[0], word[1]);
}

/* The machine comes up on the first allocation, and decides sim_rseq_alone_ok. */
static int bring_the_machine_up(void **state)
{
	kfree(kmalloc(16, GFP_KERNEL));
	return 0;
}
#endif

int main(void)
{
#if SIM_RSEQ_ALONE
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commit_stores_new_over_the_pair_it_was_given),
		cmocka_unit_test(test_commit_fails_and_writes_nothing_on_a_changed_word),
		cmocka_unit_test(test_try_cmpxchg128_alone_updates_the_expected_value_on_failure),
		cmocka_unit_test(test_a_signal_inside_the_sequence_loses_no_update),
		cmocka_unit_test(test_a_signal_inside_the_sequence_never_sees_half_a_commit),
	};

	return cmocka_run_group_tests(tests, bring_the_machine_up, NULL);
#else
	/* Exit 77: meson's skip, shown with this reason by tests/run-all.sh. */
	printf("SKIP: no restartable sequences in this build (ThreadSanitizer cannot see into their asm, or not x86_64)\n");
	return 77;
#endif
}
