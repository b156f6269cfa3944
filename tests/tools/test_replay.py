#!/usr/bin/env python3
"""slabsim replay on tests/data/replay-sample.trace, a hand-written capture
that holds one of each thing a real trace holds: kmalloc and cache
allocations, frees with and without a traced allocation, a live address
allocated again, NULL, ZERO_SIZE_PTR, a failed allocation, malformed and
foreign lines, page events, a task name with spaces and brackets, and a
/proc/slabinfo section (for --vs-capture).

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

    def test_quotes_the_malformed_line_with_its_file_and_number(self):
        self.assertIn("replay-sample.trace:32: a kmalloc event without ptr=; skipped: ", self.err)

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

    def test_tiny_build_replays_without_a_fast_path(self):
        rc, out, err, fig = replay(SAMPLE, exe=SLABSIM_TINY)
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["design"], "SLUB_TINY")
        self.assertIn("fast path: 0.0% of allocations", out)

    def test_tiny_build_knows_no_slub_debug(self):
        # 6.12's SLUB_TINY has no SLUB_DEBUG, so no slub_debug= either.
        rc, _, err, _ = replay(SAMPLE, exe=SLABSIM_TINY, cmdline="nr_cpus=2 slub_debug")
        self.assertEqual(rc, 2, err)
        self.assertIn('"slub_debug"', err)

    def test_cpu_partial_off_is_recorded(self):
        rc, _, err, fig = replay("--cpu-partial-off", SAMPLE)
        self.assertEqual(rc, 0, err)
        self.assertEqual(fig["cpu_partial_off"], "1")

    def test_min_order_changes_the_slab_memory(self):
        _, _, _, order0 = replay(SAMPLE)
        rc, _, err, order3 = replay(SAMPLE, cmdline="nr_cpus=2 slub_min_order=3")
        self.assertEqual(rc, 0, err)
        self.assertGreater(int(order3["slab_peak_kib"]), int(order0["slab_peak_kib"]))


def vs_capture_rows(out):
    """The --vs-capture table: {cache: (21 figures or None for "-", note)}."""
    rows, inside = {}, False
    for line in out.splitlines():
        if line.startswith("libslab at the end of the replay beside the capture"):
            inside = True
            continue
        if not inside or line.startswith(" ") or line.startswith("cache "):
            continue
        if line.startswith("caches:"):
            break
        fields = line.split(None, 22)
        figures = [None if f == "-" else int(f) for f in fields[1:22]]
        rows[fields[0]] = (figures, fields[22] if len(fields) > 22 else "")
    return rows


def with_slabinfo(lines, aliases=()):
    """The sample with more /proc/slabinfo lines and aliases, as a file."""
    with open(SAMPLE) as f:
        text = f.read()
    text = text.replace("# libslab-trace: caches\n",
                        "".join(l + "\n" for l in lines) + "# libslab-trace: caches\n")
    text = text.replace("# libslab-trace: trace\n",
                        "".join(a + "\n" for a in aliases) + "# libslab-trace: trace\n")
    f = tempfile.NamedTemporaryFile("w", suffix=".trace")
    f.write(text)
    f.flush()
    return f


def slabinfo_line(name, active, num, size, per_slab, pages, slabs):
    return (f"{name:<17} {active:6} {num:6} {size:6} {per_slab:4} {pages:4} : tunables"
            f"    0    0    0 : slabdata {slabs:6} {slabs:6}      0")


class ReplayBesideTheCapture(unittest.TestCase):
    """--vs-capture on the sample, whose slabinfo gets a cache only the
    capture has (seq_file), one the replay knows by an alias (fs_cache, which
    anon_vma_chain points to) and one whose geometry differs from libslab's
    (radix_tree_node, which the kernel gives a constructor and so 8 more
    bytes)."""

    @classmethod
    def setUpClass(cls):
        with with_slabinfo([slabinfo_line("seq_file", 34, 34, 120, 34, 1, 1),
                            slabinfo_line("fs_cache", 60, 64, 64, 64, 1, 1),
                            slabinfo_line("radix_tree_node", 14, 14, 584, 14, 2, 1)],
                           ["fs_cache :0000064"]) as f:
            cls.rc, cls.out, cls.err, _ = replay("--vs-capture", f.name)
        cls.rows = vs_capture_rows(cls.out)

    def test_succeeds(self):
        self.assertEqual(self.rc, 0, self.err)

    def test_shows_the_captured_figures_beside_libslabs(self):
        figures, note = self.rows["dentry"]
        # capture, libslab, difference of each of the seven figures.
        self.assertEqual(figures[0::3], [120, 126, 6, 6, 192, 21, 1])
        self.assertEqual(figures[13], 192)          # libslab's objsize
        for cap, lib, diff in zip(figures[0::3], figures[1::3], figures[2::3]):
            self.assertEqual(diff, lib - cap)
        # libslab models CONFIG_HARDENED_USERCOPY, under which 6.12's
        # slab_unmergeable() keeps kmalloc caches (usersize set) apart, so
        # the replay's dentry stays a cache of its own.
        self.assertEqual(note, "")

    def test_follows_the_captures_aliases(self):
        figures, note = self.rows["fs_cache"]
        self.assertEqual(note, "libslab: anon_vma_chain")
        self.assertEqual(figures[0:2], [60, 0])
        self.assertEqual(figures[3:5], [64, 64])

    def test_marks_a_cache_only_in_the_capture(self):
        figures, note = self.rows["seq_file"]
        self.assertEqual(note, "only in the capture")
        self.assertEqual(figures[0:3], [34, None, -34])
        self.assertEqual(figures[13], None)

    def test_marks_a_cache_only_in_libslab(self):
        figures, note = self.rows["unnamed-100"]
        self.assertEqual(note, "only in libslab")
        self.assertEqual(figures[0:3], [None, 1, 1])
        self.assertEqual(figures[12:15], [None, 104, None])

    def test_marks_a_geometry_difference(self):
        figures, note = self.rows["radix_tree_node"]
        self.assertEqual(note, "geometry differs")
        self.assertEqual(figures[12:15], [584, 576, -8])
        self.assertEqual(figures[18:21], [2, 2, 0])

    def test_totals_both_sides(self):
        total, _ = self.rows["total"]
        rows = [figures for name, (figures, _) in self.rows.items() if name != "total"]
        for col in range(12):
            if col % 3 == 2:
                self.assertEqual(total[col], total[col - 1] - total[col - 2])
            else:
                self.assertEqual(total[col], sum(r[col] or 0 for r in rows))
        self.assertEqual(total[0], 120 + 34 + 60 + 14)
        self.assertEqual(len(total), 12)

    def test_sums_up_the_caches_and_pages(self):
        self.assertIn("caches: 3 on both sides, 1 only in the capture, ", self.out)
        self.assertIn("geometry (objsize, objperslab, pagesperslab) differs for 1", self.out)
        self.assertIn("slab pages: capture 10 (40 KiB), libslab ", self.out)
        self.assertIn("active objects of the capture that libslab's caches of the same name "
                      "hold: ", self.out)

    def test_is_in_the_help(self):
        p = subprocess.run([SLABSIM, "replay", "--help"], capture_output=True, text=True)
        self.assertIn("--vs-capture", p.stdout)

    def test_needs_a_slabinfo_section(self):
        with open(SAMPLE) as f:
            text = f.read()
        start = text.index("# libslab-trace: slabinfo")
        text = text[:start] + text[text.index("# libslab-trace: caches"):]
        with tempfile.NamedTemporaryFile("w", suffix=".trace") as f:
            f.write(text)
            f.flush()
            rc, out, err, _ = replay("--vs-capture", f.name)
            self.assertEqual(rc, 2)
            self.assertIn(f"slabsim: {f.name} has no slabinfo section", err)
            self.assertNotIn("SLUB replay", out)
            # Without the option the same trace replays as before.
            rc, _, err, _ = replay(f.name)
            self.assertEqual(rc, 0, err)

    def test_an_empty_slabinfo_section_is_named_as_such(self):
        with open(SAMPLE) as f:
            text = f.read()
        text = "\n".join(l for l in text.split("\n") if not l.startswith("dentry "))
        with tempfile.NamedTemporaryFile("w", suffix=".trace") as f:
            f.write(text)
            f.flush()
            rc, _, err, _ = replay("--vs-capture", f.name)
            self.assertEqual(rc, 2)
            self.assertIn(f"slabsim: {f.name} has an empty slabinfo section", err)

    def test_is_refused_with_the_slob_model(self):
        rc, _, err, _ = replay("--vs-capture", "--slob", SAMPLE)
        self.assertEqual(rc, 2)
        self.assertIn("--vs-capture compares libslab's caches", err)


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

    def test_each_malformed_line_gets_one_message_naming_its_bad_token(self):
        with open(SAMPLE) as f:
            text = f.read()
        garbage = [
            ("  x-1 [000] ..... 1.0: kmalloc: ptr=zzzz bytes_req=8 bytes_alloc=8\n",
             "ptr=zzzz is not a hexadecimal number"),
            ("  x-1 [999] ..... 1.0: kfree: ptr=ffff888001000000\n",
             "[999] is a CPU above 255"),
            ("  x-1 [000] ..... 1.0: kmalloc: ptr=ffff888001 bytes_req=99999999999 "
             "bytes_alloc=8\n", "bytes_req=99999999999 is more than 4294967295"),
            ("  x-1 ..... 1.0: kmem_cache_free: ptr=ffff888001000000 name=dentry\n",
             "no [cpu] field before the event"),
        ]
        text = text.replace("# libslab-trace: end",
                            "".join(g[0] for g in garbage) + "# libslab-trace: end")
        with tempfile.NamedTemporaryFile("w", suffix=".trace") as f:
            f.write(text)
            f.flush()
            rc, _, err, _ = replay(f.name)
            lines = err.splitlines()
            first = text.count("\n", 0, text.index(garbage[0][0])) + 1
        self.assertEqual(rc, 0, err)
        for i, (line, why) in enumerate(garbage):
            expected = "slabsim: %s:%d: %s; skipped: %s" % (f.name, first + i, why,
                                                          line.rstrip("\n"))
            self.assertIn(expected, lines)

    def test_an_unwritable_summary_is_an_error_naming_the_file(self):
        p = subprocess.run([SLABSIM, "replay", "--quiet", "--summary", "/nonexistent/x", SAMPLE],
                           capture_output=True, text=True, env=ENV, timeout=120)
        self.assertEqual(p.returncode, 2)
        self.assertIn("slabsim: cannot write /nonexistent/x: No such file or directory",
                      p.stderr)

    def test_output_to_a_full_disk_is_an_error(self):
        with open("/dev/full", "w") as full:
            p = subprocess.run([SLABSIM, "replay", "--quiet", SAMPLE], stdout=full,
                               stderr=subprocess.PIPE, text=True, env=ENV, timeout=120)
        self.assertEqual(p.returncode, 1)
        self.assertIn("slabsim: cannot write standard output: No space left on device",
                      p.stderr)


def slabsim(*args, stdout=subprocess.PIPE):
    """(exit status, stderr) of one slabsim workload run."""
    p = subprocess.run([SLABSIM, *args], stdout=stdout, stderr=subprocess.PIPE,
                       text=True, env=ENV, timeout=120)
    return p.returncode, p.stderr


class SlabsimOptions(unittest.TestCase):
    def test_output_to_a_full_disk_is_an_error(self):
        with open("/dev/full", "w") as full:
            rc, err = slabsim("--ops", "100", stdout=full)
        self.assertEqual(rc, 1)
        self.assertIn("slabsim: cannot write standard output", err)

    def test_an_ops_count_past_the_range_is_refused(self):
        rc, err = slabsim("--ops", "99999999999999999999999")
        self.assertEqual(rc, 2)
        self.assertIn("--ops 99999999999999999999999: more than 18446744073709551615", err)

    def test_cmdline_refuses_the_machines_words(self):
        # The allocator starts again; the machine stays up.
        rc, err = slabsim("--cmdline", "slab_nomerge nr_cpus=2", "--quiet")
        self.assertEqual(rc, 2)
        self.assertIn("libslab: nr_cpus=2: the simulated machine is up already; ignored", err)
        self.assertIn("the simulated machine's words go in LIBSLAB_CMDLINE", err)

    def test_cmdline_names_an_unknown_word(self):
        rc, err = slabsim("--cmdline", "slab_nomerge slub_debgu=FZ", "--quiet")
        self.assertEqual(rc, 2)
        self.assertIn('libslab: Unknown kernel command line parameters "slub_debgu=FZ"'
                      " in libslab_restart()'s line, ignored", err)

    def test_bad_machine_parameters_in_the_environment_fail_the_run(self):
        env = dict(os.environ, LIBSLAB_CMDLINE="nr_cpus=abc")
        p = subprocess.run([SLABSIM, "--ops", "10", "--quiet"], capture_output=True,
                           text=True, env=env, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("libslab: nr_cpus=abc: expects a number of CPUs in 1..256", p.stderr)
        self.assertIn("slabsim: LIBSLAB_CMDLINE has bad or unknown words", p.stderr)

    def test_bad_allocator_parameters_in_the_environment_fail_the_run(self):
        env = dict(os.environ, LIBSLAB_CMDLINE="slub_min_order=x")
        p = subprocess.run([SLABSIM, "replay", "--quiet", SAMPLE], capture_output=True,
                           text=True, env=env, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("malformed boot parameter 'slub_min_order=x'", p.stderr)

    def test_unknown_words_in_the_environment_fail_the_run(self):
        # A misspelt parameter would otherwise run on the defaults unseen.
        env = dict(os.environ, LIBSLAB_CMDLINE="nr_cpus=2 slub_debgu=FZ slab_nomerge cpumap=rr")
        p = subprocess.run([SLABSIM, "--ops", "10", "--quiet"], capture_output=True,
                           text=True, env=env, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn('libslab: Unknown kernel command line parameters "slub_debgu=FZ cpumap=rr"'
                      ' in LIBSLAB_CMDLINE, ignored', p.stderr)

    def test_the_help_says_when_cmdline_applies(self):
        p = subprocess.run([SLABSIM, "--help"], capture_output=True, text=True, timeout=60)
        self.assertIn("slabsim starts the allocator again with them", p.stdout)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
