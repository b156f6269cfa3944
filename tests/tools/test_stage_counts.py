#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""stage_counts.py on made-up stage output: what it counts and how it judges.

Each case writes a meson JSON log or a stage log as the real ones look,
runs the script as tests/run-all.sh and test-meson.sh do, and checks its
lines.  Usage: test_stage_counts.py <stage_counts.py>
"""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = sys.argv[1]
WORK = tempfile.mkdtemp(prefix="stage-counts-")
failures = []


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
    return path


def run(*args):
    done = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                          text=True, check=False)
    return done.returncode, done.stdout.splitlines()


def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: got {got!r}, want {want!r}")


CMOCKA = """[==========] Running 3 test(s).
[ RUN      ] test_a
[       OK ] test_a
[ RUN      ] test_b
SKIP: no buckets here
[  SKIPPED ] test_b
[ RUN      ] test_c
[       OK ] test_c
[==========] 3 test(s) run.
[  PASSED  ] 2 test(s).
[  SKIPPED ] 1 test(s), listed below:
[  SKIPPED ] test_b

 1 SKIPPED TEST(S)
"""
TEARDOWN = """[==========] Running 1 test(s).
[ RUN      ] test_x
[       OK ] test_x
[  FAILED  ] GROUP TEARDOWN
[==========] 1 test(s) run.
[  PASSED  ] 1 test(s).
"""
tests = [
    {"name": "libslab:integration / caches", "result": "OK", "stdout": CMOCKA},
    {"name": "libslab:tools / kernel_slabinfo", "result": "SKIP",
     "stdout": "SKIP: not root: a mount namespace needs root\n"},
    {"name": "libslab:tools / plain", "result": "OK", "stdout": ""},
    {"name": "libslab:tools / broken", "result": "FAIL", "stdout": "oops\n"},
    {"name": "libslab:shim / order", "result": "FAIL", "stdout": TEARDOWN},
]
log = write("testlog.json", "".join(json.dumps(t) + "\n" for t in tests))
status, lines = run("meson", log)
expect("meson: exit", status, 0)
# caches: 2 cases and a skip; plain: 1; order: 1 case passed, then its
# teardown failed; broken: 1 failed.
expect("meson: lines", lines, [
    "SKIP: caches test_b: no buckets here",
    "SKIP: kernel_slabinfo: not root: a mount namespace needs root",
    "4 passed, 2 failed, 2 skipped",
])

# The same skips in a stage that failed nothing.
stage_log = write("default.log", "\n".join(lines[:-1]) +
                  "\n4 passed, 0 failed, 2 skipped\ntest-meson: PASS\n")
allowed = write("allowed.txt", "# comment\n\n"
                "* caches test_b — the variant has no buckets\n"
                "default kernel_slabinfo — made up for this test\n")
only_one = write("only-one.txt", "* caches test_b — the variant has no buckets\n")
status, lines = run("stage", "default", "0", stage_log, allowed)
expect("stage, both skips allowed", lines[-1], "PASS 4 0 2")
status, lines = run("stage", "default", "0", stage_log, only_one)
expect("stage, a skip not listed", lines[-1], "FAIL 4 0 2")
expect("stage, the unlisted skip is named",
       any("kernel_slabinfo" in line and "NOT in" in line for line in lines), True)
status, lines = run("stage", "asan", "0", stage_log, allowed)
expect("stage, allowed for another stage only", lines[-1], "FAIL 4 0 2")

every_skipped = write("every.log", "SKIP: suite_a: no tarball\nSKIP: suite_b: no tarball\n"
                      "0 passed, 0 failed, 2 skipped\n")
both = write("both.txt", "radix-tree suite_a — r\nradix-tree suite_b — r\n")
status, lines = run("stage", "radix-tree", "0", every_skipped, both)
expect("stage, every check skipped", lines[-1], "SKIP 0 0 2")

silent = write("silent.log", "cppcheck: no report\n")
status, lines = run("stage", "static", "0", silent, both)
expect("stage without a counts line, exit 0", lines[-1], "PASS 1 0 0")
status, lines = run("stage", "static", "2", silent, both)
expect("stage without a counts line, exit 2", lines[-1], "FAIL 0 1 0")
clean = write("clean.log", "3 passed, 0 failed, 0 skipped\n")
status, lines = run("stage", "kernel", "1", clean, both)
expect("stage exiting 1 with no failure counted", lines[-1], "FAIL 3 1 0")
unnamed = write("unnamed.log", "3 passed, 0 failed, 1 skipped\n")
status, lines = run("stage", "kernel", "0", unnamed, both)
expect("stage counting a skip it does not name", lines[-1], "FAIL 3 1 1")

kernel = write("kernel.log", "SKIP: slub_test.test_kfree_rcu [x86_64 on libslab (replacement mode)]: "
               "can't do kfree_rcu() when test is built-in\n1 passed, 0 failed, 1 skipped\n")
kernel_list = write("kernel.txt", "kernel slub_test.test_kfree_rcu [*] — built in\n")
status, lines = run("stage", "kernel", "0", kernel, kernel_list)
expect("stage, a skip allowed in any step", lines[-1], "PASS 1 0 1")
other_case = write("kernel2.txt", "kernel slub_test.test_kmalloc* [*] — made up\n")
status, lines = run("stage", "kernel", "0", kernel, other_case)
expect("stage, a pattern that does not match", lines[-1], "FAIL 1 0 1")

bad_list = write("bad.txt", "default kernel_slabinfo - a hyphen, not the dash\n")
status, lines = run("stage", "default", "0", stage_log, bad_list)
expect("a malformed allowed list: exit", status, 1)

for failure in failures:
    print(f"FAIL: {failure}")
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
