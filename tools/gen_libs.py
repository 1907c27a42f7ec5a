#!/usr/bin/env python3
"""Generate (or check) the library part of the CUDA -> HIP rule table.

For each CUDA library (cuBLAS/cuBLASLt, cuRAND, cuFFT, cuSPARSE, cuSOLVER,
CUB, Thrust, NCCL, NVRTC, NVTX, cuComplex, cuDNN) the public names are read
from the CUDA headers on this machine; each name is then mapped with the
facts recorded under tools/libs/ (HIP spelling, first ROCm release) or, for
hipSPARSE and hipRAND, whose headers Debian installs, by the prefix swap
checked against those headers. Names without a HIP counterpart are written
as unsupported, with a reason from tools/libs/reasons.tsv.

    tools/gen_libs.py            regenerate rules/<library>.yaml
    tools/gen_libs.py --check    verify untagged hipSPARSE/hipRAND targets
                                 against the installed headers

Standard library only; the YAML reader and the C header scanner are shared
with tools/gen_rules.py. See tools/README.md.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIBS_DIR = os.path.join(HERE, "libs")
sys.path.insert(0, HERE)

import gen_rules as G  # noqa: E402

BASE_ROCM = G.BASE_ROCM
SECTIONS = ("headers", "functions", "types", "constants", "macros", "device", "namespaces")
MACRO_SKIP = re.compile(r"^_|_H_?$|_HPP_?$|_CUH_?$|_INCLUDED$|^(CUBLASAPI|CUBLASWINAPI|CUSPARSEAPI|"
                        r"CUSOLVERAPI|CURANDAPI|CUFFTAPI|CUDNNWINAPI|CUDNNAPI|NCCL_API|NVTX_API|"
                        r"NVTX_DECLSPEC|NVTX_INLINE_STATIC|NVTX_LINKONCE_DEFINE_GLOBAL|"
                        r"NVTX_LINKONCE_DEFINE_FUNCTION|NVTX_LINKONCE_FWDDECL_FUNCTION|"
                        r"NVTX_LINKONCE_FWDDECL_GLOBAL|NVTX_STDINT_TYPES_ALREADY_DEFINED|"
                        r"CUDNN_DEPRECATED|CUDNN_DEPRECATED_ENUM|CUSPARSE_DEPRECATED|"
                        r"CUSPARSE_DEPRECATED_TYPE|CUSPARSE_DEPRECATED_REPLACE_WITH|"
                        r"CUBLAS_DEPRECATED|CUFFT_DEPRECATED)$")


# --------------------------------------------------------------------------
# Facts: tools/libs/<lib>.tsv
# --------------------------------------------------------------------------

def expand(pattern):
    """'a{B,C}d{E,F}' -> [('aBdE', (0, 0)), ('aBdF', (0, 1)), ...]."""
    parts = re.split(r"(\{[^{}]*\})", pattern)
    out = [("", ())]
    for p in parts:
        if p.startswith("{") and p.endswith("}"):
            alts = p[1:-1].split(",")
            out = [(s + a, idx + (i,)) for s, idx in out for i, a in enumerate(alts)]
        else:
            out = [(s + p, idx) for s, idx in out]
    return out


def expand_with(pattern, idx):
    """Expands pattern choosing alternative idx[k] in its k-th group (one-option groups broadcast)."""
    k = 0

    def pick(m):
        nonlocal k
        alts = m.group(1).split(",")
        i = idx[k] if k < len(idx) else 0
        k += 1
        return alts[0] if len(alts) == 1 else alts[i]

    return re.sub(r"\{([^{}]*)\}", pick, pattern)


def vnorm(v):
    """'6.0.0' -> '6.0'; '' -> None."""
    v = v.strip()
    if not v:
        return None
    m = re.fullmatch(r"(\d+)\.(\d+)(?:\.\d+)?", v)
    if not m:
        raise ValueError("bad version %r" % v)
    return "%s.%s" % (m.group(1), m.group(2))


class Fact:
    __slots__ = ("hip", "rocm", "source", "note", "where")

    def __init__(self, hip, rocm, source, note, where):
        self.hip, self.rocm, self.source, self.note, self.where = hip, rocm, source, note, where


def tsv_rows(path):
    """(line number, tab-separated columns) of each line of a data file that
    is neither blank nor a comment."""
    for n, line in enumerate(G.read_text(path).splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            yield n, line.split("\t")


def load_facts(lib, swap):
    """cuda name -> Fact (hip None = unsupported)."""
    path = os.path.join(LIBS_DIR, lib + ".tsv")
    facts = {}
    if not os.path.exists(path):
        return facts
    for n, cols in tsv_rows(path):
        if len(cols) < 4:
            sys.exit("%s:%d: expected 4 or 5 tab-separated columns" % (path, n))
        cuda, hip, rocm, source = cols[:4]
        note = cols[4] if len(cols) > 4 and cols[4] else None
        where = "tools/libs/%s.tsv:%d" % (lib, n)
        try:
            rocm = vnorm(rocm)
        except ValueError as e:
            sys.exit("%s: %s" % (where, e))
        for name, idx in expand(cuda):
            if hip == "-":
                target = None
            elif hip == "=":
                target = swap(name)
            elif hip == "=v2":
                base = swap(name)
                target = base[:-3] + "_v2_64" if base.endswith("_64") else base + "_v2"
            else:
                target = expand_with(hip, idx)
            if name in facts:
                sys.exit("%s: %s already listed at %s" % (where, name, facts[name].where))
            facts[name] = Fact(target, rocm, source, note, where)
    return facts


def load_reasons():
    out = {}
    for n, cols in tsv_rows(os.path.join(LIBS_DIR, "reasons.tsv")):
        if len(cols) != 3:
            sys.exit("tools/libs/reasons.tsv:%d: expected 3 tab-separated columns" % n)
        out.setdefault(cols[0], []).append((re.compile(cols[1]), cols[2]))
    return out


def load_args():
    """lib -> {cuda name: {argument number: template}} (tools/libs/args.tsv)."""
    out = {}
    path = os.path.join(LIBS_DIR, "args.tsv")
    for n, cols in tsv_rows(path):
        if len(cols) != 5 or not cols[2].isdigit():
            sys.exit("tools/libs/args.tsv:%d: expected library, name, argument number, template, source" % n)
        out.setdefault(cols[0], {}).setdefault(cols[1], {})[int(cols[2])] = cols[3]
    return out


def load_curated(lib):
    """tools/libs/<lib>_<target>.yaml: curated entries in the rule-table grammar
    that replace derived ones (cuDNN -> MIOpen: call rewrites, per-function
    reasons). Returns {section: Loc of entries}, or {} when there is none."""
    path = CURATED.get(lib)
    if not path:
        return {}
    doc = G.load_yaml(G.read_text(os.path.join(LIBS_DIR, path)), "tools/libs/" + path)
    return {s: doc[s] for s in SECTIONS if s in doc}


# Curated rule files, and the lists of target names they may use (the
# target library's headers are not installed, so these are checked instead).
CURATED = {"cudnn": "cudnn_miopen.yaml", "cub": "cub_hipcub.yaml"}
TARGET_NAMES = {"cudnn": ("miopen_names.tsv", r"\b(miopen\w+|MIOPEN_\w+)\b")}


def check_target_names(lib, entries, where, problems):
    """Every target-library identifier an entry writes (target, call, args,
    note, reason) must be in the library's names list."""
    spec = TARGET_NAMES.get(lib)
    if not spec:
        return
    known = load_target_names_file(spec[0])

    def texts(v):
        if isinstance(v, dict):
            for x in v.values():
                yield from texts(x)
        elif isinstance(v, list):
            for x in v:
                yield from texts(x)
        else:
            yield str(v)
    for section, names in entries.items():
        for name, e in names.items():
            for t in texts(e):
                for ident in re.findall(spec[1], t):
                    if ident not in known:
                        problems.append("%s: %s: %s is not in tools/libs/%s" % (where, name, ident, spec[0]))


