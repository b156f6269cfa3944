// SPDX-License-Identifier: GPL-2.0
/*
 * Torture: threads allocate and free at random from several caches and
 * kmalloc sizes, in bulk and singly, hand objects to each other through a
 * mailbox (so frees are remote), migrate between CPUs, shrink caches,
 * free through kfree_rcu(), and one of them takes CPUs offline and back.
 * Every object carries a tag (owner, size, check word) and a fill pattern
 * that are verified at free, and a registry of live objects catches an
 * object handed out twice.  At the end a page census proves every object
 * and page is accounted for.
 *
 * TORTURE_THREADS, TORTURE_OPS (per thread) and TORTURE_SEED set the run;
 * TORTURE_SEED=0 picks one from the clock.  The seed is printed: the same
 * seed replays the same operations on every thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <linux/rcupdate.h>
#include <linux/cpu.h>
#include <sim/rseq.h>
#include "harness.h"

#define MAX_THREADS	16
#define OWN		256	/* objects a thread holds at most */
#define MAILBOX		512
#define REGISTRY	4096	/* buckets of the live-object registry */
#define NR_CACHES	4

struct tag {
	u32 owner;
	u32 size;
	u64 check;
	struct rcu_head rcu;	/* for kfree_rcu of kmalloc objects */
};

struct object {
	void *p;
	int cache;		/* index in caches[], or -1 for kmalloc */
	u32 size;
};

static struct kmem_cache *caches[NR_CACHES];
static const unsigned int cache_sizes[NR_CACHES] = { 48, 200, 1000, 96 };
static struct object mailbox[MAILBOX];
static pthread_mutex_t mailbox_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int nr_threads, ops_per_thread;
static unsigned long seed;
static atomic_long_t corrupt, double_owned, unknown_freed;

/* ---- the registry of live objects: lock-striped hash of pointers ---- */

struct bucket {
	pthread_mutex_t lock;
	unsigned int nr, cap;
	void **ptrs;
};

static struct bucket registry[REGISTRY];

static struct bucket *bucket_of(void *p)
{
	return &registry[((unsigned long)p >> 4) * 0x9e3779b97f4a7c15UL >> 52];
}

static void registry_add(void *p)
{
	struct bucket *b = bucket_of(p);
	unsigned int i;

	pthread_mutex_lock(&b->lock);
	for (i = 0; i < b->nr; i++)
		if (b->ptrs[i] == p)
			atomic_long_inc(&double_owned);
	if (b->nr == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 8;
		b->ptrs = realloc(b->ptrs, b->cap * sizeof(void *));
	}
	b->ptrs[b->nr++] = p;
	pthread_mutex_unlock(&b->lock);
}

static void registry_del(void *p)
{
	struct bucket *b = bucket_of(p);
	unsigned int i;

	pthread_mutex_lock(&b->lock);
	for (i = 0; i < b->nr && b->ptrs[i] != p; i++)
		;
	if (i == b->nr)
		atomic_long_inc(&unknown_freed);
	else
		b->ptrs[i] = b->ptrs[--b->nr];
	pthread_mutex_unlock(&b->lock);
}

/* ---- tagging ---- */

static u64 check_word(void *p, u32 owner, u32 size)
{
	return ((u64)(unsigned long)p ^ ((u64)owner << 32) ^ size) *
	       0xff51afd7ed558ccdULL;
}

static void tag(struct object *o, u32 owner)
{
	struct tag *t = o->p;

	t->owner = owner;
	t->size = o->size;
	t->check = check_word(o->p, owner, o->size);
	memset((char *)o->p + sizeof(*t), (int)(t->check & 0xff),
	       min_t(u32, o->size - sizeof(*t) - 1, 64));
	((unsigned char *)o->p)[o->size - 1] = (unsigned char)(t->check >> 8);
}

static bool verify(const struct object *o, u32 owner)
{
	const struct tag *t = o->p;
	const unsigned char *fill = (const unsigned char *)o->p + sizeof(*t);
	u32 i, n = min_t(u32, o->size - sizeof(*t) - 1, 64);

	if (t->owner != owner || t->size != o->size ||
	    t->check != check_word(o->p, owner, o->size))
		return false;
	for (i = 0; i < n; i++)
		if (fill[i] != (unsigned char)(t->check & 0xff))
			return false;
	return ((const unsigned char *)o->p)[o->size - 1] ==
	       (unsigned char)(t->check >> 8);
}

/* Count a failed verification; print the first few. */
static void corrupted(const struct object *o, u32 owner, const char *where)
{
	const struct tag *t = o->p;

	if (atomic_long_inc_return(&corrupt) <= 5)
		fprintf(stderr, "torture: %s: object %p of %s (%u bytes), owner %#x: tag says owner %#x size %u check %s\n",
			where, o->p, o->cache >= 0 ? caches[o->cache]->name : "kmalloc",
			o->size, owner, t->owner, t->size,
			t->check == check_word(o->p, owner, o->size) ? "ok" : "bad");
}

