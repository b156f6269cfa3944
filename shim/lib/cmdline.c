// SPDX-License-Identifier: GPL-2.0
/*
 * The command-line helpers of the kernel's lib/cmdline.c: memparse() for
 * sizes with K, M or G, and next_arg(), the splitter of a command line
 * into its words, quotes kept as the kernel keeps them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <linux/kernel.h>
#include <linux/string.h>

unsigned long long memparse(const char *ptr, char **retptr)
{
	char *end;
	unsigned long long v = strtoull(ptr, &end, 0);

	switch (*end) {
	case 'G': case 'g':
		v <<= 10;
		/* fall through */
	case 'M': case 'm':
		v <<= 10;
		/* fall through */
	case 'K': case 'k':
		v <<= 10;
		end++;
		break;
	default:
		break;
	}
	if (retptr)
		*retptr = end;
	return v;
}

char *next_arg(char *args, char **param, char **val)
{
	bool in_quote = *args == '"', unquote = in_quote;
	char *end, *equals = NULL;

	args += in_quote;
	for (end = args; *end && (in_quote || !isspace((unsigned char)*end));
	     end++) {
		if (*end == '"')
			in_quote = !in_quote;
		else if (*end == '=' && !equals)
			equals = end;
	}
	*param = args;
	*val = NULL;
	if (equals) {
		*equals = '\0';
		*val = equals + 1;
		if (**val == '"') {
			++*val;
			unquote = true;
		}
	}
	if (unquote && end > args && end[-1] == '"')
		end[-1] = '\0';
	if (*end)
		*end++ = '\0';
	return skip_spaces(end);
}
