#!/usr/bin/env bash
# Project reports (--report FILE.md|FILE.json|FILE.html): contents against
# the summary line, the "needs a human most first" order, JSON structure,
# self-contained and well-formed HTML, escaping, error handling, determinism,
# and golden Markdown/JSON for the small project in tests/report/project.
#   usage: report_test.sh CU2HIP REPO_ROOT [DOCS_URL]
#   UPDATE=1 report_test.sh ...   rewrites tests/report/expected/ instead of comparing
set -u
cu2hip=$1 root=$2
here=$root/tests/report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
py() { python3 - "$@"; }

if ! command -v python3 > /dev/null; then
  echo "python3 is needed for the report checks"
  exit 77
fi
unset SOURCE_DATE_EPOCH

# Reports link to the check documentation only where it exists: the
# CU2HIP_DOCS_URL setting when that file is there, else the copy installed
# beside the binary. A copy of the binary in a prefix laid out as
# `cmake --install` makes it has the links the checks below expect.
docs=${3:-}
if [ -z "$docs" ] || { [ "${docs#file://}" != "$docs" ] && [ ! -r "${docs#file://}" ]; }; then
  mkdir -p "$tmp/prefix/bin" "$tmp/prefix/share/doc/cu2hip"
  cp "$cu2hip" "$tmp/prefix/bin/cu2hip"
  cp "$root/docs/checks.md" "$root/README.md" "$tmp/prefix/share/doc/cu2hip/"
  cu2hip=$tmp/prefix/bin/cu2hip
  docs=file://$tmp/prefix/share/doc/cu2hip/checks.md
fi
version=$("$cu2hip" --version | sed 's/^cu2hip //')

cp -r "$root/examples" "$tmp/ex"
cd "$tmp" || exit 1

# ---- one run per format on the examples ----------------------------------
# Each into a fresh output folder: the same run three times.
for ext in md json html; do
  rm -rf out
  "$cu2hip" -j1 -o out ex --report "r.$ext" > /dev/null 2> "err.$ext"
  echo $? > "rc.$ext"
done
summary=$(grep -E '^cu2hip: [0-9]+ files?: ' err.md)
if [ -n "$summary" ] && [ -s r.md ] && [ -s r.json ] && [ -s r.html ]; then
  ok writes-all-formats
else
  bad writes-all-formats "a report is missing or empty, or no summary line: $(cat err.md | tail -n 3)"
fi
if [ "$(cat rc.md)" = "$(cat rc.json)" ] && [ "$(cat rc.md)" = "$(cat rc.html)" ] && [ "$(cat rc.md)" -le 1 ]; then
  ok exit-code-unchanged
else
  bad exit-code-unchanged "exit codes $(cat rc.md) $(cat rc.json) $(cat rc.html)"
fi

# Figures of the summary line: translated changed edits errors warnings notes copied.
read -r s_files s_changed s_edits s_err s_warn s_note s_copied <<< "$(sed -E \
  's/^cu2hip: [0-9]+ files?: ([0-9]+) translated \(([0-9]+) changed, ([0-9]+) edits?\), ([0-9]+) copied \(not CUDA\); ([0-9]+) errors?, ([0-9]+) warnings?, ([0-9]+) notes?.*/\1 \2 \3 \5 \6 \7 \4/' <<< "$summary")"