def load_target_names_file(path):
    out = {}
    for n, cols in tsv_rows(os.path.join(LIBS_DIR, path)):
        if len(cols) != 3 or not cols[2]:
            sys.exit("tools/libs/%s:%d: expected name, group, source" % (path, n))
        out[cols[0]] = cols[2]
    return out


def load_legacy():
    """lib -> {section: {name: where}}: names of earlier CUDA releases (tools/libs/legacy.tsv)."""
    out = {}
    path = os.path.join(LIBS_DIR, "legacy.tsv")
    for n, cols in tsv_rows(path):
        if len(cols) != 5 or cols[2] not in SECTIONS or not re.fullmatch(r"\d+\.\d+", cols[3]):
            sys.exit("tools/libs/legacy.tsv:%d: expected library, name pattern, section, CUDA release "
                     "that removed it, source" % n)
        for name, _idx in expand(cols[1]):
            out.setdefault(cols[0], {}).setdefault(cols[2], {})[name] = "tools/libs/legacy.tsv:%d" % n
    return out


def load_headers():
    """lib -> list of (cuda header, hip header or None, rocm, reason/source, note)."""
    out = {}
    path = os.path.join(LIBS_DIR, "headers.tsv")
    for n, cols in tsv_rows(path):
        if len(cols) < 5:
            sys.exit("tools/libs/headers.tsv:%d: expected 5 tab-separated columns" % n)
        lib, cuda, hip, rocm, text = cols[:5]
        out.setdefault(lib, []).append((cuda, None if hip == "-" else hip, vnorm(rocm), text))
    return out


