#!/usr/bin/env python3
"""The layers of the library hold (docs/design.md, "Layers").

Floors, lowest first: shim/lib, shim/machine, shim/services, shim/kunit
(the KUnit runtime, which the core calls), the core (src/), the front end
(front/).  Four rules:

  calls     no object calls a function or reads a variable that an object
            of a higher floor defines (nm: its undefined symbols), but
            for the machine's preemption-point hooks (HOOKS), which the
            kernel headers' inline code reaches from any floor;
  includes  no shim object was compiled with a header of src/ other than
            the core's contract, src/include/slab_platform.h, nor with
            one of front/ (the build's dependency records: ninja -t deps);
  paths     no header under shim/include names a file of src/ by path;
  cycles    no two files of the shim call each other, directly or round a
            circle, so that each floor's files stand in an order in which
            each calls only the files before it (shim/machine/sim.h gives
            the machine's).

calls and cycles are checked on each library given: a core archive and
the archive of that library's shim and front objects.

Usage: shim_layering.py <build dir> <source root> <core archive>
<objects archive> [<core archive> <objects archive>...]
"""
import os
import re
import subprocess
import sys

FLOORS = ['shim_lib', 'shim_machine', 'shim_services', 'shim_kunit', 'src', 'front']
CONTRACT = 'src/include/slab_platform.h'
# The simulation's hooks (<sim/hooks.h>): READ_ONCE(), WRITE_ONCE() and
# the atomics test sim_switches and call the machine at a preemption
# point, in every file built with the hooks, shim/lib's included (its
# rbtree and llist).  They are the machine's, reached from any floor.
HOOKS = {'sim_point_slow', 'sim_hook_cmpxchg128_failed', 'sim_switches'}

def floor_of(member):
    """The floor of an archive member named like shim_machine_cpu.c.o."""
    name = os.path.basename(member)
    for i, prefix in reversed(list(enumerate(FLOORS))):
        if name.startswith(prefix + '_'):
            return i
    return None


def symbols(archive):
    """{member: (defined globals, undefined symbols)} of an archive."""
    out = subprocess.run(['nm', '-A', '-P', archive], check=True,
                         capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r'^.*\[(.*)\]: (\S+) (\S)', line)
        if not m:
            continue
        member, sym, kind = m.groups()
        defined, undefined = table.setdefault(os.path.basename(member), (set(), set()))
        if kind == 'U':
            undefined.add(sym)
        elif kind.isupper():
            defined.add(sym)
    return table


def check_calls(core, objects):
    table = symbols(core)
    table.update(symbols(objects))
    definer = {}
    for member, (defined, _) in table.items():
        for sym in defined:
            definer.setdefault(sym, member)
    errors = []
    seen = set()
    for member, (_, undefined) in sorted(table.items()):
        user = floor_of(member)
        if user is None:
            errors.append(f'{member}: an object of no floor (name it by its folder)')
            continue
        seen.add(FLOORS[user])
        for sym in sorted(undefined):
            owner = definer.get(sym)
            if owner is None or floor_of(owner) <= user:
                continue
            if sym in HOOKS and FLOORS[floor_of(owner)] == 'shim_machine':
                continue
            errors.append(f'{member} calls up into {owner}: {sym}')
    missing = set(FLOORS) - seen
    if missing:
        errors.append('no object found for ' + ', '.join(sorted(missing)))
    return errors, table, definer


def circles(graph):
    """The strongly connected sets of more than one node (Tarjan's)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.add(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(scc)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def check_cycles(table, definer):
    """No circle of calls between shim files."""
    def name(member):
        return member.split('.')[0]

    graph = {}
    for member, (_, undefined) in table.items():
        floor = floor_of(member)
        if floor is None or not FLOORS[floor].startswith('shim_'):
            continue
        for sym in undefined:
            owner = definer.get(sym)
            if owner is not None and owner != member and FLOORS[floor_of(owner)].startswith('shim_'):
                graph.setdefault(name(member), set()).add(name(owner))
    errors = []
    for scc in circles(graph):
        errors.append('files calling each other round a circle: ' + ', '.join(sorted(scc)))
    return errors, len(graph)


def check_includes(build, root):
    out = subprocess.run(['ninja', '-C', build, '-t', 'deps'], check=True,
                         capture_output=True, text=True).stdout
    errors = []
    checked = 0
    target = None
    src = os.path.join(root, 'src') + os.sep
    front = os.path.join(root, 'front') + os.sep
    contract = os.path.join(root, CONTRACT)
    for line in out.splitlines():
        if line and not line.startswith(' '):
            target = line.split(':')[0]
            floor = floor_of(target)
            # Every build of a shim file: the library's and its variants'.
            wanted = floor is not None and FLOORS[floor].startswith('shim_')
            checked += wanted
            continue
        path = line.strip()
        if not path or target is None or not wanted:
            continue
        full = os.path.realpath(os.path.join(build, path))
        if full.startswith(src) and full != contract:
            errors.append(f'{target} includes {os.path.relpath(full, root)}'
                          f' (the shim may include only {CONTRACT} of src/)')
        if full.startswith(front):
            errors.append(f'{target} includes {os.path.relpath(full, root)}'
                          ' (front/ is the floor above the core)')
    if not checked:
        errors.append(f'no dependency record of a shim object in {build}')
    return errors, checked


def check_paths(root):
    errors = []
    base = os.path.join(root, 'shim')
    for folder, _, files in os.walk(base):
        for name in files:
            path = os.path.join(folder, name)
            if not name.endswith(('.h', '.c')):
                continue
            with open(path, encoding='utf-8') as f:
                for n, line in enumerate(f, 1):
                    if re.match(r'\s*#\s*include\s*[<"][^>"]*\bsrc/', line):
                        errors.append(f'{os.path.relpath(path, root)}:{n}: {line.strip()}')
    return errors


def main():
    if len(sys.argv) < 5 or len(sys.argv) % 2 == 0:
        print('usage: shim_layering.py <build dir> <source root> '
              '<core archive> <objects archive> [<core archive> <objects archive>...]')
        return 2
    build, root = sys.argv[1:3]
    root = os.path.realpath(root)
    call_errors, cycle_errors, nobjects, ncalling = [], [], 0, 0
    for core, objects in zip(sys.argv[3::2], sys.argv[4::2]):
        errors, table, definer = check_calls(core, objects)
        lib = os.path.basename(objects)
        call_errors += [f'{lib}: {e}' for e in errors]
        errors, calling = check_cycles(table, definer)
        cycle_errors += [f'{lib}: {e}' for e in errors]
        nobjects += len(table)
        ncalling += calling
    include_errors, nchecked = check_includes(build, root)
    path_errors = check_paths(root)
    errors = call_errors + cycle_errors + include_errors + path_errors
    for e in errors:
        print(e)
    if errors:
        print(f'{len(errors)} layering errors (floors, lowest first: {", ".join(FLOORS)})')
        return 1
    print(f'{nobjects} objects call only into their own floor or below, '
          f'and no circle joins the {ncalling} shim files that call other shim files; '
          f'{nchecked} shim objects include no header of front/, nor of src/ but {CONTRACT}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
