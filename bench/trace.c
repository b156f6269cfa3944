// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a kmem trace (see trace.h): one pass over the text that turns
 * event lines into events and objects, matching frees to allocations by
 * address, then the resolution of every cache allocation to a cache.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"

#define MALFORMED_SHOWN	5	/* malformed lines quoted in full */

/* Open addressing from a 64-bit key to a 32-bit value; key 0 is "empty". */
struct addr_map {
	uint64_t *keys;
	uint32_t *values;
	size_t mask;
	size_t used;
};

static uint64_t hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p) {
		fprintf(stderr, "slabsim: out of memory\n");
		exit(2);
	}
	return p;
}

static void *xrealloc(void *p, size_t n, size_t size)
{
	p = realloc(p, n * size);
	if (!p) {
		fprintf(stderr, "slabsim: out of memory\n");
		exit(2);
	}
	return p;
}

static void addr_map_init(struct addr_map *m, size_t slots)
{
	m->keys = xcalloc(slots, sizeof(*m->keys));
	m->values = xcalloc(slots, sizeof(*m->values));
	m->mask = slots - 1;
	m->used = 0;
}

static size_t addr_map_slot(const struct addr_map *m, uint64_t key)
{
	size_t i = hash64(key) & m->mask;

	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & m->mask;
	return i;
}

static void addr_map_put(struct addr_map *m, uint64_t key, uint32_t value);

static void addr_map_grow(struct addr_map *m)
{
	struct addr_map old = *m;

	addr_map_init(m, (old.mask + 1) * 2);
	for (size_t i = 0; i <= old.mask; i++)
		if (old.keys[i])
			addr_map_put(m, old.keys[i], old.values[i]);
	free(old.keys);
	free(old.values);
}

static void addr_map_put(struct addr_map *m, uint64_t key, uint32_t value)
{
	size_t i;

	if ((m->used + 1) * 2 > m->mask + 1)
		addr_map_grow(m);
	i = addr_map_slot(m, key);
	if (!m->keys[i])
		m->used++;
	m->keys[i] = key;
	m->values[i] = value;
}

/* The value of key, or -1. */
static long addr_map_get(const struct addr_map *m, uint64_t key)
{
	size_t i = addr_map_slot(m, key);

	return m->keys[i] ? (long)m->values[i] : -1;
}

/* Remove key, re-placing the entries after it so lookups still find them. */
static void addr_map_remove(struct addr_map *m, uint64_t key)
{
	size_t i = addr_map_slot(m, key), j;

	if (!m->keys[i])
		return;
	m->keys[i] = 0;
	m->used--;
	for (j = (i + 1) & m->mask; m->keys[j]; j = (j + 1) & m->mask) {
		uint64_t k = m->keys[j];
		uint32_t v = m->values[j];

		m->keys[j] = 0;
		m->used--;
		addr_map_put(m, k, v);
	}
}

static void addr_map_release(struct addr_map *m)
{
	free(m->keys);
	free(m->values);
}

/* Strings (call sites, cache names) to small numbers, through their hash. */
struct string_table {
	char **strings;
	size_t nr, cap;
	struct addr_map index;		/* string hash -> index + 1 chain head */
	uint32_t *next;			/* index + 1 of the next string with that hash */
};

static uint64_t hash_string(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h | 1;
}

/* The number of the len bytes at s, added if new. */
static uint32_t string_intern(struct string_table *t, const char *s, size_t len)
{
	uint64_t h = hash_string(s, len);
	long head = addr_map_get(&t->index, h);

	for (long i = head; i > 0; i = t->next[i - 1])
		if (!strncmp(t->strings[i - 1], s, len) && !t->strings[i - 1][len])
			return i - 1;
	if (t->nr == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->strings = xrealloc(t->strings, t->cap, sizeof(*t->strings));
		t->next = xrealloc(t->next, t->cap, sizeof(*t->next));
	}
	t->strings[t->nr] = strndup(s, len);
	if (!t->strings[t->nr]) {
		fprintf(stderr, "slabsim: out of memory\n");
		exit(2);
	}
	t->next[t->nr] = head > 0 ? head : 0;
	addr_map_put(&t->index, h, t->nr + 1);
	return t->nr++;
}