# ---- JSON: parses, documented structure, totals and order ------------------
if out=$(py r.json "$s_files" "$s_changed" "$s_edits" "$s_err" "$s_warn" "$s_note" "$s_copied" "$docs" <<'EOF' 2>&1
import json, sys
doc = json.load(open(sys.argv[1]))
files_, changed, edits, err, warn, note, copied = map(int, sys.argv[2:9])
docs = sys.argv[9]
def need(c, what):
    if not c: raise SystemExit("structure: " + what)
def is_int(v): return isinstance(v, int) and not isinstance(v, bool) and v >= 0
need(doc.get("schema") == "cu2hip-project-report/1", "schema")
need(set(doc) >= {"schema", "tool", "totals", "libraries", "unsupported", "checks", "files"}, "top-level keys")
need("generated" not in doc, "no timestamp without SOURCE_DATE_EPOCH")
t = doc["totals"]
for k in ("files_translated", "files_changed", "files_copied", "files_failed", "files_written", "edits",
          "lines_changed", "renames", "includes", "launches", "calls", "api_uses", "suppressed"):
    need(is_int(t.get(k)), "totals." + k)
d = t["diagnostics"]
need(all(is_int(d.get(k)) for k in ("error", "warning", "note", "total")), "totals.diagnostics")
got = (t["files_translated"], t["files_changed"], t["edits"], d["error"], d["warning"], d["note"], t["files_copied"])
need(got == (files_, changed, edits, err, warn, note, copied), "totals %r differ from the summary line %r" %
     (got, (files_, changed, edits, err, warn, note, copied)))
need(d["total"] == err + warn + note, "diagnostics.total")
libs = doc["libraries"]
need(all(isinstance(l.get("library"), str) and is_int(l.get("uses")) for l in libs), "libraries items")
need([l["uses"] for l in libs] == sorted((l["uses"] for l in libs), reverse=True), "libraries sorted by uses")
need(sum(l["uses"] for l in libs) == t["api_uses"], "libraries add up to api_uses")
checks = doc["checks"]
need(sum(c["count"] for c in checks) == d["total"], "checks add up to the diagnostics")
for c in checks:
    need(c["severity"] in ("error", "warning", "note") and c["url"].startswith(docs) and c["summary"], "check item")
files = doc["files"]
need(files and files[0]["path"] == "ex/ptx_warp32.cu", "first file is %r" % (files[0]["path"] if files else None))
key = lambda f: (-f["errors"], -f["warnings"], -f["notes"], f["path"])
need(files == sorted(files, key=key), "files are in needs-a-human order")
need(sum(f["errors"] for f in files) == err and sum(f["warnings"] for f in files) == warn, "per-file counts")
need(sum(f["lines_changed"] for f in files) == t["lines_changed"], "lines_changed adds up")
for f in files:
    need(f["status"] in ("changed", "unchanged", "copied", "edited", "failed", "skipped"), "status " + f["status"])
    need(len(f["diagnostics"]) == f["errors"] + f["warnings"] + f["notes"], "diagnostics of " + f["path"])
    for g in f["diagnostics"]:
        need(g["path"] == f["path"] and is_int(g["line"]) and g["line"] > 0 and is_int(g["column"]), "diag position")
        need(g["url"].startswith(docs) and g["url"].endswith("#" + g["check"]), "diag url")
need(any(f["path"] == "ex/README.md" and f["status"] == "copied" for f in files), "copied file listed")
EOF
); then ok json-structure-and-totals; else bad json-structure-and-totals "$out"; fi

# ---- Markdown: summary rows, order ----------------------------------------
row() { sed -nE "s/^\| $1 \| ([0-9]+) \|$/\1/p" r.md; }
if [ "$(row 'Files translated')" = "$s_files" ] && [ "$(row 'Files changed')" = "$s_changed" ] &&
   [ "$(row 'Edits')" = "$s_edits" ] && [ "$(row 'Errors')" = "$s_err" ] && [ "$(row 'Warnings')" = "$s_warn" ] &&
   [ "$(row 'Notes')" = "$s_note" ] && [ "$(row 'Files copied')" = "$s_copied" ]; then
  ok md-totals
else
  bad md-totals "summary table differs from: $summary"
fi
first_md=$(sed -n '/^## Files$/,/^## /p' r.md | grep -m1 -E '^\| \[?ex/')
case $first_md in
  *'ex/ptx\_warp32.cu'*) ok md-order ;;
  *) bad md-order "first file row: $first_md" ;;
esac
if grep -q '^# cu2hip report' r.md && grep -q '^## Diagnostics by check' r.md && grep -q '^## Unsupported APIs' r.md &&
   grep -q '^## API uses converted, by library' r.md && grep -qF "]($docs#ptx-inline-asm)" r.md; then
  ok md-sections
else
  bad md-sections "a section or a documentation link is missing"
fi

