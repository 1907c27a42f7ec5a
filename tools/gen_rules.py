#!/usr/bin/env python3
"""Generate (or check) the CUDA -> HIP rule tables under rules/.

The CUDA names come from the CUDA toolkit headers on this machine; whether a
HIP name exists comes from the installed HIP headers (the oldest release the
table describes, ROCm 5.2 on Debian); names that only newer ROCm releases
declare come from tools/hip_versions.tsv. Curated entries (argument rewrites,
spellings that differ, reasons) live in tools/rules_overrides.yaml,
tools/hip_names.tsv and tools/unsupported_reasons.tsv.

    tools/gen_rules.py            regenerate rules/cuda-*.yaml
    tools/gen_rules.py --check    verify rules/*.yaml against the HIP headers

Standard library only. See tools/README.md.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CUDA_INCLUDE = "/usr/local/cuda/include"
NEWER_HIP_INCLUDE = None
BASE_ROCM = "5.2"  # the oldest release the table describes (rules/README.md)

SECTIONS = ("headers", "functions", "types", "constants", "macros", "device", "members")
ENTRY_KEYS = ("hip", "unsupported", "rocm", "deprecated", "removed", "args",
              "drop_args", "mask_arg", "func_arg", "null_arg", "arg_is", "value_args", "call", "fallback",
              "by_args", "by_param_type", "unsupported_in", "note", "compat", "namespace")


# --------------------------------------------------------------------------
# A small reader for the YAML subset the rule tables use: block mappings,
# flow mappings/sequences, plain and quoted scalars, comments.
# --------------------------------------------------------------------------

class YamlError(Exception):
    pass


class Loc(dict):
    """A mapping that also remembers the line of each key."""

    def __init__(self):
        super().__init__()
        self.lines = {}


def _strip_comment(line):
    out, quote, i = [], None, 0
    while i < len(line):
        c = line[i]
        if quote:
            out.append(c)
            if c == "\\" and quote == '"' and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            out.append(c)
        elif c == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out).rstrip()


class _Flow:
    def __init__(self, text, where):
        self.s, self.i, self.where = text, 0, where

    def err(self, msg):
        raise YamlError("%s: %s (at %r)" % (self.where, msg, self.s[self.i:self.i + 20]))

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def value(self):
        self.ws()
        if self.i >= len(self.s):
            self.err("missing value")
        c = self.s[self.i]
        if c == "{":
            return self.mapping()
        if c == "[":
            return self.sequence()
        if c in "\"'":
            return self.quoted()
        return self.plain(",]}")

    def quoted(self):
        q = self.s[self.i]
        self.i += 1
        out = []
        while True:
            if self.i >= len(self.s):
                self.err("unterminated string")
            c = self.s[self.i]
            if q == '"' and c == "\\":
                nxt = self.s[self.i + 1]
                out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
                self.i += 2
                continue
            if c == q:
                if q == "'" and self.s[self.i + 1:self.i + 2] == "'":
                    out.append("'")
                    self.i += 2
                    continue
                self.i += 1
                return "".join(out)
            out.append(c)
            self.i += 1

    def plain(self, stops):
        start = self.i
        while self.i < len(self.s) and self.s[self.i] not in stops:
            if self.s[self.i] == ":" and (self.i + 1 >= len(self.s) or self.s[self.i + 1] in " \t"):
                break
            self.i += 1
        text = self.s[start:self.i].strip()
        if text == "":
            self.err("empty scalar")
        return int(text) if re.fullmatch(r"-?\d+", text) else text

    def mapping(self):
        self.i += 1
        out = Loc()
        while True:
            self.ws()
            if self.s[self.i:self.i + 1] == "}":
                self.i += 1
                return out
            key = self.quoted() if self.s[self.i] in "\"'" else self.plain(",:}")
            self.ws()
            if self.s[self.i:self.i + 1] != ":":
                self.err("expected ':'")
            self.i += 1
            if key in out:
                self.err("duplicate key %r" % key)
            out[key] = self.value()
            self.ws()
            if self.s[self.i:self.i + 1] == ",":
                self.i += 1
            elif self.s[self.i:self.i + 1] != "}":
                self.err("expected ',' or '}'")

    def sequence(self):
        self.i += 1
        out = []
        while True:
            self.ws()
            if self.s[self.i:self.i + 1] == "]":
                self.i += 1
                return out
            out.append(self.value())
            self.ws()
            if self.s[self.i:self.i + 1] == ",":
                self.i += 1
            elif self.s[self.i:self.i + 1] != "]":
                self.err("expected ',' or ']'")


def load_yaml(text, path):
    """Parse the rule-table YAML subset; returns nested Loc/list/str/int."""
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlError("%s:%d: tab in indentation" % (path, n))
        s = _strip_comment(raw)
        if s.strip():
            lines.append((n, len(s) - len(s.lstrip()), s.strip()))

    pos = 0

    def block(indent):
        nonlocal pos
        out = Loc()
        while pos < len(lines):
            n, ind, s = lines[pos]
            if ind < indent:
                break
            if ind > indent:
                raise YamlError("%s:%d: unexpected indentation" % (path, n))
            where = "%s:%d" % (path, n)
            f = _Flow(s, where)
            key = f.quoted() if s[0] in "\"'" else f.plain(":")
            f.ws()
            if f.s[f.i:f.i + 1] != ":":
                raise YamlError("%s: expected 'key: value'" % where)
            f.i += 1
            if key in out:
                raise YamlError("%s: duplicate key %r" % (where, key))
            out.lines[key] = n
            pos += 1
            f.ws()
            if f.i >= len(s):
                if pos < len(lines) and lines[pos][1] > indent:
                    out[key] = block(lines[pos][1])
                else:
                    out[key] = None
            else:
                out[key] = f.value()
                f.ws()
                if f.i != len(s):
                    raise YamlError("%s: trailing text" % where)
        return out

    return block(0)


# --------------------------------------------------------------------------
# Header scanning
# --------------------------------------------------------------------------

def strip_c(text, keep_strings=False):
    """Remove comments (and string/char literals) from C source."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append(" ")
            i = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1] if keep_strings else '""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out).replace("\\\n", " ")


