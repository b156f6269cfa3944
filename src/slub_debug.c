// SPDX-License-Identifier: GPL-2.0
/*
 * slub_debug: the boot parameter, object poisoning, red zones, user
 * tracking and tracing, the checks made at every allocation and free of a
 * debug cache, and the reports they print.
 *
 * A cache with any debug flag keeps no per-CPU slabs: it allocates and
 * frees one object at a time under the node's list_lock (slub_single.c),
 * which calls the checks here on a stable slab.
 *
 * Object layout with debugging (see calculate_sizes()):
 *   [left red zone][object][right red zone][free pointer][tracks][orig size][padding]
 *   red zones:  SLUB_RED_ACTIVE while allocated, SLUB_RED_INACTIVE while free
 *   object:     POISON_FREE ... POISON_END while free (SLAB_POISON)
 *   padding:    POISON_INUSE
 *
 * Kernel counterparts (mm/slub.c): parse_slub_debug_flags(),
 * setup_slub_debug(), kmem_cache_flags(), init_object(), check_object(),
 * check_bytes_and_report(), check_pad_bytes(), slab_pad_check(),
 * check_slab(), on_freelist(), print_trailer(), object_err(), slab_fix(),
 * set_track() (set_track_prepare() + set_track_update()), print_track(),
 * trace(), alloc_debug_processing(), free_debug_processing() (their
 * callers, alloc_single_from_partial() and the rest, are slub_single.c's).
 */
#include "slab.h"

#define TRACK_ADDRS_COUNT	16

/* Flags every cache gets, and the per-cache blocks of slub_debug=. */
static slab_flags_t slub_debug;
static const char *slub_debug_string;
/*
 * The boot command line outlives the kernel's parse; here we keep a copy,
 * as long as any command line can be.
 */
static char slub_debug_buf[COMMAND_LINE_SIZE];
static bool disable_higher_order_debug;

/* ---- slub_debug= ---- */

/*
 * Parse one ';'-separated block "<flags>[,<cache>[,<cache>...]]": its
 * flags in *flags (all debugging for an empty flag list), the start of its
 * cache list in *caches or NULL.  Returns the next block or NULL.
 */
static const char *parse_slub_debug_flags(const char *str, slab_flags_t *flags,
					  const char **caches, bool init)
{
	bool higher_order_disable = false;

	while (*str == ';')
		str++;
	if (*str == ',') {
		*flags = DEBUG_DEFAULT_FLAGS;
		goto caches;
	}
	*flags = 0;
	for (; *str && *str != ',' && *str != ';'; str++) {
		switch (tolower(*str)) {
		case '-':
			*flags = 0;
			break;
		case 'f':
			*flags |= SLAB_CONSISTENCY_CHECKS;
			break;
		case 'z':
			*flags |= SLAB_RED_ZONE;
			break;
		case 'p':
			*flags |= SLAB_POISON;
			break;
		case 'u':
			*flags |= SLAB_STORE_USER;
			break;
		case 't':
			*flags |= SLAB_TRACE;
			break;
		case 'a':
			*flags |= SLAB_FAILSLAB;
			break;
		case 'o':
			higher_order_disable = true;
			break;
		default:
			if (init)
				pr_err("slab_debug option '%c' unknown. skipped\n",
				       *str);
		}
	}
caches:
	*caches = *str == ',' ? ++str : NULL;
	while (*str && *str != ';')
		str++;
	while (*str == ';')
		str++;
	if (init && higher_order_disable)
		disable_higher_order_debug = true;
	return *str ? str : NULL;
}

int setup_slub_debug(const char *value)
{
	slab_flags_t global = DEBUG_DEFAULT_FLAGS, flags;
	bool global_changed = false, lists = false;
	const char *str = value, *caches;

	/* Without CONFIG_LIBSLAB_DEBUG there is no slub_debug= to set. */
	if (!IS_ENABLED(CONFIG_LIBSLAB_DEBUG))
		return -EINVAL;
	if (str && strlen(str) >= sizeof(slub_debug_buf))
		return -EINVAL;
	disable_higher_order_debug = false;
	if (str && *str) {
		strscpy(slub_debug_buf, str, sizeof(slub_debug_buf));
		for (str = slub_debug_buf; str; ) {
			str = parse_slub_debug_flags(str, &flags, &caches,
						     true);
			if (!caches) {
				global = flags;
				global_changed = true;
			} else {
				lists = true;
			}
		}
		/* Only lists given: the other caches keep their debugging. */
		if (lists && !global_changed)
			global = slub_debug;
	}
	slub_debug_string = lists ? slub_debug_buf : NULL;
	slub_debug = global;
	return 0;
}