# ---- HTML: well-formed, self-contained, totals, order -----------------------
if out=$(py r.html "$docs" "$s_files" "$s_err" "$s_warn" <<'EOF' 2>&1
import re, sys
from html.parser import HTMLParser
text = open(sys.argv[1], encoding="utf-8").read()
docs, files_, err, warn = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
class Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.ids, self.hrefs, self.tags = [], [], set(), [], []
        self.rows = []
        self.in_files = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag not in VOID: self.stack.append(tag)
        if "id" in a:
            if a["id"] in self.ids: self.problems.append("duplicate id " + a["id"])
            self.ids.add(a["id"])
        if "href" in a: self.hrefs.append(a["href"])
        if "src" in a: self.problems.append("external resource <%s src=%s>" % (tag, a["src"]))
        if tag == "link": self.problems.append("<link> to an external resource")
        if tag == "tr" and a.get("id", "").startswith("row-"): self.rows.append(a["id"])
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("unbalanced </%s> at %r (open: %r)" % (tag, self.getpos(), self.stack[-3:]))
        else:
            self.stack.pop()
p = Check()
p.feed(text)
p.close()
if not text.startswith("<!DOCTYPE html>"): p.problems.append("no doctype")
if p.stack: p.problems.append("unclosed: %r" % p.stack)
for h in p.hrefs:
    if h.startswith("#"):
        if h[1:] not in p.ids: p.problems.append("dangling link " + h)
    elif not h.startswith(docs):
        p.problems.append("external link " + h)
if "<style>" not in text: p.problems.append("no inline style")
for want in ("by-check", "by-file", "files", "unsupported", "libraries"):
    if want not in p.ids: p.problems.append("no section " + want)
cards = dict((lab, n) for n, lab in re.findall(r'<b>(\d+)</b><span>([^<]+)</span>', text))
for lab, n in (("files translated", files_),):
    if cards.get(lab) != n: p.problems.append("card %s=%r, summary %s" % (lab, cards.get(lab), n))
if cards.get("errors", cards.get("error")) != err or cards.get("warnings", cards.get("warning")) != warn:
    p.problems.append("severity cards %r" % cards)
body = text[text.index('id="files"'):]
first = re.search(r'<tr id="row-\d+"><td class="mono file">(?:<a [^>]*>)?<span class="p" title="([^"]*)"', body)
if not first or first.group(1) != "ex/ptx_warp32.cu": p.problems.append("first table row %r" % (first and first.group(1)))
if p.problems: raise SystemExit("\n".join(p.problems[:10]))
EOF
); then ok html-wellformed-self-contained; else bad html-wellformed-self-contained "$out"; fi

# ---- errors --------------------------------------------------------------
printf 'not a directory\n' > blocker
"$cu2hip" -q -j1 -o out2 ex --report blocker/r.html > /dev/null 2> err.unwritable
rc=$?
if [ "$rc" = 2 ] && grep -q 'cannot write the report' err.unwritable && [ -d out2 ]; then
  ok unwritable-report-exit-2
else
  bad unwritable-report-exit-2 "exit $rc: $(cat err.unwritable)"
fi
"$cu2hip" -q -j1 -o out3 ex --report r.txt > /dev/null 2> err.ext
rc=$?
if [ "$rc" = 2 ] && grep -q '\.md, \.json or \.html' err.ext && [ ! -e r.txt ]; then
  ok unknown-extension-usage-error
else
  bad unknown-extension-usage-error "exit $rc: $(cat err.ext)"
fi

# ---- determinism: a second run gives the same bytes ----------------------------
same=1
for ext in md json html; do
  rm -rf out
  "$cu2hip" -j1 -o out ex --report "again.$ext" > /dev/null 2>&1
  cmp -s "r.$ext" "again.$ext" || { same=0; echo "  r.$ext differs between runs"; }
done
if [ "$same" = 1 ]; then ok deterministic; else bad deterministic "reports differ between two runs"; fi

# SOURCE_DATE_EPOCH is the only source of a timestamp.
stamped=1
for ext in md json html; do
  SOURCE_DATE_EPOCH=86400 "$cu2hip" -q -j1 -o out ex --report "t.$ext" > /dev/null 2>&1
  grep -q '1970-01-02T00:00:00Z' "t.$ext" || stamped=0
  grep -q '1970-01-02T00:00:00Z' "r.$ext" && stamped=0
done
if [ "$stamped" = 1 ]; then ok source-date-epoch; else bad source-date-epoch "timestamp missing or unrequested"; fi

# ---- golden reports of tests/report/project -----------------------------------
cp -r "$here/project" "$tmp/project"
cd "$tmp/project" || exit 1
"$cu2hip" -q -j1 --no-incremental -o ../pout . --report ../p.md > /dev/null 2>&1
"$cu2hip" -q -j1 --no-incremental -o ../pout . --report ../p.json > /dev/null 2>&1
cd "$tmp" || exit 1
# Build settings (documentation URL, version) are not part of the golden files.
normalize() { sed -e "s|$docs|@DOCS@|g" -e "s|cu2hip $version|cu2hip @VERSION@|g" "$1"; }
normalize p.md > p.norm.md
py p.json "$docs" > p.norm.json <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["tool"] = {"name": "cu2hip", "version": "@VERSION@", "url": "@HOMEPAGE@"}
text = json.dumps(doc, indent=2, ensure_ascii=False).replace(sys.argv[2], "@DOCS@")
print(text)
EOF
for f in md json; do
  if [ "${UPDATE:-}" = 1 ]; then
    cp "p.norm.$f" "$here/expected/project.$f"
    ok "golden-$f (updated)"
  elif diff -u "$here/expected/project.$f" "p.norm.$f" > "diff.$f"; then
    ok "golden-$f"
  else
    bad "golden-$f" "$(head -n 40 "diff.$f")"
  fi
