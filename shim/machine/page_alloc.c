// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated page allocator: a binary buddy allocator per NUMA node
 * over orders 0..MAX_PAGE_ORDER, on the memory mem_map.c reserves at
 * first use.  Free blocks are linked through the head page's lru and
 * typed PGTY_buddy with the order in page->private, as the kernel does.
 *
 * With page_poison=on in LIBSLAB_CMDLINE, freed pages are filled with
 * PAGE_POISON and checked when they are handed out again, so a write to
 * memory after it went back to the page allocator is reported, as the
 * kernel's page_poison= does.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <linux/mm.h>
#include <linux/list.h>
#include <linux/errno.h>
#include <linux/nodemask.h>
#include <linux/spinlock.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/sched.h>
#include <sim/page_alloc.h>
#include <linux/vmstat.h>
#include <linux/fault-inject.h>
#include <linux/string.h>
#include "sim.h"

struct sim_node {
	spinlock_t lock;
	struct list_head free_area[NR_PAGE_ORDERS];
	unsigned long nr_free[NR_PAGE_ORDERS];
	atomic_long_t in_use;
};

static struct sim_node nodes[MAX_NUMNODES];
static unsigned long page_limit;
static int fail_above_order = -1;
static atomic_long_t alloc_failures;
static atomic_long_t bad_pages;
static atomic_long_t total_in_use;
atomic_long_t sim_slab_pages;
static bool page_poison;
static pthread_once_t page_alloc_once = PTHREAD_ONCE_INIT;
/* The kernel's gfp_allowed_mask, past boot: every bit allowed. */
gfp_t gfp_allowed_mask = __GFP_BITS_MASK;
/* sim_page_alloc_observe()'s hook. */
static void (*observer)(const struct sim_page_request *req, void *arg);
static void *observer_arg;

/* fail_page_alloc: the kernel's defaults, order-0 and reclaiming callers spared. */
static struct {
	struct fault_attr attr;
	bool ignore_gfp_reclaim;
	unsigned int min_order;
} fail_page_alloc = {
	.attr = FAULT_ATTR_INITIALIZER,
	.ignore_gfp_reclaim = true,
	.min_order = 1,
};
/* One bit per page: filled with PAGE_POISON since its last free. */
static unsigned long *poisoned;

#define MAX_ORDER_BYTES	(PAGE_SIZE << MAX_PAGE_ORDER)

static void free_block_add(struct sim_node *n, struct page *page,
			   unsigned int order)
{
	page_set_type(page, PGTY_buddy);
	page->private = order;
	list_add(&page->lru, &n->free_area[order]);
	n->nr_free[order]++;
}

static void free_block_del(struct sim_node *n, struct page *page,
			   unsigned int order)
{
	list_del(&page->lru);
	page_clear_type(page);
	page->private = 0;
	n->nr_free[order]--;
}

nodemask_t sim_nodes_without_memory;

/* Put node nid's whole arena on its free lists, in blocks of the largest order. */
static void node_arena_free(struct sim_node *n, int nid)
{
	unsigned long pfn;

	for (pfn = nid * sim_pages_per_node;
	     pfn < (nid + 1) * sim_pages_per_node;
	     pfn += 1UL << MAX_PAGE_ORDER)
		free_block_add(n, pfn_to_page(pfn), MAX_PAGE_ORDER);
}

/*
 * Bring the nodes up from the machine's parameters: every page free, but
 * on the last memoryless_nodes nodes, whose memory starts offline.
 */
static void page_alloc_setup(void)
{
	const struct sim_config *config = sim_config();
	unsigned long node_bytes = ALIGN(config->node_bytes, MAX_ORDER_BYTES);
	int nid;

	sim_mem_reserve(config->nr_nodes, node_bytes, MAX_ORDER_BYTES);
	page_poison = config->page_poison;
	if (page_poison) {
		poisoned = calloc(BITS_TO_LONGS(sim_total_pages),
				  sizeof(*poisoned));
		if (!poisoned)
			abort();
	}

	for (nid = 0; nid < nr_node_ids; nid++) {
		struct sim_node *n = &nodes[nid];
		unsigned int order;

		spin_lock_init(&n->lock);
		for (order = 0; order < NR_PAGE_ORDERS; order++)
			INIT_LIST_HEAD(&n->free_area[order]);
		if (nid < nr_node_ids - (int)config->memoryless_nodes)
			node_arena_free(n, nid);
		else
			node_set(nid, sim_nodes_without_memory);
	}
	if (config->fail_page_alloc[0])
		sim_fail_page_alloc_setup(config->fail_page_alloc);
}

