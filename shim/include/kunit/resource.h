/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit resources for the userspace KUnit (see <kunit/test.h>): data a
 * case attaches to itself, found again by name or by a match function,
 * reference counted, and released in reverse order of addition when the
 * case ends.  The kernel's SLUB finds the "slab_errors" resource of the
 * current test this way (slab_add_kunit_errors(), src/slab_common.c).
 * Not modelled: kunit_alloc_resource()'s gfp, actions, resources of a
 * suite rather than of a case.
 */
#ifndef _SHIM_KUNIT_RESOURCE_H
#define _SHIM_KUNIT_RESOURCE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/errno.h>
#include <linux/string.h>

struct kunit;
struct kunit_resource;

typedef int (*kunit_resource_init_t)(struct kunit_resource *res, void *context);
typedef void (*kunit_resource_free_t)(struct kunit_resource *res);
typedef bool (*kunit_resource_match_t)(struct kunit *test,
				       struct kunit_resource *res,
				       void *match_data);

struct kunit_resource {
	void *data;
	const char *name;
	kunit_resource_free_t free;
	/* private: */
	atomic_t refcount;
	struct list_head node;
	bool should_kfree;	/* allocated by kunit_alloc_resource() */
};

/*
 * Attach res to test: init(res, data) sets it up (its error is returned
 * and res is not attached), or without init res->data = data.  0 on success.
 */
int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
			 kunit_resource_free_t free, struct kunit_resource *res,
			 void *data);
static inline int kunit_add_resource(struct kunit *test,
				     kunit_resource_init_t init,
				     kunit_resource_free_t free,
				     struct kunit_resource *res, void *data)
{
	res->name = NULL;
	return __kunit_add_resource(test, init, free, res, data);
}

/* The first resource of test that match accepts, with a reference taken. */
struct kunit_resource *kunit_find_resource(struct kunit *test,
					   kunit_resource_match_t match,
					   void *match_data);
/* Drop a reference; the last one calls res->free (and frees res if ours). */
void kunit_put_resource(struct kunit_resource *res);
/* Detach res from its test and drop the test's reference. */
void kunit_remove_resource(struct kunit *test, struct kunit_resource *res);

/* Whether res is named match_name (a kunit_resource_match_t; test unused). */
static inline bool kunit_resource_name_match(struct kunit *test __attribute__((__unused__)),
					     struct kunit_resource *res,
					     void *match_name)
{
	return res->name && strcmp(res->name, match_name) == 0;
}

static inline struct kunit_resource *
kunit_find_named_resource(struct kunit *test, const char *name)
{
	return kunit_find_resource(test, kunit_resource_name_match, (void *)name);
}

/* As kunit_add_resource(), under a name no other resource of test has. */
static inline int kunit_add_named_resource(struct kunit *test,
					   kunit_resource_init_t init,
					   kunit_resource_free_t free,
					   struct kunit_resource *res,
					   const char *name, void *data)
{
	struct kunit_resource *existing;

	if (!name)
		return -EINVAL;
	existing = kunit_find_named_resource(test, name);
	if (existing) {
		kunit_put_resource(existing);
		return -EEXIST;
	}
	res->name = name;
	return __kunit_add_resource(test, init, free, res, data);
}

/* A resource allocated here (freed with its last reference); its data. */
void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init,
			   kunit_resource_free_t free, gfp_t gfp, void *context);

/* Remove the first resource match accepts: 0, or -ENOENT. */
int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match,
			   void *match_data);
static inline int kunit_destroy_named_resource(struct kunit *test,
					       const char *name)
{
	return kunit_destroy_resource(test, kunit_resource_name_match,
				      (void *)name);
}

#endif /* _SHIM_KUNIT_RESOURCE_H */
