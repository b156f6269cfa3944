// SPDX-License-Identifier: GPL-2.0
/*
 * Memory hotplug, a node at a time: the notifier chain of <linux/memory.h>
 * and the two operations of <sim/page_alloc.h>, which announce their steps
 * to it in the order of the kernel's online_pages() and offline_pages().
 * An operation holds the CPU hotplug lock and then one lock (the
 * kernel's mem_hotplug_begin() takes both), which also covers every change
 * to the chain, so a block is never called while it is being added or
 * taken off.
 */
#include <linux/kernel.h>
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/memory.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/nodemask.h>
#include <sim/page_alloc.h>
#include "sim.h"

static DEFINE_MUTEX(mem_hotplug_lock);
/* The registered blocks, highest priority first. */
static struct notifier_block *memory_chain;

int register_memory_notifier(struct notifier_block *nb)
{
	struct notifier_block **link;

	mutex_lock(&mem_hotplug_lock);
	for (link = &memory_chain; *link; link = &(*link)->next)
		if ((*link)->priority < nb->priority)
			break;
	nb->next = *link;
	*link = nb;
	mutex_unlock(&mem_hotplug_lock);
	return 0;
}

void unregister_memory_notifier(struct notifier_block *nb)
{
	struct notifier_block **link;

	mutex_lock(&mem_hotplug_lock);
	for (link = &memory_chain; *link; link = &(*link)->next)
		if (*link == nb) {
			*link = nb->next;
			break;
		}
	mutex_unlock(&mem_hotplug_lock);
}

/* Tell every block of the chain about step; the errno of a veto, or 0. */
static int memory_notify(enum memory_block_state step, struct memory_notify *arg)
{
	struct notifier_block *nb;
	int ret = NOTIFY_DONE;

	for (nb = memory_chain; nb; nb = nb->next) {
		ret = nb->notifier_call(nb, step, arg);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	return notifier_to_errno(ret);
}

/* What a whole node's memory coming or going changes. */
static struct memory_notify node_change(int nid)
{
	return (struct memory_notify) {
		.start_pfn = nid * sim_pages_per_node,
		.nr_pages = sim_pages_per_node,
		.status_change_nid_normal = nid,
		.status_change_nid = nid,
	};
}

/* The kernel's mem_hotplug_begin() and mem_hotplug_done(). */
static void mem_hotplug_begin(void)
{
	cpus_read_lock();
	mutex_lock(&mem_hotplug_lock);
}

static void mem_hotplug_done(void)
{
	mutex_unlock(&mem_hotplug_lock);
	cpus_read_unlock();
}

/* Whether nid names a node of the machine, its pages set up. */
static bool node_exists(int nid)
{
	sim_page_alloc_up();
	return nid >= 0 && nid < nr_node_ids;
}

int sim_node_online_memory(int nid)
{
	struct memory_notify arg;
	int ret;

	if (!node_exists(nid))
		return -EINVAL;
	mem_hotplug_begin();
	if (node_state(nid, N_MEMORY)) {
		ret = -EEXIST;
		goto out;
	}
	arg = node_change(nid);
	ret = memory_notify(MEM_GOING_ONLINE, &arg);
	if (ret) {
		memory_notify(MEM_CANCEL_ONLINE, &arg);
		goto out;
	}
	sim_node_pages_add(nid);
	memory_notify(MEM_ONLINE, &arg);
out:
	mem_hotplug_done();
	return ret;
}

int sim_node_offline_memory(int nid)
{
	struct memory_notify arg;
	int ret;

	if (!node_exists(nid))
		return -EINVAL;
	mem_hotplug_begin();
	if (!node_state(nid, N_MEMORY)) {
		ret = -EALREADY;
		goto out;
	}
	arg = node_change(nid);
	ret = memory_notify(MEM_GOING_OFFLINE, &arg);
	/* Without migration, memory still in use cannot go. */
	if (!ret)
		ret = sim_node_pages_take(nid);
	if (ret) {
		memory_notify(MEM_CANCEL_OFFLINE, &arg);
		goto out;
	}
	memory_notify(MEM_OFFLINE, &arg);
out:
	mem_hotplug_done();
	return ret;
}
