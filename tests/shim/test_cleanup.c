// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/cleanup.h> as include/linux/cleanup.h documents it: __free()
 * releases at scope exit unless no_free_ptr()/return_ptr() hand the
 * pointer on; CLASS() pairs constructor and destructor; guard() and
 * scoped_guard() hold the lock guards the kernel defines for mutex,
 * spinlock, spinlock_irqsave, rwsem and rcu; conditional guards enter
 * their scope only when the lock was taken.
 */
#include <pthread.h>
#include <linux/cleanup.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>
#include <linux/rcupdate.h>
#include <linux/completion.h>
#include "shim_harness.h"

static int released;

struct thing {
	int id;
};

DEFINE_FREE(count_release, struct thing *, if (_T) released += _T->id)

/* __free(): the release runs when the variable leaves scope. */
static void test_free_runs_at_scope_exit(void **state)
{
	struct thing t = { .id = 3 };

	released = 0;
	{
		struct thing *p __free(count_release) = &t;

		assert_int_equal(released, 0);
		assert_int_equal(p->id, 3);
	}
	assert_int_equal(released, 3);
}

/* no_free_ptr(): the variable is left NULL, so nothing is released. */
static void test_no_free_ptr_hands_the_pointer_on(void **state)
{
	struct thing t = { .id = 5 }, *kept;

	released = 0;
	{
		struct thing *p __free(count_release) = &t;

		kept = no_free_ptr(p);
		assert_null(p);
	}
	assert_int_equal(released, 0);
	assert_ptr_equal(kept, &t);
}

static struct thing *make_and_return(struct thing *t)
{
	struct thing *p __free(count_release) = t;

	return_ptr(p);
}

/* return_ptr(): returned without being released. */
static void test_return_ptr_returns_without_release(void **state)
{
	struct thing t = { .id = 7 };

	released = 0;
	assert_ptr_equal(make_and_return(&t), &t);
	assert_int_equal(released, 0);
}

/* __free(kfree) as slab.h declares it: the object is freed at scope exit. */
static void test_free_kfree_frees_the_object(void **state)
{
	struct kmem_cache *s =
		kmem_cache_create("cleanup_kfree", 256, 0, SLAB_NO_MERGE, NULL);
	void *first, *again;

	assert_non_null(s);
	{
		void *p __free(kfree) = kmem_cache_alloc(s, GFP_KERNEL);

		assert_non_null(p);
		first = p;
	}
	/* Freed to the CPU freelist, it is the next object handed out (LIFO). */
	again = kmem_cache_alloc(s, GFP_KERNEL);
	assert_ptr_equal(again, first);
	kmem_cache_free(s, again);
	kmem_cache_destroy(s);
}

/* __free(kfree) of NULL or an ERR_PTR releases nothing (IS_ERR_OR_NULL). */
static void test_free_kfree_ignores_null_and_errors(void **state)
{
	{
		void *none __free(kfree) = NULL;
		void *err __free(kfree) = ERR_PTR(-ENOMEM);

		assert_true(IS_ERR(err));
		assert_null(none);
	}
}

static int order[4], nr_order;

DEFINE_CLASS(tracked, int, order[nr_order++] = -_T, ({ order[nr_order++] = id; id; }), int id)

/* CLASS(): constructed at the declaration, destroyed in reverse order at scope exit. */
static void test_class_destructors_run_in_reverse(void **state)
{
	nr_order = 0;
	{
		CLASS(tracked, a)(1);
		CLASS(tracked, b)(2);

		assert_int_equal(a + b, 3);
	}
	assert_int_equal(nr_order, 4);
	assert_int_equal(order[0], 1);
	assert_int_equal(order[1], 2);
	assert_int_equal(order[2], -2);
	assert_int_equal(order[3], -1);
}

static DEFINE_MUTEX(mutex);

/* guard(mutex): held to the end of the scope. */
static void test_guard_mutex_holds_to_scope_end(void **state)
{
	{
		guard(mutex)(&mutex);
		assert_true(mutex_is_locked(&mutex));
		lockdep_assert_held(&mutex);
	}
	assert_false(mutex_is_locked(&mutex));
}

/* scoped_guard(spinlock_irqsave): the statement runs locked with interrupts off (PREEMPT_RT: on); break releases. */
static void test_scoped_guard_spinlock_irqsave(void **state)
{
	spinlock_t lock;
	int ran = 0;

	spin_lock_init(&lock);
	scoped_guard(spinlock_irqsave, &lock) {
		assert_true(spin_is_locked(&lock));
		assert_int_equal(irqs_disabled(), !sim_preempt_rt());
		ran = 1;
		break;
	}
	assert_int_equal(ran, 1);
	assert_false(spin_is_locked(&lock));
	assert_false(irqs_disabled());
}

static void *hold_mutex_until(void *arg)
{
	struct completion *c = arg;

	mutex_lock(&mutex);
	complete(&c[0]);
	wait_for_completion(&c[1]);
	mutex_unlock(&mutex);
	return NULL;
}

/* scoped_guard(mutex_try): the body is skipped while another task holds it; scoped_cond_guard() runs its fail statement. */
static void test_conditional_guard_skips_when_not_taken(void **state)
{
	struct completion c[2];
	pthread_t t;
	int entered = 0, failed = 0;

	init_completion(&c[0]);
	init_completion(&c[1]);
	pthread_create(&t, NULL, hold_mutex_until, c);
	wait_for_completion(&c[0]);
	scoped_guard(mutex_try, &mutex)
		entered = 1;
	scoped_cond_guard(mutex_try, failed = 1, &mutex)
		entered = 1;
	complete(&c[1]);
	pthread_join(t, NULL);
	assert_int_equal(entered, 0);
	assert_int_equal(failed, 1);
	scoped_guard(mutex_try, &mutex)
		entered = mutex_is_locked(&mutex);
	assert_int_equal(entered, 1);
	assert_false(mutex_is_locked(&mutex));
}

/* guard(rcu)(): a read-side critical section for the scope. */
static void test_guard_rcu_is_a_read_section(void **state)
{
	{
		guard(rcu)();
		assert_true(rcu_read_lock_held());
	}
	assert_false(rcu_read_lock_held());
}

static DECLARE_RWSEM(sem);

/* guard(rwsem_read)/guard(rwsem_write): held for reading/writing for the scope. */
static void test_guard_rwsem(void **state)
{
	{
		guard(rwsem_read)(&sem);
		assert_false(down_write_trylock(&sem));
		assert_true(down_read_trylock(&sem));
		up_read(&sem);
	}
	{
		guard(rwsem_write)(&sem);
		lockdep_assert_held_write(&sem);
	}
	assert_false(rwsem_is_locked(&sem));
}

#define CLEAN(t)	cmocka_unit_test_setup_teardown(t, expect_clean_setup, expect_clean_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CLEAN(test_free_runs_at_scope_exit),
		CLEAN(test_no_free_ptr_hands_the_pointer_on),
		CLEAN(test_return_ptr_returns_without_release),
		CLEAN(test_free_kfree_frees_the_object),
		CLEAN(test_free_kfree_ignores_null_and_errors),
		CLEAN(test_class_destructors_run_in_reverse),
		CLEAN(test_guard_mutex_holds_to_scope_end),
		CLEAN(test_scoped_guard_spinlock_irqsave),
		CLEAN(test_conditional_guard_skips_when_not_taken),
		CLEAN(test_guard_rcu_is_a_read_section),
		CLEAN(test_guard_rwsem),
	};

	sim_set_cpu(0);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
