#!/usr/bin/env python3
"""Checks CUDA's device-function overloads against HIP's, for the names the
rule tables leave as written.

A device function that HIP declares under CUDA's name needs no rule
(tools/device_identical.txt, section [identical]), or has an entry that
keeps the name for most calls (`atomicAnd: {hip: atomicAnd, ...}`), so cu2hip
leaves its uses as they are. HIP may still lack some of CUDA's overloads: a float
__ldcs (HIP declares __ldcs for __half only) would then fail to compile
with nothing said. This script calls every overload the CUDA headers
declare for those names with its own parameter types, in a HIP source
compiled for gfx942 (clang++ -fsyntax-only), and compares the calls HIP's
headers reject with tools/device_overload_gaps.tsv, which records for each
known gap the ROCm releases it concerns and how cu2hip reports it.

usage: check_device_overloads.py [--hip-path DIR] [--rocm X.Y] [--clang CLANG]
                                 [--cuda-include DIR] [--list]
  --hip-path   the ROCm folder whose include/hip is used [default: /usr]
  --rocm       the release those headers are, as the gaps file names it
               [default: read from include/hip/hip_version.h]
  --list       print every rejected overload and exit 0

Exit 0: every rejected overload is listed for this release and every listed
one is rejected; 1: a difference, printed; 77: no CUDA headers, no clang or
no HIP headers here (skipped).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_rules as G  # noqa: E402  (its comment stripper and device header list)
from check_roc_rules import cuda_include_dir  # noqa: E402

GAPS = os.path.join(HERE, "device_overload_gaps.tsv")
# Parameter types the check cannot spell in a HIP source as CUDA does (the
# 16-bit float and fp8 types are named otherwise in HIP and have rules).
SKIPPED_TYPES = re.compile(r"__nv|bfloat|__half|fp8|fp6|fp4|\.\.\.|\[|\bT\b")
BASIC = {"int", "float", "double", "char", "short", "long", "unsigned", "signed", "bool",
         "const", "volatile", "*"}


def same_named_entries():
    """Device names the rule table maps to themselves (`atomicAnd: {hip:
    atomicAnd, by_param_type: ...}`): their other overloads stay as written."""
    names = set()
    with open(os.path.join(os.path.dirname(HERE), "rules", "cuda-device.yaml"), encoding="utf-8") as fh:
        for line in fh:
            m = re.match(r"^\s+(\w+): (?:\{hip: )?(\w+)([,}\s].*)", line + " ")
            # A name HIP gains in a later release is judged by that release.
            if m and m.group(1) == m.group(2) and not m.group(3).startswith(", rocm:"):
                names.add(m.group(1))
    return names


def identical_names():
    names, section = same_named_entries(), None
    with open(os.path.join(HERE, "device_identical.txt"), encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = line.split("]")[0] + "]"
            elif section == "[identical]":
                names.add(line.split()[0])
    return names


def parameter_type(text):
    """A declared parameter without its name and default value."""
    text = re.sub(r"\s*=.*", "", text.strip())
    toks = text.replace("*", " * ").split()
    if len(toks) > 1 and toks[-1] not in BASIC and re.match(r"^[a-z_]\w*$", toks[-1]) and toks[-1] != toks[0]:
        toks = toks[:-1]
    return " ".join(toks)


def cuda_overloads(cuda_include, names):
    """(name, (parameter types...)) of each declaration of those names."""
    found = set()
    for f in G.DEVICE_FILES + ["sm_32_intrinsics.h", "sm_35_intrinsics.h"]:
        path = os.path.join(cuda_include, f)
        if not os.path.exists(path):
            continue
        code = G.strip_c(G.read_text(path))
        for m in re.finditer(r"(?:__\w+__|static|inline|extern)\s+[A-Za-z_][\w\s\*]*?\s*\b(\w+)\s*\(([^()]*)\)", code):
            name, params = m.groups()
            if name not in names or SKIPPED_TYPES.search(name):
                continue
            types = tuple(parameter_type(p) for p in params.split(",") if p.strip() and p.strip() != "void")
            if any(SKIPPED_TYPES.search(t) for t in types) or any(not t for t in types):
                continue
            found.add((name, types))
    return found


def signature(name, types):
    return "%s(%s)" % (name, ", ".join(types))


def rejected(overloads, clang, hip_path):
    """The overloads HIP's headers do not accept, as signatures."""
    lines, index = ["#include <hip/hip_runtime.h>", "#include <hip/hip_fp16.h>"], {}
    for k, (name, types) in enumerate(sorted(overloads)):
        params = ", ".join("%s a%d" % (t, i) for i, t in enumerate(types))
        args = ", ".join("a%d" % i for i in range(len(types)))
        lines.append("__device__ void c2h_call_%d(%s) { (void)%s(%s); }" % (k, params, name, args))
        index[len(lines)] = signature(name, types)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "overloads.hip")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        # /usr/include is searched anyway; naming it again would break the
        # C++ headers' #include_next.
        where = [] if os.path.realpath(hip_path) == "/usr" else [
            "--rocm-path=" + hip_path, "-isystem", os.path.join(hip_path, "include")]
        r = subprocess.run([clang, "-x", "hip", "--offload-arch=gfx942", "-nogpulib", "--cuda-device-only",
                            "-fsyntax-only", "-ferror-limit=0", "-w"] + where + [src],
                           capture_output=True, text=True, check=False)
    bad = set()
    for line in r.stderr.splitlines():
        m = re.match(r".*overloads\.hip:(\d+):\d+: error:", line)
        if m and int(m.group(1)) in index:
            bad.add(index[int(m.group(1))])
        elif m or "fatal error" in line:
            sys.exit("check_device_overloads.py: the generated source does not compile: " + line)
    if r.returncode != 0 and not bad:
        sys.exit("check_device_overloads.py: clang failed:\n" + r.stderr[:2000])
    return bad


