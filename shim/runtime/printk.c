// SPDX-License-Identifier: GPL-2.0
/*
 * printk, WARN, BUG and panic.  Messages keep the kernel's text; the level
 * prefix is stripped and counted.  Formats follow the kernel's (see
 * sim_vsnprintf()).  As in the kernel, a message not ending in a newline
 * is ended by the next one unless that is KERN_CONT.
 */
#include <ctype.h>
#include <dlfcn.h>
#include <link.h>
#include <execinfo.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/sim_printk.h>
#include <linux/mm.h>
#include <linux/page-flags.h>

static void (*printk_sink)(const char *text, void *arg);
static void *printk_sink_arg;
static unsigned long level_counts[8];
static unsigned long warn_count;
static unsigned long tainted_mask;

void printk_set_sink(void (*sink)(const char *text, void *arg), void *arg)
{
	printk_sink_arg = arg;
	printk_sink = sink;
}

unsigned long sim_warn_count(void)
{
	return __atomic_load_n(&warn_count, __ATOMIC_RELAXED);
}

unsigned long sim_printk_count(int level)
{
	return level >= 0 && level < 8 ?
		__atomic_load_n(&level_counts[level], __ATOMIC_RELAXED) : 0;
}

void sim_printk_reset_counts(void)
{
	memset(level_counts, 0, sizeof(level_counts));
	warn_count = 0;
	sim_taint_reset();
}

void sim_taint_reset(void)
{
	__atomic_store_n(&tainted_mask, 0, __ATOMIC_RELAXED);
}

void add_taint(unsigned int flag, enum lockdep_ok lockdep_ok)
{
	if (flag < TAINT_FLAGS_COUNT)
		__atomic_fetch_or(&tainted_mask, 1UL << flag, __ATOMIC_RELAXED);
}

int test_taint(unsigned int flag)
{
	return flag < TAINT_FLAGS_COUNT &&
	       (__atomic_load_n(&tainted_mask, __ATOMIC_RELAXED) >> flag) & 1;
}

/*
 * %pS: "symbol+0xoffset/0xsize" for a code address, as the kernel's
 * sprint_symbol() prints it (without the size if the symbol table has
 * none), or its hex value.  Symbols need -rdynamic.
 */
static int format_symbol(char *buf, size_t size, const void *addr)
{
	const ElfW(Sym) *sym = NULL;
	Dl_info info;

	if (dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) &&
	    info.dli_sname) {
		unsigned long off = (unsigned long)((const char *)addr -
						    (const char *)info.dli_saddr);

		if (sym && sym->st_size)
			return snprintf(buf, size, "%s+0x%lx/0x%lx",
					info.dli_sname, off,
					(unsigned long)sym->st_size);
		return snprintf(buf, size, "%s+0x%lx", info.dli_sname, off);
	}
	return snprintf(buf, size, "0x%lx", (unsigned long)addr);
}

/* Names of the shim's page flags, in the order %pGp lists them in 6.12. */
static const struct { int bit; const char *name; } pageflag_names[] = {
	{ PG_locked, "locked" }, { PG_waiters, "waiters" },
	{ PG_referenced, "referenced" }, { PG_uptodate, "uptodate" },
	{ PG_dirty, "dirty" }, { PG_lru, "lru" }, { PG_active, "active" },
	{ PG_workingset, "workingset" }, { PG_owner_priv_1, "owner_priv_1" },
	{ PG_owner_2, "owner_2" }, { PG_arch_1, "arch_1" },
	{ PG_reserved, "reserved" }, { PG_private, "private" },
	{ PG_writeback, "writeback" }, { PG_head, "head" },
};

/*
 * Every simulated page is in the normal zone; its number is the one an
 * x86_64 kernel with ZONE_DMA and ZONE_DMA32 gives ZONE_NORMAL.
 */
#define SIM_ZONE_NORMAL	2

/*
 * %pGp: "0x<flags>(<flag>|...|node=N|zone=Z)", as the kernel's
 * format_page_flags() prints it.  The shim keeps the node and zone out of
 * page->flags, so they come from the page's place in the memory map and
 * the hex value holds the flag bits alone.
 */
