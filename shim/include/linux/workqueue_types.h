/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/workqueue_types.h>: struct work_struct without the rest of the
 * workqueue API, for headers that embed one.  Here it is
 * <linux/workqueue.h>, which is small.
 */
#ifndef _SHIM_LINUX_WORKQUEUE_TYPES_H
#define _SHIM_LINUX_WORKQUEUE_TYPES_H

#include <linux/workqueue.h>

#endif
