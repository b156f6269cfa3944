/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/min_heap.h>: binary heaps in an array, of any element type.
 * DEFINE_MIN_HEAP(type, name) declares struct name { nr, size, data };
 * the operations take that struct, the callbacks (less: whether lhs goes
 * above rhs, so a "greater" gives a max-heap; swp: exchange two
 * elements) and an argument passed to both.  Sifting down is bottom-up,
 * as the kernel's: follow the preferred children to a leaf, climb back
 * to where the sifted element belongs, and shift that path up one place.
 */
#ifndef _SHIM_LINUX_MIN_HEAP_H
#define _SHIM_LINUX_MIN_HEAP_H

#include <string.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/types.h>

#define MIN_HEAP_PREALLOCATED(_type, _name, _nr)			\
struct _name {								\
	int nr;								\
	int size;							\
	_type *data;							\
	_type preallocated[_nr];					\
}

#define DEFINE_MIN_HEAP(_type, _name)	MIN_HEAP_PREALLOCATED(_type, _name, 0)

/* Every heap as the generic functions see it: elements as bytes. */
typedef DEFINE_MIN_HEAP(char, min_heap_char) min_heap_char;

#define __minheap_cast(_heap)		(__typeof__((_heap)->data[0]) *)
#define __minheap_obj_size(_heap)	sizeof((_heap)->data[0])
#define __minheap_generic(_heap)	container_of(&(_heap)->nr, min_heap_char, nr)

struct min_heap_callbacks {
	bool (*less)(const void *lhs, const void *rhs, void *args);
	void (*swp)(void *lhs, void *rhs, void *args);
};

/* An empty heap of size elements at data, or in its preallocated array. */
static __always_inline void __min_heap_init(min_heap_char *heap, void *data,
					    int size)
{
	heap->nr = 0;
	heap->size = size;
	heap->data = data ? data : heap->preallocated;
}

#define min_heap_init(_heap, _data, _size)				\
	__min_heap_init(__minheap_generic(_heap), _data, _size)

/* The top element, or NULL for an empty heap. */
static __always_inline void *__min_heap_peek(min_heap_char *heap)
{
	return heap->nr ? heap->data : NULL;
}

#define min_heap_peek(_heap)						\
	(__minheap_cast(_heap) __min_heap_peek(__minheap_generic(_heap)))

static __always_inline bool __min_heap_full(min_heap_char *heap)
{
	return heap->nr == heap->size;
}

#define min_heap_full(_heap)	__min_heap_full(__minheap_generic(_heap))

/* Move the element at pos down to its place in the subtree below it. */
static __always_inline void
__min_heap_sift_down(min_heap_char *heap, int pos, size_t elem_size,
		     const struct min_heap_callbacks *func, void *args)
{
	char *data = heap->data;
	size_t top = (size_t)pos, i = top, nr = (size_t)heap->nr;

#define __MIN_HEAP_AT(n)	(data + (n) * elem_size)
	/* Down to a leaf along the children that go higher. */
	while (2 * i + 2 < nr)
		i = func->less(__MIN_HEAP_AT(2 * i + 1), __MIN_HEAP_AT(2 * i + 2), args) ?
		    2 * i + 1 : 2 * i + 2;
	if (2 * i + 2 == nr)
		i = 2 * i + 1;
	/* Back up to the first element the sifted one does not go above. */
	while (i != top && func->less(__MIN_HEAP_AT(top), __MIN_HEAP_AT(i), args))
		i = (i - 1) / 2;
	/* The path top..i moves up one place, the sifted element to i. */
	while (i != top) {
		func->swp(__MIN_HEAP_AT(top), __MIN_HEAP_AT(i), args);
		i = (i - 1) / 2;
	}
#undef __MIN_HEAP_AT
}

#define min_heap_sift_down(_heap, _pos, _func, _args)			\
	__min_heap_sift_down(__minheap_generic(_heap), _pos,		\
			     __minheap_obj_size(_heap), _func, _args)

