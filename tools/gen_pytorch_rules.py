#!/usr/bin/env python3
"""Generate (or check) rules/pytorch.yaml: PyTorch's ATen/c10 CUDA API -> a ROCm PyTorch build.

Facts come from two places, read at generation time:

* the CUDA names: the headers of Debian's libtorch-dev (PyTorch 1.13) under
  /usr/include: ATen/cuda/*.h, c10/cuda/*.h (their public macros, the
  classes and functions they declare at namespace scope in at::cuda and
  c10::cuda, and the header files themselves);
* the ROCm names: PyTorch's own hipify mapping (Debian's python3-torch,
  torch.utils.hipify), in the mode CUDAExtension runs it for an extension
  (its "PyTorch" table: the C10 and PyTorch-specific entries), and the
  file-name rule it applies to ATen/cuda and c10/cuda includes.

Each target is then checked against what a ROCm build of those headers
provides: the headers derived by tools/make_rocm_torch_headers.sh when that
fixture exists, and the hand-written ATen/hip/impl/*MasqueradingAsCUDA.h
headers libtorch-dev ships. A name declared only in a branch a ROCm build
does not compile (`#ifdef CUDART_VERSION`, `#if !defined(USE_ROCM)`) is
reported as unsupported. tools/pytorch_overrides.tsv adds what the headers
cannot say (THC, removed in PyTorch 1.11; notes).

Newer PyTorch (2.11, "hipify v2") keeps the CUDA spellings of its classes
and functions on ROCm and drops the *MasqueradingAsCUDA headers; entries whose
name differs there carry `pytorch_removed: "2.11"` and `pytorch_hip:`.

  python3 tools/gen_pytorch_rules.py           # write rules/pytorch.yaml
  python3 tools/gen_pytorch_rules.py --check   # compare with rules/pytorch.yaml (exit 1 if stale)

Exits 77 when libtorch-dev's headers or torch.utils.hipify are absent.
"""
import argparse
import os
import re
import sys

HIPIFY_V2 = "2.11"  # first PyTorch release whose ROCm build has no Masquerading names
TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)

# A ROCm build of PyTorch: these are defined, CUDART_VERSION/CUDA_VERSION are not.
ROCM_DEFINED = {"USE_ROCM", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIPCC__"}
ROCM_UNDEFINED = {"CUDART_VERSION", "CUDA_VERSION", "__CUDACC__", "__NVCC__"}


def load_hipify():
    try:
        from torch.utils.hipify import cuda_to_hip_mappings as m  # noqa: F401
        from torch.utils.hipify import hipify_python as h
    except Exception as e:  # any import failure means: no facts here
        print(f"gen_pytorch_rules: torch.utils.hipify is not importable ({e}); install python3-torch", file=sys.stderr)
        sys.exit(77)
    return m, h


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def rocm_lines(text):
    """Yields (line, active_on_rocm) for each line, evaluating only the
    conditionals that test the macros whose value a ROCm build knows; any
    other condition counts as possibly true (both branches are read)."""
    stack = []  # entries: None (unknown) or bool (the branch is taken on ROCm)

    def cond_value(kind, expr):
        expr = expr.strip()
        if kind in ("ifdef", "ifndef"):
            name = expr.split()[0] if expr else ""
            known = name in ROCM_DEFINED or name in ROCM_UNDEFINED
            if not known:
                return None
            d = name in ROCM_DEFINED
            return d if kind == "ifdef" else not d
        m = re.fullmatch(r"(!\s*)?defined\s*\(?\s*(\w+)\s*\)?", expr)
        if m and (m.group(2) in ROCM_DEFINED or m.group(2) in ROCM_UNDEFINED):
            d = m.group(2) in ROCM_DEFINED
            return (not d) if m.group(1) else d
        return None

    for line in text.split("\n"):
        m = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        if m:
            kind, rest = m.group(1), m.group(2)
            if kind in ("if", "ifdef", "ifndef"):
                stack.append(cond_value(kind, rest))
            elif kind == "else" and stack:
                stack[-1] = None if stack[-1] is None else not stack[-1]
            elif kind == "elif" and stack:
                stack[-1] = None if stack[-1] is None else (False if stack[-1] else cond_value("if", rest))
            elif kind == "endif" and stack:
                stack.pop()
            yield line, all(v is not False for v in stack)
            continue
        yield line, all(v is not False for v in stack)


DECL_KEYWORDS = {"return", "if", "for", "while", "switch", "sizeof", "decltype", "static_assert", "operator",
                 "TORCH_CHECK", "TORCH_INTERNAL_ASSERT", "C10_CUDA_CHECK", "alignas", "noexcept", "template"}


def scan_header(path):
    """The public names a header declares: {name: (kind, namespace, active_on_rocm)}.
    kind is 'macro', 'type' or 'function'; namespace 'at::cuda', 'c10::cuda' or ''."""
    text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
    found = {}
    ns_stack = []  # per open brace: namespace name or None
    stmt_start = True
    for line, active in rocm_lines(text):
        m = re.match(r"\s*#\s*define\s+([A-Za-z]\w*)", line)
        if m:
            name = m.group(1)
            if not name.endswith("_H_") and not name.endswith("_H") and not name.startswith("_"):
                prev = found.get(name)
                found[name] = ("macro", "", active or (prev is not None and prev[2]))
            continue
        if re.match(r"\s*#", line):
            continue
        ns = "::".join(n for n in ns_stack if n)
        depth_is_ns = all(n is not None for n in ns_stack)
        if depth_is_ns and ns in ("at::cuda", "c10::cuda") and stmt_start:
            for m in re.finditer(r"\b(?:class|struct)\s+(?:C10_CUDA_API\s+|TORCH_CUDA_CPP_API\s+)?([A-Za-z]\w*)\b(?!\s*;)",
                                 line):
                found.setdefault(m.group(1), ("type", ns, active))
            m = re.match(r"\s*(?:[\w:<>,*&\s]+?\s)[*&]?\s*([A-Za-z]\w*)\s*\(", line)
            if m and m.group(1) not in DECL_KEYWORDS and not re.match(r"\s*(?:return|using|typedef)\b", line):
                name = m.group(1)
                prev = found.get(name)
                if prev is None or (active and not prev[2]):
                    found[name] = ("function", ns, active)
        for m in re.finditer(r"namespace\s+(\w+)\s*\{|[{};]", line):
            tok = m.group(0)
            if tok.startswith("namespace"):
                ns_stack.append(m.group(1))
                stmt_start = True
            elif tok == "{":
                ns_stack.append(None)
                stmt_start = True
            elif tok == "}":
                if ns_stack:
                    ns_stack.pop()
                stmt_start = True
            else:
                stmt_start = True
        stripped = line.strip()
        if stripped and not stripped.endswith((";", "{", "}")):
            stmt_start = stmt_start and False if re.search(r"\w", stripped) and "(" in stripped else stmt_start
    return found


def word_in(text, name):
    return re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text) is not None


