// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's formatter, lib/vsprintf.c: the C library formats the
 * standard conversions, this file the kernel's pointer extensions (%pS,
 * %pe, %ph, %pV, %*pb, %*pbl, %pGp, %pGg), and it refuses what the kernel
 * refuses.  It prints nothing itself: the console, which formats through
 * it, gives the warning for a refused conversion (sim_vsnprintf(),
 * printk.c), so that the two files do not call each other.
 */
#include <ctype.h>
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/printk.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/page-flags.h>
#include "sim.h"

/*
 * Where formatted text goes: buf[0..size) keeps what fits, NUL-terminated,
 * and len counts all the text, as snprintf()'s return value does.
 */
struct out {
	char *buf;
	size_t size;
	size_t len;
	int refused;	/* the first refused conversion's character; -1: none */
};

/* Append what the C library's snprintf(fmt, ...) prints to o. */
static __printf(2, 3) void out_printf(struct out *o, const char *fmt, ...)
{
	size_t at = min(o->len, o->size);
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(o->buf + at, o->size - at, fmt, args);
	va_end(args);
	o->len += n > 0 ? (size_t)n : 0;
}

/* Append the count bytes at text to o. */
static void out_bytes(struct out *o, const char *text, size_t count)
{
	size_t at = min(o->len, o->size);

	if (at < o->size) {
		size_t n = min(count, o->size - at - 1);

		memcpy(o->buf + at, text, n);
		o->buf[at + n] = '\0';
	}
	o->len += count;
}

/*
 * %pS: "symbol+0xoffset/0xsize" for a code address, as the kernel's
 * sprint_symbol() prints it (without the size if the symbol table has
 * none), or its hex value.  Symbols need -rdynamic.
 */
static void format_symbol(struct out *o, const void *addr)
{
	const ElfW(Sym) *sym = NULL;
	Dl_info info;

	if (dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) &&
	    info.dli_sname) {
		unsigned long off = (unsigned long)((const char *)addr -
						    (const char *)info.dli_saddr);

		if (sym && sym->st_size)
			out_printf(o, "%s+0x%lx/0x%lx", info.dli_sname, off,
				   (unsigned long)sym->st_size);
		else
			out_printf(o, "%s+0x%lx", info.dli_sname, off);
		return;
	}
	out_printf(o, "0x%lx", (unsigned long)addr);
}

/* A name %pGp or %pGg gives the bits of mask when all of them are set. */
struct flag_name {
	unsigned long mask;
	const char *name;
};

/* Names of the shim's page flags, in the order %pGp lists them in 6.12. */
static const struct flag_name pageflag_names[] = {
#define PAGE_FLAG_NAME(bit, name) { 1UL << (bit), name }
	PAGE_FLAG_NAME(PG_locked, "locked"), PAGE_FLAG_NAME(PG_waiters, "waiters"),
	PAGE_FLAG_NAME(PG_referenced, "referenced"),
	PAGE_FLAG_NAME(PG_uptodate, "uptodate"), PAGE_FLAG_NAME(PG_dirty, "dirty"),
	PAGE_FLAG_NAME(PG_lru, "lru"), PAGE_FLAG_NAME(PG_active, "active"),
	PAGE_FLAG_NAME(PG_workingset, "workingset"),
	PAGE_FLAG_NAME(PG_owner_priv_1, "owner_priv_1"),
	PAGE_FLAG_NAME(PG_owner_2, "owner_2"), PAGE_FLAG_NAME(PG_arch_1, "arch_1"),
	PAGE_FLAG_NAME(PG_reserved, "reserved"),
	PAGE_FLAG_NAME(PG_private, "private"),
	PAGE_FLAG_NAME(PG_writeback, "writeback"), PAGE_FLAG_NAME(PG_head, "head"),
#undef PAGE_FLAG_NAME
};

/*
 * Names %pGg gives gfp masks, in the order 6.12 tries them
 * (include/trace/events/mmflags.h): composite masks first, so that
 * GFP_KERNEL is named as one, then single bits.  The bits named 0 in the
 * shim (configurations it does not model) are left out.
 */
