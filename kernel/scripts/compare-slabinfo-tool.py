#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare-slabinfo-tool.py --record CONSOLE
compare-slabinfo-tool.py [--explained FILE] STOCK CONSOLE

Check what a run-replacement.sh boot printed of /sys/kernel/slab,
/sys/kernel/debug/slab and the kernel's tools/mm/slabinfo
(slabinfo-tool-init.sh writes it).

--record prints the lines of CONSOLE that a stock SLUB boot fixes for the
same configuration and workload, the baseline run-replacement.sh --stock
keeps in kernel/replace/stock-sysfs-<arch>.txt:

    libslab-sysfs: ...      the links, the directories with the md5 of
                            their "<mode>:<file>" lists, each list, the
                            debugfs directories with theirs
    libslab-validate: ...   the directories whose validate file takes "1"

Given the STOCK baseline and a libslab boot's CONSOLE, it checks, each
check a line "ok: ..." or "FAIL: ...":

  1. those lines are the baseline's, set for set, but for the
     differences FILE explains, one a line:

         only-stock <line> : <reason>
         only-libslab <line> : <reason>

     <line> without its "libslab-sysfs: " or "libslab-validate: " prefix
     ("link merge_first :0000304"); a '#' line is a comment.  A
     difference not listed, a listed one that did not occur or an entry
     without a reason fails;
  2. slabinfo -a, -T, -v and -S -z each ended with status 0, and -v
     printed nothing else (6.12's validate_slab_cache() reports
     corruption on the console, which run-replacement.sh checks);
  3. slabinfo -a lists, for each directory two or more links lead to,
     exactly those links' names; slabinfo -T counts as many caches and
     aliases as there are directories and links (the links that lead
     nowhere, which slabinfo-tool-init.sh keeps from the tool, aside);
  4. every trace file of debugfs holds 6.12's slab_debugfs_show() lines:
     "<count> <caller> [waste=..] age=.. pid=.. [cpus=..] [nodes=..]",
     each stack frame under it, or "No data";
  5. slabinfo -S -z agrees with /proc/slabinfo, read just before, between
     and just after two runs of it (-S -z, then -z -S): the same caches,
     and for each cache whose /proc/slabinfo line is the same all three
     times and whose two slabinfo lines are the same (the reading did not
     move it), slabinfo's Objects is active_objs, its Slabs (full and
     partial plus cpu) num_slabs, O/S objperslab and 2^O pagesperslab
     exactly; the caches the reading moved (a process's own task_struct,
     its files, buffers and mappings) are
     named, with their geometry (O/S, 2^O) still compared.

