#!/usr/bin/env python3
"""PyTorch extensions: what cu2hip does with their PyTorch CUDA APIs, their
setup.py flags, their warp-size idioms, and the hunks their own ROCm ports
changed. A measurement, not a test (bench/README.md, "Extensions").

usage: bench/extensions.py [--cu2hip PATH] [--out DIR] [--list-hunks] [--] PROJECT...

Per project it runs `cu2hip -o OUT --format=json --output=DIAG PROJECT`
(one run; the extension's own translation, as a user would make it) and
prints:

  torch api   PyTorch CUDA API uses in the sources (at::cuda::*, c10::cuda::*,
              C10_CUDA_* / AT_CUDA_* macros, CUDA guards and streams, ATen/cuda,
              c10/cuda and THC includes), found by spelling, not by the rule
              table: translated (no longer in the output, or left as a ROCm
              build of PyTorch takes it: a name rules/pytorch.yaml keeps, or
              at::cuda:: of one it does not list), reported (still there,
              with a diagnostic on its line), silent (still there, no
              diagnostic; --list-hunks prints each); (+N): uses inside the
              project's own ROCm branches, which its port decides;
  setup.py    nvcc-only flags in setup.py files: handled (gone or changed in
              the output), reported (kept, with a diagnostic), silent;
  warp        warp-size-literal warnings and notes, warp-mask-32bit warnings;
  rocm hunks  the project's own ROCm branches (#if on USE_ROCM,
              __HIP_PLATFORM_AMD__, __HIPCC__, ... and macros made from them):
              each block is seen twice with unifdef -b (line numbers kept),
              once as CUDA compiles it and once as HIP does. A block whose
              CUDA side, translated by cu2hip, is the HIP side (tokens
              compared) is a rename the translation does itself; the others
              are arch hunks, and one gets a diagnostic when cu2hip, run on
              the CUDA view of the project, reports a check other than
              parse-*, include-added and compat-header inside it. Counted
              apart: blocks of #include/#define lines and namespace aliases
              on both sides (hdr: header choices), and blocks with nothing
              on the CUDA side (add: code the port added).
              Columns: all/hdr/add/arch/diag.

Needs python3 and unifdef (Debian package unifdef) for the hunks.
"""
import argparse
import collections
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE_EXT = (".cu", ".cuh", ".h", ".hpp", ".hh", ".cpp", ".cc", ".cxx", ".inl")

# PyTorch's CUDA API as spelt in extension sources.
TORCH_API = re.compile(
    r"\b(?:at|c10)\s*::\s*cuda\s*::\s*\w+"
    r"|\b(?:C10_CUDA|AT_CUDA|TORCH_CUDA|C10_CUDA_KERNEL)_\w+"
    r"|\b(?:getCurrentCUDAStream|getDefaultCUDAStream|getStreamFromPool|getCurrentCUDABlasHandle"
    r"|getCurrentDeviceProperties|CUDAGuard|OptionalCUDAGuard|CUDAStreamGuard|CUDAStream"
    r"|CUDAEvent|CUDAMultiStreamGuard)\b"
    r"|#\s*include\s*[<\"](?:ATen/cuda|c10/cuda|THC)/[^>\"]*[>\"]")

# nvcc-only flags as they appear in setup.py string literals.
NVCC_FLAG = re.compile(
    r"""(['"])(-gencode[^'"]*|-arch=sm_\w+|--gpu-architecture[^'"]*|-code=\w+|arch=compute_\w+,code=\w+"""
    r"""|--use_fast_math|-use_fast_math|--expt-relaxed-constexpr|--expt-extended-lambda|--extended-lambda"""
    r"""|--ptxas-options[^'"]*|-Xptxas[^'"]*|-lineinfo|-Xcompiler[^'"]*|--threads[^'"]*|-maxrregcount[^'"]*"""
    r"""|--resource-usage|-U__CUDA_NO_\w+|--compiler-options[^'"]*)\1""")

ROCM_MACROS = ["USE_ROCM", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIPCC__", "__HIP__",
               "__HIP_DEVICE_COMPILE__", "HIP_PLATFORM_AMD"]
# Checks that say nothing about an arch hunk.
NOT_FITTING = re.compile(r"^(parse-|include-added|compat-header|outside-tree|input-error)")
DIRECTIVE = re.compile(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)")


