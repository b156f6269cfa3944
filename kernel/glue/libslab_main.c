// SPDX-License-Identifier: GPL-2.0
/*
 * libslab_main.c - kernel glue: start the libslab core at boot (or module
 * load) and export its interface for modules such as the KUnit suite.
 *
 * Built with libslab_prelude.h force-included, so every allocator name
 * below is the lslab_ one.
 */
#undef pr_fmt
#define pr_fmt(fmt) "libslab: " fmt

static int __init libslab_module_init(void)
{
	int ret;

	ret = libslab_parse_cmdline("");
	if (ret) {
		pr_err("parsing the (empty) parameter string failed: %d\n", ret);
		return ret;
	}
	ret = libslab_init();
	if (ret) {
		pr_err("creating the kmalloc caches failed: %d\n", ret);
		return ret;
	}
	pr_info("SLUB core ready (kmalloc caches up to %lu bytes)\n",
		(unsigned long)KMALLOC_MAX_CACHE_SIZE);
	return 0;
}
module_init(libslab_module_init);

static void __exit libslab_module_exit(void)
{
	/* the kmalloc caches live as long as the module; nothing else to do */
}
module_exit(libslab_module_exit);

/*
 * The core exports most of its interface itself (EXPORT_SYMBOL in src/).
 * Whatever function of <linux/slab_api.h> it leaves unexported is exported
 * by libslab_exports.c, which prepare-tree.sh generates, so that a modular
 * KUnit suite (CONFIG_LIBSLAB_KUNIT_TEST=m) can link.
 */

MODULE_DESCRIPTION("libslab: the Linux 6.12 SLUB allocator core as a library");
MODULE_LICENSE("GPL");