/* ---- one thread ---- */

struct worker {
	unsigned int id;
	u64 rng;
	struct object own[OWN];
	unsigned int nr_own;
	unsigned long ops[8];
};

static u64 next_random(struct worker *w)
{
	w->rng ^= w->rng << 13;
	w->rng ^= w->rng >> 7;
	w->rng ^= w->rng << 17;
	return w->rng;
}

static u32 kmalloc_size(struct worker *w)
{
	u64 r = next_random(w);

	if (r % 64 == 0)
		return 16384 + (u32)(r >> 8) % 49152;	/* large kmalloc */
	return sizeof(struct tag) + 1 + (u32)(r >> 8) % 8160;
}

static bool keep(struct worker *w, struct object o)
{
	if (!o.p)
		return false;
	registry_add(o.p);
	tag(&o, w->id);
	w->own[w->nr_own++] = o;
	return true;
}

static void release(struct worker *w, unsigned int i, bool via_rcu)
{
	struct object o = w->own[i];

	w->own[i] = w->own[--w->nr_own];
	if (!verify(&o, w->id))
		corrupted(&o, w->id, "free");
	registry_del(o.p);
	if (o.cache >= 0)
		kmem_cache_free(caches[o.cache], o.p);
	else if (via_rcu)
		kvfree_call_rcu(&((struct tag *)o.p)->rcu, o.p);
	else
		kfree(o.p);
}

static void do_alloc(struct worker *w)
{
	int c = (int)(next_random(w) % (NR_CACHES + 1)) - 1;
	struct object o = { .cache = c };

	if (c < 0) {
		o.size = kmalloc_size(w);
		o.p = kmalloc(o.size, GFP_KERNEL);
	} else {
		o.size = cache_sizes[c];
		o.p = kmem_cache_alloc(caches[c], GFP_KERNEL);
	}
	keep(w, o);
}

static void do_bulk_alloc(struct worker *w)
{
	int c = (int)(next_random(w) % NR_CACHES);
	size_t n = 1 + next_random(w) % 32, i;
	void *p[32];

	if (w->nr_own + n > OWN)
		return;
	if (kmem_cache_alloc_bulk(caches[c], GFP_KERNEL, n, p) != (int)n)
		return;
	for (i = 0; i < n; i++)
		keep(w, (struct object){ p[i], c, cache_sizes[c] });
}

static void do_bulk_free(struct worker *w)
{
	int c = (int)(next_random(w) % NR_CACHES);
	void *p[32];
	size_t n = 0;
	unsigned int i = 0;

	while (i < w->nr_own && n < 32) {
		struct object o = w->own[i];

		if (o.cache != c) {
			i++;
			continue;
		}
		if (!verify(&o, w->id))
			corrupted(&o, w->id, "bulk free");
		registry_del(o.p);
		p[n++] = o.p;
		w->own[i] = w->own[--w->nr_own];
	}
	if (n)
		kmem_cache_free_bulk(caches[c], n, p);
}

/* Swap one of ours with a mailbox slot: the taker re-tags what it gets. */
static void do_exchange(struct worker *w)
{
	unsigned int slot = next_random(w) % MAILBOX;
	struct object mine = { NULL }, theirs;

	if (w->nr_own && next_random(w) % 2) {
		unsigned int i = next_random(w) % w->nr_own;

		mine = w->own[i];
		w->own[i] = w->own[--w->nr_own];
		if (!verify(&mine, w->id))
			corrupted(&mine, w->id, "give");
		tag(&mine, 0xffffffffU);	/* in the mailbox */
	}
	pthread_mutex_lock(&mailbox_lock);
	theirs = mailbox[slot];
	mailbox[slot] = mine;
	pthread_mutex_unlock(&mailbox_lock);
	if (theirs.p) {
		if (!verify(&theirs, 0xffffffffU))
			corrupted(&theirs, 0xffffffffU, "take");
		tag(&theirs, w->id);
		w->own[w->nr_own++] = theirs;
	}
}

static void do_hotplug(struct worker *w)
{
	int cpu = 1 + (int)(next_random(w) % (nr_cpu_ids - 1));

	if (cpu_online(cpu))
		sim_cpu_offline(cpu);
	else
		sim_cpu_online(cpu);
}

static void *torture_thread(void *arg)
{
	struct worker *w = arg;
	unsigned int op;

	for (op = 0; op < ops_per_thread; op++) {
		unsigned int r = next_random(w) % 1000;

		if (w->nr_own == OWN)
			r = 400;	/* full hands: free */
		if (r < 350) {
			do_alloc(w);
			w->ops[0]++;
		} else if (r < 600) {
			if (w->nr_own)
				release(w, next_random(w) % w->nr_own,
					next_random(w) % 16 == 0);
			w->ops[1]++;
		} else if (r < 680) {
			do_bulk_alloc(w);
			w->ops[2]++;
		} else if (r < 760) {
			do_bulk_free(w);
			w->ops[3]++;
		} else if (r < 900) {
			do_exchange(w);
			w->ops[4]++;
		} else if (r < 970) {
			sim_set_cpu((int)(next_random(w) % nr_cpu_ids));
			w->ops[5]++;
		} else if (r < 995) {
			kmem_cache_shrink(caches[next_random(w) % NR_CACHES]);
			w->ops[6]++;
		} else if (w->id == 0 && nr_cpu_ids > 1) {
			do_hotplug(w);
			w->ops[7]++;
		}
	}
	while (w->nr_own)
		release(w, w->nr_own - 1, false);
	return NULL;
}