static void string_table_release(struct string_table *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->strings[i]);
	free(t->strings);
	free(t->next);
	addr_map_release(&t->index);
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* What the loader keeps while it reads. */
struct loader {
	struct trace *t;
	struct addr_map live;		/* address -> object */
	struct string_table sites;	/* call sites of cache allocations */
	struct string_table names;	/* cache names of frees (and the snapshot) */
	uint32_t *object_site;		/* per object: site + 1, 0 for kmalloc */
	int32_t *object_name;		/* per object: name from its free, or -1 */
	size_t cap_events, cap_objects;
	const char *section;
	const char *path;		/* the trace's, for messages */
	unsigned long lineno;
};

/* The value of "key=" in the event fields, with its length; NULL if absent. */
static const char *field(const char *fields, const char *key, size_t *len)
{
	size_t klen = strlen(key);

	for (const char *p = fields; (p = strstr(p, key)); p += klen) {
		if (p != fields && p[-1] != ' ')
			continue;
		if (p[klen] != '=')
			continue;
		p += klen + 1;
		*len = strcspn(p, " \n");
		return p;
	}
	return NULL;
}

static uint8_t parse_gfp(const char *fields)
{
	size_t len;
	const char *v = field(fields, "gfp_flags", &len);
	uint8_t gfp = 0;
	char flags[512];

	if (!v)
		return 0;
	if (len >= sizeof(flags))
		len = sizeof(flags) - 1;
	memcpy(flags, v, len);
	flags[len] = 0;
	for (char *save, *tok = strtok_r(flags, "|", &save); tok;
	     tok = strtok_r(NULL, "|", &save)) {
		if (!strcmp(tok, "__GFP_ZERO"))
			gfp |= TRACE_GFP_ZERO;
		else if (!strcmp(tok, "__GFP_RECLAIMABLE"))
			gfp |= TRACE_GFP_RECLAIMABLE;
		else if (!strcmp(tok, "__GFP_ACCOUNT") || !strcmp(tok, "GFP_KERNEL_ACCOUNT"))
			gfp |= TRACE_GFP_ACCOUNT;
		else if (!strcmp(tok, "GFP_DMA") || !strcmp(tok, "__GFP_DMA"))
			gfp |= TRACE_GFP_DMA;
		else if (!strcmp(tok, "GFP_ATOMIC") || !strcmp(tok, "GFP_NOWAIT"))
			gfp |= TRACE_GFP_ATOMIC;
	}
	return gfp;
}

/*
 * One message per malformed line, "file:line: why; skipped: <the line>",
 * for the first MALFORMED_SHOWN of them; the others are counted.
 */
static void malformed(struct loader *l, const char *line, const char *why)
{
	if (l->t->counts.malformed++ < MALFORMED_SHOWN)
		fprintf(stderr, "slabsim: %s:%lu: %s; skipped: %.*s\n", l->path, l->lineno,
			why, (int)min_size(strcspn(line, "\n"), 160), line);
	if (l->t->counts.malformed == MALFORMED_SHOWN + 1)
		fprintf(stderr, "slabsim: %s: further malformed lines are only counted\n",
			l->path);
}

/*
 * The number of "key=" (in base, at most max) of an event's fields in
 * *val; false, with the line reported as malformed naming the field and
 * what is wrong with it, if it is missing or not such a number.
 */
