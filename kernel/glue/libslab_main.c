// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_main.c - start the libslab core at boot or module load.
 *
 * Built with libslab_prelude.h force-included, so every allocator name
 * below is the lslab_ one.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#undef pr_fmt
#define pr_fmt(fmt) "libslab: " fmt

/* libslab's own boot options (slub_debug=..., slub_min_order=...), one string. */
static char *cmdline = "";
module_param(cmdline, charp, 0444);
MODULE_PARM_DESC(cmdline, "libslab boot options, e.g. \"slub_debug=FZ slub_min_order=1\"");

static int __init libslab_module_init(void)
{
	int ret;

	ret = libslab_parse_cmdline(cmdline);
	if (ret) {
		pr_err("cannot parse cmdline \"%s\": %d\n", cmdline, ret);
		return ret;
	}
	ret = libslab_init();
	if (ret) {
		pr_err("creating the kmalloc caches failed: %d\n", ret);
		return ret;
	}
	ret = libslab_init_late();
	if (ret) {
		pr_err("creating the flush workqueue failed: %d\n", ret);
		libslab_exit();
		return ret;
	}
	pr_info("SLUB core ready (kmalloc caches up to %lu bytes)\n",
		(unsigned long)KMALLOC_MAX_CACHE_SIZE);
	return 0;
}
module_init(libslab_module_init);

/* No user of the exports is loaded any more: every page goes back. */
static void __exit libslab_module_exit(void)
{
	int ret = libslab_exit();

	if (ret)
		pr_err("unload incomplete (%d): pages stay allocated\n", ret);
}
module_exit(libslab_module_exit);

MODULE_DESCRIPTION("libslab: the Linux 6.12 SLUB allocator core as a library");
MODULE_LICENSE("GPL");
