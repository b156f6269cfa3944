#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the differential oracle's observations: the kernel's (captured
from QEMU by kernel/scripts/run-oracle.sh, kept in tests/oracle/expected/)
against libslab's (tests/oracle/oracle_user).

    compare.py [--seeded] EXPECTED ALLOW -- ORACLE_USER PART...
    compare.py [--seeded] EXPECTED ALLOW --user FILE
    compare.py [--seeded] --extract CONSOLE  (the kernel's lines, for expected/)

A line is "slub_oracle: <scenario> <words> <key>=<value>...": the scenario
and the words before the first key=value name the observation, each
key=value is one field.  Observations are paired in order of appearance.
A difference is allowed when a line of ALLOW, or of allow-<run>.txt beside
it for EXPECTED <run>.txt, matches it:

    <observation glob> | <field glob> | <libslab's value> | <reason>

The value is libslab's, exactly ("missing" or "present" for a whole
observation): a rule excuses that wrong value and no other.

Both sides' output is a console: the oracle lines, the "libslab: expected
report begin|end <scenario>" markers around the reports a scenario
provokes on purpose, and whatever else the kernel (or libslab's printk)
prints.  Between the markers the key lines of a report, the slab lines
(SLAB_LINE), each WARN (its message and banner) and slub_debug=T's TRACE
lines become normalised "<scenario> report" observations.  Outside them
the slab lines become normalised "<scenario> console" observations, on
the kernel's side from its suite's lines alone, so a slab warning one
side prints and the other does not is a difference.  Any other line
outside them on libslab's console (a report, a WARN, a TRACE line,
oracle_user's note of a taint) fails the run, named with the scenarios of
the observations around it.  The kernel's console is checked for those by
run-oracle.sh.

--seeded is for a run whose allocators randomise layout from a boot-time
seed (the hardening run: SLAB_FREELIST_RANDOM, RANDOM_KMALLOC_CACHES).
Both sides' lines then lose what the seed decides (SEEDED) before they
are compared, and --extract writes them so: the kernel's expected file
stays the same from boot to boot.

Exit status: 0 when every difference is allowed and libslab's console has
no line outside the markers, 1 otherwise, 2 on bad input, 3 when
ORACLE_USER ended with a non-zero status or a signal and what it printed
before (its last line left out: it may be cut) showed no difference.
"""
import fnmatch
import os
import re
import signal
import subprocess
import sys

# An oracle line, behind the console's timestamp if any.
TIMESTAMP = re.compile(r"^\[ *[0-9]+\.[0-9]+\] ")
LINE = re.compile(r"^(?:\[ *[0-9]+\.[0-9]+\] )?slub_oracle: (.*)$")


# The key lines of a slub_debug report, which both sides print alike: the
# banner, what was overwritten, the slab and object lines, the owners, the
# repairs.  Hex dumps (uninitialised bytes), stack traces and the CPU and
# hardware lines are left out.
REPORT_KEY = re.compile(r"^(\[.* overwritten\] |BUG \S+ \(|FIX \S+: |Slab 0x|"
                        r"Object 0x\S+ @offset=|(Allocated|Freed) in )")
# A slab line: a message of 6.12's mm/slub.c or mm/slab_common.c that is
# neither a report's key line above nor a WARN (both sides' consoles are
# checked for those), matched on the line stripped of its indent.  Both
# sides' slab lines are compared, in both directions, inside the markers
# and out: a warning the kernel prints and libslab does not is a
# difference.  kmem_dump_obj()'s pr_cont() pieces are left out: they
# continue a line of their caller's, with no text of their own to match.
SLAB_LINE = re.compile("^(?:" + "|".join([
    # __slab_update_freelist() and slab_update_freelist() ("<function>
    # <cache>: cmpxchg double redo"), note_cmpxchg_failure() ("cmpxchg
    # redo" and the reason on the next line)
    r"\S+ \S+: cmpxchg (?:double )?redo",
    r"due to cpu (?:change \d+ -> \d+|running other code)",
    r"for unknown reason: actual=",
    # parse_slub_debug_flags(), setup_slub_debug()
    r"slab_debug option '.' unknown",
    r"mem auto-init: SLAB_POISON will take precedence",
    # "SLUB: " or "SLUB <cache>: ": init_cache_random_seq(),
    # slab_out_of_memory()'s first line, early_kmem_cache_node_alloc(),
    # kmem_cache_init(), validate_slab_node(), slab_sysfs_init()
    r"SLUB(?: \S+)?: ",
    # slab_out_of_memory()'s lines after its first
    r"cache: \S+, object size: \d+, buffer size: ",
    r"\S+ debugging increased min order",
    r"node \d+: slabs: -?\d+, objs: ",
    # object_err(), free_large_kmalloc(), slab_kset_init()
    r"Invalid pointer 0x",
    r"object pointer: 0x",
    r"Cannot register slab subsystem",
    # mm/slab_common.c: kmem_cache_sanity_check(),
    # __kmem_cache_create_args() (a refused cache), kmalloc_fix_flags(),
    # dump_unreclaimable_slab() (its header and a row per cache)
    r"kmem_cache_create\(.*\) integrity check failed",
    r"__kmem_cache_create_args\(.*\) failed with error",
    r"Unexpected gfp: ",
    r"excessive unreclaimable slab",
    r"Unreclaimable slab info:",
    r"Name +Used +Total$",
    r"\S+ +\d+KB +\d+KB$",
]) + ")")
# KUnit's first and last line of the oracle's suite on the kernel's
# console.  What the kernel prints before (its boot, kmem_cache_init()'s
# "SLUB: HWalign=..." among it) is not the scenarios' doing, and
# libslab's side has no boot: its console is the suite's alone.
SUITE_BEGIN = re.compile(r"^\s*# Subtest: slub_oracle$")
SUITE_END = re.compile(r"^\s*(?:not )?ok \d+ slub_oracle$")
NORMALISE = [
    (re.compile(r"\((Not tainted|Tainted: [^)]*)\)"), "(TAINT)"),
    (re.compile(r"flags=0x[0-9a-f]+\([^)]*\)"), "flags=FLAGS"),
    (re.compile(r"0x[0-9a-f]{8,}"), "0xADDR"),
    (re.compile(r"^((Allocated|Freed) in) \S+"), r"\1 FUNC"),
    (re.compile(r"\b(age|pid)=\d+"), r"\1=N"),
]

# What a boot's random seed decides, for --seeded runs, and what stays:
# - where in its slab an object or a freelist head lies ("s<slab>+<offset>",
#   "@offset=", a TRACE line's distance to the next free object):
#   shuffle_freelist() starts each new slab at a random point of the
#   cache's random_seq; which slab it is, and how many, stay;
# - which copy of a normal kmalloc cache an allocation site gets:
#   kmalloc_type() hashes the caller with random_kmalloc_seed, and copy 0
#   is the normal cache itself; the size, and that it is a normal cache
#   (not reclaim, dma or cgroup), stay;
# - how much better than kmalloc's promise a kmalloc observation's objects
#   happen to be aligned: their places in a shuffled slab are the seed's
#   (eight 64-byte objects all on 128 bytes, one run in 256); the
#   alignment the size promises (ksize's largest power-of-two divisor) stays.
def promised_alignment(m):
    """ksize=N align=A with A cut to what kmalloc promises for N."""
    ksize, align = int(m.group(1)), int(m.group(2))
    return f"ksize={ksize} align={min(align, ksize & -ksize)}" if ksize else m.group(0)


SEEDED = [
    (re.compile(r"\bs(\d+)\+\d+"), r"s\1+?"),
    (re.compile(r"@offset=\d+"), "@offset=?"),
    (re.compile(r"\bfp=OBJECT[+-]0x[0-9a-f]+"), "fp=OBJECT?"),
    (re.compile(r"(?<![\w-])kmalloc-(?:rnd-\d\d-)?(\d+k?)\b"), r"kmalloc-RND-\1"),
    (re.compile(r"\bksize=(\d+) align=(\d+)\b"), promised_alignment),
]

# A WARN: "cut here", the message of WARN(cond, fmt...) if any, then the
# banner.  The banner's CPU, PID, file, line and function differ between
# the sides (the kernel names the function the WARN was compiled into,
# libslab the one it is written in): what stays is that a WARN happened.
CUT_HERE = "------------[ cut here ]------------"
WARN_BANNER = re.compile(r"^WARNING: CPU: \d+ PID: \d+ at ")
WARN_MESSAGE_NORMALISE = [
    # %pS of a caller: the kernel's symbol+offset/size, libslab's name or
    # bare address (its static functions have no symbol at run time).
    (re.compile(r"\b(called from) \S+"), r"\1 FUNC"),
]

# slub_debug=T's trace(): "TRACE <cache> alloc|free 0x<object> inuse=N
# fp=0x<freelist>".  The object becomes 0xADDR; the freelist, a pointer
# into the same slab, becomes its distance from the object (the next free
# object: the slab's layout and freelist order), or 0x0 when NULL.
TRACE = re.compile(r"^TRACE (\S+) (alloc|free) 0x([0-9a-f]+) inuse=(-?\d+) fp=0x([0-9a-f]+)$")
# On free, trace() dumps the object's object_size bytes (print_section()):
# their values are uninitialised or pointers, their number is compared.
TRACE_DUMP = re.compile(r"^Object [0-9a-f]{8,}: ([0-9a-f]{2}(?: [0-9a-f]{2})*)(?:  |$)")


def trace_line(text):
    """A slub_debug=T trace line as compared, or None if it is not one."""
    m = TRACE.match(text)
    if not m:
        return None
    cache, op, obj, inuse, fp = m.groups()
    obj, fp = int(obj, 16), int(fp, 16)
    if fp == 0:
        where = "0x0"
    else:
        where = f"OBJECT{'+' if fp >= obj else '-'}{abs(fp - obj):#x}"
    return f"TRACE {cache} {op} 0xADDR inuse={inuse} fp={where}"


def normalise(text, rules=NORMALISE):
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def report_line(text):
    """A report line as compared, or None for a line left out."""
    text = text.strip()
    if WARN_BANNER.match(text):
        return "WARNING: at FILE FUNC"
    trace = trace_line(text)
    if trace is not None:
        return trace
    if not REPORT_KEY.match(text) and not SLAB_LINE.match(text):
        return None
    return normalise(text)


def trace_dump(scenario, cache, nbytes):
    return f"slub_oracle: {scenario} report TRACE {cache} free dump of {nbytes} bytes"


def warn_message_line(text):
    """A line of a WARN's message (between "cut here" and the banner)."""
    return normalise(normalise(text.strip(), WARN_MESSAGE_NORMALISE))


def observations(lines):
    """[(name, {field: value})] of every oracle line, in order."""
    obs = []
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        scenario, _, rest = m.group(1).partition(" ")
        kind, _, text = rest.partition(" ")
        if kind in ("report", "console"):
            obs.append((f"{scenario} {kind}", {"line": text}))
            continue
        words = m.group(1).split()
        name, fields = [], {}
        for w in words:
            if "=" in w and (fields or len(name) >= 2):
                k, v = w.split("=", 1)
                fields[k] = v
            elif fields:
                fields.setdefault("_extra", "")
                fields["_extra"] += " " + w
            else:
                name.append(w)
        obs.append((" ".join(name), fields))
    return obs


def read_allow(path):
    rules = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|", 3)]
            if len(parts) != 4 or not all(parts):
                print(f"compare.py: {path}:{n}: want '<observation glob> | <field glob> | "
                      f"<libslab's value> | <reason>', not '{line}'", file=sys.stderr)
                sys.exit(2)
            rules.append([parts[0], parts[1], parts[2], parts[3], 0])
    return rules


MARKER = re.compile(r"libslab: expected report (begin|end) (\S+)$")


def suite_span(lines):
    """The lines of the oracle's suite: between KUnit's first and last line
    of it when the console has them (the kernel's), else all (libslab's)."""
    begin = next((i for i, line in enumerate(lines) if SUITE_BEGIN.match(line)), None)
    if begin is None:
        return lines
    end = next((i for i in range(begin, len(lines)) if SUITE_END.match(lines[i])), len(lines))
    return lines[begin + 1:end]


def read_console(lines):
    """The oracle lines of a console's suite (suite_span()): the key lines
    of the reports between the expected-report markers turned into
    normalised "<scenario> report" lines, the slab lines outside them into
    "<scenario> console" lines (the scenario of the oracle line before);
    and every other line outside the markers, as (number of oracle lines
    before it, line)."""
    out, outside, scenario = [], [], None
    in_warn = False   # after "cut here", before the WARNING banner
    dump = None       # [cache, bytes so far] of a TRACE free's dump
    lines = [TIMESTAMP.sub("", line.rstrip("\r\n")) for line in lines]
    for line in suite_span(lines):
        if dump is not None:
            m = TRACE_DUMP.match(line) if scenario else None
            if m:
                dump[1] += len(m.group(1).split())
                continue
            out.append(trace_dump(scenario, *dump))
            dump = None
        marker = MARKER.search(line)
        if marker:
            scenario = marker.group(2) if marker.group(1) == "begin" else None
            in_warn = False
        elif LINE.match(line):
            out.append(line)
        elif scenario:
            if line.strip() == CUT_HERE:
                in_warn = True
                continue
            if in_warn and not WARN_BANNER.match(line.strip()):
                text = warn_message_line(line)
                if text:
                    out.append(f"slub_oracle: {scenario} report WARN {text}")
                continue
            in_warn = False
            text = report_line(line)
            trace = TRACE.match(line.strip())
            if trace and trace.group(2) == "free":
                dump = [trace.group(1), 0]
            if text is not None:
                # Normalised already: the kernel's addresses change from
                # boot to boot (KASLR), and expected/ must not.
                out.append(f"slub_oracle: {scenario} report {text}")
        elif SLAB_LINE.match(line.strip()):
            before = LINE.match(out[-1]).group(1).split()[0] if out else "start"
            out.append(f"slub_oracle: {before} console {normalise(line.strip())}")
        elif line.strip():
            outside.append((len(out), line))
    if dump is not None:
        out.append(trace_dump(scenario, *dump))
    return out, outside


def scenario_around(oracle_lines, before):
    """Where a console line came, from the observations on both sides of
    it: their scenario, or both when it fell between two scenarios."""
    def scenario(i):
        return LINE.match(oracle_lines[i]).group(1).split()[0]

    if not oracle_lines:
        return "before any observation"
    if before == 0:
        return f"before {scenario(0)}"
    if before == len(oracle_lines):
        return f"after {scenario(before - 1)}"
    first, then = scenario(before - 1), scenario(before)
    return first if first == then else f"{first} or {then}"


def extract(console, seeded):
    """The oracle lines of a kernel console log, for expected/."""
    with open(console, errors="replace") as f:
        out, _ = read_console(f)
    for line in out:
        print(normalise(line, SEEDED) if seeded else line)
    return 0


def main(argv):
    seeded = "--seeded" in argv[1:2]
    if seeded:
        argv = argv[:1] + argv[2:]
    if len(argv) == 3 and argv[1] == "--extract":
        return extract(argv[2], seeded)
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    expected_path, allow_path = argv[1], argv[2]
    crash = None   # how ORACLE_USER ended, when not with status 0
    if argv[3] == "--user" and len(argv) == 5:
        with open(argv[4]) as f:
            user_lines = f.read().splitlines()
    elif argv[3] == "--" and len(argv) > 5:
        run = subprocess.run(argv[4:], stdout=subprocess.PIPE, text=True, errors="replace")
        user_lines = run.stdout.splitlines()
        if run.returncode:
            how = (f"was killed by {signal.Signals(-run.returncode).name}"
                   if run.returncode < 0 else f"exited {run.returncode}")
            crash = f"{' '.join(argv[4:])} {how}"
            # What it printed before is still compared, but for its last
            # line, which the end may have cut.
            user_lines = user_lines[:-1]
    else:
        print(__doc__, file=sys.stderr)
        return 2
    user_oracle, user_outside = read_console(user_lines)
    if seeded:
        user_oracle = [normalise(line, SEEDED) for line in user_oracle]
    try:
        with open(expected_path) as f:
            kernel_lines = f.read().splitlines()
        if seeded:
            kernel_lines = [normalise(line, SEEDED) for line in kernel_lines]
        kernel = observations(kernel_lines)
    except OSError as e:
        print(f"compare.py: cannot read the kernel's observations: {e}", file=sys.stderr)
        return 2
    user = observations(user_oracle)
    rules = read_allow(allow_path)
    # A run's own rules: allow-<run>.txt beside ALLOW, for EXPECTED <run>.txt.
    run_allow = os.path.join(os.path.dirname(allow_path),
                             "allow-" + os.path.basename(expected_path))
    if os.path.exists(run_allow):
        rules += read_allow(run_allow)
    if not kernel:
        print(f"compare.py: {expected_path} holds no oracle line", file=sys.stderr)
        return 2

    def index(obs):
        seen, out = {}, {}
        order = []
        for name, fields in obs:
            k = seen.get(name, 0)
            seen[name] = k + 1
            key = name if k == 0 else f"{name} #{k}"
            out[key] = fields
            order.append(key)
        return out, order

    kmap, korder = index(kernel)
    umap, uorder = index(user)
    if crash:
        # The kernel's observations past where libslab stopped are not
        # differences: the crash is reported as such.
        korder = korder[:len(uorder)]
    diffs = []
    fields_compared = 0
    for key in korder:
        if key not in umap:
            diffs.append((key, "<observation>", "present", "missing"))
            continue
        kf, uf = kmap[key], umap[key]
        for f in sorted(set(kf) | set(uf)):
            fields_compared += 1
            kv, uv = kf.get(f, "-"), uf.get(f, "-")
            if kv != uv:
                diffs.append((key, f, kv, uv))
    for key in uorder:
        if key not in kmap:
            diffs.append((key, "<observation>", "missing", "present"))

    unexplained = []
    for key, field, kv, uv in diffs:
        for rule in rules:
            if (fnmatch.fnmatchcase(key, rule[0]) and fnmatch.fnmatchcase(field, rule[1])
                    and uv == rule[2]):
                rule[4] += 1
                break
        else:
            unexplained.append((key, field, kv, uv))
    limit = int(os.environ.get("ORACLE_DIFF_LIMIT", "200"))
    for key, field, kv, uv in unexplained[:limit]:
        # A report line one side lacks: name it.
        line = (kmap.get(key) or umap.get(key) or {}).get("line")
        what = f" ({line})" if field == "<observation>" and line else ""
        print(f"DIFF {key}: {field}: kernel {kv}, libslab {uv}{what}")
    if len(unexplained) > limit:
        print(f"... and {len(unexplained) - limit} more (ORACLE_DIFF_LIMIT=N shows more)")
    for before, line in user_outside[:limit]:
        print(f"CONSOLE {scenario_around(user_oracle, before)}: {line}")
    if len(user_outside) > limit:
        print(f"... and {len(user_outside) - limit} more (ORACLE_DIFF_LIMIT=N shows more)")
    for rule in rules:
        if rule[4]:
            print(f"allowed {rule[4]:5d} x {rule[0]} | {rule[1]} | {rule[2]}: {rule[3]}")
    scenarios = len({k.split()[0] for k in korder})
    print(f"oracle: {len(korder)} observations in {scenarios} scenarios, "
          f"{fields_compared} fields compared, {len(diffs)} differences, "
          f"{len(diffs) - len(unexplained)} allowed, {len(unexplained)} unexplained")
    if user_outside:
        lines = "line" if len(user_outside) == 1 else "lines"
        print(f"oracle: FAIL: libslab's console has {len(user_outside)} {lines} outside "
              "an expected report (a report, WARN, TRACE or taint no scenario asked for)")
    if crash:
        # Its console's last lines are most likely the crash's own words,
        # so only a difference in the observations before it counts as one.
        print(f"oracle: FAIL: {crash} after {len(uorder)} observations")
        return 1 if unexplained else 3
    return 1 if unexplained or user_outside else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
