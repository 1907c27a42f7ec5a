#!/usr/bin/env bash
# Diagnostic precision on real code: runs `cu2hip check` over each code
# base of the corpus, prints how many diagnostics each check gives per code
# base, and writes a random sample of the warp/mask warnings with their
# context to a file, for a person to grade (is each one a real problem on a
# 64-lane gfx942 wavefront?).
#
# usage: bench/diag_precision.sh [CU2HIP] [--corpus DIR] [--sample FILE]
#                                [--count N] [--seed N] [--keep]
#
#   CU2HIP        the cu2hip binary               [default: build/cu2hip]
#   --corpus DIR  folder of code bases            [default: $CU2HIP_FIXTURES/corpus,
#                                  CU2HIP_FIXTURES=/var/cache/cu2hip-fixtures]
#   --sample FILE where the sample goes           [default: diag_sample.txt]
#   --count N     warnings in the sample          [default: 40]
#   --seed N      seed of the sample              [default: 11]
#   --keep        keep the per-code-base reports (printed path)
#   extra options after `--` go to cu2hip check (e.g. -- --rocm-version 7.0)
#
# The sample is drawn from warnings and errors (not notes) of the checks
# warp-size-literal, warp-mask-32bit and cooperative-groups-tile; with the
# same binary, corpus and seed it is the same sample. A measurement, not a
# test: it exits 0 whatever the figures are (2 for bad arguments, 77 when
# the corpus is absent).
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

cu2hip="$root/build/cu2hip"
corpus="${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}/corpus"
sample=diag_sample.txt
count=40
seed=11
keep=0
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus=${2:-}; shift 2 || { echo "diag_precision.sh: --corpus needs a value" >&2; exit 2; } ;;
    --sample) sample=${2:-}; shift 2 || { echo "diag_precision.sh: --sample needs a value" >&2; exit 2; } ;;
    --count) count=${2:-}; shift 2 || { echo "diag_precision.sh: --count needs a value" >&2; exit 2; } ;;
    --seed) seed=${2:-}; shift 2 || { echo "diag_precision.sh: --seed needs a value" >&2; exit 2; } ;;
    --keep) keep=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "diag_precision.sh: unknown option $1" >&2; exit 2 ;;
    *) cu2hip=$1; shift ;;
  esac
done
case "$count" in ''|*[!0-9]*) echo "diag_precision.sh: --count wants a number" >&2; exit 2 ;; esac
case "$seed" in ''|*[!0-9]*) echo "diag_precision.sh: --seed wants a number" >&2; exit 2 ;; esac
case "$cu2hip" in */*) ;; *) cu2hip=$(command -v "$cu2hip" || echo "$cu2hip") ;; esac
[ -x "$cu2hip" ] || { echo "diag_precision.sh: $cu2hip is not an executable (build it first)" >&2; exit 2; }
# The checks run from inside each code base: the binary's path must not be relative.
cu2hip=$(cd "$(dirname "$cu2hip")" && pwd)/$(basename "$cu2hip")
command -v python3 >/dev/null || { echo "diag_precision.sh: needs python3" >&2; exit 2; }
if [ ! -d "$corpus" ]; then
  echo "diag_precision.sh: no corpus at $corpus; skipped" >&2
  exit 77
fi
corpus=$(cd "$corpus" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/diag_precision.XXXXXX")
[ "$keep" = 1 ] || trap 'rm -rf "$tmp"' EXIT

bases=()
for d in "$corpus"/*/; do
  name=$(basename "$d")
  bases+=("$name")
  # --fail-on never: the exit code says nothing about diagnostics; 2 or 3
  # (usage, I/O, internal error) would mean the figures are incomplete.
  (cd "$corpus" && nice -n 10 "$cu2hip" check --no-config --fail-on never --format jsonl \
     --output "$tmp/$name.jsonl" "${extra[@]}" "$name") 2>"$tmp/$name.err"
  rc=$?
  [ "$rc" = 0 ] || echo "diag_precision.sh: cu2hip check $name exited $rc (see $tmp/$name.err)" >&2
done

python3 - "$corpus" "$tmp" "$sample" "$count" "$seed" "${bases[@]}" <<'EOF'
import collections, json, random, sys

corpus, tmp, sample_path, count, seed = sys.argv[1:6]
count, seed = int(count), int(seed)
bases = sys.argv[6:]
graded = {"warp-size-literal", "warp-mask-32bit", "cooperative-groups-tile"}

per = collections.defaultdict(collections.Counter)  # check -> base -> n
pool = []
for b in bases:
    with open(f"{tmp}/{b}.jsonl", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            check = d.get("code", {}).get("value", "?")
            sev = d.get("severity", "?").lower()
            per[f"{check} ({sev})"][b] += 1
            if check in graded and sev in ("warning", "error"):
                pool.append(d)

w = max([len(k) for k in per] + [5])
print(f"{'check':<{w}} " + " ".join(f"{b:>12}" for b in bases) + f" {'total':>7}")
for k in sorted(per):
    row = per[k]
    print(f"{k:<{w}} " + " ".join(f"{row[b]:>12}" for b in bases) + f" {sum(row.values()):>7}")
tot = collections.Counter()
for row in per.values():
    tot.update(row)
print(f"{'all':<{w}} " + " ".join(f"{tot[b]:>12}" for b in bases) + f" {sum(tot.values()):>7}")

pool.sort(key=lambda d: (d["location"]["path"], d["location"]["range"]["start"]["line"],
                         d["location"]["range"]["start"]["column"], d["message"]))
rng = random.Random(seed)
picked = rng.sample(pool, min(count, len(pool)))
picked.sort(key=lambda d: (d["location"]["path"], d["location"]["range"]["start"]["line"]))
lines_of = {}
with open(sample_path, "w", encoding="utf-8") as out:
    out.write(f"# {len(picked)} of {len(pool)} warp/mask warnings, seed {seed}\n")
    out.write("# grade each: REAL (a problem on a 64-lane wavefront) or FALSE\n\n")
    for n, d in enumerate(picked, 1):
        loc = d["location"]
        path, line = loc["path"], loc["range"]["start"]["line"]
        if path not in lines_of:
            try:
                with open(f"{corpus}/{path}", encoding="utf-8", errors="replace") as f:
                    lines_of[path] = f.read().split("\n")
            except OSError:
                lines_of[path] = []
        src = lines_of[path]
        out.write(f"[{n}] {path}:{line}:{loc['range']['start']['column']} "
                  f"[{d['code']['value']}] {d['message']}\n")
        for s in d.get("suggestions", []):
            out.write(f"    suggestion: {s['text']!r}\n")
        for k in range(max(1, line - 3), min(len(src), line + 3) + 1):
            out.write(f"  {'>' if k == line else ' '} {k:5} | {src[k - 1]}\n")
        out.write("    grade: \n\n")
print(f"\nsample: {len(picked)} of {len(pool)} warp/mask warnings -> {sample_path}")
EOF
[ "$keep" = 1 ] && echo "reports kept in $tmp"
exit 0
