// SPDX-License-Identifier: GPL-2.0
/*
 * The lock API beyond spinlocks: rw_semaphore (kernel/locking/rwsem.c),
 * rwlock_t, seqcount/seqlock (Documentation/locking/seqlock.rst), the _bh
 * forms (include/linux/bottom_half.h) and the mutex variants
 * (kernel/locking/mutex.c), each with its effect on preemption and what
 * lockdep and might_sleep() say.  Runs with and without preempt=rt.
 */
#include <pthread.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include "shim_harness.h"

/* Run fn(arg) in another thread and return its int result. */
static long in_other_thread(void *(*fn)(void *), void *arg)
{
	pthread_t t;
	void *ret;

	assert_int_equal(pthread_create(&t, NULL, fn, arg), 0);
	pthread_join(t, &ret);
	return (long)ret;
}

static DECLARE_RWSEM(sem);

static void *try_read(void *arg)
{
	long got = down_read_trylock(arg);

	if (got)
		up_read(arg);
	return (void *)got;
}

static void *try_write(void *arg)
{
	long got = down_write_trylock(arg);

	if (got)
		up_write(arg);
	return (void *)got;
}

/* down_read(): readers share; a writer is kept out. */
static void test_rwsem_readers_share_and_exclude_writers(void **state)
{
	down_read(&sem);
	assert_int_equal(in_other_thread(try_read, &sem), 1);
	assert_int_equal(in_other_thread(try_write, &sem), 0);
	up_read(&sem);
	assert_int_equal(in_other_thread(try_write, &sem), 1);
}

/* down_write(): excludes readers and writers. */
static void test_rwsem_writer_excludes_everyone(void **state)
{
	down_write(&sem);
	assert_true(rwsem_is_locked(&sem));
	assert_int_equal(in_other_thread(try_read, &sem), 0);
	assert_int_equal(in_other_thread(try_write, &sem), 0);
	up_write(&sem);
	assert_false(rwsem_is_locked(&sem));
}

static int reader_in;
static struct task_struct *reader_task;

static void *read_then_mark(void *arg)
{
	smp_store_release(&reader_task, current);
	down_read(arg);
	WRITE_ONCE(reader_in, 1);
	up_read(arg);
	return NULL;
}

/*
 * down_read() sleeps while a writer holds the semaphore, and gets it after
 * up_write(): the reader is seen asleep (or, wrongly, in) before the
 * writer lets go, however slowly it got there.
 */
static void test_rwsem_reader_waits_for_the_writer(void **state)
{
	struct task_struct *reader;
	pthread_t t;

	WRITE_ONCE(reader_in, 0);
	WRITE_ONCE(reader_task, NULL);
	down_write(&sem);
	pthread_create(&t, NULL, read_then_mark, &sem);
	while (!(reader = smp_load_acquire(&reader_task)))
		msleep(1);
	while (task_is_running(reader) && !READ_ONCE(reader_in))
		msleep(1);
	/* 0 if down_read() returned instead of sleeping. */
	assert_true(wait_task_inactive(reader, TASK_UNINTERRUPTIBLE));
	assert_int_equal(READ_ONCE(reader_in), 0);
	up_write(&sem);
	pthread_join(t, NULL);
	assert_int_equal(reader_in, 1);
}

/* downgrade_write(): the writer becomes a reader, letting readers in but not writers. */
static void test_rwsem_downgrade_lets_readers_in(void **state)
{
	down_write(&sem);
	downgrade_write(&sem);
	assert_int_equal(in_other_thread(try_read, &sem), 1);
	assert_int_equal(in_other_thread(try_write, &sem), 0);
	up_read(&sem);
	assert_false(rwsem_is_locked(&sem));
}

/* lockdep_assert_held_write(): silent for the writer, a WARN otherwise. */
static void test_rwsem_lockdep_knows_the_writer(void **state)
{
	unsigned long warns;

	down_write(&sem);
	lockdep_assert_held(&sem);
	lockdep_assert_held_write(&sem);
	up_write(&sem);
	warns = sim_warn_count();
	lockdep_assert_held_write(&sem);
	assert_int_equal(sim_warn_count(), warns + 1);
}

/* down_read() may sleep: reported under a spinlock (not with preempt=rt, where it does not disable preemption). */
static void test_rwsem_in_atomic_context_is_reported(void **state)
{
	spinlock_t lock;

	spin_lock_init(&lock);
	spin_lock(&lock);
	down_read(&sem);
	up_read(&sem);
	spin_unlock(&lock);
	if (sim_preempt_rt())
		assert_int_equal(sim_warn_count(), 0);
	else
		assert_captured("BUG: sleeping function called from invalid context");
}

#define WRITERS	4
#define ROUNDS	2000

static long shared_count;

static void *write_rounds(void *arg)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		down_write(arg);
		shared_count++;		/* plain: the rwsem is the only guard */
		up_write(arg);
	}
	return NULL;
}

