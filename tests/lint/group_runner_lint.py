#!/usr/bin/env python3
"""No cmocka group with a teardown runs through cmocka's own runner.

cmocka 1.1.5 prints "[  FAILED  ] GROUP TEARDOWN" when a group teardown
returns non-zero, yet leaves it out of the count its runner returns, so
the program exits 0.  The suites whose group teardown is a check (e.g.
expect_clean_teardown(), no WARN or slab report left behind) run through
slab_run_group() (tests/shim/shim_harness.h), which counts a failed group fixture.

This refuses, in every C file under the tests folder, a call of
cmocka_run_group_tests(), cmocka_run_group_tests_name() or
_cmocka_run_group_tests() whose group teardown is not NULL.  The one
exception is slab_run_group_tests()'s own call in tests/shim/shim_harness.c.

Usage: group_runner_lint.py <tests folder>
"""
import os
import re
import sys

# cmocka's runners and the position of the group teardown among their arguments.
TEARDOWN_ARG = {
    'cmocka_run_group_tests': 2,
    'cmocka_run_group_tests_name': 3,
    '_cmocka_run_group_tests': 4,
}
# tests/shim/shim_harness.c, as found under the tests folder.
RUNNER_FILE = os.path.join('shim', 'shim_harness.c')
CALL = re.compile(r'\b(' + '|'.join(TEARDOWN_ARG) + r')\s*\(')
# Comments, string and character literals (kept apart so that a comment
# quoting a call is not a call).
NOT_CODE = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                      re.S)


def blank(match):
    """The match as spaces, its newlines kept, so that line numbers hold."""
    return re.sub(r'[^\n]', ' ', match.group(0))


def arguments(code, start):
    """The top-level arguments of the call whose '(' is at start, stripped."""
    args, depth, begin = [], 0, start + 1
    for i in range(start, len(code)):
        c = code[i]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                args.append(code[begin:i].strip())
                return args
        elif c == ',' and depth == 1:
            args.append(code[begin:i].strip())
            begin = i + 1
    return None


def calls(path):
    """(line, runner, arguments or None when unbalanced) of every runner call."""
    with open(path, encoding='utf-8') as f:
        code = NOT_CODE.sub(blank, f.read())
    for m in CALL.finditer(code):
        yield (code.count('\n', 0, m.start()) + 1, m.group(1),
               arguments(code, m.end() - 1))


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: group_runner_lint.py <tests folder>')
    root = sys.argv[1]
    if not os.path.isdir(root):
        sys.exit(f'group_runner_lint.py: {root!r} is not a folder')
    checked, runner_calls, problems = 0, 0, []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(folder, name)
            shown = os.path.relpath(path, root)
            for line, runner, args in calls(path):
                checked += 1
                where = f'{os.path.join(os.path.basename(root), shown)}:{line}'
                if args is None or len(args) <= TEARDOWN_ARG[runner]:
                    problems.append(f'{where}: {runner}() whose arguments this '
                                    'check cannot read')
                    continue
                teardown = args[TEARDOWN_ARG[runner]]
                if teardown == 'NULL':
                    continue
                if shown == RUNNER_FILE and runner_calls == 0:
                    runner_calls += 1
                    continue
                problems.append(f'{where}: {runner}() with group teardown '
                                f'{teardown}: cmocka exits 0 when it fails; '
                                'use slab_run_group() (tests/shim/shim_harness.h)')
    if runner_calls != 1:
        problems.append(f'{RUNNER_FILE}: slab_run_group_tests() calls no cmocka '
                        'runner with a teardown (has the project runner moved?)')
    for problem in problems:
        print(problem)
    print(f'{checked} calls of cmocka\'s group runners, {len(problems)} refused')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
