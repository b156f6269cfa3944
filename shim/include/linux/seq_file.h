/* SPDX-License-Identifier: GPL-2.0 */
/*
 * seq_file output for kernel-style show functions.  Userspace decides
 * where it goes: a stdio stream, or a growing buffer the caller reads.
 */
#ifndef _SHIM_LINUX_SEQ_FILE_H
#define _SHIM_LINUX_SEQ_FILE_H

#include <stdio.h>
#include <linux/kernel.h>

struct seq_file {
	FILE *file;	/* when set, output goes here */
	char *buf;	/* otherwise it accumulates here, NUL-terminated */
	size_t size;
	size_t count;
};

/* Append formatted text. */
__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);
/* Append a string. */
void seq_puts(struct seq_file *m, const char *s);
/* Append one character. */
void seq_putc(struct seq_file *m, char c);
/* Append len bytes. */
int seq_write(struct seq_file *m, const void *data, size_t len);

/* Userspace only: make m write straight to f. */
void seq_file_init_stream(struct seq_file *m, FILE *f);
/* Userspace only: make m collect output in m->buf (m->count bytes). */
void seq_file_init_buffer(struct seq_file *m);
/* Userspace only: free the buffer of seq_file_init_buffer(). */
void seq_file_release(struct seq_file *m);

#endif