static const struct flag_name gfp_names[] = {
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
 * The names of the masks wholly set in flags, '|'-separated, each taking
 * its bits away; what no name covers follows as one hex number, as the
 * kernel's format_flags() prints them.  Nothing for an empty mask.
 */
static void format_flag_names(struct out *o, unsigned long flags,
			      const struct flag_name *names, size_t count)
{
	unsigned long rest = flags;
	size_t i;

	for (i = 0; i < count && rest; i++) {
		if ((rest & names[i].mask) != names[i].mask)
			continue;
		rest &= ~names[i].mask;
		out_printf(o, "%s%s", names[i].name, rest ? "|" : "");
	}
	if (rest)
		out_printf(o, "%#lx", rest);
}

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
static void format_page_flags(struct out *o, const unsigned long *flagsp)
{
	const struct page *page = (const struct page *)flagsp;
	unsigned long flags = *flagsp;

	/* The kernel's number() gives "0x" even to zero. */
	out_printf(o, "0x%lx(", flags);
	format_flag_names(o, flags, pageflag_names, ARRAY_SIZE(pageflag_names));
	if (page >= sim_mem_map && page < sim_mem_map + sim_total_pages)
		out_printf(o, "%snode=%d|zone=%d", flags ? "|" : "",
			   page_to_nid(page), SIM_ZONE_NORMAL);
	out_printf(o, ")");
}

/*
 * %*pb: a bitmap of nbits bits in hexadecimal, in groups of 32 bits from
 * the highest down, separated by commas ("1f,00000001" for bits 0 and
 * 32-36 of 40).  Every group but the first has 8 digits; the first has
 * the digits its bits need, leading zeros included.
 */
static void format_bitmap_hex(struct out *o, const unsigned long *bits, int nbits)
{
	const unsigned int per_word = 8 * sizeof(unsigned long);
	unsigned int group, top_bits;

	if (nbits <= 0)
		return;
	top_bits = (unsigned int)nbits % 32 ? (unsigned int)nbits % 32 : 32;
	for (group = ((unsigned int)nbits - 1) / 32 + 1; group-- > 0;) {
		unsigned int first = group * 32;
		unsigned int width = group * 32 + 32 > (unsigned int)nbits ? top_bits : 32;
		unsigned long word = bits[first / per_word] >> (first % per_word);
		unsigned long value = word & (width == 64 ? ~0UL : (1UL << width) - 1);

		out_printf(o, "%s%0*lx", group * 32 + 32 >= (unsigned int)nbits ? "" : ",",
			   (int)(width + 3) / 4, value);
	}
}

/*
 * %*pbl: the set bits of a bitmap of nbits bits as a list of ranges
 * ("0-2,5"), as the kernel's bitmap_list_string() prints it.
 */
static void format_bitmap_list(struct out *o, const unsigned long *bits, int nbits)
{
	const unsigned int per_word = 8 * sizeof(unsigned long);
	bool first_range = true;
	int bit = 0, first;

#define BIT_SET(b) ((bits[(b) / per_word] >> ((b) % per_word)) & 1)
	while (bit < nbits) {
		if (!BIT_SET((unsigned int)bit)) {
			bit++;
			continue;
		}
		first = bit;
		while (bit + 1 < nbits && BIT_SET((unsigned int)(bit + 1)))
			bit++;
		out_printf(o, first_range ? "%d" : ",%d", first);
		if (bit > first)
			out_printf(o, "-%d", bit);
		first_range = false;
		bit++;
	}
#undef BIT_SET
}

/*
 * %pe: the name of the error code an ERR_PTR() holds ("-ENOMEM"), or its
 * number when the C library has no name for it (the kernel's own codes
 * above 511); a pointer that is no error prints as %p does.
 */
static void format_error(struct out *o, const void *ptr)
{
	long err = PTR_ERR(ptr);
	const char *name;

	if (!IS_ERR(ptr)) {
		out_printf(o, "%016lx", (unsigned long)ptr);
		return;
	}
	name = strerrorname_np((int)-err);
	if (name)
		out_printf(o, "-%s", name);
	else
		out_printf(o, "%ld", err);
}

/*
 * %ph: width bytes (1 when no width is given, at most 64, as in the
 * kernel's hex_string()) as two hex digits each, separated by a space, or
 * by ':' (%phC), '-' (%phD) or nothing (%phN).
 */
static void format_hex_bytes(struct out *o, const unsigned char *bytes,
			     int width, char how)
{
	const char *sep = how == 'C' ? ":" : how == 'D' ? "-" : how == 'N' ? "" : " ";
	int count = width < 0 ? 1 : min(width, 64), i;

	for (i = 0; i < count; i++)
		out_printf(o, "%s%02x", i ? sep : "", bytes[i]);
}

/*
 * One conversion of a format: spec is its text ready for the C library,
 * the values of '*' written in, so that it takes exactly one argument.
 */
struct conversion {
	char spec[64];
	int width;		/* -1: none given */
	char length[3];		/* "", "hh", "h", "l", "ll", "L", "j", "z", "t" */
	char type;		/* the conversion character */
};

/* Append text to c->spec; false if the conversion is too long to be one. */
static bool spec_add(struct conversion *c, const char *text, size_t count)
{
	size_t at = strlen(c->spec);

	if (at + count >= sizeof(c->spec) - 1)
		return false;
	memcpy(c->spec + at, text, count);
	c->spec[at + count] = '\0';
	return true;
}

/* Append a number read from fmt, or an int argument for '*', to c->spec. */
static const char *spec_add_number(struct conversion *c, const char *fmt,
				   va_list *args, int *value)
{
	char number[16];
	int n;

	if (*fmt == '*') {
		*value = va_arg(*args, int);
		n = snprintf(number, sizeof(number), "%d", *value);
		return spec_add(c, number, (size_t)n) ? fmt + 1 : NULL;
	}
	n = (int)strspn(fmt, "0123456789");
	*value = n ? atoi(fmt) : -1;
	return spec_add(c, fmt, (size_t)n) ? fmt + n : NULL;
}

/*
 * Read the conversion at fmt (its '%') into c, taking the arguments of
 * '*' widths and precisions; returns what follows its conversion
 * character.  NULL for what the kernel's format_decode() refuses: "%n",
 * positional arguments ("%1$s": '$' after a width) and unknown characters.
 */
static const char *parse_conversion(const char *fmt, va_list *args,
				     struct conversion *c)
{
	static const char *const lengths[] = { "hh", "h", "ll", "l", "L", "j", "z", "Z", "t" };
	size_t n, i;
	int precision;

	c->spec[0] = '\0';
	c->length[0] = '\0';
	n = strspn(fmt + 1, "-+ #0") + 1;
	if (!spec_add(c, fmt, n))
		return NULL;
	fmt = spec_add_number(c, fmt + n, args, &c->width);
	if (fmt && *fmt == '.') {
		size_t dot = strlen(c->spec);

		fmt = spec_add(c, ".", 1) ?
		      spec_add_number(c, fmt + 1, args, &precision) : NULL;
		/* A negative precision counts as none (C11 7.21.6.1). */
		if (fmt && fmt[-1] == '*' && precision < 0)
			c->spec[dot] = '\0';
	}
	if (!fmt)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		size_t len = strlen(lengths[i]);

		if (!strncmp(fmt, lengths[i], len)) {
			/* 6.12 still reads 'Z' as 'z'. */
			strcpy(c->length, lengths[i][0] == 'Z' ? "z" : lengths[i]);
			fmt += len;
			break;
		}
	}
	c->type = *fmt;
	if (!*fmt || !strchr("diouxXcsp%eEfFgGaA", *fmt) ||
	    !spec_add(c, c->length, strlen(c->length)) || !spec_add(c, fmt, 1))
		return NULL;
	return fmt + 1;
}