def sources(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for f in sorted(files):
            if f.endswith(SOURCE_EXT):
                yield os.path.join(d, f)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


diags_with_text = collections.defaultdict(list)  # relative path -> [(line_begin, line_end, code, message)]


def run_cu2hip(cu2hip, src, out, diag_path):
    if os.path.exists(out):
        shutil.rmtree(out)
    p = subprocess.run([cu2hip, "-o", out, "--format=json", "--output=" + diag_path,
                        "--rocm-version=%d.%d" % TARGET_ROCM, src],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    diags = collections.defaultdict(list)  # relative path -> [(line_begin, line_end, code, severity)]
    diags_with_text.clear()
    try:
        doc = json.load(open(diag_path))
    except (OSError, ValueError):
        sys.stderr.write("extensions.py: no report from cu2hip on %s (exit %d): %s\n"
                         % (src, p.returncode, p.stderr[-300:]))
        return diags
    for d in doc.get("diagnostics", []):
        loc = d.get("location", {})
        path = loc.get("path", "")
        rng = loc.get("range", {})
        b = rng.get("start", {}).get("line", 0)
        e = rng.get("end", {}).get("line", b)
        rel = os.path.relpath(os.path.abspath(path), os.path.abspath(src)) if os.path.isabs(path) else path
        rel = os.path.normpath(rel)
        diags[rel].append((b, e, d.get("code", {}).get("value", ""), d.get("severity", "")))
        diags_with_text[rel].append((b, e, d.get("code", {}).get("value", ""), d.get("message", "")))
    return diags


def output_path(out, rel):
    """The output of rel (cu2hip may rename .cu -> .hip with --rename; by default the name is kept)."""
    p = os.path.join(out, rel)
    return p if os.path.exists(p) else None


def lines_with(diags, rel):
    s = set()
    for b, e, _, _ in diags.get(rel, []):
        s.update(range(b, e + 1))
    return s


def line_map(a_lines, b_lines):
    """1-based line of a -> 1-based line of b, for lines the two share."""
    m = {}
    sm = difflib.SequenceMatcher(None, a_lines, b_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("equal", "replace"):
            for k in range(min(i2 - i1, j2 - j1)):
                m[i1 + k + 1] = j1 + k + 1
    return m


ALL_TORCH = set()  # every name of the PyTorch table


def kept_names(root):
    """Names of the PyTorch rule table that a ROCm build keeps as written
    (AT_CUDA_CHECK, headers mapped to themselves)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        import pytorch_api_uses
        names, headers = pytorch_api_uses.load_table(os.path.join(root, "rules", "pytorch.yaml"))
    except Exception as e:  # no PyYAML, no table: every use left is judged by its diagnostics
        sys.stderr.write("extensions.py: PyTorch table not read (%s): uses left as written count as silent\n" % e)
        return set()
    ALL_TORCH.update(names)
    return {n for n, h in names.items() if h == n} | {h for h, t in headers.items() if h == t}


def kept(spelling, keep):
    """Whether a use left as written is what a ROCm build of PyTorch takes:
    a name the table keeps, or at::cuda:: of one it does not list (the
    namespace reaches c10::hip on ROCm)."""
    inc = re.match(r'#\s*include\s*[<"]([^>"]+)', spelling)
    if inc:
        return inc.group(1) in keep
    last = re.sub(r".*::", "", spelling)
    return last in keep or (re.match(r"at\s*::\s*cuda\s*::", spelling) is not None and last not in ALL_TORCH)



def torch_api(src, out, diags, keep, listing):
    translated = reported = silent = in_branches = 0
    for path in sources(src):
        rel = os.path.relpath(path, src)
        text = read(path)
        # Comments keep their line breaks, so that line numbers stay.
        code = re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        uses = [(code.count("\n", 0, m.start()) + 1, m.group(0)) for m in TORCH_API.finditer(code)]
        if not uses:
            continue
        op = output_path(out, rel)
        if not op:
            silent += len(uses)
            continue
        out_text = read(op)
        lmap = line_map(text.split("\n"), out_text.split("\n"))
        out_lines = out_text.split("\n")
        flagged = lines_with(diags, rel)
        ported = rocm_blocks(path, ROCM_MACROS + ["MMCV_WITH_HIP", "BNB_HIP", "HIP_BUILD"])
        for line, spelling in uses:
            ol = lmap.get(line)
            tight = re.sub(r"\s+", "", spelling)
            still = ol is not None and re.search(r"(?<!\w)%s(?!\w)" % re.escape(tight),
                                                 re.sub(r"\s+", "", out_lines[ol - 1])) is not None
            if any(a <= line <= b for a, b in ported):
                in_branches += 1  # the project's own ROCm port decides there
                continue
            if not still or kept(spelling, keep):
                translated += 1
            elif line in flagged:
                reported += 1
            else:
                silent += 1
                if listing:
                    print("    silent: %s:%d %s" % (rel, line, spelling))
    return translated, reported, silent, in_branches


def setup_flags(src, out, diags):
    handled = reported = silent = 0
    for d, dirs, files in os.walk(src):
        dirs[:] = [x for x in dirs if not x.startswith(".")]
        for f in files:
            if f != "setup.py":
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, src)
            text = read(path)
            flags = [(text.count("\n", 0, m.start()) + 1, m.group(0)) for m in NVCC_FLAG.finditer(text)]
            op = output_path(out, rel)
            out_text = read(op) if op else ""
            lmap = line_map(text.split("\n"), out_text.split("\n"))
            out_lines = out_text.split("\n")
            flagged = lines_with(diags, rel)
            # A branch that tests for ROCm: the script is ported there, and
            # cu2hip says so once for the branch and its else.
            ported = min([b for b, _, _, msg in diags_with_text.get(rel, []) if "tests for ROCm" in msg] or [0])
            for line, lit in flags:
                ol = lmap.get(line)
                if ol is not None and lit in out_lines[ol - 1]:
                    if line in flagged or (ported and line > ported):
                        reported += 1
                    else:
                        silent += 1
                else:
                    handled += 1
    return handled, reported, silent


def warp_counts(diags):
    c = collections.Counter()
    for items in diags.values():
        for _, _, code, sev in items:
            if code == "warp-size-literal":
                c["ws-warning" if sev in ("WARNING", "ERROR") else "ws-note"] += 1
            elif code == "warp-mask-32bit" and sev in ("WARNING", "ERROR"):
                c["mask-warning"] += 1
    return c


def platform_macros(src):
    """The ROCm macros, and the project's own macros #defined under them
    (`#if defined(__HIP_PLATFORM_AMD__)` / `#define BNB_HIP 1`)."""
    names = set(ROCM_MACROS)
    for path in sources(src):
        stack = []
        for l in read(path).split("\n"):
            m = DIRECTIVE.match(l)
            if m:
                d, rest = m.group(1), m.group(2)
                if d in ("if", "ifdef", "ifndef"):
                    stack.append(any(x in rest for x in ROCM_MACROS))
                elif d == "endif" and stack:
                    stack.pop()
                continue
            dm = re.match(r"\s*#\s*define\s+(\w+)\s+1\b", l)
            if dm and stack and stack[-1] and re.search(r"HIP|ROCM", dm.group(1)):
                names.add(dm.group(1))
    return sorted(names)


# The PyTorch release the ROCm port is for: a block that picks another API
# for an older PyTorch only (DeepSpeed's rocBLAS calls for PyTorch < 2.1)
# resolves to the same code on both sides there, and is no hunk of this port.
TARGET_TORCH = (2, 8)
TARGET_ROCM = (7, 0)  # --rocm-version


def torch_version_defines():
    return ["-DTORCH_VERSION_MAJOR=%d" % TARGET_TORCH[0], "-DTORCH_VERSION_MINOR=%d" % TARGET_TORCH[1]]


# HIP_VERSION is major * 10^7 + minor * 10^5 + patch, and only HIP's
# headers define it. The CUDA view is nvcc's.
def hip_version_defines(hip):
    values = {"HIP_VERSION": TARGET_ROCM[0] * 10000000 + TARGET_ROCM[1] * 100000,
              "HIP_VERSION_MAJOR": TARGET_ROCM[0], "HIP_VERSION_MINOR": TARGET_ROCM[1]}
    # nvcc defines __NVCC__ and hipcc does not: `defined(__NVCC__) ||
    # defined(__HIP__)` is one branch for both.
    return [("-D%s=%d" % (k, v)) if hip else "-U" + k for k, v in values.items()] + \
        ["-U__NVCC__" if hip else "-D__NVCC__=1"]


def joined_directives(text):
    """text with each directive continued by backslashes on one line and as
    many empty lines after it: unifdef -b leaves a continued #if as it is."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        line, extra = lines[i], 0
        if DIRECTIVE.match(line):
            while line.endswith("\\") and i + extra + 1 < len(lines):
                extra += 1
                line = line[:-1] + " " + lines[i + extra]
        out.append(line)
        out.extend([""] * extra)
        i += extra + 1
    return "\n".join(out)


def view(src, dst, macros, hip):
    """A copy of src with the ROCm branches resolved (unifdef -b keeps line numbers)."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)
    args = ["unifdef", "-b"] + [("-D%s=1" if hip else "-U%s") % m for m in macros] + torch_version_defines() + hip_version_defines(hip)
    for path in sources(dst):
        rel = os.path.relpath(path, dst)
        text = joined_directives(read(os.path.join(src, rel))).encode("utf-8", "surrogateescape")
        p = subprocess.run(args, input=text, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if p.returncode in (0, 1):  # 1: something was removed
            with open(path, "wb") as fh:
                fh.write(p.stdout)


def rocm_blocks(path, macros):
    """(first line, last line) of each outermost #if block whose condition names a ROCm macro."""
    lines = read(path).split("\n")
    stack, blocks = [], []
    rx = re.compile(r"\b(%s)\b" % "|".join(map(re.escape, macros)))
    for i, l in enumerate(lines, 1):
        m = DIRECTIVE.match(l)
        if not m:
            continue
        d, rest = m.group(1), m.group(2)
        if d in ("if", "ifdef", "ifndef"):
            stack.append([i, bool(rx.search(rest))])
        elif d == "elif" and stack and rx.search(rest):
            stack[-1][1] = True
        elif d == "endif" and stack:
            start, roc = stack.pop()
            if roc and not any(s[1] for s in stack):
                blocks.append((start, i))
    return blocks


HEADER_LINE = re.compile(r"\s*(#\s*(include|define|undef|pragma)\b|namespace\s+\w+\s*=|using\s+namespace\b|$)")


def header_only(text):
    """Whether the lines are #include/#define lines and namespace aliases
    only: a block that picks headers and names, not arch code."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)
    return all(HEADER_LINE.match(l) for l in text.split("\n"))


TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\S")


def tokens(text):
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)
    return TOKEN.findall(text)


ROCM_NAME = re.compile(r"(hip|HIP|rocblas|ROCBLAS|hipblas|HIPBLAS)\w*$")


def rocm_spellings_only(a, b):
    """Whether token lists a and b differ only where both have a ROCm name
    (hipblasGemmEx with HIP_R_32F or with HIPBLAS_R_32F)."""
    if len(a) != len(b) or a == b:
        return False
    return all(x == y or (ROCM_NAME.match(x) and ROCM_NAME.match(y)) for x, y in zip(a, b))


def hunks(src, cu2hip, work, list_hunks):
    if not shutil.which("unifdef"):
        return None
    macros = platform_macros(src)
    cuda_view, hip_view = os.path.join(work, "cuda-view"), os.path.join(work, "hip-view")
    view(src, cuda_view, macros, hip=False)
    view(src, hip_view, macros, hip=True)
    out = os.path.join(work, "cuda-view-hip")
    diags = run_cu2hip(cu2hip, cuda_view, out, os.path.join(work, "cuda-view.json"))
    # The HIP side through the same renames: a port that leaves CUDA names
    # to PyTorch's hipify compares with the translation by what it calls.
    hip_out = os.path.join(work, "hip-view-hip")
    run_cu2hip(cu2hip, hip_view, hip_out, os.path.join(work, "hip-view.json"))
    total = arch = fitted = hip_only = headers = 0
    rows = []
    for path in sources(src):
        rel = os.path.relpath(path, src)
        blocks = rocm_blocks(path, macros)
        if not blocks:
            continue
        cuda_lines = read(os.path.join(cuda_view, rel)).split("\n")
        hip_lines = read(os.path.join(hip_view, rel)).split("\n")
        op = output_path(out, rel)
        tr_lines = read(op).split("\n") if op else cuda_lines
        lmap = line_map(cuda_lines, tr_lines)
        hop = output_path(hip_out, rel)
        htr_lines = read(hop).split("\n") if hop else hip_lines
        hmap = line_map(hip_lines, htr_lines)
        for a, b in blocks:
            cuda_side = "\n".join(cuda_lines[a - 1:b])
            hip_side = "\n".join(hip_lines[a - 1:b])
            if tokens(cuda_side) == tokens(hip_side):
                continue  # one code for both at the target PyTorch: no hunk of this port
            total += 1
            mapped = [lmap[k] for k in range(a, b + 1) if k in lmap]
            translated = "\n".join(tr_lines[min(mapped) - 1:max(mapped)]) if mapped else ""
            hmapped = [hmap[k] for k in range(a, b + 1) if k in hmap]
            hip_translated = "\n".join(htr_lines[min(hmapped) - 1:max(hmapped)]) if hmapped else ""
            if tokens(translated) == tokens(hip_side) or tokens(translated) == tokens(hip_translated):
                continue  # the translation writes what the porters wrote
            if rocm_spellings_only(tokens(translated), tokens(hip_translated)):
                headers += 1  # the same ROCm calls, another spelling of a ROCm name
                rows.append((rel, a, b, ["(ROCm names)"]))
                continue
            if header_only(cuda_side) and header_only(hip_side):
                headers += 1  # headers and macro names: what the renames do
                rows.append((rel, a, b, ["(headers and macros)"]))
                continue
            if not tokens(cuda_side):
                hip_only += 1  # code the port added: nothing in the CUDA view to flag
                rows.append((rel, a, b, ["(HIP-only addition)"]))
                continue
            arch += 1
            codes = sorted({c for lb, le, c, _ in diags.get(rel, [])
                            if le >= a and lb <= b and not NOT_FITTING.match(c)})
            if codes:
                fitted += 1
            rows.append((rel, a, b, codes))
    if list_hunks:
        for rel, a, b, codes in rows:
            print("    %s:%d-%d  %s" % (rel, a, b, ", ".join(codes) if codes else "-- no diagnostic"))
    return total, headers, hip_only, arch, fitted


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--cu2hip", default=os.path.join(root, "build", "cu2hip"))
    ap.add_argument("--out", help="keep the outputs here (default: a temporary folder)")
    ap.add_argument("--list-hunks", action="store_true", help="print each arch hunk and what cu2hip said there")
    ap.add_argument("--rocm-version", default="7.0", help="the ROCm the ports are for (default 7.0)")
    ap.add_argument("projects", nargs="+")
    a = ap.parse_args()
    global TARGET_ROCM
    TARGET_ROCM = tuple(int(x) for x in a.rocm_version.split(".")[:2])
    if not os.access(a.cu2hip, os.X_OK):
        sys.exit("extensions.py: %s is not an executable (build it first)" % a.cu2hip)
    keep = kept_names(root)
    top = a.out or tempfile.mkdtemp(prefix="cu2hip-ext-")
    os.makedirs(top, exist_ok=True)
    if not shutil.which("unifdef"):
        print("extensions.py: no unifdef (Debian package unifdef): the rocm hunks column is left out")
    print("%-18s %-22s %-22s %-24s %s" % ("project", "torch api tr/rep/silent", "setup.py han/rep/sil",
                                           "warp warn/note/mask", "rocm hunks all/hdr/add/arch/diag"))
    for project in a.projects:
        src = os.path.abspath(project.rstrip("/"))
        name = os.path.basename(src)
        work = os.path.join(top, name)
        os.makedirs(work, exist_ok=True)
        out = os.path.join(work, "hip")
        diags = run_cu2hip(a.cu2hip, src, out, os.path.join(work, "diag.json"))
        t = torch_api(src, out, diags, keep, a.list_hunks)
        f = setup_flags(src, out, diags)
        w = warp_counts(diags)
        h = hunks(src, a.cu2hip, work, a.list_hunks)
        print("%-18s %-22s %-22s %-24s %s" % (
            name, "%d/%d/%d (+%d)" % t, "%d/%d/%d" % f,
            "%d/%d/%d" % (w["ws-warning"], w["ws-note"], w["mask-warning"]),
            "%d/%d/%d/%d/%d" % h if h else "-"), flush=True)
    print("outputs in %s" % top)


if __name__ == "__main__":
    main()
