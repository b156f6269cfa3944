// SPDX-License-Identifier: GPL-2.0
/*
 * Model-based fuzzing: the input is decoded into operations on a few
 * caches and kmalloc (create with random debug flags, destroy, alloc,
 * free, bulk alloc/free, kmalloc, krealloc, shrink, validate), run against
 * libslab and against a trivial model of what must hold: every live object
 * is distinct, does not overlap another, keeps the bytes written to it,
 * and the allocator counts exactly the model's live objects.  Any
 * divergence, error report or WARN aborts, as does a sanitizer report.
 *
 * Built two ways: with libFuzzer (tests/fuzz/run-libfuzzer.sh, clang), and
 * with a driver that replays a fixed-seed corpus in the normal test suite
 * (FUZZ_DRIVER: "fuzz_slab [iterations] [seed]").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <sim/printk.h>

#define NR_CACHES	3
#define MAX_LIVE	256

struct live {
	void *p;
	unsigned int size;	/* bytes the caller may use */
	int cache;		/* -1: kmalloc */
	unsigned char fill;
};

struct model {
	struct kmem_cache *caches[NR_CACHES];
	unsigned int sizes[NR_CACHES];
	struct live live[MAX_LIVE];
	unsigned int nr_live;
	unsigned int serial;
};

struct input {
	const uint8_t *data;
	size_t size, pos;
};

static unsigned int take(struct input *in, unsigned int bound)
{
	unsigned int v = 0;

	if (in->pos + 2 <= in->size)
		v = in->data[in->pos] | in->data[in->pos + 1] << 8;
	in->pos += 2;
	return bound ? v % bound : v;
}

#define check(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz_slab: divergence: " __VA_ARGS__); \
			fprintf(stderr, "\n");				\
			abort();					\
		}							\
	} while (0)

static void fill(struct live *l)
{
	memset(l->p, l->fill, l->size);
}

static void verify(const struct live *l)
{
	const unsigned char *b = l->p;
	unsigned int i;

	for (i = 0; i < l->size; i++)
		check(b[i] == l->fill, "object %p byte %u changed", l->p, i);
}

/* A new live object must not overlap any other. */
static void add_live(struct model *m, void *p, unsigned int size, int cache)
{
	struct live *l;
	unsigned int i;

	for (i = 0; i < m->nr_live; i++) {
		const char *a = m->live[i].p, *b = p;

		check(b + size <= a || a + m->live[i].size <= b,
		      "%p+%u overlaps live %p+%u", p, size, a, m->live[i].size);
	}
	l = &m->live[m->nr_live++];
	l->p = p;
	l->size = size;
	l->cache = cache;
	l->fill = (unsigned char)(++m->serial);
	fill(l);
}

static void drop_live(struct model *m, unsigned int i)
{
	verify(&m->live[i]);
	if (m->live[i].cache < 0)
		kfree(m->live[i].p);
	else
		kmem_cache_free(m->caches[m->live[i].cache], m->live[i].p);
	m->live[i] = m->live[--m->nr_live];
}

static unsigned long live_in(const struct model *m, int cache)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < m->nr_live; i++)
		n += m->live[i].cache == cache;
	return n;
}

static void op_create(struct model *m, struct input *in)
{
	static const slab_flags_t debug[] = {
		0, SLAB_RED_ZONE, SLAB_POISON, SLAB_STORE_USER,
		SLAB_CONSISTENCY_CHECKS | SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER,
	};
	int c = take(in, NR_CACHES);
	char name[32];

	if (m->caches[c])
		return;
	m->sizes[c] = 1 + take(in, 2048);
	snprintf(name, sizeof(name), "fuzz-%d", c);
	m->caches[c] = kmem_cache_create(name, m->sizes[c], 0,
					 SLAB_NO_MERGE | debug[take(in, 5)], NULL);
	check(m->caches[c], "cache %s of %u bytes not created", name, m->sizes[c]);
}

static void op_destroy(struct model *m, struct input *in)
{
	int c = take(in, NR_CACHES);
	unsigned int i = 0;

	if (!m->caches[c])
		return;
	while (i < m->nr_live)
		if (m->live[i].cache == c)
			drop_live(m, i);
		else
			i++;
	kmem_cache_destroy(m->caches[c]);
	m->caches[c] = NULL;
}

static void op_alloc(struct model *m, struct input *in)
{
	int c = take(in, NR_CACHES);
	void *p;

	if (!m->caches[c] || m->nr_live == MAX_LIVE)
		return;
	p = kmem_cache_alloc(m->caches[c], take(in, 2) ? GFP_KERNEL : GFP_ATOMIC);
	check(p, "alloc from fuzz-%d failed", c);
	add_live(m, p, m->sizes[c], c);
}