/* Move the element at idx up while it goes above its parent. */
static __always_inline void
__min_heap_sift_up(min_heap_char *heap, size_t elem_size, size_t idx,
		   const struct min_heap_callbacks *func, void *args)
{
	char *data = heap->data;

	while (idx) {
		size_t parent = (idx - 1) / 2;

		if (func->less(data + parent * elem_size, data + idx * elem_size, args))
			break;
		func->swp(data + parent * elem_size, data + idx * elem_size, args);
		idx = parent;
	}
}

#define min_heap_sift_up(_heap, _idx, _func, _args)			\
	__min_heap_sift_up(__minheap_generic(_heap),			\
			   __minheap_obj_size(_heap), _idx, _func, _args)

/* Make a heap of the nr elements in data. */
static __always_inline void
__min_heapify_all(min_heap_char *heap, size_t elem_size,
		  const struct min_heap_callbacks *func, void *args)
{
	for (int i = heap->nr / 2 - 1; i >= 0; i--)
		__min_heap_sift_down(heap, i, elem_size, func, args);
}

#define min_heapify_all(_heap, _func, _args)				\
	__min_heapify_all(__minheap_generic(_heap),			\
			  __minheap_obj_size(_heap), _func, _args)

/* Remove the top element; false (and a warning) on an empty heap. */
static __always_inline bool
__min_heap_pop(min_heap_char *heap, size_t elem_size,
	       const struct min_heap_callbacks *func, void *args)
{
	if (WARN_ONCE(heap->nr <= 0, "Popping an empty heap"))
		return false;
	heap->nr--;
	memcpy(heap->data, heap->data + (size_t)heap->nr * elem_size, elem_size);
	__min_heap_sift_down(heap, 0, elem_size, func, args);
	return true;
}

#define min_heap_pop(_heap, _func, _args)				\
	__min_heap_pop(__minheap_generic(_heap),			\
		       __minheap_obj_size(_heap), _func, _args)

/* Replace the top element with element (cheaper than pop then push). */
static __always_inline void
__min_heap_pop_push(min_heap_char *heap, const void *element, size_t elem_size,
		    const struct min_heap_callbacks *func, void *args)
{
	memcpy(heap->data, element, elem_size);
	__min_heap_sift_down(heap, 0, elem_size, func, args);
}

#define min_heap_pop_push(_heap, _element, _func, _args)		\
	__min_heap_pop_push(__minheap_generic(_heap), _element,		\
			    __minheap_obj_size(_heap), _func, _args)

/* Add a copy of element; false (and a warning) on a full heap. */
static __always_inline bool
__min_heap_push(min_heap_char *heap, const void *element, size_t elem_size,
		const struct min_heap_callbacks *func, void *args)
{
	size_t at = (size_t)heap->nr;

	if (WARN_ONCE(heap->nr >= heap->size, "Pushing on a full heap"))
		return false;
	memcpy(heap->data + at * elem_size, element, elem_size);
	heap->nr++;
	__min_heap_sift_up(heap, elem_size, at, func, args);
	return true;
}

#define min_heap_push(_heap, _element, _func, _args)			\
	__min_heap_push(__minheap_generic(_heap), _element,		\
			__minheap_obj_size(_heap), _func, _args)

/* Remove the element at idx; false (and a warning) on an empty heap. */
static __always_inline bool
__min_heap_del(min_heap_char *heap, size_t elem_size, size_t idx,
	       const struct min_heap_callbacks *func, void *args)
{
	if (WARN_ONCE(heap->nr <= 0, "Popping an empty heap"))
		return false;
	heap->nr--;
	if (idx == (size_t)heap->nr)
		return true;
	/* The last element takes idx's place, then goes up or down. */
	func->swp(heap->data + idx * elem_size,
		  heap->data + (size_t)heap->nr * elem_size, args);
	__min_heap_sift_up(heap, elem_size, idx, func, args);
	__min_heap_sift_down(heap, (int)idx, elem_size, func, args);
	return true;
}

#define min_heap_del(_heap, _idx, _func, _args)				\
	__min_heap_del(__minheap_generic(_heap),			\
		       __minheap_obj_size(_heap), _idx, _func, _args)

#endif /* _SHIM_LINUX_MIN_HEAP_H */
