#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Counts of a test stage: passed, failed, skipped, and each skip by name.

  stage_counts.py meson TESTLOG.json
      From meson's test log: print one "SKIP: <test>[ <case>]: <reason>"
      line for each skip, then "<N> passed, <N> failed, <N> skipped".  A
      cmocka suite counts its cases (a skipped case is named by the
      suite's test and the case); any other test counts once, exit 77
      being a skip.  ci-scripts/test-meson.sh prints these for its run.

  stage_counts.py stage KEY STATUS LOG ALLOWED
      Judge a stage that exited STATUS and whose output is in LOG, from
      the protocol lines it printed (its last "<N> passed, <N> failed,
      <N> skipped" line and its "SKIP: <name>: <reason>" lines); without
      a counts line the stage counts once, passed or failed by STATUS.
      Each skip must be listed for stage KEY in ALLOWED; one that is not
      fails the stage.  Prints each skip, then as its last line
      "<PASS|FAIL|SKIP> <passed> <failed> <skipped>": SKIP when every
      check skipped.  tests/run-all.sh calls it for each of its stages.
"""
import json
import re
import sys

COUNTS = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$")
SKIP_LINE = re.compile(r"^SKIP: ([^:]+): (.*)$")
CMOCKA_TOTAL = {
    "passed": re.compile(r"^\[  PASSED  \] (\d+) test\(s\)\.$", re.M),
    "failed": re.compile(r"^\[  FAILED  \] (\d+) test\(s\), listed below:$", re.M),
    "skipped": re.compile(r"^\[  SKIPPED \] (\d+) test\(s\), listed below:$", re.M),
}
# A case's own lines: its start, and its skip with the reason the case
# printed (slab_skip()) before it; the totals' lines have more words.
CMOCKA_RUN = re.compile(r"^\[ RUN      \] (\S+)$")
CMOCKA_SKIPPED_CASE = re.compile(r"^\[  SKIPPED \] (\S+)$")
# meson's results that are a pass (an expected failure passes).
MESON_PASSES = {"OK", "EXPECTEDFAIL"}


def skip_reason(out):
    """The reason a test that exited 77 gave: its last "SKIP" line, or its last line."""
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    said = [line for line in lines if line.startswith("SKIP")]
    if said:
        return re.sub(r"^SKIP:?\s*", "", said[-1]) or "exit 77"
    return lines[-1] if lines else "exit 77, no reason printed"


def cmocka_skips(out):
    """{case: reason} for each case cmocka skipped, in order."""
    skips = {}
    said = None
    for line in out.splitlines():
        if CMOCKA_RUN.match(line):
            said = None
        elif line.startswith("SKIP: "):
            said = line[len("SKIP: "):].strip()
        else:
            match = CMOCKA_SKIPPED_CASE.match(line)
            # Each skipped case is named twice: as it runs and in the list.
            if match and match.group(1) not in skips:
                skips[match.group(1)] = said or "skip(), no reason printed"
    return skips


def meson_counts(path):
    """(passed, failed, skips) over the tests of one meson test log."""
    passed = failed = 0
    skips = []
    with open(path, encoding="utf-8") as log:
        for line in log:
            test = json.loads(line)
            # "project:suite / name": the test's own name has no colon.
            name = test["name"].rsplit(" / ", 1)[-1]
            out = (test.get("stdout") or "") + (test.get("stderr") or "")
            totals = {key: sum(int(n) for n in pattern.findall(out))
                      for key, pattern in CMOCKA_TOTAL.items()}
            if any(totals.values()):
                passed += totals["passed"]
                failed += totals["failed"]
                cases = cmocka_skips(out)
                skips += [f"{name} {case}: {why}" for case, why in cases.items()]
                # cmocka names fewer than it counts only if its output was cut.
                skips += [f"{name} ?: a skipped case cmocka did not name"] * (
                    totals["skipped"] - len(cases))
                # A failure after the cases (a group teardown, a tool's report,
                # a crash in a later group) fails the test once more.
                if test["result"] not in MESON_PASSES and not totals["failed"]:
                    failed += 1
            elif test["result"] in MESON_PASSES:
                passed += 1
            elif test["result"] == "SKIP":
                skips.append(f"{name}: {skip_reason(out)}")
            else:
                failed += 1
    return passed, failed, skips


def read_allowed(path):
    """{(stage, test and case): reason} from the list of allowed skips."""
    allowed = {}
    with open(path, encoding="utf-8") as listing:
        for number, line in enumerate(listing, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            what, dash, reason = line.partition(" — ")
            fields = what.split()
            if not dash or not reason.strip() or len(fields) < 2:
                sys.exit(f"{path}:{number}: not '<stage> <test> [<case>] — <reason>': {line}")
            allowed[(fields[0], " ".join(fields[1:]))] = reason.strip()
    return allowed


def allowed_reason(allowed, key, name):
    """Why skip name may skip in stage key, or None: a "*" stage is any
    stage, a "*" in the name any text (a kernel case in any boot step)."""
    for (stage, pattern), reason in allowed.items():
        if stage not in ("*", key):
            continue
        regex = ".*".join(re.escape(part) for part in pattern.split("*"))
        if re.fullmatch(regex, name):
            return reason
    return None


def judge_stage(key, status, log_path, allowed_path):
    allowed = read_allowed(allowed_path)
    counts = None
    skips = []
    with open(log_path, encoding="utf-8", errors="replace") as log:
        for line in log:
            line = line.rstrip("\n")
            match = COUNTS.match(line)
            if match:
                counts = [int(n) for n in match.groups()]
            match = SKIP_LINE.match(line)
            if match and match.groups() not in skips:
                skips.append(match.groups())
    if counts is None:
        # A stage that does not count its checks is one check.
        counts = [1, 0, 0] if status == 0 else [0, 1, 0]
        if skips:
            print(f"{key}: {len(skips)} SKIP line(s) but no counts line")
            counts[1] += 1
    passed, failed, skipped = counts
    if status != 0 and not failed:
        print(f"{key}: the stage exited {status} with no failed check counted")
        failed = 1
    if status == 0 and failed:
        print(f"{key}: {failed} failed check(s) counted, yet the stage exited 0")
    if len(skips) != skipped:
        print(f"{key}: {skipped} skipped counted, {len(skips)} named by a SKIP line")
        failed += 1
    unlisted = 0
    for name, reason in skips:
        why = allowed_reason(allowed, key, name)
        if why is None:
            unlisted += 1
            print(f"SKIP  {key}: {name}: {reason} -- NOT in tests/allowed-skips.txt: fails the stage")
        else:
            print(f"SKIP  {key}: {name}: {reason} (allowed: {why})")
    if failed or unlisted or status != 0:
        verdict = "FAIL"
    elif skipped and not passed:
        verdict = "SKIP"
    else:
        verdict = "PASS"
    print(f"{verdict} {passed} {failed} {skipped}")


def main(argv):
    if len(argv) == 3 and argv[1] == "meson":
        passed, failed, skips = meson_counts(argv[2])
        for skip in skips:
            print(f"SKIP: {skip}")
        print(f"{passed} passed, {failed} failed, {len(skips)} skipped")
        return 0
    if len(argv) == 6 and argv[1] == "stage":
        try:
            status = int(argv[3])
        except ValueError:
            sys.exit(f"stage_counts.py: STATUS is not a number: {argv[3]}")
        judge_stage(argv[2], status, argv[4], argv[5])
        return 0
    sys.exit(__doc__.split("\n\n", 1)[1].rstrip())


if __name__ == "__main__":
    sys.exit(main(sys.argv))
