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
    file under the include folder;
  - the CUDA names a native table holds beyond its wrapper table's are
    declared by the CUDA library's header (names the wrapper spells as CUDA
    does, such as cuSPARSE's csrilu02Info_t, which rocSPARSE renames);
  - a `value_args` target is an enumerator, and every native identifier in
    an `args` or `call` template is declared;
  - where the CUDA header is at hand (--cuda-include), a renamed function
    with argument rewrites that keep the call's shape takes as many
    arguments in the native header as the CUDA call passes after the
    rewrite (arguments dropped, and arguments an `args` template adds).

usage: check_roc_rules.py [--include DIR] [--cuda-include DIR]
       (defaults /usr/include and the CUDA toolkit's include folder)
Exit 0: all targets confirmed (a library whose headers are absent gets the
coverage check only, and says so); 1: a problem, listed; 77: no library's
headers are present.
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
HEADER_DIRS = {"curand": "rocrand", "cusparse": "rocsparse", "cublas": "rocblas", "cufft": "rocfft", "cusolver": "rocsolver"}
# The hip* wrapper each table replaces: a native table may also override an
# entry of another default table whose target names the wrapper.
WRAPPERS = {"curand": "hiprand", "cusparse": "hipsparse", "cublas": "hipblas", "cufft": "hipfft", "cusolver": "hipsolver"}
# The CUDA header of each library whose prototypes the argument counts are
# compared with (host APIs with one C prototype per name).
CUDA_HEADERS = {"cusparse": "cusparse.h"}

SECTIONS = ("headers", "functions", "types", "constants", "macros", "device")


def load(path):
    with open(path) as f:
        return G.load_yaml(f.read(), path)


_DECLARED = {}


def declared(kind, name, text):
    """Whether the headers' text declares name as a kind of entry: a
    function as `name(`, a type by a typedef, struct, class or enum, a
    constant as an enumerator, a macro by #define. The names of each kind
    are collected once per text (the headers are large)."""
    key = (id(text), kind)
    if key not in _DECLARED:
        if kind in ("functions", "device"):
            found = re.findall(r"\b(\w+)\s*\(", text)
        elif kind == "types":
            found = re.findall(r"typedef\b[^;]*\b(\w+)\s*;", text)
            found += re.findall(r"\b(?:struct|class|enum)\s+(\w+)\b", text)
        elif kind == "constants":
            found = re.findall(r"\b(\w+)\s*(?:=|,|\n\s*\})", text)
        elif kind == "macros":
            found = re.findall(r"#\s*define\s+(\w+)\b", text)
        else:
            found = []
        _DECLARED[key] = set(found)
    return name in _DECLARED[key]


def prototypes(text, prefix):
    """name -> number of parameters of each C prototype whose name starts
    with prefix (text without comments)."""
    out = {}
    for m in re.finditer(r"\b(%s\w*)\s*\(([^;{}]*?)\)\s*[;{]" % prefix, text):
        params = m.group(2).strip()
        if m.group(1) in out or re.search(r"[=!<>]=|&&|\|\||\breturn\b", params):
            continue
        out[m.group(1)] = 0 if params in ("", "void") else top_level_commas(params) + 1
    return out


def top_level_commas(text):
    depth, n = 0, 0
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == "," and depth == 0:
            n += 1
    return n


def cuda_include_dir():
    """The CUDA toolkit's include folder: CUDA_PATH, then the folder beside
    the nvcc found on PATH (through links; /usr/local/bin/nvcc may be a
    wrapper script, so the folder must hold cuda_runtime.h), then the usual
    install folder."""
    candidates = []
    if os.environ.get("CUDA_PATH"):
        candidates.append(os.path.join(os.environ["CUDA_PATH"], "include"))
    for d in os.environ.get("PATH", "").split(os.pathsep):
        nvcc = os.path.join(d, "nvcc")
        if os.path.isfile(nvcc):
            candidates.append(os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), "include"))
    candidates.append("/usr/local/cuda/include")
    for inc in candidates:
        if os.path.isfile(os.path.join(inc, "cuda_runtime.h")):
            return inc
    return candidates[-1]


def target(value):
    if isinstance(value, str):
        return value
    if "unsupported" in value:
        return None
    return value.get("hip")


