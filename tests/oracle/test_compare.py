#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare.py on synthetic consoles: libslab's console fails the run with
any line outside an expected-report bracket (a slub_debug report, a WARN,
a TRACE line, oracle_user's taint note), naming the scenario and the line;
the same report inside a bracket is compared with the kernel's report
lines; and --extract keeps the kernel's report lines as before.

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


class Compare(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.expected = self.path("default.txt", EXPECTED)
        self.allow = self.path("allow.txt", "# nothing is allowed\n")

    def tearDown(self):
        self.dir.cleanup()

    def path(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path

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


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
