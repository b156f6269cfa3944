#!/usr/bin/env python3
"""slabsim replay on tests/data/replay-sample.trace, a hand-written capture
that holds one of each thing a real trace holds: kmalloc and cache
allocations, frees with and without a traced allocation, a live address
allocated again, NULL, ZERO_SIZE_PTR, a failed allocation, malformed and
foreign lines, page events, a task name with spaces and brackets.

usage: test_replay.py SLABSIM SLABSIM_TINY SAMPLE_TRACE"""

import gzip
import lzma
import os
import subprocess
import sys
import tempfile
import unittest

SLABSIM, SLABSIM_TINY, SAMPLE = sys.argv[1:4]
ENV = dict(os.environ, LIBSLAB_CMDLINE="nr_cpus=2")


def replay(*args, exe=SLABSIM, cmdline="nr_cpus=2"):
    """(exit status, stdout, stderr, summary dict) of one replay."""
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "summary.tsv")
        series = os.path.join(tmp, "series.tsv")
        env = dict(os.environ, LIBSLAB_CMDLINE=cmdline)
        p = subprocess.run([exe, "replay", "--summary", summary, "--series", series,
                            *args], capture_output=True, text=True, env=env, timeout=120)
        figures = {}
        if os.path.exists(summary):
            with open(summary) as f:
                figures = dict(line.rstrip("\n").split("\t", 1) for line in f)
        if os.path.exists(series):
            with open(series) as f:
                figures["series"] = [line.split("\t") for line in f]
        return p.returncode, p.stdout, p.stderr, figures


class ReplayOfTheSample(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rc, cls.out, cls.err, cls.fig = replay(SAMPLE)

    def test_succeeds(self):
        self.assertEqual(self.rc, 0, self.err)

    def test_counts_the_loose_ends_of_the_trace(self):
        self.assertIn("frees of objects allocated before tracing: 1; kfree(NULL): 1", self.out)
        self.assertIn("failed allocations: 1; kmalloc(0): 1; live address reallocated: 1",
                      self.out)
        self.assertIn("objects never freed: 3; malformed lines: 1; other events: 2", self.out)

    def test_quotes_the_malformed_line_with_its_number(self):
        self.assertIn("line 32: an allocation without ptr", self.err)

    def test_resolves_every_cache_allocation_to_a_cache(self):
        self.assertIn("from its free 3, its call site 0, the snapshot 1, made up 1", self.out)

    def test_sums_the_page_allocator_events(self):
        self.assertIn("page allocator: 1 allocations, 1 frees, net +3 pages, peak +4", self.out)

    def test_replays_each_event_once(self):
        # 8 allocations (one implied free of the reallocated address) and 5 frees.
        self.assertEqual(self.fig["events"], "13")
        self.assertEqual(self.fig["ops"], "13")
        self.assertEqual(self.fig["failed"], "0")

    def test_measures_the_live_requested_bytes(self):
        # 13 + 2 * 192 + 64 + 576 + 100 + 20000 bytes live at once.
        self.assertEqual(self.fig["requested_peak_kib"], str(21137 // 1024))
        self.assertEqual(self.fig["requested_final_kib"], "0")

    def test_counts_the_large_kmalloc_apart_from_slabs(self):
        self.assertEqual(self.fig["large_peak_kib"], "32")
        self.assertEqual(self.fig["large_final_kib"], "0")
        self.assertGreater(int(self.fig["slab_peak_kib"]), 0)

    def test_lists_the_caches_by_pages(self):
        self.assertIn("radix_tree_node", self.out)
        self.assertIn("unnamed-100", self.out)

    def test_reports_the_fast_path_and_the_counters(self):
        self.assertIn("fast path:", self.out)
        self.assertIn("alloc_fastpath", self.out)

    def test_writes_a_memory_series_ending_at_the_last_event(self):
        self.assertEqual(self.fig["series"][-1][0], "13")


class ReplayConfigurations(unittest.TestCase):
    def test_slob_model_holds_fewer_pages_than_slub(self):
        rc, out, err, fig = replay("--slob", SAMPLE)
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["design"], "SLOB model")
        _, _, _, slub = replay(SAMPLE)
        self.assertLess(int(fig["slab_peak_kib"]), int(slub["slab_peak_kib"]))

    def test_tiny_build_replays_with_debug_on(self):
        rc, out, err, fig = replay(SAMPLE, exe=SLABSIM_TINY, cmdline="nr_cpus=2 slub_debug")
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["design"], "SLUB_TINY")
        self.assertIn("fast path: 0.0% of allocations", out)

    def test_cpu_partial_off_is_recorded(self):
        rc, _, err, fig = replay("--cpu-partial-off", SAMPLE)
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["cpu_partial_off"], "1")

    def test_min_order_changes_the_slab_memory(self):
        _, _, _, order0 = replay(SAMPLE)
        rc, _, err, order3 = replay(SAMPLE, cmdline="nr_cpus=2 slub_min_order=3")
        self.assertEqual(rc, 0, err)
        self.assertGreater(int(order3["slab_peak_kib"]), int(order0["slab_peak_kib"]))


class ReplayOfBadInput(unittest.TestCase):
    def test_a_missing_file_is_an_error_not_a_crash(self):
        rc, _, err, _ = replay("/nonexistent/trace")
        self.assertEqual(rc, 2)
        self.assertIn("cannot read /nonexistent/trace", err)

    def test_a_file_without_slab_events_is_an_error(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write("# tracer: nop\nrandom words\n\x00\xff binary\n")
            f.flush()
            rc, _, err, _ = replay(f.name)
        self.assertEqual(rc, 2)
        self.assertIn("holds no slab events", err)

    def test_a_truncated_compressed_trace_is_reported(self):
        with open(SAMPLE, "rb") as f:
            data = lzma.compress(f.read())
        with tempfile.NamedTemporaryFile(suffix=".xz") as f:
            f.write(data[:len(data) // 2])
            f.flush()
            rc, _, err, _ = replay(f.name)
        self.assertEqual(rc, 2)
        self.assertIn("could not be read to its end", err)

    def test_a_gzip_trace_replays_as_the_plain_one(self):
        with open(SAMPLE, "rb") as f:
            data = gzip.compress(f.read())
        with tempfile.NamedTemporaryFile(suffix=".gz") as f:
            f.write(data)
            f.flush()
            rc, _, err, fig = replay(f.name)
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["ops"], "13")

    def test_random_garbage_lines_are_counted_and_skipped(self):
        with open(SAMPLE) as f:
            text = f.read()
        garbage = [
            "  x-1 [000] ..... 1.0: kmalloc: ptr=zzzz bytes_req=8 bytes_alloc=8\n",
            "  x-1 [999] ..... 1.0: kfree: ptr=ffff888001000000\n",
            "  x-1 [000] ..... 1.0: kmalloc: ptr=ffff888001 bytes_req=99999999999 "
            "bytes_alloc=8\n",
            "  x-1 ..... 1.0: kmem_cache_free: ptr=ffff888001000000 name=dentry\n",
            "  x-1 [000] ..... 1.0: mm_page_alloc: page=0 pfn=0x1 order=99\n",
        ]
        text = text.replace("# libslab-trace: end", "".join(garbage) + "# libslab-trace: end")
        with tempfile.NamedTemporaryFile("w", suffix=".trace") as f:
            f.write(text)
            f.flush()
            rc, out, err, _ = replay(f.name)
        self.assertEqual(rc, 0, err)
        self.assertIn("malformed lines: 6", out)
        self.assertIn("further malformed lines are only counted", err)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
