/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/device.h>: a device as a holder of managed resources (devres):
 * devm_add_action() registers a release action, and the actions run,
 * last registered first, when the device's resources are released
 * (devres_release_all(), which the driver core calls when the device
 * goes away or its probe fails).  No bus, driver, sysfs or power
 * management: a program makes a device with device_initialize() and ends
 * it with devres_release_all() (shim/services/devres.c).
 */
#ifndef _SHIM_LINUX_DEVICE_H
#define _SHIM_LINUX_DEVICE_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct device {
	const char *init_name;
	spinlock_t devres_lock;
	struct list_head devres_head;	/* the release actions, newest last */
};

/* Make dev ready to hold managed resources. */
void device_initialize(struct device *dev);
/* dev's name. */
static inline const char *dev_name(const struct device *dev)
{
	return dev->init_name ? dev->init_name : "(unnamed)";
}

/* Run action(data) when dev's resources are released; 0 or -ENOMEM. */
int devm_add_action(struct device *dev, void (*action)(void *), void *data);
/* devm_add_action(), running action(data) at once if it fails. */
static inline int devm_add_action_or_reset(struct device *dev,
					   void (*action)(void *), void *data)
{
	int ret = devm_add_action(dev, action, data);

	if (ret)
		action(data);
	return ret;
}
/* Run and forget the release actions of dev, newest first; their number. */
int devres_release_all(struct device *dev);

#endif /* _SHIM_LINUX_DEVICE_H */
