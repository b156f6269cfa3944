/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/rcupdate_wait.h>: waiting for grace periods.  The one flavour
 * of RCU here (<linux/rcupdate.h>) declares synchronize_rcu() and
 * rcu_barrier(); this header adds nothing to it.
 */
#ifndef _SHIM_LINUX_RCUPDATE_WAIT_H
#define _SHIM_LINUX_RCUPDATE_WAIT_H

#include <linux/rcupdate.h>

#endif
