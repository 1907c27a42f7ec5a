#!/usr/bin/env python3
"""Report formats and the options around them.

usage: formats_test.py --tool CU2HIP --docs-url URL --homepage-url URL
                       --source-dir DIR GROUP...

GROUP is one of: golden, schemas, output, exit-codes, suppress, filters,
config, explain, vscode. Each scenario runs in a fresh temporary directory
and prints `ok NAME`, `skip NAME: why` or `FAIL NAME: why`; the exit status
is 1 if any failed, 77 if every scenario was skipped.

Golden files live in tests/formats/case/: expected.txt (stderr of the text
format without the summary line), expected.json, expected.jsonl and
expected.sarif. Build-dependent parts are left out: documentation links
(code.url, source.url, helpUri, informationUri) are checked, then removed:
cu2hip gives them only when they lead to a file that exists (the
CU2HIP_DOCS_URL setting, else the docs installed beside the executable),
and never otherwise. In expected.sarif the rule list is a placeholder
(@RULES@, checked against `cu2hip explain` and docs/checks.md instead), as
are the version (@VERSION@) and ruleIndex (checked against the rule list).
With UPDATE=1 the golden files are rewritten; review them before committing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ARGS = None
HERE = os.path.dirname(os.path.abspath(__file__))
CASE = os.path.join(HERE, "case")
BASE_ARGS = ["--rocm-version", "6.2", "--no-config"]


class Fail(Exception):
    pass


class Skip(Exception):
    pass


def run(args, cwd, stdin=None):
    p = subprocess.run([ARGS.tool] + args, cwd=cwd, capture_output=True, input=stdin)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def expect(cond, why):
    if not cond:
        raise Fail(why)


def expect_rc(rc, want, err=""):
    expect(rc == want, "exit code %d, want %d (stderr: %s)" % (rc, want, err[:300].replace("\n", "|")))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def strip_summary(err):
    lines = err.splitlines(keepends=True)
    if lines and lines[-1].startswith("cu2hip: "):
        lines = lines[:-1]
    return "".join(lines)


def summary(err):
    lines = err.splitlines()
    return lines[-1] if lines and lines[-1].startswith("cu2hip: ") else ""


def followable(url, name):
    """The link cu2hip gives for a CU2HIP_*_URL setting: a web URL as it is,
    a file: URL when the file exists, else the copy installed beside the
    executable (GNUInstallDirs' layout), else None."""
    if not url.startswith("file://"):
        return url
    if os.access(url[7:], os.R_OK):
        return url
    near = os.path.realpath(os.path.join(os.path.dirname(ARGS.tool), "..", "share", "doc", "cu2hip", name))
    return "file://" + near if os.access(near, os.R_OK) else None


def docs_link():
    return followable(ARGS.docs_url, "checks.md")


def homepage_link():
    return followable(ARGS.homepage_url, "README.md")


def without_links(text):
    """The rdjson text with its documentation links (which depend on where
    cu2hip is installed, and are checked separately) taken out."""
    for link in (docs_link(), homepage_link()):
        if link:
            text = re.sub(r',\s*"url": ?"' + re.escape(link) + r'(#[a-z0-9-]+)?"', "", text)
    expect('"url"' not in text, "a link that is neither the docs' nor the homepage's: " + text[:300])
    return text


def case_dir(tmp):
    """A copy of the golden case, so runs never write next to the sources."""
    d = os.path.join(tmp, "case")
    shutil.copytree(CASE, d)
    return d


def checks():
    """[(name, severity, summary)] from `cu2hip explain`."""
    p = subprocess.run([ARGS.tool, "explain"], capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail("cu2hip explain: exit %d" % p.returncode)
    out = []
    for line in p.stdout.splitlines():
        m = re.match(r"^(\S+)\s+(error|warning|note)\s+(.*)$", line)
        if not m:
            raise Fail("cu2hip explain: unexpected line %r" % line)
        out.append(m.groups())
    return out


def doc_sections():
    """{name: body} of the '## name' sections of docs/checks.md."""
    text = read(os.path.join(ARGS.source_dir, "docs", "checks.md"))
    sections, name, body = {}, None, []
    for line in text.splitlines():
        if line.startswith("# ") or line.startswith("## "):
            if name:
                sections[name] = "\n".join(body).strip()
            name = line[3:].strip() if line.startswith("## ") else None
            body = []
        elif name:
            body.append(line)
    if name:
        sections[name] = "\n".join(body).strip()
    return sections


def compare_golden(name, actual):
    path = os.path.join(CASE, name)
    if os.environ.get("UPDATE") == "1":
        write(path, actual)
        return
    want = read(path)
    if want != actual:
        import difflib
        diff = "".join(difflib.unified_diff(want.splitlines(True), actual.splitlines(True), name, "actual"))
        sys.stderr.write(diff)
        raise Fail("%s differs from the output (diff above)" % name)


def sarif_normalized(doc, known):
    """Checks the build-dependent parts of a SARIF log and replaces them."""
    run_ = doc["runs"][0]
    driver = run_["tool"]["driver"]
    rules = driver["rules"]
    ids = [r["id"] for r in rules]
    expect(ids == [c[0] for c in known], "rules[] %s are not the checks %s" % (ids, [c[0] for c in known]))
    level = {"error": "error", "warning": "warning", "note": "note"}
    sections = doc_sections()
    link = docs_link()
    for r, (name, sev, summ) in zip(rules, known):
        if link:
            expect(r.get("helpUri") == link + "#" + name, "rule %s: helpUri %s" % (name, r.get("helpUri")))
        else:
            expect("helpUri" not in r, "rule %s: helpUri %s, but no documentation there" % (name, r.get("helpUri")))
        r.pop("helpUri", None)
        expect(r["shortDescription"]["text"] == summ, "rule %s: shortDescription is not the summary" % name)
        expect(r["defaultConfiguration"]["level"] == level[sev], "rule %s: level" % name)
        if name in sections:
            expect(r["help"]["markdown"] == sections[name], "rule %s: help is not its docs/checks.md section" % name)
            expect(r["help"]["text"] == sections[name], "rule %s: help.text is not its docs/checks.md section" % name)
            expect(r["fullDescription"]["text"], "rule %s: no fullDescription" % name)
    for res in run_["results"]:
        expect(rules[res["ruleIndex"]]["id"] == res["ruleId"],
               "result %s: ruleIndex %d names %s" % (res["ruleId"], res["ruleIndex"], rules[res["ruleIndex"]]["id"]))
        del res["ruleIndex"]
    expect(driver.get("informationUri") == homepage_link(), "informationUri %s, want %s" %
           (driver.get("informationUri"), homepage_link()))
    driver.pop("informationUri", None)
    driver["rules"] = "@RULES@"
    driver["version"] = "@VERSION@"
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ---- golden ---------------------------------------------------------------

def sc_golden_text(tmp):
    d = case_dir(tmp)
    rc, out, err = run(["check"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 1, err)
    expect(out == "", "stdout is not empty")
    compare_golden("expected.txt", strip_summary(err))
    expect(re.search(r", 1 suppressed$", summary(err)), "summary lacks '1 suppressed': %s" % summary(err))


def sc_golden_json(tmp):
    d = case_dir(tmp)
    rc, out, err = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 1, err)
    doc = json.loads(out)
    expect(doc["source"].get("url") == homepage_link(), "source.url %s, want %s" % (doc["source"].get("url"), homepage_link()))
    for diag in doc["diagnostics"]:
        want = docs_link() and docs_link() + "#" + diag["code"]["value"]
        expect(diag["code"].get("url") == want, "code.url %s, want %s" % (diag["code"].get("url"), want))
    compare_golden("expected.json", without_links(out))


def sc_golden_jsonl(tmp):
    d = case_dir(tmp)
    rc, out, err = run(["check", "--format=jsonl", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 1, err)
    compare_golden("expected.jsonl", without_links(out))
    rc, doc_text, err = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    lines = [json.loads(line) for line in out.splitlines()]
    expect(lines == json.loads(doc_text)["diagnostics"], "jsonl lines are not the json document's diagnostics")


def sc_golden_sarif(tmp):
    d = case_dir(tmp)
    rc, out, err = run(["check", "--format=sarif", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 1, err)
    compare_golden("expected.sarif", sarif_normalized(json.loads(out), checks()))


def sc_golden_text_matches_json(tmp):
    """The same diagnostics, positions and severities in every format."""
    d = case_dir(tmp)
    _, _, err = run(["check"] + BASE_ARGS + ["input.cu"], d)
    _, out, _ = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    sev = {"ERROR": "error", "WARNING": "warning", "INFO": "note"}
    lines = []
    for diag in json.loads(out)["diagnostics"]:
        s = diag["location"]["range"]["start"]
        lines.append("%s:%d:%d: %s: %s [%s]\n" % (diag["location"]["path"], s["line"], s["column"],
                                                 sev[diag["severity"]], diag["message"], diag["code"]["value"]))
    expect("".join(lines) == strip_summary(err), "text and json disagree")


# ---- schemas --------------------------------------------------------------

def validator(schema_name, ref=None):
    try:
        import jsonschema
    except ImportError:
        raise Skip("python3-jsonschema is not installed")
    schema = json.loads(read(os.path.join(HERE, "schemas", schema_name)))
    if ref:
        schema = {"$schema": schema["$schema"], "$ref": "#/$defs/" + ref, "$defs": schema["$defs"]}
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def validate(v, instance, what):
    errors = sorted(v.iter_errors(instance), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        raise Fail("%s: %s at /%s" % (what, e.message, "/".join(str(p) for p in e.path)))


def schema_inputs(tmp):
    """The golden case plus an input error (no position) and a file outside
    the SARIF root, so every optional shape occurs."""
    d = case_dir(tmp)
    other = os.path.join(tmp, "elsewhere")
    write(os.path.join(other, "far.cu"), "__device__ int f(int v, unsigned m) { return __shfl_xor_sync(m, v, 1); }\n")
    return d, ["input.cu", "missing.cu", os.path.join(other, "far.cu")]


def sc_schema_json(tmp):
    v = validator("rdjson.schema.json")
    d, inputs = schema_inputs(tmp)
    rc, out, err = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + inputs, d)
    expect_rc(rc, 2, err)
    doc = json.loads(out)
    validate(v, doc, "json")
    expect(any("range" not in x["location"] for x in doc["diagnostics"]), "no diagnostic without a position")
    validate(v, json.loads(read(os.path.join(CASE, "expected.json"))), "expected.json")


def sc_schema_jsonl(tmp):
    v = validator("rdjson.schema.json", "diagnostic")
    d, inputs = schema_inputs(tmp)
    rc, out, err = run(["check", "--format=jsonl", "--output", "-"] + BASE_ARGS + inputs, d)
    expect_rc(rc, 2, err)
    lines = out.splitlines()
    expect(len(lines) >= 5, "%d lines" % len(lines))
    for i, line in enumerate(lines):
        validate(v, json.loads(line), "jsonl line %d" % (i + 1))


def sc_schema_sarif(tmp):
    v = validator("sarif.schema.json")
    d, inputs = schema_inputs(tmp)
    rc, out, err = run(["check", "--format=sarif", "--output", "-"] + BASE_ARGS + inputs, d)
    expect_rc(rc, 2, err)
    doc = json.loads(out)
    validate(v, doc, "sarif")
    results = doc["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    expect("input.cu" in uris and "missing.cu" in uris, "relative URIs missing: %s" % uris)
    expect(any(u.startswith("file:///") and u.endswith("/elsewhere/far.cu") for u in uris),
           "no absolute file: URI for the file outside the root: %s" % uris)
    for r in results:
        region = r["locations"][0]["physicalLocation"].get("region")
        if region:
            expect((region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"]),
                   "region ends before it starts: %s" % region)
    # --sarif-root: URIs relative to another directory.
    rc, out, err = run(["check", "--format=sarif", "--output", "-", "--sarif-root", ".."] + BASE_ARGS + inputs, d)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in json.loads(out)["runs"][0]["results"]}
    expect({"case/input.cu", "elsewhere/far.cu"} <= uris, "--sarif-root ..: %s" % uris)


def sc_sarif_columns_utf16(tmp):
    d = case_dir(tmp)
    _, out, _ = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    _, sarif, _ = run(["check", "--format=sarif", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    rd = {x["code"]["value"]: x["location"]["range"]["start"]["column"] for x in json.loads(out)["diagnostics"]}
    sa = {r["ruleId"]: r["locations"][0]["physicalLocation"]["region"]["startColumn"]
          for r in json.loads(sarif)["runs"][0]["results"]}
    # "/* größe */ cudaCtx...": two 2-byte characters before the name.
    expect(rd["api-unsupported"] == 17 and sa["api-unsupported"] == 15,
           "columns: rdjson %d (want 17 bytes), sarif %d (want 15 UTF-16 units)" % (rd["api-unsupported"], sa["api-unsupported"]))


def fingerprints(d, name="input.cu"):
    _, out, _ = run(["check", "--format=sarif", "--output", "-"] + BASE_ARGS + [name], d)
    res = json.loads(out)["runs"][0]["results"]
    return {(r["ruleId"], r["partialFingerprints"]["cu2hip/v1"]): r["locations"][0]["physicalLocation"]["region"]["startLine"]
            for r in res}


def sc_sarif_fingerprints_stable(tmp):
    d = case_dir(tmp)
    before = fingerprints(d)
    src = read(os.path.join(d, "input.cu"))
    # Comments only: a #define above the includes would (rightly) make the
    # runtime header go first, one more diagnostic.
    write(os.path.join(d, "input.cu"), "// a new comment\n\n// and another\n" + src)
    after = fingerprints(d)
    expect(set(before) == set(after), "fingerprints changed after adding lines above: %s vs %s" % (before, after))
    expect(all(after[k] == before[k] + 3 for k in before), "lines did not move by 3")
    # Two identical lines get distinct fingerprints.
    write(os.path.join(d, "twice.cu"), "__device__ float f(float v, unsigned m) {\n  v += __shfl_down_sync(m, v, 1);\n"
          "  v += __shfl_down_sync(m, v, 1);\n  return v;\n}\n")
    fp = {k: v for k, v in fingerprints(d, "twice.cu").items() if k[0] == "warp-mask-32bit"}
    expect(len(fp) == 2, "identical lines share a fingerprint: %s" % fp)


# ---- output ---------------------------------------------------------------

def sc_output_file(tmp):
    d = case_dir(tmp)
    for fmt in ["text", "json", "jsonl", "sarif"]:
        rc, out, err = run(["check", "--format", fmt, "--output", "report.out"] + BASE_ARGS + ["input.cu"], d)
        expect_rc(rc, 1, err)
        expect(out == "", "%s: stdout not empty" % fmt)
        expect(err.count("\n") == 1 and summary(err), "%s: stderr is not just the summary: %r" % (fmt, err))
        _, to_stdout, _ = run(["check", "--format", fmt, "--output", "-"] + BASE_ARGS + ["input.cu"], d)
        expect(read(os.path.join(d, "report.out")) == to_stdout, "%s: --output FILE and --output - differ" % fmt)
    rc, out, err = run(["check", "-q", "--format", "json", "--output", "report.out"] + BASE_ARGS + ["input.cu"], d)
    expect(err == "", "-q: stderr not empty: %r" % err)
    # Default of a translation: the report on stderr, then the summary.
    rc, out, err = run(["--format", "jsonl"] + BASE_ARGS + ["input.cu"], d)
    expect(strip_summary(err).startswith('{"message"'), "jsonl is not on stderr next to a translation")
    rc, out, err = run(["-o", "out", "--format", "jsonl"] + BASE_ARGS + ["input.cu"], d)
    expect(out == "" and strip_summary(err).startswith('{"message"'), "jsonl is not on stderr with -o")
    # Into a directory that does not exist yet; and an unwritable target.
    rc, out, err = run(["check", "--format", "sarif", "--output", "reports/ci/cu2hip.sarif"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 1, err)
    expect(os.path.isfile(os.path.join(d, "reports/ci/cu2hip.sarif")), "reports/ci/cu2hip.sarif not written")
    os.mkdir(os.path.join(d, "adir"))
    rc, out, err = run(["check", "--output", "adir"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 2, err)
    # Translation on stdout leaves no room for --output -.
    rc, out, err = run(["--output", "-"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 2, err)


def sc_check_report_on_stdout(tmp):
    """check writes nothing else to stdout: a machine-readable report goes
    there by default, as linters do, and the summary stays on stderr."""
    d = case_dir(tmp)
    for fmt in ["json", "jsonl", "sarif"]:
        rc, out, err = run(["check", "--format=" + fmt] + BASE_ARGS + ["input.cu"], d)
        expect_rc(rc, 1, err)
        expect(err.count("\n") == 1 and summary(err), "%s: stderr is not just the summary: %r" % (fmt, err))
        _, explicit, _ = run(["check", "--format=" + fmt, "--output", "-"] + BASE_ARGS + ["input.cu"], d)
        expect(out == explicit, "%s: the default report differs from --output -" % fmt)
        try:
            docs = [json.loads(line) for line in out.splitlines()] if fmt == "jsonl" else [json.loads(out)]
        except ValueError as e:
            raise Fail("%s: stdout is not %s: %s" % (fmt, fmt, e))
        if fmt == "jsonl":
            expect(len(docs) == 4 and all("message" in x and "location" in x for x in docs), "jsonl: %d lines" % len(docs))
        elif fmt == "json":
            expect(len(docs[0]["diagnostics"]) == 4, "json: %d diagnostics" % len(docs[0]["diagnostics"]))
        else:
            run_ = docs[0]["runs"][0]
            expect(docs[0]["version"] == "2.1.0" and len(run_["results"]) == 4 and run_["tool"]["driver"]["rules"],
                   "sarif: not one run with rules and 4 results")
    # A pipe into a JSON reader, as in the documentation.
    p = subprocess.run("'%s' check --format=json %s input.cu | python3 -m json.tool >/dev/null" %
                       (ARGS.tool, " ".join(BASE_ARGS)), shell=True, cwd=d, capture_output=True, text=True)
    expect(p.returncode == 0, "check --format=json | python3 -m json.tool: %s" % p.stderr[-300:])
    # Progress and the summary never reach stdout, even for a directory.
    rc, out, err = run(["check", "--format=json"] + BASE_ARGS + ["."], d)
    expect(json.loads(out)["diagnostics"], "a directory: no diagnostics on stdout")
    expect(summary(err), "a directory: no summary on stderr")
    # Text stays on stderr; --output FILE still takes the report.
    rc, out, err = run(["check"] + BASE_ARGS + ["input.cu"], d)
    expect(out == "" and "[warp-mask-32bit]" in err, "text: not on stderr")
    rc, out, err = run(["check", "--format=sarif", "--output", "r.sarif"] + BASE_ARGS + ["input.cu"], d)
    expect(out == "" and json.loads(read(os.path.join(d, "r.sarif")))["runs"], "--output FILE: stdout not empty")


def sc_output_translation_unaffected(tmp):
    d = case_dir(tmp)
    rc, plain, _ = run(BASE_ARGS + ["input.cu"], d)
    rc2, with_report, err = run(["--format", "sarif", "--output", "r.sarif"] + BASE_ARGS + ["input.cu"], d)
    expect(rc == rc2 == 1, "exit codes %d %d" % (rc, rc2))
    expect(plain == with_report and "hipDeviceSynchronize" not in plain and "hip/hip_runtime.h" in plain,
           "the translation on stdout changed with --format/--output")


def sc_bad_format(tmp):
    d = case_dir(tmp)
    rc, out, err = run(["check", "--format", "xml"] + BASE_ARGS + ["input.cu"], d)
    expect_rc(rc, 2, err)
    expect("xml" in err, "the bad format is not named")


# ---- exit codes -----------------------------------------------------------

INPUTS = {
    "error.cu": "void f() { cudaCtxResetPersistingL2Cache(); }\n",
    "warning.cu": "__device__ float f(float v, unsigned m) { return __shfl_down_sync(m, v, 1); }\n",
    "note.cu": "void f(cudaStream_t s, cudaStreamCaptureStatus *st) { cudaStreamGetCaptureInfo(s, st); }\n",
    "clean.cu": "#include <cuda_runtime.h>\nvoid f() { cudaDeviceSynchronize(); }\n",
}
WANT = {  # (fail-on, input) -> exit code
    ("error", "error.cu"): 1, ("error", "warning.cu"): 0, ("error", "note.cu"): 0, ("error", "clean.cu"): 0,
    ("warning", "error.cu"): 1, ("warning", "warning.cu"): 1, ("warning", "note.cu"): 0, ("warning", "clean.cu"): 0,
    ("never", "error.cu"): 0, ("never", "warning.cu"): 0, ("never", "note.cu"): 0, ("never", "clean.cu"): 0,
}


def sc_exit_codes(tmp):
    for name, text in INPUTS.items():
        write(os.path.join(tmp, name), text)
    for fmt in ["text", "json", "jsonl", "sarif"]:
        for (fail_on, name), want in WANT.items():
            if fmt != "text" and name in ("note.cu", "clean.cu"):
                continue  # the format does not matter; text covers them
            rc, out, err = run(["check", "--format", fmt, "--fail-on", fail_on, "--output", "r"] + BASE_ARGS + [name], tmp)
            expect(rc == want, "--format %s --fail-on %s %s: exit %d, want %d (%s)" % (fmt, fail_on, name, rc, want, err.strip()))
        # Default --fail-on is error; an input error is 2 whatever --fail-on says.
        rc, _, _ = run(["check", "--format", fmt, "--output", "r"] + BASE_ARGS + ["error.cu"], tmp)
        expect(rc == 1, "%s: default --fail-on: exit %d" % (fmt, rc))
        rc, _, _ = run(["check", "--format", fmt, "--fail-on", "never", "--output", "r"] + BASE_ARGS + ["clean.cu", "gone.cu"], tmp)
        expect(rc == 2, "%s: missing input with --fail-on never: exit %d" % (fmt, rc))
    rc, _, err = run(["check", "--fail-on", "sometimes"] + BASE_ARGS + ["clean.cu"], tmp)
    expect_rc(rc, 2, err)


# ---- suppressions ---------------------------------------------------------

SHFL = "__shfl_down_sync(m, v, 1)"


def diag_count(err):
    return len(re.findall(r"^[^\n]*: (error|warning|note): .*\[[a-z0-9-]+\]$", err, re.M))


def suppress_case(tmp, body, want_warnings, want_suppressed):
    """Checks the warp-mask-32bit diagnostics left by body and that the
    summary counts as suppressed exactly the diagnostics (of any check) that
    disappear when the marker is there."""
    src = "__device__ float f(float v, unsigned m) {\n" + body + "  return v;\n}\n"
    write(os.path.join(tmp, "s.cu"), src)
    rc, out, err = run(["check"] + BASE_ARGS + ["s.cu"], tmp)
    got = len(re.findall(r"\[warp-mask-32bit\]", err))
    expect(got == want_warnings, "%r: %d warp-mask-32bit diagnostics, want %d\n%s" % (body, got, want_warnings, err))
    write(os.path.join(tmp, "s.cu"), src.replace("cu2hip-ignore", "cu2hip-ignorX"))
    _, _, plain = run(["check"] + BASE_ARGS + ["s.cu"], tmp)
    sup = re.search(r", (\d+) suppressed", summary(err))
    n = int(sup.group(1)) if sup else 0
    expect(n == diag_count(plain) - diag_count(err),
           "%r: summary %r, but %d diagnostics disappeared" % (body, summary(err), diag_count(plain) - diag_count(err)))
    if want_suppressed is not None:
        expect(n >= want_suppressed if want_suppressed else n == 0,
               "%r: summary %r, want %d suppressed" % (body, summary(err), want_suppressed))


def sc_suppress_same_line(tmp):
    suppress_case(tmp, "  v += %s; // cu2hip-ignore: warp-mask-32bit\n" % SHFL, 0, 1)
    suppress_case(tmp, "  v += %s; /* cu2hip-ignore: warp-mask-32bit */\n" % SHFL, 0, 1)


def sc_suppress_line_before(tmp):
    suppress_case(tmp, "  // cu2hip-ignore: warp-mask-32bit\n  v += %s;\n" % SHFL, 0, 1)
    suppress_case(tmp, "  /* cu2hip-ignore:warp-mask-32bit */\n  v += %s;\n" % SHFL, 0, 1)
    # Two lines before is too far; the line after is not covered either.
    suppress_case(tmp, "  // cu2hip-ignore: warp-mask-32bit\n\n  v += %s;\n" % SHFL, 1, 0)
    suppress_case(tmp, "  v += %s;\n  // cu2hip-ignore: warp-mask-32bit\n" % SHFL, 1, 0)


def sc_suppress_glob_all_lists(tmp):
    suppress_case(tmp, "  v += %s; // cu2hip-ignore: warp-*\n" % SHFL, 0, 1)
    suppress_case(tmp, "  v += %s; // cu2hip-ignore: all\n" % SHFL, 0, 1)
    suppress_case(tmp, "  v += %s; // cu2hip-ignore: api-note, warp-mask-32bit\n" % SHFL, 0, 1)
    suppress_case(tmp, "  // cu2hip-ignore: parse-*, warp-mask-3?bit -- reviewed\n  v += %s;\n" % SHFL, 0, 1)
    # Other names, markers in strings, a misspelt marker: nothing suppressed.
    suppress_case(tmp, "  v += %s; // cu2hip-ignore: api-note\n" % SHFL, 1, 0)
    suppress_case(tmp, "  const char *s = \"// cu2hip-ignore: all\"; v += %s;\n" % SHFL, 1, 0)
    suppress_case(tmp, "  v += %s; // cu2hip-ignores: all\n" % SHFL, 1, 0)
    suppress_case(tmp, "  v += %s; // cu2hip-ignore warp-mask-32bit\n" % SHFL, 1, 0)
    # Counted once per diagnostic.
    suppress_case(tmp, "  v += %s + %s; // cu2hip-ignore: all\n" % (SHFL, SHFL), 0, 2)


def sc_suppress_in_every_format(tmp):
    write(os.path.join(tmp, "s.cu"), "__device__ float f(float v, unsigned m) {\n"
          "  return %s; // cu2hip-ignore: all\n}\n" % SHFL)
    for fmt in ["json", "jsonl", "sarif"]:
        rc, out, err = run(["check", "--format", fmt, "--fail-on", "warning", "--output", "-"] + BASE_ARGS + ["s.cu"], tmp)
        expect_rc(rc, 0, err)
        if fmt == "sarif":
            names = [r["ruleId"] for r in json.loads(out)["runs"][0]["results"]]
        elif fmt == "json":
            names = [x["code"]["value"] for x in json.loads(out)["diagnostics"]]
        else:
            names = [json.loads(line)["code"]["value"] for line in out.splitlines()]
        expect("warp-mask-32bit" not in names, "%s: the suppressed diagnostic is reported" % fmt)
        expect(re.search(r", [1-9][0-9]* suppressed$", summary(err)), "%s: %s" % (fmt, summary(err)))


# ---- --enable / --disable -------------------------------------------------

def reported_checks(tmp, args, name="mixed.cu", base=None):
    base = BASE_ARGS if base is None else base
    rc, out, err = run(["check", "--format", "jsonl", "--output", "-", "--fail-on", "never"] + args + base + [name], tmp)
    expect_rc(rc, 0 if "gone.cu" not in args else 2, err)
    return sorted({json.loads(line)["code"]["value"] for line in out.splitlines()})


def sc_filters(tmp):
    write(os.path.join(tmp, "mixed.cu"), '#include "nowhere.h"\n' + INPUTS["error.cu"] + INPUTS["warning.cu"] + INPUTS["note.cu"])
    allc = ["api-note", "api-unsupported", "parse-missing-header", "warp-mask-32bit"]
    got = reported_checks(tmp, [])
    expect(set(allc) <= set(got), "without filters: %s" % got)
    # Other checks may report on this input too: compare within these four.
    base = reported_checks
    reported = lambda t, a: [c for c in base(t, a) if c in allc]
    cases = [
        (["--disable", "warp-mask-32bit"], ["api-note", "api-unsupported", "parse-missing-header"]),
        (["--disable", "parse-*"], ["api-note", "api-unsupported", "warp-mask-32bit"]),
        (["--disable", "api-*"], ["parse-missing-header", "warp-mask-32bit"]),
        (["--disable", "all"], []),
        (["--disable", "all", "--enable", "warp-*"], ["warp-mask-32bit"]),
        (["--disable", "api-*", "--enable", "api-note"], ["api-note", "parse-missing-header", "warp-mask-32bit"]),
        (["--enable", "api-note", "--disable", "api-*"], ["parse-missing-header", "warp-mask-32bit"]),
    ]
    for args, want in cases:
        got = reported(tmp, args)
        expect(got == want, "%s: %s, want %s" % (" ".join(args), got, want))
    # Disabled errors no longer fail the run; input errors are always reported.
    rc, _, err = run(["check", "--disable", "api-unsupported"] + BASE_ARGS + ["mixed.cu"], tmp)
    expect_rc(rc, 0, err)
    rc, _, err = run(["check", "--disable", "all"] + BASE_ARGS + ["mixed.cu", "gone.cu"], tmp)
    expect(rc == 2 and "gone.cu" in err and "[input-error]" in err, "input-error was filtered: %s" % err)
    # A pattern that names no check is a usage error.
    rc, _, err = run(["check", "--disable", "warp-mask-32"] + BASE_ARGS + ["mixed.cu"], tmp)
    expect(rc == 2 and "warp-mask-32" in err, "bad pattern: exit %d, %s" % (rc, err))


# ---- configuration file ---------------------------------------------------

def sc_config_discovery(tmp):
    proj = os.path.join(tmp, "proj")
    write(os.path.join(proj, "src", "deep", "w.cu"), INPUTS["warning.cu"])
    write(os.path.join(proj, ".cu2hip.yaml"), "fail-on: warning\n")
    rc, _, err = run(["check", "--rocm-version", "6.2", "src/deep/w.cu"], proj)
    expect_rc(rc, 1, err)  # found two levels up
    rc, _, err = run(["check", "--rocm-version", "6.2", "deep/w.cu"], os.path.join(proj, "src"))
    expect_rc(rc, 1, err)  # the input's directory counts, not the current one
    rc, _, err = run(["check", "--rocm-version", "6.2", "src/deep"], proj)
    expect_rc(rc, 1, err)  # a directory input
    rc, _, err = run(["check", "--no-config", "--rocm-version", "6.2", "src/deep/w.cu"], proj)
    expect_rc(rc, 0, err)
    # The search stops at a directory holding .git.
    os.makedirs(os.path.join(proj, "src", ".git"))
    rc, _, err = run(["check", "--rocm-version", "6.2", "src/deep/w.cu"], proj)
    expect_rc(rc, 0, err)
    write(os.path.join(proj, "src", ".cu2hip.yaml"), "fail-on: warning\n")
    rc, _, err = run(["check", "--rocm-version", "6.2", "src/deep/w.cu"], proj)
    expect_rc(rc, 1, err)  # beside .git is still inside


def sc_config_precedence(tmp):
    write(os.path.join(tmp, "w.cu"), INPUTS["warning.cu"])
    write(os.path.join(tmp, "rules", "mine.yaml"), "library: mine\nfunctions:\n  cudaDeviceSynchronize: mySync\n")
    write(os.path.join(tmp, "c.cu"), INPUTS["clean.cu"])
    write(os.path.join(tmp, ".cu2hip.yaml"),
          "# project settings\nfail-on: warning\nformat: jsonl\nrules:\n  - rules/mine.yaml\n"
          "rocm-version: \"7.0\"\nlaunch-syntax: hip\ndisable: [api-*]\nenable:\n  - api-note\n"
          "extra-args: [-DCONFIGURED=1]\n")
    rc, out, err = run(["check", "w.cu"], tmp)
    # rocm 7.0 keeps __shfl_down_sync: the 32-bit mask is reported (a warning) -> 1, as jsonl.
    expect_rc(rc, 1, err)
    expect(out.startswith('{"message"'), "format from the config not used (check prints it on stdout): %s" % out)
    rc, out, err = run(["check", "--fail-on", "never", "--format", "text", "w.cu"], tmp)
    expect_rc(rc, 0, err)
    expect("[warp-mask-32bit]" in err, "command line --format did not win: %s" % err)
    # Rule files are relative to the configuration file, wherever we run.
    rc, out, err = run([os.path.join(tmp, "c.cu")], os.path.join(tmp, "rules"))
    expect_rc(rc, 0, err)
    expect("mySync()" in out, "rules from the config not loaded: %s" % out)
    # --config names a file; --no-config ignores all.
    write(os.path.join(tmp, "other", "strict.yaml"), "fail-on: never\n")
    rc, _, err = run(["check", "--config", "other/strict.yaml", "w.cu"], tmp)
    expect_rc(rc, 0, err)
    rc, out, err = run(["--no-config", "c.cu"], tmp)
    expect("hipDeviceSynchronize()" in out, "--no-config still read the config")
    # Config filters come first (disable, then enable); the command line's follow.
    write(os.path.join(tmp, "mixed.cu"), INPUTS["error.cu"] + INPUTS["note.cu"])
    api = lambda args: [c for c in reported_checks(tmp, args, base=[]) if c.startswith("api-")]
    got = api([])
    expect(got == ["api-note"], "config disable api-* + enable api-note: %s" % got)
    got = api(["--enable", "api-*"])
    expect(got == ["api-note", "api-unsupported"], "command line after the config: %s" % got)
    got = api(["--disable", "api-note"])
    expect(got == [], "command line --disable after the config's enable: %s" % got)
    rc, _, err = run(["check", "--config", "other/strict.yaml", "--no-config", "w.cu"], tmp)
    expect_rc(rc, 2, err)


CONFIG_ERRORS = [
    ("colour: blue\n", 1, 1, "colour"),
    ("fail-on: warning\nfail-on: error\n", 2, 1, "duplicate"),
    ("fail-on: sometimes\n", 1, 10, "sometimes"),
    ("format: xml\n", 1, 9, "xml"),
    ("launch-syntax: ptx\n", 1, 16, "ptx"),
    ("rocm-version: six\n", 1, 15, "six"),
    ("pytorch-version: latest\n", 1, 18, "latest"),
    ("disable:\n  - parse-*\n  - no-such-check\n", 3, 5, "no-such-check"),
    ("rules: {a: b}\n", 1, 8, "list"),
    ("extra-args:\n  - [-DX]\n", 2, 5, "list"),
    ("fail-on: [error]\n", 1, 10, "single value"),
    ("rules: [a.yaml\nformat: json\n", 2, 7, ""),
    ("- just\n- a list\n", 1, 1, "mapping"),
]


def sc_config_errors(tmp):
    write(os.path.join(tmp, "c.cu"), INPUTS["clean.cu"])
    for text, line, col, word in CONFIG_ERRORS:
        write(os.path.join(tmp, ".cu2hip.yaml"), text)
        rc, out, err = run(["check", "c.cu"], tmp)
        where = "%s:%d:%d:" % (os.path.join(os.path.realpath(tmp), ".cu2hip.yaml"), line, col)
        expect(rc == 2, "%r: exit %d, want 2" % (text, rc))
        expect(err.startswith(where), "%r: stderr %r does not start with %r" % (text, err, where))
        expect(word in err, "%r: %r not in %r" % (text, word, err))
    # A missing rule file named by the config, and --config naming nothing.
    write(os.path.join(tmp, ".cu2hip.yaml"), "rules: [nowhere.yaml]\n")
    rc, _, err = run(["check", "c.cu"], tmp)
    expect(rc == 2 and "nowhere.yaml" in err, "missing rule file: %d %s" % (rc, err))
    rc, _, err = run(["check", "--config", "absent.yaml", "c.cu"], tmp)
    expect(rc == 2 and "absent.yaml" in err, "--config absent.yaml: %d %s" % (rc, err))
    # An empty file and a file of comments are fine.
    for text in ["", "# nothing yet\n"]:
        write(os.path.join(tmp, ".cu2hip.yaml"), text)
        rc, _, err = run(["check", "c.cu"], tmp)
        expect_rc(rc, 0, err)


# ---- explain --------------------------------------------------------------

def sc_explain(tmp):
    known = checks()
    names = [c[0] for c in known]
    expect("warp-mask-32bit" in names and "input-error" in names, "explain's list: %s" % names)
    sections = doc_sections()
    missing = [n for n in names if n not in sections]
    expect(not missing, "checks without a '## NAME' section in docs/checks.md: %s" % ", ".join(missing))
    extra = [n for n in sections if n not in names]
    expect(not extra, "docs/checks.md sections that are no check: %s" % ", ".join(extra))
    for name, sev, summ in known:
        p = subprocess.run([ARGS.tool, "explain", name], capture_output=True, text=True)
        expect(p.returncode == 0, "explain %s: exit %d" % (name, p.returncode))
        expect(p.stdout.startswith("%s (%s): %s\n" % (name, sev, summ)), "explain %s: header %r" % (name, p.stdout[:80]))
        expect(sections[name] in p.stdout, "explain %s does not print its docs/checks.md section" % name)
        if docs_link():
            expect(p.stdout.rstrip().endswith(docs_link() + "#" + name), "explain %s: no link" % name)
        else:
            expect("file://" not in p.stdout, "explain %s: a link to documentation that is not there" % name)
    p = subprocess.run([ARGS.tool, "explain", "warp-mask"], capture_output=True, text=True)
    expect(p.returncode == 2, "explain of an unknown check: exit %d" % p.returncode)
    expect("warp-mask-32bit" in p.stderr and "api-unsupported" in p.stderr, "the names are not listed: %s" % p.stderr)


def sc_help_links_lead_somewhere(tmp):
    """A copy of cu2hip in a prefix laid out as `cmake --install` does links
    to the checks.md installed there; without it, no link at all (SARIF
    keeps the section as help.text), never one to a missing file."""
    if os.access(ARGS.docs_url[7:], os.R_OK) or not ARGS.docs_url.startswith("file://"):
        raise Skip("CU2HIP_DOCS_URL (%s) can be followed here: the copy would use it" % ARGS.docs_url)
    prefix = os.path.join(tmp, "prefix with space")
    tool = os.path.join(prefix, "bin", "cu2hip")
    os.makedirs(os.path.dirname(tool))
    shutil.copy2(ARGS.tool, tool)
    d = case_dir(tmp)

    def sarif_rules():
        p = subprocess.run([tool, "check", "--format=sarif"] + BASE_ARGS + ["input.cu"], cwd=d, capture_output=True, text=True)
        expect(p.returncode == 1, "copied cu2hip: exit %d %s" % (p.returncode, p.stderr[-300:]))
        doc = json.loads(p.stdout)
        return doc["runs"][0]["tool"]["driver"], doc["runs"][0]["tool"]["driver"]["rules"]

    driver, rules = sarif_rules()
    expect(not any("helpUri" in r for r in rules) and "informationUri" not in driver, "links without installed docs")
    sections = doc_sections()
    for r in rules:
        expect(r["help"]["text"] == sections[r["id"]], "rule %s: the help text is not inline" % r["id"])
    docdir = os.path.join(prefix, "share", "doc", "cu2hip")
    os.makedirs(docdir)
    shutil.copy(os.path.join(ARGS.source_dir, "docs", "checks.md"), docdir)
    shutil.copy(os.path.join(ARGS.source_dir, "README.md"), docdir)
    driver, rules = sarif_rules()
    base = "file://" + docdir.replace(" ", "%20")
    for r in rules:
        expect(r.get("helpUri") == base + "/checks.md#" + r["id"], "helpUri %s" % r.get("helpUri"))
    expect(driver.get("informationUri") == base + "/README.md", "informationUri %s" % driver.get("informationUri"))
    p = subprocess.run([tool, "check", "--format=jsonl"] + BASE_ARGS + ["input.cu"], cwd=d, capture_output=True, text=True)
    for line in p.stdout.splitlines():
        code = json.loads(line)["code"]
        expect(code.get("url") == base + "/checks.md#" + code["value"], "code.url %s" % code.get("url"))
    p = subprocess.run([tool, "explain", "api-note"], capture_output=True, text=True)
    expect(p.stdout.rstrip().endswith(base + "/checks.md#api-note"), "explain: no link to the installed docs")


def sc_docs_anchors(tmp):
    """GitHub derives a heading's anchor by lower-casing it, dropping
    punctuation other than '-' and '_' and turning spaces into '-': check
    names must come out unchanged, so code.url/helpUri anchors resolve."""
    for name in doc_sections():
        anchor = re.sub(r"[^\w\- ]", "", name.lower()).replace(" ", "-")
        expect(anchor == name, "heading '## %s' has anchor '%s'" % (name, anchor))


# ---- the VS Code problem matcher documented in docs/editors.md -------------

def sc_vscode_problem_matcher(tmp):
    text = read(os.path.join(ARGS.source_dir, "docs", "editors.md"))
    m = re.search(r"```jsonc?\n(\{\s*\"version\": \"2\.0\.0\".*?)```", text, re.S)
    expect(m, "no tasks.json block in docs/editors.md")
    tasks = json.loads(m.group(1))
    matcher = tasks["tasks"][0]["problemMatcher"]
    pattern = matcher["pattern"]
    rx = re.compile(pattern["regexp"])
    d = case_dir(tmp)
    _, _, err = run(["check"] + BASE_ARGS + ["input.cu"], d)
    _, out, _ = run(["check", "--format=json", "--output", "-"] + BASE_ARGS + ["input.cu"], d)
    want = json.loads(out)["diagnostics"]
    got = []
    for line in err.splitlines():
        mm = rx.match(line)
        if mm:
            got.append(mm)
    expect(len(got) == len(want), "%d lines matched, want %d" % (len(got), len(want)))
    sev = {"ERROR": "error", "WARNING": "warning", "INFO": "note"}
    for mm, w in zip(got, want):
        s = w["location"]["range"]["start"]
        expect(mm.group(pattern["file"]) == w["location"]["path"], "file")
        expect(int(mm.group(pattern["line"])) == s["line"] and int(mm.group(pattern["column"])) == s["column"], "position")
        expect(mm.group(pattern["severity"]) == sev[w["severity"]], "severity")
        expect(mm.group(pattern["message"]) == w["message"], "message %r" % mm.group(pattern["message"]))
        expect(mm.group(pattern["code"]) == w["code"]["value"], "code")


GROUPS = {
    "golden": [sc_golden_text, sc_golden_json, sc_golden_jsonl, sc_golden_sarif, sc_golden_text_matches_json,
               sc_sarif_columns_utf16, sc_sarif_fingerprints_stable],
    "schemas": [sc_schema_json, sc_schema_jsonl, sc_schema_sarif],
    "output": [sc_output_file, sc_check_report_on_stdout, sc_output_translation_unaffected, sc_bad_format],
    "exit-codes": [sc_exit_codes],
    "suppress": [sc_suppress_same_line, sc_suppress_line_before, sc_suppress_glob_all_lists, sc_suppress_in_every_format],
    "filters": [sc_filters],
    "config": [sc_config_discovery, sc_config_precedence, sc_config_errors],
    "explain": [sc_explain, sc_help_links_lead_somewhere, sc_docs_anchors],
    "vscode": [sc_vscode_problem_matcher],
}


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--docs-url", required=True)
    ap.add_argument("--homepage-url", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("groups", nargs="+", choices=sorted(GROUPS))
    ARGS = ap.parse_args()
    ARGS.tool = os.path.abspath(ARGS.tool)
    passed = failed = skipped = 0
    for g in ARGS.groups:
        for sc in GROUPS[g]:
            name = sc.__name__[3:]
            tmp = tempfile.mkdtemp(prefix="c2h-formats.")
            try:
                sc(tmp)
                print("ok " + name)
                passed += 1
            except Skip as e:
                print("skip %s: %s" % (name, e))
                skipped += 1
            except Fail as e:
                print("FAIL %s: %s" % (name, e))
                failed += 1
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    if failed:
        return 1
    return 77 if skipped and not passed else 0


if __name__ == "__main__":
    sys.exit(main())