def read_version_h(hip_include):
    p = os.path.join(hip_include, "hip", "hip_version.h")
    try:
        t = open(p, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    ma = re.search(r"#define\s+HIP_VERSION_MAJOR\s+(\d+)", t)
    mi = re.search(r"#define\s+HIP_VERSION_MINOR\s+(\d+)", t)
    return "%s.%s" % (ma.group(1), mi.group(1)) if ma and mi else None


def hip_identifiers(hip_include):
    """Identifiers the installed AMD HIP headers declare or use, plus header paths."""
    return header_identifiers(hip_include, "hip")


def header_identifiers(include, sub):
    """Identifiers the AMD headers under include/sub declare or use, plus header paths."""
    ids, headers = set(), set()
    root = os.path.join(include, sub)
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs
                         if d not in ("nvidia_detail", "nvcc_detail", "hcc_detail"))
        for f in sorted(files):
            full = os.path.join(dirpath, f)
            headers.add(os.path.relpath(full, include).replace(os.sep, "/"))
            # the profiler's API-id tables are not API declarations
            if f == "hip_prof_str.h" or not f.endswith((".h", ".hpp")):
                continue
            text = strip_c(open(full, encoding="utf-8", errors="replace").read())
            ids.update(re.findall(r"[A-Za-z_]\w*", text))
    return ids, headers


def read_text(path):
    return open(path, encoding="utf-8", errors="replace").read()


_ATTR = r"(?:(?:__\w+__|CUDARTAPI|__builtin_align__\s*\(\s*\d+\s*\)|__align__\s*\(\s*\d+\s*\)|alignas\s*\(\s*\d+\s*\))\s+)*"


def split_preproc(text):
    """Returns (code without preprocessor lines, list of #define names)."""
    code, defines = [], []
    for line in text.split("\n"):
        m = re.match(r"\s*#\s*(\w+)\s*(.*)", line)
        if m:
            if m.group(1) == "define":
                d = re.match(r"([A-Za-z_]\w*)(\()?", m.group(2))
                if d:
                    defines.append((d.group(1), bool(d.group(2)), m.group(2)))
            code.append("")
        else:
            code.append(line)
    return "\n".join(code), defines


def extract_types(code):
    """struct/enum/union tags, typedef names and enumerators."""
    types, consts = set(), set()
    for m in re.finditer(r"\b(struct|enum|union|class)\s+" + _ATTR + r"([A-Za-z_]\w*)\s*(?=[{;:])", code):
        types.add(m.group(2))
    for m in re.finditer(r"\benum\b[^{};()]*\{([^{}]*)\}", code):
        for item in m.group(1).split(","):
            e = re.match(r"\s*([A-Za-z_]\w*)", item)
            if e:
                consts.add(e.group(1))
    # typedefs: walk statements starting with 'typedef' up to the ';' at depth 0
    for m in re.finditer(r"\btypedef\b", code):
        i, depth = m.end(), 0
        while i < len(code):
            c = code[i]
            if c in "{(":
                depth += 1
            elif c in "})":
                depth -= 1
            elif c == ";" and depth == 0:
                break
            i += 1
        stmt = code[m.end():i]
        stmt = re.sub(r"\{[^{}]*\}", " ", stmt)
        while re.search(r"\{[^{}]*\}", stmt):
            stmt = re.sub(r"\{[^{}]*\}", " ", stmt)
        fp = re.search(r"\(\s*(?:\w+\s+)*\*\s*([A-Za-z_]\w*)\s*\)\s*\(", stmt)
        if fp:
            types.add(fp.group(1))
            continue
        stmt = re.sub(r"\[[^\]]*\]", " ", stmt)
        stmt = re.sub(r"__\w+__\s*\([^()]*\)", " ", stmt)
        for part in stmt.split(","):
            w = re.findall(r"[A-Za-z_]\w*", part)
            if w:
                types.add(w[-1])
    return types, consts


def extract_functions(code, pattern):
    names = set()
    for m in re.finditer(r"\b(" + pattern + r")\s*(?:<[^<>;{}()]*>)?\s*\(", code):
        names.add(m.group(1))
    return names


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------

def load_tsv(path, ncols):
    rows = []
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < ncols:
            sys.exit("%s:%d: expected %d tab-separated columns" % (path, n, ncols))
        rows.append(cols)
    return rows


def vkey(v):
    return tuple(int(x) for x in str(v).split("."))


class Facts:
    def __init__(self, hip_include):
        self.hip_include = hip_include
        self.hip_version = read_version_h(hip_include) or BASE_ROCM
        self.hip_ids, self.hip_headers = hip_identifiers(hip_include)
        self.versions = {}
        for name, ver, _src in load_tsv(os.path.join(HERE, "hip_versions.tsv"), 3):
            if not re.fullmatch(r"\d+\.\d+", ver):
                sys.exit("hip_versions.tsv: bad version %r for %s" % (ver, name))
            self.versions[name] = ver
        self.names = {c: h for c, h, _s in load_tsv(os.path.join(HERE, "hip_names.tsv"), 3)}
        self.driver_names = {}
        for c, h, _s in load_tsv(os.path.join(HERE, "driver_names.tsv"), 3):
            if c in self.driver_names:
                sys.exit("driver_names.tsv: %s listed twice" % c)
            self.driver_names[c] = h
        self.reasons = [(re.compile(rx), why) for rx, why in
                        load_tsv(os.path.join(HERE, "unsupported_reasons.tsv"), 2)]
        self.overrides = load_yaml(read_text(os.path.join(HERE, "rules_overrides.yaml")),
                                   "tools/rules_overrides.yaml")

    def installed(self, target, section):
        if section == "headers":
            return target in self.hip_headers
        return target in self.hip_ids

    def first_version(self, target, section):
        """BASE_ROCM if the installed headers have it, the recorded newer version, or None."""
        if self.installed(target, section):
            return BASE_ROCM
        v = self.versions.get(target)
        if v and vkey(v) > vkey(BASE_ROCM):
            return v
        return None

    def curated_reason(self, name):
        """The first matching reason of unsupported_reasons.tsv, or None."""
        for rx, why in self.reasons:
            if rx.search(name):
                return why
        return None

    def newer_identity(self, name):
        """The ROCm release (newer than the base) that declares `name` itself, or None."""
        if name in self.hip_ids:
            return None
        v = self.versions.get(name)
        return v if v and vkey(v) > vkey(BASE_ROCM) else None

    def reason(self, name, section):
        why = self.curated_reason(name)
        if why:
            return why
        return {
            "functions": "no HIP equivalent of this CUDA %s function"
                         % ("driver" if re.match(r"cu[A-Z]", name) else "runtime"),
            "types": "no HIP equivalent of this CUDA type",
            "constants": "no HIP equivalent of this CUDA constant",
            "macros": "no HIP equivalent of this CUDA macro",
        }.get(section, "no HIP equivalent")


