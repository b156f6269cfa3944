/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU placeholders until the concurrency issue maps RCU onto liburcu:
 * read sections are empty and rcu_barrier() has no callbacks to wait for,
 * because nothing in the core queues RCU callbacks yet.
 */
#ifndef _SHIM_LINUX_RCUPDATE_H
#define _SHIM_LINUX_RCUPDATE_H

#define rcu_read_lock()		do { } while (0)
#define rcu_read_unlock()	do { } while (0)
#define rcu_barrier()		do { } while (0)

#endif