def check(lib, include, cuda_include, headers=True):
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
    for f in sorted(os.listdir(folder)) if headers else []:
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
    cuda_text = ""
    cuda_header = os.path.join(cuda_include, CUDA_HEADERS.get(lib, ""))
    if lib in CUDA_HEADERS and os.path.isfile(cuda_header):
        cuda_text = G.strip_c(open(cuda_header, errors="replace").read())
    elif lib in CUDA_HEADERS:
        print("note: %s is absent: argument counts of %s are not compared" % (cuda_header, lib))
    cuda_arity = prototypes(cuda_text, "cu") if cuda_text else {}
    native_arity = prototypes(text, "roc")
    mapped = unsupported = 0
    for sec in SECTIONS:
        ours, theirs = native.get(sec) or {}, wrapper.get(sec) or {}
        for name in sorted(set(theirs) - set(ours)):
            problems.append("rules/roc/%s.yaml: %s: '%s' (in rules/%s.yaml) is missing" % (lib, sec, name, lib))
        for name in sorted(set(ours) - set(theirs)):
            if cuda_text and re.search(r"\b%s\b" % re.escape(name), cuda_text):
                continue  # a CUDA name the wrapper spells as CUDA does
            if lib in CUDA_HEADERS and not cuda_text:
                continue  # without the CUDA header such names cannot be confirmed (noted above)
            if WRAPPERS[lib] not in others.get((sec, name), "").lower():
                problems.append("rules/roc/%s.yaml: %s: '%s' is neither in rules/%s.yaml nor a %s entry of "
                                "another table" % (lib, sec, name, lib, WRAPPERS[lib]))
        for name, value in sorted(ours.items()):
            t = target(value)
            if t is None:
                unsupported += 1
                continue
            if not headers:
                mapped += 1
                continue
            ok = os.path.isfile(os.path.join(include, t)) if sec == "headers" else declared(sec, t, text)
            if ok:
                entry = {"hip": value} if isinstance(value, str) else value
                problems += check_rewrites(lib, sec, name, entry, text, cuda_arity, native_arity)
            if ok:
                mapped += 1
            else:
                problems.append("rules/roc/%s.yaml: %s: %s -> %s is not declared in %s"
                                % (lib, sec, name, t, folder))
    return problems, mapped, unsupported


compared = [0]  # functions whose argument counts were compared


def check_rewrites(lib, sec, name, value, text, cuda_arity, native_arity):
    """The parts of an entry beyond its target: value_args targets, native
    names in templates, and the argument count after the rewrite."""
    problems = []
    where = "rules/roc/%s.yaml: %s: %s" % (lib, sec, name)
    for idx, values in (value.get("value_args") or {}).items():
        for cuda, native in values.items():
            if not declared("constants", native, text):
                problems.append("%s: value_args %s: %s -> %s is not an enumerator of the native headers"
                                % (where, idx, cuda, native))
    templates = [value.get("call") or ""] + list((value.get("args") or {}).values())
    for t in templates:
        for word in re.findall(r"\b(%s_\w+)" % HEADER_DIRS[lib][:3], t):
            if not (declared("functions", word, text) or declared("constants", word, text)):
                problems.append("%s: '%s' in a template is not declared in the native headers" % (where, word))
    hip = value.get("hip")
    if value.get("call") or name not in cuda_arity or hip not in native_arity:
        return problems
    compared[0] += 1
    n = cuda_arity[name] - len(value.get("drop_args") or [])
    n += sum(top_level_commas(t) for t in (value.get("args") or {}).values())
    if n != native_arity[hip]:
        problems.append("%s: the CUDA call passes %d argument(s) after the rewrite, %s takes %d"
                        % (where, n, hip, native_arity[hip]))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--include", default="/usr/include")
    ap.add_argument("--cuda-include", default=cuda_include_dir())
    args = ap.parse_args()
    libs = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "rules", "roc")) if f.endswith(".yaml"))
    problems = []
    skipped = 0
    for lib in libs:
        if lib not in HEADER_DIRS:
            problems.append("rules/roc/%s.yaml: no native header folder known (HEADER_DIRS)" % lib)
            continue
        if not os.path.isdir(os.path.join(args.include, HEADER_DIRS[lib])):
            # Without the native headers only the coverage of the wrapper
            # table's names can be checked.
            p, mapped, unsupported = check(lib, args.include, args.cuda_include, headers=False)
            problems += p
            print("%s -> %s: %s/%s is absent: %d target(s) NOT confirmed; %d unsupported; names cover "
                  "rules/%s.yaml" % (lib, HEADER_DIRS[lib], args.include, HEADER_DIRS[lib], mapped, unsupported, lib))
            skipped += 1
            continue
        p, mapped, unsupported = check(lib, args.include, args.cuda_include)
        problems += p
        print("%s -> %s: %d target(s) confirmed against %s/%s; %d unsupported; %d argument count(s) "
              "compared with the CUDA header" % (lib, HEADER_DIRS[lib], mapped, args.include, HEADER_DIRS[lib],
                                                  unsupported, compared[0]))
        compared[0] = 0
    for p in problems:
        print("error: " + p, file=sys.stderr)
    if problems:
        return 1
    return 77 if skipped == len(libs) else 0


if __name__ == "__main__":
    sys.exit(main())