Exits 0 when every check passes, 1 otherwise, 2 on unreadable input.
"""
import re
import sys

RECORDED = ("libslab-sysfs: ", "libslab-validate: ")
SLABINFO_LINE = re.compile(
    r"^(?P<name>\S+)\s+(?P<active>\d+)\s+(?P<num>\d+)\s+(?P<objsize>\d+)\s+"
    r"(?P<objperslab>\d+)\s+(?P<pagesperslab>\d+)\s+: tunables\s+\d+\s+\d+\s+\d+"
    r"\s+: slabdata\s+(?P<active_slabs>\d+)\s+(?P<num_slabs>\d+)\s+\d+\s*$")
# slabcache()'s line: Name Objects Objsize Space Slabs/Part/Cpu O/S O %Fr %Ef Flg
TOOL_LINE = re.compile(
    r"^(?P<name>\S+)\s+(?P<objects>\d+)\s+(?P<objsize>\d+)\s+(?P<space>\S+)\s+"
    r"(?P<full>\d+)/(?P<partial>\d+)/(?P<cpu>\d+)\s+(?P<objperslab>\d+)\s+"
    r"(?P<order>\d+)\s+\d+\s+\d+\s*\S*$")
# slab_debugfs_show(): a group's line, then its stack frames
# (a caller or frame in freed init text prints as its bare address)
TRACE_LINE = re.compile(
    r"^ +\d+ (<not-available>|\S+( \[\S+\])?)"
    r"( waste=\d+/\d+)? age=\d+(/\d+/\d+)? pid=\d+(-\d+)?"
    r"( cpus=[0-9,-]+)?( nodes=[0-9,-]+)?$")
TRACE_FRAME = re.compile(r"^        \S+( \[\S+\])?$")
TOTALS = re.compile(r"^Slabcaches :\s+(\d+)\s+Aliases\s+:\s+(\d+)->(\d+)\s+Active:\s+(\d+)$")


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().replace("\r", "").split("\n")
    except OSError as e:
        print(f"compare-slabinfo-tool.py: cannot read {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)


def recorded(lines):
    return [line for line in lines if line.startswith(RECORDED)]


def tool_output(lines, options):
    prefix = f"libslab-tool {options}: "
    return [line[len(prefix):] for line in lines if line.startswith(prefix)]


def slabinfo_after(lines, marker):
    """The /proc/slabinfo cache lines after the marker line, by name."""
    try:
        start = lines.index(marker)
    except ValueError:
        return None
    caches = {}
    for line in lines[start + 1:]:
        if line.startswith(("slabinfo - version", "# name")):
            continue
        m = SLABINFO_LINE.match(line)
        if not m:
            break
        caches[m["name"]] = {k: int(v) for k, v in m.groupdict().items() if k != "name"}
    return caches


class Checks:
    def __init__(self):
        self.failed = False

    def check(self, ok, what, details=()):
        print(f"{'ok' if ok else 'FAIL'}: {what}")
        for line in details:
            print(f"    {line}")
        self.failed |= not ok


def unprefixed(line):
    return line.split(": ", 1)[1]


def read_explained(path):
    """{("only-stock"|"only-libslab", line): reason}; exits 2 on a bad entry."""
    explained = {}
    for number, text in enumerate(read_lines(path), 1):
        if not text.strip() or text.startswith("#"):
            continue
        m = re.match(r"^(only-stock|only-libslab) (.+?) : (.*)$", text)
        if not m or not m[3].strip():
            print(f"compare-slabinfo-tool.py: {path}:{number}: not "
                  f"\"only-stock|only-libslab <line> : <reason>\": {text}", file=sys.stderr)
            sys.exit(2)
        explained[(m[1], m[2])] = m[3]
    return explained


def check_layout(c, stock, lines, explained):
    want, got = set(recorded(stock)), set(recorded(lines))
    found = {("only-stock", unprefixed(line)) for line in want - got}
    found |= {("only-libslab", unprefixed(line)) for line in got - want}
    unexplained = sorted(found - set(explained))
    stale = sorted(set(explained) - found)
    dirs = sum(1 for line in got if line.startswith("libslab-sysfs: dir "))
    links = sum(1 for line in got if line.startswith("libslab-sysfs: link "))
    links -= sum(1 for line in got if line.startswith("libslab-sysfs: unresolved "))
    c.check(bool(got) and not unexplained and not stale,
            f"/sys/kernel/slab ({dirs} directories, {links} links), its files and modes, "
            f"debugfs and the validate files as on stock SLUB ({len(want)} lines, "
            f"{len(found & set(explained))} differences explained)",
            [f"{side}: {line}" for side, line in unexplained[:30]] +
            [f"explained but not found: {side} {line}" for side, line in stale[:10]])
    accepted = [line for line in got if line.startswith("libslab-validate: ")]
    c.check(bool(accepted), f"validate takes \"1\" for {len(accepted)} debug cache(s)")
    return dirs, links


def check_tool_runs(c, lines, dirs, links):
    for options in ("-a", "-T", "-v", "-S -z", "-z -S"):
        out = tool_output(lines, options)
        status = out[-1] if out else "no output"
        c.check(status == "exit 0", f"slabinfo {options}: {status}")
    verbose = tool_output(lines, "-v")[:-1]
    c.check(not verbose, "slabinfo -v reports no errors", verbose[:10])
    shared = {}
    unresolved = {line.split()[-1] for line in lines
                  if line.startswith("libslab-sysfs: unresolved ")}
    for line in lines:
        m = re.match(r"^libslab-sysfs: link (\S+) (\S+)$", line)
        if m and m[1] not in unresolved:
            shared.setdefault(m[2], set()).add(m[1])
    shared = {target: names for target, names in shared.items() if len(names) > 1}
    listed = {}
    for text in tool_output(lines, "-a")[:-1]:
        m = re.match(r"^(\S+)\s+<- (.+)$", text)
        if m:
            listed[m[1]] = set(m[2].split())
        elif text.strip():
            listed.setdefault("(not a list)", set()).add(text)
    wrong = sorted(set(shared) ^ set(listed)) + \
        sorted(t for t in set(shared) & set(listed) if shared[t] != listed[t])
    c.check(bool(listed) and not wrong,
            f"slabinfo -a lists the names of the {len(shared)} directories "
            "two or more links lead to", [f"differs: {t}" for t in wrong[:10]])
    totals = [m for m in map(TOTALS.match, tool_output(lines, "-T")) if m]
    ok = len(totals) == 1 and int(totals[0][1]) == dirs and int(totals[0][2]) == links
    c.check(ok, "slabinfo -T counts the directories and links: " +
            (f"{totals[0][1]} caches, {totals[0][2]} aliases" if totals else "no Slabcaches line"))


def check_traces(c, lines):
    bad, files = [], set()
    prefix = "libslab-traces: "
    for line in lines:
        if not line.startswith(prefix):
            continue
        cache, file, text = re.match(r"(\S+) (\S+): (.*)$", line[len(prefix):]).groups()
        files.add((cache, file))
        if text in ("", "No data") or TRACE_LINE.match(text) or TRACE_FRAME.match(text):
            continue
        bad.append(line)
    c.check(bool(files) and not bad,
            f"debugfs alloc_traces and free_traces in 6.12's format ({len(files)} files)",
            bad[:10])


def tool_rows(lines, options):
    """slabinfo's -S lines of the run with these options, by cache name."""
    rows = {}
    for text in tool_output(lines, options):
        m = TOOL_LINE.match(text)
        if m:
            rows[m["name"]] = {k: int(v) for k, v in m.groupdict().items()
                              if k not in ("name", "space")}
    return rows


