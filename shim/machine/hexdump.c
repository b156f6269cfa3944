// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's lib/hexdump.c: hex digits to their values (hex_to_bin(),
 * hex2bin(), <linux/hex.h>) and print_hex_dump(), which prints memory in
 * rows through printk (<linux/printk.h>), hence on the machine's floor.
 */
#include <errno.h>
#include <stdio.h>
#include <linux/kernel.h>
#include <linux/hex.h>
#include <linux/printk.h>

int hex_to_bin(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int hex2bin(u8 *dst, const char *src, size_t count)
{
	for (; count; count--, src += 2) {
		int high = hex_to_bin((unsigned char)src[0]);
		int low = high < 0 ? -1 : hex_to_bin((unsigned char)src[1]);

		if (low < 0)
			return -EINVAL;
		*dst++ = (u8)(high << 4 | low);
	}
	return 0;
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
