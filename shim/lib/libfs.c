// SPDX-License-Identifier: GPL-2.0
/*
 * memory_read_from_buffer(), the read of a buffer at a file position
 * that the kernel's fs/libfs.c gives the simple file systems.
 */
#include <errno.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/fs.h>

ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				const void *from, size_t available)
{
	loff_t pos = *ppos;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available)
		return 0;
	count = min(count, available - (size_t)pos);
	memcpy(to, (const char *)from + pos, count);
	*ppos = pos + (loff_t)count;
	return (ssize_t)count;
}