bool slub_debug_order_sensitive(void)
{
	return disable_higher_order_debug;
}

slab_flags_t slub_debug_global_flags(void)
{
	return slub_debug;
}

/* Whether name matches the cache list starting at list (up to end). */
static bool name_in_list(const char *name, const char *iter, const char *stop)
{
	size_t len = strlen(name);

	while (*iter && iter != stop) {
		const char *end = strchrnul(iter, ',');
		const char *glob;
		size_t cmplen;

		if (stop && stop < end)
			end = stop - 1;
		glob = strnchr(iter, end - iter, '*');
		cmplen = glob ? (size_t)(glob - iter) : max_t(size_t, len, end - iter);
		if (!strncmp(name, iter, cmplen))
			return true;
		if (!*end || *end == ';')
			break;
		iter = end + 1;
	}
	return false;
}

slab_flags_t kmem_cache_flags(slab_flags_t flags, const char *name)
{
	slab_flags_t block_flags, local;
	const char *next, *caches;

	if (!IS_ENABLED(CONFIG_LIBSLAB_DEBUG))
		return flags & ~SLAB_DEBUG_FLAGS;
	if (flags & SLAB_NO_USER_FLAGS)
		return flags;
	local = slub_debug;
	next = slub_debug_string;
	/* Caches of debugging tools don't track users unless named. */
	if (flags & SLAB_NOLEAKTRACE)
		local &= ~SLAB_STORE_USER;
	while (next) {
		next = parse_slub_debug_flags(next, &block_flags, &caches,
					      false);
		if (caches && name_in_list(name, caches, next))
			return flags | block_flags;
	}
	return flags | local;
}

/* ---- tracking ---- */

struct track *get_track(struct kmem_cache *s, void *object,
			enum track_item alloc)
{
	return (struct track *)((char *)object + get_info_end(s)) + alloc;
}

/* The requested size a kmalloc object keeps after its tracks: a full word. */
static unsigned long *orig_size_slot(struct kmem_cache *s, void *object)
{
	return (unsigned long *)((char *)object + get_info_end(s) +
				 2 * sizeof(struct track));
}

void set_orig_size(struct kmem_cache *s, void *object,
		   unsigned long orig_size)
{
	if (slub_debug_orig_size(s))
		*orig_size_slot(s, object) = orig_size;
}

void skip_orig_size_check(struct kmem_cache *s, const void *object)
{
	set_orig_size(s, (void *)object, s->object_size);
}

unsigned long get_orig_size(struct kmem_cache *s, void *object)
{
	return slub_debug_orig_size(s) ? *orig_size_slot(s, object) :
					 s->object_size;
}

/* The caller's stack, from the allocator's entry point outwards. */
noinline depot_stack_handle_t set_track_prepare(void)
{
	unsigned long entries[TRACK_ADDRS_COUNT];
	unsigned int nr = stack_trace_save(entries, ARRAY_SIZE(entries), 1);

	return stack_depot_save(entries, nr, GFP_NOWAIT);
}

/* The kernel's set_track() is this with set_track_prepare()'s stack. */
void set_track_update(struct kmem_cache *s, void *object,
		      enum track_item alloc, unsigned long addr,
		      depot_stack_handle_t handle)
{
	struct track *t = get_track(s, object, alloc);

	t->addr = addr;
	t->handle = handle;
	/*
	 * A record, not a per-CPU access: the debug paths may run
	 * preemptible here, and a stale CPU number only misleads the report.
	 */
	t->cpu = raw_smp_processor_id();
	t->pid = current->pid;
	t->when = jiffies;
}

static void init_tracking(struct kmem_cache *s, void *object)
{
	if (s->flags & SLAB_STORE_USER)
		memset(get_track(s, object, TRACK_ALLOC), 0,
		       2 * sizeof(struct track));
}

static void print_track(const char *what, struct track *t, unsigned long now)
{
	if (!t->addr)
		return;
	pr_err("%s in %pS age=%lu cpu=%u pid=%d\n", what, (void *)t->addr,
	       now - t->when, t->cpu, t->pid);
	if (t->handle)
		stack_depot_print(t->handle);
	else
		pr_err("object allocation/free stack trace missing\n");
}

