#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ci_lint.py ROOT - check the GitLab pipeline of the repository at ROOT,
so that it cannot rot unnoticed:

  * every job, in the default pipeline and under every scenario, runs only
    ci-scripts that exist and are executable, maps exit code 101 to
    "allowed to fail", sits in a declared stage, and defines the
    variables its script and cache key use;
  * every ci-script (but lib.sh) is run by some job;
  * every KCI_ and ICI_ variable the YAML or the scripts use is documented
    in docs/ci.md, and docs/ci.md documents no other; every runtime setting
    of lib.sh is declared in .gitlab-ci.yml with a description;
  * every scenario file has a row in docs/ci.md's scenario table;
  * ICI_IMAGE_TAG is the hash of what the image is made of;
  * where gitlab-ci-local is installed and ROOT is a git checkout, it
    parses the pipeline and each scenario against GitLab's schema and
    lists the jobs this lint expects.

Prints each problem and exits 1 if there is any.

ci_lint.py --self-test ROOT checks the lint itself: on copies of the
pipeline, each with one defect, it must report that defect.
"""

import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

# Keys of a pipeline file that are not jobs.
GLOBAL_KEYS = {"workflow", "variables", "stages", "default", "include", "image",
               "services", "cache", "before_script", "after_script", "spec"}
SCRIPTS_DIR = "ci/gitlab-ci/ci-scripts"
SCRIPT_LINE = re.compile(r'^(' + re.escape(SCRIPTS_DIR) + r'/[\w.-]+\.sh)(\s.*)?$')
VARIABLE = re.compile(r'\b(?:KCI|ICI)_[A-Z0-9_]*[A-Z0-9]\b')
# Variables GitLab or the runner sets, which jobs may use undeclared.
PREDEFINED = re.compile(r'^(CI_|GITLAB_|FF_)')


class Loader(yaml.SafeLoader):
    """GitLab's YAML, whose !reference tags stay as plain lists."""


Loader.add_constructor("!reference", lambda loader, node: loader.construct_sequence(node))

problems = []


def problem(text):
    problems.append(text)