static int format_page_flags(char *buf, size_t size, const unsigned long *flagsp)
{
	unsigned long flags = *flagsp, rest = flags;
	const struct page *page = (const struct page *)flagsp;
	size_t o = 0;
	unsigned int i;
	int n;

	/* The kernel's number() gives "0x" even to zero. */
	n = snprintf(buf, size, "0x%lx(", flags);
	o += n > 0 ? (size_t)n : 0;
	for (i = 0; i < sizeof(pageflag_names) / sizeof(pageflag_names[0]) && rest; i++) {
		unsigned long mask = 1UL << pageflag_names[i].bit;

		if (!(rest & mask))
			continue;
		rest &= ~mask;
		n = snprintf(buf + min(o, size), o < size ? size - o : 0, "%s%s",
			     pageflag_names[i].name, rest ? "|" : "");
		o += n > 0 ? (size_t)n : 0;
	}
	if (rest) {
		n = snprintf(buf + min(o, size), o < size ? size - o : 0, "%#lx", rest);
		o += n > 0 ? (size_t)n : 0;
	}
	if (page >= sim_mem_map && page < sim_mem_map + sim_total_pages)
		n = snprintf(buf + min(o, size), o < size ? size - o : 0,
			     "%snode=%d|zone=%d)", flags ? "|" : "",
			     page_to_nid(page), SIM_ZONE_NORMAL);
	else
		n = snprintf(buf + min(o, size), o < size ? size - o : 0, ")");
	o += n > 0 ? (size_t)n : 0;
	return (int)o;
}

/*
 * Names %pGg gives gfp masks, in the order 6.12 tries them
 * (include/trace/events/mmflags.h): composite masks first, so that
 * GFP_KERNEL is named as one, then single bits.  The bits named 0 in the
 * shim (configurations it does not model) are left out.
 */
static const struct { gfp_t mask; const char *name; } gfp_names[] = {
#define GFP_NAME(m) { m, #m }
	GFP_NAME(GFP_TRANSHUGE), GFP_NAME(GFP_TRANSHUGE_LIGHT),
	GFP_NAME(GFP_HIGHUSER_MOVABLE), GFP_NAME(GFP_HIGHUSER),
	GFP_NAME(GFP_USER), GFP_NAME(GFP_KERNEL_ACCOUNT), GFP_NAME(GFP_KERNEL),
	GFP_NAME(GFP_NOFS), GFP_NAME(GFP_ATOMIC), GFP_NAME(GFP_NOIO),
	GFP_NAME(GFP_NOWAIT), GFP_NAME(GFP_DMA), GFP_NAME(__GFP_HIGHMEM),
	GFP_NAME(GFP_DMA32), GFP_NAME(__GFP_HIGH), GFP_NAME(__GFP_IO),
	GFP_NAME(__GFP_FS), GFP_NAME(__GFP_NOWARN),
	GFP_NAME(__GFP_RETRY_MAYFAIL), GFP_NAME(__GFP_NOFAIL),
	GFP_NAME(__GFP_NORETRY), GFP_NAME(__GFP_COMP), GFP_NAME(__GFP_ZERO),
	GFP_NAME(__GFP_NOMEMALLOC), GFP_NAME(__GFP_MEMALLOC),
	GFP_NAME(__GFP_HARDWALL), GFP_NAME(__GFP_THISNODE),
	GFP_NAME(__GFP_RECLAIMABLE), GFP_NAME(__GFP_MOVABLE),
	GFP_NAME(__GFP_ACCOUNT), GFP_NAME(__GFP_WRITE), GFP_NAME(__GFP_RECLAIM),
	GFP_NAME(__GFP_DIRECT_RECLAIM), GFP_NAME(__GFP_KSWAPD_RECLAIM),
	GFP_NAME(__GFP_ZEROTAGS),
#undef GFP_NAME
};

/*
 * %pGg: the names of the masks wholly set, '|'-separated, each taking its
 * bits away; what no name covers follows as one hex number.  An empty mask
 * prints nothing, as the kernel's format_flags() does.
 */
