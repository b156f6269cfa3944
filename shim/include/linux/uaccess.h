/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/uaccess.h>: copying to and from user space.  A program is its
 * own user space: a __user pointer is an ordinary pointer, every range
 * is accessible (access_ok() is true), and the copies are memcpy(), so
 * they never fault and always copy everything.  A bad pointer crashes
 * the program (or is reported by valgrind or ASan) where the kernel
 * would return -EFAULT.
 */
#ifndef _SHIM_LINUX_UACCESS_H
#define _SHIM_LINUX_UACCESS_H

#include <limits.h>
#include <string.h>
#include <linux/compiler.h>
#include <linux/minmax.h>
#include <linux/types.h>

#define access_ok(addr, size)	((void)(addr), (void)(size), 1)

/* Copy n bytes to user space; the number of bytes not copied (0). */
static inline unsigned long copy_to_user(void __user *to, const void *from,
					 unsigned long n)
{
	memcpy(to, from, n);
	return 0;
}

/* Copy n bytes from user space; the number of bytes not copied (0). */
static inline unsigned long copy_from_user(void *to, const void __user *from,
					   unsigned long n)
{
	memcpy(to, from, n);
	return 0;
}

/* Zero n bytes of user space; the number of bytes not zeroed (0). */
static inline unsigned long clear_user(void __user *to, unsigned long n)
{
	memset(to, 0, n);
	return 0;
}

#define get_user(x, ptr)	({ (x) = *(ptr); 0; })
#define put_user(x, ptr)	({ *(ptr) = (x); 0; })
#define __get_user(x, ptr)	get_user(x, ptr)
#define __put_user(x, ptr)	put_user(x, ptr)

#endif /* _SHIM_LINUX_UACCESS_H */
