#!/usr/bin/env python3
"""Turn bench/run-bench.sh's microbench results into the ratio table on
stdout, the "Microbenchmarks" section of docs/perf.md and its gnuplot
plots.  Every input line is "test<TAB>size<TAB>metric<TAB>value"; a file
per allocator and round (<name>.<round>.tsv) plus <name>.count.tsv."""

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
from collections import defaultdict

PEERS = ["glibc", "jemalloc", "mimalloc", "tcmalloc"]
BEGIN = "<!-- microbenchmarks: begin (bench/run-bench.sh rewrites this section) -->"
END = "<!-- microbenchmarks: end -->"


def load(results, names):
    """{name: {(test, size, metric): median over rounds}}, and the spread."""
    data, spread = {}, {}
    for name in names:
        samples = defaultdict(list)
        for fname in sorted(os.listdir(results)):
            part = fname[len(name) + 1:-len(".tsv")]
            if not fname.startswith(name + ".") or not fname.endswith(".tsv") or \
                    not (part == "count" or part.isdigit()):
                continue
            with open(os.path.join(results, fname)) as f:
                for line in f:
                    test, size, metric, value = line.rstrip("\n").split("\t")
                    samples[(test, int(size), metric)].append(float(value))
        if not samples:
            sys.exit(f"report.py: no results for {name}")
        data[name] = {k: statistics.median(v) for k, v in samples.items()}
        spread[name] = {k: (min(v), max(v)) for k, v in samples.items()}
    return data, spread