static int format_gfp_flags(char *buf, size_t size, const gfp_t *gfpp)
{
	unsigned long rest = *gfpp;
	size_t o = 0;
	unsigned int i;
	int n;

	for (i = 0; i < sizeof(gfp_names) / sizeof(gfp_names[0]) && rest; i++) {
		unsigned long mask = gfp_names[i].mask;

		if ((rest & mask) != mask)
			continue;
		rest &= ~mask;
		n = snprintf(buf + min(o, size), o < size ? size - o : 0, "%s%s",
			     gfp_names[i].name, rest ? "|" : "");
		o += n > 0 ? (size_t)n : 0;
	}
	if (rest) {
		n = snprintf(buf + min(o, size), o < size ? size - o : 0, "%#lx", rest);
		o += n > 0 ? (size_t)n : 0;
	}
	return (int)o;
}

/*
 * %*pbl: the set bits of a bitmap of nbits bits as a list of ranges
 * ("0-2,5"), as the kernel's bitmap_list_string() prints it; snprintf()'s
 * return convention.
 */
static int format_bitmap_list(char *buf, size_t size, const unsigned long *bits,
			      int nbits)
{
	const unsigned int per_word = 8 * sizeof(unsigned long);
	size_t o = 0;
	int bit = 0, first, n;

#define BIT_SET(b) ((bits[(b) / per_word] >> ((b) % per_word)) & 1)
	while (bit < nbits) {
		if (!BIT_SET((unsigned int)bit)) {
			bit++;
			continue;
		}
		first = bit;
		while (bit + 1 < nbits && BIT_SET((unsigned int)(bit + 1)))
			bit++;
		if (bit > first)
			n = snprintf(buf + min(o, size), o < size ? size - o : 0,
				     "%s%d-%d", o ? "," : "", first, bit);
		else
			n = snprintf(buf + min(o, size), o < size ? size - o : 0,
				     "%s%d", o ? "," : "", first);
		o += n > 0 ? (size_t)n : 0;
		bit++;
	}
#undef BIT_SET
	return (int)o;
}

/* Append to buf[*o..size) what one C conversion prints; keeps *o < size. */
static void append(char *buf, size_t size, size_t *o, int n)
{
	if (n > 0)
		*o = min(*o + (size_t)n, size ? size - 1 : 0);
}

/*
 * The kernel's vsnprintf on the C library's: each conversion is formatted
 * on its own, so the pointer extensions can take their argument: %px
 * prints 16 hex digits, %pS/%ps/%pB a symbol+offset (through dladdr(), so
 * symbols the dynamic table exports; link programs with -rdynamic), %*pbl
 * a bitmap as a range list, %pGp page flags and %pGg gfp flags as names,
 * the other extensions the plain pointer.
 */