# --------------------------------------------------------------------------
# CUDA runtime extraction
# --------------------------------------------------------------------------

RUNTIME_FUNC_FILES = ["cuda_runtime_api.h", "cuda_runtime.h", "cuda_device_runtime_api.h",
                      "channel_descriptor.h"]
RUNTIME_TYPE_FILES = ["driver_types.h", "vector_types.h", "surface_types.h", "texture_types.h",
                      "library_types.h", "cuda_runtime_api.h", "cuda_device_runtime_api.h"]
RUNTIME_MACRO_FILES = ["driver_types.h", "cuda_runtime_api.h", "surface_types.h",
                       "texture_types.h", "library_types.h", "vector_types.h", "math_constants.h"]

# macros that are implementation plumbing, not API
# (version numbers are kept as written: rules/nvcc.yaml)
_MACRO_SKIP = re.compile(r"^(_|CUDARTAPI$|CUDART_CB$|CUDART_DEVICE$|CUDART_API_|CUDART_CHAR_BIT$|CUDART_VERSION$|"
                         r"CUDA_VERSION$)|_H_?$|_HPP_?$")


def extract_runtime(cuda_include):
    funcs, types, consts, macros = set(), set(), set(), set()
    for f in RUNTIME_TYPE_FILES:
        code, _ = split_preproc(strip_c(read_text(os.path.join(cuda_include, f))))
        t, c = extract_types(code)
        types |= t
        consts |= c
    for f in RUNTIME_FUNC_FILES:
        code, _ = split_preproc(strip_c(read_text(os.path.join(cuda_include, f))))
        funcs |= extract_functions(code, r"(?:cuda|make_cuda)\w*")
    for f in RUNTIME_MACRO_FILES:
        _, defs = split_preproc(strip_c(read_text(os.path.join(cuda_include, f))))
        for name, fnlike, _body in defs:
            if _MACRO_SKIP.search(name) or fnlike:
                continue
            if not re.match(r"(cuda|CUDA)", name):
                continue
            macros.add(name)
    funcs = {f for f in funcs if not re.search(r"_(ptds|ptsz)$", f)}
    funcs -= types | consts
    macros -= funcs | types | consts
    consts -= types
    return {"functions": funcs, "types": types, "constants": consts, "macros": macros}


def derive(name, facts):
    if name in facts.names:
        return facts.names[name]
    for old, new in (("cudaDevAttr", "hipDeviceAttribute"), ("make_cuda", "make_hip"),
                     ("cuda", "hip"), ("CUDART_", "HIP_"), ("CUDA_", "HIP_"),
                     ("__nv_", "__hip_")):
        if name.startswith(old):
            return new + name[len(old):]
    return name


# --------------------------------------------------------------------------
# Building entries
# --------------------------------------------------------------------------

class Problems(list):
    pass


def call_forms(entry):
    """(label, entry) of each form of a call an entry lists: by argument
    count (by_args) and by a parameter's type (by_param_type)."""
    forms = [(str(count), sub) for count, sub in sorted((entry.get("by_args") or {}).items())]
    for index, types in sorted((entry.get("by_param_type") or {}).items()):
        for type_name, sub in sorted((types or {}).items()):
            forms.append(("param %s %s" % (index, type_name), sub))
    return forms


def check_entry(name, entry, section, facts, problems, where):
    """An emitted HIP target must be installed or recorded as newer; returns entry."""
    if isinstance(entry, str):
        entry = {"hip": entry}
    targets = []
    if "hip" in entry:
        targets.append(("hip", entry["hip"], entry.get("rocm")))
    fb = entry.get("fallback")
    if isinstance(fb, dict) and "hip" in fb:
        targets.append(("fallback", fb["hip"], None))
    for form, sub in call_forms(entry):
        if isinstance(sub, dict) and "hip" in sub:
            # A call shape of its own: its target must be known; its version
            # tag is written by hand.
            targets.append(("by_args %s" % form, sub["hip"], sub.get("rocm", BASE_ROCM)))
    for kind, target, rocm in targets:
        if target == "" and section == "macros":
            continue  # an empty macro HIP does not need: its uses are removed
        first = facts.first_version(target, section)
        if first is None:
            problems.append("%s: %s -> %s: not in the installed HIP headers nor in "
                            "tools/hip_versions.tsv" % (where, name, target))
        elif kind == "fallback" and first != BASE_ROCM:
            problems.append("%s: %s: fallback %s needs ROCm %s" % (where, name, target, first))
        elif kind == "hip" and rocm is None and first != BASE_ROCM:
            entry = dict(entry)
            entry["rocm"] = first
        elif kind.startswith("by_args") and vkey(rocm) < vkey(first):
            problems.append("%s: %s: %s: rocm %s is older than %s (first in %s)"
                            % (where, name, kind, rocm, target, first))
        elif kind == "hip" and rocm is not None and vkey(rocm) < vkey(first):
            problems.append("%s: %s: rocm %s is older than %s (first in %s)"
                            % (where, name, rocm, target, first))
    return entry


