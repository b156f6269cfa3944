// SPDX-License-Identifier: GPL-2.0
/*
 * Managed resources of a device (<linux/device.h>): a list of release
 * actions under the device's lock.  The nodes come from the C heap: the
 * shim stays below the allocator.
 */
#include <errno.h>
#include <stdlib.h>
#include <linux/device.h>

struct devres_action {
	struct list_head node;
	void (*action)(void *data);
	void *data;
};

void device_initialize(struct device *dev)
{
	spin_lock_init(&dev->devres_lock);
	INIT_LIST_HEAD(&dev->devres_head);
}

int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	struct devres_action *dr = malloc(sizeof(*dr));

	if (!dr)
		return -ENOMEM;
	dr->action = action;
	dr->data = data;
	spin_lock(&dev->devres_lock);
	list_add_tail(&dr->node, &dev->devres_head);
	spin_unlock(&dev->devres_lock);
	return 0;
}

int devres_release_all(struct device *dev)
{
	LIST_HEAD(todo);
	struct devres_action *dr, *prev;
	int count = 0;

	spin_lock(&dev->devres_lock);
	list_splice_init(&dev->devres_head, &todo);
	spin_unlock(&dev->devres_lock);
	list_for_each_entry_safe_reverse(dr, prev, &todo, node) {
		dr->action(dr->data);
		free(dr);
		count++;
	}
	return count;
}