int sim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	char spec[32], scratch[1];
	size_t o = 0, total = 0;
	char *out = size ? buf : scratch;
	size_t room = size ? size : 1;

	out[0] = '\0';
	while (*fmt) {
		size_t n = 0;
		int len;

		if (*fmt != '%' || fmt[1] == '%') {
			if (o + 1 < room)
				out[o++] = *fmt;
			out[o] = '\0';
			fmt += *fmt == '%' ? 2 : 1;
			total++;
			continue;
		}
		spec[n++] = *fmt++;
		while (*fmt && strchr("-+ #0123456789.*", *fmt) && n < 20)
			spec[n++] = *fmt++;
		while (*fmt && strchr("hlLqjzt", *fmt) && n < 24)
			spec[n++] = *fmt++;
		spec[n++] = *fmt;
		spec[n] = '\0';
		switch (*fmt ? *fmt++ : 0) {
		case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c':
			if (strstr(spec, "ll") || strchr(spec, 'q') || strchr(spec, 'j'))
				len = snprintf(out + o, room - o, spec, va_arg(args, long long));
			else if (strchr(spec, 'l') || strchr(spec, 'z') || strchr(spec, 't'))
				len = snprintf(out + o, room - o, spec, va_arg(args, long));
			else
				len = snprintf(out + o, room - o, spec, va_arg(args, int));
			break;
		case 'e': case 'f': case 'g': case 'E': case 'G':
			len = snprintf(out + o, room - o, spec, va_arg(args, double));
			break;
		case 's':
			len = snprintf(out + o, room - o, spec, va_arg(args, const char *));
			break;
		case 'p': {
			/* %*pbl takes the bitmap's size before the pointer */
			int width = strchr(spec, '*') ? va_arg(args, int) : -1;
			void *ptr = va_arg(args, void *);

			if (fmt[0] == 'b' && fmt[1] == 'l') {
				len = format_bitmap_list(out + o, room - o, ptr,
							 max(width, 0));
				fmt += 2;
			} else if (*fmt == 'x') {
				len = snprintf(out + o, room - o, "%016lx", (unsigned long)ptr);
				fmt++;
			} else if (*fmt == 'S' || *fmt == 's' || *fmt == 'B') {
				len = format_symbol(out + o, room - o, ptr);
				fmt++;
			} else if (fmt[0] == 'G' && fmt[1] == 'p') {
				len = format_page_flags(out + o, room - o, ptr);
				fmt += 2;
			} else if (fmt[0] == 'G' && fmt[1] == 'g') {
				len = format_gfp_flags(out + o, room - o, ptr);
				fmt += 2;
			} else {
				/*
				 * As a kernel booted with no_hash_pointers
				 * prints it: hashed values would make the
				 * reports useless to a test tool.
				 */
				len = snprintf(out + o, room - o, "%016lx", (unsigned long)ptr);
				/* Other extensions (%pK, ...): a plain pointer. */
				while (isalnum((unsigned char)*fmt))
					fmt++;
			}
			break;
		}
		default:
			len = 0;
		}
		total += len > 0 ? (size_t)len : 0;
		append(out, room, &o, len);
	}
	return (int)total;
}

static bool line_open;	/* the last message did not end its line */

static void write_out(const char *text)
{
	if (printk_sink)
		printk_sink(text, printk_sink_arg);
	else
		fputs(text, stderr);
}

static void emit(const char *text, bool cont)
{
	if (line_open && !cont)
		write_out("\n");
	line_open = text[0] && text[strlen(text) - 1] != '\n';
	write_out(text);
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	if (!size)
		return 0;
	va_start(args, fmt);
	len = sim_vsnprintf(buf, size, fmt, args);
	va_end(args);
	return min_t(int, len, (int)size - 1);
}

int vprintk(const char *fmt, va_list args)
{
	char text[2048];
	int level = 4, len;

	if (fmt[0] == KERN_SOH[0] && fmt[1]) {
		if (fmt[1] >= '0' && fmt[1] <= '7')
			level = fmt[1] - '0';
		else
			level = -1;	/* KERN_CONT */
		fmt += 2;
	}
	len = sim_vsnprintf(text, sizeof(text), fmt, args);
	if (level >= 0)
		__atomic_fetch_add(&level_counts[level], 1, __ATOMIC_RELAXED);
	emit(text, level < 0);
	return len;
}

int printk(const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vprintk(fmt, args);
	va_end(args);
	return len;
}

/*
 * One column per taint flag in the kernel's order: its letter when set,
 * else a space ('G' for the first, "no proprietary module").
 */
static const char taint_letters[TAINT_FLAGS_COUNT + 1] = "PFSRMBUDAWCIOELKXTN";

const char *print_tainted(void)
{
	static __thread char buf[sizeof("Tainted: ") + TAINT_FLAGS_COUNT];
	unsigned long mask = __atomic_load_n(&tainted_mask, __ATOMIC_RELAXED);
	int i;

	if (!mask)
		return "Not tainted";
	strcpy(buf, "Tainted: ");
	for (i = 0; i < TAINT_FLAGS_COUNT; i++)
		buf[9 + i] = (mask >> i) & 1 ? taint_letters[i] : i ? ' ' : 'G';
	buf[9 + TAINT_FLAGS_COUNT] = '\0';
	return buf;
}

