// SPDX-License-Identifier: GPL-2.0
/*
 * call_rcu(), rcu_barrier() and kvfree_call_rcu() (rcupdate.h) on top of
 * liburcu grace periods.  Callbacks and objects to free are queued in
 * order with a sequence number; one callback thread takes everything
 * queued, waits for a grace period, runs the callbacks and frees the
 * objects, then publishes the last sequence number it completed, which is
 * what the barriers wait for.  The queue is under a mutex, so callbacks
 * happen after their call_rcu() for race detectors as well.  At exit the
 * thread is stopped and joined (stop_callback_thread()).  A test sees
 * the thread held up by a reader with sim_rcu_waits_for_readers().
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/preempt.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <sim/annotate.h>
#include <sim/rcu.h>
#include "rcu_urcu.h"
#include "../machine/sim.h"

/* Objects of the one-argument kvfree_rcu() wait in chunks of this many. */
#define PTR_CHUNK	510
/* How long exit waits for a batch in progress (it may never end). */
#define EXIT_WAIT_SECONDS	5

struct ptr_chunk {
	struct ptr_chunk *next;
	unsigned int nr;
	void *ptrs[PTR_CHUNK];
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t work;		/* something queued */
	pthread_cond_t done;		/* a batch completed */
	struct rcu_head *callbacks, **callbacks_tail;
	struct rcu_head *frees, **frees_tail;	/* func holds the object */
	struct ptr_chunk *chunks;
	unsigned long queued;		/* sequence of the last item queued */
	unsigned long completed;	/* sequence of the last item completed */
	unsigned long gp_batch;		/* last item of the batch in a grace period, or 0 */
	bool thread_started;
	bool stopping;			/* the process exits: no new batch */
	bool thread_running;		/* until it leaves after stopping */
	bool barrier_running;		/* an rcu_barrier() runs the queue itself */
	pthread_t thread;
	pid_t thread_pid;		/* its process (a fork child has no thread) */
} q = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.work = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
	.callbacks_tail = &q.callbacks,
	.frees_tail = &q.frees,
};

/* Read sections end before a grace period ends: one token for detectors. */
static int grace_period_token;

void rcu_read_lock(void)
{
	sim_urcu_read_lock();
}

void rcu_read_unlock(void)
{
	sim_release(&grace_period_token);
	sim_urcu_read_unlock();
}

bool rcu_read_lock_held(void)
{
	return sim_urcu_read_held();
}

void synchronize_rcu(void)
{
	might_sleep();
	WARN_ON_ONCE(sim_urcu_read_held());
	sim_urcu_synchronize();
	sim_acquire(&grace_period_token);
}

/*
 * What frees kvfree_rcu()'s objects: the core's kvfree(), bound by the
 * front end's start-up (front/startup.c), since the runtime never
 * calls up into the core.
 */
static void (*bound_kvfree)(const void *object);

void sim_rcu_bind_kvfree(void (*kvfree_fn)(const void *object))
{
	__atomic_store_n(&bound_kvfree, kvfree_fn, __ATOMIC_RELEASE);
}

static void free_object(void *object)
{
	void (*kvfree_fn)(const void *) = __atomic_load_n(&bound_kvfree, __ATOMIC_ACQUIRE);

	if (!WARN_ONCE(!kvfree_fn, "kvfree_rcu() of 0x%p before start-up bound kvfree(): leaked\n",
		       object))
		kvfree_fn(object);
}

static void run_batch(struct rcu_head *callbacks, struct rcu_head *frees,
		      struct ptr_chunk *chunks)
{
	struct rcu_head *head, *next;
	struct ptr_chunk *chunk;
	unsigned int i;

	sim_urcu_synchronize();
	__atomic_store_n(&q.gp_batch, 0, __ATOMIC_SEQ_CST);
	sim_acquire(&grace_period_token);
	for (head = callbacks; head; head = next) {
		next = head->next;
		head->func(head);
	}
	for (head = frees; head; head = next) {
		next = head->next;
		free_object((void *)head->func);
	}
	while ((chunk = chunks)) {
		chunks = chunk->next;
		for (i = 0; i < chunk->nr; i++)
			free_object(chunk->ptrs[i]);
		free(chunk);
	}
}

/* Called with q.lock held, dropped meanwhile: run everything queued. */
static void run_queued(void)
{
	struct rcu_head *callbacks = q.callbacks, *frees = q.frees;
	struct ptr_chunk *chunks = q.chunks;
	unsigned long batch = q.queued;

	q.callbacks = NULL;
	q.callbacks_tail = &q.callbacks;
	q.frees = NULL;
	q.frees_tail = &q.frees;
	q.chunks = NULL;
	__atomic_store_n(&q.gp_batch, batch, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&q.lock);

	run_batch(callbacks, frees, chunks);

	pthread_mutex_lock(&q.lock);
	q.completed = batch;
	pthread_cond_broadcast(&q.done);
}

static void *callback_thread(void *unused)
{
	(void)unused;
	pthread_setname_np(pthread_self(), "rcu_cb");
	pthread_mutex_lock(&q.lock);
	while (!q.stopping) {
		if (q.queued == q.completed)
			pthread_cond_wait(&q.work, &q.lock);
		else
			run_queued();
	}
	q.thread_running = false;
	/* A waiting rcu_barrier() now runs the queue itself. */
	pthread_cond_broadcast(&q.done);
	pthread_mutex_unlock(&q.lock);
	return NULL;
}

