#!/usr/bin/env python3
"""Checks that the directories of src/ depend on each other only downwards.

The layers are the table of docs/design.md, section "Where code lives": a
directory may use only directories of lower layers; directories of one layer
know nothing of each other; a data directory (layer "-") is used by none.
Two kinds of use are checked:

- #include lines: a quoted include of a file in another directory of src/.
  The public headers (include/cu2hip/) are the vocabulary of every layer
  (types, constants, the API's declarations), so any directory may include
  them; they may include only each other.
- calls, with --objects: a public header declares functions that different
  directories define, so which directory a call reaches shows only in the
  built objects. Each symbol an object of src/DIR/ needs and an object of
  another directory defines must come from a lower layer (nm).

Exit status: 0 clean, 1 a use against the layers, 2 usage or a table that
cannot be read.

  usage: check_layers.py [--root DIR] [--nm NM] [--objects OBJECT...]
"""
import argparse
import os
import re
import subprocess
import sys

DOC = "docs/design.md"
SECTION = "## Where code lives"
ROW = re.compile(r"^\|\s*(\d+|-)\s*\|\s*`([a-z_]+)/`\s*\|")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SOURCES = (".c", ".h", ".def", ".inc")


def read_layers(root):
    """{directory: layer} from the design page; None is a data directory."""
    layers, inside = {}, False
    with open(os.path.join(root, DOC), encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                inside = line.strip() == SECTION
                continue
            m = ROW.match(line) if inside else None
            if m:
                layers[m.group(2)] = None if m.group(1) == "-" else int(m.group(1))
    return layers


def top_dir(root, path):
    """The directory of src/ that path lies in, or None."""
    rel = os.path.relpath(path, os.path.join(root, "src"))
    parts = rel.split(os.sep)
    return parts[0] if len(parts) > 1 and parts[0] != ".." else None


def may_use(layers, user, used):
    """Why user must not use used, or None when it may."""
    if layers[used] is None:
        return f"{used}/ is data, which no code uses"
    if layers[user] is None:
        return f"{user}/ is data, which uses no code"
    if layers[used] >= layers[user]:
        return f"{used}/ (layer {layers[used]}) is not below {user}/ (layer {layers[user]})"
    return None


def resolve(root, including, name):
    """The file a quoted include names, as the compiler looks for it
    (beside the including file, then src/ and include/), or None."""
    for base in (os.path.dirname(including), os.path.join(root, "src"), os.path.join(root, "include")):
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(path):
            return path
    return None


def check_includes(root, layers):
    problems = []
    public = os.path.join(root, "include") + os.sep
    for tree in (os.path.join(root, "src"), os.path.join(root, "include")):
        for d, subdirs, files in os.walk(tree):
            subdirs.sort()
            for name in sorted(files):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(d, name)
                user = top_dir(root, path)
                if user is None and not path.startswith(public):
                    continue  # a file directly in src/ belongs to no layer
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        target = resolve(root, path, m.group(1)) if m else None
                        if not target:
                            continue
                        where = f"{os.path.relpath(path, root)}:{number}: includes {m.group(1)}"
                        if path.startswith(public):
                            if not target.startswith(public):
                                problems.append(f"{where}: a public header includes only public headers")
                            continue
                        used = top_dir(root, target)
                        why = may_use(layers, user, used) if used and used != user else None
                        if why:
                            problems.append(f"{where}: {why}")
    return problems


def symbols(nm, objects):
    """{object: (defined, needed)} external symbol names, from one nm run."""
    out = subprocess.run([nm, "-A", "-P", "-g"] + objects, capture_output=True, text=True, check=True).stdout
    table = {obj: (set(), set()) for obj in objects}
    for line in out.splitlines():
        obj, _, rest = line.rpartition(": ")
        fields = rest.split()
        if obj in table and len(fields) >= 2:
            table[obj][1 if fields[1] == "U" else 0].add(fields[0])
    return table


def object_dir(obj):
    """The directory of src/ an object was built from (CMake keeps the
    source's path below the target's folder: the last src/ of the path),
    and the source's name."""
    m = re.match(r"^(?:.*/)?src/([a-z_]+)/(.+)\.o$", obj)
    return (m.group(1), f"{m.group(1)}/{m.group(2)}") if m else (None, None)


def check_calls(layers, nm, objects):
    owner, needs = {}, []
    built = [obj for obj in objects if object_dir(obj)[0] in layers]  # not generated sources
    table = symbols(nm, built) if built else {}
    for obj, (defined, needed) in table.items():
        d, source = object_dir(obj)
        for s in defined:
            owner[s] = (d, source)
        needs.append((d, source, needed))
    problems = []
    for d, source, needed in sorted(needs, key=lambda n: n[1]):
        for s in sorted(needed):
            used, where = owner.get(s, (None, None))
            why = may_use(layers, d, used) if used and used != d else None
            if why:
                problems.append(f"{source}: calls {s} of {where}: {why}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--nm", default="nm")
    ap.add_argument("--objects", nargs="*", default=[])
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    layers = read_layers(root)
    if not layers:
        print(f"check_layers: no layer table in {DOC}, section '{SECTION[3:]}'", file=sys.stderr)
        return 2
    present = sorted(e.name for e in os.scandir(os.path.join(root, "src")) if e.is_dir())
    problems = [f"src/{d}/: not in the layer table of {DOC}" for d in present if d not in layers]
    problems += [f"{DOC}: {d}/ is not a directory of src/" for d in sorted(layers) if d not in present]
    if not problems:
        problems = check_includes(root, layers) + check_calls(layers, args.nm, args.objects)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} use(s) against the layers of {DOC}, '{SECTION[3:]}'", file=sys.stderr)
        return 1
    calls = f", calls of {len(args.objects)} objects" if args.objects else ""
    print(f"check_layers: {len(present)} directories, includes{calls}: every use goes down a layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