def check_numbers(c, lines):
    before = slabinfo_after(lines, "libslab-replacement: slabinfo before the tool")
    between = slabinfo_after(lines, "libslab-replacement: slabinfo between the tool's runs")
    after = slabinfo_after(lines, "libslab-replacement: slabinfo after the tool")
    if not before or not between or not after:
        c.check(False, "slabinfo -S -z against /proc/slabinfo: no /proc/slabinfo "
                "before, between and after its runs")
        return
    rows, again = tool_rows(lines, "-S -z"), tool_rows(lines, "-z -S")
    # A mergeable cache's row is named by its id while two or more names
    # link to it (rename_slabs()), else by its one name; /proc/slabinfo
    # names the cache by the one of its names that made it.
    targets = {}
    for line in lines:
        m = re.match(r"^libslab-sysfs: link (\S+) (\S+)$", line)
        if m:
            targets.setdefault(m[2], []).append(m[1])
    named, named_again = {}, {}
    for name in rows:
        names = [n for n in targets.get(name, []) if n in before] if name.startswith(":") else [name]
        named[names[0] if len(names) == 1 else name] = rows[name]
        named_again[names[0] if len(names) == 1 else name] = again.get(name)
    only_proc = sorted(set(before) - set(named))
    only_tool = sorted(set(named) - set(before))
    c.check(not only_proc and not only_tool,
            f"slabinfo -S -z lists the {len(before)} caches of /proc/slabinfo",
            [f"only in /proc/slabinfo: {' '.join(only_proc)}"] * bool(only_proc) +
            [f"only in slabinfo -S -z: {' '.join(only_tool)}"] * bool(only_tool))
    wrong, moved, exact = [], [], 0
    for name in sorted(set(before) & set(named)):
        p, t = before[name], named[name]
        pairs = [("objperslab", t["objperslab"], p["objperslab"]),
                 ("pagesperslab", 1 << t["order"], p["pagesperslab"])]
        if before[name] == between.get(name) == after.get(name) and t == named_again[name]:
            exact += 1
            pairs += [("active_objs", t["objects"], p["active"]),
                      ("num_slabs", t["full"] + t["cpu"], p["num_slabs"])]
        else:
            moved.append(name)
        wrong += [f"{name}: {field} slabinfo {a}, /proc/slabinfo {b}"
                  for field, a, b in pairs if a != b]
    c.check(not wrong and exact > 0,
            f"slabinfo -S -z agrees with /proc/slabinfo: {exact} caches exactly "
            f"(objects, slabs, O/S, order), {len(moved)} moved by the reading "
            f"(geometry only): {' '.join(moved) or 'none'}", wrong[:20])


def main(argv):
    if len(argv) == 3 and argv[1] == "--record":
        out = recorded(read_lines(argv[2]))
        if not out:
            print(f"compare-slabinfo-tool.py: no libslab-sysfs lines in {argv[2]}", file=sys.stderr)
            return 1
        print("\n".join(out))
        return 0
    explained = {}
    if len(argv) == 5 and argv[1] == "--explained":
        explained = read_explained(argv[2])
        argv = argv[:1] + argv[3:]
    if len(argv) != 3 or argv[1].startswith("-"):
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    stock = [line for line in read_lines(argv[1]) if not line.startswith("#")]
    lines = read_lines(argv[2])
    c = Checks()
    dirs, links = check_layout(c, stock, lines, explained)
    check_tool_runs(c, lines, dirs, links)
    check_traces(c, lines)
    check_numbers(c, lines)
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
