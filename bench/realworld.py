#!/usr/bin/env python3
"""How real code bases fare: translate each with cu2hip, compile every
translated source for gfx942, and sort the failures by whether cu2hip said
something about them.

Called by bench/realworld.sh, which checks the tools and makes the device
libraries; run `bench/realworld.sh --help` for the options. Standard library
only. A measurement, never pass/fail: the exit status is 0 unless the
arguments or the set-up are wrong (2).

Per code base:

1. `cu2hip -q -o TREE CODEBASE --format jsonl --output diags.jsonl
   --report report.json` (no --rename: file names stay as they are, so the
   translated tree mirrors the input line for line except where cu2hip
   edited, and every file is compiled with `-x hip` whatever its suffix).
2. Sources: see `find_sources` (the rule is written there).
3. Compile each source with clang++-19 for gfx942, in parallel, niced.
4. Classify each failure by its first compiler error (see `classify`).
5. Print a table row; write per-file details and the silent failures.
"""

import argparse
import concurrent.futures
import difflib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

# ---------------------------------------------------------------------------
# Libraries whose headers this machine does not have (in at least one of the
# two configurations).  A compile whose first error is "'H' file not found"
# for a header H matching one of these, on an #include the original code
# already had, is counted as "no library headers here", not as a defect of
# the translation.  Only non-CUDA names belong here: a CUDA header that is
# still there after translation (cufft.h, nvrtc.h, cuda_gl_interop.h) is
# cu2hip's business, diagnosed or silent.
# ---------------------------------------------------------------------------
LIBS_WITHOUT_HEADERS = [
    # (library, regular expression on the header name as spelled)
    ("hipBLAS", r"^hipblas(/|\.h$)"),          # only in the fixtures' rocm-6.3
    ("hipBLASLt", r"^hipblaslt(/|\.h$|-)"),
    ("hipSOLVER", r"^hipsolver(/|\.h$)"),
    ("hipFFT", r"^hipfft(/|\.h$|XtMp)"),
    ("hipSPARSELt", r"^hipsparselt(/|\.h$)"),
    ("rocBLAS", r"^rocblas(/|\.h$)"),
    ("rocSOLVER", r"^rocsolver(/|\.h$)"),
    ("rocFFT", r"^rocfft(/|\.h$)"),
    ("rocJPEG/hipJPEG", r"^(rocjpeg|hipjpeg)(/|\.h$)"),
    ("roctx/roctracer", r"^(roctracer|roctx|rocprofiler)(/|\.h$)"),
    ("MIOpen", r"^miopen(/|\.h$)"),
    ("RCCL/NCCL", r"^(rccl|nccl)(/|\.h$)"),
    ("MPI", r"^mpi\.h$"),
    ("ROCm SMI", r"^(rocm_smi|amd_smi)(/|\.h$)"),
    ("hipTensor", r"^hiptensor(/|\.h$)"),
    ("GLEW", r"^GL/glew\.h$"),
    ("GLFW", r"^GLFW/"),
    ("Vulkan", r"^vulkan/"),
    ("FreeImage", r"^FreeImage\.h$"),
    ("OpenMP", r"^omp\.h$"),
    ("LLVM", r"^llvm/"),
    ("Windows SDK / Direct3D",
     r"(?i)^(windows|d3d\w*|d3dcompiler|directx\w*|dxgi\w*|wrl\w*)\.h$"),
    ("libdrm", r"^(drm_fourcc|xf86drm)\.h$|^libdrm/"),
    # The CUDA SDK's helper headers, which old code bases (Rodinia) take from
    # the SDK through a variable (-I$(SDK_DIR)/common/inc): not part of the
    # code base, whatever cu2hip does.
    ("CUDA SDK helpers", r"^(helper_\w+|cutil\w*)\.h$"),
]
_LIB_RES = [(name, re.compile(rx)) for name, rx in LIBS_WITHOUT_HEADERS]

# ---------------------------------------------------------------------------
# Failures of the header/compiler pairing, not of the translation: the same
# translated file compiles with the other HIP headers.  Checked only in the
# configuration named; the first compiler error must match.  Counted as
# "fail setup" with the reason, never as compiled.
# ---------------------------------------------------------------------------
TOOLCHAIN_PAIRINGS = [
    # (HIP headers, regular expression on the first error, reason)
    ("5.2", r"^undefined hidden symbol: llvm\.amdgcn\.atomic\.(inc|dec)\.",
     "HIP 5.2's atomicInc/atomicDec call __builtin_amdgcn_atomic_inc32/dec32, "
     "which clang 19 no longer lowers (link error); the same code compiles "
     "against the HIP 6.3 headers"),
]
_PAIRING_RES = [(v, re.compile(rx), why) for v, rx, why in TOOLCHAIN_PAIRINGS]

# With --rocm 6.3 only HIP and hipBLAS come from the fixtures' rocm-6.3; hipRAND,
# rocPRIM, hipCUB and rocThrust are Debian's 5.x headers.  Two kinds of
# failure come from that pairing, not from the translation:
#   - rocPRIM 5.x reads hipDeviceProp_t::gcnArch, which HIP 6.0 removed;
#   - a hipRAND name that the rule table tags with a 6.x release (the
#     translation is right for 6.3, the 5.x headers here lack the name).
# A hipRAND name the table does not tag so stays a failure of cu2hip.
OLD_LIBRARY_RE = re.compile(r"no member named 'gcnArch' in 'hipDeviceProp_t")
NEWER_NAME_RE = re.compile(r"(?:unknown type name|use of undeclared identifier) '((?:hiprand|HIPRAND_)\w*)'")


