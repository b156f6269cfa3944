// SPDX-License-Identifier: GPL-2.0
/* seq_file output to a stream or a growing buffer. */
#include <stdlib.h>
#include <string.h>
#include <linux/seq_file.h>

void seq_file_init_stream(struct seq_file *m, FILE *f)
{
	memset(m, 0, sizeof(*m));
	m->file = f;
}

void seq_file_init_buffer(struct seq_file *m)
{
	memset(m, 0, sizeof(*m));
}

void seq_file_release(struct seq_file *m)
{
	free(m->buf);
	m->buf = NULL;
	m->size = m->count = 0;
}

/* Make room for len more bytes plus the terminator; false if impossible. */
static bool seq_reserve(struct seq_file *m, size_t len)
{
	size_t need = m->count + len + 1;
	char *grown;

	if (need <= m->size)
		return true;
	grown = realloc(m->buf, max(need, 2 * m->size + 256));
	if (!grown)
		return false;
	m->buf = grown;
	m->size = max(need, 2 * m->size + 256);
	return true;
}

int seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->file)
		return fwrite(data, 1, len, m->file) == len ? 0 : -1;
	if (!seq_reserve(m, len))
		return -1;
	memcpy(m->buf + m->count, data, len);
	m->count += len;
	m->buf[m->count] = '\0';
	return 0;
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	char small[256];
	int len;

	va_start(args, fmt);
	len = sim_vsnprintf(small, sizeof(small), fmt, args);
	va_end(args);
	if (len < 0)
		return;
	if ((size_t)len < sizeof(small)) {
		seq_write(m, small, len);
		return;
	}
	{
		char *big = malloc(len + 1);

		if (!big)
			return;
		va_start(args, fmt);
		sim_vsnprintf(big, len + 1, fmt, args);
		va_end(args);
		seq_write(m, big, len);
		free(big);
	}
}

void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

void seq_putc(struct seq_file *m, char c)
{
	seq_write(m, &c, 1);
}
