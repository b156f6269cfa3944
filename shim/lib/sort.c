// SPDX-License-Identifier: GPL-2.0
/*
 * sort_r() and sort(): the kernel's heapsort of lib/sort.c
 * (<linux/sort.h>).
 */
#include <linux/kernel.h>
#include <linux/sort.h>

static void sort_swap_bytes(void *a, void *b, size_t size)
{
	unsigned char *x = a, *y = b, t;

	while (size--) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

/*
 * The kernel's heapsort, step for step (lib/sort.c): the same comparisons
 * and exchanges in the same order, so that a comparison that never says
 * "equal" (mm/slub.c's cmp_loc_by_count) leaves equal keys where the
 * kernel leaves them.  The heap is built by sifting down from the middle;
 * each round of the sort then takes the two largest elements off it (the
 * root and the greater of its children) before sifting again.  Sifting
 * goes down to a leaf along the greater children first, then climbs back
 * to the place of the sifted element.
 */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv)
{
	char *e = base;
	size_t end = num, at = num / 2, back = 1;

#define SORT_AT(i)	(e + (i) * size)
#define SORT_SWAP(i, j)							\
	do {								\
		if (swap_func)						\
			swap_func(SORT_AT(i), SORT_AT(j), (int)size, priv); \
		else							\
			sort_swap_bytes(SORT_AT(i), SORT_AT(j), size);	\
	} while (0)

	if (!at || !size)
		return;
	for (;;) {
		size_t node, left, right, dest;

		if (at) {
			/* building the heap, or back to the root after a take */
			at -= back;
		} else if (end > 3) {
			end--;
			SORT_SWAP(0, end);
			/* the second largest is the greater child of the root */
			at = cmp_func(SORT_AT(1), SORT_AT(2), priv) <= 0 ? 2 : 1;
			back = at;
			end--;
			SORT_SWAP(at, end);
		} else {
			break;
		}

		node = at;
		for (;;) {
			left = 2 * node + 1;
			right = left + 1;
			if (right >= end)
				break;
			node = cmp_func(SORT_AT(left), SORT_AT(right), priv) > 0 ?
			       left : right;
		}
		if (right == end)	/* a last leaf without a sibling */
			node = left;
		while (node != at && cmp_func(SORT_AT(at), SORT_AT(node), priv) >= 0)
			node = (node - 1) / 2;
		dest = node;
		while (node != at) {
			node = (node - 1) / 2;
			SORT_SWAP(node, dest);
		}
	}
	end--;
	SORT_SWAP(0, end);
	if (end == 2 && cmp_func(SORT_AT(0), SORT_AT(1), priv) > 0)
		SORT_SWAP(0, 1);
#undef SORT_SWAP
#undef SORT_AT
}

/* sort()'s comparison and exchange, which sort_r() passes its priv. */
struct sort_plain {
	cmp_func_t cmp;
	swap_func_t exchange;
};

static int sort_plain_cmp(const void *a, const void *b, const void *priv)
{
	return ((const struct sort_plain *)priv)->cmp(a, b);
}

static void sort_plain_swap(void *a, void *b, int size, const void *priv)
{
	((const struct sort_plain *)priv)->exchange(a, b, size);
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func,
	  swap_func_t swap_func)
{
	struct sort_plain plain = { cmp_func, swap_func };

	sort_r(base, num, size, sort_plain_cmp,
	       swap_func ? sort_plain_swap : NULL, &plain);
}
