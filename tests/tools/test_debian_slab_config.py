#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""debian-slab-config.py on Debian's amd64 config and on broken copies of it.

The fragment has Debian's value of every option it sets, the options the
LIBSLAB_ALLOCATOR choice depends on off with the reason from its Kconfig
file; a missing or non-SLUB input, an unknown slab option, a non-number
where a number belongs and a held-back option that the choice no longer
depends on each fail with a message naming it.  Skips (77) without the
linux-config-6.12 package.
Usage: test_debian_slab_config.py <debian-slab-config.py> <slab-choice.Kconfig>
"""
import lzma
import os
import re
import subprocess
import sys
import tempfile

SCRIPT, KCONFIG = sys.argv[1], sys.argv[2]
DEBIAN = "/usr/src/linux-config-6.12/config.amd64_none_amd64.xz"
WORK = tempfile.mkdtemp(prefix="debian-slab-config-")
failures = []

if not os.path.isfile(DEBIAN):
    print(f"test_debian_slab_config: skipped: no {DEBIAN} (package linux-config-6.12)")
    sys.exit(77)
with lzma.open(DEBIAN, "rt") as f:
    DEBIAN_TEXT = f.read()


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
    return path


def run(*args):
    done = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                          text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def expect_failure(what, args, message):
    rc, _, err = run(*args)
    if rc == 0 or message not in err:
        failures.append(f"{what}: exit {rc}, stderr {err.strip()!r}, want {message!r}")


# Debian's own config: every set or unset option of the fragment is
# Debian's, except the held-back ones, each with the Kconfig's reason.
rc, fragment, err = run(DEBIAN, "--kconfig", KCONFIG)
if rc != 0:
    failures.append(f"Debian's config: exit {rc}: {err.strip()}")
debian = {}
for line in DEBIAN_TEXT.splitlines():
    m = re.match(r"^CONFIG_(\w+)=(.*)$", line) or re.match(r"^# CONFIG_(\w+) is not set$", line)
    if m:
        debian[m.group(1)] = m.group(2) if m.lastindex == 2 else "n"
with open(KCONFIG, encoding="utf-8") as f:
    held = set(re.findall(r"depends on !(\w+)", f.read()))
lines = fragment.splitlines()
held_block = False
for line in lines:
    if line.startswith("# held back"):
        held_block = True
        continue
    m = re.match(r"^CONFIG_(\w+)=(.*)$", line) or re.match(r"^# CONFIG_(\w+) is not set$", line)
    if not m:
        continue
    option = m.group(1)
    value = m.group(2) if m.lastindex == 2 else "n"
    if held_block:
        held_block = False
        if value != "n":
            failures.append(f"held-back {option} is {value}")
    elif value != debian.get(option, "n"):
        failures.append(f"{option}: fragment {value}, Debian {debian.get(option, 'n')}")
for option in held:
    if f"# CONFIG_{option} is not set" not in lines:
        failures.append(f"{option}, held back by the choice, is not off")
# Each held option's reason, the comment above its "depends on", is copied
# in (compared by its words: the fragment wraps it anew).
with open(KCONFIG, encoding="utf-8") as f:
    for comment, option in re.findall(r"((?:^[ \t]*#.*\n)+)[ \t]*depends on !(\w+)", f.read(), re.M):
        words = " ".join(re.sub(r"(?m)^\s*#\s?", "", comment).split())
        if words not in " ".join(re.sub(r"(?m)^#\s?", "", fragment).split()):
            failures.append(f"the {option} reason of the Kconfig file is not in the fragment")

expect_failure("a missing config", [os.path.join(WORK, "none.config")], "no Debian config")
expect_failure("CONFIG_SLUB off",
               [write("noslub.config", DEBIAN_TEXT.replace("\nCONFIG_SLUB=y\n",
                                                         "\n# CONFIG_SLUB is not set\n"))],
               "CONFIG_SLUB=n, expected y")
expect_failure("an unknown slab option",
               [write("unknown.config", DEBIAN_TEXT + "CONFIG_SLUB_RCU_DEBUG=y\n")],
               "does not know: CONFIG_SLUB_RCU_DEBUG=y")
expect_failure("NR_CPUS not a number",
               [write("nrcpus.config", re.sub(r"(?m)^CONFIG_NR_CPUS=.*$", "CONFIG_NR_CPUS=lots",
                                              DEBIAN_TEXT))],
               "gives CONFIG_NR_CPUS no number (lots)")
lift = sorted(held)[0]
with open(KCONFIG, encoding="utf-8") as f:
    lifted = re.sub(rf"(?m)^\s*depends on !{lift}\n", "", f.read())
expect_failure(f"{lift} no longer held back by the choice",
               [DEBIAN, "--kconfig", write("Kconfig", lifted)],
               f"no longer a 'depends on !{lift}'")

for failure in failures:
    print(f"test_debian_slab_config: FAIL: {failure}")
print(f"test_debian_slab_config: {'FAIL' if failures else 'PASS'}")
sys.exit(1 if failures else 0)
