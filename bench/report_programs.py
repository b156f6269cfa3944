#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarise bench/real-programs.sh's results: the median time and peak RSS
of every program under every allocator, and libslab's ratios to each peer.
Prints the table and rewrites the "Real programs" section of docs/perf.md.

Usage: report_programs.py --results FILE.tsv --docs DIR --rounds N
"""
import argparse
import os
import re
import statistics
import sys

BEGIN = "<!-- real-programs: begin (bench/run-bench.sh rewrites this section) -->"
END = "<!-- real-programs: end -->"
ALLOCATORS = ["glibc", "jemalloc", "mimalloc", "tcmalloc", "libslab"]


def load(path):
    """{(program, allocator): ([elapsed s], [CPU s], [rss KiB])} from the TSV lines."""
    runs = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) != 5:
                sys.exit(f"report_programs.py: malformed line in {path}: {line!r}")
            program, alloc, elapsed, cpu, rss = fields
            e, c, m = runs.setdefault((program, alloc), ([], [], []))
            e.append(float(elapsed))
            c.append(float(cpu))
            m.append(int(rss))
    return runs


def fmt(v, digits):
    return "–" if v is None else f"{v:.{digits}f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--docs", required=True)
    ap.add_argument("--rounds", type=int, required=True)
    args = ap.parse_args()

    runs = load(args.results)
    programs = sorted({p for p, _ in runs})
    if not programs:
        sys.exit(f"report_programs.py: no results in {args.results}")
    median = {k: [statistics.median(v) for v in vals] for k, vals in runs.items()}

    header = ["program", "allocator", "elapsed (s)", "CPU (s)", "peak RSS (MiB)",
              "libslab's CPU ÷", "libslab's RSS ÷"]
    rows = []
    for p in programs:
        slab = median.get((p, "libslab"))
        for a in ALLOCATORS:
            v = median.get((p, a))
            if v is None:
                continue
            rows.append([p, a, fmt(v[0], 2), fmt(v[1], 2), fmt(v[2] / 1024, 1),
                         fmt(slab[1] / v[1] if slab else None, 2),
                         fmt(slab[2] / v[2] if slab else None, 2)])

    md = [BEGIN, "## Real programs", "",
          "Measured by `bash bench/run-bench.sh` (`bench/real-programs.sh`), which",
          "rewrote this section.  Unmodified programs run with `libslab-malloc.so`",
          "(docs/malloc.md) in `LD_PRELOAD`, and the same way with jemalloc, mimalloc",
          "and tcmalloc, and with glibc's malloc alone; every run exits 0 with the",
          "same output as under glibc.  `sqlite3` runs a generated workload on an",
          "in-memory database (400k rows built, indexed, grouped, sorted, joined,",
          "updated, deleted); `python3-tests` runs `python3 -m test test_dict",
          "test_list test_set test_json test_collections test_re` with",
          "`PYTHONMALLOC=malloc` (every object through malloc, not pymalloc's arenas).",
          "Elapsed time, CPU time (user + system) and peak RSS come from",
          f"`/usr/bin/time`; the table gives the median of {args.rounds} interleaved rounds",
          "on a shared machine, where the CPU time is the steadier figure.  The last",
          "two columns are libslab's figure over that allocator's (above 1: libslab",
          "is slower or larger).", ""]
    md += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    md += ["| " + " | ".join(r) + " |" for r in rows]
    md += ["", END]

    path = os.path.join(args.docs, "perf.md")
    old = open(path).read() if os.path.exists(path) else "# Performance\n"
    section = "\n".join(md) + "\n"
    m = re.search(re.escape(BEGIN) + ".*?" + re.escape(END) + "\n?", old, re.S)
    new = old[:m.start()] + section + old[m.end():] if m else old.rstrip("\n") + "\n\n" + section
    with open(path, "w") as f:
        f.write(new)

    print("Real programs (median time and peak RSS; ratios are libslab ÷ allocator):")
    print("  ".join(f"{h:>16}" for h in header))
    for r in rows:
        print("  ".join(f"{c:>16}" for c in r))
    print(f"Wrote the real-programs section of {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