void print_tracking(struct kmem_cache *s, void *object)
{
	unsigned long now = jiffies;

	if (!(s->flags & SLAB_STORE_USER))
		return;
	print_track("Allocated", get_track(s, object, TRACK_ALLOC), now);
	print_track("Freed", get_track(s, object, TRACK_FREE), now);
}

/* ---- reports ---- */

static void print_section(const char *level, const char *text, u8 *addr,
			  unsigned int length)
{
	print_hex_dump(level, text, DUMP_PREFIX_ADDRESS, 16, 1, addr, length,
		       true);
}

static void print_slab_info(const struct slab *slab)
{
	pr_err("Slab 0x%p objects=%u used=%u fp=0x%p flags=%pGp\n",
	       slab, slab->objects, slab->inuse, slab->freelist,
	       &slab->__page_flags);
}

/*
 * A FIX line (one event).  Inside a KUnit test counting "slab_errors" the
 * event is counted and nothing printed, as everywhere below.
 */
static __printf(2, 3) void slab_fix(struct kmem_cache *s, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	if (slab_add_error())
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("FIX %s: %pV\n", s->name, &vaf);
	va_end(args);
}

static unsigned int size_from_object(const struct kmem_cache *s)
{
	return (s->flags & SLAB_RED_ZONE) ? s->size - s->red_left_pad : s->size;
}

static void print_trailer(struct kmem_cache *s, struct slab *slab, u8 *p)
{
	u8 *addr = slab_address(slab);
	unsigned int off;

	print_tracking(s, p);
	print_slab_info(slab);
	pr_err("Object 0x%p @offset=%tu fp=0x%p\n\n", p, p - addr,
	       get_freepointer(s, p));
	if (s->flags & SLAB_RED_ZONE)
		print_section(KERN_ERR, "Redzone  ", p - s->red_left_pad,
			      s->red_left_pad);
	else if (p > addr + 16)
		print_section(KERN_ERR, "Bytes b4 ", p - 16, 16);
	print_section(KERN_ERR, "Object   ", p,
		      min_t(unsigned int, s->object_size, PAGE_SIZE));
	if (s->flags & SLAB_RED_ZONE)
		print_section(KERN_ERR, "Redzone  ", p + s->object_size,
			      s->inuse - s->object_size);
	off = get_info_end(s);
	if (s->flags & SLAB_STORE_USER)
		off += 2 * sizeof(struct track);
	if (slub_debug_orig_size(s))
		off += sizeof(unsigned long);
	if (off != size_from_object(s))
		print_section(KERN_ERR, "Padding  ", p + off,
			      size_from_object(s) - off);
}

void __slab_err(struct slab *slab)
{
	if (slab_in_kunit_test())
		return;
	if (slab)
		print_slab_info(slab);
	add_taint(TAINT_BAD_PAGE, LOCKDEP_NOW_UNRELIABLE);
	WARN_ON(1);
}

/*
 * object_err() without its event: banner, the object's owners, its slab
 * and hex dumps, a taint and a WARN.  check_bytes_and_report() calls it
 * after counting its own event: 6.12 counts that report once inside KUnit
 * (where it is not printed), and libslab_error_count() counts it so too.
 */
static void print_object_report(struct kmem_cache *s, struct slab *slab,
				u8 *object, const char *reason)
{
	slab_bug(s, "%s", reason);
	if (!object || !check_valid_pointer(s, slab, object)) {
		print_slab_info(slab);
		pr_err("Invalid pointer 0x%p\n", object);
	} else {
		print_trailer(s, slab, object);
	}
	add_taint(TAINT_BAD_PAGE, LOCKDEP_NOW_UNRELIABLE);
	WARN_ON(1);
}

/* A report about one object (one event). */
static void object_err(struct kmem_cache *s, struct slab *slab, u8 *object,
		       const char *reason)
{
	if (slab_add_error())
		return;
	print_object_report(s, slab, object, reason);
}

/* ---- poisoning and red zones ---- */

static void init_object(struct kmem_cache *s, void *object, u8 val)
{
	u8 *p = object;
	unsigned int poison_size = s->object_size;

	if (s->flags & SLAB_RED_ZONE) {
		memset(p - s->red_left_pad, val, s->red_left_pad);
		/* What kmalloc gave beyond the request is red zone too. */
		if (slub_debug_orig_size(s) && val == SLUB_RED_ACTIVE)
			poison_size = get_orig_size(s, object);
	}
	if (s->flags & __OBJECT_POISON) {
		memset(p, POISON_FREE, poison_size - 1);
		p[poison_size - 1] = POISON_END;
	}
	if (s->flags & SLAB_RED_ZONE)
		memset(p + poison_size, val, s->inuse - poison_size);
}

