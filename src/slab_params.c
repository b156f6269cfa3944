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
	/*
	 * Its option is off: the word is unknown, as a kernel built without
	 * the option never registers it (6.12's SLUB_TINY has no slab_debug).
	 */
	bool unbuilt;
	/*
	 * It sets the slabs' geometry, which calculate_order() reads for
	 * every cache, the kmalloc caches that kmem_cache_init() creates
	 * first included: 6.12 takes it at boot only (__setup()), and so
	 * does libslab: after start-up it is refused (see
	 * libslab_setup_param()).
	 */
	bool layout;
};

/* Both spellings the 6.12 kernel accepts. */
static const struct slab_param slab_params[] = {
	{ "slub_min_order=", setup_slub_min_order, .layout = true },
	{ "slab_min_order=", setup_slub_min_order, .layout = true },
	{ "slub_max_order=", setup_slub_max_order, .layout = true },
	{ "slab_max_order=", setup_slub_max_order, .layout = true },
	{ "slub_min_objects=", setup_slub_min_objects, .layout = true },
	{ "slab_min_objects=", setup_slub_min_objects, .layout = true },
	{ "slab_nomerge", setup_slab_nomerge },
	{ "slub_nomerge", setup_slab_nomerge },
	{ "slab_merge", setup_slab_merge },
	{ "slub_merge", setup_slab_merge },
	{ "failslab=", setup_failslab, !IS_ENABLED(CONFIG_LIBSLAB_FAILSLAB) },
	{ "slab_freelist_hardened=", setup_slab_freelist_hardened },
	{ "slab_freelist_random=", setup_slab_freelist_random },
	{ "random_kmalloc_caches=", setup_random_kmalloc_caches },
	{ "slab_debug=", setup_slub_debug, !IS_ENABLED(CONFIG_LIBSLAB_DEBUG) },
	{ "slub_debug=", setup_slub_debug, !IS_ENABLED(CONFIG_LIBSLAB_DEBUG) },
	{ "slab_debug", setup_slub_debug, !IS_ENABLED(CONFIG_LIBSLAB_DEBUG) },
	{ "slub_debug", setup_slub_debug, !IS_ENABLED(CONFIG_LIBSLAB_DEBUG) },
	{ "libslab_extra_checks=", setup_libslab_extra_checks },
};

/*
 * One word of the command line, offered as init/main.c's
 * obsolete_checksetup() offers it to the __setup() table.
 */
int libslab_setup_param(const char *param, const char *val)
{
	const struct slab_param *p;

	for (p = slab_params; p < slab_params + ARRAY_SIZE(slab_params); p++)
		if (!p->unbuilt && slab_boot_param_is(p->name, param, val))
			break;
	if (p == slab_params + ARRAY_SIZE(slab_params))
		return -ENOENT;
	if (p->layout && libslab_is_up()) {
		pr_err("libslab: %s%s%.64s: sets the slabs' layout, and the kmalloc caches exist already; ignored\n",
		       param, val ? "=" : "", val ?: "");
		return -EBUSY;
	}
	if (p->setup(val ?: "")) {
		pr_warn("libslab: malformed boot parameter '%s%s%s'\n",
			param, val ? "=" : "", val ?: "");
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL(libslab_setup_param);

/* A word of libslab_parse_cmdline()'s line; other subsystems' words pass. */
static int offer_word(char *param, char *val, void *unused)
{
	int ret = libslab_setup_param(param, val);

	return ret == -ENOENT ? 0 : ret;
}

int libslab_parse_cmdline(const char *cmdline)
{
	/*
	 * Static, as a boot command line is: too big for a kernel stack, and
	 * parsed before anything else runs.
	 */
	static char line[COMMAND_LINE_SIZE];

	return slab_parse_boot_params(cmdline, line, sizeof(line), offer_word,
				      NULL);
}
EXPORT_SYMBOL(libslab_parse_cmdline);
