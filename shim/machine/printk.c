// SPDX-License-Identifier: GPL-2.0
/*
 * printk, WARN, BUG and panic: the console of kernel/printk/printk.c and
 * the reports of kernel/panic.c and lib/bug.c.  Messages keep the
 * kernel's text; the level prefix is stripped and counted.  Formats
 * follow the kernel's (the formatter is vsprintf.c; sim_vsnprintf() and
 * its wrappers are here, as they warn through the console).  As in the
 * kernel, a message not ending in a newline is ended by the next one
 * unless that is KERN_CONT.  The CPU a report names is the one the
 * calling task was last placed on, read without placing it
 * (sim_task_last_cpu()): a report may come from a signal handler, or
 * from the code that places tasks.
 */
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <linux/sched.h>
#include <sim/printk.h>
#include "sim.h"

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
 * The kernel's vsnprintf(): the text of sim_format_text() (vsprintf.c),
 * and the kernel's warning for a conversion it refuses.
 */
int sim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int refused, len = sim_format_text(buf, size, fmt, args, &refused);

	WARN_ONCE(refused >= 0, "Please remove unsupported %%%c in format string\n",
		  refused);
	return len;
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

int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int len;

	if (!size)
		return 0;
	len = sim_vsnprintf(buf, size, fmt, args);
	return min_t(int, len, (int)size - 1);
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return len;
}

int sim_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = sim_vsnprintf(buf, size, fmt, args);
	va_end(args);
	return len;
}

int sim_sprintf(char *buf, const char *fmt, ...)
{
	va_list args;
	int len;

	/* The caller promises room: no bound, as the kernel's sprintf(). */
	va_start(args, fmt);
	len = sim_vsnprintf(buf, INT_MAX, fmt, args);
	va_end(args);
	return len;
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
	sim_dump_stack_from(NULL);
}

void sim_dump_stack_from(const void *pc)
{
	void *frames[48];
	int n = backtrace(frames, ARRAY_SIZE(frames)), i, first = 1;
	unsigned long mask = __atomic_load_n(&tainted_mask, __ATOMIC_RELAXED);

	printk(KERN_DEFAULT_LEVEL "CPU: %u UID: %u PID: %d Comm: %.20s %s\n",
	       sim_task_last_cpu(), (unsigned int)geteuid(), current->pid,
	       current->comm, print_tainted());
	/* 6.12 names the taints set on a line of their own. */
	if (mask) {
		static const struct {
			unsigned int flag;
			const char *name;
		} named[] = {
			{ TAINT_BAD_PAGE, "[B]=BAD_PAGE" },
			{ TAINT_WARN, "[W]=WARN" },
			{ TAINT_SOFTLOCKUP, "[L]=SOFTLOCKUP" },
		};
		char line[64];
		size_t len = 0, k;

		for (k = 0; k < ARRAY_SIZE(named); k++)
			if (mask & (1UL << named[k].flag))
				len += scnprintf(line + len, sizeof(line) - len,
						 "%s%s", len ? ", " : "",
						 named[k].name);
		line[len] = '\0';
		printk(KERN_DEFAULT_LEVEL "Tainted: %s\n", line);
	}
	printk(KERN_DEFAULT_LEVEL "Call Trace:\n");
	/* From pc on if the trace has it: a signal handler's own frames go. */
	for (i = 1; pc && i < n; i++)
		if (frames[i] == pc) {
			first = i;
			break;
		}
	for (i = first; i < n; i++)
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
	       sim_task_last_cpu(), current->pid, file, line, func);
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