static void restore_bytes(struct kmem_cache *s, const char *message, u8 data,
			  u8 *from, u8 *to)
{
	slab_fix(s, "Restoring %s 0x%p-0x%p=0x%x", message, from, to - 1,
		 data);
	memset(from, data, to - from);
}

/* Check bytes [start, start+bytes) hold value; report, repair, return false if not. */
static bool check_bytes_and_report(struct kmem_cache *s, struct slab *slab,
				   u8 *object, const char *what, u8 *start,
				   unsigned int value, unsigned int bytes,
				   bool object_print)
{
	u8 *addr = slab_address(slab);
	u8 *fault = memchr_inv(start, value, bytes);
	u8 *end;

	if (!fault)
		return true;
	end = start + bytes;
	while (end > fault && end[-1] == value)
		end--;
	/* The overwritten line comes first, then object_err()'s report. */
	if (!slab_add_error()) {
		pr_err("[%s overwritten] 0x%p-0x%p @offset=%tu. First byte 0x%x instead of 0x%x\n",
		       what, fault, end - 1, fault - addr, fault[0], value);
		if (object_print)
			print_object_report(s, slab, object, "Object corrupt");
	}
	restore_bytes(s, what, value, fault, end);
	return false;
}

static bool check_pad_bytes(struct kmem_cache *s, struct slab *slab, u8 *p)
{
	unsigned int off = get_info_end(s);

	if (s->flags & SLAB_STORE_USER) {
		off += 2 * sizeof(struct track);
		if (s->flags & SLAB_KMALLOC)
			off += sizeof(unsigned long);
	}
	if (size_from_object(s) == off)
		return true;
	return check_bytes_and_report(s, slab, p, "Object padding", p + off,
				      POISON_INUSE, size_from_object(s) - off,
				      true);
}

/* The bytes after the last object of a poisoned slab. */
static void slab_pad_check(struct kmem_cache *s, struct slab *slab)
{
	u8 *start = slab_address(slab), *end, *pad, *fault;
	unsigned int length = slab_size(slab);
	unsigned int remainder = length % s->size;

	if (!(s->flags & SLAB_POISON) || !remainder)
		return;
	end = start + length;
	pad = end - remainder;
	fault = memchr_inv(pad, POISON_INUSE, remainder);
	if (!fault)
		return;
	while (end > fault && end[-1] == POISON_INUSE)
		end--;
	slab_bug(s, "Padding overwritten. 0x%p-0x%p @offset=%tu",
		 fault, end - 1, fault - start);
	print_section(KERN_ERR, "Padding ", pad, remainder);
	__slab_err(slab);
	restore_bytes(s, "slab padding", POISON_INUSE, fault, end);
}

static bool check_object(struct kmem_cache *s, struct slab *slab,
			 void *object, u8 val)
{
	u8 *p = object, *endobject = p + s->object_size;
	bool ok = true;

	if (s->flags & SLAB_RED_ZONE) {
		ok &= check_bytes_and_report(s, slab, p, "Left Redzone",
					     p - s->red_left_pad, val,
					     s->red_left_pad, ok);
		ok &= check_bytes_and_report(s, slab, p, "Right Redzone",
					     endobject, val,
					     s->inuse - s->object_size, ok);
		if (slub_debug_orig_size(s) && val == SLUB_RED_ACTIVE) {
			unsigned long orig = get_orig_size(s, object);

			if (s->object_size > orig)
				ok &= check_bytes_and_report(s, slab, p,
						"kmalloc Redzone", p + orig, val,
						s->object_size - orig, ok);
		}
	} else if ((s->flags & SLAB_POISON) && s->object_size < s->inuse) {
		ok &= check_bytes_and_report(s, slab, p, "Alignment padding",
					     endobject, POISON_INUSE,
					     s->inuse - s->object_size, ok);
	}

	if (s->flags & SLAB_POISON) {
		if (val != SLUB_RED_ACTIVE && (s->flags & __OBJECT_POISON)) {
			ok &= check_bytes_and_report(s, slab, p, "Poison", p,
						     POISON_FREE,
						     s->object_size - 1, ok);
			ok &= check_bytes_and_report(s, slab, p, "End Poison",
						     p + s->object_size - 1,
						     POISON_END, 1, ok);
		}
		ok &= check_pad_bytes(s, slab, p);
	}

	/* An allocated object may overlay its own free pointer. */
	if ((freeptr_outside_object(s) || val != SLUB_RED_ACTIVE) &&
	    !check_valid_pointer(s, slab, get_freepointer(s, p))) {
		object_err(s, slab, p, "Freepointer corrupt");
		/* The rest of the chain is lost: better than following it. */
		set_freepointer(s, p, NULL);
		ok = false;
	}
	return ok;
}

