/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printk with the kernel's log levels and format extensions (those of
 * sim_vsnprintf(), <linux/kernel.h>).
 * Lines go to a settable sink (<sim/printk.h>), stderr by default.
 * Console log levels and rate limiting are not modelled: every line goes
 * out.
 */
#ifndef _SHIM_LINUX_PRINTK_H
#define _SHIM_LINUX_PRINTK_H

#include <linux/kernel.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_CONT	KERN_SOH "c"
#define KERN_DEFAULT_LEVEL	KERN_WARNING

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

/*
 * A format and its arguments, printed in place by %pV: kernel code
 * formats a message of its caller's through it.
 */
struct va_format {
	const char *fmt;
	va_list *va;
};

/* Format and emit one message; returns the number of characters. */
__printf(1, 2) int printk(const char *fmt, ...);
/* printk() with a va_list. */
__printf(1, 0) int vprintk(const char *fmt, va_list args);

#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { if (0) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__); } while (0)
#define printk_once(fmt, ...) ({					\
	static bool __printed;						\
	bool __first = !__atomic_exchange_n(&__printed, true, __ATOMIC_RELAXED); \
	if (__first)							\
		printk(fmt, ##__VA_ARGS__);				\
	__first; })
#define pr_err_once(fmt, ...)	printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)	printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)

/* Print the calling thread's stack (via backtrace()). */
void dump_stack(void);
/*
 * dump_stack() from the frame at pc on (a signal handler's report of the
 * code it interrupted), or the whole stack if pc is NULL or not on it.
 */
void sim_dump_stack_from(const void *pc);
/* The kernel's taint string: "Not tainted" or "Tainted: G    B ..." (add_taint()). */
const char *print_tainted(void);

enum { DUMP_PREFIX_NONE, DUMP_PREFIX_ADDRESS, DUMP_PREFIX_OFFSET };
/* Hex dump of len bytes of buf in the kernel's format. */
void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
		    int rowsize, int groupsize, const void *buf, size_t len,
		    bool ascii);

#endif