def build(names_by_section, library, facts, problems, derive_fn=None, claim_unsupported=True):
    derive_fn = derive_fn or derive
    ov = facts.overrides.get(library) or Loc()
    out = {s: {} for s in SECTIONS}
    for section in SECTIONS:
        for name in sorted(names_by_section.get(section, ())):
            target = derive_fn(name, facts)
            first = facts.first_version(target, section)
            if first == BASE_ROCM:
                if target != name:
                    out[section][name] = target
            elif first is not None:
                out[section][name] = {"hip": target, "rocm": first}
            elif claim_unsupported:
                out[section][name] = {"unsupported": facts.reason(name, section)}
    # curated entries win, wherever the extraction put the name
    for section, entries in ov.items():
        if section not in SECTIONS:
            problems.append("tools/rules_overrides.yaml: %s: unknown section %r" % (library, section))
            continue
        for name, entry in entries.items():
            for s in SECTIONS:
                out[s].pop(name, None)
            where = "tools/rules_overrides.yaml:%d" % entries.lines[name]
            if isinstance(entry, dict) and "unsupported" in entry:
                out[section][name] = entry
            elif isinstance(entry, dict) and "hip" not in entry:
                out[section][name] = check_entry(name, entry, section, facts, problems, where)
            else:
                out[section][name] = check_entry(name, entry, section, facts, problems, where)
    for section in SECTIONS:
        for name, entry in list(out[section].items()):
            if isinstance(entry, dict) and set(entry) == {"hip"}:
                out[section][name] = entry["hip"]
    return out


def add_compat(tables, problems):
    """Marks the device entries cu2hip_compat.h stands in for (compat_names.tsv):
    only names HIP lacks (unsupported) or gains in a later release (rocm)."""
    for cols in load_tsv(os.path.join(HERE, "compat_names.tsv"), 2):
        cuda, func = cols[0], cols[1]
        if len(cols) > 2:
            continue  # a library's function: tools/gen_libs.py marks it
        section = "headers" if cuda.endswith(".h") else "device"
        entry = tables[section].get(cuda)
        if isinstance(entry, str):
            entry = {"hip": entry}
        if not isinstance(entry, dict) or not ("unsupported" in entry or
                                               ("rocm" in entry and "fallback" not in entry)):
            problems.append("tools/compat_names.tsv: %s is not an unsupported device entry, "
                            "nor one with rocm and no fallback" % cuda)
            continue
        if section == "headers" and ("unsupported" not in entry or func != "cu2hip_compat.h"):
            problems.append("tools/compat_names.tsv: header %s must be unsupported and name "
                            "cu2hip_compat.h" % cuda)
            continue
        entry = dict(entry)
        entry["compat"] = func
        tables[section][cuda] = entry


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_./+-]*$")


def yscalar(v, force_quote=False):
    if isinstance(v, int):
        return str(v)
    s = str(v)
    if not force_quote and _PLAIN.match(s) and s not in ("true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"):
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def yvalue(v, key=None):
    if isinstance(v, dict):
        keys = sorted(v, key=lambda k: (ENTRY_KEYS.index(k) if k in ENTRY_KEYS else 99, str(k)))
        return "{" + ", ".join("%s: %s" % (yscalar(k), yvalue(v[k], k)) for k in keys) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(yvalue(x) for x in v) + "]"
    quote = key in ("rocm", "deprecated", "removed", "unsupported", "note", "call") or \
        (isinstance(key, int))
    return yscalar(v, force_quote=quote)


def render(library, description, sources, tables):
    lines = [
        "# Generated by tools/gen_rules.py; do not edit by hand. To change an entry, edit",
        "# tools/rules_overrides.yaml, tools/hip_names.tsv, tools/hip_versions.tsv or",
        "# tools/unsupported_reasons.tsv and run: python3 tools/gen_rules.py",
        "# Inputs:",
    ]
    lines += ["#   " + s for s in sources]
    lines += ["library: " + library, "description: " + yscalar(description)]
    # The header a file using any of these names needs (HIP wants it spelled out).
    lines.append("include: hip/hip_runtime.h")
    for section in SECTIONS:
        entries = tables.get(section) or {}
        if not entries:
            continue
        lines.append(section + ":")
        for name in sorted(entries):
            lines.append("  %s: %s" % (yscalar(name), yvalue(entries[name])))
    return "\n".join(lines) + "\n"


def summarize(path, tables):
    print(path)
    for section in SECTIONS:
        entries = tables.get(section) or {}
        if not entries:
            continue
        base = newer = unsup = 0
        for e in entries.values():
            if isinstance(e, dict) and "unsupported" in e:
                unsup += 1
            elif isinstance(e, dict) and "rocm" in e and vkey(e["rocm"]) > vkey(BASE_ROCM):
                newer += 1
            else:
                base += 1
        print("  %-10s mapped-%s %4d   mapped-newer %4d   unsupported %4d   total %4d"
              % (section, BASE_ROCM, base, newer, unsup, len(entries)))


# --------------------------------------------------------------------------
# Driver API (cuda.h)
# --------------------------------------------------------------------------

def extract_driver(cuda_include):
    """Names of cuda.h, plus the versioned aliases the header makes the default.

    Returns (names by section, aliases): aliases maps a versioned name
    (cuMemAlloc_v2, CUdeviceptr_v2) to the plain name that the header
    #defines or typedefs to it; both spellings occur in user code.
    """
    code, defs = split_preproc(strip_c(read_text(os.path.join(cuda_include, "cuda.h"))))
    types, consts = extract_types(code)
    funcs = extract_functions(code, r"cu[A-Z]\w*")
    macros, aliases = set(), {}
    for name, fnlike, body in defs:
        if fnlike or _MACRO_SKIP.search(name):
            continue
        if re.match(r"cu[A-Z]\w*$", name):
            # '#define cuMemAlloc cuMemAlloc_v2' (maybe wrapped in __CUDA_API_PTDS())
            funcs.add(name)
            m = re.match(r"\w+\s+(?:__CUDA_API_PT(?:DS|SZ)\s*\(\s*)?(cu[A-Z]\w*?)\s*\)?\s*$", body)
            if m and m.group(1) != name:
                target = m.group(1)
                if re.fullmatch(re.escape(name) + r"_v\d+", target):
                    aliases[target] = name
                    funcs.add(target)
            continue
        if re.match(r"(CU_|CUDA_|CUDAAPI$|CUDA_CB$)", name):
            macros.add(name)
    for m in re.finditer(r"\btypedef\s+(CU\w+_v\d+)\s+(CU\w+)\s*;", code):
        if m.group(1).startswith(m.group(2) + "_v"):
            aliases[m.group(1)] = m.group(2)
    funcs = {f for f in funcs if not re.search(r"_(ptds|ptsz)$", f)}
    types = {t for t in types if re.match(r"(CU|cu)", t)}
    consts = {c for c in consts if re.match(r"CU", c)}
    funcs -= types | consts
    macros -= funcs | types | consts
    consts -= types
    return {"functions": funcs, "types": types, "constants": consts, "macros": macros}, aliases


