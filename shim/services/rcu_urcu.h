/* SPDX-License-Identifier: GPL-2.0 */
/* liburcu behind names of our own (rcu_urcu.c); not installed. */
#ifndef SHIM_SERVICES_RCU_URCU_H
#define SHIM_SERVICES_RCU_URCU_H

#include <stdbool.h>

/* Begin a read-side section, registering the thread with liburcu first. */
void sim_urcu_read_lock(void);
/* End a read-side section. */
void sim_urcu_read_unlock(void);
/* Whether the thread is inside a read-side section. */
bool sim_urcu_read_held(void);
/* Wait for a grace period. */
void sim_urcu_synchronize(void);
/* Whether a grace period sleeps until a reader from before it leaves. */
bool sim_urcu_gp_asleep_on_readers(void);

#endif
