#!/usr/bin/env bash
# Whole-project benchmark: cu2hip over a generated CUDA project with its
# compile_commands.json (cu2hip -q -o OUT -p TREE TREE) -- full runs on one
# and two threads, incremental re-runs, and the bare cost of parsing each
# file with clang++-19 under the same flags.
#
# usage: bench/project.sh [CU2HIP] [--files N] [--runs R] [--keep]
#
#   CU2HIP     the cu2hip binary                     [default: build/cu2hip]
#   --files N  CUDA files in the generated project   [default: 500]
#   --runs R   rounds; each times every variant once, best kept [default: 3]
#   --keep     keep the temporary directory (tree, outputs, logs)
#
# A measurement, not a test: it exits 0 whatever the numbers are (2 only for
# bad arguments or a missing tool).
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

cu2hip="$root/build/cu2hip"
files=500
runs=3
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --files) files=${2:-}; shift 2 || { echo "project.sh: --files needs a value" >&2; exit 2; } ;;
    --files=*) files=${1#--files=}; shift ;;
    --runs) runs=${2:-}; shift 2 || { echo "project.sh: --runs needs a value" >&2; exit 2; } ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    -*) echo "project.sh: unknown option $1" >&2; exit 2 ;;
    *) cu2hip=$1; shift ;;
  esac
done
case "$files" in ''|*[!0-9]*) echo "project.sh: --files wants a number" >&2; exit 2 ;; esac
[ "$files" -ge 10 ] || { echo "project.sh: --files wants a number >= 10" >&2; exit 2; }
case "$runs" in ''|*[!0-9]*|0) echo "project.sh: --runs wants a number >= 1" >&2; exit 2 ;; esac

