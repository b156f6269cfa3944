/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/of_platform.h>: platform devices made from the device tree.
 * There is no device tree here (<linux/of.h>, CONFIG_OF off), so this
 * header only brings the two it builds on.
 */
#ifndef _SHIM_LINUX_OF_PLATFORM_H
#define _SHIM_LINUX_OF_PLATFORM_H

#include <linux/of.h>
#include <linux/platform_device.h>

#endif /* _SHIM_LINUX_OF_PLATFORM_H */