def _camel(s):
    return "".join(w[:1].upper() + w[1:].lower() for w in s.split("_") if w)


# UPPER_SNAKE prefixes whose HIP enumerators are CamelCase under another prefix
_DRIVER_CAMEL = (("CUDA_ERROR_", "hipError"), ("CU_JIT_", "hipJitOption"), ("CU_", "hip"),
                 ("CUDA_", "hip"))


def driver_candidates(name):
    """HIP spellings to try for a cuda.h name, most specific first."""
    m = re.match(r"cu([A-Z]\w*)$", name)
    if m:
        return ["hip" + m.group(1), "hipDrv" + m.group(1)]
    out = []
    for old in ("CU_", "CUDA_"):
        if name.startswith(old):
            out.append("HIP_" + name[len(old):])
    for old, new in _DRIVER_CAMEL:
        if name.startswith(old):
            out.append(new + _camel(name[len(old):]))
    if re.match(r"CU[a-z]", name):
        base = "hip" + name[2].upper() + name[3:]
        out += [base + "_t", base]
    return out


def derive_driver(name, facts, _seen=None):
    """The HIP spelling of a cuda.h name, or None when none is known."""
    if name in facts.driver_names:
        return facts.driver_names[name]
    if name in facts.names:
        return facts.names[name]
    for cand in driver_candidates(name):
        if facts.first_version(cand, "functions"):
            return cand
    # an older ABI version of a function maps like the function
    m = re.match(r"(cu[A-Z]\w*?)_v\d+$", name)
    if m:
        return derive_driver(m.group(1), facts)
    # struct tags, enum tags and versioned typedefs of a type map like the type
    m = re.match(r"(\w+?)(_st|_enum|_union|_v1|_v1_st)$", name)
    if m:
        return derive_driver(m.group(1), facts)
    return None


def build_driver(names, aliases, facts, problems):
    """Driver entries: derived, then curated, then versioned aliases copied from their plain name."""
    def derive_fn(name, f):
        return derive_driver(aliases.get(name, name), f) or name
    out = build(names, "cuda-driver", facts, problems, derive_fn)
    ov = facts.overrides.get("cuda-driver") or Loc()
    curated = {n for sec in ov.values() for n in sec}
    for versioned, plain in sorted(aliases.items()):
        if versioned in curated:
            continue
        for s in SECTIONS:
            if plain in out[s] and versioned in out[s]:
                out[s][versioned] = out[s][plain]
    return out


# --------------------------------------------------------------------------
# Device-side coverage report (tools/device_identical.txt)
# --------------------------------------------------------------------------

DEVICE_FILES = ["crt/math_functions.h", "crt/device_functions.h", "crt/sm_70_rt.h",
                "crt/sm_80_rt.h", "crt/sm_90_rt.h", "crt/sm_100_rt.h",
                "device_atomic_functions.h", "sm_20_atomic_functions.h",
                "sm_32_atomic_functions.h", "sm_35_atomic_functions.h",
                "sm_60_atomic_functions.h", "sm_20_intrinsics.h", "sm_30_intrinsics.h",
                "sm_32_intrinsics.h", "sm_35_intrinsics.h", "sm_61_intrinsics.h",
                "cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp",
                "cuda_fp8.h", "cuda_fp8.hpp", "cuda_fp6.h", "cuda_fp6.hpp",
                "cuda_fp4.h", "cuda_fp4.hpp"]

_DEVICE_DECL = (r"(?:__device__|__host__|__DEVICE_FUNCTIONS_DECL__|__DEVICE_FUNCTIONS_STATIC_DECL__|"
                r"__SM_\w+__|_CRTIMP|__CUDA_\w+__|__MATH_FUNCTIONS_DECL__|"
                r"__DEVICE_ATOMIC_FUNCTIONS_DECL__|static|inline|__forceinline__|extern)")
# implementation helpers of the headers, not API
_DEVICE_PRIVATE = re.compile(r"^(__internal_|__cuda|__libcpp_|__pm\d|_[A-Z]|__nv_\w+_impl$|__cmath_power$|"
                             r"__pow_helper$|__float_simpl_|__h(sin|cos)_internal$|if$|for$|while$|return$|"
                             r"sizeof$|switch$|operator$|defined$|decltype$|static_assert$|alignas$|"
                             r"__attribute__$|__declspec$|__align__$|__builtin_)")


def extract_device(cuda_include):
    """Device functions declared by the CUDA device headers (all #if branches)."""
    names = set()
    for f in DEVICE_FILES:
        path = os.path.join(cuda_include, f)
        if not os.path.exists(path):
            continue
        code, _ = split_preproc(strip_c(read_text(path)))
        for m in re.finditer(_DEVICE_DECL + r"[^;{}()=]*?\b([A-Za-z_]\w*)\s*\(", code):
            n = m.group(1)
            if _DEVICE_PRIVATE.search(n) or n.isupper() or re.match(r"_*(CUDA|CUDART|NV_|DEF|SM_|MATH)", n):
                continue
            names.add(n)
    return names