# --------------------------------------------------------------------------
# CUDA header scanning
# --------------------------------------------------------------------------

def scan(cuda_include, files, func_pat, keep):
    """Returns {section: set(names)} for the given headers.

    keep(name) decides whether a type/constant/macro belongs to the library.
    An object-like macro whose body is another function name of the library
    (cublas_v2.h: '#define cublasSgemm cublasSgemm_v2') is a function.
    """
    types, consts, funcs, macros = set(), set(), set(), set()
    aliases = set()
    for f in files:
        path = os.path.join(cuda_include, f)
        code, defs = G.split_preproc(G.strip_c(G.read_text(path)))
        # cuDNN 9 marks deprecated typedefs `} cudnnPoolingMode_t CUDNN_DEPRECATED;`:
        # without the attribute macro the scanner sees the typedef name.
        code = re.sub(r"\bCUDNN_DEPRECATED(_ENUM)?\b", "", code)
        # cuSPARSE 12 marks its deprecated typedefs alike
        # (`} cusparseSolvePolicy_t CUSPARSE_DEPRECATED_TYPE;`).
        code = re.sub(r"\bCUSPARSE_DEPRECATED_TYPE(_MSVC)?\b", "", code)
        t, c = G.extract_types(code)
        types |= {x for x in t if keep(x)}
        consts |= {x for x in c if keep(x)}
        funcs |= G.extract_functions(code, func_pat)
        for name, fnlike, body in defs:
            if MACRO_SKIP.search(name) or not keep(name):
                continue
            b = body[len(name):].strip()
            if re.fullmatch(func_pat, b) and not fnlike:
                aliases.add(name)
            else:
                macros.add(name)
    funcs |= aliases
    funcs = {x for x in funcs if keep(x)}
    types -= funcs
    consts -= types | funcs
    macros -= types | consts | funcs
    return {"types": types, "constants": consts, "functions": funcs, "macros": macros}


# --------------------------------------------------------------------------
# Installed hipSPARSE / hipRAND headers
# --------------------------------------------------------------------------

def installed_ids(include, subdirs):
    ids, headers = set(), set()
    for sub in subdirs:
        root = os.path.join(include, sub)
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            for f in sorted(files):
                full = os.path.join(dirpath, f)
                headers.add(os.path.relpath(full, include).replace(os.sep, "/"))
                if "nvcc" in f or "nvidia" in f:
                    continue  # the CUDA-backend wrappers are not the AMD API
                if f.endswith((".h", ".hpp")):
                    ids.update(re.findall(r"[A-Za-z_]\w*", G.strip_c(G.read_text(full))))
    return ids, headers


# --------------------------------------------------------------------------
# The libraries
# --------------------------------------------------------------------------

def swapper(pairs):
    def swap(name):
        for old, new in pairs:
            if name.startswith(old):
                return new + name[len(old):]
        return name
    return swap


class Lib:
    def __init__(self, key, description, files, func_pat, keep, swap, installed=None,
                 normalize=None, device=None, extra=None, newer=None, legacy_header=None):
        self.key, self.description, self.files = key, description, files
        # (subdirs, regex of targets outside them) of the newer HIP include
        # dir (the test fixtures' rocm-6.3) to check the whole table against
        self.newer = newer
        self.func_pat, self.keep, self.swap = func_pat, keep, swap
        self.installed = installed      # subdirs of the HIP include dir to check against
        self.normalize = normalize      # cuda name -> name looked up in the facts
        self.device = device            # predicate: name goes to the device section
        self.extra = extra              # callable(cuda_include) -> {section: names}
        # a header of self.files that declares an older API of its own under
        # names the current API also uses (cuBLAS's cublas.h: no handle);
        # its functions get `unsupported_in` (reported where a file reaches it)
        self.legacy_header = legacy_header


def cublas_norm(name):
    return re.sub(r"_v2(?=_64$|$)", "", name)


