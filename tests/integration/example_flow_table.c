// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel developer's harness, as a user of libslab writes one: a flow
 * table written the kernel way runs in a process.  Flows come from a
 * KMEM_CACHE and carry a kmalloc'd label; readers look flows up in an
 * RCU hashtable while writers insert under a spinlock; four kthreads make
 * traffic;
 * a garbage collector on its own workqueue, re-armed as delayed work,
 * unlinks idle flows and frees them with kfree_rcu(); once each kthread
 * sent its packets and the collector ran a few times, a completion tells
 * everyone to stop (no time limit: a loaded host only takes longer).  At the end every flow must be accounted for, the
 * cache must be empty when destroyed, and libslab_exit() must find no
 * kmalloc object left.
 */
#include <stdio.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/spinlock.h>
#include <linux/cleanup.h>
#include <linux/hashtable.h>
#include <linux/rcupdate.h>
#include <linux/atomic.h>
#include <linux/random.h>
#include <linux/jiffies.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/workqueue.h>
#include <sim/printk.h>

#define FLOW_HASH_BITS	6
#define FLOW_KEYS	512
#define NR_WORKERS	4
#define FLOW_IDLE	msecs_to_jiffies(5)
/*
 * Each worker sends this many packets at least (over FLOW_KEYS keys, four
 * workers reach nearly every key) and goes on until the collector has run
 * GC_PASSES times: how long that takes does not matter.
 */
#define PACKETS_PER_WORKER	4096
#define GC_PASSES	5

struct flow {
	struct hlist_node node;		/* in flows[], RCU-protected */
	u32 key;
	unsigned long last_seen;	/* jiffies */
	atomic_long_t hits;
	char *label;			/* kmalloc'd; only writers read it */
	struct rcu_head rcu;
};

static struct kmem_cache *flow_cache;
static DEFINE_HASHTABLE(flows, FLOW_HASH_BITS);
static DEFINE_SPINLOCK(table_lock);
static DECLARE_COMPLETION(stop);
static struct workqueue_struct *gc_wq;
static struct delayed_work gc_work;
static atomic_long_t created, collected;
static atomic_t gc_passes;
static DECLARE_COMPLETION(gc_done_enough);

/* The flow of key, or NULL; the caller is in an RCU reader or holds table_lock. */
static struct flow *flow_lookup(u32 key)
{
	struct flow *f;

	/* cppcheck-suppress uninitvar ; it misreads the once-flag of the walk's check */
	hash_for_each_possible_rcu(flows, f, node, key,
				   lockdep_is_held(&table_lock))
		if (f->key == key)
			return f;
	return NULL;
}

/* Count a packet of key, creating its flow if needed; false on no memory. */
static bool flow_hit(u32 key)
{
	struct flow *f, *raced;

	rcu_read_lock();
	f = flow_lookup(key);
	if (f) {
		atomic_long_inc(&f->hits);
		WRITE_ONCE(f->last_seen, jiffies);
	}
	rcu_read_unlock();
	if (f)
		return true;

	f = kmem_cache_alloc(flow_cache, GFP_KERNEL);
	if (!f)
		return false;
	f->label = kmalloc(32, GFP_KERNEL);
	if (!f->label) {
		kmem_cache_free(flow_cache, f);
		return false;
	}
	snprintf(f->label, 32, "flow-%u", key);
	f->key = key;
	f->last_seen = jiffies;
	atomic_long_set(&f->hits, 1);

	spin_lock(&table_lock);
	raced = flow_lookup(key);	/* the lock orders us after other inserts */
	if (!raced) {
		hash_add_rcu(flows, &f->node, key);
		atomic_long_inc(&created);
	}
	spin_unlock(&table_lock);
	if (raced) {
		kfree(f->label);
		kmem_cache_free(flow_cache, f);
	}
	return true;
}

/* Unlink f (table_lock held) and free it once readers are gone. */
static void flow_unlink(struct flow *f)
{
	hash_del_rcu(&f->node);
	kfree(f->label);		/* readers never look at the label */
	kfree_rcu(f, rcu);
	atomic_long_inc(&collected);
}

/* Drop flows idle since before cutoff (all of them if all). */
static void flow_collect(unsigned long cutoff, bool all)
{
	struct hlist_node *tmp;
	struct flow *f;
	unsigned int b;

	guard(spinlock_bh)(&table_lock);
	hash_for_each_safe(flows, b, tmp, f, node)
		if (all || time_before(READ_ONCE(f->last_seen), cutoff))
			flow_unlink(f);
}

static void gc_fn(struct work_struct *work)
{
	flow_collect(jiffies - FLOW_IDLE, false);
	if (atomic_inc_return(&gc_passes) == GC_PASSES)
		complete(&gc_done_enough);
	if (!completion_done(&stop))
		queue_delayed_work(gc_wq, to_delayed_work(work), FLOW_IDLE);
}

static int traffic(void *arg)
{
	long packets = 0;

	/* A fixed amount of traffic, then more until told to stop. */
	while (packets < PACKETS_PER_WORKER ||
	       (!kthread_should_stop() && !completion_done(&stop))) {
		if (!flow_hit(get_random_u32_below(FLOW_KEYS)))
			return -ENOMEM;
		if (!(++packets % 256))
			cond_resched();
	}
	return 0;
}

int main(void)
{
	struct task_struct *workers[NR_WORKERS];
	int i, failed = 0;

	flow_cache = KMEM_CACHE(flow, SLAB_HWCACHE_ALIGN);
	gc_wq = alloc_workqueue("flow_gc", WQ_UNBOUND, 1);
	if (!flow_cache || !gc_wq) {
		pr_err("flow table: set-up failed\n");
		return 1;
	}
	INIT_DELAYED_WORK(&gc_work, gc_fn);
	queue_delayed_work(gc_wq, &gc_work, FLOW_IDLE);
	for (i = 0; i < NR_WORKERS; i++)
		workers[i] = kthread_run(traffic, NULL, "traffic/%d", i);

	/* The collector has run among the traffic, however slow the host. */
	wait_for_completion(&gc_done_enough);
	complete_all(&stop);
	for (i = 0; i < NR_WORKERS; i++)
		failed |= kthread_stop(workers[i]) != 0;
	cancel_delayed_work_sync(&gc_work);
	destroy_workqueue(gc_wq);

	flow_collect(0, true);
	kvfree_rcu_barrier();		/* every kfree_rcu() has freed */
	pr_info("flow table: %ld flows created, %ld collected\n",
		atomic_long_read(&created), atomic_long_read(&collected));
	failed |= atomic_long_read(&created) != atomic_long_read(&collected);
	failed |= atomic_long_read(&created) < FLOW_KEYS / 2;
	kmem_cache_destroy(flow_cache);	/* reports any flow still allocated */
	failed |= sim_warn_count() != 0 || libslab_error_count() != 0;
	failed |= libslab_exit() != 0;	/* the kmalloc leak check */
	return failed;
}