void sim_page_alloc_up(void)
{
	pthread_once(&page_alloc_once, page_alloc_setup);
}

void sim_node_pages_add(int nid)
{
	struct sim_node *n = &nodes[nid];

	spin_lock(&n->lock);
	node_arena_free(n, nid);
	node_clear(nid, sim_nodes_without_memory);
	spin_unlock(&n->lock);
}

int sim_node_pages_take(int nid)
{
	struct sim_node *n = &nodes[nid];
	unsigned int order;

	spin_lock(&n->lock);
	if (atomic_long_read(&n->in_use)) {
		spin_unlock(&n->lock);
		return -EBUSY;
	}
	node_set(nid, sim_nodes_without_memory);
	for (order = 0; order < NR_PAGE_ORDERS; order++)
		while (!list_empty(&n->free_area[order]))
			free_block_del(n, list_first_entry(&n->free_area[order],
							   struct page, lru),
				       order);
	spin_unlock(&n->lock);
	return 0;
}

int numa_mem_id(void)
{
	int nid = numa_node_id();

	if (node_state(nid, N_MEMORY))
		return nid;
	for_each_node_state(nid, N_MEMORY)
		return nid;
	return 0;
}

/* Take a block of order from node n, splitting a larger one if needed. */
static struct page *buddy_alloc(struct sim_node *n, unsigned int order)
{
	unsigned int cur;
	struct page *page;

	for (cur = order; cur < NR_PAGE_ORDERS; cur++)
		if (!list_empty(&n->free_area[cur]))
			break;
	if (cur == NR_PAGE_ORDERS)
		return NULL;
	page = list_first_entry(&n->free_area[cur], struct page, lru);
	free_block_del(n, page, cur);
	while (cur > order) {
		cur--;
		free_block_add(n, page + (1UL << cur), cur);
	}
	return page;
}

/* Return a block to node n, merging it with free buddies. */
static void buddy_free(struct sim_node *n, struct page *page, unsigned int order)
{
	unsigned long pfn = page_to_pfn(page);

	while (order < MAX_PAGE_ORDER) {
		unsigned long buddy_pfn = pfn ^ (1UL << order);
		struct page *buddy = pfn_to_page(buddy_pfn);

		if (!page_has_type(buddy, PGTY_buddy) || buddy->private != order)
			break;
		free_block_del(n, buddy, order);
		pfn &= buddy_pfn;
		order++;
	}
	free_block_add(n, pfn_to_page(pfn), order);
}

static void bad_page(struct page *page, const char *reason);

static void poison_pages(struct page *page, unsigned int order)
{
	unsigned long pfn = page_to_pfn(page), i;

	memset(page_address(page), PAGE_POISON, PAGE_SIZE << order);
	for (i = 0; i < 1UL << order; i++)
		set_bit(pfn + i, poisoned);
}

/* Report pages written to since they were freed (mm/page_poison.c). */
static void check_poisoned_pages(struct page *page, unsigned int order)
{
	unsigned long pfn = page_to_pfn(page), i, j;

	for (i = 0; i < 1UL << order; i++) {
		const unsigned char *mem = page_address(page + i);

		if (!test_and_clear_bit(pfn + i, poisoned))
			continue;
		for (j = 0; j < PAGE_SIZE && mem[j] == PAGE_POISON; j++)
			;
		if (j == PAGE_SIZE)
			continue;
		pr_err("pagealloc: memory corruption\n");
		print_hex_dump(KERN_ERR, "", DUMP_PREFIX_ADDRESS, 16, 1,
			       mem + j, min_t(unsigned long, 16, PAGE_SIZE - j),
			       true);
		bad_page(page + i, "written to after it was freed");
	}
}

static void prep_new_pages(struct page *page, gfp_t gfp, unsigned int order)
{
	unsigned long i, nr = 1UL << order;

	if (page_poison)
		check_poisoned_pages(page, order);

	for (i = 0; i < nr; i++) {
		page[i].flags = 0;
		page[i].compound_head = 0;
		page[i].mapping = NULL;
		page[i].index = 0;
		page[i].private = 0;
		page_clear_type(&page[i]);
		atomic_set(&page[i]._refcount, 0);
		page[i].memcg_data = 0;
	}
	atomic_set(&page->_refcount, 1);
	if ((gfp & __GFP_COMP) && order) {
		set_bit(PG_head, &page->flags);
		page[1].flags = order;
		for (i = 1; i < nr; i++)
			page[i].compound_head = (unsigned long)page | 1;
	}
	if (gfp & __GFP_ZERO)
		memset(page_address(page), 0, PAGE_SIZE << order);
}