def cub_extra(cuda_include):
    """CUB algorithm classes (block/warp/device) and CUB_* macros of the cccl headers."""
    root = os.path.join(cuda_include, "cccl", "cub")
    classes, macros = set(), set()
    for sub in ("block", "warp", "device", "iterator", "grid"):
        d = os.path.join(root, sub)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if not f.endswith(".cuh"):
                continue
            code = G.strip_c(G.read_text(os.path.join(d, f)))
            for m in re.finditer(r"^(?:template\s*<[^;{]*?>\s*)?(?:class|struct)\s+"
                                 r"(?:CCCL_DEPRECATED\w*(?:\([^)]*\))?\s+|_CCCL_\w+\s+)*"
                                 r"((?:Block|Warp|Device|Grid)[A-Z]\w*)\b",
                                 code, re.M):
                classes.add(m.group(1))
    for dirpath, _dirs, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith((".cuh", ".h")):
                continue
            for m in re.finditer(r"^\s*#\s*define\s+(CUB_\w+)", G.read_text(os.path.join(dirpath, f)), re.M):
                if not MACRO_SKIP.search(m.group(1)):
                    macros.add(m.group(1))
    # hipCUB provides every top-level CUB algorithm header; whether each helper
    # class (BlockRadixRankMatch, ...) exists in a given hipCUB release is not
    # recorded, so classes are left out rather than claimed unsupported.
    del classes
    return {"macros": {m for m in macros if "DETAIL" not in m and "_TEMP_" not in m}}


CUDA_INCLUDE = "/usr/local/cuda/include"


