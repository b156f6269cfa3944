#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""debian-slab-config.py [--kconfig FILE] [-o FRAGMENT] [DEBIAN_CONFIG]

Write the x86_64 replacement boot's slab-relevant options, taken from
Debian's own amd64 kernel configuration (DEBIAN_CONFIG, default the
linux-config-6.12 package's config.amd64_none_amd64.xz; .xz or plain), as
a config fragment for run-replacement.sh (stdout, or FRAGMENT).

OPTIONS below is the one table of what the slab allocator's behaviour or
layout depends on in 6.12 (mm/Kconfig, mm/slub.c, mm/slab.h, and what
sizes its per-CPU and per-node arrays: NR_CPUS, NODES_SHIFT).  Each
option is
  debian   emitted with Debian's value;
  held     emitted off whatever Debian says: the LIBSLAB_ALLOCATOR choice
           does not take it yet.  The reason is the comment above its
           "depends on !OPTION" in kernel/replace/slab-choice.Kconfig (the
           one home of those reasons), copied into the fragment; an option
           held for another's sake (a parent held off) names it;
  project  not emitted: the project's fragments decide it (a test
           facility Debian does not build).
An option under a parent (KFENCE_NUM_OBJECTS under KFENCE) is emitted only
when its parent is emitted on.

Fails, naming the option, when the input is missing or is not a SLUB
configuration for x86_64; when Debian's config has an option of the slab
families (FAMILIES) that the table does not know, so that a Debian update
adding one is looked at before it boots; when a held option is no longer
a "depends on" of the choice (the table must then take Debian's value);
or when an option of the table that needs a value has none in Debian's
config.
"""
import argparse
import lzma
import os
import re
import textwrap
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_DEBIAN = "/usr/src/linux-config-6.12/config.amd64_none_amd64.xz"
DEFAULT_KCONFIG = os.path.join(REPO, "kernel/replace/slab-choice.Kconfig")

# (option, treatment, held-by or project reason or parent)
OPTIONS = [
    # the choice itself (replacement.config: LIBSLAB_ALLOCATOR)
    ("SLUB", "project", "the slab choice: replacement.config"),
    # the allocator's own options
    ("SLUB_TINY", "debian", None),
    ("SLUB_CPU_PARTIAL", "debian", None),
    ("SLUB_DEBUG", "debian", None),
    ("SLUB_DEBUG_ON", "debian", None),
    ("SLUB_STATS", "debian", None),
    ("SLAB_MERGE_DEFAULT", "debian", None),
    ("SLAB_FREELIST_RANDOM", "debian", None),
    ("SLAB_FREELIST_HARDENED", "debian", None),
    ("SLAB_BUCKETS", "debian", None),
    ("RANDOM_KMALLOC_CACHES", "debian", None),
    ("HARDENED_USERCOPY", "debian", None),
    ("INIT_ON_ALLOC_DEFAULT_ON", "debian", None),
    ("INIT_ON_FREE_DEFAULT_ON", "debian", None),
    ("SHUFFLE_PAGE_ALLOCATOR", "debian", None),
    # the kmalloc types: dma-kmalloc-* exist with ZONE_DMA
    ("ZONE_DMA", "debian", None),
    ("ZONE_DMA32", "debian", None),
    # the sizes of the per-CPU and per-node state: MAXSMP makes NR_CPUS
    # 8192 possible (CPUMASK_OFFSTACK) and NODES_SHIFT 10
    ("SMP", "debian", None),
    ("HOTPLUG_CPU", "debian", None),
    ("MAXSMP", "debian", None),
    ("NR_CPUS", "debian", None),
    ("NUMA", "debian", None),
    ("NUMA_EMU", "debian", "NUMA"),
    ("NODES_SHIFT", "debian", "NUMA"),
    # preemption: the per-CPU slab's locking (PREEMPT_RT: local_lock sleeps)
    ("PREEMPT_NONE", "debian", None),
    ("PREEMPT_VOLUNTARY", "debian", None),
    ("PREEMPT", "debian", None),
    ("PREEMPT_DYNAMIC", "debian", None),
    ("PREEMPT_RT", "debian", None),
    # the slab object extensions: memcg charging and allocation profiling
    ("CGROUPS", "debian", None),
    ("MEMCG", "debian", "CGROUPS"),
    ("SLAB_OBJ_EXT", "debian", "MEMCG"),
    ("MEMCG_V1", "debian", "MEMCG"),
    ("MEM_ALLOC_PROFILING", "held", "MEM_ALLOC_PROFILING"),
    # the debuggers with slab hooks
    ("KFENCE", "debian", None),
    ("KFENCE_SAMPLE_INTERVAL", "debian", "KFENCE"),
    ("KFENCE_NUM_OBJECTS", "debian", "KFENCE"),
    ("KFENCE_DEFERRABLE", "debian", "KFENCE"),
    ("KFENCE_STATIC_KEYS", "debian", "KFENCE"),
    ("KFENCE_STRESS_TEST_FAULTS", "debian", "KFENCE"),
    ("KASAN", "held", "KASAN"),
    ("KMSAN", "held", "KMSAN"),
    ("DEBUG_KMEMLEAK", "held", "DEBUG_KMEMLEAK"),
    ("DEBUG_PAGEALLOC", "held", "DEBUG_PAGEALLOC"),
    # a node's memory coming and going
    ("MEMORY_HOTPLUG", "debian", None),
    ("MEMORY_HOTREMOVE", "debian", "MEMORY_HOTPLUG"),
    # fault injection: a test facility, replacement-debug.config's
    ("FAILSLAB", "project", "fault injection, a test facility: replacement-debug.config"),
]

# Debian's options in these families must each be in the table.
FAMILIES = re.compile(
    r"^(SLAB|SLUB|KFENCE|KASAN|KMSAN|MEMCG|MEM_ALLOC_PROFILING|INIT_ON_|"
    r"RANDOM_KMALLOC|FAILSLAB|DEBUG_KMEMLEAK|DEBUG_PAGEALLOC|NR_CPUS$|NODES_SHIFT|"
    r"MAXSMP|NUMA$|NUMA_EMU|PREEMPT(_NONE|_VOLUNTARY|_RT|_DYNAMIC)?$|MEMORY_HOTPLUG|"
    r"MEMORY_HOTREMOVE|ZONE_DMA)"
)
# Integer options: Debian's config must give their value.
INTEGERS = {"NR_CPUS", "NODES_SHIFT", "KFENCE_SAMPLE_INTERVAL", "KFENCE_NUM_OBJECTS",
            "KFENCE_STRESS_TEST_FAULTS"}


def die(message):
    print(f"debian-slab-config: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def read_config(path):
    """Option -> value ('n' for "is not set") of a .config, plain or .xz."""
    if not os.path.isfile(path):
        die(f"no Debian config {path} (install linux-config-6.12)")
    try:
        if path.endswith(".xz"):
            with lzma.open(path, "rt") as f:
                text = f.read()
        else:
            with open(path) as f:
                text = f.read()
    except (OSError, lzma.LZMAError) as e:
        die(f"cannot read {path}: {e}")
    values = {}
    for line in text.splitlines():
        m = re.match(r"^CONFIG_([A-Za-z0-9_]+)=(.*)$", line)
        if m:
            values[m.group(1)] = m.group(2)
            continue
        m = re.match(r"^# CONFIG_([A-Za-z0-9_]+) is not set$", line)
        if m:
            values[m.group(1)] = "n"
    return values


def choice_reasons(path):
    """Held-back option -> the comment above its "depends on !OPTION" in
    config LIBSLAB_ALLOCATOR of slab-choice.Kconfig."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        die(f"cannot read {path}: {e}")
    reasons, comment, inside = {}, [], False
    for line in lines:
        stripped = line.strip()
        if re.match(r"^config ", line):
            inside = line.split()[1] == "LIBSLAB_ALLOCATOR"
            comment = []
            continue
        if not inside:
            continue
        if stripped.startswith("#"):
            comment.append(stripped.lstrip("#").strip())
        elif stripped.startswith("depends on"):
            for sym in re.findall(r"!\s*([A-Z0-9_]+)", stripped):
                reasons[sym] = " ".join(comment)
            comment = []
        else:
            comment = []
    if not reasons:
        die(f"no 'depends on !OPTION' of config LIBSLAB_ALLOCATOR in {path}")
    return reasons


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config", nargs="?", default=DEFAULT_DEBIAN,
                        help=f"Debian's kernel config (default {DEFAULT_DEBIAN})")
    parser.add_argument("--kconfig", default=DEFAULT_KCONFIG,
                        help="the slab choice's Kconfig (the held-back reasons)")
    parser.add_argument("-o", "--output", help="the fragment to write (default stdout)")
    args = parser.parse_args()

    debian = read_config(args.config)
    for option, want in (("X86_64", "y"), ("SLUB", "y")):
        if debian.get(option) != want:
            die(f"{args.config} is not an x86_64 SLUB config: CONFIG_{option}="
                f"{debian.get(option, '(absent)')}, expected {want}")
    reasons = choice_reasons(args.kconfig)
    table = {option: (how, arg) for option, how, arg in OPTIONS}

    unknown = sorted(o for o in debian if FAMILIES.match(o) and o not in table)
    if unknown:
        die(f"{args.config} has slab options this table does not know: "
            f"{', '.join('CONFIG_' + o + '=' + debian[o] for o in unknown)}; "
            "add each to OPTIONS in kernel/scripts/debian-slab-config.py")

    out = [
        "# Debian's slab-relevant options for the x86_64 replacement boot, made by",
        "# kernel/scripts/debian-slab-config.py from",
        f"# {os.path.basename(args.config)}: Debian's values, but each option the",
        "# LIBSLAB_ALLOCATOR choice does not take yet is off, with its reason",
        "# (kernel/replace/slab-choice.Kconfig).",
    ]
    emitted_on = set()
    for option, how, arg in OPTIONS:
        if how == "project":
            continue
        parent = arg if how == "debian" else None
        if parent and parent not in emitted_on:
            continue
        value = debian.get(option, "n")
        if how == "held":
            if arg not in reasons:
                die(f"CONFIG_{option} is held back for CONFIG_{arg}, which is no longer a "
                    f"'depends on !{arg}' of LIBSLAB_ALLOCATOR in {args.kconfig}: "
                    "take Debian's value (debian) in the table")
            held_for = "" if arg == option else f" (it selects {arg})"
            out.extend(textwrap.wrap(f"held back{held_for}, Debian has {value}: {reasons[arg]}",
                                     width=72, initial_indent="# ", subsequent_indent="# "))
            out.append(f"# CONFIG_{option} is not set")
            continue
        if option in INTEGERS:
            if not re.fullmatch(r"[0-9]+", value):
                die(f"{args.config} gives CONFIG_{option} no number ({value})")
            out.append(f"CONFIG_{option}={value}")
            emitted_on.add(option)
        elif value == "n":
            out.append(f"# CONFIG_{option} is not set")
        elif value == "y":
            out.append(f"CONFIG_{option}=y")
            emitted_on.add(option)
        else:
            die(f"{args.config} gives the bool CONFIG_{option} the value {value}")

    text = "\n".join(out) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