def load(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return yaml.load(f, Loader=Loader) or {}


def merge(base, over):
    """GitLab's merge of a job defined twice: hashes deep, the rest replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return over


def local_includes(doc):
    includes = doc.get("include", [])
    if isinstance(includes, (str, dict)):
        includes = [includes]
    for inc in includes:
        yield inc if isinstance(inc, str) else inc.get("local")


def pipeline(root, scenario):
    """The files of the pipeline with KCI_SCENARIO=scenario (None: unset),
    merged as GitLab merges them: (jobs and templates, variables, stages)."""
    entries = {}
    variables = {}
    stages = []
    order = [".gitlab-ci.yml"]
    seen = []
    while order:
        path = order.pop(0)
        if "$KCI_SCENARIO" in path:
            if scenario is None:
                continue
            path = path.replace("$KCI_SCENARIO", scenario)
        if not os.path.isfile(os.path.join(root, path)):
            problem(f"{path}: included but missing")
            continue
        seen.append(path)
        doc = load(root, path)
        order = [p for p in local_includes(doc) if p] + order
        for key, value in doc.items():
            if key == "variables":
                variables.update(value)
            elif key == "stages":
                stages = value
            elif key not in GLOBAL_KEYS:
                entries[key] = merge(entries.get(key, {}), value)
    return entries, variables, stages, seen


def resolve(entries, name, depth=0):
    """A job with its extends applied."""
    job = entries[name]
    extends = job.get("extends", [])
    if isinstance(extends, str):
        extends = [extends]
    out = {}
    for parent in extends:
        if parent not in entries or depth > 10:
            problem(f"job {name}: extends unknown template {parent}")
            continue
        out = merge(out, resolve(entries, parent, depth + 1))
    return merge(out, {k: v for k, v in job.items() if k != "extends"})


def matrix_names(job):
    """The names of the variables a job's parallel:matrix defines, and the
    job names GitLab gives its instances."""
    matrix = (job.get("parallel") or {}).get("matrix") if isinstance(job.get("parallel"), dict) else None
    if not matrix:
        return set(), None
    names = set()
    instances = []
    for row in matrix:
        names.update(row)
        values = [v if isinstance(v, list) else [v] for v in row.values()]
        instances += [list(combo) for combo in itertools.product(*values)]
    return names, instances


def check_jobs(root, scenario, entries, variables, stages):
    label = f"KCI_SCENARIO={scenario}" if scenario else "default pipeline"
    used_scripts = set()
    expected_jobs = set()
    for name in entries:
        if name.startswith("."):
            continue
        job = resolve(entries, name)
        where = f"{label}: job {name}"
        if job.get("stage") not in stages:
            problem(f"{where}: stage {job.get('stage')!r} is not among {stages}")
        codes = (job.get("allow_failure") or {}).get("exit_codes") \
            if isinstance(job.get("allow_failure"), dict) else None
        if codes is None or 101 not in (codes if isinstance(codes, list) else [codes]):
            problem(f"{where}: exit code 101 (warnings) is not allowed to fail (extend .kci-job)")
        script = job.get("script")
        if not script:
            problem(f"{where}: has no script")
            script = []
        for key in ("before_script", "after_script"):
            if job.get(key):
                problem(f"{where}: has {key}; the YAML only wires ci-scripts")
        defined = set(variables) | set((job.get("variables") or {}))
        matrix, instances = matrix_names(job)
        defined |= matrix
        for line in script:
            match = SCRIPT_LINE.match(str(line))
            if not match:
                problem(f"{where}: script line {line!r} does not run a ci-script "
                        f"({SCRIPTS_DIR}/NAME.sh ARGS)")
                continue
            path = os.path.join(root, match.group(1))
            if not os.path.isfile(path):
                problem(f"{where}: runs {match.group(1)}, which does not exist")
            elif not os.access(path, os.X_OK):
                problem(f"{where}: runs {match.group(1)}, which is not executable")
            used_scripts.add(os.path.basename(match.group(1)))
        uses = set()
        for text in [str(line) for line in script] + [json.dumps(job.get("cache", {}))]:
            uses |= set(re.findall(r'\$\{?([A-Za-z_][A-Za-z0-9_]*)', text))
        for var in sorted(uses - defined):
            if not PREDEFINED.match(var):
                problem(f"{where}: uses ${var}, which neither the job nor the pipeline defines")
        if instances:
            expected_jobs |= {f"{name}: [{','.join(map(str, i))}]" for i in instances}
        else:
            expected_jobs.add(name)
    return used_scripts, expected_jobs


def documented_names(root):
    with open(os.path.join(root, "docs/ci.md"), encoding="utf-8") as f:
        text = f.read()
    return text, set(re.findall(r'`((?:KCI|ICI)_[A-Z0-9_]*[A-Z0-9])\b', text))


def runtime_settings(root):
    with open(os.path.join(root, SCRIPTS_DIR, "lib.sh"), encoding="utf-8") as f:
        text = f.read()
    block = re.search(r'ICI_SETTINGS=\((.*?)\n\)', text, re.S).group(1)
    return re.findall(r'"(KCI_[A-Z0-9_]+)=', block)


def image_tag(root):
    digest = hashlib.sha256()
    for path in ("ci/gitlab-ci/container/Dockerfile", "tests/packages.sh"):
        with open(os.path.join(root, path), "rb") as f:
            digest.update(f.read())
    return "bookworm-" + digest.hexdigest()[:12]


def gitlab_ci_local(root, scenario, expected):
    """gitlab-ci-local's own reading of the pipeline (GitLab's schema)."""
    args = ["gitlab-ci-local", "--list-json"]
    if scenario:
        args += ["--variable", f"KCI_SCENARIO={scenario}"]
    with tempfile.TemporaryDirectory() as home:
        # Its state and home directories stay out of the checkout.
        args += ["--state-dir", os.path.relpath(os.path.join(home, "state"), root),
                 "--home", home]
        run = subprocess.run(args, capture_output=True, text=True, check=False, cwd=root)
    label = f"KCI_SCENARIO={scenario}" if scenario else "default pipeline"
    if run.returncode != 0:
        problem(f"gitlab-ci-local rejects the {label}: {run.stderr.strip()[-2000:]}")
        return
    start = run.stdout.find("[")
    listed = {job["name"] for job in json.loads(run.stdout[start:])}
    for name in sorted(expected - listed):
        problem(f"gitlab-ci-local does not list {name} in the {label}")
    for name in sorted(listed - expected):
        problem(f"gitlab-ci-local lists {name} in the {label}, which this lint does not expect")


def lint(root, use_gitlab_ci_local=True):
    """Every problem of the pipeline at root, and a summary line."""
    problems.clear()
    scenario_dir = os.path.join(root, "ci/gitlab-ci/yml/scenarios")
    scenarios = sorted(f[:-4] for f in os.listdir(scenario_dir) if f.endswith(".yml"))
    docs, documented = documented_names(root)
    used_scripts = set()
    used_names = set()
    seen_files = set()
    expected = {}
    top_variables = {}
    for scenario in [None] + scenarios:
        entries, variables, stages, files = pipeline(root, scenario)
        if scenario is None:
            top_variables = load(root, ".gitlab-ci.yml").get("variables", {})
        scripts, jobs = check_jobs(root, scenario, entries, variables, stages)
        used_scripts |= scripts
        expected[scenario] = jobs
        seen_files |= set(files)

    for path in sorted(seen_files):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            used_names |= set(VARIABLE.findall(f.read()))
    for script in sorted(os.listdir(os.path.join(root, SCRIPTS_DIR))):
        with open(os.path.join(root, SCRIPTS_DIR, script), encoding="utf-8") as f:
            used_names |= set(VARIABLE.findall(f.read()))
        if script != "lib.sh" and script not in used_scripts:
            problem(f"{SCRIPTS_DIR}/{script} is run by no job")

    for name in sorted(used_names - documented):
        problem(f"{name} is used but not documented in docs/ci.md")
    for name in sorted(documented - used_names):
        problem(f"docs/ci.md documents {name}, which nothing uses")
    settings = runtime_settings(root)
    for name in settings:
        declared = top_variables.get(name)
        if not isinstance(declared, dict) or not declared.get("description"):
            problem(f"runtime setting {name} is not declared with a description in .gitlab-ci.yml")
    for name in (n for n in top_variables if n.startswith("KCI_")):
        if name != "KCI_SCENARIO" and name not in settings:
            problem(f".gitlab-ci.yml declares {name}, which lib.sh does not resolve")
    for scenario in scenarios:
        if not re.search(rf'^\| `{re.escape(scenario)}` \|', docs, re.M):
            problem(f"scenario {scenario} is not documented in docs/ci.md (a row of its table)")

    tag, want = top_variables.get("ICI_IMAGE_TAG"), image_tag(root)
    if tag != want:
        problem(f"ICI_IMAGE_TAG is {tag!r}, but the Dockerfile and tests/packages.sh "
                f"hash to {want!r}: update .gitlab-ci.yml")

    if use_gitlab_ci_local and shutil.which("gitlab-ci-local") and \
            os.path.isdir(os.path.join(root, ".git")):
        # gitlab-ci-local reads only the files git tracks.
        untracked = [p for p in sorted(seen_files) if subprocess.run(
            ["git", "ls-files", "--error-unmatch", p], cwd=root,
            capture_output=True, check=False).returncode]
        for path in untracked:
            problem(f"{path} is not tracked by git, so gitlab-ci-local cannot read it: git add it")
        if not untracked:
            for scenario in [None] + scenarios:
                gitlab_ci_local(root, scenario, expected[scenario])
        checked = "and gitlab-ci-local"
    else:
        checked = "(gitlab-ci-local not installed, or not a git checkout: schema not checked)"

    jobs = sum(len(j) for j in expected.values())
    return list(problems), (f"{len(problems)} problems in {len(seen_files)} files, {jobs} jobs "
                            f"over {len(scenarios)} scenarios and the default pipeline, "
                            f"checked by this lint {checked}")


# Each defect the self-test plants: the file, the text replaced, its
# replacement, and what the lint must then report.
DEFECTS = [
    ("ci/gitlab-ci/yml/test.yml", "ci-scripts/test-module.sh", "ci-scripts/test-modules.sh",
     "runs ci/gitlab-ci/ci-scripts/test-modules.sh, which does not exist"),  # stale-names: a planted name
    ("ci/gitlab-ci/yml/static-checks.yml", "ci/gitlab-ci/ci-scripts/cppcheck.sh",
     "cppcheck --project build", "does not run a ci-script"),
    ("ci/gitlab-ci/yml/static-checks.yml", "checkpatch:\n  extends: .kci-job\n",
     "checkpatch:\n", "job checkpatch: exit code 101 (warnings) is not allowed to fail"),
    ("ci/gitlab-ci/ci-scripts/fuzz.sh", "KCI_FUZZ_SECONDS", "KCI_FUZZ_SECS",
     "KCI_FUZZ_SECS is used but not documented"),
    ("ci/gitlab-ci/yml/scenarios/debug.yml", "ci/gitlab-ci/ci-scripts/fuzz.sh",
     "ci/gitlab-ci/ci-scripts/test-meson.sh clang", "ci-scripts/fuzz.sh is run by no job"),
    ("ci/gitlab-ci/container/Dockerfile", "FROM debian:12", "FROM debian:12.8",
     "ICI_IMAGE_TAG is"),
    ("ci/gitlab-ci/yml/build.yml", '"$ICI_ARCH"', '"$ICI_ARCHITECTURE"',
     "uses $ICI_ARCHITECTURE, which neither the job nor the pipeline defines"),
    ("ci/gitlab-ci/yml/test.yml", "stage: test", "stage: tests",
     "stage 'tests' is not among"),
    ("docs/ci.md", "| `tiny` |", "| tiny |", "scenario tiny is not documented"),
]


def self_test(root):
    """Plant each defect in a copy of the pipeline; the lint must find it."""
    failures = 0
    for path, old, new, expected in DEFECTS:
        with tempfile.TemporaryDirectory() as copy:
            for part in (".gitlab-ci.yml", "ci", "docs/ci.md", "tests/packages.sh"):
                src, dst = os.path.join(root, part), os.path.join(copy, part)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if os.path.isdir(src):
                    shutil.copytree(src, dst)
                else:
                    shutil.copy2(src, dst)
            target = os.path.join(copy, path)
            with open(target, encoding="utf-8") as f:
                text = f.read()
            if old not in text:
                print(f"ci_lint self-test: {path} no longer contains {old!r}: update DEFECTS")
                failures += 1
                continue
            with open(target, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))
            found, _ = lint(copy, use_gitlab_ci_local=False)
            if any(expected in p for p in found):
                print(f"ci_lint self-test: ok: {path}: {old!r} -> {new!r} is reported")
            else:
                print(f"ci_lint self-test: FAIL: {path}: {old!r} -> {new!r} not reported "
                      f"as {expected!r}; reported: {found}")
                failures += 1
    clean, _ = lint(root, use_gitlab_ci_local=False)
    if clean:
        print(f"ci_lint self-test: FAIL: the unchanged pipeline has problems: {clean}")
        failures += 1
    return 1 if failures else 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        return self_test(os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "."))
    found, summary = lint(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "."))
    for text in found:
        print(f"ci_lint: {text}")
    print(f"ci_lint: {summary}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