def libs():
    return [
        Lib("cublas", "cuBLAS and cuBLASLt -> hipBLAS and hipBLASLt",
            ["cublas_api.h", "cublas_v2.h", "cublasLt.h", "cublas.h", "cublasXt.h"],
            r"cublas\w*", lambda n: re.match(r"(cublas|CUBLAS)", n) is not None,
            swapper([("cublasLt", "hipblasLt"), ("CUBLASLT_", "HIPBLASLT_"),
                     ("cublas", "hipblas"), ("CUBLAS_", "HIPBLAS_")]),
            normalize=cublas_norm, legacy_header="cublas.h",
            newer=(["hipblas", "hipblas-common", "hip"], r"^(hipblasLt|HIPBLASLT_|hipblaslt/)")),
        Lib("curand", "cuRAND host and device API -> hipRAND",
            ["curand.h", "curand_kernel.h", "curand_discrete.h", "curand_discrete2.h",
             "curand_globals.h", "curand_lognormal.h", "curand_mrg32k3a.h", "curand_mtgp32.h",
             "curand_mtgp32_host.h", "curand_mtgp32_kernel.h", "curand_normal.h",
             "curand_normal_static.h", "curand_philox4x32_x.h", "curand_poisson.h",
             "curand_uniform.h"],
            r"_*curand\w*", lambda n: re.match(r"_*(curand|CURAND)", n) is not None,
            swapper([("curand", "hiprand"), ("CURAND_", "HIPRAND_"), ("__curand", "__hiprand")]),
            installed=["hiprand"],
            device=lambda n: re.match(r"_*curand(_|$)", n) is not None),
        Lib("cufft", "cuFFT -> hipFFT", ["cufft.h", "cufftXt.h"],
            r"cufft\w*", lambda n: re.match(r"(cufft|CUFFT|NVFFT|MAX_CUFFT)", n) is not None,
            swapper([("cufft", "hipfft"), ("CUFFT_", "HIPFFT_")])),
        Lib("cusparse", "cuSPARSE -> hipSPARSE", ["cusparse.h"],
            r"cusparse\w*",
            lambda n: re.match(r"(cusparse|CUSPARSE|\w+Info(_t)?$)", n) is not None,
            swapper([("cusparse", "hipsparse"), ("CUSPARSE_", "HIPSPARSE_")]),
            installed=["hipsparse"]),
        Lib("cusolver", "cuSOLVER (dense, sparse, refactorization) -> hipSOLVER",
            ["cusolver_common.h", "cusolverDn.h", "cusolverSp.h", "cusolverRf.h", "cusolverMg.h",
             "cusolverSp_LOWLEVEL_PREVIEW.h"],
            r"cusolver\w*",
            lambda n: re.match(r"(cusolver|CUSOLVER|csr\w+Info|gesvdjInfo|syevjInfo)", n) is not None,
            swapper([("cusolver", "hipsolver"), ("CUSOLVER", "HIPSOLVER")])),
        Lib("cub", "CUB -> hipCUB", [], r"cub\w*", lambda n: True, lambda n: n, extra=cub_extra),
        Lib("thrust", "Thrust -> rocThrust (same namespace and headers)", [], r"thrust\w*",
            lambda n: True, lambda n: n),
        Lib("nccl", "NCCL -> RCCL (RCCL keeps the nccl* names)", [], r"nccl\w*",
            lambda n: True, lambda n: n),
        Lib("nvrtc", "NVRTC -> hipRTC", ["nvrtc.h"], r"nvrtc\w*",
            lambda n: re.match(r"(nvrtc|NVRTC)", n) is not None,
            swapper([("nvrtc", "hiprtc"), ("NVRTC_", "HIPRTC_")])),
        Lib("nvtx", "NVTX -> roctx", ["nvtx3/nvToolsExt.h", "nvtx3/nvToolsExtCuda.h",
                                       "nvtx3/nvToolsExtCudaRt.h", "nvtx3/nvToolsExtSync.h",
                                       "nvtx3/nvToolsExtMem.h", "nvtx3/nvToolsExtMemCudaRt.h",
                                       "nvtx3/nvToolsExtCounters.h", "nvtx3/nvToolsExtPayload.h",
                                       "nvtx3/nvToolsExtPayloadHelper.h",
                                       "nvtx3/nvToolsExtSemanticsCounters.h",
                                       "nvtx3/nvToolsExtSemanticsScope.h",
                                       "nvtx3/nvToolsExtSemanticsTime.h"],
            r"nvtx[A-Z]\w*",
            lambda n: re.match(r"(nvtx[A-Z]|NVTX_)", n) is not None and not re.search(
                r"(_impl|_fnptr|Impl|_v[0-9]+$|^nvtxGetExportTable|^NVTX_VERSION_|^NVTX_CB|^NVTX_ETID|"
                r"^NVTX_ETI|^NVTX_RESOURCE_CLASS_|^NVTX_EXT_|^NVTX_SIGNAL|NVTX_DOMAIN_ID_)", n),
            lambda n: n),
        Lib("cucomplex", "cuComplex -> hip_complex", ["cuComplex.h"],
            r"(?:cuC\w+|make_cu\w+|cuComplex\w+|cuDouble\w*|cuFloat\w*)",
            lambda n: re.match(r"(cu[CDF]|make_cu)", n) is not None,
            swapper([("make_cu", "make_hip"), ("cuComplex", "hipComplex"), ("cuDouble", "hipDouble"),
                     ("cuFloat", "hipFloat"), ("cuC", "hipC"), ("cuConj", "hipConj")])),
        Lib("cupti", "CUPTI -> rocprofiler (no one-to-one mapping)",
            sorted(f for f in os.listdir(CUDA_INCLUDE) if f.startswith("cupti") and f.endswith(".h")),
            r"cupti\w*", lambda n: re.match(r"(cupti|CUPTI|CUpti)", n) is not None, lambda n: n),
        Lib("cudnn", "cuDNN -> MIOpen (the calls MIOpen has, rewritten; the rest reported with the MIOpen way)",
            ["cudnn_graph_v9.h", "cudnn_ops_v9.h", "cudnn_cnn_v9.h", "cudnn_adv_v9.h",
             "cudnn_backend_v9.h", "cudnn_version_v9.h", "cudnn_v9.h"],
            r"cudnn\w*", lambda n: re.match(r"(cudnn|CUDNN)", n) is not None, lambda n: n),
    ]


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------

def existing_names(rules_dir, own_files):
    """Names already claimed by rule files this generator does not write."""
    taken = {}
    for f in sorted(os.listdir(rules_dir)):
        if not f.endswith(".yaml") or f in own_files:
            continue
        doc = G.load_yaml(G.read_text(os.path.join(rules_dir, f)), f)
        for s in SECTIONS:
            for n in (doc.get(s) or {}):
                taken[n] = f
    return taken


def reason_for(lib, name, reasons):
    for rx, why in reasons.get(lib.key, []):
        if rx.search(name):
            return why
    for rx, why in reasons.get("*", []):
        if rx.search(name):
            return why
    return "no HIP equivalent"


