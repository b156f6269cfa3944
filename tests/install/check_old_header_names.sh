#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A harness written against the install before the sim headers moved
# (<linux/sim_cpu.h> and the rest, now <sim/cpu.h>), or before the front
# end's left them (<sim/restart.h>, now <front/restart.h>; <sim/sysfs.h>,
# now <front/sysfs.h> and <sim/slab_kset.h>; docs/harness.md, "Header
# names") still builds with pkg-config's flags and runs: every old name
# forwards to its new one.  The old names are here on purpose
# (stale-names: old names in this file).
#
# Usage: check_old_header_names.sh <build directory> <compiler that built it>
. "$(dirname "$0")/install_tree.sh"

if sanitizer_build; then
	COMPILERS=("$2")
fi

# The names as the earlier install had them, each one used.
cat > old.c <<'CODE'
#include <stdio.h>
#include <linux/slab.h>
#include <linux/libslab.h>
#include <linux/sim_annotate.h>
#include <linux/sim_cpu.h>
#include <linux/sim_det.h>
#include <linux/sim_hooks.h>
#include <linux/sim_page_alloc.h>
#include <linux/sim_params.h>
#include <linux/sim_printk.h>
#include <linux/sim_rseq.h>
#include <linux/sim_switches.h>
#include <linux/sim_sysfs.h>
#include <sim/restart.h>
#include <sim/sysfs.h>

int main(void)
{
	/* Declared, as the old names declared them. */
	int (*const by_name[])(const char *) = {
		libslab_restart, sim_sysfs_export, sim_debugfs_export,
	};
	void *p;

	if (sim_set_cpu(1))
		return 1;
	sim_page_set_limit(0);
	p = kmalloc_node(64, GFP_KERNEL, 0);
	if (!p || sim_current_cpu() != 1 || sim_warn_count() ||
	    sim_sysfs_cache("no such cache") || ARRAY_SIZE(by_name) != 3)
		return 2;
	kfree(p);
	printf("libslab_exit %d\n", libslab_exit());
	return 0;
}
CODE

for c in "${COMPILERS[@]}"; do
	# shellcheck disable=SC2046
	"$c" -Wall -Werror -o "old-$c" old.c $(pkgconf --cflags --libs libslab) ||
		fail "$c cannot build a program that uses the old header names"
	libdir=$(pkgconf --variable=libdir libslab)
	out=$(LIBSLAB_CMDLINE=nr_cpus=2 LD_LIBRARY_PATH="$libdir" "./old-$c") ||
		fail "the old-names program built by $c exits $?"
	[ "$out" = "libslab_exit 0" ] || fail "$c: printed '$out', not 'libslab_exit 0'"
done
echo "ok: a program using all 12 old header names builds and runs (${COMPILERS[*]})"
