// SPDX-License-Identifier: GPL-2.0
/*
 * Boot parameters, spelled as the kernel spells them.  A kernel registers
 * them with __setup(); a library gets them as one command-line string, so
 * the same handlers sit in a table parsed here.
 * Kernel counterparts (mm/slub.c, mm/slab_common.c): setup_slub_min_order(),
 * setup_slub_max_order(), setup_slub_min_objects(), setup_slab_nomerge(),
 * setup_slab_merge().  libslab_extra_checks= is libslab's own.
 */
#include "slab.h"

bool slab_nomerge;
unsigned int slub_min_order;
/* SLUB_TINY keeps slabs small: order 1 at most unless slub_max_order= says otherwise. */
unsigned int slub_max_order = IS_ENABLED(CONFIG_LIBSLAB_TINY) ? 1 : PAGE_ALLOC_COSTLY_ORDER;
unsigned int slub_min_objects;
DEFINE_STATIC_KEY_FALSE(libslab_extra_checks);

/* Parse an unsigned number that must make up all of str. */
static int parse_uint(const char *str, unsigned int *out)
{
	return kstrtouint(str, 0, out);
}

static int setup_slub_min_order(const char *str)
{
	unsigned int order;

	if (parse_uint(str, &order) || order > MAX_PAGE_ORDER)
		return -EINVAL;
	slub_min_order = order;
	if (slub_min_order > slub_max_order)
		slub_max_order = slub_min_order;
	return 0;
}

static int setup_slub_max_order(const char *str)
{
	unsigned int order;

	if (parse_uint(str, &order))
		return -EINVAL;
	slub_max_order = min_t(unsigned int, order, MAX_PAGE_ORDER);
	if (slub_min_order > slub_max_order)
		slub_min_order = slub_max_order;
	return 0;
}

static int setup_slub_min_objects(const char *str)
{
	return parse_uint(str, &slub_min_objects) ? -EINVAL : 0;
}

static int setup_slab_nomerge(const char *str)
{
	slab_nomerge = true;
	return 0;
}

static int setup_slab_merge(const char *str)
{
	slab_nomerge = false;
	return 0;
}

/* libslab_extra_checks=on|off: the checks 6.12 does not make (see slab.h). */
static int setup_libslab_extra_checks(const char *str)
{
	bool on;
	int err = kstrtobool(str, &on);

	if (err)
		return err;
	if (on)
		static_branch_enable(&libslab_extra_checks);
	else
		static_branch_disable(&libslab_extra_checks);
	return 0;
}

struct slab_param {
	const char *name;	/* with '=' when it takes a value */
	int (*setup)(const char *value);
};

/* Both spellings the 6.12 kernel accepts. */
static const struct slab_param slab_params[] = {
	{ "slub_min_order=", setup_slub_min_order },
	{ "slab_min_order=", setup_slub_min_order },
	{ "slub_max_order=", setup_slub_max_order },
	{ "slab_max_order=", setup_slub_max_order },
	{ "slub_min_objects=", setup_slub_min_objects },
	{ "slab_min_objects=", setup_slub_min_objects },
	{ "slab_nomerge", setup_slab_nomerge },
	{ "slub_nomerge", setup_slab_nomerge },
	{ "slab_merge", setup_slab_merge },
	{ "slub_merge", setup_slab_merge },
	{ "failslab=", setup_failslab },
	{ "slab_freelist_hardened=", setup_slab_freelist_hardened },
	{ "slab_freelist_random=", setup_slab_freelist_random },
	{ "random_kmalloc_caches=", setup_random_kmalloc_caches },
	{ "slab_debug=", setup_slub_debug },
	{ "slub_debug=", setup_slub_debug },
	{ "slab_debug", setup_slub_debug },
	{ "slub_debug", setup_slub_debug },
	{ "libslab_extra_checks=", setup_libslab_extra_checks },
};

/* The parameter word ("name" or "name=value") sets, or NULL. */
static const struct slab_param *find_param(const char *word)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(slab_params); i++) {
		const char *name = slab_params[i].name;
		size_t len = strlen(name);
		bool takes_value = name[len - 1] == '=';

		if ((takes_value ? strncmp(word, name, len) :
				   strcmp(word, name)) == 0)
			return &slab_params[i];
	}
	return NULL;
}

bool libslab_is_boot_param(const char *word)
{
	return find_param(word);
}
EXPORT_SYMBOL(libslab_is_boot_param);

/* Apply one word of the command line; 0 also for words not ours. */
static int apply_param(const char *word)
{
	const struct slab_param *param = find_param(word);
	size_t len;

	if (!param)
		return 0;
	len = strlen(param->name);
	if (param->setup(param->name[len - 1] == '=' ? word + len : "")) {
		pr_warn("libslab: malformed boot parameter '%s'\n", word);
		return -EINVAL;
	}
	return 0;
}

int libslab_parse_cmdline(const char *cmdline)
{
	/*
	 * Static, as a boot command line is: too big for a kernel stack, and
	 * parsed before anything else runs.
	 */
	static char word[COMMAND_LINE_SIZE];
	int ret = 0;

	while (cmdline && *cmdline) {
		size_t len;

		cmdline = skip_spaces(cmdline);
		len = strcspn(cmdline, " \t\n");
		if (!len)
			break;
		if (len >= sizeof(word)) {
			/* No kernel command line holds it: refuse, never cut. */
			pr_warn("libslab: boot parameter '%.32s...' is longer than %d characters\n",
				cmdline, COMMAND_LINE_SIZE - 1);
			ret = -EINVAL;
		} else {
			memcpy(word, cmdline, len);
			word[len] = '\0';
			if (apply_param(word))
				ret = -EINVAL;
		}
		cmdline += len;
	}
	return ret;
}
EXPORT_SYMBOL(libslab_parse_cmdline);