done
# Escaping: the header named odd&name.cuh and the <cublas.h> diagnostic.
cd "$tmp/project" || exit 1
"$cu2hip" -q -j1 --no-incremental -o ../pout . --report ../p.html > /dev/null 2>&1
cd "$tmp" || exit 1
if grep -q 'util/odd&amp;name.cuh' p.html && ! grep -q 'odd&name' p.html && grep -q '&lt;cublas.h&gt;' p.html &&
   ! grep -q '<cublas.h>' p.html; then
  ok html-escaping
else
  bad html-escaping "a path or message is not escaped"
fi

# ---- a run with failures: one entry per input, totals = sums over entries ----
# good.cu translates; bad.cu has a syntax error (translated anyway, with
# warnings); other.cu cannot be written (its output path is a folder);
# missing.cu is named but does not exist; the build script has edits.
mkdir -p "$tmp/fail/src" && cd "$tmp/fail" || exit 1
printf '#include <cuda_runtime.h>\n__global__ void k(float *a) { a[threadIdx.x] = 1.0f; }\nint main() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); cudaFree(d); return 0; }\n' > src/good.cu
printf '#include <cuda_runtime.h>\nint main() { cudaDeviceSynchronize( return 0; }\n' > src/bad.cu
printf '#include <cuda_runtime.h>\nvoid f() { cudaDeviceReset(); }\n' > src/other.cu
printf 'cmake_minimum_required(VERSION 3.18)\nproject(p LANGUAGES CXX CUDA)\nadd_executable(good good.cu)\n' > src/CMakeLists.txt
printf 'notes\n' > src/NOTES.txt
mkdir -p out/other.cu
# Checks a JSON report against itself and against the summary line.
#   consistent REPORT.json STDERR [PATH.FIELD=VALUE ...]
consistent() {
  py "$@" <<'PYEOF'
import json, re, sys
doc = json.load(open(sys.argv[1]))
line = [l for l in open(sys.argv[2]) if re.match(r"cu2hip: \d+ files?: ", l)][0]
want = [a.split("=", 1) for a in sys.argv[3:]]
def need(c, what):
    if not c: raise SystemExit(what)
t, files = doc["totals"], doc["files"]
paths = [f["path"] for f in files]
need(len(paths) == len(set(paths)), "an input listed twice: %r" % paths)
outputs = [f["output"] for f in files if f["output"]]
need(not set(outputs) & set(paths), "an output listed as an input: %r" % (set(outputs) & set(paths)))
st = lambda *s: sum(f["status"] in s for f in files)
for key, status in (("files_changed", ("changed",)), ("files_translated", ("changed", "unchanged")),
                    ("files_copied", ("copied",)), ("files_failed", ("failed",)), ("files_kept_edited", ("edited",)),
                    ("files_skipped", ("skipped",))):
    need(t[key] == st(*status), "%s = %d, but %d entries are %s" % (key, t[key], st(*status), "/".join(status)))
need(t["files_up_to_date"] == sum(f["up_to_date"] for f in files), "files_up_to_date")
for key in ("lines_changed", "edits", "api_uses"):
    need(t[key] == sum(f[key] for f in files), key + " is not the sum over the entries")
every = files + doc["outside"]
for sev, key in (("error", "errors"), ("warning", "warnings"), ("note", "notes")):
    need(t["diagnostics"][sev] == sum(f[key] for f in every), sev + " total is not the sum over the entries")
for f in every:
    need(len(f["diagnostics"]) == f["errors"] + f["warnings"] + f["notes"], "diagnostics of " + f["path"])
    if f["status"] == "failed":
        need(f["errors"] > 0 and f["lines_changed"] == 0 and f["edits"] == 0, "failed entry " + f["path"])
        need(any(d["check"] == "input-error" for d in f["diagnostics"]), "failed without an input-error: " + f["path"])
# The summary line: its terms add up to its total, the number of inputs.
m = re.match(r"cu2hip: (\d+) files?: (.*?); (\d+) errors?, (\d+) warnings?, (\d+) notes?", line)
need(m, "summary line: " + line)
terms = [int(n) for n in re.findall(r"(\d+) (?:translated|up to date|copied|edited outputs? kept|failed)",
                                     re.sub(r"\([^)]*\)", "", m.group(2)))]
need(sum(terms) == int(m.group(1)), "summary terms %r do not add up to %s: %s" % (terms, m.group(1), line))
need(int(m.group(1)) == len(files) - t["files_skipped"], "summary total %s, %d inputs" % (m.group(1), len(files)))
need((int(m.group(3)), int(m.group(4)), int(m.group(5))) ==
     (t["diagnostics"]["error"], t["diagnostics"]["warning"], t["diagnostics"]["note"]),
     "summary diagnostics differ from the report")
by = {f["path"]: f for f in files}
for k, v in want:
    path, field = k.rsplit(".", 1)
    need(path in by, "no entry for " + path)
    need(str(by[path][field]) == v, "%s: %s is %r, not %s" % (path, field, by[path][field], v))
PYEOF
}
"$cu2hip" -j1 -o out src src/missing.cu --report r1.json > /dev/null 2> err1
if out=$(consistent r1.json err1 src/other.cu.status=failed src/missing.cu.status=failed src/good.cu.status=changed \
         src/bad.cu.status=changed src/NOTES.txt.status=copied src/other.cu.output=None 2>&1) &&
   grep -q '^cu2hip: 6 files: 3 translated (3 changed, [0-9]* edits), 1 copied (not CUDA), 2 failed; ' err1 &&
   grep -q '^src/other.cu: error: output out/other.cu: ' err1; then
  ok failures-one-entry-per-input