/* Called with q.lock held; libslab.supp names this function. */
static noinline void start_callback_thread(void)
{
	if (pthread_create(&q.thread, NULL, callback_thread, NULL))
		panic("libslab: cannot start the RCU callback thread\n");
	q.thread_pid = getpid();
	q.thread_started = true;
	q.thread_running = true;
}

/* Called with q.lock held: start the thread at the first use. */
static void queued_one(void)
{
	q.queued++;
	if (!q.thread_started)
		start_callback_thread();
	pthread_cond_signal(&q.work);
}

/*
 * A thread still running at exit is a leak to valgrind (its thread-local
 * storage), so the callback thread is stopped and joined; a destructor
 * runs after the program's own atexit handlers, which may still need it.
 * Callbacks not yet started never run, as pending ones do not when a
 * machine powers off, unless a later rcu_barrier() runs them.  A batch in progress is waited for,
 * but not beyond EXIT_WAIT_SECONDS: a callback may block, and a grace
 * period never ends while a thread stays in a read-side section (exit()
 * called inside one).  The thread is then left running, and libslab.supp
 * tells valgrind so.
 */
__attribute__((destructor)) static void stop_callback_thread(void)
{
	struct timespec deadline;

	pthread_mutex_lock(&q.lock);
	if (!q.thread_started || q.thread_pid != getpid() ||
	    pthread_equal(q.thread, pthread_self())) {
		pthread_mutex_unlock(&q.lock);
		return;
	}
	q.stopping = true;
	pthread_cond_signal(&q.work);
	pthread_mutex_unlock(&q.lock);

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += EXIT_WAIT_SECONDS;
	if (pthread_timedjoin_np(q.thread, NULL, &deadline))
		pr_warn("libslab: RCU callbacks still running %d s into exit (a blocked callback, or a thread in rcu_read_lock()); their thread is left running\n",
			EXIT_WAIT_SECONDS);
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	head->func = func;
	head->next = NULL;
	pthread_mutex_lock(&q.lock);
	*q.callbacks_tail = head;
	q.callbacks_tail = &head->next;
	queued_one();
	pthread_mutex_unlock(&q.lock);
}

void kvfree_call_rcu(struct rcu_head *head, void *ptr)
{
	struct ptr_chunk *chunk;

	if (head) {
		head->func = (rcu_callback_t)ptr;
		head->next = NULL;
		pthread_mutex_lock(&q.lock);
		*q.frees_tail = head;
		q.frees_tail = &head->next;
		queued_one();
		pthread_mutex_unlock(&q.lock);
		return;
	}

	/* No head inside the object: a slot in a chunk, else wait here. */
	might_sleep();
	pthread_mutex_lock(&q.lock);
	chunk = q.chunks;
	if (!chunk || chunk->nr == PTR_CHUNK) {
		chunk = malloc(sizeof(*chunk));
		if (!chunk) {
			pthread_mutex_unlock(&q.lock);
			synchronize_rcu();
			free_object(ptr);
			return;
		}
		chunk->nr = 0;
		chunk->next = q.chunks;
		q.chunks = chunk;
	}
	chunk->ptrs[chunk->nr++] = ptr;
	queued_one();
	pthread_mutex_unlock(&q.lock);
}

void rcu_barrier(void)
{
	unsigned long target;

	might_sleep();
	pthread_mutex_lock(&q.lock);
	target = q.queued;
	while ((long)(q.completed - target) < 0) {
		/*
		 * Once exit has stopped the callback thread (a destructor that
		 * runs after libslab's), the caller runs the queue, one at a time.
		 */
		if (q.stopping && !q.thread_running && !q.barrier_running) {
			q.barrier_running = true;
			run_queued();
			q.barrier_running = false;
		} else {
			pthread_cond_wait(&q.done, &q.lock);
		}
	}
	pthread_mutex_unlock(&q.lock);
}

void kvfree_rcu_barrier(void)
{
	rcu_barrier();
}

/*
 * q.gp_batch is set before the batch's grace period begins and cleared
 * when it ends; read the same before and after liburcu's state, it says
 * that state was seen during a grace period that began after target was
 * queued.  Polled: what ends a grace period is a reader leaving, which
 * nothing here is told of.
 */
bool sim_rcu_waits_for_readers(void)
{
	const struct timespec poll_interval = { .tv_nsec = 1000000 };
	unsigned long target, in_gp;

	pthread_mutex_lock(&q.lock);
	target = q.queued;
	for (;;) {
		if ((long)(q.completed - target) >= 0)
			break;
		in_gp = __atomic_load_n(&q.gp_batch, __ATOMIC_SEQ_CST);
		if (in_gp && (long)(in_gp - target) >= 0 && sim_urcu_gp_asleep_on_readers() &&
		    __atomic_load_n(&q.gp_batch, __ATOMIC_SEQ_CST) == in_gp) {
			pthread_mutex_unlock(&q.lock);
			return true;
		}
		pthread_mutex_unlock(&q.lock);
		nanosleep(&poll_interval, NULL);
		pthread_mutex_lock(&q.lock);
	}
	pthread_mutex_unlock(&q.lock);
	return false;
}
