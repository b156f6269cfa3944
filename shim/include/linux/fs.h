/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/fs.h>: of the file system API, only the helper a sysfs or
 * debugfs read uses to hand out part of a buffer.  There are no files,
 * inodes or superblocks here; the C library's <linux/fs.h> (the ioctl
 * numbers of the UAPI header) is included as well.
 */
#ifndef _SHIM_LINUX_FS_H
#define _SHIM_LINUX_FS_H

#include_next <linux/fs.h>
#include <linux/types.h>

/*
 * Copy to to at most count bytes of the available bytes at from,
 * starting at *ppos, and advance *ppos; the bytes copied (0 at or past
 * the end), or -EINVAL for a negative *ppos.  Defined by the library
 * (shim/lib/libfs.c); fs/libfs.c in the kernel.
 */
ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				const void *from, size_t available);

#endif /* _SHIM_LINUX_FS_H */