case "$cu2hip" in */*) ;; *) cu2hip=$(command -v "$cu2hip" || echo "$cu2hip") ;; esac
[ -x "$cu2hip" ] || { echo "project.sh: $cu2hip is not an executable (build it first)" >&2; exit 2; }
cu2hip=$(cd "$(dirname "$cu2hip")" && pwd)/$(basename "$cu2hip")
clangxx=${CLANGXX:-clang++-19}
command -v "$clangxx" >/dev/null || { echo "project.sh: $clangxx not found (set CLANGXX)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "project.sh: python3 not found" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-project.XXXXXX")
tmp=$(cd "$tmp" && pwd -P) # real path: cu2hip and the floor name files by it
if [ "$keep" = 1 ]; then
  trap 'echo "kept $tmp"' EXIT
else
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 130' INT TERM
fi
mkdir -p "$tmp/logs"

# --- the project ------------------------------------------------------------------
tree=$tmp/tree
out=$tmp/out
python3 "$here/gen_project.py" "$tree" --files "$files" >"$tmp/gen.txt" ||
  { echo "project.sh: project generation failed" >&2; exit 2; }
gen_line=$(head -1 "$tmp/gen.txt")
read -r _ edit_rel edit_users < <(grep '^edit ' "$tmp/gen.txt")
edit_file=$tree/$edit_rel
cp "$edit_file" "$tmp/edit.orig"

# --- parse-only shim, as cu2hip lays it out (as in bench/run.sh) -------------------
shimdir=$tmp/shim
mkdir -p "$shimdir/include"
cp "$root/src/front/shim/cu2hip_cuda_shim.h" "$shimdir/"
for h in $(awk '
    /^headers:/ { inh = 1; next }
    inh && /^[^ \t#]/ { inh = 0 }
    inh && /^  [^ \t#][^:]*:/ { sub(/^  /, ""); sub(/:.*/, ""); gsub(/["'\'']/, ""); print }
  ' "$root"/rules/*.yaml | LC_ALL=C sort -u); do
  mkdir -p "$(dirname "$shimdir/include/$h")"
  printf '#include "%s/cu2hip_cuda_shim.h"\n' "$shimdir" >"$shimdir/include/$h"
done
# cu2hip's parser flags: these, then the file's flags, then the shim's.
pre_flags=(-x cuda --cuda-host-only -nocudalib --cuda-gpu-arch=sm_70 -std=c++17 -Wno-unknown-cuda-version)
post_flags=(-nocudainc -include "$shimdir/cu2hip_cuda_shim.h" "-I$shimdir/include")

# --- timing helpers (as in bench/run.sh) ------------------------------------------
# measure VAR CMD...: one timed run of CMD (a function run in this shell).  Keeps
# the best wall time in wall_VAR and the CPU time (user+sys of the children) of
# that same run in cpu_VAR.
measure() {
  local var=$1 w u s c
  shift
  local TIMEFORMAT='%R %U %S'
  { time "$@" >/dev/null 2>&1; } 2>"$tmp/time.txt"
  read -r w u s <"$tmp/time.txt"
  c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
  printf '  %-10s %9.3fs wall %9.3fs cpu%s\n' "$var" "$w" "$c" "${note:+   $note}" >&2
  local cw=wall_$var
  if [ -z "${!cw:-}" ] || awk -v a="$w" -v b="${!cw}" 'BEGIN { exit !(a < b) }'; then
    printf -v "wall_$var" '%s' "$w"
    printf -v "cpu_$var" '%s' "$c"
  fi
  note=
}
note=

# The timed cu2hip runs.  Full runs start from an empty OUT; re-runs keep OUT
# (and its .cu2hip-cache.json) and drop -q, so that the summary line says
# what was redone.  rc_VAR keeps each variant's last exit status.
run_full() { # run_full JOBS
  rm -rf "$out"
  "$cu2hip" -q -o "$out" -p "$tree" "$tree" --jobs "$1" >"$tmp/logs/full$1.log" 2>&1
  printf -v "rc_full$1" '%s' $?
}
run_again() { # run_again NAME
  "$cu2hip" -o "$out" -p "$tree" "$tree" --jobs 2 >"$tmp/logs/$1.log" 2>&1
  printf -v "rc_$1" '%s' $?
}
# summary NAME: "files redone, files up to date" from a re-run's summary line.
summary() {
  awk '/^cu2hip: / { line = $0 }
    END {
      t = c = r = 0
      if (match(line, /: [0-9]+ (translated|checked)/)) t = substr(line, RSTART + 2) + 0
      if (match(line, /, [0-9]+ copied/)) c = substr(line, RSTART + 2) + 0
      if (match(line, /, [0-9]+ up to date/)) r = substr(line, RSTART + 2) + 0
      if (line == "") print "? ?"; else print t + c, r
    }' "$tmp/logs/$1.log"
}
# outputs_newer NAME: outputs written by the last run (newer than the stamp).
outputs_newer() {
  find "$out" -type f ! -name .cu2hip-cache.json -newer "$tmp/stamp.$1" | wc -l
}

# --- the per-file floor: clang++ -fsyntax-only with each file's flags --------------
# Files: those cu2hip parsed (translated, with a source extension), taken from the
# cache of a first, untimed run (which also warms the page cache).  Flags: what cu2hip takes from compile_commands.json for the
# flags gen_project.py writes (-I resolved against "directory", itself resolved
# against the database's folder; -D, -U, -include in order; the last -std at the
# end); a file without an entry borrows the entry sharing the longest path prefix
# (ties: the smallest path), as cu2hip does.
rm -rf "$out"
"$cu2hip" -q -o "$out" -p "$tree" "$tree" --jobs 2 >"$tmp/logs/first.log" 2>&1
first_rc=$?
python3 - "$tree" "$out/.cu2hip-cache.json" >"$tmp/floor.tsv" 2>"$tmp/floor.err" <<'EOF'
import json, os, shlex, sys

tree, cache = sys.argv[1], sys.argv[2]
db_path = os.path.join(tree, "compile_commands.json")
db_dir = os.path.dirname(os.path.realpath(db_path))
exts = (".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".cxx", ".inl")
takes_value = {"-o", "-x", "-arch", "-code", "-gencode", "-Xcompiler", "-ccbin", "-MF", "-MT",
               "-Xptxas", "-Xlinker", "-Xclang", "-maxrregcount", "-rdc", "-t"}

def resolve(base, p):
    q = os.path.normpath(os.path.join(base, p))
    return os.path.realpath(q) if os.path.exists(q) else q

entries = []
for e in json.load(open(db_path)):
    d = resolve(db_dir, e["directory"])
    words = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    args, std, i = [], None, 1
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        for flag, kind in (("-isystem", "dir"), ("-iquote", "dir"), ("-idirafter", "dir"),
                           ("-I", "dir"), ("-D", "def"), ("-U", "def")):
            if w.startswith(flag):
                v = w[len(flag):] or nxt
                i += 0 if w[len(flag):] else 1
                args.append(flag + (resolve(d, v) if kind == "dir" else v))
                break
        else:
            if w.startswith("-std="):
                std = w[5:]
            elif w in ("-std", "--std"):
                std, i = nxt, i + 1
            elif w == "-include":
                f = resolve(d, nxt)
                args += ["-include", f if os.path.exists(f) else nxt]
                i += 1
            elif w in takes_value:
                i += 1
        i += 1
    if std:
        args.append("-std=" + std)
    entries.append((resolve(d, e["file"]), args))

def nearest(path):
    best, best_len = None, -1
    for f, args in entries:
        if f == path:
            return args
        k = len(os.path.commonprefix([f, path]))
        if k > best_len or (k == best_len and f < best[0]):
            best, best_len = (f, args), k
    return best[1] if best else []

done = json.load(open(cache))["files"]
for rel in sorted(done):
    if done[rel].get("kind") != "translated" or not rel.endswith(exts):
        continue
    path = os.path.realpath(os.path.join(tree, rel))
    print("\t".join([path] + nearest(path)))
EOF
[ -s "$tmp/floor.tsv" ] || { echo "project.sh: no parsed files found in the cache of a first run:" >&2
                             cat "$tmp/floor.err" "$tmp/logs/first.log" >&2; exit 2; }
mapfile -t floor_lines <"$tmp/floor.tsv"
nparsed=${#floor_lines[@]}
ntranslated=$(find "$tree" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) | wc -l)
nlines=$(find "$tree" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) -exec cat {} + | wc -l)

floor_fail=0
run_floor() {
  local line a f
  floor_fail=0
  for line in "${floor_lines[@]}"; do
    IFS=$'\t' read -r -a a <<<"$line"
    f=${a[0]}
    "$clangxx" -fsyntax-only "${pre_flags[@]}" "${a[@]:1}" "${post_flags[@]}" "$f" >/dev/null 2>&1 ||
      floor_fail=$((floor_fail + 1))
  done
}

# --- rounds -----------------------------------------------------------------------
echo "project: $gen_line" >&2
echo "parsed per file (floor): $nparsed files; edited header: $edit_rel (included by $edit_users sources)" >&2
echo "timing: $runs rounds, variants interleaved in each round; best wall time kept:" >&2
for ((round = 1; round <= runs; round++)); do
  echo " round $round" >&2
  measure full1 run_full 1
  measure full2 run_full 2
  touch "$tmp/stamp.again"
  measure again run_again again
  read -r again_redone again_reused < <(summary again)
  again_written=$(outputs_newer again)
  # mtime only: the cache goes by content, so nothing should be redone.
  touch "$edit_file"
  touch "$tmp/stamp.touch"
  measure touch run_again touch
  read -r touch_redone touch_reused < <(summary touch)
  # One more line in the header: its users and the header itself are redone.
  { cat "$tmp/edit.orig"; echo "// edited by bench/project.sh, round $round"; } >"$edit_file"
  touch "$tmp/stamp.edit"
  measure edit run_again edit
  read -r edit_redone edit_reused < <(summary edit)
  edit_written=$(outputs_newer edit)
  cp "$tmp/edit.orig" "$edit_file"
  note="($nparsed files)"
  measure floor run_floor
done

# --- peak RSS ---------------------------------------------------------------------
# peak_rss CMD...: "KIB STATUS", the peak resident set of CMD in KiB and its exit
# status (GNU time, else python's getrusage of its children).
timev=
if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
  timev=/usr/bin/time
fi
peak_rss() {
  if [ -n "$timev" ]; then
    "$timev" -v -o "$tmp/rss.txt" "$@" >/dev/null 2>&1
    local rc=$?
    echo "$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$tmp/rss.txt") $rc"
  else
    python3 -c 'import resource, subprocess, sys
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, rc)' "$@"
  fi
}
largest=$(find "$tree" -type f -name '*.cu' -printf '%s %p\n' | sort -k1,1nr -k2 | head -1 | cut -d' ' -f2-)
largest=$(realpath "$largest")
largest_lines=$(wc -l <"$largest")
largest_args=()
for line in "${floor_lines[@]}"; do
  IFS=$'\t' read -r -a a <<<"$line"
  [ "${a[0]}" = "$largest" ] && largest_args=("${a[@]:1}")