def build(lib, cuda_include, hip_include, facts, reasons, headers, taken, problems, args, legacy=None):
    names = {s: set() for s in SECTIONS}
    if lib.files:
        for s, v in scan(cuda_include, lib.files, lib.func_pat, lib.keep).items():
            names[s] |= v
    # Names earlier CUDA releases declared: mapped like the others.
    declared = set().union(*names.values())
    for s, listed in (legacy or {}).items():
        for name, where in listed.items():
            if name in declared:
                problems.append("%s: %s is declared by the CUDA headers: not a legacy name" % (where, name))
            names[s].add(name)
    if lib.extra:
        for s, v in lib.extra(cuda_include).items():
            names[s] |= v
    # names the facts file lists but the header scan cannot see (macro-generated, templates)
    seen = set().union(*names.values())
    for n in facts if not lib.files else ():
        if n not in seen:
            sec = "types" if re.search(r"_t$|^[A-Z][a-z]", n) and not n.startswith(("CU", "NV")) else (
                "constants" if n.isupper() or re.match(r"[A-Z_0-9]+$", n) else "functions")
            names[sec].add(n)
    if lib.device:
        for s in ("functions", "types", "constants"):
            dev = {n for n in names[s] if lib.device(n) and s == "functions"}
            names[s] -= dev
            names["device"] |= dev

    ids = hdrs = None
    if lib.installed:
        ids, hdrs = installed_ids(hip_include, lib.installed)

    out = {s: {} for s in SECTIONS}
    for s in ("functions", "types", "constants", "macros", "device"):
        for name in sorted(names[s]):
            if name in taken:
                continue
            key = lib.normalize(name) if lib.normalize else name
            fact = facts.get(name) or facts.get(key)
            entry = None
            if fact is not None:
                if fact.hip is None:
                    entry = {"unsupported": reason_for(lib, name, reasons)}
                else:
                    entry = {"hip": fact.hip}
                    if fact.rocm and G.vkey(fact.rocm) > G.vkey(BASE_ROCM):
                        entry["rocm"] = fact.rocm
                    if fact.note:
                        entry["note"] = fact.note
                    if name in args:
                        entry["args"] = dict(args[name])
                    if ids is not None and "rocm" not in entry and fact.hip not in ids:
                        problems.append("%s: %s -> %s: not declared by the installed headers "
                                        "and has no rocm version" % (fact.where, name, fact.hip))
            elif ids is not None:
                target = lib.swap(name)
                if target in ids and target != name:
                    entry = {"hip": target}
                elif target == name and name in ids:
                    # Same spelling (hipSPARSE's csrsv2Info_t): an entry that
                    # renames nothing, so that the name counts as the
                    # library's (the parse of a file that does not reach its
                    # header raises no error about it; a use needs the
                    # library's header).
                    entry = {"hip": name, "same": True}
                else:
                    entry = {"unsupported": reason_for(lib, name, reasons)}
            else:
                entry = {"unsupported": reason_for(lib, name, reasons)}
            if entry is None or (name in args and "args" not in entry):
                if name in args:
                    problems.append("tools/libs/args.tsv: %s has argument rewrites but no HIP target" % name)
                continue
            if entry.pop("same", False):
                pass
            elif entry.get("hip") == name and set(entry) == {"hip"}:
                continue
            out[s][name] = entry
    # Functions cu2hip_compat.h stands in for where the target lacks them
    # (tools/compat_names.tsv rows with this library in their third column).
    for cols in G.load_tsv(os.path.join(HERE, "compat_names.tsv"), 2):
        if len(cols) < 3 or cols[2] != lib.key:
            continue
        e = out["functions"].get(cols[0])
        if not isinstance(e, dict) or not ("unsupported" in e or ("rocm" in e and "fallback" not in e)):
            problems.append("tools/compat_names.tsv: %s is not an unsupported %s function, nor one with rocm"
                            % (cols[0], lib.key))
            continue
        e["compat"] = cols[1]
    for cuda, hip, rocm, text in headers.get(lib.key, []):
        if hip is None:
            out["headers"][cuda] = {"unsupported": text}
        else:
            e = {"hip": hip}
            if rocm and G.vkey(rocm) > G.vkey(BASE_ROCM):
                e["rocm"] = rocm
            if hdrs is not None and "rocm" not in e and hip not in hdrs:
                problems.append("tools/libs/headers.tsv: %s -> %s is not installed" % (cuda, hip))
            out["headers"][cuda] = e
    # The legacy header's own functions: a mapped name is the current API's
    # call elsewhere, and the legacy one (no HIP counterpart) where a file
    # reaches that header.
    if lib.legacy_header:
        code, _defs = G.split_preproc(G.strip_c(G.read_text(os.path.join(cuda_include, lib.legacy_header))))
        for name in G.extract_functions(code, lib.func_pat):
            e = out["functions"].get(name)
            if isinstance(e, dict) and "hip" in e:
                e["unsupported_in"] = lib.legacy_header
    # Curated entries replace derived ones; each names a name the headers declare.
    curated = load_curated(lib.key)
    for section, entries in curated.items():
        for name, e in entries.items():
            if name not in names.get(section, set()):
                problems.append("tools/libs/%s:%d: %s: %s is not among the %s the CUDA headers declare"
                                % (CURATED[lib.key], entries.lines.get(name, 0), section, name, section))
                continue
            out[section][name] = e
    # ... and every target-library name the table writes (targets, reasons) is a known one.
    check_target_names(lib.key, out, "rules/%s.yaml" % lib.key, problems)
    ns = {"cub": {"cub": "hipcub"}}.get(lib.key)
    if ns:
        out["namespaces"].update(ns)
    for s in SECTIONS:
        for n, e in list(out[s].items()):
            if isinstance(e, dict) and set(e) == {"hip"}:
                out[s][n] = e["hip"]
    return out


