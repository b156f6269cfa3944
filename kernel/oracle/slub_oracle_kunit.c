// SPDX-License-Identifier: GPL-2.0
/*
 * The differential oracle's kernel side: the scenarios libslab's userspace
 * suite runs (slub_oracle_scenarios.c, the same file) run here on the
 * kernel's own SLUB, as a KUnit suite built in mm/ so that it can read the
 * allocator's internals.  Each observation is one console line starting
 * "slub_oracle: "; kernel/scripts/run-oracle.sh collects them.
 *
 * The suite runs on CPU 0 only, on private caches, so nothing else in the
 * booted kernel changes what it observes.  It is test infrastructure for
 * libslab and no part of the libslab series.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/kernfs.h>
#include <linux/sched.h>
#include <linux/workqueue.h>
#include "slab.h"
#include "slub_oracle.h"

/* Without SLUB_DEBUG (as under SLUB_TINY) there is nothing to validate. */
int orc_side_validate(struct kmem_cache *s)
{
#ifdef CONFIG_SLUB_DEBUG
	return validate_slab_cache(s);
#else
	return -EOPNOTSUPP;
#endif
}

/*
 * The sysfs files of a cache, through its kobject: the suite runs before
 * user space mounts /sys, so no path reaches them.  A file's kernfs node
 * carries its attribute, which the cache's sysfs_ops show and store.
 */
#ifdef SLAB_SUPPORTS_SYSFS
static struct kernfs_node *orc_sysfs_node(struct kmem_cache *s, const char *name)
{
	return s->kobj.sd ? kernfs_find_and_get(s->kobj.sd, name) : NULL;
}
#endif

int orc_side_sysfs_show(struct kmem_cache *s, const char *name, char *buf,
			size_t size)
{
#ifdef SLAB_SUPPORTS_SYSFS
	struct kernfs_node *kn = orc_sysfs_node(s, name);
	char *page;
	ssize_t len;

	if (!kn)
		return -ENOENT;
	/* sysfs_emit() wants the page sysfs would pass. */
	page = (char *)get_zeroed_page(GFP_KERNEL);
	if (!page) {
		kernfs_put(kn);
		return -ENOMEM;
	}
	len = s->kobj.ktype->sysfs_ops->show(&s->kobj, kn->priv, page);
	kernfs_put(kn);
	if (len >= 0)
		strscpy(buf, page, size);
	free_page((unsigned long)page);
	return len;
#else
	return -EOPNOTSUPP;
#endif
}

int orc_side_sysfs_store(struct kmem_cache *s, const char *name,
			 const char *value)
{
#ifdef SLAB_SUPPORTS_SYSFS
	struct kernfs_node *kn = orc_sysfs_node(s, name);
	ssize_t len;

	if (!kn)
		return -ENOENT;
	len = s->kobj.ktype->sysfs_ops->store(&s->kobj, kn->priv, value,
					      strlen(value));
	kernfs_put(kn);
	return len;
#else
	return -EOPNOTSUPP;
#endif
}

/* remove_cpu() runs the CPU-dead callbacks, slub_cpu_dead() among them. */
int orc_side_cpu_online(int cpu, bool online)
{
#ifdef CONFIG_HOTPLUG_CPU
	return online ? add_cpu(cpu) : remove_cpu(cpu);
#else
	return -EOPNOTSUPP;
#endif
}

#ifdef CONFIG_FAILSLAB
/* The task's fail_nth is what /proc/self/fail-nth writes. */
int orc_side_failslab(bool cache_filter, unsigned int fail_nth)
{
	orc_failslab_cache_filter(cache_filter);
	WRITE_ONCE(current->fail_nth, fail_nth);
	return 0;
}

unsigned int orc_side_fail_nth(void)
{
	return READ_ONCE(current->fail_nth);
}
#else
int orc_side_failslab(bool cache_filter, unsigned int fail_nth)
{
	return -EOPNOTSUPP;
}

unsigned int orc_side_fail_nth(void)
{
	return 0;
}
#endif

/*
 * The markers run-oracle.sh's console check skips between (common.sh) and
 * turns what lies between into the scenario's report lines.
 */
void orc_side_expect_report(const char *scenario, bool begin)
{
	pr_info("libslab: expected report %s %s\n", begin ? "begin" : "end",
		scenario);
}

void orc_side_emit(const char *line)
{
	pr_info("%s\n", line);
}

/* Every case runs on CPU 0, as the userspace side does. */
static int slub_oracle_init(struct kunit *test)
{
	if (num_online_cpus() < 2)
		kunit_skip(test, "the oracle needs two CPUs");
	return set_cpus_allowed_ptr(current, cpumask_of(0));
}

static void slub_oracle_geometry(struct kunit *test)
{
	orc_run_geometry();
}

static void slub_oracle_kmalloc(struct kunit *test)
{
	orc_run_kmalloc();
}

static void slub_oracle_behaviour(struct kunit *test)
{
	orc_run_behaviour();
}

static struct kunit_case slub_oracle_cases[] = {
	KUNIT_CASE(slub_oracle_geometry),
	KUNIT_CASE(slub_oracle_kmalloc),
	KUNIT_CASE(slub_oracle_behaviour),
	{}
};

static struct kunit_suite slub_oracle_suite = {
	.name = "slub_oracle",
	.init = slub_oracle_init,
	.test_cases = slub_oracle_cases,
};
kunit_test_suite(slub_oracle_suite);

MODULE_DESCRIPTION("libslab's differential oracle on the kernel's SLUB");
MODULE_LICENSE("GPL");
