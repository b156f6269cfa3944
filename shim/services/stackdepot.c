// SPDX-License-Identifier: GPL-2.0
/*
 * stack_trace_save() on backtrace(), and the stack depot: an append-only
 * array of stacks plus a hash table to find a stack already stored, under
 * one lock.  Handles are array index + 1, so 0 means "no stack".
 */
#include <execinfo.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/stackdepot.h>
#include <linux/stacktrace.h>
#include <linux/printk.h>
#include <linux/spinlock.h>

#define DEPOT_MAX_FRAMES	64
#define DEPOT_HASH_BITS		14

struct depot_stack {
	u32 hash;
	u32 next;		/* handle of the next stack in this bucket */
	unsigned int nr;
	unsigned long frames[];
};

static struct depot_stack **stacks;
static u32 nr_stacks, stacks_cap;
static u32 buckets[1U << DEPOT_HASH_BITS];
static DEFINE_SPINLOCK(depot_lock);

unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	void *frames[DEPOT_MAX_FRAMES + 8];
	int n = backtrace(frames, ARRAY_SIZE(frames));
	unsigned int i, out = 0;

	/* Skip stack_trace_save() itself as well. */
	for (i = skipnr + 1; i < (unsigned int)n && out < size; i++)
		store[out++] = (unsigned long)frames[i];
	return out;
}

static u32 hash_frames(const unsigned long *entries, unsigned int nr)
{
	u64 h = 0xcbf29ce484222325ULL;
	unsigned int i;

	for (i = 0; i < nr; i++)
		h = (h ^ entries[i]) * 0x100000001b3ULL;
	return (u32)(h ^ (h >> 32));
}

depot_stack_handle_t stack_depot_save(unsigned long *entries,
				      unsigned int nr_entries, gfp_t gfp)
{
	u32 hash, handle, *bucket;
	struct depot_stack *st;

	if (!nr_entries)
		return 0;
	nr_entries = min_t(unsigned int, nr_entries, DEPOT_MAX_FRAMES);
	hash = hash_frames(entries, nr_entries);
	bucket = &buckets[hash & ((1U << DEPOT_HASH_BITS) - 1)];

	spin_lock(&depot_lock);
	for (handle = *bucket; handle; handle = stacks[handle - 1]->next) {
		st = stacks[handle - 1];
		if (st->hash == hash && st->nr == nr_entries &&
		    !memcmp(st->frames, entries, nr_entries * sizeof(long)))
			goto out;
	}
	handle = 0;
	if (nr_stacks == stacks_cap) {
		u32 cap = stacks_cap ? 2 * stacks_cap : 1024;
		/* NOLINTNEXTLINE(bugprone-sizeof-expression): pointers */
		struct depot_stack **grown = realloc(stacks, cap * sizeof(*grown));

		if (!grown)
			goto out;
		stacks = grown;
		stacks_cap = cap;
	}
	st = malloc(sizeof(*st) + nr_entries * sizeof(long));
	if (!st)
		goto out;
	st->hash = hash;
	st->nr = nr_entries;
	memcpy(st->frames, entries, nr_entries * sizeof(long));
	st->next = *bucket;
	stacks[nr_stacks++] = st;
	handle = nr_stacks;
	*bucket = handle;
out:
	spin_unlock(&depot_lock);
	return handle;
}

unsigned int stack_depot_fetch(depot_stack_handle_t handle,
			       unsigned long **entries)
{
	struct depot_stack *st;

	spin_lock(&depot_lock);
	st = handle && handle <= nr_stacks ? stacks[handle - 1] : NULL;
	spin_unlock(&depot_lock);
	if (!st) {
		*entries = NULL;
		return 0;
	}
	*entries = st->frames;
	return st->nr;
}

void stack_depot_print(depot_stack_handle_t handle)
{
	unsigned long *entries;
	unsigned int nr = stack_depot_fetch(handle, &entries), i;

	/* One frame a line, as the kernel's stack_trace_print() with no indent. */
	for (i = 0; i < nr; i++)
		printk(" %pS\n", (void *)entries[i]);
}
