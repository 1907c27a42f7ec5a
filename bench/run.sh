#!/usr/bin/env bash
# Throughput benchmark: cu2hip against the bare cost of parsing the same
# files under the same flags -- with libclang in one process (parse_floor.c,
# the same parse cu2hip does) and with clang++-19 -fsyntax-only.
#
# usage: bench/run.sh [CU2HIP] [--files N] [--runs R] [--keep]
#
#   CU2HIP     the cu2hip binary             [default: build/cu2hip]
#   --files N  generated files in the corpus [default: 200]
#   --runs R   rounds; each times every variant once, best kept [default: 3]
#   --keep     keep the temporary directory (corpus, outputs, logs)
#
# A measurement, not a test: it exits 0 whatever the numbers are (2 only for
# bad arguments or a missing tool).
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

cu2hip="$root/build/cu2hip"
files=200
runs=3
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --files) files=${2:-}; shift 2 || { echo "run.sh: --files needs a value" >&2; exit 2; } ;;
    --files=*) files=${1#--files=}; shift ;;
    --runs) runs=${2:-}; shift 2 || { echo "run.sh: --runs needs a value" >&2; exit 2; } ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) cu2hip=$1; shift ;;
  esac
done
case "$files" in ''|*[!0-9]*) echo "run.sh: --files wants a number" >&2; exit 2 ;; esac
case "$runs" in ''|*[!0-9]*|0) echo "run.sh: --runs wants a number >= 1" >&2; exit 2 ;; esac

