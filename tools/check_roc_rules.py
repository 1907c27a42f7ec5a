#!/usr/bin/env python3
"""Checks the ROCm-native rule tables (rules/roc/LIB.yaml) against the
headers of the native libraries installed on this machine.

For each rules/roc/LIB.yaml:
  - rules/LIB.yaml exists and names the same library: the native table
    replaces it when --library-target LIB=roc is selected;
  - the native table names every CUDA name rules/LIB.yaml names, so
    selecting it loses no name (each is mapped or `unsupported`); any other
    name overrides an entry of another rules/*.yaml whose target names the
    wrapper library (cuRAND's include guard in nvcc.yaml);
  - every target is declared by the native library's headers: a function
    or device function as `name(`, a type by a typedef, struct, class or
    enum, a constant as an enumerator, a macro by #define, a header as a
    file under the include folder.

usage: check_roc_rules.py [--include DIR]   (default /usr/include)
Exit 0: all targets confirmed; 1: a problem, listed; 77: a library's headers
are absent (nothing to check against).
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen_rules as G  # noqa: E402  (its YAML reader and comment stripper)

# Native library of each table: the header folder under the include dir.
HEADER_DIRS = {"curand": "rocrand"}
# The hip* wrapper each table replaces: a native table may also override an
# entry of another default table whose target names the wrapper.
WRAPPERS = {"curand": "hiprand"}

SECTIONS = ("headers", "functions", "types", "constants", "macros", "device")


def load(path):
    with open(path) as f:
        return G.load_yaml(f.read(), path)


def declared(kind, name, text):
    n = re.escape(name)
    if kind in ("functions", "device"):
        return re.search(r"\b%s\s*\(" % n, text) is not None
    if kind == "types":
        return re.search(r"(typedef\b[^;]*\b%s\s*;|\b(struct|class|enum)\s+%s\b)" % (n, n), text) is not None
    if kind == "constants":
        return re.search(r"\b%s\s*(=|,|\n\s*\})" % n, text) is not None
    if kind == "macros":
        return re.search(r"#\s*define\s+%s\b" % n, text) is not None
    return False


def target(value):
    if isinstance(value, str):
        return value
    if "unsupported" in value:
        return None
    return value.get("hip")


def check(lib, include):
    problems = []
    native = load(os.path.join(ROOT, "rules", "roc", lib + ".yaml"))
    wrapper_path = os.path.join(ROOT, "rules", lib + ".yaml")
    if not os.path.exists(wrapper_path):
        return ["rules/roc/%s.yaml replaces nothing: rules/%s.yaml does not exist" % (lib, lib)], 0, 0
    wrapper = load(wrapper_path)
    if native.get("library") != wrapper.get("library"):
        problems.append("rules/roc/%s.yaml: library '%s', but rules/%s.yaml says '%s'"
                        % (lib, native.get("library"), lib, wrapper.get("library")))
    folder = os.path.join(include, HEADER_DIRS[lib])
    text = ""
    for f in sorted(os.listdir(folder)):
        # The precomputed-table headers hold numbers only (megabytes of them).
        if f.endswith((".h", ".hpp")) and "precomputed" not in f and "mtgp32_11213" not in f:
            text += G.strip_c(open(os.path.join(folder, f), errors="replace").read()) + "\n"
    others = {}
    for f in sorted(os.listdir(os.path.join(ROOT, "rules"))):
        if f.endswith(".yaml") and f != lib + ".yaml":
            doc = load(os.path.join(ROOT, "rules", f))
            for sec in SECTIONS:
                for name, value in (doc.get(sec) or {}).items():
                    others[(sec, name)] = target(value) or ""
    mapped = unsupported = 0
    for sec in SECTIONS:
        ours, theirs = native.get(sec) or {}, wrapper.get(sec) or {}
        for name in sorted(set(theirs) - set(ours)):
            problems.append("rules/roc/%s.yaml: %s: '%s' (in rules/%s.yaml) is missing" % (lib, sec, name, lib))
        for name in sorted(set(ours) - set(theirs)):
            if WRAPPERS[lib] not in others.get((sec, name), "").lower():
                problems.append("rules/roc/%s.yaml: %s: '%s' is neither in rules/%s.yaml nor a %s entry of "
                                "another table" % (lib, sec, name, lib, WRAPPERS[lib]))
        for name, value in sorted(ours.items()):
            t = target(value)
            if t is None:
                unsupported += 1
                continue
            ok = os.path.isfile(os.path.join(include, t)) if sec == "headers" else declared(sec, t, text)
            if ok:
                mapped += 1
            else:
                problems.append("rules/roc/%s.yaml: %s: %s -> %s is not declared in %s"
                                % (lib, sec, name, t, folder))
    return problems, mapped, unsupported


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--include", default="/usr/include")
    args = ap.parse_args()
    libs = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "rules", "roc")) if f.endswith(".yaml"))
    problems = []
    for lib in libs:
        if lib not in HEADER_DIRS:
            problems.append("rules/roc/%s.yaml: no native header folder known (HEADER_DIRS)" % lib)
            continue
        if not os.path.isdir(os.path.join(args.include, HEADER_DIRS[lib])):
            print("skip: %s/%s is absent (install the native library's headers)"
                  % (args.include, HEADER_DIRS[lib]))
            return 77
        p, mapped, unsupported = check(lib, args.include)
        problems += p
        print("%s -> %s: %d target(s) confirmed against %s/%s; %d unsupported"
              % (lib, HEADER_DIRS[lib], mapped, args.include, HEADER_DIRS[lib], unsupported))
    for p in problems:
        print("error: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
