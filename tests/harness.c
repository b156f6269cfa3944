// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <linux/rcupdate.h>
#include "harness.h"

/*
 * The allocator's suites count its reports as errors: each one, printed
 * or not (a report inside a KUnit-style expectation is only counted).
 */
static void __attribute__((constructor)) count_allocator_reports(void)
{
	harness_count_errors_with(libslab_error_count);
}

struct kmem_cache *make_test_cache(const char *name)
{
	struct kmem_cache *s = kmem_cache_create(name, 256, 0, SLAB_NO_MERGE, NULL);

	assert_non_null(s);
	assert_int_equal(oo_objects(s->oo), TEST_PER_SLAB);
	return s;
}

static struct census_cache *census_entry(struct page_census *census,
					 struct kmem_cache *s)
{
	unsigned int i;

	for (i = 0; i < census->nr_caches; i++)
		if (census->caches[i].s == s)
			return &census->caches[i];
	return NULL;
}

const struct census_cache *census_of(const struct page_census *census,
				     const struct kmem_cache *s)
{
	return census_entry((struct page_census *)census, (struct kmem_cache *)s);
}

void assert_census_back_to(const struct page_census *before,
			   const struct page_census *after)
{
	const struct census_cache *cc;
	unsigned int i;

	assert_int_equal(after->orphan_slabs, 0);
	assert_int_equal(after->bad_slabs, 0);
	assert_int_equal(after->counter_mismatches, 0);
	/* No large kmalloc or page left behind. */
	assert_int_equal(after->other_pages, before->other_pages);
	for (i = 0; i < before->nr_caches; i++) {
		cc = census_of(after, before->caches[i].s);
		if (!cc || cc->inuse != before->caches[i].inuse)
			fail_msg("%s: %lu objects in use before, %lu after",
				 before->caches[i].s->name,
				 before->caches[i].inuse, cc ? cc->inuse : 0);
	}
}

/* Count slab's free objects by its chain; -1 if the chain is broken. */
static long count_free_chain(struct kmem_cache *s, struct slab *slab)
{
	unsigned long *seen = calloc(BITS_TO_LONGS(slab->objects), sizeof(long));
	long nfree = 0;
	void *p;

	for (p = slab->freelist; p && nfree >= 0; p = get_freepointer(s, p)) {
		if (!check_valid_pointer(s, slab, p) ||
		    test_and_set_bit(obj_to_index(s, slab, p), seen))
			nfree = -1;
		else
			nfree++;
	}
	free(seen);
	return nfree;
}

static void census_block(struct page *head, unsigned int order, void *arg)
{
	struct page_census *census = arg;
	struct folio *folio = (struct folio *)head;
	struct census_cache *cc;
	struct slab *slab;
	long nfree;

	if (!folio_test_slab(folio)) {
		census->other_pages += 1UL << order;
		return;
	}
	slab = folio_slab(folio);
	census->slab_folios++;
	census->slab_pages += 1UL << order;
	cc = census_entry(census, slab->slab_cache);
	if (!cc) {
		census->orphan_slabs++;
		fprintf(stderr, "census: slab %p of no live cache\n", (void *)slab);
		return;
	}
	nfree = count_free_chain(slab->slab_cache, slab);
	if (slab->frozen || nfree < 0 ||
	    (unsigned long)nfree != slab->objects - slab->inuse) {
		census->bad_slabs++;
		fprintf(stderr, "census: %s slab %p frozen=%u inuse=%u/%u free chain %ld\n",
			cc->s->name, (void *)slab, slab->frozen, slab->inuse,
			slab->objects, nfree);
		return;
	}
	cc->slabs++;
	cc->objects += slab->objects;
	cc->inuse += slab->inuse;
}

void page_census(struct page_census *census)
{
	struct kmem_cache *s;
	unsigned int i;

	memset(census, 0, sizeof(*census));
	rcu_barrier();
	mutex_lock(&slab_mutex);
	list_for_each_entry(s, &slab_caches, list) {
		if (census->nr_caches == CENSUS_MAX_CACHES)
			break;
		census->caches[census->nr_caches++].s = s;
	}
	mutex_unlock(&slab_mutex);
	/* flush_all() takes cpus_read_lock, which nests outside slab_mutex. */
	for (i = 0; i < census->nr_caches; i++)
		flush_all(census->caches[i].s);
	/* Flushing may free slabs of RCU-typesafe caches through call_rcu. */
	rcu_barrier();
	sim_for_each_page_block(census_block, census);

	for (i = 0; i < census->nr_caches; i++) {
		struct census_cache *cc = &census->caches[i];
		unsigned long slabs = 0, objects = 0;
		int node;

		for (node = 0; node < nr_node_ids; node++) {
			struct kmem_cache_node *n = get_node(cc->s, node);

			if (!n)
				continue;
			slabs += atomic_long_read(&n->nr_slabs);
			objects += atomic_long_read(&n->total_objects);
		}
		if (slabs != cc->slabs || objects != cc->objects) {
			census->counter_mismatches++;
			fprintf(stderr, "census: %s counts %lu slabs/%lu objects, pages show %lu/%lu\n",
				cc->s->name, slabs, objects, cc->slabs, cc->objects);
		}
	}
}

static bool reports_open;

void slab_reports_open(void)
{
	report_setup(NULL);
	reports_open = true;
}

int slab_case_teardown(void **state)
{
	if (!reports_open)
		return 0;
	reports_open = false;
	return report_teardown(state);
}