/* Writers never overlap: no increment is lost. */
static void test_rwsem_writers_lose_no_update(void **state)
{
	pthread_t t[WRITERS];
	int i;

	shared_count = 0;
	for (i = 0; i < WRITERS; i++)
		pthread_create(&t[i], NULL, write_rounds, &sem);
	for (i = 0; i < WRITERS; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(shared_count, WRITERS * ROUNDS);
}

static DEFINE_RWLOCK(rwlock);

static void *try_read_lock(void *arg)
{
	long got = read_trylock((rwlock_t *)arg);

	if (got)
		read_unlock((rwlock_t *)arg);
	return (void *)got;
}

static void *try_write_lock(void *arg)
{
	long got = write_trylock((rwlock_t *)arg);

	if (got)
		write_unlock((rwlock_t *)arg);
	return (void *)got;
}

/* read_lock(): shared with readers, not with a writer; disables preemption (PREEMPT_RT: migration). */
static void test_rwlock_read_lock_is_shared(void **state)
{
	read_lock(&rwlock);
	assert_int_equal(preempt_count(), sim_preempt_rt() ? 0 : 1);
	assert_int_equal(in_other_thread(try_read_lock, &rwlock), 1);
	assert_int_equal(in_other_thread(try_write_lock, &rwlock), 0);
	read_unlock(&rwlock);
	assert_int_equal(preempt_count(), 0);
}

/* write_lock_irqsave(): exclusive, interrupts off (PREEMPT_RT: left on), restored after. */
static void test_rwlock_write_lock_irqsave_is_exclusive(void **state)
{
	unsigned long flags;

	write_lock_irqsave(&rwlock, flags);
	assert_int_equal(irqs_disabled(), !sim_preempt_rt());
	assert_int_equal(in_other_thread(try_read_lock, &rwlock), 0);
	write_unlock_irqrestore(&rwlock, flags);
	assert_false(irqs_disabled());
	assert_int_equal(in_other_thread(try_write_lock, &rwlock), 1);
}

/* read_lock_bh(): bottom halves off for the section, back on after. */
static void test_rwlock_bh_forms_disable_bottom_halves(void **state)
{
	read_lock_bh(&rwlock);
	assert_int_equal(in_atomic(), !sim_preempt_rt());
	read_unlock_bh(&rwlock);
	write_lock_bh(&rwlock);
	assert_int_equal(in_atomic(), !sim_preempt_rt());
	write_unlock_bh(&rwlock);
	assert_false(in_atomic());
}

/* local_bh_disable(): an atomic context (SOFTIRQ_DISABLE_OFFSET), not with PREEMPT_RT. */
static void test_local_bh_disable_makes_context_atomic(void **state)
{
	local_bh_disable();
	assert_int_equal(in_atomic(), !sim_preempt_rt());
	local_bh_enable();
	assert_false(in_atomic());
}

/* spin_lock_bh(): takes the lock with bottom halves off; spin_unlock_bh() undoes both. */
static void test_spin_lock_bh_takes_lock(void **state)
{
	spinlock_t lock;

	spin_lock_init(&lock);
	spin_lock_bh(&lock);
	assert_true(spin_is_locked(&lock));
	lockdep_assert_held(&lock);
	spin_unlock_bh(&lock);
	assert_false(spin_is_locked(&lock));
	assert_false(in_atomic());
	assert_true(spin_trylock_bh(&lock));
	spin_unlock_bh(&lock);
}

static DEFINE_SEQLOCK(seq);

/* read_seqretry(): false with no writer since read_seqbegin(), true after one. */
static void test_seqlock_retry_only_after_a_write(void **state)
{
	unsigned int start = read_seqbegin(&seq);

	assert_false(read_seqretry(&seq, start));
	write_seqlock(&seq);
	write_sequnlock(&seq);
	assert_true(read_seqretry(&seq, start));
	start = read_seqbegin(&seq);
	assert_false(read_seqretry(&seq, start));
}

/* raw_write_seqcount_begin(): the count is odd while the write runs. */
static void test_seqcount_is_odd_during_a_write(void **state)
{
	seqcount_t sc = SEQCNT_ZERO(sc);

	raw_write_seqcount_begin(&sc);
	assert_true(raw_read_seqcount(&sc) & 1);
	raw_write_seqcount_end(&sc);
	assert_int_equal(raw_read_seqcount(&sc), 2);
}

/* write_seqcount_begin() on a seqcount_spinlock_t: lockdep WARNs unless its lock is held. */
static void test_seqcount_spinlock_wants_its_lock(void **state)
{
	spinlock_t lock;
	seqcount_spinlock_t sc;
	unsigned long warns = sim_warn_count();

	spin_lock_init(&lock);
	seqcount_spinlock_init(&sc, &lock);
	spin_lock(&lock);
	write_seqcount_begin(&sc);
	write_seqcount_end(&sc);
	spin_unlock(&lock);
	assert_int_equal(sim_warn_count(), warns);
	write_seqcount_begin(&sc);
	write_seqcount_end(&sc);
	assert_int_equal(sim_warn_count(), warns + 1);
}

static struct {
	long a, b;
} pair;
static int writers_done;

static void *seq_writer(void *arg)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		unsigned long flags;

		write_seqlock_irqsave(&seq, flags);
		WRITE_ONCE(pair.a, pair.a + 1);
		WRITE_ONCE(pair.b, pair.b + 1);
		write_sequnlock_irqrestore(&seq, flags);
	}
	__atomic_fetch_add(&writers_done, 1, __ATOMIC_SEQ_CST);
	return arg;
}