static unsigned int env_uint(const char *name, unsigned int dflt)
{
	const char *v = getenv(name);

	return v && *v ? (unsigned int)strtoul(v, NULL, 0) : dflt;
}

static void test_torture_loses_and_corrupts_nothing(void **state)
{
	static struct worker workers[MAX_THREADS];
	pthread_t threads[MAX_THREADS];
	struct page_census before, after;
	const struct census_cache *cc;
	unsigned long ops[8] = { 0 };
	unsigned int i, k, cpu;

	nr_threads = min_t(unsigned int, env_uint("TORTURE_THREADS", 4), MAX_THREADS);
	ops_per_thread = env_uint("TORTURE_OPS", 20000);
	seed = env_uint("TORTURE_SEED", 1);
	if (!seed)
		seed = (unsigned long)time(NULL);
	printf("torture: TORTURE_SEED=%lu TORTURE_THREADS=%u TORTURE_OPS=%u on %u CPUs\n",
	       seed, nr_threads, ops_per_thread, nr_cpu_ids);

	for (i = 0; i < REGISTRY; i++)
		pthread_mutex_init(&registry[i].lock, NULL);
	for (i = 0; i < NR_CACHES; i++) {
		char name[32];

		snprintf(name, sizeof(name), "torture-%u", cache_sizes[i]);
		caches[i] = kmem_cache_create(name, cache_sizes[i], 0,
					      SLAB_NO_MERGE |
					      (i == 2 ? SLAB_HWCACHE_ALIGN : 0) |
					      (i == 3 ? SLAB_TYPESAFE_BY_RCU : 0),
					      NULL);
		assert_non_null(caches[i]);
	}
	page_census(&before);

	for (i = 0; i < nr_threads; i++) {
		workers[i] = (struct worker){ .id = i,
			.rng = (seed + 1) * 0x9e3779b97f4a7c15ULL + i };
		pthread_create(&threads[i], NULL, torture_thread, &workers[i]);
	}
	for (i = 0; i < nr_threads; i++) {
		pthread_join(threads[i], NULL);
		for (k = 0; k < 8; k++)
			ops[k] += workers[i].ops[k];
	}
	for (i = 0; i < MAILBOX; i++) {
		if (!mailbox[i].p)
			continue;
		if (!verify(&mailbox[i], 0xffffffffU))
			corrupted(&mailbox[i], 0xffffffffU, "drain");
		registry_del(mailbox[i].p);
		if (mailbox[i].cache >= 0)
			kmem_cache_free(caches[mailbox[i].cache], mailbox[i].p);
		else
			kfree(mailbox[i].p);
		mailbox[i].p = NULL;
	}
	for_each_possible_cpu(cpu)
		if (!cpu_online(cpu))
			sim_cpu_online(cpu);
	kvfree_rcu_barrier();
	printf("torture: alloc %lu free %lu bulk-alloc %lu bulk-free %lu exchange %lu migrate %lu shrink %lu hotplug %lu\n",
	       ops[0], ops[1], ops[2], ops[3], ops[4], ops[5], ops[6], ops[7]);
	/* libslab-fast with cpu_map=getcpu: which commit the run ended with. */
	printf("torture: per-CPU commits %s at the end\n",
	       sim_rseq_active() ? "restartable sequences" : "locked");

	assert_int_equal(atomic_long_read(&corrupt), 0);
	assert_int_equal(atomic_long_read(&double_owned), 0);
	assert_int_equal(atomic_long_read(&unknown_freed), 0);
	for (i = 0; i < REGISTRY; i++)
		assert_int_equal(registry[i].nr, 0);

	page_census(&after);
	/* The kmalloc caches hold exactly what they held before. */
	assert_census_back_to(&before, &after);
	for (i = 0; i < NR_CACHES; i++) {
		cc = census_of(&after, caches[i]);
		assert_non_null(cc);
		assert_int_equal(cc->inuse, 0);
		assert_int_equal(libslab_validate(caches[i]), 0);
	}
	for (i = 0; i < NR_CACHES; i++)
		kmem_cache_destroy(caches[i]);
	page_census(&after);
	for (i = 0; i < NR_CACHES; i++)
		assert_null(census_of(&after, caches[i]));
	assert_int_equal(after.orphan_slabs, 0);
	for (i = 0; i < REGISTRY; i++)
		free(registry[i].ptrs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_torture_loses_and_corrupts_nothing, expect_clean_setup, expect_clean_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