def device_report(cuda_include, facts, tables_by_file, path):
    """Writes the device coverage report; returns (identical, covered, unclassified) counts."""
    names = extract_device(cuda_include)
    claimed = set()
    for tables in tables_by_file:
        for s in SECTIONS:
            claimed |= set(tables.get(s) or ())
    identical = sorted(n for n in names if n not in claimed and n in facts.hip_ids)
    newer = sorted(n for n in names if n not in claimed and facts.newer_identity(n))
    covered = sorted(n for n in names if n in claimed)
    rest = sorted(n for n in names if n not in claimed and n not in facts.hip_ids
                  and not facts.newer_identity(n))
    lines = ["# Generated by tools/gen_rules.py; do not edit by hand.",
             "# Device functions declared by the CUDA device headers (%s)," % ", ".join(DEVICE_FILES),
             "# classified against the installed HIP %s headers." % facts.hip_version,
             "#",
             "# identical: HIP declares the same name, so no rule is needed (a rule would only",
             "#   rename a name to itself; see tools/README.md).",
             "# identical-newer: HIP declares the same name from the ROCm release shown",
             "#   (tools/hip_versions.tsv); code using it needs that release.",
             "# covered: rules/*.yaml has an entry (renamed, newer ROCm, or unsupported).",
             "# unclassified: the installed HIP headers lack the name and no entry records",
             "#   whether a newer ROCm has it; these are left to a curated source.",
             "",
             "[identical] %d" % len(identical)] + identical + \
            ["", "[identical-newer] %d" % len(newer)] + \
            ["%s\trocm %s" % (n, facts.newer_identity(n)) for n in newer] + \
            ["", "[covered] %d" % len(covered)] + covered + \
            ["", "[unclassified] %d" % len(rest)] + rest
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
    return len(identical), len(newer), len(covered), len(rest)


# --------------------------------------------------------------------------
# Fields of cudaDeviceProp that hipDeviceProp_t lacks
# --------------------------------------------------------------------------

