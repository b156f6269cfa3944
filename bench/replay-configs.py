#!/usr/bin/env python3
"""Replay one kmem trace under every configuration side by side: SLUB as
built, SLUB with the per-CPU partial lists off, the SLUB_TINY design,
SLUB with slub_debug, SLUB with larger slub_min_order, the SLOB-class
model, and the ideal (the live requested bytes).  Prints one table, writes
the plot of slab memory over the trace for each configuration (gnuplot),
and with --docs rewrites the replay section of docs/perf.md.

usage: replay-configs.py --bindir BUILD/bench [--trace FILE] [--out DIR]
                         [--cpus N] [--docs docs/perf.md]"""

import argparse
import os
import platform
import shutil
import subprocess
import sys

BEGIN = "<!-- replay: begin (bench/slabsim.sh rewrites this section) -->"
END = "<!-- replay: end -->"

# name, binary, extra arguments, extra boot parameters
CONFIGS = [
    ("SLUB (default)", "slabsim", [], ""),
    ("SLUB, cpu_partial=0", "slabsim", ["--cpu-partial-off"], ""),
    ("SLUB_TINY", "slabsim-tiny", [], ""),
    ("SLUB, slub_debug", "slabsim", [], "slub_debug"),
    ("SLUB, slub_min_order=1", "slabsim", [], "slub_min_order=1"),
    ("SLUB, slub_min_order=3", "slabsim", [], "slub_min_order=3"),
    ("SLOB model", "slabsim", ["--slob"], ""),
]


def run(args, name, binary, extra, cmdline, index):
    stem = os.path.join(args.out, f"config{index}")
    env = dict(os.environ, LIBSLAB_CMDLINE=f"nr_cpus={args.cpus} {cmdline}".strip())
    cmd = [os.path.join(args.bindir, binary), "replay", "--quiet", "--label", name,
           "--summary", stem + ".summary", "--series", stem + ".series", *extra, args.trace]
    with open(stem + ".log", "w") as log:
        p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    if p.returncode:
        with open(stem + ".log") as log:
            sys.stderr.write(log.read()[-3000:])
        sys.exit(f"replay-configs: {name} failed (exit {p.returncode}); log {stem}.log")
    with open(stem + ".summary") as f:
        fig = dict(line.rstrip("\n").split("\t", 1) for line in f)
    fig["series"] = stem + ".series"
    fig["log"] = stem + ".log"
    return fig


def pct(part, whole):
    return f"{100.0 * part / whole:.1f}" if whole else "-"


def ratio(value, ideal):
    return f"{value / ideal:.2f}" if ideal else "-"


def table(results):
    """Memory is slab pages plus the pages of large kmallocs (objects the
    slab does not serve differ between designs), against the ideal: the
    live requested bytes."""
    ideal_peak = int(results[0]["requested_peak_kib"])
    ideal_end = int(results[0]["requested_final_kib"])
    head = ["configuration", "peak KiB", "× ideal", "end KiB", "× ideal", "slab peak KiB",
            "end, in slabs: req/alloc/pages KiB", "alloc fast %", "free fast %", "ns/op"]
    rows = []
    for r in results:
        n = lambda k: int(r[k])
        rows.append([r["label"], n("total_peak_kib"), ratio(n("total_peak_kib"), ideal_peak),
                     n("total_final_kib"), ratio(n("total_final_kib"), ideal_end),
                     n("slab_peak_kib"),
                     f"{n('slab_requested_final_kib')}/{n('slab_allocated_final_kib')}/"
                     f"{n('slab_final_kib')}",
                     pct(n("alloc_fastpath"), n("alloc_fastpath") + n("alloc_slowpath")),
                     pct(n("free_fastpath"), n("free_fastpath") + n("free_slowpath")),
                     r["ns_per_op"]])
    rows.append(["ideal (live requested bytes)", ideal_peak, "1.00", ideal_end, "1.00",
                 "-", "-", "-", "-", "-"])
    return head, rows


