/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/platform_device.h>: a platform device is a struct device with
 * a name and an id.  There is no platform bus, no driver matching and
 * no resources (memory or IRQ ranges) here; a program initialises the
 * device's struct device with device_initialize() (<linux/device.h>),
 * and its managed resources work as for any device.
 */
#ifndef _SHIM_LINUX_PLATFORM_DEVICE_H
#define _SHIM_LINUX_PLATFORM_DEVICE_H

#include <linux/device.h>

struct platform_device {
	const char *name;
	int id;
	struct device dev;
};

#define to_platform_device(d)	container_of((d), struct platform_device, dev)

#endif /* _SHIM_LINUX_PLATFORM_DEVICE_H */