static bool field_number(struct loader *l, const char *line, const char *fields,
			 const char *event, const char *key, int base, uint64_t max,
			 uint64_t *val)
{
	size_t len;
	const char *v = field(fields, key, &len);
	char why[160];
	char *end;

	if (!v) {
		snprintf(why, sizeof(why), "%s event without %s=", event, key);
		malformed(l, line, why);
		return false;
	}
	errno = 0;
	/* strtoull() would take a sign or spaces; a number starts with a digit. */
	end = (char *)v;
	*val = 0;
	if (len && isxdigit((unsigned char)v[0]))
		*val = strtoull(v, &end, base);
	if (!len || end != v + len)
		snprintf(why, sizeof(why), "%s=%.*s is not a %s number", key,
			 (int)min_size(len, 40), v, base == 16 ? "hexadecimal" : "decimal");
	else if (errno || *val > max)
		snprintf(why, sizeof(why), "%s=%.*s is more than %llu", key,
			 (int)min_size(len, 40), v, (unsigned long long)max);
	else
		return true;
	malformed(l, line, why);
	return false;
}

static struct trace_event *new_event(struct loader *l)
{
	struct trace *t = l->t;

	if (t->nr_events == l->cap_events) {
		l->cap_events = l->cap_events ? l->cap_events * 2 : 65536;
		t->events = xrealloc(t->events, l->cap_events, sizeof(*t->events));
	}
	return &t->events[t->nr_events++];
}

static uint32_t new_object(struct loader *l)
{
	struct trace *t = l->t;

	if (t->nr_objects == l->cap_objects) {
		l->cap_objects = l->cap_objects ? l->cap_objects * 2 : 65536;
		t->objects = xrealloc(t->objects, l->cap_objects, sizeof(*t->objects));
		l->object_site = xrealloc(l->object_site, l->cap_objects, sizeof(*l->object_site));
		l->object_name = xrealloc(l->object_name, l->cap_objects, sizeof(*l->object_name));
	}
	return t->nr_objects++;
}

static void add_free(struct loader *l, uint32_t object, unsigned int cpu)
{
	struct trace_event *e = new_event(l);

	e->type = TRACE_FREE;
	e->object = object;
	e->cpu = cpu;
	e->gfp = 0;
}

static void slab_alloc_line(struct loader *l, const char *line, const char *fields,
			    unsigned int cpu, bool cache)
{
	uint64_t ptr, req, alloc;
	struct trace_event *e;
	uint32_t obj;
	long old;

	const char *event = cache ? "a kmem_cache_alloc" : "a kmalloc";

	if (!field_number(l, line, fields, event, "ptr", 16, UINT64_MAX, &ptr) ||
	    !field_number(l, line, fields, event, "bytes_req", 10, UINT32_MAX, &req) ||
	    !field_number(l, line, fields, event, "bytes_alloc", 10, UINT32_MAX, &alloc))
		return;
	if (!ptr) {
		l->t->counts.failed_allocs++;
		return;
	}
	if (ptr == 16) {
		l->t->counts.zero_allocs++;
		return;
	}
	old = addr_map_get(&l->live, ptr);
	if (old >= 0) {
		l->t->counts.reused_live++;
		add_free(l, old, cpu);
	}
	obj = new_object(l);
	l->t->objects[obj] = (struct trace_object){
		.bytes_req = req, .bytes_alloc = alloc, .cache = -1 };
	l->object_name[obj] = -1;
	l->object_site[obj] = 0;
	if (cache) {
		size_t len;
		const char *site = field(fields, "call_site", &len);

		l->object_site[obj] = site ? string_intern(&l->sites, site, len) + 1 : 0;
	}
	e = new_event(l);
	e->type = cache ? TRACE_CACHE_ALLOC : TRACE_KMALLOC;
	e->object = obj;
	e->cpu = cpu;
	e->gfp = parse_gfp(fields);
	addr_map_put(&l->live, ptr, obj);
}

static void slab_free_line(struct loader *l, const char *line, const char *fields,
			   unsigned int cpu, bool cache)
{
	uint64_t ptr;
	long obj;

	if (!field_number(l, line, fields, cache ? "a kmem_cache_free" : "a kfree", "ptr", 16,
			  UINT64_MAX, &ptr))
		return;
	if (ptr <= 16) {
		l->t->counts.null_frees++;
		return;
	}
	obj = addr_map_get(&l->live, ptr);
	if (obj < 0) {
		l->t->counts.untracked_frees++;
		return;
	}
	if (cache) {
		size_t len;
		const char *name = field(fields, "name", &len);

		if (name && len < sizeof(l->t->caches[0].name))
			l->object_name[obj] = string_intern(&l->names, name, len);
	}
	addr_map_remove(&l->live, ptr);
	add_free(l, obj, cpu);
}