def struct_fields(text, opener):
    """Field names of the struct whose definition starts with regex opener."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(opener, text)
    if not m:
        return []
    i = text.index("{", m.start())
    depth = 0
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            break
    out = []
    for stmt in text[i + 1:j].split(";"):
        f = re.search(r"([A-Za-z_]\w*)\s*(\[[^\]]*\])*\s*$", stmt.strip())
        if f:
            out.append(f.group(1))
    return out


def device_prop_members(cuda_include, hip_include, problems):
    """members: cudaDeviceProp fields (CUDA header, plus tools/device_prop_fields.tsv
    for fields older CUDA releases had) that the installed hipDeviceProp_t lacks."""
    cuda = struct_fields(read_text(os.path.join(cuda_include, "driver_types.h")),
                         r"struct\s+__device_builtin__\s+cudaDeviceProp\s*\{")
    hip = set(struct_fields(read_text(os.path.join(hip_include, "hip", "hip_runtime_api.h")),
                            r"typedef\s+struct\s+hipDeviceProp_t\s*\{"))
    curated = {}
    for line in read_text(os.path.join(HERE, "device_prop_fields.tsv")).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        curated[cols[0]] = cols
    out = {}
    for f in sorted(set(cuda) | set(curated)):
        if f in hip:
            continue
        row = curated.get(f)
        if row is None:
            problems.append("cudaDeviceProp.%s: not in the installed hipDeviceProp_t nor in "
                            "tools/device_prop_fields.tsv" % f)
        elif row[1] == "-":
            out[f] = {"unsupported": row[3]}
        else:
            out[f] = {"hip": row[1], "rocm": row[2]}
    return out


# --------------------------------------------------------------------------
# Enumerators: a mapped enumerator must keep its enum type
# --------------------------------------------------------------------------

_ENUM = re.compile(r"\benum\s+(?:class\s+)?([A-Za-z_]\w*)?\s*(?::\s*[\w\s:]+)?\{([^{}]*)\}\s*([A-Za-z_]\w*)?")


def enum_members(include_dirs, files=None):
    """enumerator -> set of enum names (tag and typedef name) in the headers."""
    out = {}
    paths = []
    for d in include_dirs:
        for root, dirs, names in os.walk(d):
            dirs[:] = [x for x in dirs if x not in ("nvidia_detail",)]
            paths += [os.path.join(root, n) for n in names if n.endswith((".h", ".hpp"))]
    for path in paths:
        if files is not None and os.path.basename(path) not in files:
            continue
        text = re.sub(r"/\*.*?\*/", "", read_text(path), flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
        for m in _ENUM.finditer(text):
            names = {n for n in (m.group(1), m.group(3)) if n}
            for item in m.group(2).split(","):
                e = re.match(r"\s*([A-Za-z_]\w*)", item)
                if e:
                    out.setdefault(e.group(1), set()).update(names)
    return out


def check_enumerators(rules_dir, cuda_include, hip_dirs, bad):
    """Every constant whose CUDA name is an enumerator of a mapped enum type
    must map to an enumerator of the HIP type (so values and types agree),
    and an enumerator marked unsupported must not have a counterpart in the
    HIP enum (a family is mapped whole)."""
    cuda_enums = enum_members([cuda_include])
    hip_enums = enum_members(hip_dirs)
    tables = {}
    for f in sorted(os.listdir(rules_dir)):
        if f.endswith(".yaml"):
            rel = os.path.relpath(os.path.join(rules_dir, f), ROOT)
            try:
                tables[rel] = load_yaml(read_text(os.path.join(rules_dir, f)), rel)
            except YamlError:
                continue
    types = {}
    for doc in tables.values():
        for n, e in (doc.get("types") or {}).items():
            hip = e if isinstance(e, str) else (e.get("hip") if isinstance(e, dict) else None)
            if hip:
                types[n] = hip
    for rel, doc in tables.items():
        consts = doc.get("constants") or {}
        for name, e in consts.items():
            line = consts.lines.get(name, 0)
            owners = cuda_enums.get(name)
            if not owners:
                continue
            hip_types = {types[o] for o in owners if o in types}
            if not hip_types:
                continue
            target = e if isinstance(e, str) else (e.get("hip") if isinstance(e, dict) else None)
            if target:
                have = hip_enums.get(target)
                if have is not None and not (have & hip_types):
                    bad.append("%s:%d: constants: %s -> %s: %s is an enumerator of %s, not of %s"
                               % (rel, line, name, target, target, "/".join(sorted(have)) or "an anonymous enum",
                                  "/".join(sorted(hip_types))))
            elif isinstance(e, dict) and "unsupported" in e:
                for cand in swap_candidates(name):
                    if hip_enums.get(cand, set()) & hip_types:
                        bad.append("%s:%d: constants: %s is unsupported, but %s is an enumerator of %s"
                                   % (rel, line, name, cand, "/".join(sorted(hip_types))))
                        break


def swap_candidates(name):
    """HIP spellings an enumerator may have (prefix swaps)."""
    out = []
    for a, b in (("CUDA_", "HIP_"), ("CUSPARSE_", "HIPSPARSE_"), ("CUBLAS_", "HIPBLAS_"),
                 ("CURAND_", "HIPRAND_"), ("CUFFT_", "HIPFFT_"), ("CUSOLVER_", "HIPSOLVER_"), ("CU_", "HIP_"),
                 ("cuda", "hip")):
        if name.startswith(a):
            out.append(b + name[len(a):])
    return out


# --------------------------------------------------------------------------
# --check
# --------------------------------------------------------------------------

def rule_targets(e):
    """(target, rocm tag or None) of an entry: its hip, fallback and by_args targets."""
    hips = []
    if isinstance(e, str):
        hips.append((e, None))
    elif isinstance(e, dict):
        if "hip" in e:
            hips.append((e["hip"], e.get("rocm")))
        fb = e.get("fallback")
        if isinstance(fb, dict) and "hip" in fb:
            hips.append((fb["hip"], None))
        for _, sub in call_forms(e):
            if isinstance(sub, dict) and "hip" in sub:
                hips.append((sub["hip"], sub.get("rocm")))
    return hips


class NewerHeaders:
    """The headers of a ROCm release newer than the installed one (the HIP 6.3
    headers of the test fixtures' rocm-6.3, docs/fixtures.md): every target tagged with that release or
    an older one must be declared there (the tag is then confirmed; a newer
    tag rests on its recorded source alone), and a target tagged newer must
    not be (its tag would be wrong)."""

    def __init__(self, include, ids, headers, version):
        self.include, self.ids, self.headers, self.version = include, ids, headers, version
        self.confirmed = self.unconfirmed = 0

    @classmethod
    def load(cls, include, subdirs=("hip",), unchecked="targets tagged newer than the installed HIP"):
        """None (with a note) when the folder or its hip_version.h is missing."""
        version = read_version_h(include) if include and os.path.isdir(include) else None
        if not version:
            print("note: no newer HIP headers at %s (test fixtures, docs/fixtures.md); %s not checked" % (include, unchecked))
            return None
        ids, headers = set(), set()
        for sub in subdirs:
            i, h = header_identifiers(include, sub)
            ids |= i
            headers |= h
        return cls(include, ids, headers, version)

    def declares(self, target, section):
        return target in (self.headers if section == "headers" else self.ids)

    def check(self, where, section, name, target, rocm, bad, exempt=()):
        """Checks a target tagged `rocm` (None: untagged, in the base release)."""
        if rocm is None or vkey(rocm) <= vkey(self.version):
            if self.declares(target, section):
                self.confirmed += 1
            else:
                bad.append("%s: %s: %s -> %s is %s but the HIP %s headers in %s do not declare it"
                           % (where, section, name, target, "tagged rocm %s" % rocm if rocm else "untagged",
                              self.version, self.include))
        else:
            self.unconfirmed += 1
            if self.declares(target, section) and target not in exempt:
                bad.append("%s: %s: %s -> %s is tagged rocm %s but the HIP %s headers already declare it"
                           % (where, section, name, target, rocm, self.version))

    def summary(self, what):
        print("checked %s against HIP %s in %s: %d target(s) confirmed; %d unconfirmed (tagged newer than "
              "%s, or outside these headers)"
              % (what, self.version, self.include, self.confirmed, self.unconfirmed, self.version))


def check(facts, rules_dir):
    bad = []
    installed = facts.hip_version
    newer_hip = NewerHeaders.load(NEWER_HIP_INCLUDE)
    # The warp _sync builtins: declared by the HIP 6.2+ headers behind the
    # opt-in HIP_ENABLE_WARP_SYNC_BUILTINS, on by default from ROCm 7.0, which
    # is the tag (tools/README.md, source hip-changelog+clr-header).
    opt_in = {n for n, _v, src in load_tsv(os.path.join(HERE, "hip_versions.tsv"), 3)
              if src == "hip-changelog+clr-header"}
    for f in sorted(os.listdir(rules_dir)):
        # The HIP runtime tables this script writes; the library tables are
        # checked by tools/gen_libs.py --check against their own headers.
        if not (f.startswith("cuda-") and f.endswith(".yaml")):
            continue
        path = os.path.join(rules_dir, f)
        rel = os.path.relpath(path, ROOT)
        try:
            doc = load_yaml(read_text(path), rel)
        except YamlError as e:
            bad.append(str(e))
            continue
        for section in SECTIONS:
            entries = doc.get(section)
            if not isinstance(entries, dict):
                continue
            for name, e in entries.items():
                line = entries.lines.get(name, 0)
                for target, rocm in rule_targets(e):
                    if rocm is not None and vkey(rocm) > vkey(installed):
                        if newer_hip:
                            newer_hip.check("%s:%d" % (rel, line), section, name, str(target), rocm,
                                            bad, opt_in)
                        continue
                    if target == "" and section == "macros":
                        continue  # removed, not renamed
                    if not facts.installed(str(target), section):
                        bad.append("%s:%d: %s: %s -> %s is not declared by the installed HIP %s headers"
                                   % (rel, line, section, name, target, installed))
    # Newer HIP headers (the family check also sees enumerators ROCm 5.2 lacks).
    newer = [d for d in (NEWER_HIP_INCLUDE,) if d and os.path.isdir(d)]
    if not newer:
        print("note: no newer HIP headers at %s (test fixtures, docs/fixtures.md); enum families checked against HIP %s only"
              % (NEWER_HIP_INCLUDE, installed))
    check_enumerators(rules_dir, CUDA_INCLUDE, [os.path.join(facts.hip_include, "hip")] +
                      [os.path.join(facts.hip_include, x) for x in ("hipsparse", "hipblas", "hiprand", "hipfft")
                       if os.path.isdir(os.path.join(facts.hip_include, x))] + newer, bad)
    for b in bad:
        print(b)
    if newer_hip:
        newer_hip.summary("the targets of rules/cuda-*.yaml tagged newer than HIP %s" % installed)
    print("checked rules/*.yaml against HIP %s in %s: %d problem(s)"
          % (installed, facts.hip_include, len(bad)))
    return 1 if bad else 0


# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--hip-include", default="/usr/include")
    ap.add_argument("--rules-dir", default=os.path.join(ROOT, "rules"))
    ap.add_argument("--newer-hip-include", default=os.path.join(os.environ.get("CU2HIP_FIXTURES", "/var/cache/cu2hip-fixtures"), "rocm-6.3", "include"),
                    help="headers of a newer ROCm, for the enum-family check (skipped when absent)")
    ap.add_argument("--check", action="store_true",
                    help="verify rules/*.yaml against the installed HIP headers")
    ap.add_argument("--no-driver", action="store_true", help="do not write cuda-driver.yaml")
    a = ap.parse_args()

    facts = Facts(a.hip_include)
    global CUDA_INCLUDE, NEWER_HIP_INCLUDE
    CUDA_INCLUDE = a.cuda_include
    NEWER_HIP_INCLUDE = a.newer_hip_include
    if a.check:
        return check(facts, a.rules_dir)
    if vkey(facts.hip_version) != vkey(BASE_ROCM):
        print("warning: installed HIP is %s, the table's base is %s; 'mapped-%s' means "
              "'declared by the installed headers'" % (facts.hip_version, BASE_ROCM, BASE_ROCM),
              file=sys.stderr)

    cudart = re.search(r"#define\s+CUDART_VERSION\s+(\d+)",
                       read_text(os.path.join(a.cuda_include, "cuda_runtime_api.h")))
    cuda_v = cudart.group(1) if cudart else "?"
    common = ["HIP %s headers in %s (AMD platform)" % (facts.hip_version, a.hip_include),
              "tools/hip_versions.tsv, tools/hip_names.tsv, tools/unsupported_reasons.tsv, "
              "tools/rules_overrides.yaml"]
    problems = Problems()
    outputs = []

    rt = extract_runtime(a.cuda_include)
    rt_tables = build(rt, "cuda-runtime", facts, problems)
    rt_tables["members"] = device_prop_members(a.cuda_include, a.hip_include, problems)
    outputs.append(("cuda-runtime.yaml", "cuda-runtime", "CUDA runtime API (CUDART_VERSION %s)" % cuda_v,
                    ["CUDA headers in %s (CUDART_VERSION %s): %s" %
                     (a.cuda_include, cuda_v, ", ".join(sorted(set(RUNTIME_FUNC_FILES + RUNTIME_TYPE_FILES + RUNTIME_MACRO_FILES))))]
                    + common, rt_tables))

    # device-side names whose HIP spelling differs (bf16/fp8 types and conversions)
    nv = [n for n in facts.names if n.startswith(("__nv_", "__NV_"))]
    dev_names = {"types": {n for n in nv if not n.startswith(("__nv_cvt_", "__NV_"))},
                 "constants": {n for n in nv if n.startswith("__NV_")},
                 "device": {n for n in nv if n.startswith("__nv_cvt_")}}
    # device functions of the CUDA headers: an entry where HIP spells the name
    # differently (hip_names.tsv) or lacks it (a reason in unsupported_reasons.tsv);
    # names HIP declares as they are (installed, or a newer release in
    # hip_versions.tsv) need none and go to the report
    dev_taken = set().union(*dev_names.values())
    for n in extract_device(a.cuda_include):
        if n in dev_taken or n in facts.hip_ids or facts.newer_identity(n):
            continue
        if n in facts.names or facts.curated_reason(n):
            # the fp4/fp6/e8m0 classes are types (their constructors look like functions)
            dev_names["types" if re.match(r"__nv_fp\d", n) else "device"].add(n)
    dev_tables = build(dev_names, "cuda-device", facts, problems)
    add_compat(dev_tables, problems)
    outputs.append(("cuda-device.yaml", "cuda-device",
                    "CUDA device intrinsics and device-side headers whose HIP spelling or availability differs",
                    common, dev_tables))

    if not a.no_driver:
        drv, aliases = extract_driver(a.cuda_include)
        taken = set()
        for t in (rt_tables, dev_tables):
            for s in SECTIONS:
                taken |= set(t[s])
        for s in drv:
            drv[s] = {n for n in drv[s] if n not in taken and n not in rt.get(s, set())}
        for n, h in sorted(facts.driver_names.items()):
            if not facts.first_version(h, "functions"):
                problems.append("tools/driver_names.tsv: %s -> %s: not in the installed HIP headers "
                                "nor in tools/hip_versions.tsv" % (n, h))
        drv_tables = build_driver(drv, aliases, facts, problems)
        outputs.append(("cuda-driver.yaml", "cuda-driver", "CUDA driver API (cuda.h)",
                        ["CUDA header %s/cuda.h" % a.cuda_include] + common, drv_tables))

    # one name, one entry across all generated files
    seen = {}
    for fname, _lib, _d, _src, tables in outputs:
        for s in SECTIONS:
            for n in tables[s]:
                if n in seen:
                    problems.append("%s listed in %s and %s" % (n, seen[n], fname))
                seen[n] = fname
    if problems:
        for p in problems:
            print("error: " + p, file=sys.stderr)
        return 2
    for fname, lib, desc, sources, tables in outputs:
        path = os.path.join(a.rules_dir, fname)
        text = render(lib, desc, sources, tables)
        with open(path + ".tmp", "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(path + ".tmp", path)
        summarize(os.path.relpath(path, ROOT), tables)
    rep = os.path.join(HERE, "device_identical.txt")
    ident, newer, cov, rest = device_report(a.cuda_include, facts, [t for *_x, t in outputs], rep)
    print("%s (device functions of the CUDA headers)" % os.path.relpath(rep, ROOT))
    print("  device_identical %4d (%d from a ROCm newer than %s)   covered-by-rules %4d   "
          "unclassified %4d   total %4d"
          % (ident + newer, newer, BASE_ROCM, cov, rest, ident + newer + cov + rest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
