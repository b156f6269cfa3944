#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare.py on synthetic consoles: libslab's console fails the run with
any line outside an expected-report bracket (a slub_debug report, a WARN,
a TRACE line, oracle_user's taint note), naming the scenario and the line;
the same report inside a bracket is compared with the kernel's report
lines, its WARNs (message and banner) and slub_debug=T's TRACE lines
normalised; --extract keeps the kernel's report lines as before; --seeded
leaves out what a boot's random seed decides; an allow rule excuses
exactly the libslab value it names; a crash of oracle_user is told from a
difference; and the slab lines outside the brackets (a warning such as
slab_out_of_memory()'s) are compared both ways.

usage: test_compare.py COMPARE_PY"""

import os
import subprocess
import sys
import tempfile
import unittest

COMPARE = sys.argv[1]

# The kernel's observations of two scenarios, one with a report it asked for.
EXPECTED = """\
slub_oracle: first lists start cpu0=s0 free=15
slub_oracle: first lists end cpu0=s0 free=14
slub_oracle: second report BUG orc-b2 (TAINT): Right Redzone overwritten
slub_oracle: second report FIX orc-b2: Restoring Right Redzone 0xADDR-0xADDR=0xbb
slub_oracle: second lists after cpu0=s0 free=13
"""

# libslab's console for them, clean: the report comes inside its bracket.
REPORT = [
    "=============================================================================",
    "BUG orc-b2 (Not tainted): Right Redzone overwritten",
    "-----------------------------------------------------------------------------",
    "",
    "FIX orc-b2: Restoring Right Redzone 0xffff888012345678-0xffff88801234567f=0xbb",
    "CPU: 0 UID: 0 PID: 7 Comm: oracle_user Tainted: G    B",
    "Call Trace:",
    " orc_debug_case+0x1c/0x80",
]
CLEAN = [
    "slub_oracle: first lists start cpu0=s0 free=15",
    "slub_oracle: first lists end cpu0=s0 free=14",
    "libslab: expected report begin second",
    *REPORT,
    "libslab: expected report end second",
    "slub_oracle: second lists after cpu0=s0 free=13",
]

# What a mutation or a stray check may print, one kind per case.
STRAYS = {
    "slub_debug report": ["=" * 77, "BUG orc-b1 (Not tainted): Freepointer corrupt",
                          "-" * 77, "Slab 0xffff888012340000 objects=16 used=2"],
    "WARN": ["------------[ cut here ]------------",
             "WARNING: CPU: 0 PID: 7 at src/slub_partial.c:320 put_cpu_partial",
             "---[ end trace 0000000000000000 ]---"],
    "TRACE": ["TRACE orc-b1 alloc 0xffff888012340000 inuse=1 fp=0xffff888012340100"],
    "taint": ["libslab: tainted outside an expected report: Tainted: G    B"],
    "INFO": ["INFO: Freed in orc_free+0x10/0x20 age=3 cpu=0 pid=7"],
}


class FilesCase(unittest.TestCase):
    """A case with a scratch directory and an empty allow list in it."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.allow = self.path("allow.txt", "# nothing is allowed\n")

    def tearDown(self):
        self.dir.cleanup()

    def path(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path


class Compare(FilesCase):
    def setUp(self):
        super().setUp()
        self.expected = self.path("default.txt", EXPECTED)

    def compare(self, console):
        """compare.py's exit status and output for libslab's console."""
        user = self.path("user.txt", "".join(line + "\n" for line in console))
        p = subprocess.run([sys.executable, COMPARE, self.expected, self.allow,
                            "--user", user], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_clean_console_passes(self):
        rc, out = self.compare(CLEAN)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 unexplained", out)
        self.assertNotIn("CONSOLE", out)

    def test_report_inside_its_bracket_is_compared(self):
        console = [line.replace("Right Redzone", "Left Redzone") for line in CLEAN]
        rc, out = self.compare(console)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF second report: line: kernel BUG orc-b2 (TAINT): Right Redzone"
                      " overwritten, libslab BUG orc-b2 (TAINT): Left Redzone overwritten", out)

    def test_each_stray_kind_fails_naming_scenario_and_line(self):
        for kind, stray in STRAYS.items():
            with self.subTest(kind):
                rc, out = self.compare(CLEAN[:1] + stray + CLEAN[1:])
                self.assertEqual(rc, 1, out)
                for line in stray:
                    if line.strip():
                        self.assertIn(f"CONSOLE first: {line}\n", out)
                self.assertIn("libslab's console has", out)
                self.assertIn("0 unexplained", out)

    def test_stray_between_scenarios_names_both(self):
        rc, out = self.compare(CLEAN[:2] + STRAYS["TRACE"] + CLEAN[2:])
        self.assertEqual(rc, 1, out)
        self.assertIn("CONSOLE first or second: TRACE orc-b1 alloc", out)

    def test_stray_at_the_ends(self):
        rc, out = self.compare(STRAYS["WARN"][1:2] + CLEAN + STRAYS["taint"])
        self.assertEqual(rc, 1, out)
        self.assertIn("CONSOLE before first: WARNING: CPU: 0", out)
        self.assertIn("CONSOLE after second: libslab: tainted outside", out)

    def test_run_reads_the_program_output_as_console(self):
        """The meson tests' way: compare.py runs oracle_user itself."""
        program = "import sys; sys.stdout.write(sys.stdin.read())"
        for console, want in ((CLEAN, 0), (CLEAN + STRAYS["slub_debug report"], 1)):
            with self.subTest(want=want):
                p = subprocess.run([sys.executable, COMPARE, self.expected, self.allow,
                                    "--", sys.executable, "-c", program],
                                   input="".join(line + "\n" for line in console),
                                   capture_output=True, text=True)
                self.assertEqual(p.returncode, want, p.stdout + p.stderr)

    def test_extract_keeps_the_kernel_reports(self):
        console = ["[    1.000000] Linux version 6.12.118",
                   "[    2.000000] WARNING: boot chatter outside the suite"]
        console += [f"[    3.{i:06d}] {line}" for i, line in enumerate(CLEAN)]
        path = self.path("console.log", "".join(line + "\n" for line in console))
        p = subprocess.run([sys.executable, COMPARE, "--extract", path],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, EXPECTED)


# A WARN inside a report, as each side prints it: the kernel names the
# function the WARN was compiled into and its caller by symbol, libslab
# its own file, function and a bare caller address.
KERNEL_WARN = [
    "------------[ cut here ]------------",
    "kmem_cache_destroy orc-b2: Slab cache still has objects when called from"
    " orc_debug_case+0x141/0x160",
    "WARNING: CPU: 0 PID: 47 at mm/slab_common.c:548 kmem_cache_destroy+0x123/0x190",
    "Modules linked in:",
    "RIP: 0010:kmem_cache_destroy+0x123/0x190",
    "Call Trace:",
    " <TASK>",
    " orc_debug_case+0x141/0x160",
    " </TASK>",
    "---[ end trace 0000000000000000 ]---",
]
USER_WARN = [
    "------------[ cut here ]------------",
    "kmem_cache_destroy orc-b2: Slab cache still has objects when called from"
    " 0x55b6d10b87ea",
    "WARNING: CPU: 0 PID: 14686 at ../src/slab_common.c:418 kmem_cache_destroy",
    "CPU: 0 UID: 0 PID: 14686 Comm: oracle_user Tainted: G    B   W",
    "Call Trace:",
    " 0x55b6d10b87ea",
    "---[ end trace 0000000000000000 ]---",
]
# slub_debug=T's trace of one allocation and its free, on each side.
KERNEL_TRACE = [
    "TRACE orc-g14 alloc 0xffff8f5a41293000 inuse=1 fp=0xffff8f5a41293008",
    "CPU: 0 UID: 0 PID: 42 Comm: kunit_try_catch Tainted: G                 N",
    "Call Trace:",
    " dump_stack_lvl+0x53/0x70",
    "TRACE orc-g14 free 0xffff8f5a41293000 inuse=1 fp=0xffff8f5a41293008",
    "Object ffff8f5a41293000: 08 30 29 41 5a 8f ff ff 00 00 00 00 00 00 00 00  .0)AZ...........",
    "Object ffff8f5a41293010: 08 30 29 41                                      .0)A",
    "CPU: 0 UID: 0 PID: 42 Comm: kunit_try_catch Tainted: G                 N",
    "TRACE orc-g15 alloc 0xffff8f5a41293000 inuse=1 fp=0x0000000000000000",
]
USER_TRACE = [
    "TRACE orc-g14 alloc 0x00007f3a30806000 inuse=1 fp=0x00007f3a30806008",
    "CPU: 0 UID: 0 PID: 14686 Comm: oracle_user Not tainted",
    "Call Trace:",
    " 0x55b6d10d2aca",
    "TRACE orc-g14 free 0x00007f3a30806000 inuse=1 fp=0x00007f3a30806008",
    "Object 00007f3a30806000: 08 60 80 30 3a 7f 00 00 00 00 00 00 00 00 00 00  .`.0:...........",
    "Object 00007f3a30806010: 08 60 80 30                                      .`.0",
    "CPU: 0 UID: 0 PID: 14686 Comm: oracle_user Not tainted",
    "TRACE orc-g15 alloc 0x00007f3a30806000 inuse=1 fp=0x0000000000000000",
]


class WarnAndTrace(FilesCase):
    """Inside the markers a WARN (its message and banner) and the TRACE
    lines of slub_debug=T are compared, normalised."""

    @staticmethod
    def console(report):
        return ["slub_oracle: first lists start cpu0=s0 free=15",
                "libslab: expected report begin first", *report,
                "libslab: expected report end first",
                "slub_oracle: first lists end cpu0=s0 free=14"]

    def extract(self, kernel_report):
        """--extract of a kernel console holding kernel_report."""
        console = [f"[    3.{i:06d}] {line}"
                   for i, line in enumerate(self.console(kernel_report))]
        path = self.path("console.log", "".join(line + "\n" for line in console))
        p = subprocess.run([sys.executable, COMPARE, "--extract", path],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout

    def compare(self, kernel_report, user_report):
        """compare.py's exit status and output: libslab's report against
        the kernel's, extracted."""
        expected = self.path("default.txt", self.extract(kernel_report))
        user = self.path("user.txt", "".join(
            line + "\n" for line in self.console(user_report)))
        p = subprocess.run([sys.executable, COMPARE, expected, self.allow,
                            "--user", user], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_extract_keeps_warn_message_and_normalised_banner(self):
        self.assertIn("slub_oracle: first report WARN kmem_cache_destroy orc-b2: Slab cache"
                      " still has objects when called from FUNC\n"
                      "slub_oracle: first report WARNING: at FILE FUNC\n",
                      self.extract(KERNEL_WARN))

    def test_warn_banner_file_line_and_function_are_not_compared(self):
        rc, out = self.compare(KERNEL_WARN, USER_WARN)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 differences", out)

    def test_a_missing_warn_fails(self):
        rc, out = self.compare(KERNEL_WARN + KERNEL_WARN[:1] + KERNEL_WARN[2:], USER_WARN)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first report #2: <observation>: kernel present, libslab missing"
                      " (WARNING: at FILE FUNC)", out)

    def test_warn_message_text_is_compared(self):
        user = [line.replace("still has objects", "has objects") for line in USER_WARN]
        rc, out = self.compare(KERNEL_WARN, user)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first report: line: kernel WARN kmem_cache_destroy orc-b2: Slab"
                      " cache still has objects", out)

    def test_extract_keeps_trace_lines_normalised(self):
        self.assertIn("slub_oracle: first report TRACE orc-g14 alloc 0xADDR inuse=1"
                      " fp=OBJECT+0x8\n"
                      "slub_oracle: first report TRACE orc-g14 free 0xADDR inuse=1"
                      " fp=OBJECT+0x8\n"
                      "slub_oracle: first report TRACE orc-g14 free dump of 20 bytes\n"
                      "slub_oracle: first report TRACE orc-g15 alloc 0xADDR inuse=1"
                      " fp=0x0\n", self.extract(KERNEL_TRACE))

    def test_trace_lines_match_across_address_spaces(self):
        rc, out = self.compare(KERNEL_TRACE, USER_TRACE)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 differences", out)

    def test_trace_freelist_distance_is_compared(self):
        user = [line.replace("fp=0x00007f3a30806008", "fp=0x00007f3a30806010")
                for line in USER_TRACE]
        rc, out = self.compare(KERNEL_TRACE, user)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first report: line: kernel TRACE orc-g14 alloc 0xADDR inuse=1"
                      " fp=OBJECT+0x8, libslab TRACE orc-g14 alloc 0xADDR inuse=1"
                      " fp=OBJECT+0x10", out)

    def test_trace_inuse_is_compared(self):
        user = [line.replace("alloc 0x00007f3a30806000 inuse=1",
                             "alloc 0x00007f3a30806000 inuse=2") for line in USER_TRACE]
        rc, out = self.compare(KERNEL_TRACE, user)
        self.assertEqual(rc, 1, out)
        self.assertIn("kernel TRACE orc-g14 alloc 0xADDR inuse=1 fp=OBJECT+0x8, libslab"
                      " TRACE orc-g14 alloc 0xADDR inuse=2", out)

    def test_trace_free_dump_length_is_compared(self):
        user = [line for line in USER_TRACE if not line.startswith("Object 00007f3a30806010")]
        rc, out = self.compare(KERNEL_TRACE, user)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first report #2: line: kernel TRACE orc-g14 free dump of 20"
                      " bytes, libslab TRACE orc-g14 free dump of 16 bytes", out)

    def test_trace_and_warn_outside_markers_still_fail(self):
        console = (["slub_oracle: first lists start cpu0=s0 free=15"] + USER_TRACE[:1] +
                   USER_WARN[2:3] + ["slub_oracle: first lists end cpu0=s0 free=14"])
        expected = self.path("default.txt", "slub_oracle: first lists start cpu0=s0 free=15\n"
                             "slub_oracle: first lists end cpu0=s0 free=14\n")
        user = self.path("user.txt", "".join(line + "\n" for line in console))
        p = subprocess.run([sys.executable, COMPARE, expected, self.allow, "--user", user],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("CONSOLE first: TRACE orc-g14 alloc", p.stdout)
        self.assertIn("CONSOLE first: WARNING: CPU: 0", p.stdout)


class Seeded(FilesCase):
    """--seeded drops what a boot's random seed decides (where in its slab
    an object lies, which random kmalloc copy a site gets) and keeps the
    rest (which slab, the size class, the counts)."""

    KERNEL = ("slub_oracle: fill objects alloc#0 at=s0+768,s0+256,s1+512\n"
              "slub_oracle: fill lists alloc cpu0=s1+512/15/0 node0=0/2/32\n"
              "slub_oracle: kmalloc kmalloc kernel 64 cache=kmalloc-rnd-07-64 ksize=64\n"
              "slub_oracle: kmalloc kmalloc reclaimable 64 cache=kmalloc-rcl-64 ksize=64\n")
    USER = ("slub_oracle: fill objects alloc#0 at=s0+0,s0+1024,s1+256\n"
            "slub_oracle: fill lists alloc cpu0=s1+256/15/0 node0=0/2/32\n"
            "slub_oracle: kmalloc kmalloc kernel 64 cache=kmalloc-64 ksize=64\n"
            "slub_oracle: kmalloc kmalloc reclaimable 64 cache=kmalloc-rcl-64 ksize=64\n")

    def compare(self, seeded, user, kernel=KERNEL):
        expected = self.path("hardening.txt", kernel)
        p = subprocess.run([sys.executable, COMPARE] + (["--seeded"] if seeded else []) +
                           [expected, self.allow, "--user", self.path("user.txt", user)],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_offsets_and_random_copies_are_not_compared(self):
        rc, out = self.compare(True, self.USER)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 differences", out)

    def test_without_it_they_are(self):
        rc, out = self.compare(False, self.USER)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF fill objects alloc#0: at: kernel s0+768,s0+256,s1+512", out)
        self.assertIn("cache: kernel kmalloc-rnd-07-64, libslab kmalloc-64", out)

    def test_the_slab_an_object_lies_in_is_compared(self):
        rc, out = self.compare(True, self.USER.replace("s1+256\n", "s0+256\n"))
        self.assertEqual(rc, 1, out)
        self.assertIn("at: kernel s0+?,s0+?,s1+?, libslab s0+?,s0+?,s0+?", out)

    def test_the_kmalloc_type_is_compared(self):
        rc, out = self.compare(True, self.USER.replace("kmalloc-rcl-64", "kmalloc-64"))
        self.assertEqual(rc, 1, out)
        self.assertIn("cache: kernel kmalloc-rcl-64, libslab kmalloc-RND-64", out)

    def test_alignment_beyond_the_promise_is_not_compared(self):
        rc, out = self.compare(True, self.USER.replace("ksize=64\n", "ksize=64 align=128\n"),
                               self.KERNEL.replace("ksize=64\n", "ksize=64 align=64\n"))
        self.assertEqual(rc, 0, out)

    def test_alignment_short_of_the_promise_is_compared(self):
        rc, out = self.compare(True, self.USER.replace("ksize=64\n", "ksize=64 align=32\n"),
                               self.KERNEL.replace("ksize=64\n", "ksize=64 align=64\n"))
        self.assertEqual(rc, 1, out)
        self.assertIn("align: kernel 64, libslab 32", out)

    def test_extract_writes_the_kernel_lines_seeded(self):
        console = self.path("console.log", "".join(
            f"[    2.00000{i}] {line}\n" for i, line in enumerate(self.KERNEL.splitlines())))
        p = subprocess.run([sys.executable, COMPARE, "--seeded", "--extract", console],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("at=s0+?,s0+?,s1+?\n", p.stdout)
        self.assertIn("cache=kmalloc-RND-64 ksize=64\n", p.stdout)


class AllowRules(FilesCase):
    """A rule of ALLOW names libslab's value: it excuses that wrong value
    and no other."""

    KERNEL = ("slub_oracle: first lists start cpu0=s0 free=15\n"
              "slub_oracle: first merge into=another-cache\n")

    def compare(self, rules, user):
        expected = self.path("default.txt", self.KERNEL)
        allow = self.path("allow.txt", rules)
        p = subprocess.run([sys.executable, COMPARE, expected, allow,
                            "--user", self.path("user.txt", user)],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_a_rule_excuses_its_value(self):
        rc, out = self.compare("first lists start | free | 16 | a reason\n",
                               self.KERNEL.replace("free=15", "free=16"))
        self.assertEqual(rc, 0, out)
        self.assertIn("allowed     1 x first lists start | free | 16: a reason", out)

    def test_another_libslab_value_is_a_difference(self):
        rc, out = self.compare("first lists start | free | 16 | a reason\n",
                               self.KERNEL.replace("free=15", "free=17"))
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first lists start: free: kernel 15, libslab 17", out)
        self.assertIn("0 allowed, 1 unexplained", out)

    def test_a_missing_observation_is_excused_as_missing_only(self):
        rule = "first merge | <observation> | missing | a reason\n"
        user = self.KERNEL.splitlines(keepends=True)[0]
        rc, out = self.compare(rule, user)
        self.assertEqual(rc, 0, out)
        rc, out = self.compare(rule, self.KERNEL + "slub_oracle: first extra n=1\n")
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first extra: <observation>: kernel missing, libslab present", out)

    def test_a_rule_without_a_value_is_refused(self):
        rc, out = self.compare("first lists start | free | a reason\n", self.KERNEL)
        self.assertEqual(rc, 2, out)
        self.assertIn("allow.txt:1: want '<observation glob> | <field glob> | "
                      "<libslab's value> | <reason>'", out)


class Crash(FilesCase):
    """oracle_user that ends badly: what it printed before is compared, and
    the exit status says whether a difference or only the crash was seen."""

    def run_user(self, lines, status):
        expected = self.path("default.txt", EXPECTED)
        program = (f"import sys; sys.stdout.write({''.join(x + chr(10) for x in lines)!r}); "
                   f"sys.stdout.flush(); sys.exit({status})")
        p = subprocess.run([sys.executable, COMPARE, expected, self.allow, "--",
                            sys.executable, "-c", program], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_a_crash_after_matching_lines_is_a_crash(self):
        # Its last line, possibly cut, is left out.
        rc, out = self.run_user(CLEAN[:2] + ["slub_oracle: second lists af"], 134)
        self.assertEqual(rc, 3, out)
        self.assertIn("exited 134 after 2 observations", out)
        self.assertIn("0 unexplained", out)

    def test_a_difference_before_the_crash_is_a_difference(self):
        rc, out = self.run_user([CLEAN[0].replace("free=15", "free=9")] + CLEAN[1:2] + ["x"], 1)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first lists start: free: kernel 15, libslab 9", out)

    def test_a_signal_is_named(self):
        expected = self.path("default.txt", EXPECTED)
        program = "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"
        p = subprocess.run([sys.executable, COMPARE, expected, self.allow, "--",
                            sys.executable, "-c", program], capture_output=True, text=True)
        self.assertEqual(p.returncode, 3, p.stdout + p.stderr)
        self.assertIn("was killed by SIGSEGV after 0 observations", p.stdout)


# slab_out_of_memory()'s warning, which no report marker brackets.
OOM_WARNING = [
    "SLUB: Unable to allocate memory on CPU 0 (of node 0) on node 1,"
    " gfp=0x240cc0(GFP_KERNEL|__GFP_COMP|__GFP_THISNODE)",
    "  cache: orc-b3, object size: 64, buffer size: 64, default order: 0, min order: 0",
    "  node 0: slabs: 1, objs: 64, free: 0",
    "  node 1: slabs: 0, objs: 0, free: 0",
]


class ConsoleSlabLines(FilesCase):
    """The slab lines of both consoles outside the markers are compared in
    both directions: the kernel's from its suite's lines (not its boot)."""

    def kernel_console(self, warning):
        lines = ["Linux version 6.12.118",
                 "SLUB: HWalign=64, Order=0-3, MinObjects=0, CPUs=2, Nodes=2",
                 "KTAP version 1", "1..1", "    KTAP version 1",
                 "    # Subtest: slub_oracle", "    1..1",
                 *CLEAN[:1], *warning, *CLEAN[1:],
                 "    ok 1 slub_oracle_behaviour", "ok 1 slub_oracle",
                 "SLUB: Unable to add boot slab alias after the suite to sysfs"]
        return [f"[    3.{i:06d}] {line}" for i, line in enumerate(lines)]

    def extract(self, warning):
        path = self.path("console.log", "".join(
            line + "\n" for line in self.kernel_console(warning)))
        p = subprocess.run([sys.executable, COMPARE, "--extract", path],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout

    def compare(self, kernel_warning, user_warning):
        expected = self.path("default.txt", self.extract(kernel_warning))
        user = self.path("user.txt", "".join(
            line + "\n" for line in CLEAN[:1] + user_warning + CLEAN[1:]))
        p = subprocess.run([sys.executable, COMPARE, expected, self.allow, "--user", user],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_extract_keeps_the_suites_slab_lines_only(self):
        out = self.extract(OOM_WARNING)
        self.assertIn("slub_oracle: first lists start cpu0=s0 free=15\n"
                      "slub_oracle: first console SLUB: Unable to allocate memory on CPU 0"
                      " (of node 0) on node 1, gfp=0x240cc0(GFP_KERNEL|__GFP_COMP|"
                      "__GFP_THISNODE)\n"
                      "slub_oracle: first console cache: orc-b3, object size: 64, buffer size:"
                      " 64, default order: 0, min order: 0\n"
                      "slub_oracle: first console node 0: slabs: 1, objs: 64, free: 0\n"
                      "slub_oracle: first console node 1: slabs: 0, objs: 0, free: 0\n"
                      "slub_oracle: first lists end", out)
        self.assertNotIn("HWalign", out)
        self.assertNotIn("after the suite", out)

    def test_the_same_warning_on_both_sides_passes(self):
        rc, out = self.compare(OOM_WARNING, OOM_WARNING)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 differences", out)

    def test_a_warning_only_the_kernel_prints_is_a_difference(self):
        rc, out = self.compare(OOM_WARNING, [])
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first console: <observation>: kernel present, libslab missing"
                      " (SLUB: Unable to allocate memory on CPU 0", out)
        self.assertIn("DIFF first console #3: <observation>: kernel present, libslab missing"
                      " (node 1: slabs: 0, objs: 0, free: 0)", out)

    def test_a_warning_only_libslab_prints_is_a_difference(self):
        rc, out = self.compare([], OOM_WARNING)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first console: <observation>: kernel missing, libslab present"
                      " (SLUB: Unable to allocate memory", out)
        self.assertNotIn("CONSOLE", out)

    def test_the_warnings_text_is_compared(self):
        user = [line.replace("slabs: 1, objs: 64", "slabs: 2, objs: 128") for line in OOM_WARNING]
        rc, out = self.compare(OOM_WARNING, user)
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFF first console #2: line: kernel node 0: slabs: 1, objs: 64, free: 0,"
                      " libslab node 0: slabs: 2, objs: 128, free: 0", out)

    def test_a_refused_cache_inside_the_markers_is_a_report_line(self):
        refused = ["__kmem_cache_create_args(orc-refused) failed with error -22"]
        console = ["slub_oracle: first lists start cpu0=s0 free=15",
                   "libslab: expected report begin first", *refused,
                   "libslab: expected report end first"]
        path = self.path("console.log", "".join(line + "\n" for line in console))
        p = subprocess.run([sys.executable, COMPARE, "--extract", path],
                           capture_output=True, text=True)
        self.assertIn("slub_oracle: first report __kmem_cache_create_args(orc-refused)"
                      " failed with error -22\n", p.stdout)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
