#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Mutation testing of the differential oracle: does it see a change?

    mutate.py [--work DIR] [--list | --check] [ID...]

For each mutation of mutations.txt (beside this script), or of the IDs
named: apply it to a scratch copy of the repository (DIR/tree, never the
repository itself), rebuild libslab's side of the oracle there (one build
directory, DIR/build, incremental), run it for every run of variants.txt
against the kernel's observations kept in expected/ (compare.py; no QEMU)
and say what killed it: a compared difference (a run's observations or
console differ from the kernel's), a crash (oracle_user ended with a
non-zero status or a signal, and what it printed before showed no
difference) or a timeout (a run did not end in RUN_TIMEOUT seconds); or
SURVIVED when every run passes.  The runs go on after a crash or a
timeout, for a difference in a later one.  Prints a table, the number
killed each way and the kill rate, which counts kills by a difference
alone: a crash or a hang says that libslab broke, not that the oracle saw
how it differs from 6.12.

A mutation that mutations.txt gives a "survives" reason (why no scenario
of the oracle can see it on 6.12) is expected to survive: it counts as
explained, and fails the script if it is killed after all (the reason went
stale).

--list prints the mutations; --check only checks mutations.txt against the
tree (its records, a mutation for every src/*.c file, each pattern found
once), as the meson test oracle-mutations does, without building.

Exit status: 0 when every mutation is killed (in any of the three ways:
each fails the meson suite oracle) or explained, 1 when one survives
unexplained or an explained one is killed, 2 on bad input (a pattern that
matches no line or more than one, a mutation that does not build, a
src/*.c file with no mutation, an oracle that fails unmutated).
DIR defaults to $LIBSLAB_MUTATE_DIR or /tmp/libslab-mutate.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TARGETS = {"host": "tests/oracle/oracle_user", "tiny": "tests/oracle/oracle_user_tiny",
           "hardening": "tests/oracle/oracle_user"}
# The builds whose runs compare only what the boot's seed does not decide.
SEEDED_BUILDS = {"hardening"}
KEYS = ("id", "file", "find", "into", "why", "survives")
# A run that loops or hangs is killed by a timeout: the kernel side finished.
RUN_TIMEOUT = 120
# compare.py's exit status for a difference and for a crash of oracle_user
# with no difference before it.
DIFFERENCE, CRASH = 1, 3


def fail(message, status=2):
    print(f"mutate: {message}", file=sys.stderr)
    sys.exit(status)


def read_mutations(path):
    """The records of mutations.txt: "key: value" lines, blank-separated."""
    records, record = [], {}
    with open(path) as f:
        lines = f.read().splitlines() + [""]
    for n, line in enumerate(lines, 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if record:
                records.append(record)
                record = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep or key not in KEYS or key in record:
            fail(f"{path}:{n}: want one '<key>: <value>' of {', '.join(KEYS)} per line")
        if not record:
            record["line"] = n
        record[key] = value
    seen = set()
    for r in records:
        missing = [k for k in KEYS[:5] if k not in r]
        if missing:
            fail(f"{path}:{r['line']}: mutation lacks {', '.join(missing)}")
        if r["id"] in seen:
            fail(f"{path}:{r['line']}: mutation id {r['id']} used twice")
        seen.add(r["id"])
        if r["find"] == r["into"]:
            fail(f"{path}:{r['line']}: mutation {r['id']} changes nothing")
    return records


def read_runs():
    """[(name, LIBSLAB_CMDLINE, parts, build)] of variants.txt, as meson.build reads it."""
    machines, runs = {}, []
    with open(os.path.join(HERE, "variants.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split("|")]
            if fields[0] == "machine":
                machines["host"] = fields[1]
            elif fields[0].startswith("machine-"):
                machines[fields[0][len("machine-"):]] = fields[1]
            else:
                runs.append(fields)
    out = []
    for name, params, parts, build in runs:
        parts = ["geometry", "kmalloc", "behaviour"] if parts == "all" else parts.split()
        out.append((name, f"{machines[build]} {params}".strip(), parts, build))
    return out


def copy_tree(tree):
    """The repository's files (as in its work tree) into tree; only the changed
    ones are written, so the build there stays incremental."""
    files = subprocess.run(["git", "-C", REPO, "ls-files", "-z"], check=True,
                           stdout=subprocess.PIPE).stdout.decode().split("\0")
    for rel in filter(None, files):
        src, dst = os.path.join(REPO, rel), os.path.join(tree, rel)
        if not os.path.isfile(src):
            continue
        with open(src, "rb") as f:
            data = f.read()
        if os.path.isfile(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)


def build(build_dir):
    """Rebuild both oracle_user programs; the build's output on failure."""
    run = subprocess.run(["ninja", "-C", build_dir, "-j2"] + list(TARGETS.values()),
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return None if run.returncode == 0 else run.stdout


def compare(cmd, env):
    """compare.py's exit status and output, or None when it did not end in
    RUN_TIMEOUT seconds; then it and oracle_user, its child, are killed."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace", start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    return proc.returncode, out


def oracle(tree, build_dir, runs):
    """What killed a mutation: ("difference"|"crash"|"timeout", run, line),
    the first difference, else the first crash or timeout; None if every
    run passes."""
    oracle_dir = os.path.join(tree, "tests", "oracle")
    first_failure = None
    for name, cmdline, parts, variant in runs:
        seeded = ["--seeded"] if variant in SEEDED_BUILDS else []
        cmd = [sys.executable, os.path.join(oracle_dir, "compare.py")] + seeded + [
               os.path.join(oracle_dir, "expected", name + ".txt"),
               os.path.join(oracle_dir, "allow.txt"), "--",
               os.path.join(build_dir, TARGETS[variant])] + parts
        env = dict(os.environ, LIBSLAB_CMDLINE=cmdline, ORACLE_DIFF_LIMIT="1")
        result = compare(cmd, env)
        if result is None:
            first_failure = first_failure or ("timeout", name, f"no end after {RUN_TIMEOUT} s")
            continue
        status, out = result
        if status == 0:
            continue
        lines = out.splitlines()
        if status == DIFFERENCE:
            shown = [x for x in lines if x.startswith(("DIFF", "CONSOLE"))]
            return "difference", name, (shown or lines or [""])[0]
        if status == CRASH:
            shown = [x for x in lines if x.startswith("oracle: FAIL: ")]
            first_failure = first_failure or ("crash", name, (shown or lines or [""])[-1])
            continue
        fail(f"compare.py exited {status} on run {name}: {(lines or [''])[-1]}")
    return first_failure


def read_target(root, m):
    """The text of m's file under root, checked to hold m's pattern once."""
    path = os.path.join(root, m["file"])
    if not os.path.isfile(path):
        fail(f"mutation {m['id']}: no file {m['file']}")
    with open(path) as f:
        text = f.read()
    hits = [n for n, line in enumerate(text.split("\n"), 1) if m["find"] in line]
    if len(hits) != 1 or text.count(m["find"]) != 1:
        where = "no line" if not hits else f"{len(hits)} lines ({', '.join(map(str, hits))})"
        fail(f"mutation {m['id']}: '{m['find']}' matches {where} of {m['file']}, not one")
    return text


def apply(tree, m):
    """Mutate m's file in tree; its original text."""
    text = read_target(tree, m)
    with open(os.path.join(tree, m["file"]), "w") as f:
        f.write(text.replace(m["find"], m["into"]))
    return text


def restore(tree, m, text):
    with open(os.path.join(tree, m["file"]), "w") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", default=os.environ.get("LIBSLAB_MUTATE_DIR",
                                                         "/tmp/libslab-mutate"))
    parser.add_argument("--list", action="store_true", help="print the mutations and exit")
    parser.add_argument("--check", action="store_true",
                        help="check mutations.txt against the tree and exit")
    parser.add_argument("ids", nargs="*", help="run only these mutations")
    args = parser.parse_args()

    mutations = read_mutations(os.path.join(HERE, "mutations.txt"))
    covered = {m["file"] for m in mutations}
    for path in sorted(os.listdir(os.path.join(REPO, "src"))):
        if path.endswith(".c") and "src/" + path not in covered:
            fail(f"mutations.txt has no mutation of src/{path}")
    if args.list:
        for m in mutations:
            print(f"{m['id']:28s} {m['file']:22s} {m['why']}")
        return 0
    unknown = set(args.ids) - {m["id"] for m in mutations}
    if unknown:
        fail(f"no mutation {', '.join(sorted(unknown))} in mutations.txt")
    if args.ids:
        mutations = [m for m in mutations if m["id"] in args.ids]
    # Every pattern, before any build: a stale one is an error, never a skip.
    for m in mutations:
        read_target(REPO, m)
    if args.check:
        print(f"mutate: {len(mutations)} mutations, each pattern found once")
        return 0

    t0 = time.time()
    tree, build_dir = os.path.join(args.work, "tree"), os.path.join(args.work, "build")
    os.makedirs(tree, exist_ok=True)
    copy_tree(tree)
    if not os.path.isfile(os.path.join(build_dir, "build.ninja")):
        subprocess.run(["meson", "setup", build_dir, tree], check=True,
                       stdout=subprocess.DEVNULL)
    runs = read_runs()
    error = build(build_dir)
    if error:
        print(error[-3000:])
        fail("the unmutated tree does not build")
    failed = oracle(tree, build_dir, runs)
    if failed:
        fail(f"the oracle fails without a mutation: {failed[0]} in run {failed[1]}: {failed[2]}")
    print(f"mutate: unmutated oracle passes its {len(runs)} runs "
          f"({time.time() - t0:.0f} s with the build)")

    results = []
    for m in mutations:
        t1 = time.time()
        original = apply(tree, m)
        try:
            error = build(build_dir)
            failed = None if error else oracle(tree, build_dir, runs)
        finally:
            restore(tree, m, original)
        if error:
            print(error[-3000:])
            fail(f"mutation {m['id']} does not build")
        results.append((m, failed))
        verdict = f"killed by a {failed[0]} in run {failed[1]}: {failed[2]}" if failed else "SURVIVED"
        print(f"mutate: {m['id']}: {verdict} ({time.time() - t1:.0f} s)", flush=True)
    # Leave the scratch build as unmutated as its tree.
    build(build_dir)

    print()
    print(f"{'mutation':28s} {'file':22s} {'result':36s} why")
    bad = 0
    for m, failed in results:
        if failed:
            result = f"{failed[0]} ({failed[1]})"
            if "survives" in m:
                result += " UNEXPECTED"
                bad += 1
        elif "survives" in m:
            result = "survived, explained"
        else:
            result = "SURVIVED"
            bad += 1
        print(f"{m['id']:28s} {m['file']:22s} {result:36s} {m['why']}")
    by = {kind: sum(1 for _, failed in results if failed and failed[0] == kind)
          for kind in ("difference", "crash", "timeout")}
    survived = sum(1 for _, failed in results if not failed)
    for m, failed in results:
        if not failed and "survives" in m:
            print(f"survives {m['id']}: {m['survives']}")
    print(f"mutate: {len(results)} mutations: killed by a difference {by['difference']} "
          f"({100.0 * by['difference'] / max(len(results), 1):.0f}%, the kill rate), "
          f"by a crash {by['crash']}, by a timeout {by['timeout']}; "
          f"{survived} survived, {bad} unexplained; {time.time() - t0:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