static bool check_slab(struct kmem_cache *s, struct slab *slab)
{
	unsigned int maxobj = slab_size(slab) / s->size;

	if (!folio_test_slab(slab_folio(slab))) {
		slab_err(s, slab, "Not a valid slab page");
		return false;
	}
	if (slab->objects > maxobj) {
		slab_err(s, slab, "objects %u > max %u", slab->objects, maxobj);
		return false;
	}
	if (slab->inuse > slab->objects) {
		slab_err(s, slab, "inuse %u > max %u", slab->inuse,
			 slab->objects);
		return false;
	}
	if (slab->frozen) {
		slab_err(s, slab, "Slab disabled since SLUB metadata consistency check failed");
		return false;
	}
	slab_pad_check(s, slab);
	return true;
}

/*
 * Whether search is on slab's freelist (search NULL: check the chain and
 * the counters), repairing what is inconsistent.  Under list_lock.
 */
static bool on_freelist(struct kmem_cache *s, struct slab *slab, void *search)
{
	unsigned int max_objects = slab_size(slab) / s->size;
	void *fp = slab->freelist, *object = NULL;
	unsigned int nr = 0;

	while (fp && nr <= slab->objects) {
		if (fp == search)
			return true;
		if (!check_valid_pointer(s, slab, fp)) {
			if (object) {
				object_err(s, slab, object, "Freechain corrupt");
				set_freepointer(s, object, NULL);
			} else {
				slab_err(s, slab, "Freepointer corrupt");
				slab->freelist = NULL;
				slab->inuse = slab->objects;
				slab_fix(s, "Freelist cleared");
				return false;
			}
			break;
		}
		object = fp;
		fp = get_freepointer(s, object);
		nr++;
	}
	max_objects = min_t(unsigned int, max_objects, MAX_OBJS_PER_PAGE);
	if (slab->objects != max_objects) {
		slab_err(s, slab, "Wrong number of objects. Found %u but should be %u",
			 slab->objects, max_objects);
		slab->objects = max_objects;
		slab_fix(s, "Number of objects adjusted");
	}
	if (slab->inuse != slab->objects - nr) {
		slab_err(s, slab, "Wrong object count. Counter is %u but counted were %u",
			 slab->inuse, slab->objects - nr);
		slab->inuse = slab->objects - nr;
		slab_fix(s, "Object count adjusted");
	}
	return !search;
}

static void trace(struct kmem_cache *s, struct slab *slab, void *object,
		  bool alloc)
{
	if (!(s->flags & SLAB_TRACE))
		return;
	pr_info("TRACE %s %s 0x%p inuse=%u fp=0x%p\n", s->name,
		alloc ? "alloc" : "free", object, slab->inuse, slab->freelist);
	if (!alloc)
		print_section(KERN_INFO, "Object ", object, s->object_size);
	dump_stack();
}

bool slab_tool_cache(const struct kmem_cache *s)
{
	return !kmem_cache_debug(s);
}

void setup_object_debug(struct kmem_cache *s, void *object)
{
	if (!object_debug_setup_needed(s))
		return;
	init_object(s, object, SLUB_RED_INACTIVE);
	init_tracking(s, object);
}

void setup_slab_debug(struct kmem_cache *s, struct slab *slab, void *addr)
{
	if (s->flags & SLAB_POISON)
		memset(addr, POISON_INUSE, slab_size(slab));
}

/* ---- the checked paths ---- */

