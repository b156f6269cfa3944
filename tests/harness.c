// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <linux/rcupdate.h>
#include "harness.h"

static struct seq_file capture_buf;

static void capture_sink(const char *text, void *arg)
{
	seq_puts(arg, text);
}

void capture_start(void)
{
	seq_file_release(&capture_buf);
	seq_file_init_buffer(&capture_buf);
	seq_puts(&capture_buf, "");
	printk_set_sink(capture_sink, &capture_buf);
}

void capture_stop(void)
{
	printk_set_sink(NULL, NULL);
}

const char *captured(void)
{
	return capture_buf.buf ? capture_buf.buf : "";
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

static unsigned long report_base;

int report_setup(void **state)
{
	sim_set_cpu(0);
	report_recount();
	/* Reports read "Not tainted" until the test's first one taints. */
	sim_taint_reset();
	capture_start();
	return 0;
}

int report_teardown(void **state)
{
	capture_stop();
	sim_printk_reset_counts();
	return 0;
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

unsigned long report_count(void)
{
	return libslab_error_count() - report_base;
}

void report_recount(void)
{
	report_base = libslab_error_count();
}

static unsigned long warns_before, errors_before;

int expect_clean_setup(void **state)
{
	warns_before = sim_warn_count();
	errors_before = libslab_error_count();
	return 0;
}

int expect_clean_teardown(void **state)
{
	capture_stop();
	if (sim_warn_count() != warns_before ||
	    libslab_error_count() != errors_before) {
		fprintf(stderr, "test left %lu WARNs and %lu reports\n",
			sim_warn_count() - warns_before,
			libslab_error_count() - errors_before);
		return -1;
	}
	return 0;
}

/* The fixtures of the group slab_run_group_tests() runs, and how they ended. */
static CMFixtureFunction group_setup_fn, group_teardown_fn;
static bool group_setup_passed, group_teardown_passed;

/* A fixture that fails an assertion never returns: passed stays false. */
static int group_setup_recorded(void **state)
{
	int ret = group_setup_fn(state);

	group_setup_passed = ret == 0;
	return ret;
}

static int group_teardown_recorded(void **state)
{
	int ret = group_teardown_fn(state);

	group_teardown_passed = ret == 0;
	return ret;
}

int slab_run_group_tests(const char *group_name, const struct CMUnitTest *tests,
			 size_t count, CMFixtureFunction group_setup,
			 CMFixtureFunction group_teardown)
{
	struct CMUnitTest *cases = calloc(count, sizeof(*cases));
	int failed;

	assert_non_null(cases);
	memcpy(cases, tests, count * sizeof(*cases));
	/*
	 * A case that resets the console counts (report_teardown()) would hide
	 * an earlier case's WARN from the group teardown, so a clean group
	 * checks each case that has no fixtures of its own as well.
	 */
	if (group_teardown == expect_clean_teardown) {
		for (size_t i = 0; i < count; i++) {
			if (cases[i].setup_func || cases[i].teardown_func)
				continue;
			cases[i].setup_func = expect_clean_setup;
			cases[i].teardown_func = expect_clean_teardown;
		}
	}
	group_setup_fn = group_setup;
	group_teardown_fn = group_teardown;
	group_setup_passed = group_teardown_passed = false;
	failed = _cmocka_run_group_tests(
		group_name, cases, count,
		group_setup ? group_setup_recorded : NULL,
		group_teardown ? group_teardown_recorded : NULL);
	free(cases);
	if (group_setup && !group_setup_passed)
		failed++;
	else if (group_teardown && !group_teardown_passed)
		failed++;
	return failed;
}
