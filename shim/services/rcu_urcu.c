// SPDX-License-Identifier: GPL-2.0
/*
 * The only file that sees liburcu: read-side sections, grace periods and
 * automatic thread registration.  liburcu's headers map rcu_read_lock and
 * friends to its own names, which would clash with the kernel API the rest
 * of the shim defines, hence this separate translation unit.
 */
#include <pthread.h>
#include <stdbool.h>
#include <urcu/urcu-memb.h>
#include <urcu/static/urcu-memb.h>	/* urcu_memb_gp */
#include "rcu_urcu.h"

static pthread_key_t registration_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static __thread bool registered;
static __thread unsigned int nesting;

static void unregister_at_exit(void *unused)
{
	(void)unused;
	if (registered) {
		urcu_memb_unregister_thread();
		registered = false;
	}
}

static void make_key(void)
{
	pthread_key_create(&registration_key, unregister_at_exit);
}

void sim_urcu_read_lock(void)
{
	if (__builtin_expect(!registered, 0)) {
		pthread_once(&key_once, make_key);
		urcu_memb_register_thread();
		registered = true;
		/* Any non-NULL value makes the destructor run at thread exit. */
		pthread_setspecific(registration_key, &registered);
	}
	nesting++;
	urcu_memb_read_lock();
}

void sim_urcu_read_unlock(void)
{
	nesting--;
	urcu_memb_read_unlock();
}

bool sim_urcu_read_held(void)
{
	return nesting != 0;
}

void sim_urcu_synchronize(void)
{
	urcu_memb_synchronize_rcu();
}

/*
 * liburcu's synchronize_rcu() sets the grace period's futex to -1 once it
 * has scanned the readers many times and found one still inside from
 * before it, and then sleeps on it until such a reader's unlock wakes it
 * (urcu_common_wake_up_gp() in its public read-side inline code, which is
 * why the field is part of its ABI).  Until then a grace period may end
 * at any scan, so -1 is the first sign it cannot end by itself.
 */
bool sim_urcu_gp_asleep_on_readers(void)
{
	return __atomic_load_n(&urcu_memb_gp.futex, __ATOMIC_SEQ_CST) == -1;
}