static bool over_limit(unsigned int order)
{
	unsigned long limit = READ_ONCE(page_limit);

	if (fail_above_order >= 0 && order > (unsigned int)fail_above_order)
		return true;
	return limit && atomic_long_read(&total_in_use) + (1L << order) > (long)limit;
}

int sim_fail_page_alloc_setup(const char *value)
{
	char buf[64];

	strscpy(fail_page_alloc.attr.dname, "fail_page_alloc",
		sizeof(fail_page_alloc.attr.dname));
	if (strscpy(buf, value, sizeof(buf)) < 0)
		return -EINVAL;
	return setup_fault_attr(&fail_page_alloc.attr, buf) ? 0 : -EINVAL;
}

void sim_fail_page_alloc_filter(bool ignore_gfp_reclaim, unsigned int min_order)
{
	fail_page_alloc.ignore_gfp_reclaim = ignore_gfp_reclaim;
	fail_page_alloc.min_order = min_order;
}

/* The kernel's should_fail_alloc_page(). */
static bool should_fail_alloc_page(gfp_t gfp, unsigned int order)
{
	if (order < fail_page_alloc.min_order || (gfp & __GFP_NOFAIL))
		return false;
	if (fail_page_alloc.ignore_gfp_reclaim && (gfp & __GFP_DIRECT_RECLAIM))
		return false;
	return should_fail_ex(&fail_page_alloc.attr, PAGE_SIZE << order,
			      (gfp & __GFP_NOWARN) ? FAULT_NOWARN : 0);
}

void sim_page_alloc_observe(void (*fn)(const struct sim_page_request *req,
				       void *arg), void *arg)
{
	WRITE_ONCE(observer, NULL);
	observer_arg = arg;
	WRITE_ONCE(observer, fn);
}

static struct page *report_request(int nid, gfp_t gfp, unsigned int order,
				   struct page *page)
{
	void (*fn)(const struct sim_page_request *req, void *arg) = READ_ONCE(observer);
	struct sim_page_request req = {
		.nid = nid, .gfp = gfp, .order = order, .page = page,
	};

	if (fn)
		fn(&req, observer_arg);
	return page;
}

static struct page *alloc_pages_sim(int nid, gfp_t gfp, unsigned int order)
{
	struct page *page = NULL;
	int tried;

	sim_page_alloc_up();
	/* As the kernel's __alloc_pages() starts. */
	gfp &= READ_ONCE(gfp_allowed_mask);
	if (order > MAX_PAGE_ORDER) {
		WARN_ON_ONCE(!(gfp & __GFP_NOWARN));
		atomic_long_inc(&alloc_failures);
		return NULL;
	}
	if (nid == NUMA_NO_NODE)
		nid = numa_mem_id();
	if (WARN_ON_ONCE(nid < 0 || nid >= nr_node_ids))
		nid = 0;

	if (!over_limit(order) && !should_fail_alloc_page(gfp, order)) {
		/* The preferred node, then the others unless __GFP_THISNODE. */
		for (tried = 0; tried < nr_node_ids && !page; tried++) {
			int cur = (nid + tried) % nr_node_ids;
			struct sim_node *n = &nodes[cur];

			if (tried && (gfp & __GFP_THISNODE))
				break;
			spin_lock(&n->lock);
			page = buddy_alloc(n, order);
			spin_unlock(&n->lock);
			if (page)
				atomic_long_add(1L << order, &n->in_use);
		}
	}
	if (!page) {
		atomic_long_inc(&alloc_failures);
		if (!(gfp & __GFP_NOWARN))
			pr_warn("%s: page allocation failure: order:%u, mode:%#x(%pGg), nodemask=(null)\n",
				current->comm, order, gfp, &gfp);
		return NULL;
	}
	atomic_long_add(1L << order, &total_in_use);
	prep_new_pages(page, gfp, order);
	return page;
}

struct page *alloc_pages_node(int nid, gfp_t gfp, unsigned int order)
{
	return report_request(nid, gfp, order, alloc_pages_sim(nid, gfp, order));
}

struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	return alloc_pages_node(NUMA_NO_NODE, gfp, order);
}

/* Report a free the kernel would call a bad page state. */
static void bad_page(struct page *page, const char *reason)
{
	atomic_long_inc(&bad_pages);
	pr_err("BUG: Bad page state in process %s  pfn:%05lx\n",
	       current->comm, page_to_pfn(page));
	pr_err("page: refcount:%d mapcount:0 mapping:%p index:%#lx\n",
	       page_ref_count(page), page->mapping, page->index);
	pr_err("page dumped because: %s\n", reason);
	dump_stack();
}

