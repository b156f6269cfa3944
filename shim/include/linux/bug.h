/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WARN and BUG with the kernel's output.  WARN*() print a "cut here"
 * report with a backtrace, count it (sim_warn_count()) and return the
 * condition; BUG() and panic() print and abort() the process, which is the
 * nearest userspace has to a halted kernel.
 */
#ifndef _SHIM_LINUX_BUG_H
#define _SHIM_LINUX_BUG_H

#include <linux/printk.h>

/* Emit a WARNING report for file:line in func, message fmt (may be NULL). */
__printf(4, 5) void __warn_printk(const char *file, int line, const char *func,
				  const char *fmt, ...);
/* Emit a "kernel BUG at" report and abort. */
__noreturn void __bug(const char *file, int line);
/* Emit "Kernel panic - not syncing" and abort. */
__noreturn __printf(1, 2) void panic(const char *fmt, ...);

#define WARN(cond, fmt, ...) ({						\
	bool __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		__warn_printk(__FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__); \
	unlikely(__ret_warn); })
#define WARN_ON(cond) ({						\
	bool __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		__warn_printk(__FILE__, __LINE__, __func__, NULL);	\
	unlikely(__ret_warn); })
#define WARN_ONCE(cond, fmt, ...) ({					\
	static bool __warned;						\
	bool __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn) &&					\
	    !__atomic_exchange_n(&__warned, true, __ATOMIC_RELAXED))	\
		__warn_printk(__FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__); \
	unlikely(__ret_warn); })
#define WARN_ON_ONCE(cond) ({						\
	static bool __warned;						\
	bool __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn) &&					\
	    !__atomic_exchange_n(&__warned, true, __ATOMIC_RELAXED))	\
		__warn_printk(__FILE__, __LINE__, __func__, NULL);	\
	unlikely(__ret_warn); })
#define BUG()		__bug(__FILE__, __LINE__)
#define BUG_ON(cond)	do { if (unlikely(cond)) BUG(); } while (0)
#define VM_BUG_ON(cond)	BUG_ON(cond)

#endif
