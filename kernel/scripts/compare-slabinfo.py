#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare-slabinfo.py [--explained FILE] [--markdown] STOCK LIBSLAB

Set the /proc/slabinfo of a kernel on libslab beside the stock SLUB one
of the same configuration and workload, cache by cache: the geometry
columns objsize (s->size), objperslab and pagesperslab must be equal,
and both kernels must list the same caches.

STOCK and LIBSLAB are text files, optionally xz-compressed: a dump of
capture-boot-trace.sh (its "slabinfo" section) or a console log of
run-replacement.sh.  The first "slabinfo - version: 2.1" block of each is
read: the header line, then every cache line up to the first line that
is not one.

FILE lists the differences that are understood, one a line:

    <cache> <field> <stock value> <libslab value> : <reason>
    <cache> only-stock : <reason>
    <cache> only-libslab : <reason>

where <field> is objsize, objperslab or pagesperslab.  Each entry names
one cache and carries its reason; a line starting with '#' is a
comment.  A difference
that is not listed, a listed one that did not occur (the entry is
stale), or an entry without a reason makes the comparison fail.

Prints the table (plain, or Markdown with --markdown) and a summary;
exits 0 when every difference is explained, 1 otherwise (the offending
caches and fields named on stderr), 2 on unreadable input.
"""
import argparse
import lzma
import re
import sys

FIELDS = ("objsize", "objperslab", "pagesperslab")
CACHE_LINE = re.compile(
    r"^(?P<name>\S+)\s+(?P<active>\d+)\s+(?P<num>\d+)\s+(?P<objsize>\d+)\s+"
    r"(?P<objperslab>\d+)\s+(?P<pagesperslab>\d+)\s+: tunables ")


def read_text(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] == b"\xfd7zXZ\x00":
        data = lzma.decompress(data)
    return data.decode("utf-8", "replace").replace("\r", "")


def parse_slabinfo(path):
    """Map cache name to its columns, from the first slabinfo block."""
    lines = read_text(path).split("\n")
    try:
        start = next(i for i, line in enumerate(lines)
                     if line.strip() == "slabinfo - version: 2.1")
    except StopIteration:
        raise ValueError(f"{path}: no 'slabinfo - version: 2.1' line")
    caches = {}
    for line in lines[start + 1:]:
        if line.startswith("# name"):
            continue
        m = CACHE_LINE.match(line)
        if not m:
            break
        name = m.group("name")
        if name in caches:
            raise ValueError(f"{path}: cache {name} listed twice")
        caches[name] = {k: int(m.group(k))
                        for k in ("active", "num") + FIELDS}
    if not caches:
        raise ValueError(f"{path}: the slabinfo block lists no cache")
    return caches


def parse_explained(path):
    """Map (cache, field) to (stock, libslab, reason); field may be
    only-stock or only-libslab, with no values."""
    explained = {}
    errors = []
    with open(path, encoding="utf-8") as f:
        for no, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            head, sep, reason = line.partition(" : ")
            reason = reason.strip()
            words = head.split()
            where = f"{path}:{no}"
            if not sep or not reason:
                errors.append(f"{where}: no reason (\"<entry> : <reason>\")")
                continue
            if len(words) == 2 and words[1] in ("only-stock", "only-libslab"):
                key, value = (words[0], words[1]), (None, None, reason)
            elif len(words) == 4 and words[1] in FIELDS and \
                    words[2].isdigit() and words[3].isdigit():
                key = (words[0], words[1])
                value = (int(words[2]), int(words[3]), reason)
            else:
                errors.append(f"{where}: not \"<cache> <field> <stock> <libslab>\" "
                              f"or \"<cache> only-stock|only-libslab\": {head.strip()}")
                continue
            if any(c in key[0] for c in "*?[]"):
                errors.append(f"{where}: {key[0]}: one cache per entry, no patterns")
                continue
            if key in explained:
                errors.append(f"{where}: {key[0]} {key[1]} listed twice")
                continue
            explained[key] = value
    return explained, errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stock")
    ap.add_argument("libslab")
    ap.add_argument("--explained", help="the file of understood differences")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()

    try:
        stock = parse_slabinfo(args.stock)
        lib = parse_slabinfo(args.libslab)
        explained, errors = parse_explained(args.explained) if args.explained else ({}, [])
    except (OSError, ValueError, lzma.LZMAError) as e:
        print(f"compare-slabinfo: {e}", file=sys.stderr)
        return 2

    used = set()
    failures = list(errors)
    rows = []
    n_equal = n_explained_diff = 0
    only = {"only-stock": [], "only-libslab": []}
    for name in sorted(set(stock) | set(lib), key=str.lower):
        s, l = stock.get(name), lib.get(name)
        if s is None or l is None:
            side = "only-stock" if l is None else "only-libslab"
            key = (name, side)
            if key in explained:
                used.add(key)
                verdict = f"{side}, explained"
            else:
                verdict = f"{side}, NOT EXPLAINED"
                failures.append(f"{name}: listed by the {side[5:]} kernel only")
            only[side].append(name)
            rows.append((name, s, l, verdict))
            continue
        diffs = [f for f in FIELDS if s[f] != l[f]]
        if not diffs:
            n_equal += 1
            rows.append((name, s, l, "equal"))
            continue
        notes = []
        for f in diffs:
            key = (name, f)
            entry = explained.get(key)
            if entry and entry[0] == s[f] and entry[1] == l[f]:
                used.add(key)
                notes.append(f"{f} explained")
            else:
                notes.append(f"{f} NOT EXPLAINED")
                want = f" (the entry says {entry[0]} and {entry[1]})" if entry else ""
                failures.append(f"{name}: {f} is {s[f]} on stock, {l[f]} on libslab{want}")
                if entry:
                    used.add(key)
        if all(n.endswith(" explained") for n in notes):
            n_explained_diff += 1
        rows.append((name, s, l, "; ".join(notes)))
    for key in sorted(set(explained) - used):
        failures.append(f"{key[0]} {key[1]}: an entry of {args.explained} that did not occur (stale)")

    def cell(c, f):
        return "-" if c is None else str(c[f])

    if args.markdown:
        print("| cache | objsize | objperslab | pagesperslab | objects | verdict |")
        print("|---|---|---|---|---|---|")
    else:
        print(f"{'cache':<28} {'objsize':>11} {'objperslab':>11} {'pagesperslab':>12} "
              f"{'objects':>13}  verdict")
        print(f"{'':<28} {'stock/lib':>11} {'stock/lib':>11} {'stock/lib':>12} {'stock/lib':>13}")
    for name, s, l, verdict in rows:
        cols = []
        for f in FIELDS + ("num",):
            a, b = cell(s, f), cell(l, f)
            cols.append(a if a == b and f != "num" else f"{a}/{b}")
        if args.markdown:
            print(f"| {name} | " + " | ".join(cols) + f" | {verdict} |")
        else:
            print(f"{name:<28} {cols[0]:>11} {cols[1]:>11} {cols[2]:>12} {cols[3]:>13}  {verdict}")
    both = len(set(stock) & set(lib))
    print(f"\n{len(stock)} caches on stock, {len(lib)} on libslab; {both} on both: "
          f"{n_equal} equal, {both - n_equal} differing ({n_explained_diff} explained); "
          f"{len(only['only-stock'])} on stock only, {len(only['only-libslab'])} on libslab only")
    if failures:
        for f in failures:
            print(f"compare-slabinfo: FAIL: {f}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