# The main HIP header of each library (the hipRAND device API lives in
# hiprand_kernel.h, which a file using it includes anyway: no entry).
LIBRARY_INCLUDES = {
    "cublas": "hipblas/hipblas.h",
    "cufft": "hipfft/hipfft.h",
    "cusparse": "hipsparse/hipsparse.h",
    "cusolver": "hipsolver/hipsolver.h",
    "cub": "hipcub/hipcub.hpp",
    "nccl": "rccl/rccl.h",
    "nvrtc": "hip/hiprtc.h",
    "nvtx": "roctracer/roctx.h",
    "cucomplex": "hip/hip_complex.h",
    "cudnn": "miopen/miopen.h",
}


def render(lib, tables, sources):
    lines = [
        "# Generated by tools/gen_libs.py; do not edit by hand. To change an entry, edit",
        "# tools/libs/%s.tsv, tools/libs/reasons.tsv or tools/libs/headers.tsv and run:" % lib.key,
        "#   python3 tools/gen_libs.py",
        "# Inputs:",
    ]
    lines += ["#   " + s for s in sources]
    lines += ["library: " + lib.key, "description: " + G.yscalar(lib.description)]
    # The header a file using the library's names needs, when it includes none.
    if lib.key in LIBRARY_INCLUDES:
        lines.append("include: " + LIBRARY_INCLUDES[lib.key])
    for section in SECTIONS:
        entries = tables.get(section) or {}
        if not entries:
            continue
        lines.append(section + ":")
        for name in sorted(entries):
            lines.append("  %s: %s" % (G.yscalar(name), G.yvalue(entries[name])))
    return "\n".join(lines) + "\n"


def summarize(path, tables):
    mapped = unsup = 0
    for s in SECTIONS:
        for e in (tables.get(s) or {}).values():
            if isinstance(e, dict) and "unsupported" in e:
                unsup += 1
            else:
                mapped += 1
    print("%-26s mapped %5d   unsupported %5d   total %5d" % (path, mapped, unsup, mapped + unsup))
    return mapped, unsup


# --------------------------------------------------------------------------
# --check
# --------------------------------------------------------------------------

def check_newer(lib, path, newer_include, bad):
    """Every target of lib's table that is untagged or tagged with the newer
    headers' release or an older one must be declared by them (confirmed);
    a target tagged newer must not be. Targets outside the headers at hand
    (hipBLASLt) stay unconfirmed."""
    subdirs, outside = lib.newer
    newer = G.NewerHeaders.load(newer_include, subdirs, "%s.yaml" % lib.key)
    if not newer:
        return
    rel = os.path.relpath(path, ROOT)
    doc = G.load_yaml(G.read_text(path), rel)
    for s in SECTIONS:
        entries = doc.get(s)
        if not isinstance(entries, dict):
            continue
        for name, e in entries.items():
            for target, rocm in G.rule_targets(e):
                if re.search(outside, str(target)):
                    newer.unconfirmed += 1
                    continue
                # untagged: in ROCm 5.2 already, so still declared by the newer release
                newer.check("%s:%d" % (rel, entries.lines.get(name, 0)), s, name, str(target), rocm, bad)
    newer.summary(rel)


