// SPDX-License-Identifier: GPL-2.0
/*
 * The slab object extensions memcg keeps per object: the vector of
 * struct slabobj_ext on struct slab's obj_exts, made by
 * alloc_slab_obj_exts() (which mm/memcontrol.c calls for a slab in use)
 * and freed with the slab, as 6.12's mm/slub.c does.  The machine has no
 * cgroup accounting kernel memory, so the tests ask for vectors as
 * memcontrol.c would.
 */
#include "harness.h"

static int pin_cpu(void **state)
{
	/* The LIFO checks below need one CPU's freelist throughout. */
	sim_set_cpu(0);
	return expect_clean_setup(state);
}

static struct kmem_cache *make_accounted(void)
{
	struct kmem_cache *s = kmem_cache_create("obj_exts_test", 256, 0,
						 SLAB_ACCOUNT | SLAB_NO_MERGE,
						 NULL);

	assert_non_null(s);
	return s;
}

/* The kmalloc cache a vector for slab comes from: kcalloc of its objects. */
static size_t vector_size(const struct slab *slab)
{
	return slab->objects * sizeof(struct slabobj_ext);
}

static void test_a_new_accounted_slab_gets_no_vector_while_no_cgroup_accounts(void **state)
{
	/* 6.12 account_slab(): only with memcg_kmem_online(). */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);

	assert_non_null(p);
	assert_int_equal(slab_obj_exts_word(virt_to_slab(p)), 0);
	assert_null(slab_obj_exts(virt_to_slab(p)));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_a_vector_has_one_empty_entry_per_object(void **state)
{
	/* alloc_slab_obj_exts(): kcalloc_node(objects, sizeof(slabobj_ext)). */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);
	struct slabobj_ext *vec;
	unsigned int i;

	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL, false), 0);
	vec = slab_obj_exts(slab);
	assert_non_null(vec);
	/* The word is the vector's address with MEMCG_DATA_OBJEXTS. */
	assert_int_equal(slab_obj_exts_word(slab),
			 (unsigned long)vec | MEMCG_DATA_OBJEXTS);
	assert_ptr_equal(slab_test_cache_of(vec),
			 kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(vector_size(slab))]);
	for (i = 0; i < slab->objects; i++)
		assert_null(vec[i].objcg);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_a_vector_is_neither_charged_nor_reclaimable(void **state)
{
	/*
	 * alloc_slab_obj_exts() clears __GFP_ACCOUNT, __GFP_RECLAIMABLE,
	 * __GFP_DMA and __GFP_NOFAIL (OBJCGS_CLEAR_MASK): the vector is a
	 * normal kmalloc object whatever the allocation it serves asked for.
	 */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);

	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL_ACCOUNT |
					     __GFP_RECLAIMABLE | __GFP_DMA,
					     false), 0);
	assert_ptr_equal(slab_test_cache_of(slab_obj_exts(slab)),
			 kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(vector_size(slab))]);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_a_slab_in_use_keeps_its_first_vector(void **state)
{
	/*
	 * alloc_slab_obj_exts(new_slab = false) on a slab that has a vector:
	 * the new one is freed and the first stays (a racing task's).
	 */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);
	struct slabobj_ext *first;
	void *spare, *again;

	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL, false), 0);
	first = slab_obj_exts(slab);
	/* The second vector will be this object, the CPU's next of its size. */
	spare = kmalloc(vector_size(slab), GFP_KERNEL);
	kfree(spare);
	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL, false), 0);
	assert_ptr_equal(slab_obj_exts(slab), first);
	/* Freed again: it comes back first. */
	again = kmalloc(vector_size(slab), GFP_KERNEL);
	assert_ptr_equal(again, spare);
	kfree(again);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_the_vector_goes_with_its_slab(void **state)
{
	/* free_slab_obj_exts() from unaccount_slab(), as the slab is freed. */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);
	struct slabobj_ext *vec;
	size_t size;
	void *q;

	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL, false), 0);
	vec = slab_obj_exts(slab);
	size = vector_size(slab);
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
	q = kmalloc(size, GFP_KERNEL);
	assert_ptr_equal(q, vec);
	kfree(q);
}

static void test_a_vector_that_cannot_be_had_is_enomem(void **state)
{
	/*
	 * alloc_slab_obj_exts() without CONFIG_MEM_ALLOC_PROFILING_DEBUG:
	 * -ENOMEM and the slab stays without one; but 0 when the slab has
	 * a vector already.
	 */
	struct kmem_cache *s = make_accounted();
	void *p = kmem_cache_alloc(s, GFP_KERNEL);
	struct slab *slab = virt_to_slab(p);

	/* One failure each time (times=1), of an allocation that may not sleep. */
	assert_int_equal(libslab_failslab_setup("1,100,0,1"), 0);
	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_ATOMIC, false), -ENOMEM);
	assert_int_equal(slab_obj_exts_word(slab), 0);
	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_KERNEL, false), 0);
	assert_int_equal(libslab_failslab_setup("1,100,0,1"), 0);
	assert_int_equal(alloc_slab_obj_exts(slab, s, GFP_ATOMIC, false), 0);
	assert_non_null(slab_obj_exts(slab));
	kmem_cache_free(s, p);
	kmem_cache_destroy(s);
}

static void test_kmem_cache_charge_passes_while_no_cgroup_accounts(void **state)
{
	/* 6.12 kmem_cache_charge(): true without memcg_kmem_online(). */
	void *p = kmalloc(64, GFP_KERNEL);

	assert_true(kmem_cache_charge(p, GFP_KERNEL));
	kfree(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_new_accounted_slab_gets_no_vector_while_no_cgroup_accounts),
		cmocka_unit_test(test_a_vector_has_one_empty_entry_per_object),
		cmocka_unit_test(test_a_vector_is_neither_charged_nor_reclaimable),
		cmocka_unit_test(test_a_slab_in_use_keeps_its_first_vector),
		cmocka_unit_test(test_the_vector_goes_with_its_slab),
		cmocka_unit_test(test_a_vector_that_cannot_be_had_is_enomem),
		cmocka_unit_test(test_kmem_cache_charge_passes_while_no_cgroup_accounts),
	};

	return slab_run_group(tests, pin_cpu, expect_clean_teardown);
}