static void page_line(struct loader *l, const char *line, const char *fields, bool alloc)
{
	struct trace_counts *c = &l->t->counts;
	uint64_t order, pfn;

	const char *event = alloc ? "an mm_page_alloc" : "an mm_page_free";

	if (!field_number(l, line, fields, event, "order", 10, 20, &order) ||
	    !field_number(l, line, fields, event, "pfn", 16, UINT64_MAX, &pfn))
		return;
	if (alloc) {
		if (!pfn)
			return;		/* a failed page allocation */
		c->page_allocs++;
		c->page_net += 1L << order;
		if (c->page_net > c->page_net_peak)
			c->page_net_peak = c->page_net;
	} else {
		c->page_frees++;
		c->page_net -= 1L << order;
	}
}

/*
 * "<task>-<pid> [<cpu>] <flags> <time>: <event>: <fields>"; the task name
 * may hold spaces and brackets, so the CPU is the last "[digits]" before
 * the event.
 */
static void event_line(struct loader *l, const char *line)
{
	static const struct {
		const char *marker;
		int kind;
	} events[] = {
		{ ": kmalloc: ", 0 }, { ": kmem_cache_alloc: ", 1 },
		{ ": kfree: ", 2 }, { ": kmem_cache_free: ", 3 },
		{ ": mm_page_alloc: ", 4 }, { ": mm_page_free: ", 5 },
	};
	const char *at = NULL, *fields = NULL, *p;
	int kind = -1;
	unsigned long cpu = ~0UL;

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]) && !at; i++) {
		at = strstr(line, events[i].marker);
		if (at) {
			kind = events[i].kind;
			fields = at + strlen(events[i].marker);
		}
	}
	if (!at) {
		l->t->counts.other_lines++;
		return;
	}
	for (p = line; p < at; p++) {
		char *end;
		unsigned long n;

		if (*p != '[' || p[1] < '0' || p[1] > '9')
			continue;
		n = strtoul(p + 1, &end, 10);
		if (*end == ']' && end < at)
			cpu = n;
	}
	if (cpu == ~0UL) {
		malformed(l, line, "no [cpu] field before the event");
		return;
	}
	if (cpu > 255) {
		char why[64];

		snprintf(why, sizeof(why), "[%lu] is a CPU above 255", cpu);
		malformed(l, line, why);
		return;
	}
	if (cpu + 1 > l->t->counts.nr_cpus)
		l->t->counts.nr_cpus = cpu + 1;
	switch (kind) {
	case 0: case 1:
		slab_alloc_line(l, line, fields, cpu, kind == 1);
		break;
	case 2: case 3:
		slab_free_line(l, line, fields, cpu, kind == 3);
		break;
	default:
		page_line(l, line, fields, kind == 4);
	}
}