/* Format one standard conversion, taking its argument, with the C library. */
static void format_standard(struct out *o, const struct conversion *c,
			    va_list *args)
{
	bool wide = !strcmp(c->length, "ll") || !strcmp(c->length, "j");
	bool is_long = !strcmp(c->length, "l") || !strcmp(c->length, "z") ||
		       !strcmp(c->length, "t");

	switch (c->type) {
	case '%':
		out_printf(o, "%%");
		break;
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X':
		/* L is ll for integers, in the kernel as in glibc. */
		if (wide || !strcmp(c->length, "L"))
			out_printf(o, c->spec, va_arg(*args, long long));
		else if (is_long)
			out_printf(o, c->spec, va_arg(*args, long));
		else
			out_printf(o, c->spec, va_arg(*args, int));
		break;
	case 'c':
		out_printf(o, c->spec, va_arg(*args, int));
		break;
	case 's':
		out_printf(o, c->spec, va_arg(*args, const void *));
		break;
	default:	/* the floating conversions, which user code may use */
		if (!strcmp(c->length, "L"))
			out_printf(o, c->spec, va_arg(*args, long double));
		else
			out_printf(o, c->spec, va_arg(*args, double));
	}
}

static void format_text(struct out *o, const char *fmt, va_list *args);

/*
 * A pointer conversion: its extension letters follow fmt; returns what
 * follows them.  Extensions the shim does not model (%pK, %pI4, ...)
 * print the plain pointer.
 */