else
  bad failures-one-entry-per-input "$out $(grep '^cu2hip: [0-9]' err1)"
fi
if out=$(py r1.json <<'PYEOF' 2>&1
import json, sys
f = [f for f in json.load(open(sys.argv[1]))["files"] if f["path"] == "src/CMakeLists.txt"][0]
raise SystemExit(0 if f["edits"] > 0 and f["lines_changed"] > 0 else "CMakeLists.txt: %r" % f)
PYEOF
); then ok build-script-lines-changed; else bad build-script-lines-changed "$out"; fi

# Re-runs: an edited output is kept and the rest is up to date; then a
# partial re-run after one input changed.
rmdir out/other.cu
echo '// mine' >> out/good.cu
"$cu2hip" -j1 -o out src --report r2.json > /dev/null 2> err2
"$cu2hip" -j1 -o out src --report r3.html > /dev/null 2> err3h
"$cu2hip" -j1 -o out src --report r3.json > /dev/null 2> err3
printf '\n' >> src/bad.cu
"$cu2hip" -j1 -o out src --report r4.json > /dev/null 2> err4
if out=$(consistent r2.json err2 src/good.cu.status=edited src/other.cu.status=changed 2>&1) &&
   out=$(consistent r3.json err3 src/good.cu.status=edited src/other.cu.up_to_date=True 2>&1) &&
   out=$(consistent r4.json err4 src/bad.cu.up_to_date=False src/other.cu.up_to_date=True 2>&1) &&
   grep -q '^cu2hip: 5 files: 0 translated, 4 up to date (not redone), 1 edited output kept; ' err3 &&
   grep -q '^cu2hip: 5 files: 1 translated (1 changed, [0-9]* edits), 3 up to date (not redone), 1 edited output kept; ' err4
then
  ok rerun-summary-partitions-inputs
else
  bad rerun-summary-partitions-inputs "$out | $(grep -h '^cu2hip: [0-9]' err2 err3 err4)"
fi
# The HTML file table lists each input once.
if out=$(py r3.html r3.json <<'PYEOF' 2>&1
import json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
table = text[text.index('<section id="files">'):]
table = table[:table.index("</section>")]
rows = re.findall(r'<tr id="row-\d+"><td class="mono file">(?:<a [^>]*>)?<span class="p" title="([^"]*)"', table)
want = sorted(f["path"] for f in json.load(open(sys.argv[2]))["files"])
if sorted(rows) != want: raise SystemExit("file table %r, inputs %r" % (sorted(rows), want))
PYEOF
); then ok html-each-input-once; else bad html-each-input-once "$out"; fi
cd "$tmp" || exit 1

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