/* With the kernel's alloc_consistency_checks() written inline. */
bool alloc_debug_processing(struct kmem_cache *s, struct slab *slab,
			    void *object, unsigned int orig_size)
{
	if (s->flags & SLAB_CONSISTENCY_CHECKS) {
		if (!check_slab(s, slab))
			goto bad;
		if (!check_valid_pointer(s, slab, object)) {
			object_err(s, slab, object, "Freelist Pointer check fails");
			goto bad;
		}
		if (!check_object(s, slab, object, SLUB_RED_INACTIVE))
			goto bad;
	}
	trace(s, slab, object, true);
	set_orig_size(s, object, orig_size);
	init_object(s, object, SLUB_RED_ACTIVE);
	return true;
bad:
	/* Take the slab out of use: none of its objects is handed out again. */
	if (folio_test_slab(slab_folio(slab))) {
		slab_fix(s, "Marking all objects used");
		slab->inuse = slab->objects;
		slab->freelist = NULL;
		slab->frozen = 1;
	}
	return false;
}

static bool free_consistency_checks(struct kmem_cache *s, struct slab *slab,
				    void *object)
{
	if (!check_valid_pointer(s, slab, object)) {
		slab_err(s, slab, "Invalid object pointer 0x%p", object);
		return false;
	}
	if (on_freelist(s, slab, object)) {
		object_err(s, slab, object, "Object already free");
		return false;
	}
	if (!check_object(s, slab, object, SLUB_RED_ACTIVE))
		return false;
	if (unlikely(s != slab->slab_cache)) {
		if (!folio_test_slab(slab_folio(slab)))
			slab_err(s, slab, "Attempt to free object(0x%p) outside of slab",
				 object);
		else if (!slab->slab_cache)
			slab_err(NULL, slab, "No slab cache for object 0x%p",
				 object);
		else
			object_err(s, slab, object, "page slab pointer corrupt.");
		return false;
	}
	return true;
}

/* Check and mark free the chain head..tail of *bulk_cnt objects. */
bool free_debug_processing(struct kmem_cache *s, struct slab *slab,
			   void *head, void *tail, int *bulk_cnt,
			   unsigned long addr, depot_stack_handle_t handle)
{
	void *object = head;
	bool ok = false;
	int cnt = 0;

	if ((s->flags & SLAB_CONSISTENCY_CHECKS) && !check_slab(s, slab))
		goto out;
	if (slab->inuse < *bulk_cnt) {
		slab_err(s, slab, "Slab has %u allocated objects but %d are to be freed\n",
			 slab->inuse, *bulk_cnt);
		goto out;
	}
	for (;;) {
		if (++cnt > *bulk_cnt)
			break;
		if ((s->flags & SLAB_CONSISTENCY_CHECKS) &&
		    !free_consistency_checks(s, slab, object))
			goto out;
		if (s->flags & SLAB_STORE_USER)
			set_track_update(s, object, TRACK_FREE, addr, handle);
		trace(s, slab, object, false);
		init_object(s, object, SLUB_RED_INACTIVE);
		if (object == tail) {
			ok = true;
			break;
		}
		object = get_freepointer(s, object);
	}
	if (cnt != *bulk_cnt) {
		slab_err(s, slab, "Bulk free expected %d objects but found %d\n",
			 *bulk_cnt, cnt);
		*bulk_cnt = cnt;
	}
out:
	if (!ok)
		slab_fix(s, "Object at 0x%p not freed", object);
	return ok;
}

void free_slab_checks(struct kmem_cache *s, struct slab *slab)
{
	void *p;

	if (!kmem_cache_debug(s) || !(s->flags & SLAB_CONSISTENCY_CHECKS))
		return;
	/* Damage done to free objects since their last check shows here. */
	slab_pad_check(s, slab);
	for_each_object(p, s, slab_address(slab), slab->objects)
		check_object(s, slab, p, SLUB_RED_INACTIVE);
}

unsigned int validate_slab_objects(struct kmem_cache *s, struct slab *slab,
				   unsigned long *map)
{
	unsigned int problems = 0;
	void *p, *addr = slab_address(slab);

	if (!check_slab(s, slab) || !on_freelist(s, slab, NULL))
		return 1;
	/* on_freelist() cut any corrupt link. */
	fill_free_map(s, slab, map);
	for_each_object(p, s, addr, slab->objects) {
		u8 val = test_bit(obj_to_index(s, slab, p), map) ?
			 SLUB_RED_INACTIVE : SLUB_RED_ACTIVE;

		/* 6.12's validate_slab() stops at the first bad object. */
		if (!check_object(s, slab, p, val)) {
			problems++;
			break;
		}
	}
	return problems;
}