static void add_cache(struct trace *t, const char *name, uint32_t object_size,
		      uint32_t size, uint32_t align)
{
	struct trace_cache *c;

	t->caches = xrealloc(t->caches, t->nr_caches + 1, sizeof(*t->caches));
	c = &t->caches[t->nr_caches++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->object_size = object_size;
	c->size = size;
	c->align = align ? align : 8;
}

/* "name object_size slab_size align order flags" of the caches section. */
static void snapshot_cache_line(struct loader *l, const char *line)
{
	char name[64], flags[256];
	unsigned int object_size, size, align, order;
	struct trace_cache *c;

	if (sscanf(line, "%63s %u %u %u %u %255s", name, &object_size, &size, &align,
		   &order, flags) != 6) {
		malformed(l, line, "a cache line without its six fields");
		return;
	}
	add_cache(l->t, name, object_size, size, align);
	c = &l->t->caches[l->t->nr_caches - 1];
	c->in_snapshot = true;
	c->reclaim_account = strstr(flags, "reclaim_account");
	c->hwcache_align = strstr(flags, "hwcache_align");
	c->typesafe_by_rcu = strstr(flags, "destroy_by_rcu");
	c->cache_dma = strstr(flags, "cache_dma");
	l->t->has_snapshot = true;
}

static void alias_line(struct loader *l, const char *line)
{
	struct trace *t = l->t;
	struct trace_alias a;

	if (sscanf(line, "%63s %63s", a.name, a.target) != 2) {
		malformed(l, line, "an alias line without alias and target");
		return;
	}
	t->aliases = xrealloc(t->aliases, t->nr_aliases + 1, sizeof(*t->aliases));
	t->aliases[t->nr_aliases++] = a;
}

/*
 * "name active_objs num_objs objsize objperslab pagesperslab : tunables
 * l b s : slabdata active_slabs num_slabs sharedavail" of /proc/slabinfo.
 */
static void slabinfo_line(struct loader *l, const char *line)
{
	struct trace *t = l->t;
	struct trace_slabinfo si;

	if (!strncmp(line, "slabinfo - version:", 19))
		return;
	if (sscanf(line, "%63s %lu %lu %u %u %u : tunables %*u %*u %*u : slabdata %lu %lu",
		   si.name, &si.active_objs, &si.num_objs, &si.objsize, &si.objperslab,
		   &si.pagesperslab, &si.active_slabs, &si.num_slabs) != 8) {
		malformed(l, line, "a slabinfo line without its eight figures");
		return;
	}
	t->slabinfo = xrealloc(t->slabinfo, t->nr_slabinfo + 1, sizeof(*t->slabinfo));
	t->slabinfo[t->nr_slabinfo++] = si;
}

static void header_line(struct loader *l, const char *line)
{
	unsigned long in_buffer, written;

	if (!strncmp(line, "# libslab-trace: ", 17)) {
		static const char *const sections[] = {
			"cmdline", "slabinfo", "caches", "aliases", "trace", "end" };
		size_t len = strcspn(line + 17, "\n");

		l->section = NULL;
		for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
			if (strlen(sections[i]) == len && !strncmp(line + 17, sections[i], len))
				l->section = sections[i];
		if (!l->section)
			malformed(l, line, "an unknown section");
		else if (!strcmp(l->section, "slabinfo"))
			l->t->has_slabinfo = true;
		return;
	}
	if (sscanf(line, "# entries-in-buffer/entries-written: %lu/%lu", &in_buffer,
		   &written) == 2 && written > in_buffer)
		l->t->counts.lost_events = true;
}

static void parse_line(struct loader *l, const char *line)
{
	const char *s = l->section;

	l->t->counts.lines++;
	if (line[0] == '#') {
		header_line(l, line);
		return;
	}
	if (!s || !strcmp(s, "trace"))
		event_line(l, line);
	else if (!strcmp(s, "cmdline"))
		snprintf(l->t->cmdline, sizeof(l->t->cmdline), "%.*s",
			 (int)strcspn(line, "\n"), line);
	else if (!strcmp(s, "caches"))
		snapshot_cache_line(l, line);
	else if (!strcmp(s, "aliases"))
		alias_line(l, line);
	else if (!strcmp(s, "slabinfo"))
		slabinfo_line(l, line);
}

const char *trace_alias_target(const struct trace *t, const char *name)
{
	for (size_t i = 0; i < t->nr_aliases; i++)
		if (!strcmp(t->aliases[i].name, name))
			return t->aliases[i].target;
	return name;
}

/* The cache called name, following the snapshot's aliases; -1 if none. */
static long find_cache(const struct loader *l, const char *name)
{
	const struct trace *t = l->t;

	for (int hop = 0; hop < 2; hop++) {
		const char *target;

		for (size_t i = 0; i < t->nr_caches; i++)
			if (!strcmp(t->caches[i].name, name))
				return i;
		target = trace_alias_target(t, name);
		if (target == name)
			return -1;
		name = target;
	}
	return -1;
}

/* The cache of name, added (sized after obj) when the snapshot lacks it. */
static int32_t cache_for_name(struct loader *l, uint32_t name, int32_t *by_name,
			      const struct trace_object *obj)
{
	if (by_name[name] < 0) {
		const char *n = l->names.strings[name];
		long c = find_cache(l, n);

		if (c < 0 || strcmp(l->t->caches[c].name, n)) {
			/*
			 * Not in the snapshot, or merged there into a cache
			 * of another name: the replay creates it by its own
			 * name and lets its allocator decide about merging.
			 */
			struct trace_cache like = { .object_size = obj->bytes_req,
						    .size = obj->bytes_alloc, .align = 8 };

			if (c >= 0)
				like = l->t->caches[c];
			add_cache(l->t, n, obj->bytes_req, like.size, like.align);
			c = l->t->nr_caches - 1;
			l->t->caches[c].reclaim_account = like.reclaim_account;
			l->t->caches[c].hwcache_align = like.hwcache_align;
			l->t->caches[c].typesafe_by_rcu = like.typesafe_by_rcu;
			l->t->caches[c].cache_dma = like.cache_dma;
		}
		by_name[name] = c;
	}
	return by_name[name];
}

/* The one snapshot cache with these sizes, or -1. */
static long cache_by_sizes(const struct trace *t, const struct trace_object *obj)
{
	long found = -1;

	for (size_t i = 0; i < t->nr_caches; i++) {
		const struct trace_cache *c = &t->caches[i];

		if (!c->in_snapshot || c->object_size != obj->bytes_req ||
		    c->size != obj->bytes_alloc)
			continue;
		if (found >= 0)
			return -1;
		found = i;
	}
	return found;
}

static void resolve_caches(struct loader *l)
{
	struct trace *t = l->t;
	struct trace_counts *c = &t->counts;
	int32_t *by_name = xcalloc(l->names.nr + 1, sizeof(*by_name));
	int32_t *by_site = xcalloc(l->sites.nr + 1, sizeof(*by_site));

	memset(by_name, 0xff, (l->names.nr + 1) * sizeof(*by_name));
	memset(by_site, 0xff, (l->sites.nr + 1) * sizeof(*by_site));
	for (size_t i = 0; i < t->nr_objects; i++) {
		struct trace_object *obj = &t->objects[i];

		if (!l->object_site[i] || l->object_name[i] < 0)
			continue;
		obj->cache = cache_for_name(l, l->object_name[i], by_name, obj);
		if (by_site[l->object_site[i] - 1] < 0)
			by_site[l->object_site[i] - 1] = obj->cache;
		c->cache_from_free++;
	}
	for (size_t i = 0; i < t->nr_objects; i++) {
		struct trace_object *obj = &t->objects[i];
		long found;

		if (!l->object_site[i] || obj->cache >= 0)
			continue;
		found = by_site[l->object_site[i] - 1];
		if (found >= 0 && t->caches[found].object_size == obj->bytes_req) {
			obj->cache = found;
			c->cache_from_site++;
			continue;
		}
		found = cache_by_sizes(t, obj);
		if (found >= 0) {
			c->cache_from_snapshot++;
		} else {
			char name[64];

			snprintf(name, sizeof(name), "unnamed-%u", obj->bytes_req);
			found = find_cache(l, name);
			if (found < 0) {
				add_cache(t, name, obj->bytes_req, obj->bytes_alloc, 8);
				found = t->nr_caches - 1;
			}
			c->cache_made_up++;
		}
		obj->cache = found;
		by_site[l->object_site[i] - 1] = found;
	}
	for (size_t i = 0; i < t->nr_objects; i++)
		if (t->objects[i].cache >= 0)
			t->caches[t->objects[i].cache].used = true;
	free(by_name);
	free(by_site);
}

/* The file, through a decompressor for .xz and .gz. */
static FILE *open_trace(const char *path, bool *piped)
{
	size_t len = strlen(path);
	const char *tool = NULL;
	char *cmd;
	FILE *f;

	*piped = false;
	if (len > 3 && !strcmp(path + len - 3, ".xz"))
		tool = "xz -dc";
	else if (len > 3 && !strcmp(path + len - 3, ".gz"))
		tool = "gzip -dc";
	if (!tool)
		return fopen(path, "r");
	if (access(path, R_OK))
		return NULL;
	cmd = xcalloc(1, len * 4 + 32);
	strcpy(cmd, tool);
	strcat(cmd, " '");
	for (const char *p = path; *p; p++)
		strcat(cmd, *p == '\'' ? "'\\''" : (char[]){ *p, 0 });
	strcat(cmd, "'");
	f = popen(cmd, "r");
	free(cmd);
	*piped = f != NULL;
	return f;
}

int trace_load(const char *path, struct trace *t, bool progress)
{
	struct loader l = { .t = t, .path = path };
	char *line = NULL;
	size_t cap = 0;
	bool piped;
	FILE *f;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	f = open_trace(path, &piped);
	if (!f) {
		fprintf(stderr, "slabsim: cannot read %s: %s\n", path, strerror(errno));
		return -1;
	}
	addr_map_init(&l.live, 1 << 16);
	addr_map_init(&l.sites.index, 1 << 10);
	addr_map_init(&l.names.index, 1 << 8);
	while (getline(&line, &cap, f) > 0) {
		l.lineno++;
		parse_line(&l, line);
		if (progress && !(l.lineno % 200000))
			fprintf(stderr, "\rslabsim: reading %s: %lu lines", path, l.lineno);
	}
	if (progress && l.lineno >= 200000)
		fprintf(stderr, "\rslabsim: reading %s: %lu lines\n", path, l.lineno);
	free(line);
	if (piped ? pclose(f) != 0 : fclose(f) != 0) {
		fprintf(stderr, "slabsim: %s could not be read to its end\n", path);
		ret = -1;
	}
	t->counts.live_at_end = l.live.used;
	resolve_caches(&l);
	if (!ret && !t->nr_events) {
		fprintf(stderr, "slabsim: %s holds no slab events\n", path);
		ret = -1;
	}
	addr_map_release(&l.live);
	string_table_release(&l.sites);
	string_table_release(&l.names);
	free(l.object_site);
	free(l.object_name);
	if (ret)
		trace_release(t);
	return ret;
}

void trace_release(struct trace *t)
{
	free(t->events);
	free(t->objects);
	free(t->caches);
	free(t->slabinfo);
	free(t->aliases);
	memset(t, 0, sizeof(*t));
}

void trace_print_counts(const struct trace *t, FILE *f)
{
	const struct trace_counts *c = &t->counts;

	size_t used = 0;

	for (size_t i = 0; i < t->nr_caches; i++)
		used += t->caches[i].used;
	fprintf(f, "trace: %zu slab events, %zu objects, %zu caches used, %u CPUs, %lu lines\n",
		t->nr_events, t->nr_objects, used, c->nr_cpus, c->lines);
	fprintf(f, "  frees of objects allocated before tracing: %lu; kfree(NULL): %lu\n",
		c->untracked_frees, c->null_frees);
	fprintf(f, "  failed allocations: %lu; kmalloc(0): %lu; live address reallocated: %lu\n",
		c->failed_allocs, c->zero_allocs, c->reused_live);
	fprintf(f, "  objects never freed: %lu; malformed lines: %lu; other events: %lu\n",
		c->live_at_end, c->malformed, c->other_lines);
	fprintf(f, "  cache of a kmem_cache_alloc from its free %lu, its call site %lu, "
		"the snapshot %lu, made up %lu\n", c->cache_from_free, c->cache_from_site,
		c->cache_from_snapshot, c->cache_made_up);
	fprintf(f, "  page allocator: %lu allocations, %lu frees, net %+ld pages, peak %+ld\n",
		c->page_allocs, c->page_frees, c->page_net, c->page_net_peak);
	if (c->lost_events)
		fprintf(f, "  warning: the ftrace ring buffer lost events\n");
}