def yaml_scalar(s):
    if re.fullmatch(r"[A-Za-z_][\w./:+-]*", s) and not s.endswith(":") and "::" not in s:
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def entry(hip, v2=None, note=None, unsupported=None):
    if unsupported is not None:
        return "{unsupported: %s}" % yaml_scalar(unsupported)
    parts = []
    if (v2 is None or v2 == hip) and note is None:
        return yaml_scalar(hip)
    parts.append("hip: " + yaml_scalar(hip))
    if v2 is not None and v2 != hip:
        parts.append('pytorch_removed: "%s"' % HIPIFY_V2)
        parts.append("pytorch_hip: " + yaml_scalar(v2))
    if note:
        parts.append("note: " + yaml_scalar(note))
    return "{" + ", ".join(parts) + "}"


def read_overrides():
    rows = []
    with open(os.path.join(TOOLS, "pytorch_overrides.tsv"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 4 or cols[2] not in ("unsupported", "note", "hip"):
                sys.exit(f"tools/pytorch_overrides.tsv:{n}: want section, name, unsupported|note|hip, text")
            rows.append(cols)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include", default="/usr/include", help="libtorch-dev's include folder")
    ap.add_argument("--fixture", default=os.path.join(os.environ.get("CU2HIP_FIXTURES", "/var/cache/cu2hip-fixtures"),
                                                    "pytorch-rocm", "include"),
                    help="derived ROCm PyTorch headers (tools/make_rocm_torch_headers.sh)")
    ap.add_argument("--out", default=os.path.join(ROOT, "rules", "pytorch.yaml"))
    ap.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    args = ap.parse_args()

    inc = args.include
    dirs = ["ATen/cuda", "c10/cuda"]
    if not all(os.path.isdir(os.path.join(inc, d)) for d in dirs):
        print(f"gen_pytorch_rules: no {inc}/ATen/cuda or c10/cuda (install libtorch-dev)", file=sys.stderr)
        return 77
    maps, hipify = load_hipify()
    # The table CUDAExtension's hipify applies to an extension: the C10 and the
    # PyTorch-specific entries, the latter winning (its order of precedence).
    torch_map = {}
    for table in (maps.C10_MAPPINGS, maps.PYTORCH_SPECIFIC_MAPPINGS):
        for src, val in table.items():
            torch_map[src] = val[0]
    # The v2 table keeps class and function names; headers follow the C10 entries.
    c10_map = {src: val[0] for src, val in maps.C10_MAPPINGS.items()}

    # What a ROCm build provides: the Masquerading headers and the derived ones.
    rocm_text = []
    impl = os.path.join(inc, "ATen/hip/impl")
    for root in [impl, args.fixture]:
        if os.path.isdir(root):
            for dp, _, fns in os.walk(root):
                for fn in sorted(fns):
                    if fn.endswith((".h", ".cuh", ".hpp")):
                        rocm_text.append(open(os.path.join(dp, fn), encoding="utf-8", errors="replace").read())
    rocm_text = "\n".join(rocm_text)
    have_fixture = os.path.isdir(args.fixture)
    fixture_files = set()
    if have_fixture:
        for dp, _, fns in os.walk(args.fixture):
            for fn in fns:
                fixture_files.add(os.path.relpath(os.path.join(dp, fn), args.fixture))

    headers, types, functions, macros = {}, {}, {}, {}
    names = {}  # name -> (kind, ns, active)
    for d in dirs:
        for dp, _, fns in os.walk(os.path.join(inc, d)):
            for fn in sorted(fns):
                if not fn.endswith((".h", ".cuh")):
                    continue
                path = os.path.join(dp, fn)
                rel = os.path.relpath(path, inc)
                # The include line as hipify rewrites it for an extension.
                hip = torch_map.get(rel) or hipify.get_hip_file_path(rel, is_pytorch_extension=True)
                v2 = c10_map.get(rel) or hipify.get_hip_file_path(rel, is_pytorch_extension=True)
                if have_fixture and hip not in fixture_files and not os.path.exists(os.path.join(inc, hip)):
                    headers[rel] = entry(None, unsupported=f"a ROCm build of PyTorch has no {hip}")
                else:
                    headers[rel] = entry(hip, v2)
                if "/detail/" in rel or "/impl/" in rel:
                    continue
                for name, info in scan_header(path).items():
                    prev = names.get(name)
                    if prev is None or (info[2] and not prev[2]):
                        names[name] = info

    # PyTorch's other headers an extension includes (torch/extension.h,
    # ATen/ATen.h, c10/util/Half.h...) keep their names on ROCm. They get
    # entries of their own so that the parse sees them as the shim's stubs
    # and never reads PyTorch's real headers where they are installed in a
    # system folder: those made a translation 10-85 times slower, and
    # their macro-generated code hides the CUDA names passed to them.
    plain = [("torch", ""), ("torch/csrc/api/include/torch", "torch"), ("torch/csrc/utils", "torch/csrc/utils"),
             ("ATen", ""), ("ATen/core", ""), ("c10/util", ""), ("c10/core", ""), ("c10/macros", "")]
    for d, as_dir in plain:
        full = os.path.join(inc, d)
        if not os.path.isdir(full):
            continue
        for fn in sorted(os.listdir(full)):
            if fn.endswith((".h", ".hpp")) and os.path.isfile(os.path.join(full, fn)):
                rel = (as_dir or d) + "/" + fn
                headers.setdefault(rel, entry(rel))

    # Names that belong to other rule tables (the CUDA runtime's, cuBLAS's...).
    foreign = re.compile(r"^(cuda|cu[A-Z]|cublas|cusparse|cusolver|curand|cufft|nvrtc|CUDA_VERSION$|CUDART_|__)")
    for name, (kind, ns, active) in sorted(names.items()):
        if foreign.match(name):
            continue
        if kind == "macro" and not re.search(r"CUDA|CUDNN|CUBLAS|CUSPARSE|CUSOLVER|NVRTC|CURAND|CUFFT", name):
            continue
        if kind != "macro" and not ns:
            continue
        if kind == "macro" and re.search(r"_ARGTYPES$|^AT_USE_|_API$|_EXPORT$|_IMPORT$", name):
            continue  # the headers' own plumbing, not API an extension uses
        # A name that keeps its spelling and is not CUDA-specific (device_count,
        # sleep, lower_bound) needs no entry: at::cuda / c10::cuda qualify it, and
        # an entry would claim every user function of that name.
        if kind != "macro" and torch_map.get(name, name) == name and not re.search(r"CUDA|Cuda", name):
            continue
        hip = torch_map.get(name, name)
        if kind == "macro":
            v2 = None
        else:
            v2 = name
        target_exists = word_in(rocm_text, hip) if rocm_text else True
        if not target_exists and ns == "c10::cuda" and hip == name:
            # c10/cuda is hipified with the blanket CUDA -> HIP table in a ROCm
            # build, which the extension table does not repeat for this name.
            blanket = hipify.RE_CAFFE2_PREPROCESSOR.sub(lambda m: hipify.CAFFE2_MAP[m.group(0)], name)
            if word_in(rocm_text, blanket):
                hip, target_exists = blanket, True
        section = {"macro": macros, "type": types, "function": functions}[kind]
        if not active:
            section[name] = entry(None, unsupported=f"{name} is declared only for CUDA builds of PyTorch "
                                  "(its header tests CUDART_VERSION or USE_ROCM)")
        elif have_fixture and not target_exists:
            section[name] = entry(None, unsupported=f"a ROCm build of PyTorch has no {hip}")
        else:
            section[name] = entry(hip, v2)
    # Names the hipify table maps that the headers did not show (the
    # Masquerading stream functions are declared through macros and typedefs).
    for src, dst in torch_map.items():
        if not re.fullmatch(r"[A-Za-z_]\w*", src) or src in types or src in functions or src in macros:
            continue
        if not word_in("\n".join(open(os.path.join(dp, f), encoding="utf-8", errors="replace").read()
                                 for d in dirs for dp, _, fs in os.walk(os.path.join(inc, d)) for f in fs), src):
            continue
        if foreign.match(src) or src == "USE_CUDA" or src == "CUDACachingAllocator":
            continue
        if src.isupper() or src.startswith("C10_"):
            macros[src] = entry(dst)
        elif src[0].isupper():
            types[src] = entry(dst, src)
        else:
            functions[src] = entry(dst, src)

    namespaces = {}
    # hipify maps c10::cuda to c10::hip; at::cuda stays, and reaches c10::hip
    # on ROCm through c10/macros/Macros.h's `using namespace c10::hip`.
    # A nested namespace's entry names the inner name it becomes.
    namespaces["c10::cuda"] = entry(torch_map.get("c10::cuda", "c10::hip").split("::")[-1], "cuda")
    namespaces["at::cuda"] = entry("cuda")
    namespaces["CUDACachingAllocator"] = entry(torch_map.get("CUDACachingAllocator", "HIPCachingAllocator"),
                                               "CUDACachingAllocator")

    sections = {"headers": headers, "types": types, "functions": functions, "macros": macros,
                "namespaces": namespaces}
    for section, name, what, text in read_overrides():
        if section not in sections:
            sys.exit(f"tools/pytorch_overrides.tsv: unknown section {section}")
        cur = sections[section].get(name)
        if what == "unsupported":
            sections[section][name] = entry(None, unsupported=text)
        elif what == "hip":
            sections[section][name] = entry(text)
        else:
            m = re.match(r"\{hip: ([^,}]+)", cur or "")
            hip = m.group(1) if m else (cur or name)
            m2 = re.search(r"pytorch_hip: ([^,}]+)", cur or "")
            v2 = m2.group(1) if m2 else None
            sections[section][name] = entry(hip.strip('"'), v2.strip('"') if v2 else None, note=text)

    out = ["# Generated by tools/gen_pytorch_rules.py; do not edit by hand. To change an entry, edit",
           "# tools/pytorch_overrides.tsv and run: python3 tools/gen_pytorch_rules.py",
           "# Inputs: libtorch-dev's ATen/cuda and c10/cuda headers (PyTorch 1.13), torch.utils.hipify's",
           "# extension mapping (python3-torch), the ATen/hip/impl Masquerading headers, and, where present,",
           "# the headers tools/make_rocm_torch_headers.sh derives.",
           "library: pytorch",
           'description: "PyTorch ATen/c10 CUDA API -> ROCm PyTorch (hipify naming)"']
    for section in ("headers", "namespaces", "types", "functions", "macros"):
        if not sections[section]:
            continue
        out.append(f"{section}:")
        for name in sorted(sections[section]):
            out.append(f"  {yaml_scalar(name)}: {sections[section][name]}")
    text = "\n".join(out) + "\n"
    if args.check:
        if not have_fixture:
            print(f"gen_pytorch_rules: no derived ROCm PyTorch headers in {args.fixture} "
                  "(run tools/make_rocm_torch_headers.sh); not checked", file=sys.stderr)
            return 77
        old = open(args.out, encoding="utf-8").read() if os.path.exists(args.out) else ""
        if old != text:
            print(f"gen_pytorch_rules: {args.out} differs from what the headers and hipify give; run "
                  "python3 tools/gen_pytorch_rules.py", file=sys.stderr)
            return 1
        print(f"gen_pytorch_rules: {args.out} is current" + ("" if have_fixture else
              " (derived ROCm headers absent: targets checked against the Masquerading headers only)"))
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    counts = ", ".join(f"{k} {len(v)}" for k, v in sections.items())
    print(f"gen_pytorch_rules: wrote {args.out} ({counts})" +
          ("" if have_fixture else "; derived ROCm headers absent, run tools/make_rocm_torch_headers.sh first"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