def newer_library_name(name, rules_dir):
    """The ROCm release rules/curand.yaml tags the HIP name with, or None."""
    try:
        text = open(os.path.join(rules_dir, "curand.yaml")).read()
    except OSError:
        return None
    m = re.search(r"\bhip: %s\b[^}\n]*\brocm: \"(6\.\d+)\"" % re.escape(name), text)
    return m.group(1) if m else None

SOURCE_EXTS = (".cu", ".cpp", ".cc", ".cxx", ".c")
SCAN_EXTS = SOURCE_EXTS + (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl",
                           ".inc", ".tcc", ".ipp")
NEAR = 2          # cu2hip diagnostic within NEAR lines of the failing line
SHOW_NEAR = 5     # details list cu2hip diagnostics within this many lines

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]',
                        re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def read_text(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError:
        return None


def under(path, root):
    return path == root or path.startswith(root.rstrip("/") + "/")


# ---------------------------------------------------------------------------
# Build scripts
# ---------------------------------------------------------------------------
def is_build_script(name):
    low = name.lower()
    return (name == "CMakeLists.txt" or low.endswith(".cmake")
            or low in ("makefile", "gnumakefile", "make.config")
            or low.startswith("makefile.") or low.endswith(".mk"))


class BuildScript:
    """What the bench takes from one build script: the source names it
    mentions, the folders it globs for sources, its include folders and the
    C++ standard it asks for.  Deliberately shallow: no variables are
    evaluated except the few CMake ones that name the script's folder."""

    NAME_RE = re.compile(r"([\w.+\-]+\.(?:cu|cpp|cc|cxx|c))(?![\w.])")
    CM_INC_RE = re.compile(
        r"\b(?:target_)?include_directories\s*\(([^)]*)\)", re.I)
    MK_INC_RE = re.compile(
        r"(?<![\w-])-I\s*((?:\$[({]\w+[)}]|[^\s\\;\"'()$])+)")
    AUX_RE = re.compile(r"\baux_source_directory\s*\(\s*([^\s)]+)", re.I)
    GLOB_RE = re.compile(r"\bfile\s*\(\s*GLOB(?:_RECURSE)?\s+\w+([^)]*)\)",
                         re.I)
    WILDCARD_RE = re.compile(r"\$\(wildcard\s+([^)]*)\)")
    SUBDIR_RE = re.compile(r"(?:\bcd|(?<![\w-])-C)\s+([^\s;&|)]+)"
                           r"|\badd_subdirectory\s*\(\s*([^\s)]+)", re.I)
    STD_RES = [re.compile(r"CMAKE_(?:CXX|CUDA)_STANDARD\s+(\d+)"),
               re.compile(r"\b(?:cxx|cuda)_std_(\d+)"),
               re.compile(r"-{1,2}std[= ]c\+\+(\d+)")]

    def __init__(self, path, root):
        self.path = path
        self.dir = os.path.dirname(path)
        self.root = root
        text = read_text(path) or ""
        # Drop comments (both languages use '#'), but not '#include' lines of
        # a Makefile recipe: they do not occur in build scripts.
        text = re.sub(r"(?m)#.*$", "", text)
        # Variables defined in the same script with a plain value
        # (`MATRIX_DIR = ../lib`, `set(INC ${CMAKE_CURRENT_SOURCE_DIR}/inc)`)
        # are substituted where used; anything else stays unresolved.
        self.vars = {}
        for m in re.finditer(r"(?m)^[ \t]*(\w+)[ \t]*[:?]?=[ \t]*(\S+)[ \t]*$",
                             text):
            self.vars.setdefault(m.group(1), m.group(2))
        for m in re.finditer(r"(?i)\bset\s*\(\s*(\w+)\s+\"?([^\s)\"]+)\"?\s*\)",
                             text):
            self.vars.setdefault(m.group(1), m.group(2))
        self.names = set(m.group(1).split("/")[-1]
                         for m in self.NAME_RE.finditer(text))
        self.globs = []      # (folder, fnmatch pattern)
        for m in self.AUX_RE.finditer(text):
            d = self._resolve(m.group(1))
            if d:
                self.globs.append((d, "*"))
        for rx in (self.GLOB_RE, self.WILDCARD_RE):
            for m in rx.finditer(text):
                for arg in m.group(1).split():
                    p = self._resolve(arg)
                    if p and ("*" in p or "?" in p):
                        self.globs.append((os.path.dirname(p),
                                           os.path.basename(p)))
        self.includes = []
        for m in self.CM_INC_RE.finditer(text):
            for arg in m.group(1).split():
                if arg.upper() in ("SYSTEM", "BEFORE", "AFTER", "PUBLIC",
                                   "PRIVATE", "INTERFACE"):
                    continue
                d = self._resolve(arg)
                if d and os.path.isdir(d):
                    self.includes.append(d)
        for m in self.MK_INC_RE.finditer(text):
            d = self._resolve(m.group(1))
            if d and os.path.isdir(d):
                self.includes.append(d)
        self.subdirs = [d for d in (self._resolve(m.group(1) or m.group(2))
                                    for m in self.SUBDIR_RE.finditer(text))
                        if d and os.path.isdir(d)]
        self.stds = [int(m.group(1)) for rx in self.STD_RES
                     for m in rx.finditer(text)]

    def _resolve(self, arg):
        arg = arg.strip().strip('"\'')
        for _ in range(4):
            new = re.sub(r"\$[({](\w+)[)}]",
                         lambda m: self.vars.get(m.group(1), m.group(0)), arg)
            if new == arg:
                break
            arg = new
        for var in ("${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}",
                    "${PROJECT_SOURCE_DIR}"):
            arg = arg.replace(var, self.dir)
        arg = arg.replace("${CMAKE_SOURCE_DIR}", self.root)
        if not arg or "$" in arg or arg.startswith("-"):
            return None
        if not os.path.isabs(arg):
            arg = os.path.join(self.dir, arg)
        return os.path.normpath(arg)


def build_scripts_for(path, scripts_by_dir, root):
    """The build scripts in the folder of PATH and in its ancestors up to
    the code base's root, nearest first."""
    out = []
    d = os.path.dirname(path)
    while True:
        out.extend(scripts_by_dir.get(d, []))
        if d == root or not under(d, root):
            break
        d = os.path.dirname(d)
    return out


# ---------------------------------------------------------------------------
# Sources and fragments
# ---------------------------------------------------------------------------
def find_sources(root, translated, scripts_by_dir):
    """Decide which translated files the upstream build compiles on its own.

    The rule (kept simple on purpose):
    - a candidate is a file cu2hip translated (not merely copied) whose
      suffix is .cu, .cpp, .cc, .cxx or .c: .cu files always, host files
      only when they use CUDA (a plain C/C++ file is built by the host
      compiler and is no concern of a port);
    - it is *built* when a build script in its folder or in an ancestor
      folder names it (its base name, or a glob: aux_source_directory,
      file(GLOB), $(wildcard)), or when a build script sits in its own
      folder (cuda-samples' CMakeLists, `%: %.cu` pattern rules), or
      when a build script enters its folder or an ancestor of it (`cd DIR;
      make`, `make -C DIR`, add_subdirectory(DIR)): Rodinia's top Makefile
      builds each benchmark that way, and the snapshot lacks some of the
      benchmarks' own Makefiles;
    - it is a *fragment* when another file of the code base #includes it
      (resolved as the compiler would: the includer's folder, then the
      include folders of the includer's build scripts), e.g. Rodinia's
      `#include "kernel.cu"`. Fragments are compiled as part of their
      includer, never on their own, so they are not counted.

    Returns (sources, fragments, not_built), sorted lists of input paths.
    """
    included = set()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for fn in filenames:
            if not fn.endswith(SCAN_EXTS):
                continue
            p = os.path.join(dirpath, fn)
            text = read_text(p)
            if not text or "include" not in text:
                continue
            dirs = None
            for m in INCLUDE_RE.finditer(text):
                name = m.group(2).strip()
                if not name.endswith(SOURCE_EXTS):
                    continue
                if dirs is None:
                    dirs = [dirpath] + include_dirs_for(p, scripts_by_dir,
                                                        root)
                for d in dirs:
                    q = os.path.normpath(os.path.join(d, name))
                    if q != p and os.path.isfile(q):
                        included.add(q)
                        break
    entered = set(d for scripts in scripts_by_dir.values()
                  for s in scripts for d in s.subdirs)
    sources, fragments, not_built = [], [], []
    for p in sorted(translated):
        if not p.endswith(SOURCE_EXTS):
            continue
        if p in included:
            fragments.append(p)
            continue
        base = os.path.basename(p)
        d = os.path.dirname(p)
        built = bool(scripts_by_dir.get(d)) or any(
            under(d, e) for e in entered)
        if not built:
            for s in build_scripts_for(p, scripts_by_dir, root):
                if base in s.names or any(
                        gd == d and fnmatch.fnmatch(base, pat)
                        for gd, pat in s.globs):
                    built = True
                    break
        (sources if built else not_built).append(p)
    return sources, fragments, not_built


def include_dirs_for(path, scripts_by_dir, root):
    dirs = []
    for s in build_scripts_for(path, scripts_by_dir, root):
        for d in s.includes:
            if d not in dirs:
                dirs.append(d)
    return dirs


def std_for(path, scripts_by_dir, root):
    """The C++ standard the build scripts ask for (the highest named), else
    17, nvcc 13's default."""
    stds = [n for s in build_scripts_for(path, scripts_by_dir, root)
            for n in s.stds if n in (11, 14, 17, 20, 23)]
    return max(stds) if stds else 17


# ---------------------------------------------------------------------------
# Line mapping between an input and its translation
# ---------------------------------------------------------------------------
class LineMap:
    """Maps a 1-based line of the translated file to the input line it came
    from (difflib over lines).  A line cu2hip inserted maps to the input line
    before which it was inserted, with inserted=True."""

    def __init__(self, in_path, out_path):
        a = (read_text(in_path) or "").splitlines()
        b = (read_text(out_path) or "").splitlines()
        self.in_lines = a
        self.ops = difflib.SequenceMatcher(None, a, b, autojunk=False) \
            .get_opcodes()

    def to_input(self, out_line):
        j = out_line - 1
        for tag, i1, i2, j1, j2 in self.ops:
            if j1 <= j < j2:
                if tag == "equal":
                    return i1 + (j - j1) + 1, False
                if tag == "replace":
                    return i1 + min(j - j1, i2 - i1 - 1) + 1, False
                return i1 + 1, True          # insert
        return out_line, False


# ---------------------------------------------------------------------------
# Compiler output
# ---------------------------------------------------------------------------
LOC_RE = re.compile(r"^(.+?):(\d+):(\d+): (fatal error|error|warning|note): "
                    r"(.*)$")
INCL_RE = re.compile(r"^(?:In file included from|\s+from) (.+?):(\d+)[:,]")
BARE_ERR_RE = re.compile(r"^(?:[\w+.\-/]*: )?(fatal error|error): (.*)$")
NOT_FOUND_RE = re.compile(r"^'(.+)' file not found")


def first_error(log_text, cwd):
    """The first error of a clang run: dict(path, line, col, msg, stack,
    notes) with absolute paths; path None when it has no location."""
    lines = log_text.splitlines()
    stack = []
    for k, ln in enumerate(lines):
        m = INCL_RE.match(ln)
        if m:
            stack.append((os.path.normpath(os.path.join(cwd, m.group(1))),
                          int(m.group(2))))
            continue
        m = LOC_RE.match(ln)
        if m and m.group(4) in ("error", "fatal error"):
            err = dict(path=os.path.normpath(os.path.join(cwd, m.group(1))),
                       line=int(m.group(2)), col=int(m.group(3)),
                       msg=m.group(5), stack=stack, notes=[])
            for ln2 in lines[k + 1:]:
                m2 = LOC_RE.match(ln2)
                if m2 and m2.group(4) != "note":
                    break
                if m2 and ("expanded from macro" in m2.group(5)
                           or "requested here" in m2.group(5)):
                    err["notes"].append(
                        (os.path.normpath(os.path.join(cwd, m2.group(1))),
                         int(m2.group(2))))
            return err
        if m:
            if m.group(4) != "note":
                stack = []
            continue
        m = BARE_ERR_RE.match(ln)
        if m:
            return dict(path=None, line=0, col=0, msg=m.group(2), stack=[],
                        notes=[])
        if not ln.startswith((" ", "\t")):
            stack = [] if not ln.startswith("In file included") else stack
    return None


def normalise(msg):
    """Group key of a compiler message: identifiers kept; absolute paths,
    file:line:col positions and mangled names stripped."""
    msg = re.sub(r"(?<![\w.+\-/])(/[\w.+\-]+)+(:\d+)*", "PATH", msg)
    msg = re.sub(r"\b[\w.+\-]+\.(?:cu|cuh|h|hpp|cpp|c|hip):\d+(:\d+)?",
                 "FILE:N", msg)
    msg = re.sub(r"\b_Z\w+", "_Z...", msg)
    msg = re.sub(r"\s+", " ", msg).strip()
    return msg


# ---------------------------------------------------------------------------
# One code base
# ---------------------------------------------------------------------------
class CodeBase:
    def __init__(self, args, src, workdir):
        self.args = args
        self.src = os.path.realpath(src)
        self.name = os.path.basename(self.src.rstrip("/"))
        self.work = os.path.join(workdir, self.name)
        self.tree = os.path.join(self.work, "tree")
        self.results = []
        self.times = {}

    # -- 1. translate -------------------------------------------------------
    def translate(self):
        if os.path.exists(self.work):
            shutil.rmtree(self.work)
        os.makedirs(self.work)
        cmd = ["nice", "-n", "10", self.args.cu2hip, "-q", "-o", self.tree,
               self.src, "--format", "jsonl",
               "--output", os.path.join(self.work, "diags.jsonl"),
               "--report", os.path.join(self.work, "report.json"),
               "-j", str(self.args.jobs)]
        if self.args.rocm == "6.3":
            cmd += ["--rocm-version", "6.3"]
        t0 = time.time()
        r = subprocess.run(cmd, cwd=self.work, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, errors="replace")
        self.times["translate"] = time.time() - t0
        with open(os.path.join(self.work, "cu2hip.cmd"), "w") as f:
            f.write(" ".join(cmd) + "\n")
        self.cu2hip_rc = r.returncode
        if r.returncode not in (0, 1):
            log(f"[{self.name}] cu2hip exited {r.returncode}: "
                f"{r.stderr.strip()[:500]}")
        with open(os.path.join(self.work, "cu2hip.time"), "w") as f:
            f.write("%.1f %d\n" % (self.times["translate"], r.returncode))
        self.load()

    def load(self):
        """Reads what the translation left in the work folder."""
        if "translate" not in self.times:
            t, rc = (read_text(os.path.join(self.work, "cu2hip.time"))
                     or "0 -1").split()
            self.times["translate"], self.cu2hip_rc = float(t), int(rc)
        report = json.load(open(os.path.join(self.work, "report.json")))
        self.out_of = {}     # input path -> output path (absolute)
        self.in_of = {}      # output path -> input path
        self.status = {}     # input path -> changed/unchanged/copied/failed
        for f in report["files"]:
            inp = os.path.normpath(os.path.join(self.work, f["path"]))
            if not f.get("output"):
                self.status[inp] = f["status"]
                continue
            outp = os.path.normpath(os.path.join(self.work, f["output"]))
            self.out_of[inp] = outp
            self.in_of[outp] = inp
            self.status[inp] = f["status"]
        self.diags = {}      # input path -> [diag dict]
        with open(os.path.join(self.work, "diags.jsonl")) as f:
            for ln in f:
                ln = ln.strip()
                if not ln:
                    continue
                d = json.loads(ln)
                loc = d["location"]
                p = os.path.normpath(os.path.join(self.work, loc["path"]))
                rng = loc.get("range", {})
                start = rng.get("start", {}).get("line", 0)
                end = rng.get("end", {}).get("line", start)
                sev = d.get("severity", "").lower()
                sev = {"info": "note"}.get(sev, sev)    # rdjson says INFO
                self.diags.setdefault(p, []).append(dict(
                    line=start, end=end, sev=sev,
                    check=d.get("code", {}).get("value", ""),
                    msg=d.get("message", "")))
        self.totals = report.get("totals", {})

    # -- 2. sources -------------------------------------------------------
    def pick_sources(self):
        self.scripts_by_dir = {}
        for dirpath, dirnames, filenames in os.walk(self.src):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                if is_build_script(fn):
                    self.scripts_by_dir.setdefault(dirpath, []).append(
                        BuildScript(os.path.join(dirpath, fn), self.src))
        translated = [p for p, st in self.status.items()
                      if st in ("changed", "unchanged")]
        self.sources, self.fragments, self.not_built = find_sources(
            self.src, translated, self.scripts_by_dir)

    def out_path(self, inp):
        return self.out_of.get(inp) or os.path.join(
            self.tree, os.path.relpath(inp, self.src))

    # -- 3. compile ---------------------------------------------------------
    def compile_cmd(self, inp, obj):
        outp = self.out_path(inp)
        a = self.args
        cmd = ["nice", "-n", "10", a.clang, "-x", "hip",
               "--offload-arch=" + a.arch,
               "--rocm-device-lib-path=" + a.device_libs]
        if a.rocm == "6.3":
            cmd += ["--hip-path=" + a.rocm63, "-isystem",
                    os.path.join(a.rocm63, "include")]
        else:
            cmd += ["--rocm-path=" + a.rocm_path]
        cmd += ["-isystem", a.extra_include,
                "-std=c++%d" % std_for(inp, self.scripts_by_dir, self.src),
                "-w", "-fno-color-diagnostics"]
        incs = [os.path.dirname(inp)] + include_dirs_for(
            inp, self.scripts_by_dir, self.src)
        seen = set()
        for d in incs:
            od = os.path.join(self.tree, os.path.relpath(d, self.src))
            if od not in seen and os.path.isdir(od):
                seen.add(od)
                cmd += ["-I", od]
        cmd += ["-c", outp, "-o", obj]
        return cmd

    # -- 4. classify --------------------------------------------------------
    def to_input(self, path, line, cache):
        """(input path, input line, inserted) for a location in the
        translated tree, else None."""
        if not under(path, self.tree):
            return None
        inp = self.in_of.get(path) or os.path.join(
            self.src, os.path.relpath(path, self.tree))
        if path not in cache:
            cache[path] = LineMap(inp, path) if path in self.in_of else None
        lm = cache[path]
        if lm is None:
            return inp, line, False
        ln, ins = lm.to_input(line)
        return inp, ln, ins

    def near(self, inp, line, dist, severities=("error", "warning")):
        out = []
        for d in self.diags.get(inp, []):
            if d["sev"] in severities and \
                    d["line"] - dist <= line <= d["end"] + dist:
                out.append(d)
        return out

    def classify(self, err, cache):
        """Decide the class of a failed compile from its first error.

        - nolib: "'H' file not found" where H matches LIBS_WITHOUT_HEADERS
          and the #include was in the original code (not added by cu2hip);
        - diagnosed: cu2hip reported an error or a warning (notes do not
          count) within NEAR lines (in the input) of the failing line.  The
          failing line is the error's own position when it lies in the
          translated tree, else the innermost #include in the tree that led
          to it (an error inside a HIP header); positions of "expanded from
          macro" and "requested here" notes in the tree count too.  When
          the failing line is an #include (a header not found, or the
          include that led into a failing HIP header) the diagnostic must
          be on that line itself: the next #include is another construct;
        - setup: "'H' file not found" for a header the code base has: the
          bench did not derive the include folder (not a translation defect);
          or a first error listed in TOOLCHAIN_PAIRINGS for these headers
          (the HIP headers and clang 19 do not go together there);
        - silent: everything else.
        Returns (class, locations mapped to the input, extra info)."""
        if err is None:
            return "silent", [], "no error line in the compiler output"
        for v, rx, why in _PAIRING_RES:
            if v == self.args.rocm and rx.search(err["msg"]):
                return "setup", [], why
        if self.args.rocm == "6.3":
            if OLD_LIBRARY_RE.search(err["msg"]):
                return "setup", [], ("rocPRIM here is Debian's 5.x, which reads hipDeviceProp_t::gcnArch "
                                     "(removed in HIP 6.0), beside the HIP 6.3 headers")
            m = NEWER_NAME_RE.search(err["msg"])
            since = m and newer_library_name(m.group(1), os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rules"))
            if since:
                return "setup", [], ("%s is hipRAND's from ROCm %s; hipRAND here is Debian's 5.x"
                                     % (m.group(1), since))
        # (path, line, window): an #include line is one construct, so a
        # diagnostic must be on that very line; elsewhere NEAR lines.
        not_found = NOT_FOUND_RE.match(err["msg"])
        locs = []
        if err["path"] and under(err["path"], self.tree):
            locs.append((err["path"], err["line"], 0 if not_found else NEAR))
        else:
            for p, ln in reversed(err["stack"]):
                if under(p, self.tree):
                    locs.append((p, ln, 0))
                    break
        for p, ln in err["notes"]:
            if under(p, self.tree):
                locs.append((p, ln, NEAR))
        mapped = []
        for p, ln, win in locs:
            m = self.to_input(p, ln, cache)
            if m:
                mapped.append(m + (win,))
        info = ""
        if not_found:
            header = not_found.group(1)
            inserted = bool(mapped) and mapped[0][2]
            lib = next((n for n, rx in _LIB_RES if rx.search(header)), None)
            if lib and not inserted:
                return "nolib", mapped, lib
            if inserted:
                info = "include added by cu2hip"
            elif self.has_own_header(header):
                return "setup", mapped, "the code base has this header"
        for inp, ln, _, win in mapped:
            found = self.near(inp, ln, win)
            if found:
                return "diagnosed", mapped, "by " + ",".join(
                    sorted(set(d["check"] for d in found)))
        return "silent", mapped, info

    def has_own_header(self, header):
        if not hasattr(self, "_all_files"):
            self._all_files = []
            for dirpath, dirnames, filenames in os.walk(self.src):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                self._all_files += [os.path.join(dirpath, f)
                                    for f in filenames]
        suffix = "/" + header.lstrip("./")
        return any(f.endswith(suffix) for f in self._all_files)

    def rel(self, p):
        if under(p, self.tree):
            return os.path.relpath(p, self.tree)
        if under(p, self.src):
            return os.path.relpath(p, self.src)
        return p


def run_compiles(cb, pool_size, timeout):
    """Compiles every source of CB; fills cb.results."""
    objdir = tempfile.mkdtemp(prefix="obj.", dir=cb.work)
    logdir = os.path.join(cb.work, "logs")
    lock = threading.Lock()
    done = [0, 0]
    total = len(cb.sources)

    def one(k, inp):
        obj = os.path.join(objdir, "%d.o" % k)
        cmd = cb.compile_cmd(inp, obj)
        cwd = os.path.dirname(cb.out_path(inp))
        t0 = time.time()
        try:
            r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True,
                               errors="replace", timeout=timeout)
            rc, out = r.returncode, r.stdout
        except subprocess.TimeoutExpired as e:
            rc = -1
            out = (e.stdout or "") if isinstance(e.stdout, str) else ""
            out += "\nerror: compile timed out after %d s\n" % timeout
        secs = time.time() - t0
        try:
            os.unlink(obj)
        except OSError:
            pass
        rel = os.path.relpath(inp, cb.src)
        logp = os.path.join(logdir, rel + ".log")
        os.makedirs(os.path.dirname(logp), exist_ok=True)
        with open(logp, "w") as f:
            f.write("$ (cd %s && %s)\n%s\n# exit %d, %.1f s\n" % (
                cwd, " ".join(cmd), out, rc, secs))
        with lock:
            done[0] += 1
            done[1] += rc != 0
            if done[0] % 10 == 0 or done[0] == total:
                log(f"[{cb.name}] compiled {done[0]}/{total} "
                    f"({done[1]} failed)")
        return dict(inp=inp, rc=rc, out=out, cwd=cwd, log=logp, secs=secs)

    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(pool_size) as ex:
        futs = [ex.submit(one, k, p) for k, p in enumerate(cb.sources)]
        raw = [f.result() for f in futs]
    cb.times["compile"] = time.time() - t0
    with open(os.path.join(cb.work, "compile.time"), "w") as f:
        f.write("%.1f\n" % cb.times["compile"])
    shutil.rmtree(objdir, ignore_errors=True)
    classify_all(cb, raw)


def reread_compiles(cb):
    """The compile results of an earlier run, from its logs."""
    raw = []
    total = 0.0
    for inp in cb.sources:
        logp = os.path.join(cb.work, "logs",
                            os.path.relpath(inp, cb.src) + ".log")
        text = read_text(logp)
        if text is None:
            raise SystemExit("realworld: %s is missing: --reclassify needs "
                             "the --out folder of a complete run" % logp)
        m = re.search(r"\n# exit (-?\d+), ([\d.]+) s\n$", text)
        head, _, body = text.partition("\n")
        cwd = re.match(r"\$ \(cd (.*?) && ", head)
        if not m or not cwd:
            raise SystemExit("realworld: %s: not a log of this bench" % logp)
        total += float(m.group(2))
        raw.append(dict(inp=inp, rc=int(m.group(1)), out=body, cwd=cwd.group(1),
                        log=logp, secs=float(m.group(2))))
    wall = read_text(os.path.join(cb.work, "compile.time"))
    cb.times["compile"] = float(wall) if wall else total
    classify_all(cb, raw)


def classify_all(cb, raw):
    cache = {}
    for r in raw:
        res = dict(file=os.path.relpath(r["inp"], cb.src), log=r["log"],
                   secs=round(r["secs"], 1))
        if r["rc"] == 0:
            res.update(status="compiled")
        else:
            err = first_error(r["out"], r["cwd"])
            cls, mapped, info = cb.classify(err, cache)
            res.update(status=cls, info=info)
            if err:
                where = (f"{cb.rel(err['path'])}:{err['line']}:{err['col']}"
                         if err["path"] else "")
                res.update(error_at=where, error=err["msg"],
                           key=normalise(err["msg"]) +
                           (" [include added by cu2hip]" if info ==
                            "include added by cu2hip" else ""))
            else:
                res.update(error_at="", error="(no error line)",
                           key="(no error line in the compiler output)")
            res["input_at"] = ["%s:%d%s" % (os.path.relpath(i, cb.src), ln,
                                            " (inserted line)" if ins else "")
                               for i, ln, ins, _ in mapped]
            res["cu2hip_near"] = []
            for i, ln, _, _ in mapped[:1]:
                for d in cb.near(i, ln, SHOW_NEAR,
                                 ("error", "warning", "note")):
                    res["cu2hip_near"].append(
                        "%s:%d: %s: %s [%s]" % (os.path.relpath(i, cb.src),
                                                d["line"], d["sev"],
                                                d["msg"], d["check"]))
        cb.results.append(res)


# ---------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------
COLS = ["sources", "fragments", "not built", "compiled", "fail diagnosed",
        "(parse-only)", "fail no-lib", "fail silent", "fail setup",
        "compiled %"]


def parse_only(r):
    """A failure diagnosed only by cu2hip's parse-* checks: cu2hip said its
    parse went wrong there (a header it could not find, an undeclared name),
    not what to change."""
    return r["status"] == "diagnosed" and all(
        c.startswith("parse-") for c in r["info"][3:].split(","))


def row_of(cb):
    n = {k: 0 for k in ("compiled", "diagnosed", "nolib", "silent", "setup")}
    for r in cb.results:
        n[r["status"]] += 1
    po = sum(1 for r in cb.results if parse_only(r))
    denom = len(cb.sources) - n["nolib"] - n["setup"]
    pct = "%.1f" % (100.0 * n["compiled"] / denom) if denom else "-"
    return [len(cb.sources), len(cb.fragments), len(cb.not_built),
            n["compiled"], n["diagnosed"], po, n["nolib"], n["silent"],
            n["setup"], pct]


def table(cbs):
    rows = [(cb.name, row_of(cb)) for cb in cbs]
    if len(rows) > 1:
        tot = [sum(r[1][i] for r in rows) for i in range(9)]
        denom = tot[0] - tot[6] - tot[8]
        tot.append("%.1f" % (100.0 * tot[3] / denom) if denom else "-")
        rows.append(("total", tot))
    w0 = max(12, max(len(r[0]) for r in rows))
    head = "%-*s" % (w0, "code base") + "".join(
        "%*s" % (max(len(c), 6) + 2, c) for c in COLS)
    lines = [head]
    for name, vals in rows:
        lines.append("%-*s" % (w0, name) + "".join(
            "%*s" % (max(len(c), 6) + 2, v) for c, v in zip(COLS, vals)))
    return "\n".join(lines)


def write_details(cb):
    with open(os.path.join(cb.work, "details.jsonl"), "w") as f:
        for r in cb.results:
            f.write(json.dumps(r) + "\n")
    with open(os.path.join(cb.work, "details.txt"), "w") as f:
        for r in sorted(cb.results, key=lambda r: (r["status"], r["file"])):
            f.write("%-9s %s\n" % (r["status"], r["file"]))
            if r["status"] == "compiled":
                continue
            f.write("    first error: %s: %s\n" % (r["error_at"], r["error"]))
            if r.get("input_at"):
                f.write("    in the input: %s\n" % ", ".join(r["input_at"]))
            if r.get("info"):
                f.write("    note: %s\n" % r["info"])
            for d in r.get("cu2hip_near", []):
                f.write("    cu2hip: %s\n" % d)
            f.write("    log: %s\n" % r["log"])


def write_sources(cb):
    with open(os.path.join(cb.work, "sources.txt"), "w") as f:
        for title, lst in (("sources", cb.sources),
                           ("fragments (#included by another file)",
                            cb.fragments),
                           ("not built (no build script names them)",
                            cb.not_built)):
            f.write("# %s: %d\n" % (title, len(lst)))
            for p in lst:
                f.write(os.path.relpath(p, cb.src) + "\n")


def diagnosed_summary(cbs):
    """How the diagnosed, no-lib and setup failures break down: by the check
    that diagnosed them, by library, by reason."""
    by = {}
    for cb in cbs:
        for r in cb.results:
            if r["status"] == "diagnosed":
                k = "diagnosed %s" % r["info"]
            elif r["status"] == "nolib":
                k = "no-lib %s" % r["info"]
            elif r["status"] == "setup":
                k = "setup: %s" % r["info"]
            else:
                continue
            by[k] = by.get(k, 0) + 1
    return "\n".join("%5d  %s" % (n, k) for k, n in
                     sorted(by.items(), key=lambda kv: (-kv[1], kv[0])))


def silent_groups(cbs, top):
    """The silent failures grouped by first error, then (as a second list)
    the failures diagnosed only by parse-* checks."""
    return (groups_of(cbs, top, lambda r: r["status"] == "silent",
                      "silent failures") + "\n" +
            groups_of(cbs, top, parse_only,
                      "failures diagnosed only by parse-* checks "
                      "(cu2hip's parse was incomplete there)"))


def groups_of(cbs, top, pick, what):
    groups = {}
    for cb in cbs:
        for r in cb.results:
            if pick(r):
                groups.setdefault(r["key"], []).append((cb, r))
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    total = sum(len(v) for v in groups.values())
    lines = ["%d %s in %d groups (first compiler error, normalised); most "
             "frequent first" % (total, what, len(order)), ""]
    for k, (key, items) in enumerate(order[:top] if top else order, 1):
        by_cb = {}
        for cb, _ in items:
            by_cb[cb.name] = by_cb.get(cb.name, 0) + 1
        lines.append("%3d. [%d] %s" % (k, len(items), key))
        lines.append("     in: " + ", ".join(
            "%s %d" % kv for kv in sorted(by_cb.items())))
        for cb, r in items[:2]:
            where = r["error_at"] or r["file"]
            if not where.startswith("/"):
                where = cb.name + "/" + where
            src = (" (input %s)" % r["input_at"][0]) if r.get("input_at") \
                else ""
            lines.append("     e.g. %s%s [compiling %s/%s]" % (
                where, src, cb.name, r["file"]))
            lines.append("          %s" % r["error"][:300])
        lines.append("")
    if top and len(order) > top:
        lines.append("(%d more groups not shown)" % (len(order) - top))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(
        prog="realworld.sh",
        description="Translate real CUDA code bases with cu2hip and compile "
                    "every translated source for gfx942.")
    ap.add_argument("corpus", nargs="*", help="code base folders")
    ap.add_argument("--cu2hip", required=True)
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--arch", default="gfx942")
    ap.add_argument("--rocm", choices=("5.2", "6.3"), default="5.2")
    ap.add_argument("--rocm-path", default="/usr")
    ap.add_argument("--rocm63", required=True)
    ap.add_argument("--extra-include", required=True)
    ap.add_argument("--device-libs", required=True)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", required=True)
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--reclassify", action="store_true")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    a.out = os.path.realpath(a.out)
    cbs = []
    t_all = time.time()
    for src in a.corpus:
        if not os.path.isdir(src):
            log(f"realworld: {src} is not a folder; skipped")
            continue
        cb = CodeBase(a, src, a.out)
        if a.reclassify:
            cb.load()
        else:
            log(f"[{cb.name}] translating with {a.cu2hip} ...")
            cb.translate()
        cb.pick_sources()
        log(f"[{cb.name}] {len(cb.sources)} sources, {len(cb.fragments)} "
            f"fragments excluded, {len(cb.not_built)} not named by a build "
            f"script; translation took {cb.times['translate']:.0f} s "
            f"(cu2hip exit {cb.cu2hip_rc})")
        write_sources(cb)
        if a.reclassify:
            reread_compiles(cb)
        else:
            run_compiles(cb, a.jobs, a.timeout)
        write_details(cb)
        cbs.append(cb)
        log(table([cb]))
        # Partial results as soon as each code base is done.
        with open(os.path.join(a.out, "table.txt"), "w") as f:
            f.write(table(cbs) + "\n")
        with open(os.path.join(a.out, "silent-groups.txt"), "w") as f:
            f.write(silent_groups(cbs, 0))
    if not cbs:
        log("realworld: no code base to measure")
        return 0
    elapsed = sum(cb.times["translate"] + cb.times["compile"] for cb in cbs) \
        if a.reclassify else time.time() - t_all
    hdr = ("cu2hip real-world compile check: %s, HIP %s headers, clang %s, "
           "-j %d" % (a.arch, a.rocm, a.clang, a.jobs))
    times = "; ".join("%s: translate %.0f s, compile %.0f s" % (
        cb.name, cb.times["translate"], cb.times["compile"]) for cb in cbs)
    text = "%s\n\n%s\n\ntime: %s; total %.0f s\n\n%s\n" % (
        hdr, table(cbs), times, elapsed, diagnosed_summary(cbs))
    with open(os.path.join(a.out, "table.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "silent-groups.txt"), "w") as f:
        f.write(silent_groups(cbs, 0))
    print(text)
    print(silent_groups(cbs, a.top))
    print("details: %s/<code base>/details.txt (every failure), "
          "sources.txt, logs/; all silent groups: %s/silent-groups.txt"
          % (a.out, a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