static void op_bulk(struct model *m, struct input *in)
{
	int c = take(in, NR_CACHES);
	unsigned int n = 1 + take(in, 16), i;
	void *p[16];

	if (!m->caches[c] || m->nr_live + n > MAX_LIVE)
		return;
	check(kmem_cache_alloc_bulk(m->caches[c], GFP_KERNEL, n, p) == (int)n,
	      "bulk alloc of %u failed", n);
	for (i = 0; i < n; i++)
		add_live(m, p[i], m->sizes[c], c);
	if (take(in, 2)) {
		for (i = 0; i < n; i++) {
			unsigned int j;

			for (j = 0; m->live[j].p != p[i]; j++)
				;
			verify(&m->live[j]);
			m->live[j] = m->live[--m->nr_live];
		}
		kmem_cache_free_bulk(m->caches[c], n, p);
	}
}

static void op_kmalloc(struct model *m, struct input *in)
{
	unsigned int size = 1 + take(in, 9000);
	void *p;

	if (m->nr_live == MAX_LIVE)
		return;
	p = kmalloc(size, GFP_KERNEL);
	check(p, "kmalloc(%u) failed", size);
	check(ksize(p) >= size, "ksize %zu < %u", ksize(p), size);
	add_live(m, p, size, -1);
}

static void op_krealloc(struct model *m, struct input *in)
{
	unsigned int i, size, keep;
	struct live *l;
	void *p;

	if (!m->nr_live)
		return;
	i = take(in, m->nr_live);
	l = &m->live[i];
	if (l->cache >= 0)
		return;
	size = 1 + take(in, 9000);
	verify(l);
	p = krealloc(l->p, size, GFP_KERNEL);
	check(p, "krealloc to %u failed", size);
	keep = size < l->size ? size : l->size;
	for (unsigned int b = 0; b < keep; b++)
		check(((unsigned char *)p)[b] == l->fill, "krealloc lost byte %u", b);
	*l = m->live[--m->nr_live];
	add_live(m, p, size, -1);
}

static void op_free(struct model *m, struct input *in)
{
	if (m->nr_live)
		drop_live(m, take(in, m->nr_live));
}

static void op_check(struct model *m, struct input *in)
{
	int c = take(in, NR_CACHES);

	if (!m->caches[c])
		return;
	if (take(in, 2))
		kmem_cache_shrink(m->caches[c]);
	check(libslab_validate(m->caches[c]) == 0, "fuzz-%d does not validate", c);
	check(libslab_count_inuse(m->caches[c]) == live_in(m, c),
	      "fuzz-%d counts %lu objects, the model %lu", c,
	      libslab_count_inuse(m->caches[c]), live_in(m, c));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static void (*const ops[])(struct model *, struct input *) = {
		op_create, op_destroy, op_alloc, op_alloc, op_alloc, op_bulk,
		op_kmalloc, op_kmalloc, op_krealloc, op_free, op_free, op_free,
		op_check,
	};
	struct input in = { data, size, 0 };
	struct model m = { { 0 } };
	unsigned long errors = libslab_error_count(), warns = sim_warn_count();
	int c;

	while (in.pos < in.size)
		ops[take(&in, sizeof(ops) / sizeof(ops[0]))](&m, &in);
	while (m.nr_live)
		drop_live(&m, m.nr_live - 1);
	for (c = 0; c < NR_CACHES; c++)
		if (m.caches[c])
			kmem_cache_destroy(m.caches[c]);
	check(libslab_error_count() == errors, "%lu error reports",
	      libslab_error_count() - errors);
	check(sim_warn_count() == warns, "%lu WARNs", sim_warn_count() - warns);
	return 0;
}

#ifdef FUZZ_DRIVER
/* Replay a fixed-seed corpus of pseudo-random inputs. */
int main(int argc, char **argv)
{
	unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 0) : 200;
	unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	static uint8_t buf[4096];
	unsigned long it;
	size_t i;

	for (it = 0; it < iterations; it++) {
		size_t len = 64 + (size_t)(seed % (sizeof(buf) - 64));

		for (i = 0; i < len; i++) {
			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			buf[i] = (uint8_t)seed;
		}
		LLVMFuzzerTestOneInput(buf, len);
	}
	printf("fuzz_slab: %lu inputs, seed %s: no divergence\n", iterations,
	       argc > 2 ? argv[2] : "1");
	return 0;
}
#endif
