#!/usr/bin/env python3
"""slabsim --cmdline takes effect for every cache, the kmalloc caches that
start-up creates before main() included, as LIBSLAB_CMDLINE does (slabsim
starts the allocator again on it, in the same process): with
slub_min_order=3 every cache's slabs have 8 pages in /proc/slabinfo (6.12's
calculate_order() starts at slub_min_order, and no cache of the workload
needs more than order 3 or has more than MAX_OBJS_PER_PAGE objects there),
with slab_nomerge no name is merged into another cache, and a word given
after LIBSLAB_CMDLINE's wins, as a later word of a kernel command line does.

usage: test_slabsim_cmdline.py SLABSIM"""

import os
import subprocess
import sys
import unittest

SLABSIM = sys.argv[1]


def run(cmdline, environment="nr_cpus=2"):
    """(exit status, {cache: pages per slab}, merged names, stderr) of a
    workload run with --cmdline cmdline and LIBSLAB_CMDLINE environment."""
    args = ["--cmdline", cmdline] if cmdline is not None else []
    p = subprocess.run([SLABSIM, "--ops", "20000", "--seed", "2", "--aliases"] + args,
                       capture_output=True, text=True,
                       env=dict(os.environ, LIBSLAB_CMDLINE=environment), timeout=120)
    pages, merged, in_aliases = {}, [], False
    for line in p.stdout.splitlines():
        if line.startswith("# merged caches"):
            in_aliases = True
        elif in_aliases:
            merged.append(line)
        elif not line.startswith(("slabinfo - version", "# name")):
            fields = line.split()
            pages[fields[0]] = int(fields[5])
    return p.returncode, pages, merged, p.stderr


class SlabsimCmdline(unittest.TestCase):
    def test_min_order_applies_to_every_cache(self):
        rc, pages, _, err = run("slub_min_order=3")
        self.assertEqual(rc, 0, err)
        self.assertEqual(pages.get("kmalloc-64"), 8)
        self.assertEqual({name: n for name, n in pages.items() if n != 8}, {})

    def test_min_order_from_the_environment_applies_to_every_cache(self):
        rc, pages, _, err = run(None, "nr_cpus=2 slub_min_order=3")
        self.assertEqual(rc, 0, err)
        self.assertEqual(pages.get("kmalloc-64"), 8)
        self.assertEqual({name: n for name, n in pages.items() if n != 8}, {})

    def test_nomerge_leaves_every_name_its_own_cache(self):
        rc, _, merged, err = run("slab_nomerge")
        self.assertEqual(rc, 0, err)
        self.assertEqual(merged, [])
        # The check can fail: without slab_nomerge a name is merged.
        self.assertNotEqual(run("slab_merge")[2], [])

    def test_a_word_after_the_environments_wins(self):
        rc, pages, _, err = run("slub_min_order=3", "nr_cpus=2 slub_min_order=1")
        self.assertEqual(rc, 0, err)
        self.assertEqual(pages.get("kmalloc-64"), 8)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
