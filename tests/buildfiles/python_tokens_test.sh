#!/usr/bin/env bash
# cu2hip's Python tokenizer (src/buildfiles/python.c) against Python's own
# tokenize module, over the .py files of the Python standard library found
# here: the same names, numbers, strings and operators, in the same order,
# and the same number of logical lines (NEWLINE tokens).
#
# usage: python_tokens_test.sh DRIVER [MAX_FILES]
# DRIVER is tests/unit/py_tokens_driver.c built. Exit 0 pass, 1 fail,
# 77 skip (no python3 or no standard library sources).
set -u
driver=$1
case $driver in /*) ;; *) driver=$(cd "$(dirname "$driver")" && pwd)/$(basename "$driver") ;; esac
max=${2:-150}
py=$(command -v python3 || true)
if [ -z "$py" ]; then
  echo "SKIP: no python3"
  exit 77
fi
"$py" - "$driver" "$max" <<'PYEOF'
import io, os, subprocess, sys, sysconfig, tokenize
driver, limit = sys.argv[1], int(sys.argv[2])
lib = sysconfig.get_paths()["stdlib"]
files = []
for root, dirs, names in os.walk(lib):
    dirs[:] = sorted(d for d in dirs if d not in ("test", "tests", "site-packages", "dist-packages", "lib2to3"))
    files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".py")]
files = files[:limit]
if not files:
    print("SKIP: no standard library sources under", lib)
    sys.exit(77)
kinds = (tokenize.NAME, tokenize.NUMBER, tokenize.STRING, tokenize.OP)
bad = checked = 0
for path in files:
    src = open(path, "rb").read()
    try:
        toks = list(tokenize.tokenize(io.BytesIO(src).readline))
        src.decode("ascii")  # identifiers outside ASCII are split differently by tokenize
    except (SyntaxError, tokenize.TokenError, UnicodeDecodeError):
        continue
    want = [t.string for t in toks if t.type in kinds]
    lines = sum(1 for t in toks if t.type == tokenize.NEWLINE)
    out = subprocess.run([driver, path], capture_output=True)
    text = out.stdout.decode("utf-8", "replace")
    checked += 1
    if out.returncode != 0 or text.startswith("BAD"):
        print("FAIL", path, "driver:", out.returncode, text.splitlines()[:1])
        bad += 1
        continue
    parts = text.split("\n\0\n")
    got, tail = parts[:-1], parts[-1].strip()
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        print("FAIL", path, "token", i, repr(got[i:i + 1]), "want", repr(want[i:i + 1]))
        bad += 1
    elif tail != "LINES %d" % lines:
        print("FAIL", path, tail, "want", lines, "logical lines")
        bad += 1
print("%d files compared, %d differ" % (checked, bad))
sys.exit(1 if bad or not checked else 0)
PYEOF