void __free_pages(struct page *page, unsigned int order)
{
	struct sim_node *n;
	int nid;

	if (!page)
		return;
	if (page < sim_mem_map || page >= sim_mem_map + sim_total_pages ||
	    !IS_ALIGNED(page_to_pfn(page), 1UL << order)) {
		bad_page(page, "not a page of the simulated memory");
		return;
	}
	if (page_has_type(page, PGTY_buddy)) {
		bad_page(page, "page already free (double free)");
		return;
	}
	if (READ_ONCE(page->page_type) != PAGE_TYPE_NONE) {
		bad_page(page, "page still has a page type");
		return;
	}
	if (page->mapping) {
		bad_page(page, "non-NULL mapping");
		return;
	}
	if (PageHead(page) && folio_order((struct folio *)page) != order) {
		bad_page(page, "freed with the wrong order");
		return;
	}

	if (page_poison)
		poison_pages(page, order);
	nid = page_to_nid(page);
	n = &nodes[nid];
	page->flags = 0;
	if (order)
		page[1].flags = 0;
	spin_lock(&n->lock);
	buddy_free(n, page, order);
	spin_unlock(&n->lock);
	atomic_long_sub(1L << order, &n->in_use);
	atomic_long_sub(1L << order, &total_in_use);
}

unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	struct page *page = alloc_pages(gfp, order);

	return page ? (unsigned long)page_address(page) : 0;
}

unsigned long get_zeroed_page(gfp_t gfp)
{
	return __get_free_pages(gfp | __GFP_ZERO, 0);
}

void free_pages(unsigned long addr, unsigned int order)
{
	if (addr)
		__free_pages(virt_to_page((void *)addr), order);
}

void sim_page_set_limit(unsigned long max_pages)
{
	sim_page_alloc_up();
	WRITE_ONCE(page_limit, max_pages);
}

unsigned long sim_pages_in_use(int nid)
{
	sim_page_alloc_up();
	if (nid == NUMA_NO_NODE)
		return atomic_long_read(&total_in_use);
	if (nid < 0 || nid >= nr_node_ids)
		return 0;
	return atomic_long_read(&nodes[nid].in_use);
}

unsigned long sim_page_alloc_failures(void)
{
	return atomic_long_read(&alloc_failures);
}

void sim_page_fail_above_order(int order)
{
	sim_page_alloc_up();
	WRITE_ONCE(fail_above_order, order);
}

unsigned long sim_bad_page_count(void)
{
	return atomic_long_read(&bad_pages);
}

unsigned long sim_slab_pages_in_use(void)
{
	return atomic_long_read(&sim_slab_pages);
}

/* The node counters of <linux/vmstat.h>, in pages. */
static atomic_long_t node_stat[MAX_NUMNODES][NR_VM_NODE_STAT_ITEMS];

void lruvec_stat_mod_folio(struct folio *folio, enum node_stat_item item,
			   int val)
{
	/* A byte item moves by whole pages (the kernel's VM_WARN_ON_ONCE). */
	WARN_ON_ONCE(val & (PAGE_SIZE - 1));
	atomic_long_add(val / (long)PAGE_SIZE, &node_stat[folio_nid(folio)][item]);
}

unsigned long global_node_page_state_pages(enum node_stat_item item)
{
	long pages = 0;
	int nid;

	for (nid = 0; nid < MAX_NUMNODES; nid++)
		pages += atomic_long_read(&node_stat[nid][item]);
	return pages < 0 ? 0 : pages;
}

unsigned long sim_node_page_state_pages(int nid, enum node_stat_item item)
{
	long pages = atomic_long_read(&node_stat[nid][item]);

	return pages < 0 ? 0 : pages;
}

unsigned long sim_node_pages(int nid)
{
	sim_page_alloc_up();
	return node_state(nid, N_MEMORY) ? sim_pages_per_node : 0;
}

void sim_for_each_page_block(void (*fn)(struct page *head, unsigned int order,
					void *arg), void *arg)
{
	unsigned long pfn = 0;

	sim_page_alloc_up();
	while (pfn < sim_total_pages) {
		struct page *page = pfn_to_page(pfn);
		unsigned int order = 0;

		/* A memoryless node's pages are no block at all. */
		if (!node_state(pfn / sim_pages_per_node, N_MEMORY)) {
			pfn += sim_pages_per_node;
			continue;
		}

		if (page_has_type(page, PGTY_buddy)) {
			pfn += 1UL << page->private;
			continue;
		}
		if (PageHead(page))
			order = folio_order((struct folio *)page);
		fn(page, order, arg);
		pfn += 1UL << order;
	}
}