done
rm -rf "$out"
read -r rss_full2 rc_rss_full2 < <(peak_rss "$cu2hip" -q -o "$out" -p "$tree" "$tree" --jobs 2)
read -r rss_one rc_rss_one < <(peak_rss "$cu2hip" -q -p "$tree" "$largest")
read -r rss_clang _ < <(peak_rss "$clangxx" -fsyntax-only "${pre_flags[@]}" "${largest_args[@]}" "${post_flags[@]}" "$largest")
rss_how=${timev:+GNU time -v}
rss_how=${rss_how:-python getrusage}

# --- report -----------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.2f", a / b }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.6f", a / b }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.1f%%", 100 * a / b }'; }
mib() { awk -v k="$1" 'BEGIN { if (k == "") print "?"; else printf "%.1f MiB", k / 1024 }'; }
row() { # row LABEL WALL CPU FILES
  awk -v l="$1" -v t="$2" -v c="$3" -v f="$4" 'BEGIN {
    if (t <= 0) t = 0.001
    printf "%-34s %6d %8.2f %8.2f %8.2f\n", l, f, t, c, f / t }'
}
verdict() { # verdict VALUE TARGET (lower|higher)
  awk -v v="$1" -v t="$2" -v d="$3" 'BEGIN {
    ok = d == "higher" ? v >= t : v <= t; printf "%s", ok ? "meets" : "misses" }'
}