/* A reader that does not retry saw one consistent update (a == b). */
static void test_seqlock_readers_see_consistent_pairs(void **state)
{
	pthread_t t[2];
	long torn = 0;
	int i;

	writers_done = 0;
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, seq_writer, NULL);
	while (__atomic_load_n(&writers_done, __ATOMIC_SEQ_CST) < 2) {
		unsigned int start;
		long a, b;

		do {
			start = read_seqbegin(&seq);
			a = READ_ONCE(pair.a);
			b = READ_ONCE(pair.b);
		} while (read_seqretry(&seq, start));
		torn += a != b;
	}
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(torn, 0);
	assert_int_equal(pair.a, 2 * ROUNDS);
}

static DEFINE_MUTEX(mutex);

static void *try_mutex(void *arg)
{
	long got = mutex_trylock((struct mutex *)arg);

	if (got)
		mutex_unlock((struct mutex *)arg);
	return (void *)got;
}

/* mutex_trylock(): 1 if free, 0 while another task holds it; mutex_is_locked() tells. */
static void test_mutex_trylock_and_is_locked(void **state)
{
	assert_false(mutex_is_locked(&mutex));
	assert_int_equal(in_other_thread(try_mutex, &mutex), 1);
	mutex_lock(&mutex);
	assert_true(mutex_is_locked(&mutex));
	assert_int_equal(in_other_thread(try_mutex, &mutex), 0);
	mutex_unlock(&mutex);
}

/* mutex_lock_interruptible()/_killable(): 0 with the mutex held. */
static void test_mutex_interruptible_returns_zero_holding_it(void **state)
{
	assert_int_equal(mutex_lock_interruptible(&mutex), 0);
	lockdep_assert_held(&mutex);
	mutex_unlock(&mutex);
	assert_int_equal(mutex_lock_killable(&mutex), 0);
	assert_true(mutex_is_locked(&mutex));
	mutex_unlock(&mutex);
	mutex_lock_nested(&mutex, 1);
	assert_true(mutex_is_locked(&mutex));
	mutex_unlock(&mutex);
}

/* mutex_lock() may sleep: reported with bottom halves disabled (not with PREEMPT_RT). */
static void test_mutex_with_bh_disabled_is_reported(void **state)
{
	local_bh_disable();
	mutex_lock(&mutex);
	mutex_unlock(&mutex);
	local_bh_enable();
	if (sim_preempt_rt())
		assert_int_equal(sim_warn_count(), 0);
	else
		assert_captured("BUG: sleeping function called from invalid context");
}

/* mutex_destroy() of a held mutex: CONFIG_DEBUG_MUTEXES WARNs. */
static void test_mutex_destroy_while_held_warns(void **state)
{
	struct mutex m;
	unsigned long warns = sim_warn_count();

	mutex_init(&m);
	mutex_lock(&m);
	mutex_destroy(&m);
	assert_int_equal(sim_warn_count(), warns + 1);
	mutex_unlock(&m);
}

#define CLEAN(t)	cmocka_unit_test_setup_teardown(t, expect_clean_setup, expect_clean_teardown)
#define REPORTS(t)	cmocka_unit_test_setup_teardown(t, report_setup, report_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CLEAN(test_rwsem_readers_share_and_exclude_writers),
		CLEAN(test_rwsem_writer_excludes_everyone),
		CLEAN(test_rwsem_reader_waits_for_the_writer),
		CLEAN(test_rwsem_downgrade_lets_readers_in),
		REPORTS(test_rwsem_lockdep_knows_the_writer),
		REPORTS(test_rwsem_in_atomic_context_is_reported),
		CLEAN(test_rwsem_writers_lose_no_update),
		CLEAN(test_rwlock_read_lock_is_shared),
		CLEAN(test_rwlock_write_lock_irqsave_is_exclusive),
		CLEAN(test_rwlock_bh_forms_disable_bottom_halves),
		CLEAN(test_local_bh_disable_makes_context_atomic),
		CLEAN(test_spin_lock_bh_takes_lock),
		CLEAN(test_seqlock_retry_only_after_a_write),
		CLEAN(test_seqcount_is_odd_during_a_write),
		REPORTS(test_seqcount_spinlock_wants_its_lock),
		CLEAN(test_seqlock_readers_see_consistent_pairs),
		CLEAN(test_mutex_trylock_and_is_locked),
		CLEAN(test_mutex_interruptible_returns_zero_holding_it),
		REPORTS(test_mutex_with_bh_disabled_is_reported),
		REPORTS(test_mutex_destroy_while_held_warns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