def command(*argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def package_version(pkg):
    return command("dpkg-query", "-W", "-f=${Version}", pkg)


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/loadavg") as f:
        load_avg = " ".join(f.read().split()[:3])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return [
        ("CPU", f"{model}, {os.cpu_count()} logical cores"),
        ("Kernel", platform.release()),
        ("Load average at the end", load_avg),
        ("Compiler", command("gcc", "--version").splitlines()[0]),
        ("glibc", package_version("libc6")),
        ("jemalloc", package_version("libjemalloc2")),
        ("mimalloc", package_version("libmimalloc2.0")),
        ("tcmalloc (gperftools, minimal)", package_version("libtcmalloc-minimal4")),
        ("valgrind", command("valgrind", "--version")),
        ("libslab", command("git", "-C", root, "describe", "--always", "--dirty")),
    ]


def fmt(v):
    if v is None:
        return "–"
    return f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def ratio(a, b):
    return None if a is None or not b else a / b


def sizes_of(data, test, metric):
    return sorted({k[1] for d in data.values() for k in d if k[0] == test and k[2] == metric})


def table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---:" if i else ":---" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def plot(docs, stem, title, ylabel, columns, rows, logx=True):
    """A PNG from rows of (x, values...) with one line per column."""
    os.makedirs(os.path.join(docs, "perf"), exist_ok=True)
    dat = os.path.join(docs, "perf", stem + ".dat")
    with open(dat, "w") as f:
        f.write("# x " + " ".join(columns) + "\n")
        for r in rows:
            f.write(" ".join("NaN" if v is None else str(v) for v in r) + "\n")
    script = [
        "set terminal pngcairo size 900,540 noenhanced",
        f"set output '{os.path.join(docs, 'perf', stem + '.png')}'",
        f"set title '{title}'",
        "set xlabel 'object size (bytes)'",
        f"set ylabel '{ylabel}'",
        "set logscale y",
        "set key outside right",
        "set grid",
    ]
    if logx:
        script.append("set logscale x 2")
    plots = [f"'{dat}' using 1:{i + 2} with linespoints title '{c}'"
             for i, c in enumerate(columns)]
    script.append("plot " + ", ".join(plots))
    subprocess.run(["gnuplot"], input="\n".join(script), text=True, check=True)
    os.remove(dat)
    return f"perf/{stem}.png"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--docs", required=True)
    ap.add_argument("--rounds", type=int, required=True)
    ap.add_argument("--iters", type=int, required=True)
    ap.add_argument("--configs", required=True,
                    help="name|LIBSLAB_CMDLINE entries separated by ';'")
    args = ap.parse_args()

    configs = [c.split("|", 1) for c in args.configs.split(";") if c]
    names = [c[0] for c in configs]
    slabs = [n for n in names if n not in PEERS]
    data, spread = load(args.results, names)

    def get(name, test, size, metric):
        return data[name].get((test, size, metric))

    md = [BEGIN, "## Microbenchmarks", ""]
    md += [
        "Measured by `bash bench/run-bench.sh`, which rewrote this section. Every",
        "allocator ran in the same run: the peers are glibc's malloc and, put in",
        "front of it with `LD_PRELOAD`, jemalloc, mimalloc and tcmalloc;",
        "`bench/microbench` drives them through malloc/free and libslab through",
        "kmem_cache_alloc/free on a cache of each size (`libslab-cache`) and",
        "kmalloc/kfree (`libslab-kmalloc`); `libslab-fast` is that cache on",
        "the libslab-fast library (no simulation hooks, no stat counters) in",
        "its default placement, `cpu_map=getcpu`, where its per-CPU commits",
        "are restartable sequences instead of `lock cmpxchg16b` (callgrind",
        "cannot run those: its instruction count is of the locked commit, the",
        "one valgrind gets), and `libslab-fast-locked` the same with",
        "`cpu_map=rr`, the locked commit every other build makes.",
        "`libslab-hardened` is the cache",
        "with `slab_freelist_hardened=on slab_freelist_random=on init_on_alloc=1",
        "init_on_free=1`; `libslab-debug` is the cache with `slub_debug=FZPU`",
        f"(run for 1/40 of the iterations).  {args.rounds} rounds, each running every",
        "allocator once in turn, each test in a process of its own (no test's",
        "threads change the next one's conditions), each timing the median of",
        f"3 repetitions of {args.iters} operations; the tables give the median",
        "over the rounds.",
        "The machine is shared with other jobs while this runs, so single",
        "timings are noisy: compare ratios within one run, not numbers across",
        "runs.  The raw results of every round stay in build/release/bench-results/.",
        "Instruction counts under callgrind are exact.",
        "",
        "Machine and versions:",
        "",
    ]
    md += [f"* {k}: {v}" for k, v in machine()]
    md.append("")

    main_rows, stdout = [], []
    pair_sizes = sizes_of(data, "pair", "ns_per_pair")
    # Ratio table: libslab configurations against each peer.
    header = ["test", "libslab config"] + [f"÷ {p}" for p in PEERS]

    def ratio_rows(test, metric, label, sizes):
        rows = []
        for size in sizes:
            for s in slabs:
                v = get(s, test, size, metric)
                if v is None:
                    continue
                rows.append([f"{label} {size} B", s] +
                            [fmt(ratio(v, get(p, test, size, metric))) for p in PEERS])
        return rows

    main_rows += ratio_rows("pair", "ns_per_pair", "alloc+free pair", [s for s in pair_sizes if s in (8, 64, 256, 1024, 4096, 8192)])
    main_rows += ratio_rows("batch", "ns_per_pair", "batch of 1000", [64, 1024])
    main_rows += ratio_rows("remote", "ns_per_object", "remote free", [64])
    main_rows += ratio_rows("scatter", "ns_per_object", "pointer-heavy", [64])
    main_rows += ratio_rows("footprint", "rss_kib", "footprint (RSS)", [64])
    main_rows += ratio_rows("count", "instr_per_pair", "instructions/pair", [64, 1024])

    md += ["### Ratios (libslab ÷ peer, below 1 means libslab is faster or smaller)", ""]
    md += table(header, main_rows)
    md.append("")
    stdout += ["Ratios, libslab / peer (measured in this run):"]
    stdout += ["  ".join(f"{c:>22}" if i < 2 else f"{c:>12}" for i, c in enumerate(header))]
    stdout += ["  ".join(f"{c:>22}" if i < 2 else f"{c:>12}" for i, c in enumerate(r)) for r in main_rows]

    # Raw tables.
    def raw(test, metric, title, unit):
        sizes = sizes_of(data, test, metric)
        cols = [n for n in names if any(get(n, test, s, metric) is not None for s in sizes)]
        rows = [[str(s)] + [fmt(get(n, test, s, metric)) for n in cols] for s in sizes]
        return cols, sizes, [f"### {title} ({unit})", ""] + table(["size"] + cols, rows) + [""]

    cols, sizes, text = raw("pair", "ns_per_pair", "Alloc+free pairs", "ns per pair")
    md += text
    png = plot(args.docs, "pairs", "alloc+free pair", "ns per pair",
               cols, [[s] + [get(n, "pair", s, "ns_per_pair") for n in cols] for s in sizes])
    md += [f"![alloc+free pairs]({png})", ""]
    floor = get("libslab-cache", "floor", 16, "two_cmpxchg16b_ns")
    md += [f"Two locked `cmpxchg16b` on one 16-byte pair, timed in the same run: "
           f"**{fmt(floor)} ns**. That is what the commits of a libslab alloc+free "
           "pair cost on their own where they must be locked, with more than one "
           "thread; these single-threaded pairs commit by restartable sequence "
           "instead (see \"The fast path and the slow path\").", ""]
    stdout.insert(0, f"Floor: two locked cmpxchg16b = {fmt(floor)} ns per pair\n")
    cols, sizes, text = raw("batch", "ns_per_pair", "Batches: alloc 1000, then free them", "ns per pair")
    md += text
    png = plot(args.docs, "batches", "alloc 1000 then free 1000", "ns per pair",
               cols, [[s] + [get(n, "batch", s, "ns_per_pair") for n in cols] for s in sizes])
    md += [f"![batches]({png})", ""]

    # Bulk against loop, libslab only.
    bulk_sizes = sizes_of(data, "bulk", "bulk_alloc_ns")
    metrics = ["loop_alloc_ns", "bulk_alloc_ns", "loop_free_ns", "bulk_free_ns"]
    rows = []
    for s in bulk_sizes:
        for n in slabs:
            vals = [get(n, "bulk", s, m) for m in metrics]
            if vals[0] is None:
                continue
            rows.append([str(s), n] + [fmt(v) for v in vals] +
                        [fmt(ratio(vals[1], vals[0])), fmt(ratio(vals[3], vals[2]))])
    md += ["### Bulk API against a loop of single calls (ns per object, 1000 objects)", ""]
    md += table(["size", "config", "loop alloc", "bulk alloc", "loop free", "bulk free",
                 "bulk÷loop alloc", "bulk÷loop free"], rows)
    md.append("")
    png = plot(args.docs, "bulk", "libslab-cache: bulk API against a loop (1000 objects)",
               "ns per object", ["loop alloc", "bulk alloc", "loop free", "bulk free"],
               [[s] + [get("libslab-cache", "bulk", s, m) for m in metrics] for s in bulk_sizes])
    md += [f"![bulk against loop]({png})", ""]

    rows = [[n, fmt(get(n, "remote", 64, "ns_per_object")),
             fmt(ratio(get(n, "remote", 64, "ns_per_object"),
                       get("mimalloc", "remote", 64, "ns_per_object")))] for n in names]
    md += ["### Producer/consumer: one thread allocates 64 B objects, another frees them", "",
           "libslab's two threads run on different simulated CPUs, so every free is",
           "a remote free (`__slab_free`).", ""]
    md += table(["allocator", "ns per object", "÷ mimalloc"], rows) + [""]

    rows = [[n, fmt(get(n, "scatter", 64, "ns_per_object")),
             fmt(ratio(get(n, "scatter", 64, "ns_per_object"),
                       get("mimalloc", "scatter", 64, "ns_per_object")))] for n in names]
    md += ["### Pointer-heavy: 1M objects of 64 B allocated and written, then freed in random order", "",
           "CPU time of the thread per object, allocation and free together (the",
           "shuffle is not timed).",
           "Most of libslab's frees land on a slab that is not the CPU's own, so they",
           "take `__slab_free`'s path, and slabs emptied on the way are discarded.", ""]
    md += table(["allocator", "ns per object", "÷ mimalloc"], rows) + [""]

    rows = []
    for n in names:
        rows.append([n, fmt(get(n, "footprint", 64, "live_kib")),
                     fmt(get(n, "footprint", 64, "rss_kib")),
                     fmt(get(n, "footprint", 64, "slab_kib"))])
    md += ["### Footprint: 1M objects of 64 B allocated, every other one freed (KiB)", "",
           "Resident memory growth of the process; for libslab also the slab pages",
           "its caches hold.  Freeing every other object frees no slab and no page,",
           "so both SLUB and the peers keep about the memory of all 1M objects.", ""]
    md += table(["allocator", "live bytes", "RSS growth", "slab pages"], rows) + [""]

    count_sizes = sizes_of(data, "count", "instr_per_pair")
    md += ["### Instructions per alloc+free pair (callgrind)", "",
           "`valgrind --tool=callgrind` counts N and 2N pairs; (I(2N) − I(N)) / N.",
           "\"allocator\" leaves out the benchmark loop's own instructions",
           "(`run_pairs()`, about 20 a pair).", ""]
    md += table(["allocator"] + [f"{s} B{extra}" for s in count_sizes
                                 for extra in ("", ", allocator")],
                [[n] + [fmt(get(n, "count", s, metric)) for s in count_sizes
                        for metric in ("instr_per_pair", "allocator_instr_per_pair")]
                 for n in names]) + [""]

    # Targets.
    checks = []
    for s in pair_sizes:
        cache = get("libslab-cache", "pair", s, "ns_per_pair")
        mi = get("mimalloc", "pair", s, "ns_per_pair")
        gl = get("glibc", "pair", s, "ns_per_pair")
        checks.append((f"pair {s} B: kmem_cache ≤ 1.5 × mimalloc "
                       f"({fmt(cache)} vs {fmt(mi)} ns, ×{fmt(ratio(cache, mi))})",
                       cache <= 1.5 * mi))
        checks.append((f"pair {s} B: kmem_cache < glibc ({fmt(cache)} vs {fmt(gl)} ns)",
                       cache < gl))
    for s in bulk_sizes:
        loop = get("libslab-cache", "bulk", s, "loop_alloc_ns")
        bulk = get("libslab-cache", "bulk", s, "bulk_alloc_ns")
        checks.append((f"bulk {s} B: bulk alloc < loop alloc per object "
                       f"({fmt(bulk)} vs {fmt(loop)} ns)", bulk < loop))
    # Issue 17's targets: the fast path near the hardware floor, the slow path.
    def target(text, value, limit, unit=""):
        if value is None or limit is None:
            checks.append((f"{text}: not measured", False))
        else:
            checks.append((f"{text} ({fmt(value)}{unit} vs {fmt(limit)}{unit})",
                           value <= limit))

    def times(peer, test, size, metric, factor):
        v = get(peer, test, size, metric)
        return None if v is None else factor * v

    target("instructions 64 B pair, libslab-cache allocator ≤ 200",
           get("libslab-cache", "count", 64, "allocator_instr_per_pair"), 200)
    target("instructions 64 B pair, libslab-fast allocator ≤ 80",
           get("libslab-fast", "count", 64, "allocator_instr_per_pair"), 80)
    fast_pair = get("libslab-fast", "pair", 64, "ns_per_pair")
    target("pair 64 B: libslab-fast ≤ 1.0 × mimalloc", fast_pair,
           times("mimalloc", "pair", 64, "ns_per_pair", 1.0), " ns")
    target("pair 64 B: libslab-fast ≤ 1.5 × tcmalloc", fast_pair,
           times("tcmalloc", "pair", 64, "ns_per_pair", 1.5), " ns")
    for fast in ("libslab-fast", "libslab-fast-locked"):
        target(f"pointer-heavy 64 B: {fast} ≤ 2 × mimalloc",
               get(fast, "scatter", 64, "ns_per_object"),
               times("mimalloc", "scatter", 64, "ns_per_object", 2.0), " ns")
        target(f"producer/consumer 64 B: {fast} ≤ 1.5 × mimalloc",
               get(fast, "remote", 64, "ns_per_object"),
               times("mimalloc", "remote", 64, "ns_per_object", 1.5), " ns")
    met = sum(ok for _, ok in checks)
    md += [f"### Performance targets: {met} of {len(checks)} met in this run", ""]
    md += [f"* {'met' if ok else '**missed**'}: {text}" for text, ok in checks]
    md += ["", "See \"The fast path and the slow path\" below for what profiling showed.",
           END]
    stdout += ["", f"Targets: {met} of {len(checks)} met"]
    stdout += [f"  {'met   ' if ok else 'MISSED'}  {text}" for text, ok in checks]

    path = os.path.join(args.docs, "perf.md")
    section = "\n".join(md) + "\n"
    if os.path.exists(path):
        old = open(path).read()
        m = re.search(re.escape(BEGIN) + ".*?" + re.escape(END) + "\n?", old, re.S)
        new = old[:m.start()] + section + old[m.end():] if m else old.rstrip("\n") + "\n\n" + section
    else:
        new = "# Performance\n\n" + section
    with open(path, "w") as f:
        f.write(new)
    print("\n".join(stdout))
    print(f"\nWrote {path} and its plots in {os.path.join(args.docs, 'perf')}/", file=sys.stderr)


if __name__ == "__main__":
    main()