echo
echo "project: $gen_line"
echo "cu2hip -q -o OUT -p TREE TREE; $ntranslated CUDA files ($nparsed parsed), $nlines lines"
echo
printf '%-34s %6s %8s %8s %8s\n' "" files "wall s" "cpu s" files/s
row "full, --jobs 1" "$wall_full1" "$cpu_full1" "$ntranslated"
row "full, --jobs 2" "$wall_full2" "$cpu_full2" "$ntranslated"
row "unchanged re-run, --jobs 2" "$wall_again" "$cpu_again" "$ntranslated"
row "re-run, header touched (mtime)" "$wall_touch" "$cpu_touch" "$ntranslated"
row "re-run, header edited" "$wall_edit" "$cpu_edit" "$edit_redone"
row "floor: clang++ per file" "$wall_floor" "$cpu_floor" "$nparsed"
echo "(files/s from wall time; cpu s = user+sys of the best-wall run; re-runs: -q dropped for the summary line)"
echo
speedup=$(ratio "$wall_full1" "$wall_full2")
echo "1. --jobs 2 speed-up (wall, jobs 1 / jobs 2):    $speedup  target >= 1.8: $(verdict "$speedup" 1.8 higher)" \
     "  (cpu jobs 2 / jobs 1: $(ratio "$cpu_full2" "$cpu_full1"))"
again_frac=$(awk -v a="$wall_again" -v b="$wall_full2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.4f", a / b }')
echo "2. unchanged re-run / full --jobs 2 (wall):      $(pct "$wall_again" "$wall_full2")  target <= 2%: $(verdict "$again_frac" 0.02 lower)" \
     "  (cpu $(pct "$cpu_again" "$cpu_full2"))"
echo "   up to date: $again_reused; redone: $again_redone; outputs rewritten: $again_written" \
     "-- $([ "$again_redone" = 0 ] && echo "all files up to date" || echo "NOT all up to date")"
echo "   header touched, same bytes: redone $touch_redone, up to date $touch_reused"
echo "3. re-run after editing $edit_rel: $(printf '%.2f' "$wall_edit") s wall," \
     "$(pct "$wall_edit" "$wall_full2") of full --jobs 2"
echo "   redone: $edit_redone (expected $((edit_users + 1)): its $edit_users users and itself);" \
     "outputs rewritten: $edit_written; per redone file $(ratio "$(div "$wall_edit" "$edit_redone")" \
     "$(div "$wall_full2" "$ntranslated")") x the full run's wall time per file"
cu_pf=$(div "$cpu_full1" "$nparsed")
cl_pf=$(div "$cpu_floor" "$nparsed")
pf=$(ratio "$cu_pf" "$cl_pf")
echo "4. cpu per file, cu2hip --jobs 1 / clang++:      $pf  target <= 1.3: $(verdict "$pf" 1.3 lower)" \
     "  ($(printf '%.3f' "$cu_pf") s / $(printf '%.3f' "$cl_pf") s; wall ratio $(ratio "$wall_full1" "$wall_floor"))"
echo "5. peak RSS ($rss_how): full --jobs 2 $(mib "$rss_full2") = $(ratio "$rss_full2" "$rss_one") x the largest file alone;"
echo "   largest file alone (${largest#"$tree"/}, $largest_lines lines) $(mib "$rss_one")" \
     "= $(ratio "$rss_one" "$rss_clang") x clang++ -fsyntax-only on it ($(mib "$rss_clang"))"
echo "cu2hip exit status: first run $first_rc, full --jobs 1 ${rc_full1:-?}, --jobs 2 ${rc_full2:-?}," \
     "re-runs ${rc_again:-?}/${rc_touch:-?}/${rc_edit:-?}, peak RSS runs ${rc_rss_full2:-?}/${rc_rss_one:-?};" \
     "files with parse errors: $floor_fail of $nparsed (clang++)"
echo "host: $(nproc 2>/dev/null || echo '?') cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), $("$clangxx" --version | head -1)"
awk -v l="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)" -v n="$(nproc 2>/dev/null || echo 0)" 'BEGIN {
  if (n > 0 && l > n) print "note: load average above the core count: the wall times (the speed-up above all) say little; trust the cpu figures" }'
exit 0