def render_text(head, rows):
    cols = [[str(c) for c in col] for col in zip(head, *rows)]
    width = [max(len(c) for c in col) for col in cols]
    lines = []
    for i, row in enumerate([head] + rows):
        cells = [str(c).ljust(w) if j == 0 else str(c).rjust(w)
                 for j, (c, w) in enumerate(zip(row, width))]
        lines.append("  ".join(cells))
        if i == 0:
            lines.append("  ".join("-" * w for w in width))
    return "\n".join(lines)


def render_markdown(head, rows):
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def plot(args, results):
    if not shutil.which("gnuplot"):
        print("replay-configs: no gnuplot (apt-get install gnuplot-nox): no plot",
              file=sys.stderr)
        return None
    png = os.path.join(args.out, "replay-memory.png")
    lines = [f"'{r['series']}' using 1:3 with lines lw 2 title '{r['label']}'"
             for r in results]
    lines.append(f"'{results[0]['series']}' using 1:4 with lines lw 2 dt 2 lc rgb 'black' "
                 "title 'ideal (live requested)'")
    script = "\n".join([
        "set terminal pngcairo size 1000,600 noenhanced",
        f"set output '{png}'",
        f"set title 'Slab and large kmalloc pages over the trace: "
        f"{os.path.basename(args.trace)}'",
        "set xlabel 'slab event'", "set ylabel 'KiB'", "set key top left", "set grid",
        "plot " + ", \\\n     ".join(lines), ""])
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    return png


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def git_revision():
    p = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "describe",
                        "--always", "--dirty"], capture_output=True, text=True)
    return p.stdout.strip() or "(not a git checkout)"


def update_docs(args, head, rows, results, png):
    with open(args.docs) as f:
        text = f.read()
    images = os.path.join(os.path.dirname(args.docs), "perf")
    os.makedirs(images, exist_ok=True)
    md = [BEGIN, "",
          f"Measured by `bash bench/slabsim.sh --docs`, which rewrote this section: "
          f"`{os.path.relpath(args.trace, os.path.dirname(os.path.dirname(args.docs)))}`, "
          f"{results[0]['events']} slab events, replayed with `nr_cpus={args.cpus}` on "
          f"{cpu_model()} ({os.cpu_count()} logical cores), libslab {git_revision()}, "
          f"release build. Each configuration's full report (per-cache pages, every stat "
          f"counter) is in `build/replay/config*.log`.", "",
          render_markdown(head, rows), ""]
    if png:
        shutil.copy(png, os.path.join(images, "replay-memory.png"))
        md += ["![slab memory over the trace](perf/replay-memory.png)", ""]
    md.append(END)
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + "\n".join(md) + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n## Replay of the boot trace\n\n" + "\n".join(md) + "\n"
    with open(args.docs, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bindir", required=True, help="where slabsim and slabsim-tiny are")
    ap.add_argument("--trace", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "traces", "boot-x86_64.trace.xz"))
    ap.add_argument("--out", default="build/replay", help="summaries, series, logs, plot")
    ap.add_argument("--cpus", type=int, default=2, help="simulated CPUs (the capture's -smp)")
    ap.add_argument("--docs", help="rewrite the replay section of this docs/perf.md")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    results = []
    for i, (name, binary, extra, cmdline) in enumerate(CONFIGS):
        print(f"replay-configs: {name}", file=sys.stderr)
        results.append(run(args, name, binary, extra, cmdline, i))
    head, rows = table(results)
    counts = []
    with open(results[0]["log"]) as f:
        for line in f:
            if line.startswith("trace:") or (counts and line.startswith("  ")):
                counts.append(line)
            elif counts:
                break
    print(f"Replay of {args.trace} under {len(CONFIGS)} configurations\n")
    sys.stdout.write("".join(counts))
    print()
    print(render_text(head, rows))
    png = plot(args, results)
    if png:
        print(f"\nplot: {png}; per-configuration reports: {args.out}/config*.log")
    if args.docs:
        update_docs(args, head, rows, results, png)


if __name__ == "__main__":
    main()