void dump_stack(void)
{
	void *frames[32];
	int n = backtrace(frames, 32), i;
	unsigned long mask = __atomic_load_n(&tainted_mask, __ATOMIC_RELAXED);

	printk(KERN_DEFAULT_LEVEL "CPU: %u UID: %u PID: %d Comm: %.20s %s\n",
	       smp_processor_id(), (unsigned int)geteuid(), current->pid,
	       current->comm, print_tainted());
	/* 6.12 names the taints set on a line of their own. */
	if (mask)
		printk(KERN_DEFAULT_LEVEL "Tainted: %s%s%s\n",
		       mask & (1UL << TAINT_BAD_PAGE) ? "[B]=BAD_PAGE" : "",
		       (mask & (1UL << TAINT_BAD_PAGE)) &&
		       (mask & (1UL << TAINT_WARN)) ? ", " : "",
		       mask & (1UL << TAINT_WARN) ? "[W]=WARN" : "");
	printk(KERN_DEFAULT_LEVEL "Call Trace:\n");
	for (i = 1; i < n; i++)
		printk(KERN_DEFAULT_LEVEL " %pS\n", frames[i]);
}

void __warn_printk(const char *file, int line, const char *func,
		   const char *fmt, ...)
{
	va_list args;

	__atomic_fetch_add(&warn_count, 1, __ATOMIC_RELAXED);
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	if (fmt) {
		va_start(args, fmt);
		vprintk(fmt, args);
		va_end(args);
	}
	printk(KERN_WARNING "WARNING: CPU: %u PID: %d at %s:%d %s\n",
	       smp_processor_id(), current->pid, file, line, func);
	dump_stack();
	printk(KERN_WARNING "---[ end trace 0000000000000000 ]---\n");
	add_taint(TAINT_WARN, LOCKDEP_STILL_OK);
}

void __bug(const char *file, int line)
{
	printk(KERN_EMERG "------------[ cut here ]------------\n");
	printk(KERN_EMERG "kernel BUG at %s:%d!\n", file, line);
	dump_stack();
	abort();
}

void panic(const char *fmt, ...)
{
	char text[512];
	va_list args;

	va_start(args, fmt);
	sim_vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	printk(KERN_EMERG "Kernel panic - not syncing: %s", text);
	dump_stack();
	abort();
}

void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
		    int rowsize, int groupsize, const void *buf, size_t len,
		    bool ascii)
{
	const unsigned char *p = buf;
	char level_format[8], text[320];
	size_t row, i;

	snprintf(level_format, sizeof(level_format), "%s%%s", level);
	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (groupsize != 1 && groupsize != 2 && groupsize != 4 && groupsize != 8)
		groupsize = 1;
	for (row = 0; row < len; row += rowsize) {
		char line[256];
		size_t n = min(len - row, (size_t)rowsize), o = 0;

		for (i = 0; i < n; i += groupsize) {
			int g;

			/* Groups are printed as little-endian numbers, as the kernel does. */
			for (g = groupsize - 1; g >= 0; g--)
				o += snprintf(line + o, sizeof(line) - o, "%02x",
					      i + g < n ? p[row + i + g] : 0);
			line[o++] = ' ';
		}
		if (o)
			o--;
		line[o] = '\0';
		if (ascii) {
			size_t pad = (size_t)rowsize * 2 + rowsize / groupsize - 1;

			/* Room for the two spaces and the terminator. */
			while (o < pad && o < sizeof(line) - 3)
				line[o++] = ' ';
			line[o++] = ' ';
			line[o++] = ' ';
			for (i = 0; i < n && o < sizeof(line) - 1; i++)
				line[o++] = p[row + i] >= 0x20 && p[row + i] < 0x7f ?
					    p[row + i] : '.';
			line[o] = '\0';
		}
		if (prefix_type == DUMP_PREFIX_ADDRESS)
			snprintf(text, sizeof(text), "%s%016lx: %s\n", prefix_str,
				 (unsigned long)(p + row), line);
		else if (prefix_type == DUMP_PREFIX_OFFSET)
			snprintf(text, sizeof(text), "%s%08zx: %s\n", prefix_str,
				 row, line);
		else
			snprintf(text, sizeof(text), "%s%s\n", prefix_str, line);
		/* The level only counts at the start of the format. */
		printk(level_format, text);
	}
}
