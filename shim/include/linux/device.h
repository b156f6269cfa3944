/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/device.h>: a device as a holder of managed resources (devres):
 * devm_add_action() registers a release action, devres_alloc() and
 * devres_add() a resource with a release function, and they run, last
 * registered first, when the device's resources are released
 * (devres_release_all(), which the driver core calls when the device
 * goes away or its probe fails).  No bus, driver, sysfs or power
 * management: a program makes a device with device_initialize() and ends
 * it with devres_release_all() (shim/services/devres.c).
 */
#ifndef _SHIM_LINUX_DEVICE_H
#define _SHIM_LINUX_DEVICE_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/gfp_types.h>
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
/* The release function of a managed resource, and a test for devres_find(). */
typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

/*
 * A managed resource of size zeroed bytes, released by release(dev, res)
 * once devres_add() has given it to a device; NULL on failure.  gfp is
 * ignored: the node comes from the C heap.
 */
void *devres_alloc(dr_release_t release, size_t size, gfp_t gfp);
/* Free a resource of devres_alloc() that was not added; NULL is ignored. */
void devres_free(void *res);
/* Give res to dev: it is released with dev's resources. */
void devres_add(struct device *dev, void *res);
/* The newest resource of dev with release, for which match (if not NULL) says yes; NULL if none. */
void *devres_find(struct device *dev, dr_release_t release, dr_match_t match,
		  void *match_data);
/* Run and forget the release actions and resources of dev, newest first; their number. */
int devres_release_all(struct device *dev);

#endif /* _SHIM_LINUX_DEVICE_H */
