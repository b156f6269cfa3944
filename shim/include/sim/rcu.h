/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a test can see of RCU's progress (userspace only).
 *
 * The kernel guarantee modelled: a grace period ends only once every
 * reader that was inside rcu_read_lock() when it began has left, and a
 * callback of call_rcu() (or an object of kvfree_rcu()) waits for a grace
 * period that began after it was queued.  So while such a reader stays
 * inside, RCU cannot run that callback, whatever the time.  A test that
 * checks "not run yet" needs to know that RCU has got as far as it can
 * without the reader leaving, not that some time has passed: the kernel
 * shows it as the grace-period kthread waiting for quiescent states
 * (rcu_state.gp_state), and sim_rcu_waits_for_readers() shows it here.
 *
 * What it cannot model: which reader holds the grace period up (liburcu
 * says only that some reader from before it is still inside), and it
 * stands for the callback thread alone, so another thread waiting in
 * synchronize_rcu() at the same time may be the one seen waiting.
 */
#ifndef _SHIM_SIM_RCU_H
#define _SHIM_SIM_RCU_H

#include <stdbool.h>

/*
 * Wait until everything queued by call_rcu() and kvfree_rcu() before this
 * call has either run (false), or sits in a batch whose grace period has
 * begun and is asleep waiting for readers still inside from before it
 * (true).  Never returns while an older batch's grace period is held up
 * by a reader: wait for older callbacks (rcu_barrier()) before entering
 * the read-side section a test holds.
 */
bool sim_rcu_waits_for_readers(void);

#endif