def check(rules_dir, hip_include, newer_include):
    bad = []
    for lib in libs():
        if lib.newer:
            check_newer(lib, os.path.join(rules_dir, lib.key + ".yaml"), newer_include, bad)
        if not lib.installed:
            continue
        ids, hdrs = installed_ids(hip_include, lib.installed)
        path = os.path.join(rules_dir, lib.key + ".yaml")
        if not os.path.exists(path):
            bad.append("%s: missing" % os.path.relpath(path, ROOT))
            continue
        if not ids:
            print("note: no %s headers under %s; %s not checked" % ("/".join(lib.installed), hip_include, lib.key))
            continue
        doc = G.load_yaml(G.read_text(path), os.path.relpath(path, ROOT))
        for s in SECTIONS:
            entries = doc.get(s)
            if not isinstance(entries, dict):
                continue
            for name, e in entries.items():
                if isinstance(e, str):
                    target, rocm = e, None
                elif isinstance(e, dict) and "hip" in e:
                    target, rocm = e["hip"], e.get("rocm")
                else:
                    continue
                if rocm is not None:
                    continue
                ok = target in hdrs if s == "headers" else target in ids
                if not ok:
                    bad.append("%s:%d: %s: %s -> %s has no rocm version but the installed headers "
                               "do not declare it" % (os.path.relpath(path, ROOT), entries.lines.get(name, 0),
                                                      s, name, target))
    # Libraries whose target headers are absent: their names must be recorded.
    for lib in libs():
        path = os.path.join(rules_dir, lib.key + ".yaml")
        if lib.key in TARGET_NAMES and os.path.exists(path):
            doc = G.load_yaml(G.read_text(path), os.path.relpath(path, ROOT))
            check_target_names(lib.key, {sec: doc[sec] for sec in SECTIONS if sec in doc},
                               os.path.relpath(path, ROOT), bad)
    for b in bad:
        print(b)
    print("checked untagged hipSPARSE/hipRAND targets against %s (and cuBLAS against hipBLAS in %s): "
          "%d problem(s)" % (hip_include, newer_include, len(bad)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--hip-include", default="/usr/include")
    ap.add_argument("--rules-dir", default=os.path.join(ROOT, "rules"))
    ap.add_argument("--newer-hip-include", default=os.path.join(os.environ.get("CU2HIP_FIXTURES", "/var/cache/cu2hip-fixtures"), "rocm-6.3", "include"),
                    help="headers of a newer ROCm with hipBLAS, to check cublas.yaml (skipped when absent)")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    global CUDA_INCLUDE
    CUDA_INCLUDE = a.cuda_include
    if a.check:
        return check(a.rules_dir, a.hip_include, a.newer_hip_include)

    reasons = load_reasons()
    headers = load_headers()
    arg_rules = load_args()
    legacy = load_legacy()
    all_libs = libs()
    own = {lib.key + ".yaml" for lib in all_libs}
    taken = existing_names(a.rules_dir, own)
    problems = []
    outputs = []
    for lib in all_libs:
        facts = load_facts(lib.key, lib.swap)
        tables = build(lib, a.cuda_include, a.hip_include, facts, reasons, headers, taken, problems,
                       arg_rules.get(lib.key, {}), legacy.get(lib.key))
        for s in SECTIONS:
            for n in tables[s]:
                if n in taken:
                    problems.append("%s listed in %s and %s.yaml" % (n, taken[n], lib.key))
                taken[n] = lib.key + ".yaml"
        srcs = []
        if lib.files:
            srcs.append("CUDA headers in %s: %s" % (a.cuda_include, ", ".join(lib.files)))
        if lib.extra:
            srcs.append("CUDA headers in %s/cccl/cub" % a.cuda_include)
        if lib.installed:
            srcs.append("installed HIP headers in %s/{%s}" % (a.hip_include, ",".join(lib.installed)))
        srcs.append("tools/libs/%s.tsv, tools/libs/reasons.tsv, tools/libs/headers.tsv" % lib.key)
        if lib.key in legacy:
            srcs.append("tools/libs/legacy.tsv (names of earlier CUDA releases)")
        if lib.key in arg_rules:
            srcs.append("tools/libs/args.tsv (argument rewrites)")
        outputs.append((lib, tables, srcs))
    if problems:
        for p in problems:
            print("error: " + p, file=sys.stderr)
        return 2
    tm = tu = 0
    for lib, tables, srcs in outputs:
        if not any(tables[s] for s in SECTIONS):
            continue
        path = os.path.join(a.rules_dir, lib.key + ".yaml")
        with open(path + ".tmp", "w", encoding="utf-8") as fh:
            fh.write(render(lib, tables, srcs))
        os.replace(path + ".tmp", path)
        m, u = summarize(os.path.relpath(path, ROOT), tables)
        tm += m
        tu += u
    print("%-26s mapped %5d   unsupported %5d   total %5d" % ("all libraries", tm, tu, tm + tu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
