#!/usr/bin/env python3
"""Generates (or checks) src/checks/hip_overloads.def: the overloads of
CUDA's atomic functions that HIP's headers declare and CUDA's do not
(float and double atomicMin/atomicMax, ...).

A project that wrote such an overload itself for CUDA (`__device__ float
atomicMax(float *, float)` with a CAS loop) defines a second function of
that signature under HIP: the HIP compile fails with a redefinition. cu2hip
reports the user's definition (overload-collision) from this list, without
--verify.

The declarations are read from the headers: every `NAME(PARAMS)` of the
atomic names, after comments are stripped, whose parameter list spells
types only (templates are left out). A signature is HIP's extra one when
HIP's headers declare it and CUDA's do not; its ROCm release is the oldest
of the HIP headers given that declares it.

usage: gen_hip_overloads.py [--cuda-include DIR] [--hip-include DIR[=X.Y]]...
                            [--check]
  --hip-include  a HIP include folder and the ROCm release it is (read from
                 hip/hip_version.h when no =X.Y is given); may repeat
                 [default: /usr/include and, when present,
                 /var/cache/cu2hip-fixtures/rocm-6.3/include]
  --check        compare with src/checks/hip_overloads.def instead of
                 writing it

Exit 0: written, or the file matches; 1: it differs (printed); 77: no CUDA
or HIP headers here (skipped).
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen_rules as G  # noqa: E402  (its comment stripper and version reader)
from check_roc_rules import cuda_include_dir  # noqa: E402

OUT = os.path.join(ROOT, "src", "checks", "hip_overloads.def")
OPS = ["Add", "Sub", "Exch", "Min", "Max", "Inc", "Dec", "CAS", "And", "Or", "Xor"]
NAMES = ["atomic%s%s" % (op, sfx) for op in OPS for sfx in ("", "_system", "_block")]
CUDA_FILES = ["device_atomic_functions.h", "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
              "sm_35_atomic_functions.h", "sm_60_atomic_functions.h", "sm_90_rt.h", "sm_70_rt.h"]
HIP_FILES = ["hip/amd_detail/amd_hip_atomic.h"]
TYPE_WORDS = {"unsigned", "signed", "int", "long", "short", "char", "float", "double", "bool", "void",
              "const", "volatile"}
CANON = [("unsigned long long int", "unsigned long long"), ("long long int", "long long"),
         ("unsigned long int", "unsigned long"), ("long int", "long"), ("unsigned short int", "unsigned short"),
         ("short int", "short"), ("signed int", "int")]


def param_type(text):
    """The type of one parameter, without its name, default or top-level
    qualifiers: 'const float * __restrict__ p' -> 'const float *'. None when
    it is not a plain type (a template parameter, a function pointer)."""
    text = text.split("=")[0]
    toks = re.findall(r"[A-Za-z_]\w*|\*|&|\S", text)
    toks = [t for t in toks if t not in ("__restrict__", "__restrict", "restrict")]
    if not toks or any(not (re.match(r"[A-Za-z_]\w*$", t) or t in "*&") for t in toks):
        return None
    if len(toks) > 1 and re.match(r"[A-Za-z_]\w*$", toks[-1]) and toks[-1] not in TYPE_WORDS:
        toks = toks[:-1]  # the parameter's name
    # const/volatile of the value itself (after the last '*', or with none)
    # do not change the signature
    last_star = max((i for i, t in enumerate(toks) if t in "*&"), default=-1)
    toks = [t for i, t in enumerate(toks) if not (t in ("const", "volatile") and (last_star < 0 or i > last_star))]
    s = " ".join(toks)
    for a, b in CANON:
        s = re.sub(r"\b%s\b" % a, b, s)
    s = re.sub(r"\bunsigned(?! (int|long|short|char))\b", "unsigned int", s)
    s = re.sub(r"\s*\*", " *", s).replace("* *", "**")
    return s


def signatures(text):
    """(name, (param types...)) of every declaration of the atomic names."""
    code = G.strip_c(text)
    out = set()
    for m in re.finditer(r"\b(%s)\s*\(([^()]*)\)" % "|".join(NAMES), code):
        before = code[max(0, m.start() - 200):m.start()]
        # a declaration: a type word right before the name, not a call
        prev = re.search(r"([A-Za-z_]\w*|\*)\s*$", before)
        if not prev or prev.group(1) in ("return", "else", "do"):
            continue
        if prev.group(1) not in TYPE_WORDS and prev.group(1) != "*" and not re.match(
                r"(u?int\d+_t|__half2?|__nv_bfloat162?|__hip_bfloat162?|float\d|double\d|ushort\d|int\d)$",
                prev.group(1)):
            continue
        params = [p.strip() for p in m.group(2).split(",")]
        types = tuple(param_type(p) for p in params)
        if not params or any(t is None for t in types):
            continue
        out.add((m.group(1), types))
    return out


def read_files(include, files):
    sigs = set()
    for f in files:
        path = os.path.join(include, f)
        if os.path.isfile(path):
            sigs |= signatures(G.read_text(path))
    return sigs


def hip_release(include):
    return G.read_version_h(include)


def render(extra):
    lines = ["/* Overloads of CUDA's atomic functions that HIP's headers declare and",
             " * CUDA's do not: X(name, parameter types, first ROCm release). A user",
             " * definition of one of them collides with HIP's (overload-collision).",
             " * Generated by tools/gen_hip_overloads.py from the CUDA and HIP headers;",
             " * do not edit (python3 tools/gen_hip_overloads.py --check verifies it). */"]
    for (name, types), rocm in sorted(extra.items()):
        lines.append('X("%s", "%s", "%s")' % (name, ", ".join(types), rocm))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuda-include", default=None)
    ap.add_argument("--hip-include", action="append", default=None)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    cuda = a.cuda_include or cuda_include_dir()
    hips = a.hip_include or ["/usr/include", "/var/cache/cu2hip-fixtures/rocm-6.3/include"]
    if not os.path.isfile(os.path.join(cuda, "device_atomic_functions.h")):
        print("skipped: no CUDA headers at %s" % cuda)
        return 77
    cuda_sigs = read_files(cuda, CUDA_FILES)
    extra = {}
    found_hip = False
    for spec in hips:
        inc, _, rel = spec.partition("=")
        if not os.path.isfile(os.path.join(inc, HIP_FILES[0])):
            print("note: no HIP headers at %s; not read" % inc)
            continue
        found_hip = True
        rel = rel or hip_release(inc)
        for sig in read_files(inc, HIP_FILES) - cuda_sigs:
            if sig not in extra or G.vkey(rel) < G.vkey(extra[sig]):
                extra[sig] = rel
    if not found_hip:
        print("skipped: no HIP headers")
        return 77
    text = render(extra)
    if a.check:
        old = G.read_text(OUT) if os.path.isfile(OUT) else ""
        if old != text:
            sys.stdout.write("src/checks/hip_overloads.def differs from the headers; regenerate it with "
                             "python3 tools/gen_hip_overloads.py. Expected:\n" + text)
            return 1
        print("src/checks/hip_overloads.def: %d HIP-only overload(s), as the headers say" % len(extra))
        return 0
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s: %d HIP-only overload(s)" % (OUT, len(extra)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
