// SPDX-License-Identifier: GPL-2.0
/*
 * Managed resources of a device (<linux/device.h>): a list, under the
 * device's lock, of release actions (devm_add_action()) and of resources
 * with a release function (devres_alloc(), devres_add()).  The nodes
 * come from the C heap: the shim stays below the allocator.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/device.h>

struct devres_node {
	struct list_head node;
	/* An action: action(data).  A resource: release(dev, res). */
	void (*action)(void *data);
	void *data;
	dr_release_t release;
	/* The resource's bytes, aligned for any type. */
	unsigned long long res[] __attribute__((__aligned__(16)));
};

static struct devres_node *node_of(void *res)
{
	return container_of(res, struct devres_node, res);
}

void device_initialize(struct device *dev)
{
	spin_lock_init(&dev->devres_lock);
	INIT_LIST_HEAD(&dev->devres_head);
}

static void add_node(struct device *dev, struct devres_node *dr)
{
	spin_lock(&dev->devres_lock);
	list_add_tail(&dr->node, &dev->devres_head);
	spin_unlock(&dev->devres_lock);
}

int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	struct devres_node *dr = calloc(1, sizeof(*dr));

	if (!dr)
		return -ENOMEM;
	dr->action = action;
	dr->data = data;
	add_node(dev, dr);
	return 0;
}

void *devres_alloc(dr_release_t release, size_t size, gfp_t gfp)
{
	struct devres_node *dr;

	(void)gfp;
	if (size > SIZE_MAX - sizeof(*dr))
		return NULL;
	dr = calloc(1, sizeof(*dr) + size);
	if (!dr)
		return NULL;
	INIT_LIST_HEAD(&dr->node);
	dr->release = release;
	return dr->res;
}

void devres_free(void *res)
{
	if (res)
		free(node_of(res));
}

void devres_add(struct device *dev, void *res)
{
	add_node(dev, node_of(res));
}

void *devres_find(struct device *dev, dr_release_t release,
		  dr_match_t match, void *match_data)
{
	struct devres_node *dr;
	void *found = NULL;

	spin_lock(&dev->devres_lock);
	list_for_each_entry_reverse(dr, &dev->devres_head, node) {
		if (dr->action || dr->release != release)
			continue;
		if (match && !match(dev, dr->res, match_data))
			continue;
		found = dr->res;
		break;
	}
	spin_unlock(&dev->devres_lock);
	return found;
}

int devres_release_all(struct device *dev)
{
	LIST_HEAD(todo);
	struct devres_node *dr, *prev;
	int count = 0;

	spin_lock(&dev->devres_lock);
	list_splice_init(&dev->devres_head, &todo);
	spin_unlock(&dev->devres_lock);
	list_for_each_entry_safe_reverse(dr, prev, &todo, node) {
		if (dr->action)
			dr->action(dr->data);
		else if (dr->release)
			dr->release(dev, dr->res);
		free(dr);
		count++;
	}
	return count;
}