case "$cu2hip" in */*) ;; *) cu2hip=$(command -v "$cu2hip" || echo "$cu2hip") ;; esac
[ -x "$cu2hip" ] || { echo "run.sh: $cu2hip is not an executable (build it first)" >&2; exit 2; }
cu2hip=$(cd "$(dirname "$cu2hip")" && pwd)/$(basename "$cu2hip")
clangxx=${CLANGXX:-clang++-19}
command -v "$clangxx" >/dev/null || { echo "run.sh: $clangxx not found (set CLANGXX)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run.sh: python3 not found" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-bench.XXXXXX")
if [ "$keep" = 1 ]; then
  trap 'echo "kept $tmp"' EXIT
else
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 130' INT TERM
fi

# --- corpus -----------------------------------------------------------------
corpus=$tmp/corpus
mkdir -p "$corpus/examples"
cp "$root"/examples/*.cu "$corpus/examples/" 2>/dev/null
python3 "$here/gen_corpus.py" "$corpus/gen" --files "$files" >/dev/null ||
  { echo "run.sh: corpus generation failed" >&2; exit 2; }
mapfile -t srcs < <(find "$corpus" -type f -name '*.cu' | LC_ALL=C sort)
nfiles=${#srcs[@]}
nlines=$(cat "${srcs[@]}" | wc -l)

# --- parse-only shim, as cu2hip lays it out ------------------------------------
shimdir=$tmp/shim
mkdir -p "$shimdir/include"
cp "$root/src/front/shim/cu2hip_cuda_shim.h" "$shimdir/"
nstubs=0
for h in $(awk '
    /^headers:/ { inh = 1; next }
    inh && /^[^ \t#]/ { inh = 0 }
    inh && /^  [^ \t#][^:]*:/ { sub(/^  /, ""); sub(/:.*/, ""); gsub(/["'\'']/, ""); print }
  ' "$root"/rules/*.yaml | LC_ALL=C sort -u); do
  mkdir -p "$(dirname "$shimdir/include/$h")"
  printf '#include "%s/cu2hip_cuda_shim.h"\n' "$shimdir" >"$shimdir/include/$h"
  nstubs=$((nstubs + 1))
done
flags=(-x cuda --cuda-host-only -nocudalib --cuda-gpu-arch=sm_70 -std=c++17
       -Wno-unknown-cuda-version -nocudainc -include "$shimdir/cu2hip_cuda_shim.h"
       "-I$shimdir/include")

# --- timing helpers ---------------------------------------------------------------
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
  printf '  %-14s %9.3fs wall %9.3fs cpu\n' "$var" "$w" "$c" >&2
  local cw=wall_$var
  if [ -z "${!cw:-}" ] || awk -v a="$w" -v b="${!cw}" 'BEGIN { exit !(a < b) }'; then
    printf -v "wall_$var" '%s' "$w"
    printf -v "cpu_$var" '%s' "$c"
  fi
}

cu2hip_rc=0
run_cu2hip() {
  rm -rf "$tmp/out"
  "$cu2hip" -q -o "$tmp/out" "$corpus" >"$tmp/cu2hip.log" 2>&1
  cu2hip_rc=$?
}
floor_fail=0
run_floor_each() {
  local f
  floor_fail=0
  for f in "${srcs[@]}"; do
    "$clangxx" -fsyntax-only "${flags[@]}" "$f" >/dev/null 2>&1 || floor_fail=$((floor_fail + 1))
  done
}
lc_fail=
run_floor_libclang() {
  lc_fail=$("$tmp/parse_floor" "${srcs[@]}" -- "${flags[@]}" 2>/dev/null | awk '{ print $2 }')
}
run_floor_one() {
  "$clangxx" -fsyntax-only "${flags[@]}" "${srcs[@]}" >/dev/null 2>&1
  return 0
}

# --- in-process libclang floor (skipped if it does not build) -----------------------
have_lc=0
llvm_prefix=$(llvm-config-19 --prefix 2>/dev/null || echo /usr/lib/llvm-19)
if ${CC:-cc} -O2 -I"$llvm_prefix/include" "$here/parse_floor.c" -L"$llvm_prefix/lib" \
     -Wl,-rpath,"$llvm_prefix/lib" -lclang -o "$tmp/parse_floor" 2>"$tmp/parse_floor.log"; then
  have_lc=1
else
  echo "note: could not build bench/parse_floor.c against libclang; see below" >&2
  cat "$tmp/parse_floor.log" >&2
fi

echo "corpus: $nfiles files ($((nfiles - files)) examples + $files generated), $nlines lines; shim stubs: $nstubs headers" >&2
echo "timing: $runs rounds, variants interleaved in each round; best wall time kept:" >&2
for ((round = 1; round <= runs; round++)); do
  echo " round $round" >&2
  measure cu2hip run_cu2hip
  [ "$have_lc" = 1 ] && measure libclang run_floor_libclang
  measure clang_each run_floor_each
  measure clang_one run_floor_one
done

# --- peak RSS of one cu2hip run ---------------------------------------------------
rss_note=
timev=
if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
  timev=/usr/bin/time
fi
if [ -n "$timev" ]; then
  rm -rf "$tmp/out"
  "$timev" -v -o "$tmp/rss.txt" "$cu2hip" -q -o "$tmp/out" "$corpus" >/dev/null 2>&1
  rss_kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$tmp/rss.txt")
  [ -n "$rss_kb" ] && rss_note=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f MiB (%d KiB)", k / 1024, k }')
fi
[ -n "$rss_note" ] || rss_note="not measured (needs GNU time: apt-get install -y time)"

# --- report -----------------------------------------------------------------------
row() { # row LABEL WALL CPU
  awk -v l="$1" -v t="$2" -v c="$3" -v f="$nfiles" -v n="$nlines" 'BEGIN {
    if (t <= 0) t = 0.001
    printf "%-27s %5d %7d %8.2f %8.2f %8.2f %8.0f\n", l, f, n, t, c, f / t, n / t }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.2f", a / b }'; }

echo
printf '%-27s %5s %7s %8s %8s %8s %8s\n' "" files lines "wall s" "cpu s" files/s lines/s
row "cu2hip (1 process)" "$wall_cu2hip" "$cpu_cu2hip"
[ "$have_lc" = 1 ] && row "floor: libclang, 1 process" "$wall_libclang" "$cpu_libclang"
row "floor: clang++ per file" "$wall_clang_each" "$cpu_clang_each"
row "floor: clang++, all files" "$wall_clang_one" "$cpu_clang_one"
echo "(files/s and lines/s from wall time; cpu s = user+sys of the best-wall run)"
echo
echo "ratio cu2hip / floor, wall time (cpu time in brackets):"
[ "$have_lc" = 1 ] &&
  echo "  vs libclang, 1 process:    $(ratio "$wall_cu2hip" "$wall_libclang")  ($(ratio "$cpu_cu2hip" "$cpu_libclang"))   <- same parse and process model as cu2hip"
echo "  vs clang++ per file:       $(ratio "$wall_cu2hip" "$wall_clang_each")  ($(ratio "$cpu_cu2hip" "$cpu_clang_each"))"
echo "  vs clang++, all files:     $(ratio "$wall_cu2hip" "$wall_clang_one")  ($(ratio "$cpu_cu2hip" "$cpu_clang_one"))"
echo "cu2hip peak RSS: $rss_note"
echo "cu2hip exit status: $cu2hip_rc; files with parse errors: $floor_fail of $nfiles" \
     "(clang++)${lc_fail:+, $lc_fail (libclang)} -- errors mostly mean names the shim lacks"
echo "host: $(nproc 2>/dev/null || echo '?') cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), $("$clangxx" --version | head -1)"
exit 0
