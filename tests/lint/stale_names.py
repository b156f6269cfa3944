#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Stale names: every path of this repository that a doc, a comment, a
script or a meson.build names exists, and every header's include guard
spells the header's own path.

A file that moves leaves its old name behind in prose, which no compiler
reads: this finds it.  A reference is a word that starts with one of the
repository's top folders (src/, shim/, front/, tests/, bench/, docs/,
ci/, kernel/<one of ours>/) or an include name <sim/...>; <x> and *
inside it are wildcards.  kernel/ paths outside our own kernel/ folders
are Linux's (kernel/sched/core.c) and are not checked.  A line that
names a missing file on purpose (a lint's planted fault) says
"stale-names: a planted name".

Old names: a header that is only #includes, one at least of another
folder (a forwarding header, kept so that a program written against an
earlier install still compiles), is named by its new name everywhere
else.

Include guards: a header whose first directive is #ifndef GUARD followed
by #define GUARD has GUARD = PREFIX + the last components of its path
(folders named include left out), upper case, each non-alphanumeric as _,
ending in _H (a file name's leading libslab_ may join the prefix:
kernel/replace/libslab_mm_slab.h has _LIBSLAB_REPLACE_MM_SLAB_H).  PREFIX is _SHIM_ or SHIM_ under shim/, and _LIBSLAB_,
LIBSLAB_ or _ elsewhere (_ for a header that keeps the kernel's guard,
<linux/slab.h>'s _LINUX_SLAB_H).  No two headers share a guard.

Usage: stale_names.py <source root>
Prints one line per stale name, file:line first; exits 1 if any.
"""
import fnmatch
import os
import re
import sys

# Files read for references: docs, build files, scripts and sources.
TEXT_SUFFIXES = ('.md', '.c', '.h', '.sh', '.py', '.yml', '.yaml', '.txt',
                 '.build', '.Kconfig', '.1', '.3', '.7', '.msg', '.rst', '.map', '.supp')
TEXT_NAMES = ('Makefile', 'Kconfig', 'Dockerfile', 'meson.build', 'meson_options.txt',
              'README.md', '.gitlab-ci.yml')
SKIP_DIRS = {'.git', 'build', 'subprojects', '__pycache__'}
# Data the allocator reads or compares, not prose: their paths are the
# kernel's.
SKIP_SUFFIXES = ('.patch', '.trace', '.xz', '.config')
DATA_DIRS = ('tests/oracle/expected/', 'tests/data/', 'kernel/replace/stock-',
             'kernel/replace/slabinfo-', 'kernel/replace/sysfs-')

TOP = ('src', 'shim', 'front', 'tests', 'bench', 'docs', 'ci')
# A path word: not glued to a word, a path or a dash on its left, so
# lib/tests/x or tools/testing/y are not taken for ours.
REF = re.compile(r'(?<![\w./$-])((?:%s|kernel)/[\w.*<>+/-]*[\w*>/])(-?)' % '|'.join(TOP))
INCLUDE_REF = re.compile(r'<(sim/[\w./-]+\.h)>')
INCLUDE_ROOTS = ('shim/include', 'src/include', 'front/include', 'kernel/glue/include')
GUARD = re.compile(r'^#\s*ifndef\s+(\w+)\s*\n#\s*define\s+(\w+)', re.M)
FIRST_DIRECTIVE = re.compile(r'^#\s*\w+', re.M)


def text_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs
                         if d not in SKIP_DIRS and not d.startswith('build'))
        for name in sorted(files):
            path = os.path.relpath(os.path.join(folder, name), root)
            if name.endswith(SKIP_SUFFIXES) or path.startswith(DATA_DIRS):
                continue
            if name in TEXT_NAMES or name.endswith(TEXT_SUFFIXES):
                yield path


def our_kernel_folders(root):
    return {d for d in os.listdir(os.path.join(root, 'kernel'))
            if os.path.isdir(os.path.join(root, 'kernel', d))}


def built(root, folder, ref):
    """Whether ref is a target that folder/meson.build builds (bench/slabsim)."""
    head, _, name = ref.rpartition('/')
    build_file = os.path.join(root, folder, head, 'meson.build')
    if not os.path.isfile(build_file):
        return False
    with open(build_file, encoding='utf-8') as f:
        return f"'{name}'" in f.read()


def exists(root, ref):
    """Whether ref names a file or folder, <placeholder> and * as wildcards."""
    ref = ref.rstrip('/.')
    pattern = re.sub(r'<[^>]*>', '*', ref)
    if '*' not in pattern:
        return os.path.exists(os.path.join(root, pattern))
    # Match component by component, so a wildcard stays in its folder;
    # failing that, as a git pathspec does, with * crossing folders
    # ('shim/*.c' for every C file under shim/).
    matches = ['']
    for part in pattern.split('/'):
        matches = [os.path.join(m, e) for m in matches
                   if os.path.isdir(os.path.join(root, m))
                   for e in os.listdir(os.path.join(root, m))
                   if fnmatch.fnmatchcase(e, part)]
    top = os.path.join(root, pattern.split('/')[0])
    return bool(matches) or any(
        fnmatch.fnmatchcase(os.path.relpath(os.path.join(d, f), root), pattern)
        for d, _, files in os.walk(top) for f in files)


def stale_references(root):
    kernel_folders = our_kernel_folders(root)
    for path in text_files(root):
        try:
            with open(os.path.join(root, path), encoding='utf-8') as f:
                lines = f.read().splitlines()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(lines, 1):
            # A test that plants a missing name says so on the line.
            if 'stale-names: a planted name' in line:
                continue
            for match in REF.finditer(line):
                ref, dash = match[1], match[2]
                # <front/sysfs.h> is an include name, found under an
                # include folder.
                if line[match.start() - 1:match.start()] == '<' and ref.endswith('>'):
                    name = ref[:-1]
                    if not any(exists(root, os.path.join(r, name)) for r in INCLUDE_ROOTS):
                        yield f'{path}:{number}: <{name}>: no such header in {", ".join(INCLUDE_ROOTS)}'
                    continue
                parts = ref.split('/')
                if parts[0] == 'kernel' and (len(parts) < 2 or parts[1] not in kernel_folders):
                    continue
                # Objects of a kernel Makefile are built, never kept.
                if ref.endswith('.o'):
                    continue
                # A name that a dash continues is a prefix: stock-<arch>.
                if dash:
                    ref += '*'
                # A build file, or an #include "...", names its own folder's
                # files relative to it.
                here = os.path.dirname(path)
                relative = os.path.basename(path) in ('meson.build', 'Makefile') or \
                    re.match(r'\s*#\s*include\s*"', line)
                if relative and exists(root, os.path.join(here, ref)):
                    continue
                if not exists(root, ref) and not built(root, '', ref):
                    yield f'{path}:{number}: {ref}: no such file'
            for ref in INCLUDE_REF.findall(line):
                if not any(exists(root, os.path.join(r, ref)) for r in INCLUDE_ROOTS):
                    yield f'{path}:{number}: <{ref}>: no such header in {", ".join(INCLUDE_ROOTS)}'


def forwarding_headers(root):
    """{old include name: the names it forwards to} for each header that
    is only #includes, one at least of another folder, kept so that an old
    name compiles."""
    forwards = {}
    for base in INCLUDE_ROOTS:
        for folder, _, files in os.walk(os.path.join(root, base)):
            for name in files:
                if not name.endswith('.h'):
                    continue
                with open(os.path.join(folder, name), encoding='utf-8') as f:
                    text = re.sub(r'/\*.*?\*/|//[^\n]*', '', f.read(), flags=re.S)
                directives = re.findall(r'^\s*#.*$', text, re.M)
                targets = [re.fullmatch(r'\s*#\s*include\s*<([^>]+)>\s*', d) for d in directives]
                old = os.path.relpath(os.path.join(folder, name), os.path.join(root, base))
                # <linux/sizes.h> forwarding to <linux/kernel.h> is the
                # kernel's own name, not a moved one.
                if targets and all(targets) and \
                        any(os.path.dirname(t[1]) != os.path.dirname(old) for t in targets):
                    forwards[old] = ', '.join(f'<{t[1]}>' for t in targets)
    return forwards


def old_header_names(root):
    """References to a forwarding header by its old name, with its folder
    or without (stale-names: old names, such as <linux/sim_cpu.h> or
    sim_cpu.h).  A line that must name one (the table of moves, a test
    of the old names) says "stale-names: old names"; a whole file says
    "stale-names: old names in this file"."""
    forwards = forwarding_headers(root)
    if not forwards:
        return
    old = re.compile(r'(?<![\w.-])((?:[\w-]+/)*(?:%s))(?![\w.-])' %
                     '|'.join(re.escape(os.path.basename(n)) for n in forwards))
    homes = {os.path.join(b, n) for b in INCLUDE_ROOTS for n in forwards}
    for path in text_files(root):
        if path in homes:
            continue
        try:
            with open(os.path.join(root, path), encoding='utf-8') as f:
                lines = f.read().splitlines()
        except UnicodeDecodeError:
            continue
        if any('stale-names: old names in this file' in line for line in lines):
            continue
        for number, line in enumerate(lines, 1):
            if 'stale-names: old names' in line:
                continue
            for ref in old.findall(line):
                match = [n for n in forwards if n == ref or os.path.basename(n) == ref]
                if match:
                    yield (f'{path}:{number}: {ref}: an old name, which only forwards to '
                           f'{forwards[match[0]]}: name that')


def expected_guards(path):
    """The guards path may have: a prefix, then its last components."""
    parts = [p for p in os.path.splitext(path)[0].split('/') if p != 'include']
    words = [re.sub(r'[^A-Z0-9]', '_', p.upper()) for p in parts]
    prefixes = ('_SHIM_', 'SHIM_') if parts[0] == 'shim' else ('_LIBSLAB_', 'LIBSLAB_', '_')
    # libslab_mm_slab.h's LIBSLAB is the prefix: _LIBSLAB_REPLACE_MM_SLAB_H.
    spellings = [words]
    if words[-1].startswith('LIBSLAB_'):
        spellings.append(words[:-1] + [words[-1][len('LIBSLAB_'):]])
    tails = ['_'.join(w[i:]) + '_H' for w in spellings for i in range(len(w))]
    return {p + t for p in prefixes for t in tails}


def suggested_guard(path):
    """A guard of the convention: the prefix without underscore, the
    header's folder and name."""
    parts = [p for p in os.path.splitext(path)[0].split('/') if p != 'include']
    prefix = 'SHIM_' if parts[0] == 'shim' else 'LIBSLAB_'
    return prefix + '_'.join(re.sub(r'[^A-Z0-9]', '_', p.upper()) for p in parts[-2:]) + '_H'


def stale_guards(root):
    owners = {}
    for path in text_files(root):
        if not path.endswith('.h'):
            continue
        with open(os.path.join(root, path), encoding='utf-8') as f:
            text = f.read()
        first = FIRST_DIRECTIVE.search(text)
        match = GUARD.search(text)
        if not match or first.start() != match.start() or match[1] != match[2]:
            continue
        guard = match[1]
        line = text.count('\n', 0, match.start()) + 1
        if guard not in expected_guards(path):
            yield (f'{path}:{line}: include guard {guard} does not spell the path '
                   f'(e.g. {suggested_guard(path)})')
        if guard in owners:
            yield f'{path}:{line}: include guard {guard} is also {owners[guard]}\'s'
        owners[guard] = path


def main():
    if len(sys.argv) != 2 or not os.path.isdir(os.path.join(sys.argv[1], 'src')):
        sys.exit(f'usage: {sys.argv[0]} <source root> (a folder with src/), '
                 f'not {sys.argv[1:]}')
    root = sys.argv[1]
    problems = (list(stale_references(root)) + list(old_header_names(root)) +
                list(stale_guards(root)))
    for problem in problems:
        print(problem)
    if problems:
        print(f'{len(problems)} stale names')
        return 1
    print('every path named exists; every include guard spells its header\'s path')
    return 0


if __name__ == '__main__':
    sys.exit(main())