def known_gaps(rocm):
    """Signatures the gaps file lists for this release, and every signature it lists."""
    here, listed = set(), set()
    with open(GAPS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 3:
                sys.exit("%s:%d: expected signature, releases, how cu2hip reports it" % (GAPS, n))
            listed.add(cols[0])
            if rocm in cols[1].split():
                here.add(cols[0])
    return here, listed


def hip_release(hip_path):
    try:
        with open(os.path.join(hip_path, "include/hip/hip_version.h"), encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return None
    major = re.search(r"#define HIP_VERSION_MAJOR (\d+)", text)
    minor = re.search(r"#define HIP_VERSION_MINOR (\d+)", text)
    return "%s.%s" % (major.group(1), minor.group(1)) if major and minor else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hip-path", default="/usr")
    ap.add_argument("--rocm")
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--cuda-include")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    cuda_include = a.cuda_include or cuda_include_dir()
    if not os.path.isfile(os.path.join(cuda_include, "sm_32_intrinsics.h")):
        print("check_device_overloads.py: no CUDA device headers in %s; skipped" % cuda_include)
        return 77
    if not os.path.isfile(os.path.join(a.hip_path, "include/hip/hip_runtime.h")):
        print("check_device_overloads.py: skipped: no HIP headers under %s (the HIP 6.3 ones are test fixtures: docs/fixtures.md)" % a.hip_path)
        return 77
    try:
        subprocess.run([a.clang, "--version"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        print("check_device_overloads.py: no %s; skipped" % a.clang)
        return 77
    rocm = a.rocm or hip_release(a.hip_path)
    overloads = cuda_overloads(cuda_include, identical_names())
    bad = rejected(overloads, a.clang, a.hip_path)
    if a.list:
        for s in sorted(bad):
            print(s)
        return 0
    expected, listed = known_gaps(rocm)
    new = sorted(bad - expected)
    stale = sorted(expected - bad)
    for s in new:
        print("error: HIP %s rejects %s, which tools/device_overload_gaps.tsv does not list for %s%s"
              % (rocm, s, rocm, " (it lists it for other releases)" if s in listed else ""))
    for s in stale:
        print("error: tools/device_overload_gaps.tsv lists %s for %s, but HIP %s accepts it" % (s, rocm, rocm))
    print("checked %d CUDA overloads of %d names HIP declares against HIP %s: %d rejected, all listed"
          % (len(overloads), len({n for n, _ in overloads}), rocm, len(bad)) if not new and not stale else
          "%d difference(s)" % (len(new) + len(stale)))
    return 1 if new or stale else 0


if __name__ == "__main__":
    sys.exit(main())