static const char *format_pointer(struct out *o, const char *fmt,
				  const struct conversion *c, va_list *args)
{
	const void *ptr = va_arg(*args, const void *);

	switch (*fmt) {
	case 'S': case 's': case 'B':
		format_symbol(o, ptr);
		return fmt + 1;
	case 'e':
		format_error(o, ptr);
		return fmt + 1;
	case 'h':
		fmt++;
		format_hex_bytes(o, ptr, c->width, *fmt && strchr("CDN", *fmt) ? *fmt : ' ');
		return *fmt && strchr("CDN", *fmt) ? fmt + 1 : fmt;
	case 'V': {
		const struct va_format *vaf = ptr;
		va_list nested;

		va_copy(nested, *vaf->va);
		format_text(o, vaf->fmt, &nested);
		va_end(nested);
		return fmt + 1;
	}
	case 'b':
		if (fmt[1] == 'l') {
			format_bitmap_list(o, ptr, max(c->width, 0));
			return fmt + 2;
		}
		format_bitmap_hex(o, ptr, max(c->width, 0));
		return fmt + 1;
	case 'G':
		if (fmt[1] == 'p') {
			format_page_flags(o, ptr);
			return fmt + 2;
		}
		if (fmt[1] == 'g') {
			format_flag_names(o, *(const gfp_t *)ptr, gfp_names,
					  ARRAY_SIZE(gfp_names));
			return fmt + 2;
		}
		break;
	}
	/*
	 * As a kernel booted with no_hash_pointers prints it: hashed values
	 * would make the reports useless to a test tool.
	 */
	out_printf(o, "%016lx", (unsigned long)ptr);
	while (isalnum((unsigned char)*fmt))
		fmt++;
	return fmt;
}

/*
 * Format fmt into o: literal text as is, each standard conversion by the
 * C library with its own argument, the pointer extensions by the shim.
 * As in the kernel's vsnprintf(), a conversion it refuses ends the
 * output; o->refused keeps the first, for the warning.
 */
static void format_text(struct out *o, const char *fmt, va_list *args)
{
	struct conversion c;

	while (*fmt) {
		const char *next;

		if (*fmt != '%') {
			size_t run = strcspn(fmt, "%");

			out_bytes(o, fmt, run);
			fmt += run;
			continue;
		}
		next = parse_conversion(fmt, args, &c);
		if (!next) {
			/* The first refusal is the one sim_vsnprintf() warns of. */
			if (o->refused < 0)
				o->refused = (unsigned char)
					fmt[strspn(fmt + 1, "-+ #0123456789.*hlLjzZt") + 1];
			return;
		}
		if (c.type == 'p')
			next = format_pointer(o, next, &c, args);
		else
			format_standard(o, &c, args);
		fmt = next;
	}
}

/*
 * The kernel's conversions: the C library's, the kernel's pointer
 * extensions (%px, %pS/%ps/%pB through dladdr(), so symbols the dynamic
 * table exports, %pe, %ph, %pV, %*pb, %*pbl, %pGp, %pGg; the others print
 * the plain pointer) and none of what the kernel refuses (%n, "%1$s"),
 * which ends the text.
 */
int sim_format_text(char *buf, size_t size, const char *fmt, va_list args,
		    int *refused)
{
	struct out o = { .buf = buf, .size = size, .refused = -1 };
	va_list ap;

	if (size)
		buf[0] = '\0';
	va_copy(ap, args);
	format_text(&o, fmt, &ap);
	va_end(ap);
	*refused = o.refused;
	return (int)min_t(size_t, o.len, INT_MAX);
}
