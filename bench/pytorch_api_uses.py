#!/usr/bin/env python3
"""Counts the PyTorch CUDA API uses of a translated tree: translated, reported, silent.

  python3 bench/pytorch_api_uses.py --rules rules/pytorch.yaml IN_DIR OUT_DIR DIAGNOSTICS

IN_DIR is the CUDA source tree, OUT_DIR cu2hip's output of it (same relative
paths; .cu may have become .hip), DIAGNOSTICS cu2hip's text diagnostics
(stderr of the run). A use is a word of the code (comments and strings
removed) that the PyTorch table names, or an #include of a header it names.
For each file and name:

  translated  uses the output no longer spells the CUDA way, plus uses of
              names a ROCm build keeps (AT_CUDA_CHECK, CUDA_KERNEL_ASSERT,
              headers and names mapped to themselves), which are right as written;
  reported    uses left as written with a diagnostic of that file naming them;
  silent      the rest: left as written, nothing said.

Uses qualified by at::cuda:: of names the table does not list (at::cuda::
getCurrentDeviceProperties) are kept by a ROCm build and count as translated.
Prints one line per project and a total; exits 0.
"""
import argparse
import os
import re
import sys

import yaml


def strip_code(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


def includes(text):
    return re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', text, flags=re.M)


def load_table(path):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    names, headers = {}, {}
    for section in ("types", "functions", "macros"):
        for name, val in (doc.get(section) or {}).items():
            if isinstance(val, dict):
                hip = val.get("hip")
                names[name] = hip if hip else None  # None: unsupported
            else:
                names[name] = val
    for name, val in (doc.get("headers") or {}).items():
        hip = val.get("hip") if isinstance(val, dict) else val
        # PyTorch's own non-CUDA headers (torch/extension.h) are in the table
        # only so that the parse skips them: not CUDA API uses.
        if hip == name and not re.search(r"cuda|CUDA|THC", name):
            continue
        headers[name] = hip
    return names, headers


def counts_for(text, names, headers):
    code = strip_code(text)
    out = {}
    for inc in includes(text):
        if inc in headers:
            out["#include " + inc] = out.get("#include " + inc, 0) + 1
    for m in re.finditer(r"(?<![\w.>])(?:(\w+)\s*::\s*)?([A-Za-z_]\w*)\b", code):
        name = m.group(2)
        if name in names:
            out[name] = out.get(name, 0) + 1
        elif m.group(1) == "cuda" and re.search(r"\b(?:at|c10)\s*::\s*cuda\s*::\s*" + name + r"\b", code):
            out["c10::cuda::" + name] = out.get("c10::cuda::" + name, 0)
    # c10::cuda:: uses (renamed to c10::hip:: on ROCm)
    n = len(re.findall(r"\bc10\s*::\s*cuda\s*::", code))
    if n:
        out["c10::cuda::"] = n
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", required=True)
    ap.add_argument("--label", default=None)
    ap.add_argument("indir")
    ap.add_argument("outdir")
    ap.add_argument("diagnostics")
    args = ap.parse_args()
    names, headers = load_table(args.rules)
    diags = {}
    for line in open(args.diagnostics, encoding="utf-8", errors="replace"):
        m = re.match(r"(.+?):\d+:\d+: (?:error|warning|note): (.*)", line)
        if m:
            diags.setdefault(os.path.normpath(m.group(1)), []).append(m.group(2))
    tot = {"uses": 0, "translated": 0, "kept": 0, "reported": 0, "silent": 0}
    silent_names = {}
    for dp, _, fns in os.walk(args.indir):
        for fn in fns:
            if not fn.endswith((".cu", ".cuh", ".cpp", ".h", ".hpp", ".cc", ".c")):
                continue
            src = os.path.join(dp, fn)
            rel = os.path.relpath(src, args.indir)
            text = open(src, encoding="utf-8", errors="replace").read()
            cin = counts_for(text, names, headers)
            if not cin:
                continue
            cand = [os.path.join(args.outdir, rel), os.path.join(args.outdir, re.sub(r"\.cu$", ".hip", rel))]
            out = next((c for c in cand if os.path.exists(c)), None)
            cout = counts_for(open(out, encoding="utf-8", errors="replace").read(), names, headers) if out else {}
            fdiags = [d for k, v in diags.items() if k.endswith(rel) or rel.endswith(k) for d in v]
            for key, n in cin.items():
                if n == 0:
                    continue
                tot["uses"] += n
                if key.startswith("#include "):
                    kept = headers.get(key[len("#include "):]) == key[len("#include "):]
                elif key == "c10::cuda::":
                    kept = False
                else:
                    kept = names.get(key) == key
                left = 0 if kept else cout.get(key, 0)
                left = min(left, n)
                tot["translated"] += n - left
                if kept:
                    tot["kept"] += n
                word = key[len("#include "):] if key.startswith("#include ") else key.rstrip(":")
                said = sum(1 for d in fdiags if word in d)
                rep = min(left, said)
                tot["reported"] += rep
                tot["silent"] += left - rep
                if left - rep:
                    silent_names[key] = silent_names.get(key, 0) + left - rep
    label = args.label or os.path.basename(os.path.normpath(args.indir))
    print(f"{label}: PyTorch API uses {tot['uses']}: translated {tot['translated']} "
          f"(of which kept as written, valid on ROCm: {tot['kept']}), reported {tot['reported']}, "
          f"silent {tot['silent']}" + (f" ({', '.join(f'{k} {v}' for k, v in sorted(silent_names.items(), key=lambda x: -x[1])[:6])})"
                                       if silent_names else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
